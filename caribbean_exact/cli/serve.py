"""``caribbean-exact serve``: the player's page on a local web server, and a JSON API for programs.

Built on bottle (the optional extra ``pip install "caribbean-exact[web]"``): one WSGI application,
on 127.0.0.1 unless ``--host`` names another address (then a one-line warning). The page is the
folder ``caribbean-exact page --out`` writes (``cli.page.files()``, the same bytes): it counts in the
browser with the core compiled to WebAssembly and needs no API; it fetches nothing from the internet,
and the server writes nothing.

A DNS-rebinding guard: a request whose Host header names neither the address served nor localhost
(nor, when served on every address, a numeric address) is answered 403 (a page of another site
that a DNS name was pointed at this server cannot read it). A request without Host (HTTP/1.0
from a program) is answered.

The API, every answer JSON (bad input: status 400 and ``{"error": "..."}``):

- ``GET /api/ev?hand=As+Kd+7h+4c+2s&up=Qh`` (also ``dead``, ``dealer``, ``paytable``, ``qualifier``,
  ``ante``, ``max_payout``): exactly the JSON of ``caribbean-exact ev ... --format json``.
- ``GET /api/rules``: the built-in pay tables, the qualifiers offered, the trainer's strategies and focuses.
- ``GET /api/deal?seed=5&number=1&focus=close``: a trainer's situation ``number`` of ``seed``
  (one deal per request: ``trainer.deal_number``).
- ``GET /api/grade?hand=...&up=...&answer=raise&strategy=...``: one answer graded, as a hand of
  ``train --format json``, with the trainer's verdict as ``verdict``.

Every error is JSON too (400, 403, 404, 405, 414, 431, 500, 503). Parameters are read as UTF-8. At most
``CONNECTIONS`` connections are served at once (more: 503 at once), the API's work runs on
``WORKERS`` threads and a request waits at most ``TIME_LIMIT`` seconds for it (then 503); a connection
idle for ``IDLE`` seconds is closed.
"""

from __future__ import annotations

import concurrent.futures
import ipaddress
import json
import socket
import sys
import threading
from collections.abc import Callable
from socketserver import ThreadingMixIn
from typing import Any, TextIO
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from ..engine.recent import Recent
from ..errors import CaribbeanError, UsageError
from ..model.rules import Rules, builtin_paytables
from ..play.odds import ev
from ..play.trainer import Trainee, deal_number, deal_of, grade, parse_focus
from ..render.json_schema import stamped_text
from ..render.play import game as render_game
from ..render.play import trainer as render_trainer
from ..strategy.strategies import BUILTIN
from ..strategy.trainee import trainee
from . import page as static_page

#: The qualifiers the page offers (any other can be typed into the API), and the trainer's focuses.
QUALIFIERS = static_page.QUALIFIERS
FOCUSES = static_page.FOCUSES
#: The address served unless ``--host`` says otherwise.
LOOPBACK = "127.0.0.1"
#: The highest trainer situation the API deals (a session of the page is shorter).
MAX_NUMBER = 10_000
#: Connections served at once, threads for the API's work, seconds a request waits for its answer,
#: seconds a connection may stay idle, and the listen queue.
CONNECTIONS = 16
WORKERS = 2
TIME_LIMIT = 10.0
IDLE = 10.0
QUEUE = 64


#: The content type of each file of the page.
CONTENT_TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
                 ".webmanifest": "application/manifest+json", ".svg": "image/svg+xml"}


def page() -> bytes:
    """The page (``index.html`` of ``cli.page.files()``)."""
    return static_page.files()["index.html"]


def is_loopback(host: str) -> bool:
    """Whether ``host`` is this machine only: localhost or an address of 127.0.0.0/8 or ::1."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _ip_literal(name: str) -> bool:
    try:
        ipaddress.ip_address(name.strip("[]"))
    except ValueError:
        return False
    return True


def host_allowed(header: str | None, bound: str) -> bool:
    """The DNS-rebinding guard: whether a request with Host ``header`` may be answered by a server
    bound to ``bound``. The name (the port aside) must be the address bound, localhost, a loopback
    address when one is bound, or any numeric address when every address is (0.0.0.0, ::); no Host
    (HTTP/1.0 from a program, never a browser) is allowed.

    >>> host_allowed("127.0.0.1:8000", "127.0.0.1"), host_allowed("localhost:8000", "127.0.0.1")
    (True, True)
    >>> host_allowed("evil.example:8000", "127.0.0.1"), host_allowed("192.168.1.9:80", "0.0.0.0")
    (False, True)
    """
    if header is None:
        return True
    name = header.strip().lower()
    if name.startswith("["):  # [::1]:8000
        name = name[: name.find("]") + 1] if "]" in name else name
    elif name.count(":") == 1:
        name = name.split(":", 1)[0]
    name = name.rstrip(".")
    bound = bound.lower()
    if name in ("localhost", bound, f"[{bound}]"):
        return True
    if is_loopback(bound) and is_loopback(name):
        return True
    return bound in ("0.0.0.0", "::", "") and _ip_literal(name)


def _bottle() -> Any:
    try:
        import bottle  # noqa: PLC0415 (the optional web extra: loaded by this command only)
    except ImportError:
        raise UsageError('serve: needs bottle, the web extra: pip install "caribbean-exact[web]"') from None
    return bottle


def _param(q: Any, name: str) -> str | None:
    """The parameter ``name`` decoded as UTF-8 (WSGI hands it over as Latin-1), None when absent."""
    raw = q.get(name)
    if raw is None:
        return None
    try:
        return str(raw).encode("latin-1").decode("utf-8")
    except UnicodeError:
        raise UsageError(f"{name}: not UTF-8 text") from None


def _rules(q: Any) -> Rules:
    return Rules.make(_param(q, "paytable") or None, _param(q, "qualifier") or None, _param(q, "ante") or None,
                      _param(q, "max_payout") or None)


def _need(q: Any, name: str) -> str:
    value = _param(q, name) or ""
    if not value.strip():
        raise UsageError(f"{name}: missing (give ?{name}=...)")
    return str(value)


def _number(q: Any, name: str, default: int, low: int, high: int) -> int:
    text = _param(q, name)
    if text in (None, ""):
        return default
    n = int(text) if text.isascii() and text.isdigit() and len(text) <= 20 else low - 1
    if not low <= n <= high:
        raise UsageError(f"{name} {text!r}: expected a whole number {low} to {high}")
    return n


def api_ev(q: Any) -> str:
    """``/api/ev``: the JSON of ``ev --format json``."""
    d = ev(_need(q, "hand"), _need(q, "up"), dead=_param(q, "dead") or None,
           dealer=_param(q, "dealer") or None, rules=_rules(q))
    return stamped_text("ev", render_game.decision(d, "json"))  # the command's document, its schema named


def api_rules(_q: Any) -> object:
    """``/api/rules``: the pay tables, qualifiers, focuses and strategies a trainer can choose."""
    return {"paytables": [{"name": name, "pays": [str(x) for x in t.pays], "short": t.short()}
                          for name, t in builtin_paytables().items()],
            "qualifiers": list(QUALIFIERS), "focuses": list(FOCUSES),
            "strategies": ["optimal", *(s.name for s in BUILTIN)]}


def api_deal(q: Any) -> object:
    """``/api/deal``: a trainer's situation ``number`` of ``seed``, one deal (not 1..number)."""
    rules = _rules(q)
    seed = _number(q, "seed", 1, 0, 2**63)
    n = _number(q, "number", 1, 1, MAX_NUMBER)
    d = deal_number(seed, n, parse_focus(_param(q, "focus")), rules)
    return {"number": d.number, "hand": " ".join(str(c) for c in d.hand), "up": str(d.up), "seed": seed}


#: The trainees of the rules asked lately (a bounded cache: a client varying the rules cannot grow it).
_trainees: Recent[tuple[str, Rules], Trainee] = Recent(16)
_trainees_lock = threading.Lock()


def api_grade(q: Any) -> object:
    """``/api/grade``: one answer graded, with the trainer's verdict."""
    rules = _rules(q)
    spec = _param(q, "strategy") or "optimal"
    if spec.strip().lower() not in {"optimal", *(s.name.lower() for s in BUILTIN)}:
        raise UsageError(f"strategy {spec!r}: expected optimal or a built-in strategy")
    with _trainees_lock:  # in memory only: the server writes nothing
        t = _trainees.get((spec, rules))
        if t is None:
            t = trainee(spec, rules)
            _trainees.put((spec, rules), t)
    act = _need(q, "answer").strip().lower()
    if act not in ("raise", "fold"):
        raise UsageError(f"answer {act!r}: expected raise or fold")
    g = grade(deal_of(_need(q, "hand"), _need(q, "up"), _number(q, "number", 1, 1, MAX_NUMBER)), act, rules, t)
    return render_trainer.hand_json(g) | {"verdict": render_trainer.verdict(g)}


API: dict[str, Callable[[Any], object]] = {"/api/ev": api_ev, "/api/rules": api_rules, "/api/deal": api_deal,
                                            "/api/grade": api_grade}


def error_json(message: str) -> str:
    """The body of every error answer: ``{"error": "..."}`` on one line."""
    return json.dumps({"error": " ".join(message.split())}, ensure_ascii=False)


_workers = concurrent.futures.ThreadPoolExecutor(WORKERS, thread_name_prefix="serve-api")


def make_app(time_limit: float | None = None, host: str = LOOPBACK) -> Any:
    """The WSGI application: the page and the API (each request's work waits at most ``time_limit``
    seconds, ``TIME_LIMIT`` by default, on the ``WORKERS`` threads), for a server bound to ``host``
    (the Host header is checked against it: ``host_allowed``)."""
    bottle = _bottle()
    app = bottle.Bottle()
    limit = TIME_LIMIT if time_limit is None else time_limit

    def guard() -> None:
        if not host_allowed(bottle.request.environ.get("HTTP_HOST"), host):
            raise bottle.HTTPResponse(
                error_json(f"Host {bottle.request.environ.get('HTTP_HOST')!r} is not this server's address: "
                           "open the page by its address (a DNS-rebinding guard)"),
                status=403, headers={"Content-Type": "application/json; charset=utf-8"})

    app.add_hook("before_request", guard)

    def answer(fn: Callable[[Any], object]) -> Callable[[], str]:
        def handler() -> str:
            bottle.response.content_type = "application/json; charset=utf-8"
            bottle.response.set_header("Cache-Control", "no-store")
            query = bottle.request.query
            job = _workers.submit(fn, query)
            try:
                out = job.result(timeout=limit)
            except CaribbeanError as e:
                bottle.response.status = 400
                return error_json(str(e))
            except concurrent.futures.TimeoutError:
                job.cancel()  # not started yet: never runs; started: its answer is dropped
                bottle.response.status = 503
                return error_json(f"busy: the answer took longer than the limit of {limit:g} s; try again")
            return out if isinstance(out, str) else json.dumps(out, ensure_ascii=False)
        return handler

    def static_file(name: str) -> Callable[[], bytes]:
        def handler() -> bytes:
            bottle.response.content_type = CONTENT_TYPES[name[name.rfind("."):]]
            bottle.response.set_header("Cache-Control", "no-cache")  # the service worker keeps it offline
            return static_page.files()[name]
        return handler

    def not_found(_err: object) -> str:
        bottle.response.content_type = "application/json; charset=utf-8"
        return error_json("not found: the page is at /, the API at " + ", ".join(API))

    def other_error(err: Any) -> str:  # 405 (not GET), 500 (a fault of ours): JSON, never bottle's HTML
        bottle.response.content_type = "application/json; charset=utf-8"
        if err.status_code == 405:
            return error_json(f"method {bottle.request.method} not allowed: the page and the API answer GET only")
        return error_json(f"{err.status_line}: the server could not answer this request")

    for path, fn in API.items():
        app.route(path, "GET", answer(fn))
    app.route("/", "GET", static_file("index.html"))
    for name in static_page.files():
        app.route(f"/{name}", "GET", static_file(name))
    app.error_handler[404] = not_found
    app.default_error_handler = other_error
    app.catchall = True
    return app


class _Server(ThreadingMixIn, WSGIServer):
    """A thread per connection, at most ``CONNECTIONS`` at once: one more is answered 503 at once."""

    daemon_threads = True
    request_queue_size = QUEUE

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._slots = threading.BoundedSemaphore(CONNECTIONS)

    def process_request(self, request: Any, client_address: Any) -> None:
        if not self._slots.acquire(blocking=False):
            _refuse(request, 503, "busy: too many connections at once; try again")
            self.shutdown_request(request)
            return
        super().process_request(request, client_address)

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._slots.release()

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that went away or stayed idle past ``IDLE``: closed without a traceback."""


def _refuse(sock: socket.socket, code: int, message: str) -> None:
    body = error_json(message).encode()
    head = (f"HTTP/1.0 {code} Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode()
    try:
        sock.settimeout(1.0)
        sock.sendall(head + body)
    except OSError:
        pass


class _Quiet(WSGIRequestHandler):
    timeout = IDLE  # a connection idle this long (no request line, no headers) is closed

    def log_message(self, format: str, *args: Any) -> None:
        """No line per request on the terminal."""

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:  # noqa: ARG002
        """The errors the HTTP layer answers itself (400, 414 request line too long, 431 too many or
        too long headers): JSON like every other error, never the standard library's HTML."""
        body = error_json(f"{code} {message or self.responses.get(code, ('',))[0]}").encode()
        self.send_response(code, message)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        if getattr(self, "command", "") != "HEAD" and code >= 200 and code not in (204, 304):
            self.wfile.write(body)


class _Server6(_Server):
    address_family = socket.AF_INET6


def server(port: int = 0, app: Any = None, host: str = LOOPBACK) -> WSGIServer:
    """The server on ``host`` (default 127.0.0.1; ``port`` 0: a free one; ``server.server_port``
    tells which)."""
    if not 0 <= port <= 65535:
        raise UsageError(f"serve: --port {port}: expected 0 to 65535 (0: a free port)")
    if not host or any(c.isspace() for c in host) or len(host) > 253:
        raise UsageError(f"serve: --host {host!r}: expected an address of this machine (127.0.0.1, ::1, 0.0.0.0)")
    bind = host.strip("[]")
    kind = _Server6 if ":" in bind else _Server
    try:
        return make_server(bind, port, app or make_app(host=bind), server_class=kind, handler_class=_Quiet)
    except OSError as e:
        on = "" if host == LOOPBACK else f" on --host {host}"
        raise UsageError(f"serve: --port {port}{on}: {e.strerror or e}") from None


def url_of(host: str, port: int) -> str:
    """The page's address for a server bound to ``host`` and ``port``."""
    bind = host.strip("[]")
    return f"http://[{bind}]:{port}/" if ":" in bind else f"http://{bind}:{port}/"


def serve(port: int, out: TextIO, host: str = LOOPBACK, err: TextIO | None = None) -> str:
    """Serve until interrupted; says where on ``out`` first (and on ``err``, in one line, that the
    page is open to other machines when ``host`` is not a loopback address)."""
    s = server(port, host=host)
    if not is_loopback(host.strip("[]")):
        (err or sys.stderr).write(f"warning: serving on {host}: other machines on the network can open the page "
                                  "and the API\n")
    out.write(f"serving the page on {url_of(host, s.server_port)} (Ctrl-C stops it)\n")
    out.flush()
    try:
        s.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        s.server_close()
    return "stopped"
