"""``caribbean-exact serve``: a local web page for players, and the JSON API it uses.

Built on bottle (the optional extra ``pip install "caribbean-exact[web]"``): one WSGI application,
served on 127.0.0.1 only. The page (``cli/static/index.html``, packaged) fetches nothing from the
internet; the server writes nothing (the trainer's state lives in the page).

The API, every answer JSON (bad input: status 400 and ``{"error": "..."}``):

- ``GET /api/ev?hand=As+Kd+7h+4c+2s&up=Qh`` (also ``dead``, ``dealer``, ``paytable``, ``qualifier``,
  ``ante``, ``max_payout``): exactly the JSON of ``caribbean-exact ev ... --format json``.
- ``GET /api/rules``: the built-in pay tables, the qualifiers offered, the trainer's strategies and focuses.
- ``GET /api/deal?seed=5&number=1&focus=close``: the trainer's situation ``number`` of ``seed``.
- ``GET /api/grade?hand=...&up=...&answer=raise&strategy=...``: one answer graded, as a hand of
  ``train --format json``, with the trainer's verdict as ``verdict``.
"""

from __future__ import annotations

import importlib.resources
import itertools
import json
import threading
from collections.abc import Callable
from socketserver import ThreadingMixIn
from typing import Any, TextIO
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from ..errors import CaribbeanError, UsageError
from ..model.rules import Rules, builtin_paytables
from ..play.odds import ev
from ..play.trainer import Trainee, deal_of, deals, grade, parse_focus
from ..render.play import game as render_game
from ..render.play import trainer as render_trainer
from ..strategy.strategies import BUILTIN
from ..strategy.trainee import trainee

#: The qualifiers the page offers (any other can be typed into the API).
QUALIFIERS = ("AK", "pair", "44", "AKJ83", "none")
FOCUSES = ("any", "close", "ak", *(f"up={r}" for r in "AKQJT98765432"))
#: The highest trainer situation the API deals (a session of the page is shorter).
MAX_NUMBER = 10_000


def page() -> bytes:
    """The page, from the package's static files."""
    return importlib.resources.files("caribbean_exact.cli").joinpath("static/index.html").read_bytes()


def _bottle() -> Any:
    try:
        import bottle  # noqa: PLC0415 (the optional web extra: loaded by this command only)
    except ImportError:
        raise UsageError('serve: needs bottle, the web extra: pip install "caribbean-exact[web]"') from None
    return bottle


def _rules(q: Any) -> Rules:
    return Rules.make(q.get("paytable") or None, q.get("qualifier") or None, q.get("ante") or None,
                      q.get("max_payout") or None)


def _need(q: Any, name: str) -> str:
    value = q.getunicode(name) or ""
    if not value.strip():
        raise UsageError(f"{name}: missing (give ?{name}=...)")
    return str(value)


def _number(q: Any, name: str, default: int, low: int, high: int) -> int:
    text = q.get(name)
    if text in (None, ""):
        return default
    try:
        n = int(text)
    except ValueError:
        n = low - 1
    if not low <= n <= high:
        raise UsageError(f"{name} {text!r}: expected a whole number {low} to {high}")
    return n


def api_ev(q: Any) -> str:
    """``/api/ev``: the JSON of ``ev --format json``."""
    d = ev(_need(q, "hand"), _need(q, "up"), dead=q.getunicode("dead") or None,
           dealer=q.getunicode("dealer") or None, rules=_rules(q))
    return render_game.decision(d, "json")


def api_rules(_q: Any) -> object:
    """``/api/rules``: what the page offers to choose."""
    return {"paytables": [{"name": name, "pays": [str(x) for x in t.pays], "short": t.short()}
                          for name, t in builtin_paytables().items()],
            "qualifiers": list(QUALIFIERS), "focuses": list(FOCUSES),
            "strategies": ["optimal", *(s.name for s in BUILTIN)]}


def api_deal(q: Any) -> object:
    """``/api/deal``: the trainer's situation ``number`` of ``seed``."""
    rules = _rules(q)
    seed = _number(q, "seed", 1, 0, 2**63)
    n = _number(q, "number", 1, 1, MAX_NUMBER)
    d = next(itertools.islice(deals(seed, parse_focus(q.get("focus")), rules), n - 1, None))
    return {"number": d.number, "hand": " ".join(str(c) for c in d.hand), "up": str(d.up), "seed": seed}


_trainees: dict[tuple[str, Rules], Trainee] = {}
_trainees_lock = threading.Lock()


def api_grade(q: Any) -> object:
    """``/api/grade``: one answer graded, with the trainer's verdict."""
    rules = _rules(q)
    spec = q.getunicode("strategy") or "optimal"
    if spec.strip().lower() not in {"optimal", *(s.name.lower() for s in BUILTIN)}:
        raise UsageError(f"strategy {spec!r}: expected optimal or a built-in strategy")
    with _trainees_lock:  # in memory only: the server writes nothing
        t = _trainees.get((spec, rules))
        if t is None:
            t = _trainees[(spec, rules)] = trainee(spec, rules)
    act = _need(q, "answer").strip().lower()
    if act not in ("raise", "fold"):
        raise UsageError(f"answer {act!r}: expected raise or fold")
    g = grade(deal_of(_need(q, "hand"), _need(q, "up"), _number(q, "number", 1, 1, MAX_NUMBER)), act, rules, t)
    return render_trainer.hand_json(g) | {"verdict": render_trainer.verdict(g)}


API: dict[str, Callable[[Any], object]] = {"/api/ev": api_ev, "/api/rules": api_rules, "/api/deal": api_deal,
                                            "/api/grade": api_grade}


def make_app() -> Any:
    """The WSGI application: the page and its API."""
    bottle = _bottle()
    app = bottle.Bottle()

    def answer(fn: Callable[[Any], object]) -> Callable[[], str]:
        def handler() -> str:
            bottle.response.content_type = "application/json; charset=utf-8"
            bottle.response.set_header("Cache-Control", "no-store")
            try:
                out = fn(bottle.request.query)
            except CaribbeanError as e:
                bottle.response.status = 400
                return json.dumps({"error": " ".join(str(e).split())}, ensure_ascii=False)
            return out if isinstance(out, str) else json.dumps(out, ensure_ascii=False)
        return handler

    def index() -> bytes:
        bottle.response.content_type = "text/html; charset=utf-8"
        return page()

    def not_found(_err: object) -> str:
        bottle.response.content_type = "application/json; charset=utf-8"
        return json.dumps({"error": "not found: the page is at /, the API at " + ", ".join(API)})

    for path, fn in API.items():
        app.route(path, "GET", answer(fn))
    app.route("/", "GET", index)
    app.error_handler[404] = not_found
    return app


class _Server(ThreadingMixIn, WSGIServer):
    daemon_threads = True


class _Quiet(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """No line per request on the terminal."""


def server(port: int = 0, app: Any = None) -> WSGIServer:
    """The server on 127.0.0.1 (``port`` 0: a free one; ``server.server_port`` tells which)."""
    if not 0 <= port <= 65535:
        raise UsageError(f"serve: --port {port}: expected 0 to 65535 (0: a free port)")
    try:
        return make_server("127.0.0.1", port, app or make_app(), server_class=_Server, handler_class=_Quiet)
    except OSError as e:
        raise UsageError(f"serve: --port {port}: {e.strerror}") from None


def serve(port: int, out: TextIO) -> str:
    """Serve until interrupted; says where on ``out`` first."""
    s = server(port)
    out.write(f"serving the page on http://127.0.0.1:{s.server_port}/ (Ctrl-C stops it)\n")
    out.flush()
    try:
        s.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        s.server_close()
    return "stopped"
