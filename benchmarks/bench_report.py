"""Speed of the report's pieces through the public API: results over N hands, the covariance sample,
the whole report.

    python benchmarks/bench_report.py
"""

from __future__ import annotations

import time


def main() -> None:
    from caribbean_exact import solve
    from caribbean_exact.house.math_report import build_report
    from caribbean_exact.house.volatility import outcome_distribution, over_n_hands, seat_covariance

    dist = outcome_distribution(solve())
    print(f"{'what':44} {'seconds':>8}")
    for n in (10, 100, 1_000, 10_000, 41_120):
        t = time.perf_counter()
        over_n_hands(dist, n)
        print(f"{'over_n_hands N = ' + format(n, ','):44} {time.perf_counter() - t:8.3f}")
    for deals in (500_000, 2_000_000):
        t = time.perf_counter()
        seat_covariance(deals=deals)
        print(f"{'seat_covariance, ' + format(deals, ',') + ' rounds of 7 seats':44} {time.perf_counter() - t:8.3f}")
    t = time.perf_counter()
    build_report(side_bets="progressive,bonus", contribution="0.15")
    print(f"{'build_report (defaults, both side bets)':44} {time.perf_counter() - t:8.3f}")


if __name__ == "__main__":
    main()
