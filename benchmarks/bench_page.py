"""(h) The player's page in headless Chromium: time from the last tap to the frame that shows the
answer, the WebAssembly core's count of one situation next to the native one, and the first load.

    python benchmarks/bench_page.py [--hands 200] [--counts 500]

Needs Debian's chromium and chromium-driver and the browser extra (selenium). The page is the folder
``caribbean-exact page --out`` writes, on a plain static server on 127.0.0.1. Prints medians:

- tap to answer: the median over ``--hands`` seeded random hands of the time from the sixth tap's
  event to the animation frame that shows the answer (the page's ``window.answerTimes``);
- in-page count: one situation counted by the WebAssembly core and priced in BigInt fractions
  (``priced`` of the page), median over ``--counts`` random hands; the native ``ce.ev`` beside it;
- the first load: the bytes the server sent until the service worker kept every file.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from common import machine

import caribbean_exact as ce
from caribbean_exact.cli import page


class _Handler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass

    def copyfile(self, source, outputfile) -> None:  # type: ignore[no-untyped-def]
        data = source.read()
        self.server.sent += len(data)  # type: ignore[attr-defined]
        outputfile.write(data)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=200)
    ap.add_argument("--counts", type=int, default=500)
    args = ap.parse_args()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    print(machine())
    folder = Path(tempfile.mkdtemp()) / "phone"
    folder.mkdir()
    for name, data in page.files().items():
        (folder / name).write_bytes(data)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Handler, directory=str(folder)))
    server.sent = 0  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-dev-shm-usage"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        driver.get(f"http://127.0.0.1:{server.server_port}/")
        WebDriverWait(driver, 30).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-offline"))
        first_load = server.sent  # type: ignore[attr-defined]
        rng = random.Random(35)
        deck = [r + s for r in "23456789TJQKA" for s in "cdhs"]
        for _ in range(args.hands):
            driver.find_element(By.ID, "clear").click()
            for card in rng.sample(deck, 6):
                driver.find_element(By.ID, f"card-{card}").click()
        WebDriverWait(driver, 30).until(lambda d: d.execute_script("return window.answerTimes.length") >= args.hands)
        taps = driver.execute_script("return window.answerTimes")
        situations = [rng.sample(deck, 6) for _ in range(args.counts)]
        counts = driver.execute_script("""
            const times = [];
            for (const s of arguments[0]) {
              const t = performance.now();
              priced(s.slice(0, 5), s[5], rules());
              times.push(performance.now() - t);
            }
            return times;""", situations)
    finally:
        driver.quit()
        server.shutdown()
    native = []
    for s in situations:
        t = time.perf_counter()
        ce.ev(" ".join(s[:5]), s[5])
        native.append((time.perf_counter() - t) * 1000)
    wasm = len(page.static("caribbean.wasm"))
    print(f"tap to answer: median {statistics.median(taps):.1f} ms over {len(taps)} hands "
          f"(90th percentile {sorted(taps)[int(0.9 * len(taps))]:.1f} ms, max {max(taps):.1f} ms)")
    print(f"one situation counted and priced in the page: median {statistics.median(counts):.2f} ms; "
          f"ce.ev native: {statistics.median(native):.2f} ms")
    print(f"first load: {first_load:,} bytes (folder {sum(len(v) for v in page.files().values()):,}, "
          f"caribbean.wasm {wasm:,})")


if __name__ == "__main__":
    sys.exit(main())
