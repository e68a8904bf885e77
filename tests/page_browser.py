"""What the browser tests of the player's page share (tests/cli/test_page.py and
tests/cli/test_page_switching.py; tests/cli/conftest.py hands them the fixtures): Debian's Chromium
driven by selenium through /usr/bin/chromedriver, the page delivered by ``serve``, by the folder of
``page --out`` on a plain static host that can be stopped, and from ``file://``; reading the page's
answers and the command line's. ``WHY`` says what is missing (empty: nothing); each test file skips
on it off CI and fails in CI (``skip_or_fail_module``, ``tools``)."""

import contextlib
import functools
import http.server
import io
import json
import os
import shutil
import socket
import threading
from contextlib import redirect_stdout
from fractions import Fraction
from pathlib import Path

import pytest
from needs import in_ci, missing

import caribbean_exact as ce
from caribbean_exact.cli import main, serve
from caribbean_exact.render.play import game as render_game
from caribbean_exact.render.text import dec

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
#: What the browser tests need and this machine lacks ("": nothing).
WHY = ""
if not (os.path.exists(CHROMIUM) and os.path.exists(DRIVER)):
    WHY = "needs Debian's chromium and chromium-driver (apt-get install chromium chromium-driver)"
try:
    import bottle  # noqa: F401
    from selenium import webdriver
except ImportError:
    WHY = WHY or "needs bottle and selenium (the browser extra)"


def skip_or_fail_module():
    """Off CI, a test file of the page skips whole when a tool is missing (in CI each test fails in
    ``tools``)."""
    if WHY and not in_ci():
        pytest.skip(WHY, allow_module_level=True)


@pytest.fixture
def tools():
    """In CI a missing tool is each test's failure, not a silent skip (each browser test file uses it:
    ``pytest.mark.usefixtures("tools")``)."""
    if WHY:
        missing(WHY)


if not WHY:  # (in CI without them each test fails in tools(), not the whole file at its collection)
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import Select, WebDriverWait
else:
    Service = By = ec = Select = WebDriverWait = None  # type: ignore[assignment,misc]


FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage")
HANDS = 200
PHONE = (390, 844)
DESKTOP = (1280, 900)


@pytest.fixture(scope="module")
def base():
    """The page delivered by ``serve``."""
    s = serve.server(0)
    threading.Thread(target=s.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{s.server_port}"
    s.shutdown()
    s.server_close()


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """The folder ``page --out`` writes."""
    out = tmp_path_factory.mktemp("page") / "phone"
    with redirect_stdout(io.StringIO()):
        assert main(["page", "--out", str(out)]) == 0
    return out


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass

    def copyfile(self, source, outputfile):
        data = source.read()
        self.server.sent += len(data)  # the bytes of the files sent (the first load's size)
        outputfile.write(data)


class _Tracked(http.server.ThreadingHTTPServer):
    """Keeps its connections, so that stopping it cuts them too (the browser opens some ahead of its
    requests: a stopped server's thread would still answer on one)."""

    def __init__(self, *args):
        super().__init__(*args)
        self.connections = set()
        self.sent = 0

    def process_request(self, request, client_address):
        self.connections.add(request)
        super().process_request(request, client_address)


class StaticHost:
    """A plain static web server of the folder (any static host), on 127.0.0.1, that can be stopped."""

    def __init__(self, root):
        handler = functools.partial(_Quiet, directory=str(root))
        self.server = _Tracked(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()
        for conn in self.server.connections:
            with contextlib.suppress(OSError):
                conn.shutdown(socket.SHUT_RDWR)


@pytest.fixture(scope="module")
def static_host(folder):
    host = StaticHost(folder)
    yield host
    host.stop()


@pytest.fixture(scope="module")
def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    folder = Path(os.environ.get("PAGE_SHOTS") or tmp_path_factory.mktemp("shots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def measured(shots, **figures):
    """Adds figures to $PAGE_SHOTS/measured.json (the README's numbers come from there)."""
    path = shots / "measured.json"
    data = json.loads(path.read_text()) if path.exists() else {}
    data.update(figures)
    path.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")


def wait(driver, condition, seconds=30):
    return WebDriverWait(driver, seconds).until(condition)


def load(driver, url, size=PHONE):
    """Open the page at ``size``: a phone's screen (390x844 CSS pixels, a mobile viewport) or a window."""
    if size == PHONE:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": size[0], "height": size[1],
                                                                      "deviceScaleFactor": 1, "mobile": True})
    else:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        driver.set_window_size(*size)
    driver.get(url)
    wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "1")
    assert driver.find_element(By.ID, "error").text == ""


def tap(driver, *cards):
    for c in cards:
        driver.find_element(By.ID, f"card-{c}").click()


#: One hand set up in one round trip: clear, pick the pay table and qualifier (as a change of each
#: list), tap the cards (each a click event on its button): the page's handlers run as for a finger.
SET_AND_TAP = """const [table, qualifier, cards] = arguments;
document.getElementById("clear").click();
for (const [id, value] of [["paytable", table], ["qualifier", qualifier]]) {
  const s = document.getElementById(id);
  if (s.value !== value) { s.value = value; s.dispatchEvent(new Event("change", {bubbles: true})); }
}
for (const c of cards) document.getElementById("card-" + c).click();"""


def set_and_tap(driver, table, qualifier, cards):
    """``SET_AND_TAP`` in the page: one WebDriver command a hand instead of nine."""
    driver.execute_script(SET_AND_TAP, table, qualifier, list(cards))


READ = """return Object.fromEntries(["decision", "ev-raise", "ev-fold", "margin", "ev-raise-dec", "ev-fold-dec",
  "margin-dec", "why"].map((k) => [k, document.getElementById(k).textContent]).concat(
  [["shown", !document.getElementById("answer").hidden], ["error", document.getElementById("error").textContent],
   ["ms", window.answerTimes.length ? window.answerTimes[window.answerTimes.length - 1] : null]]));"""


def shown_answer(driver):
    wait(driver, ec.visibility_of_element_located((By.ID, "answer")))
    return driver.execute_script(READ)


def cli_ev(hand, up, paytable="standard", qualifier="AK"):
    """What ``caribbean-exact ev HAND --up UP --paytable P --qualifier Q --format json`` prints."""
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["ev", hand, "--up", up, "--paytable", paytable, "--qualifier", qualifier,
                     "--format", "json"]) == 0
    return json.loads(out.getvalue())


def expected(doc):
    """The page's fields for an ``ev --format json`` answer (the decimals and why as the CLI's text)."""
    d = ce.ev(doc["hand"], doc["up"], paytable=doc["rules"]["paytable"], qualifier=doc["rules"]["qualifier"])
    assert str(d.ev_raise) == doc["ev_raise"] and str(d.margin) == doc["margin"]
    return {"decision": doc["decision"].upper(), "ev-raise": doc["ev_raise"], "ev-fold": doc["ev_fold"],
            "margin": doc["margin"], "ev-raise-dec": dec(d.ev_raise), "ev-fold-dec": dec(d.ev_fold),
            "margin-dec": dec(d.margin), "why": "why: " + render_game.reason(d)}


SWITCH_READ = """const rows = (id) => [...document.querySelectorAll("#" + id + " tr[data-ev]")].map((r) => ({
  discard: r.dataset.discard, fee: r.dataset.fee, ev: r.dataset.ev, decision: r.dataset.decision,
  raise: r.dataset.raise, replacements: r.dataset.replacements, exact: r.querySelector(".exact").textContent,
  dec: r.querySelector(".dec").textContent, then: r.querySelector(".then").textContent,
  best: r.classList.contains("best"), rank: Number(r.dataset.rank)}));
const sw = document.getElementById("switching");
return {title: document.getElementById("sw-title").textContent, best: document.getElementById("sw-best").textContent,
  shown: rows("sw-table"), rest: rows("sw-rest"), key: sw.dataset.key, state: sw.dataset.state, hidden: sw.hidden,
  decision: document.getElementById("decision").textContent, error: document.getElementById("error").textContent,
  times: window.switchTimes};"""

#: The page's schedules and the ``--switch-fees`` of each.
SCHEDULES = {"one-card": "1", "linear": "1,2,3,4,5", "peaked": "1,2,3,2,1"}


def switch_answer(driver, key):
    """The page's switching answer once it is the answer for ``key`` (hand|up|pay table|qualifier|schedule)."""
    wait(driver, lambda d: d.execute_script(
        "const s = document.getElementById('switching'); return s.dataset.state === 'done' && s.dataset.key;") == key,
        120)
    return driver.execute_script(SWITCH_READ)


def cli_text(*argv):
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(list(argv)) == 0
    return out.getvalue()


def expected_switching(hand, up, fees, table="standard", qualifier="AK"):
    """Every option of ``ev HAND --up UP --switch-fees FEES --format json``, best first, as the page's rows,
    and the best line of the command's text (``--wide``: one line)."""
    argv = ["ev", hand, "--up", up, "--switch-fees", fees, "--paytable", table, "--qualifier", qualifier]
    doc = json.loads(cli_text(*argv, "--format", "json"))
    rows = []
    for o in doc["switch"]:
        ev = Fraction(o["ev"])
        then = (f"raise after {o['raise_replacements']:,} of {o['replacements']:,}" if o["decision"] == "depends"
                else o["decision"])
        rows.append({"discard": " ".join(o["discard"]), "fee": o["fee"], "ev": o["ev"], "decision": o["decision"],
                     "raise": str(o["raise_replacements"]), "replacements": str(o["replacements"]),
                     "exact": o["ev"], "dec": dec(ev), "then": then})
    best = next(line for line in cli_text(*argv, "--wide").splitlines() if line.startswith("best: "))
    return rows, best


def page_rows(got):
    """The page's options, best first (its order: ``data-rank``), checking what it shows at once: the
    best five (the best marked) and standing, every other option under "every option"."""
    rows = sorted(got["shown"] + got["rest"], key=lambda r: r["rank"])
    assert [r["rank"] for r in rows] == list(range(len(rows)))
    stand = next(r["rank"] for r in rows if r["discard"] == "")
    assert [r["rank"] for r in got["shown"]] == sorted({*range(min(5, len(rows))), stand})
    assert [r["best"] for r in rows] == [True] + [False] * (len(rows) - 1)
    return [{k: v for k, v in r.items() if k not in ("best", "rank")} for r in rows]


def page_deal(driver, after=None):
    """The trainer's hand and up card shown (when ``after`` is given: once it is another hand)."""
    def dealt(d):
        box = d.find_element(By.ID, "t-cards")
        hand = box.get_attribute("data-hand")
        return (hand, box.get_attribute("data-up")) if hand and hand != after else False
    return wait(driver, dealt)


def start_trainer(driver, seed, focus="any"):
    driver.find_element(By.ID, "tab-train").click()
    seed_box = driver.find_element(By.ID, "t-seed")
    seed_box.clear()
    seed_box.send_keys(str(seed))
    Select(driver.find_element(By.ID, "t-focus")).select_by_value(focus)
    driver.find_element(By.ID, "t-start").click()
    return page_deal(driver)
