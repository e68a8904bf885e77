"""The web page of ``caribbean-exact serve`` in a real headless browser: Debian's Chromium driven by
selenium through /usr/bin/chromedriver. Tap cards, read the answer, check it against ``ev``; the
trainer; screenshots at phone (390x844) and desktop sizes into $PAGE_SHOTS (default: a temporary
folder). Skipped without chromium, chromedriver, selenium or bottle."""

import os
import shutil
import threading
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

from caribbean_exact.cli import serve  # noqa: E402

FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage")


@pytest.fixture(scope="module")
def base():
    s = serve.server(0)
    threading.Thread(target=s.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{s.server_port}"
    s.shutdown()
    s.server_close()


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


def wait(driver, condition, seconds=30):
    return WebDriverWait(driver, seconds).until(condition)


def load(driver, base, width, height):
    driver.set_window_size(width, height)
    driver.get(base + "/")
    wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "1")


def tap(driver, *cards):
    for c in cards:
        driver.find_element(By.ID, f"card-{c}").click()


def answer_shown(driver):
    wait(driver, ec.visibility_of_element_located((By.ID, "answer")))
    return {k: driver.find_element(By.ID, k).text for k in ("decision", "ev-raise", "ev-fold", "margin", "why")}


def test_tap_cards_and_read_the_answer(browser, base, shots):
    load(browser, base, 390, 844)
    tap(browser, "As", "Kd", "7h", "4c", "2s", "Qh")
    got = answer_shown(browser)
    tops = {browser.find_element(By.ID, f"slot-{i}").rect["y"] for i in range(6)}
    assert len(tops) == 1, "the five cards and the up card are in one row"
    width = browser.execute_script("return document.documentElement.scrollWidth")
    assert width <= 390, "nothing wider than the phone's screen"
    d = ce.ev("As Kd 7h 4c 2s", "Qh")
    assert got["decision"] == "FOLD" and got["ev-raise"] == str(d.ev_raise) == "-12773/10879"
    assert got["ev-fold"] == "-1" and got["margin"] == str(d.margin)
    assert got["why"] == ("why: the dealer fails to qualify in 45.65% of deals (your ante wins, the raise pushes); "
                          "when she qualifies you win 0.00%, tie 0.00% and lose 100.00%")
    browser.save_screenshot(str(shots / "phone-ask.png"))
    # another hand: untap the ace of spades and the up card, tap the ace of clubs and diamonds, then the up card
    tap(browser, "Qh", "As", "Kd", "Ac", "Ad", "Qh")
    wait(browser, lambda d: d.find_element(By.ID, "decision").text == "RAISE")
    assert browser.find_element(By.ID, "ev-raise").text == str(ce.ev("7h 4c 2s Ac Ad", "Qh").ev_raise)
    # the qualifier and the pay table are chosen on the page
    Select(browser.find_element(By.ID, "qualifier")).select_by_value("pair")
    want = str(ce.ev("7h 4c 2s Ac Ad", "Qh", qualifier="pair").ev_raise)
    wait(browser, lambda d: d.find_element(By.ID, "ev-raise").text == want)
    Select(browser.find_element(By.ID, "paytable")).select_by_value("live-dealer")
    want = str(ce.ev("7h 4c 2s Ac Ad", "Qh", qualifier="pair", paytable="live-dealer").ev_raise)
    wait(browser, lambda d: d.find_element(By.ID, "ev-raise").text == want)
    browser.find_element(By.ID, "clear").click()
    wait(browser, ec.invisibility_of_element_located((By.ID, "answer")))


def test_the_trainer_in_the_browser(browser, base, shots):
    from caribbean_exact.play.trainer import deal_number

    first, second = deal_number(5, 1), deal_number(5, 2)  # the page asks the API for one deal at a time
    hand1, up1 = " ".join(str(c) for c in first.hand), str(first.up)
    hand2 = " ".join(str(c) for c in second.hand)
    d1 = ce.ev(hand1, up1)
    load(browser, base, 390, 844)
    browser.find_element(By.ID, "tab-train").click()
    browser.find_element(By.ID, "t-seed").send_keys("5")
    browser.find_element(By.ID, "t-start").click()
    cards = wait(browser, lambda d: d.find_element(By.ID, "t-cards").get_attribute("data-hand"))
    assert cards == hand1 and browser.find_element(By.ID, "t-cards").get_attribute("data-up") == up1
    answer = "fold" if d1.decision == "raise" else "raise"  # the wrong play: its exact cost is the margin
    browser.find_element(By.ID, f"t-{answer}").click()
    verdict = wait(browser, ec.visibility_of_element_located((By.ID, "t-verdict"))).text
    cost = abs(d1.margin)
    assert verdict.startswith(f"wrong: the best play is {d1.decision.upper()}; {answer.upper()} costs {cost}")
    assert browser.find_element(By.ID, "t-tally").text.startswith(f"hands 1, mistakes 1, EV lost {cost} antes")
    browser.save_screenshot(str(shots / "phone-train.png"))
    browser.find_element(By.ID, "t-next").click()
    wait(browser, lambda d: d.find_element(By.ID, "t-cards").get_attribute("data-hand") == hand2)


def test_desktop_size(browser, base, shots):
    load(browser, base, 1280, 900)
    tap(browser, "Ah", "Kh", "Qh", "Jh", "Th", "2c")
    got = answer_shown(browser)
    assert got["decision"] == "RAISE" and got["ev-raise"] == str(ce.ev("Ah Kh Qh Jh Th", "2c").ev_raise)
    browser.save_screenshot(str(shots / "desktop-ask.png"))
    browser.find_element(By.ID, "tab-train").click()
    browser.find_element(By.ID, "t-seed").send_keys("5")
    browser.find_element(By.ID, "t-start").click()
    wait(browser, lambda d: d.find_element(By.ID, "t-cards").get_attribute("data-hand"))
    browser.find_element(By.ID, "t-raise").click()
    wait(browser, ec.visibility_of_element_located((By.ID, "t-verdict")))
    browser.save_screenshot(str(shots / "desktop-train.png"))
