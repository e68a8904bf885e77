"""``caribbean-exact serve``: the JSON API the page uses, over real HTTP on 127.0.0.1 (needs bottle)."""

import json
import threading
import urllib.error
import urllib.request

import pytest
from needs import missing

from caribbean_exact.cli import main, serve


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
    assert status == 200 and json.loads(body) == {"number": 3, "hand": "4h 3s 7s 9h 5s", "up": "8c", "seed": 5}
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
