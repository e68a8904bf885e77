"""The player's page in a real headless browser: Debian's Chromium driven by selenium through
/usr/bin/chromedriver. The page counts in the browser with the package's C core compiled to
WebAssembly; these tests check it against the library and the command line:

- 200 seeded random hands, every pay table and qualifier: the page's decision, exact EVs, margin,
  decimals and why against ``ev --format json`` (and the median time from the last tap to the frame
  that shows the answer);
- Oasis switching, one hand: 50 seeded random hands for each fee schedule the page offers, every
  option (discard, fee, exact EV, decimal, decision after the draw) against ``ev --switch-fees F
  --format json`` and the best line against ``ev --switch-fees F --wide`` (and the median time from
  the last tap to the frame that shows the switching answer, per schedule);
- the trainer: its verdicts and tally against ``trainer.grade`` and the trainer's own text, its
  focuses, and the "close" deal as the closest of its candidates;
- the two deliveries: the folder of ``page --out`` on a plain static server and from ``file://``, and
  ``serve``; offline: after the first load the server is stopped and the page still loads and answers;
- screenshots at phone (390x844) and desktop sizes into $PAGE_SHOTS (default: a temporary folder),
  and the figures measured into $PAGE_SHOTS/measured.json.

Skipped without chromium, chromedriver, selenium or bottle on a developer's machine; in CI a failure."""

import contextlib
import functools
import http.server
import io
import json
import os
import random
import shutil
import socket
import statistics
import threading
from contextlib import redirect_stdout
from fractions import Fraction
from pathlib import Path

import pytest
from needs import in_ci, missing

import caribbean_exact as ce

pytestmark = [pytest.mark.slow, pytest.mark.browser]

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
WHY = ""
if not (os.path.exists(CHROMIUM) and os.path.exists(DRIVER)):
    WHY = "needs Debian's chromium and chromium-driver (apt-get install chromium chromium-driver)"
try:
    import bottle  # noqa: F401
    from selenium import webdriver
except ImportError:
    WHY = WHY or "needs bottle and selenium (the browser extra)"
if WHY and not in_ci():
    pytest.skip(WHY, allow_module_level=True)


@pytest.fixture(autouse=True)
def _tools():
    if WHY:
        missing(WHY)  # in CI: a failure, not a silent skip

if not WHY:  # (in CI without them each test fails in _tools, not the whole file at its collection)
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import Select, WebDriverWait

from caribbean_exact.cli import main, page, serve  # noqa: E402
from caribbean_exact.play.trainer import deal_of, grade  # noqa: E402
from caribbean_exact.render.play import game as render_game  # noqa: E402
from caribbean_exact.render.play import trainer as render_trainer  # noqa: E402
from caribbean_exact.render.text import dec  # noqa: E402

FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage")
HANDS = 200
SWITCH_HANDS = 50
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


def test_tap_cards_and_read_the_answer(browser, base, shots):
    load(browser, base + "/")
    tap(browser, "As", "Kd", "7h", "4c", "2s", "Qh")
    got = shown_answer(browser)
    tops = {browser.find_element(By.ID, f"slot-{i}").rect["y"] for i in range(6)}
    assert len(tops) == 1, "the five cards and the up card are in one row"
    width = browser.execute_script("return document.documentElement.scrollWidth")
    assert width <= PHONE[0], "nothing wider than the phone's screen"
    assert got["decision"] == "FOLD" and got["ev-raise"] == "-12773/10879" and got["ev-fold"] == "-1"
    assert {k: got[k] for k in expected(cli_ev("As Kd 7h 4c 2s", "Qh"))} == expected(cli_ev("As Kd 7h 4c 2s", "Qh"))
    assert got["why"] == ("why: the dealer fails to qualify in 45.65% of deals (your ante wins, the raise pushes); "
                          "when she qualifies you win 0.00%, tie 0.00% and lose 100.00%")
    browser.save_screenshot(str(shots / "phone-ask.png"))
    # another hand: untap the ace of spades and the up card, tap the ace of clubs and diamonds, then the up card
    tap(browser, "Qh", "As", "Kd", "Ac", "Ad", "Qh")
    wait(browser, lambda d: d.find_element(By.ID, "decision").text == "RAISE")
    assert browser.find_element(By.ID, "ev-raise").text == str(ce.ev("7h 4c 2s Ac Ad", "Qh").ev_raise)
    # the qualifier and the pay table are chosen on the page: the answer follows at once
    Select(browser.find_element(By.ID, "qualifier")).select_by_value("pair")
    want = str(ce.ev("7h 4c 2s Ac Ad", "Qh", qualifier="pair").ev_raise)
    wait(browser, lambda d: d.find_element(By.ID, "ev-raise").text == want)
    Select(browser.find_element(By.ID, "paytable")).select_by_value("live-dealer")
    want = str(ce.ev("7h 4c 2s Ac Ad", "Qh", qualifier="pair", paytable="live-dealer").ev_raise)
    wait(browser, lambda d: d.find_element(By.ID, "ev-raise").text == want)
    browser.find_element(By.ID, "clear").click()
    wait(browser, ec.invisibility_of_element_located((By.ID, "answer")))


def test_200_random_hands_every_pay_table_and_qualifier(browser, static_host, shots):
    """The page's answer is ``ev --format json``'s, for 200 seeded random hands spread over every
    pay table and qualifier the page offers (each pair at least ten times)."""
    load(browser, static_host.url)
    tables = [o.get_attribute("value") for o in Select(browser.find_element(By.ID, "paytable")).options]
    qualifiers = [o.get_attribute("value") for o in Select(browser.find_element(By.ID, "qualifier")).options]
    assert tables == list(ce.builtin_paytables()) and qualifiers == list(page.QUALIFIERS)
    rng = random.Random(35)
    deck = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    combos = [(t, q) for q in qualifiers for t in tables]
    times, seen, decisions = [], set(), set()
    for i in range(HANDS):
        cards = rng.sample(deck, 6)
        table, qualifier = combos[i % len(combos)]
        browser.find_element(By.ID, "clear").click()
        Select(browser.find_element(By.ID, "paytable")).select_by_value(table)
        Select(browser.find_element(By.ID, "qualifier")).select_by_value(qualifier)
        tap(browser, *cards)
        got = shown_answer(browser)
        want = expected(cli_ev(" ".join(cards[:5]), cards[5], table, qualifier))
        assert {k: got[k] for k in want} == want, (cards, table, qualifier)
        assert got["error"] == ""
        times.append(got["ms"])
        seen.add((table, qualifier))
        decisions.add(want["decision"])
    assert seen == set(combos) and decisions >= {"RAISE", "FOLD"}
    median = statistics.median(times)
    measured(shots, answers=HANDS, median_ms_tap_to_answer=round(median, 1), max_ms_tap_to_answer=round(max(times), 1))
    print(f"\npage: {HANDS} answers, median {median:.1f} ms from the last tap to the frame that shows it, "
          f"max {max(times):.1f} ms")


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


@pytest.mark.parametrize("name", list(SCHEDULES))
def test_switching_answers_every_schedule(browser, static_host, shots, name):
    """Oasis switching of one hand, counted in the browser by the core's cs_switch: for 50 seeded random
    hands, spread over the pay tables and qualifiers, every option the fees allow (standing, 5 or 31
    discard sets) as ``ev --switch-fees`` prints it, best first; schedules of more than two cards say
    "counting..." first."""
    load(browser, static_host.url)
    choices = [o.get_attribute("value") for o in Select(browser.find_element(By.ID, "switch-fees")).options]
    assert choices == list(page.SWITCH_SCHEDULES) == ["none", *SCHEDULES]
    Select(browser.find_element(By.ID, "switch-fees")).select_by_value(name)
    browser.execute_script(
        "window.swStates = []; new MutationObserver(() => window.swStates.push("
        "document.getElementById('switching').dataset.state)).observe(document.getElementById('switching'), "
        "{attributes: true, attributeFilter: ['data-state']});")
    rng = random.Random(f"switch {name}")
    deck = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    tables = list(ce.builtin_paytables())
    combos = [(t, q) for q in page.QUALIFIERS for t in tables]
    times, best_kinds = [], set()
    for i in range(SWITCH_HANDS):
        cards = rng.sample(deck, 6)
        table, qualifier = combos[(i * 7) % len(combos)]
        browser.find_element(By.ID, "clear").click()
        Select(browser.find_element(By.ID, "paytable")).select_by_value(table)
        Select(browser.find_element(By.ID, "qualifier")).select_by_value(qualifier)
        before = browser.execute_script("window.swStates = []; return window.switchTimes.length;")
        tap(browser, *cards)
        hand, up = " ".join(cards[:5]), cards[5]
        got = switch_answer(browser, "|".join([hand, up, table, qualifier, name]))
        want, best = expected_switching(hand, up, SCHEDULES[name], table, qualifier)
        assert got["error"] == "" and not got["hidden"]
        assert page_rows(got) == want, (cards, table, qualifier)
        assert len(want) == {"one-card": 6, "linear": 32, "peaked": 32}[name]
        assert got["best"] == best, (cards, table, qualifier)
        stand = next(r for r in want if r["discard"] == "")
        assert got["decision"] == stand["decision"].upper()  # the plain answer is standing's
        states = browser.execute_script("return window.swStates;")
        if name != "one-card":
            assert states[0] == "counting" and states[-1] == "done", states
        last = [t for t in got["times"][before:] if t["key"] == got["key"]]
        assert len(last) == 1, got["times"][before:]
        times.append(last[0]["ms"])
        best_kinds.add("stand" if want[0]["discard"] == "" else "switch")
    assert best_kinds == {"stand", "switch"}
    fees = SCHEDULES[name]
    assert got["title"] == ("Oasis switching, fee in antes 1 for 1 card" if name == "one-card" else
                            f"Oasis switching, fees in antes {fees} for 1, 2, 3, 4, 5 cards")
    median = statistics.median(times)
    measured(shots, **{f"switch_{name}_answers": SWITCH_HANDS, f"switch_{name}_median_ms": round(median, 1),
                       f"switch_{name}_max_ms": round(max(times), 1)})
    print(f"\npage, switching {fees}: {SWITCH_HANDS} answers, median {median:.1f} ms from the last tap to the "
          f"frame that shows them, max {max(times):.1f} ms")


def test_switching_on_a_phone(browser, base, shots):
    """``serve``'s page on a phone's screen: the switching answer fits its width, the plain answer says it
    is standing's, and "none" takes the switching away."""
    load(browser, base + "/")
    Select(browser.find_element(By.ID, "switch-fees")).select_by_value("peaked")
    tap(browser, "As", "Ks", "Qs", "Js", "2d", "5h")
    got = switch_answer(browser, "As Ks Qs Js 2d|5h|standard|AK|peaked")
    rows, best = expected_switching("As Ks Qs Js 2d", "5h", "1,2,3,2,1")
    assert page_rows(got) == rows and got["best"] == best
    assert best == ("best: switch 2d (EV 2.802072 per ante, fee included); then raise after 42 of 46 "
                    "replacements")
    assert browser.find_element(By.ID, "answer-head").text == "if you keep your five cards:"
    width = browser.execute_script("return document.documentElement.scrollWidth")
    assert width <= PHONE[0], "nothing wider than the phone's screen"
    table = browser.find_element(By.ID, "sw-table")
    assert table.rect["x"] + table.rect["width"] <= PHONE[0], "the options fit the screen, not scrolled sideways"
    browser.execute_script("document.getElementById('answer').scrollIntoView({block: 'start'});")
    browser.save_screenshot(str(shots / "phone-switch.png"))
    # every option: the 31 discard sets and standing
    browser.find_element(By.ID, "sw-more-label").click()
    assert browser.find_element(By.ID, "sw-more-label").text == "every option (32)"
    Select(browser.find_element(By.ID, "switch-fees")).select_by_value("none")
    wait(browser, ec.invisibility_of_element_located((By.ID, "switching")))
    assert not browser.find_element(By.ID, "answer-head").is_displayed()
    assert browser.find_element(By.ID, "decision").text == "RAISE"


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


def test_the_trainer_in_the_browser(browser, base, shots):
    load(browser, base + "/")
    hand, up = start_trainer(browser, 5)
    lost, mistakes, hands = Fraction(0), 0, []
    for n in range(1, 11):
        d = ce.ev(hand, up)
        answer = ("fold" if d.decision == "raise" else "raise") if n % 2 else ("raise" if d.decision == "raise"
                                                                               else "fold")
        browser.find_element(By.ID, f"t-{answer}").click()
        verdict = wait(browser, ec.visibility_of_element_located((By.ID, "t-verdict"))).text
        g = grade(deal_of(hand, up, n), answer)
        assert verdict == render_trainer.verdict(g), (hand, up, answer)
        lost += g.cost
        mistakes += not g.right
        hands.append((hand, up))
        tally = browser.find_element(By.ID, "t-tally").text
        assert tally == f"hands {n}, mistakes {mistakes}, EV lost {lost} antes ({dec(lost / n)} per hand)"
        if n == 1:
            assert not g.right and verdict.startswith(f"wrong: the best play is {d.decision.upper()}")
            browser.save_screenshot(str(shots / "phone-train.png"))
        browser.find_element(By.ID, "t-next").click()
        hand, up = page_deal(browser, after=hand)
    assert len(set(hands)) == 10  # each number its own deal
    assert mistakes == 5
    # the same seed deals the same hands
    assert start_trainer(browser, 5) == hands[0]


def test_the_trainer_focuses(browser, static_host):
    load(browser, static_host.url)
    for focus, check in [("ak", lambda h, u: {"A", "K"} <= {c[0] for c in h.split()}
                          and ce.ev(h, u).player_hand_name == "high card"),
                         ("up=K", lambda _h, u: u[0] == "K"), ("up=T", lambda _h, u: u[0] == "T")]:
        hand, up = start_trainer(browser, 11, focus)
        for _ in range(5):
            assert check(hand, up), (focus, hand, up)
            browser.find_element(By.ID, "t-fold").click()
            browser.find_element(By.ID, "t-next").click()
            hand, up = page_deal(browser, after=hand)
    # close: the deal is the candidate of smallest |margin| (the core deals the twelve candidates)
    hand, up = start_trainer(browser, 11, "close")
    candidates = browser.execute_script(
        "return [...Array(12).keys()].map((k) => core.deal(11n, 1, k, -1)).map((d) => [d.hand.join(' '), d.up]);")
    margins = [abs(ce.ev(h, u).margin) for h, u in candidates]
    assert len(set(map(tuple, candidates))) == 12
    assert [hand, up] == candidates[margins.index(min(margins))]


def test_offline_after_the_first_load(browser, folder, shots):
    """From a static host: once loaded, the service worker keeps the page; the host is stopped and
    the page still opens and answers (no network at all)."""
    host = StaticHost(folder)
    try:
        load(browser, host.url)
        wait(browser, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-offline") == "1")
        browser.refresh()  # now the service worker controls the page
        wait(browser, lambda d: d.execute_script("return !!navigator.serviceWorker.controller"))
        first_load = host.server.sent  # the page, and the service worker keeping every file
        assert first_load < 1_000_000
        measured(shots, first_load_bytes=first_load, folder_bytes=sum(len(v) for v in page.files().values()),
                 wasm_bytes=len((Path(page.__file__).parent / "static" / "caribbean.wasm").read_bytes()))
    finally:
        host.stop()
    probe = ("const done = arguments[arguments.length - 1];"
             "fetch('manifest.webmanifest?x=' + Math.random(), {cache: 'no-store'}).then(() => done('ok'))"
             ".catch(() => done('no network'));")
    outside = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch('/not-kept-' + Math.random()).then(() => done('answered')).catch(() => done('no network'));")
    assert outside == "no network", "the host is stopped: nothing but the kept files can load"
    assert browser.execute_async_script(probe) == "ok"  # a kept file, from the service worker
    load(browser, host.url)  # the page itself, with the server gone
    tap(browser, "Ah", "Kh", "Qh", "Jh", "Th", "2c")
    got = shown_answer(browser)
    assert got["decision"] == "RAISE" and got["ev-raise"] == str(ce.ev("Ah Kh Qh Jh Th", "2c").ev_raise)
    assert "offline" in browser.find_element(By.ID, "status").text
    # Oasis switching too, with no network: the core in the kept page counts it
    Select(browser.find_element(By.ID, "switch-fees")).select_by_value("one-card")
    tap(browser, "Ah", "2c", "Qs", "2c")
    switched = switch_answer(browser, "Kh Qh Jh Th Qs|2c|standard|AK|one-card")
    assert page_rows(switched) == expected_switching("Kh Qh Jh Th Qs", "2c", "1")[0]
    browser.find_element(By.ID, "tab-train").click()
    hand, up = start_trainer(browser, 8)
    browser.find_element(By.ID, "t-raise").click()
    verdict = wait(browser, ec.visibility_of_element_located((By.ID, "t-verdict"))).text
    assert verdict == render_trainer.verdict(grade(deal_of(hand, up), "raise"))


def test_opened_from_the_folder_itself(browser, folder):
    """file://: no server and no service worker; the core and the rules are inside index.html."""
    load(browser, (folder / "index.html").as_uri())
    tap(browser, "9s", "9d", "Kc", "5h", "3d", "Jc")
    got = shown_answer(browser)
    assert {k: got[k] for k in expected(cli_ev("9s 9d Kc 5h 3d", "Jc"))} == expected(cli_ev("9s 9d Kc 5h 3d", "Jc"))
    Select(browser.find_element(By.ID, "switch-fees")).select_by_value("one-card")
    switched = switch_answer(browser, "9s 9d Kc 5h 3d|Jc|standard|AK|one-card")
    assert page_rows(switched) == expected_switching("9s 9d Kc 5h 3d", "Jc", "1")[0]


def test_desktop_size(browser, base, shots):
    load(browser, base + "/", DESKTOP)
    tap(browser, "Ah", "Kh", "Qh", "Jh", "Th", "2c")
    got = shown_answer(browser)
    assert got["decision"] == "RAISE" and got["ev-raise"] == str(ce.ev("Ah Kh Qh Jh Th", "2c").ev_raise)
    browser.save_screenshot(str(shots / "desktop-ask.png"))
    start_trainer(browser, 5)
    browser.find_element(By.ID, "t-raise").click()
    wait(browser, ec.visibility_of_element_located((By.ID, "t-verdict")))
    browser.save_screenshot(str(shots / "desktop-train.png"))
