"""``caribbean-exact serve``: the JSON API the page uses, over real HTTP on 127.0.0.1 (needs bottle)."""

import json
import threading
import urllib.error
import urllib.request

import pytest
from needs import missing

from caribbean_exact.cli import main, serve
from caribbean_exact.play import trainer


def test_without_the_web_extra_serve_says_what_to_install(capsys, monkeypatch):
    monkeypatch.setitem(__import__("sys").modules, "bottle", None)  # as if bottle were not installed
    assert main(["serve"]) == 2
    assert capsys.readouterr().err == 'error: serve: needs bottle, the web extra: pip install "caribbean-exact[web]"\n'


@pytest.fixture(scope="module")
def base():
    try:
        import bottle  # noqa: F401
    except ImportError:
        missing("bottle (the web extra; the test extra has it)")
    s = serve.server(0)
    t = threading.Thread(target=s.serve_forever, daemon=True)
    t.start()
    yield f"http://127.0.0.1:{s.server_port}"
    s.shutdown()
    s.server_close()


def get(url):
    try:
        with urllib.request.urlopen(url, timeout=30) as r:
            return r.status, r.headers.get("Content-Type"), r.read().decode("utf-8")
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("Content-Type"), e.read().decode("utf-8")


def test_api_ev_is_the_json_of_ev(base, capsys):
    for query, argv in [("hand=As+Kd+7h+4c+2s&up=Qh", ["As Kd 7h 4c 2s", "--up", "Qh"]),
                        ("hand=Ac+Ad+7h+4c+2s&up=Qh&dead=Kc&qualifier=pair&paytable=live-dealer",
                         ["Ac Ad 7h 4c 2s", "--up", "Qh", "--dead", "Kc", "--qualifier", "pair",
                          "--paytable", "live-dealer"])]:
        status, kind, body = get(f"{base}/api/ev?{query}")
        assert main(["ev", *argv, "--format", "json"]) == 0
        assert status == 200 and kind.startswith("application/json")
        assert body + "\n" == capsys.readouterr().out
    doc = json.loads(get(f"{base}/api/ev?hand=As+Kd+7h+4c+2s&up=Qh")[2])
    assert doc["ev_raise"] == "-12773/10879" and doc["decision"] == "fold"


def test_bad_input_answers_400_with_an_error(base):
    for query, message in [("hand=As+Kd+7h+4c&up=Qh", "hand 'As Kd 7h 4c': expected 5 cards, got 4"),
                           ("up=Qh", "hand: missing (give ?hand=...)"),
                           ("hand=As+Kd+7h+4c+2s&up=As", "card As is given in the hand and the up card"),
                           ("hand=As+Kd+7h+4c+2s&up=Qh&paytable=nosuch", "nosuch")]:
        status, kind, body = get(f"{base}/api/ev?{query}")
        assert status == 400 and kind.startswith("application/json")
        assert message in json.loads(body)["error"]
    status, _, body = get(f"{base}/nothing-here")
    assert status == 404 and "not found" in json.loads(body)["error"]


def test_the_trainer_api(base):
    status, _, body = get(f"{base}/api/deal?seed=5&number=3")
    d = trainer.deal_number(5, 3)
    want = {"number": 3, "hand": " ".join(map(str, d.hand)), "up": str(d.up), "seed": 5}
    assert status == 200 and json.loads(body) == want and json.loads(get(f"{base}/api/deal?seed=5&number=3")[2]) == want
    status, _, body = get(f"{base}/api/grade?hand=4h+3s+7s+9h+5s&up=8c&answer=raise&number=3")
    g = json.loads(body)
    assert status == 200 and g["best"] == "fold" and g["cost"] == "14358/54395" and not g["right"]
    assert g["verdict"].startswith("wrong: the best play is FOLD; RAISE costs 14358/54395 = 0.263958 antes")
    g = json.loads(get(f"{base}/api/grade?hand=Ac+Kd+Qh+Js+2c&up=5h&answer=fold&strategy=pair+or+better")[2])
    assert g["right"] and not g["optimal"] and g["verdict"].startswith("right for pair or better (FOLD), but not")
    assert get(f"{base}/api/grade?hand=4h+3s+7s+9h+5s&up=8c&answer=maybe")[0] == 400
    assert get(f"{base}/api/deal?seed=x")[0] == 400


def test_rules_and_the_page(base):
    r = json.loads(get(f"{base}/api/rules")[2])
    assert r["paytables"][0]["name"] == "standard" and "AK" in r["qualifiers"] and "close" in r["focuses"]
    status, kind, body = get(f"{base}/")
    assert status == 200 and kind.startswith("text/html")
    assert "<title>Caribbean Stud: exact odds</title>" in body
    assert "http://" not in body and "https://" not in body  # no asset from the internet


def test_a_port_in_use_is_a_one_line_error(base, capsys):
    port = int(base.rsplit(":", 1)[1])
    assert main(["serve", "--port", str(port)]) == 2
    assert "serve: --port" in capsys.readouterr().err
    assert main(["serve", "--port", "70000"]) == 2


def test_the_focus_of_the_page_trainer(base):
    for n in (1, 2, 3):
        d = json.loads(get(f"{base}/api/deal?seed=3&number={n}&focus=ak")[2])
        ranks = {c[0] for c in d["hand"].split()}
        assert {"A", "K"} <= ranks and len(ranks) == 5
        assert json.loads(get(f"{base}/api/deal?seed=3&number={n}&focus=up%3DQ")[2])["up"][0] == "Q"
    assert get(f"{base}/api/deal?seed=3&focus=far")[0] == 400


def test_one_deal_per_request(monkeypatch):
    # the page asked for deal N and the server dealt 1..N (number=10000&focus=close: 13 s of CPU);
    # now deal N is drawn on its own: the same number of evaluations for N = 1 and N = 10,000
    calls = []
    real = trainer.ev
    monkeypatch.setattr(trainer, "ev", lambda *a, **k: calls.append(1) or real(*a, **k))
    for n in (1, 10_000):
        calls.clear()
        d = trainer.deal_number(7, n, trainer.parse_focus("close"))
        assert d.number == n and len(calls) == trainer.CLOSE_CANDIDATES
    assert trainer.deal_number(7, 2) != trainer.deal_number(7, 3)  # each number its own hand
    for focus, check in [("ak", lambda d: {12, 11} <= {c.rank for c in d.hand}),
                         ("up=Q", lambda d: d.up.rank == 10)]:
        assert all(check(trainer.deal_number(3, n, trainer.parse_focus(focus))) for n in (1, 500, 10_000))
    for bad in (-1, True, 1.5):
        with pytest.raises(trainer.InvalidRules):
            trainer.deal_number(bad, 1)


def raw(base, request):
    import socket
    host, port = base.rsplit("/", 1)[1].split(":")
    with socket.create_connection((host, int(port)), timeout=30) as s:
        s.sendall(request)
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split()[1]), head.decode("latin-1"), body


def test_every_error_is_json(base):
    cases = [(b"POST /api/ev HTTP/1.0\r\nContent-Length: 0\r\n\r\n", 405, "method POST not allowed"),
             (b"GET /" + b"a" * 70_000 + b" HTTP/1.0\r\n\r\n", 414, "414"),
             (b"GET / HTTP/1.0\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(150)) + b"\r\n", 431, "431"),
             (b"GET / HTTP/1.0\r\nX: " + b"a" * 70_000 + b"\r\n\r\n", 431, "431"),
             (b"GET /nothing HTTP/1.0\r\n\r\n", 404, "not found")]
    for request, code, message in cases:
        status, head, body = raw(base, request)
        assert status == code and "application/json" in head, (code, head)
        assert message in json.loads(body)["error"]


def test_a_fault_of_ours_is_json_500(monkeypatch):
    pytest.importorskip("bottle")
    monkeypatch.setitem(serve.API, "/api/rules", lambda _q: 1 / 0)
    s = serve.server(0)
    threading.Thread(target=s.serve_forever, daemon=True).start()
    try:
        status, kind, body = get(f"http://127.0.0.1:{s.server_port}/api/rules")
        assert status == 500 and kind.startswith("application/json") and "500" in json.loads(body)["error"]
    finally:
        s.shutdown()
        s.server_close()


def test_parameters_are_utf8(base):
    # ante=%D9%A3 is the Arabic-Indic digit three: it was decoded as Latin-1 ('Ù£')
    status, _, body = get(f"{base}/api/ev?hand=As+Kd+7h+4c+2s&up=Qh&ante=%D9%A3")
    assert status == 400 and "\u0663" in json.loads(body)["error"] and "Ù" not in body
    status, _, body = get(f"{base}/api/grade?hand=As+Kd+7h+4c+2s&up=Qh&answer=raise&strategy=caf%C3%A9")
    assert status == 400 and "café" in json.loads(body)["error"]
    status, _, body = get(f"{base}/api/ev?hand=%FF&up=Qh")
    assert status == 400 and json.loads(body)["error"] == "hand: not UTF-8 text"
    for number in ("%D9%A3", "+3", "1" * 30):
        assert get(f"{base}/api/deal?seed=1&number={number}")[0] == 400


def test_idle_connections_are_closed_and_work_is_bounded(monkeypatch):
    import socket
    import time
    pytest.importorskip("bottle")
    monkeypatch.setattr(serve._Quiet, "timeout", 0.5)
    monkeypatch.setattr(serve, "CONNECTIONS", 2)
    release = threading.Event()
    monkeypatch.setitem(serve.API, "/api/rules", lambda _q: release.wait(5) and {"slow": True})
    s = serve.server(0, serve.make_app(time_limit=0.5))
    threading.Thread(target=s.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{s.server_port}"
    try:
        idle = socket.create_connection(("127.0.0.1", s.server_port))
        start = time.monotonic()
        assert idle.recv(1) == b""  # closed by the server after the idle time, no request sent
        assert time.monotonic() - start < 5
        # a request whose work outlasts the limit is answered 503 (JSON) at the limit
        start = time.monotonic()
        status, _, body = get(f"{base}/api/rules")
        assert status == 503 and "limit of 0.5 s" in json.loads(body)["error"] and time.monotonic() - start < 4
        # its work ends and its slot is free again (else it holds a slot for up to 5 s on a loaded machine)
        release.set()
        deadline = time.monotonic() + 10
        while s._slots._value < 2 and time.monotonic() < deadline:
            time.sleep(0.02)
        # two connections held open: a third is refused at once with 503
        held = [socket.create_connection(("127.0.0.1", s.server_port)) for _ in range(2)]
        deadline = time.monotonic() + 10  # both accepted (a sleep of 0.1 s was too short on a loaded machine)
        while s._slots._value and time.monotonic() < deadline:
            time.sleep(0.02)
        status, _, body = raw(base, b"GET /api/rules HTTP/1.0\r\n\r\n")
        assert status == 503 and "too many connections" in json.loads(body)["error"]
        for h in held:
            h.close()
        idle.close()
    finally:
        release.set()
        s.shutdown()
        s.server_close()


def get_with_host(base, path, host):
    request = f"GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode()
    status, head, body = raw(base, request)
    return status, head, body


def test_the_page_is_the_folder_page_writes(base):
    from caribbean_exact.cli import page

    files = page.files()
    for name, kind in [("index.html", "text/html"), ("sw.js", "text/javascript"),
                       ("manifest.webmanifest", "application/manifest+json"), ("icon.svg", "image/svg+xml")]:
        with urllib.request.urlopen(f"{base}/{name}", timeout=30) as r:
            assert r.status == 200 and r.headers["Content-Type"].startswith(kind), name
            assert r.read() == files[name], name
    with urllib.request.urlopen(f"{base}/", timeout=30) as r:
        assert r.read() == files["index.html"]


def test_the_host_header_must_name_this_server(base):
    port = int(base.rsplit(":", 1)[1])
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", "localhost", f"LOCALHOST:{port}", f"[::1]:{port}"):
        status, _, body = get_with_host(base, "/api/rules", host)
        assert status == 200 and "paytables" in json.loads(body), host
    for host in (f"evil.example:{port}", "attacker.test", f"127.0.0.1.evil.example:{port}", f"192.168.1.9:{port}"):
        for path in ("/", "/api/rules", "/sw.js", "/nothing"):
            status, head, body = get_with_host(base, path, host)
            assert status == 403 and "application/json" in head, (host, path)
            assert "DNS-rebinding guard" in json.loads(body)["error"]


def test_host_allowed():
    allowed = serve.host_allowed
    assert allowed(None, "127.0.0.1")  # no Host: HTTP/1.0 from a program, never a browser
    assert allowed("127.0.0.1", "127.0.0.1") and allowed("localhost.:80", "127.0.0.1")
    assert allowed("[::1]:8000", "::1") and allowed("localhost", "::1") and not allowed("[::2]:80", "::1")
    assert allowed("10.0.0.7:8000", "10.0.0.7") and not allowed("10.0.0.8:8000", "10.0.0.7")
    assert allowed("192.168.1.9:8000", "0.0.0.0") and not allowed("rebind.example:8000", "0.0.0.0")
    assert not allowed("", "127.0.0.1") and not allowed("127.0.0.1@evil.example", "127.0.0.1")


def test_host_other_than_loopback_warns_in_one_line(monkeypatch, capsys):
    pytest.importorskip("bottle")
    bound = []

    class Fake:
        server_port = 8123

        def serve_forever(self):
            raise KeyboardInterrupt

        def server_close(self):
            pass

    monkeypatch.setattr(serve, "server", lambda port, host: bound.append((port, host)) or Fake())
    assert main(["serve", "--host", "0.0.0.0", "--port", "8123"]) == 0
    out, err = capsys.readouterr()
    assert bound == [(8123, "0.0.0.0")] and "serving the page on http://0.0.0.0:8123/" in out
    assert err.count("\n") == 1 and err.startswith("warning: serving on 0.0.0.0: other machines")
    assert main(["serve", "--host", "127.0.0.1", "--port", "8123"]) == 0
    assert capsys.readouterr().err == ""
    assert main(["serve"]) == 0 and bound[-1] == (0, "127.0.0.1")  # the default: this machine only


def test_a_bad_host_is_a_one_line_error(capsys):
    pytest.importorskip("bottle")
    assert main(["serve", "--host", "no such host!"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "serve: --host" in err
