"""Oasis switching of one hand on the player's page, in a real headless browser (Debian's Chromium, as
tests/cli/test_page.py, whose fixtures and helpers it shares; a file of its own so that CI's two
workers run it beside that one): for each fee schedule the page offers, 50 seeded random hands (12 for the
five-card schedules) over
the pay tables and qualifiers, every option (discard, fee, exact EV, decimal, the decision after the
draw) against ``ev --switch-fees F --format json`` and the best line against ``ev --switch-fees F
--wide``; the median time from the last tap to the frame that shows the switching answer, per
schedule, into $PAGE_SHOTS/measured.json."""

import random
import statistics

import page_browser as tp
import pytest

import caribbean_exact as ce
from caribbean_exact.cli import page

pytestmark = [pytest.mark.slow, pytest.mark.browser, pytest.mark.usefixtures("tools")]
tp.skip_or_fail_module()

#: Hands per schedule: one card meets the 50 ms goal and is timed over 50 answers; the five-card
#: schedules take about 2 s an answer in the browser, so 12 keep CI's browser lane short.
SWITCH_HANDS = {"one-card": 50, "linear": 12, "peaked": 12}


@pytest.mark.parametrize("name", list(tp.SCHEDULES))
def test_switching_answers_every_schedule(browser, static_host, shots, name):
    """Oasis switching of one hand, counted in the browser by the core's cs_switch: for 50 (12) seeded random
    hands, spread over the pay tables and qualifiers, every option the fees allow (standing, 5 or 31
    discard sets) as ``ev --switch-fees`` prints it, best first; schedules of more than two cards say
    "counting..." first."""
    tp.load(browser, static_host.url)
    choices = [o.get_attribute("value") for o in tp.Select(browser.find_element(tp.By.ID, "switch-fees")).options]
    assert choices == list(page.SWITCH_SCHEDULES) == ["none", *tp.SCHEDULES]
    tp.Select(browser.find_element(tp.By.ID, "switch-fees")).select_by_value(name)
    browser.execute_script(
        "window.swStates = []; new MutationObserver(() => window.swStates.push("
        "document.getElementById('switching').dataset.state)).observe(document.getElementById('switching'), "
        "{attributes: true, attributeFilter: ['data-state']});")
    rng = random.Random(f"switch {name}")
    deck = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    tables = list(ce.builtin_paytables())
    combos = [(t, q) for q in page.QUALIFIERS for t in tables]
    times, best_kinds = [], set()
    for i in range(SWITCH_HANDS[name]):
        cards = rng.sample(deck, 6)
        table, qualifier = combos[(i * 7) % len(combos)]
        browser.find_element(tp.By.ID, "clear").click()
        tp.Select(browser.find_element(tp.By.ID, "paytable")).select_by_value(table)
        tp.Select(browser.find_element(tp.By.ID, "qualifier")).select_by_value(qualifier)
        before = browser.execute_script("window.swStates = []; return window.switchTimes.length;")
        tp.tap(browser, *cards)
        hand, up = " ".join(cards[:5]), cards[5]
        got = tp.switch_answer(browser, "|".join([hand, up, table, qualifier, name]))
        want, best = tp.expected_switching(hand, up, tp.SCHEDULES[name], table, qualifier)
        assert got["error"] == "" and not got["hidden"]
        assert tp.page_rows(got) == want, (cards, table, qualifier)
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
    fees = tp.SCHEDULES[name]
    assert got["title"] == ("Oasis switching, fee in antes 1 for 1 card" if name == "one-card" else
                            f"Oasis switching, fees in antes {fees} for 1, 2, 3, 4, 5 cards")
    median = statistics.median(times)
    tp.measured(shots, **{f"switch_{name}_answers": SWITCH_HANDS[name], f"switch_{name}_median_ms": round(median, 1),
                          f"switch_{name}_max_ms": round(max(times), 1)})
    print(f"\npage, switching {fees}: {SWITCH_HANDS[name]} answers, median {median:.1f} ms from the last tap to the "
          f"frame that shows them, max {max(times):.1f} ms")
