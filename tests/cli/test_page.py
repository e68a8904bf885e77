"""The player's page in a real headless browser: Debian's Chromium driven by selenium through
/usr/bin/chromedriver. The page counts in the browser with the package's C core compiled to
WebAssembly; these tests check it against the library and the command line:

- 200 seeded random hands, every pay table and qualifier: the page's decision, exact EVs, margin,
  decimals and why against ``ev --format json`` (and the median time from the last tap to the frame
  that shows the answer);
- Oasis switching, one hand: on a phone's screen, offline and from ``file://``, against ``ev
  --switch-fees F --format json`` (tests/cli/test_page_switching.py: 50 random hands per fee schedule,
  a file of its own so that CI's two workers run it beside this one);
- the trainer: its verdicts and tally against ``trainer.grade`` and the trainer's own text, its
  focuses, and the "close" deal as the closest of its candidates;
- the two deliveries: the folder of ``page --out`` on a plain static server and from ``file://``, and
  ``serve``; offline: after the first load the server is stopped and the page still loads and answers;
- screenshots at phone (390x844) and desktop sizes into $PAGE_SHOTS (default: a temporary folder),
  and the figures measured into $PAGE_SHOTS/measured.json.

Skipped without chromium, chromedriver, selenium or bottle on a developer's machine; in CI a failure."""


import random
import statistics
from fractions import Fraction
from pathlib import Path

import pytest
from page_browser import (
    DESKTOP,
    HANDS,
    PHONE,
    By,
    Select,
    StaticHost,
    cli_ev,
    ec,
    expected,
    expected_switching,
    load,
    measured,
    page_deal,
    page_rows,
    set_and_tap,
    shown_answer,
    skip_or_fail_module,
    start_trainer,
    switch_answer,
    tap,
    wait,
)

import caribbean_exact as ce
from caribbean_exact.cli import page
from caribbean_exact.play.trainer import deal_of, grade
from caribbean_exact.render.play import trainer as render_trainer
from caribbean_exact.render.text import dec

pytestmark = [pytest.mark.slow, pytest.mark.browser, pytest.mark.usefixtures("tools")]
skip_or_fail_module()


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


#: Hands of the 200 whose taps and selections are WebDriver's own (one command each).
DRIVEN = 24


def test_200_random_hands_every_pay_table_and_qualifier(browser, static_host, shots):
    """The page's answer is ``ev --format json``'s, for 200 seeded random hands spread over every
    pay table and qualifier the page offers (each pair at least ten times). The first ``DRIVEN``
    hands are tapped by WebDriver's clicks, the others by the same click and change events sent in
    one script a hand."""
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
        if i < DRIVEN:  # WebDriver's own clicks and selections, one command each
            browser.find_element(By.ID, "clear").click()
            Select(browser.find_element(By.ID, "paytable")).select_by_value(table)
            Select(browser.find_element(By.ID, "qualifier")).select_by_value(qualifier)
            tap(browser, *cards)
        else:  # the same events from one script (WebDriver's round trips were most of the test's time)
            set_and_tap(browser, table, qualifier, cards)
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
