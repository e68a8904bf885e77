"""The generated files in ``tables/``: charts, strategy comparisons and known-card tables.

``generate()`` returns every file by name (deterministic: no dates, no timings; the cards are
bytes, PDF and PNG without dates in their metadata); the command
``caribbean-exact tables --out tables/`` writes them and ``tests/render/test_tables.py`` checks the
committed copies are current. A new generated file: add a function returning {name: text} to
``GENERATORS``.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping

from ..engine.recent import Recent
from ..house.math_report import build_report
from ..house.protection import FLASH_RATES, detection_table, leaks
from ..house.sidebets import BonusReport, ProgressiveReport, bonus, progressive
from ..house.tells import tells_table
from ..model.rules import Rules, builtin_paytables
from ..play.game import GameReport, solve
from ..play.known_cards import solve_all_seen, solve_seen_card, solve_seen_cards
from ..play.sampling import SampledReport, sample
from ..progress import ProgressFn, report
from ..strategy.chart import build_chart
from ..strategy.seen_chart import seen_card_strategy
from ..strategy.seen_set_chart import seen_set_strategy
from ..strategy.strategies import compare_strategies
from ..strategy.strategy_card import strategy_card
from .house import math_report as render_report
from .house.protection import leak_rows
from .play.game import report as game_report
from .play.known_cards import SEEN_CHART_HEADING, seen_chart, seen_set_chart
from .strategy.chart import chart, strategies
from .strategy.strategy_card import card_text, draw
from .text import edge, frac, pays_text, pct, table


def _md(title: str, body: str) -> str:
    return f"# {title}\n\n{body.rstrip()}\n"


#: The solved game of each built-in pay table, kept for every file that needs it.
_optimal_games: Recent[str, GameReport] = Recent(32, "tables' pay-table games")


def _optimal(key: str) -> GameReport:
    """The solved game of a built-in pay table, once per process for every file that needs it."""
    game = _optimal_games.get(key)
    if game is None:
        game = solve(rules=Rules(paytable=builtin_paytables()[key]))
        _optimal_games.put(key, game)
    return game


def _strategy_files(progress: ProgressFn | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, paytable in sorted(builtin_paytables().items()):
        rules = Rules(paytable=paytable)
        ch = build_chart(rules, progress=progress)
        title = f"{paytable.name} ({pays_text(paytable)})"
        out[f"{key}-chart.md"] = _md(f"Optimal strategy chart: {title}", chart(ch, "github"))
        out[f"{key}-chart.csv"] = chart(ch, "csv") + "\n"
        res = compare_strategies(rules, progress=progress, game=_optimal(key))
        out[f"{key}-strategies.md"] = _md(f"Strategies compared: {title}", strategies(res, "github"))
        out[f"{key}-strategies.csv"] = strategies(res, "csv") + "\n"
    return out


#: Sample sizes of the committed tables (deals, fixed seed): reproducible, seconds to rebuild.
TABLE_SEED = 20261129
TABLE_KNOWN_DEALS = {1: 50_000, 2: 50_000, 3: 50_000}
TABLE_COLLUSION_DEALS = {1: 1_000, 2: 50_000, 3: 50_000, 4: 50_000, 5: 50_000, 6: 50_000, 7: 50_000}
#: Published figures for hole-carding with a practical (not optimal) strategy: player advantage per ante.
PUBLISHED = {2: ("11.57% player", "Grosjean, practical strategy (quoted by Jacobson)"),
             3: ("35.21% player", "Grosjean, practical strategy (quoted by Jacobson)")}
_K_LABEL = {0: "0 (up card only)", 1: "1", 2: "2", 3: "3", 4: "4 (all)"}


def _sampled_row(r: SampledReport, first: list[str]) -> list[str]:
    lo, hi = r.house_edge_interval
    return [*first, str(r.deals), edge(r.house_edge), f"{lo * 100:.4f}% .. {hi * 100:.4f}%", str(r.deals_for()),
            str(TABLE_SEED)]


def _known_card_files(progress: ProgressFn | None) -> dict[str, str]:
    """tables/: the standard pay table with known dealer cards and with colluding players."""
    rules = Rules()
    seen = solve_seen_card(rules, progress=progress)
    why = seen_card_strategy(rules, progress=progress)
    seen_md = ("# Standard pay table: one dealer hole card seen (exact)\n\n"
               + game_report(seen.report, "github") + f"\n\n{SEEN_CHART_HEADING}\n"
               + seen_chart(seen.chart, "github", why) + "\n")
    files = {"standard-seen-card.md": seen_md,
             "standard-seen-card-chart.csv": seen_chart(seen.chart, "csv", why) + "\n"}
    reports = {0: _optimal("standard"), 1: seen.report, 4: solve_all_seen(rules)}
    for k in (2, 3):
        why_k = seen_set_strategy(k, rules, progress=progress)
        game = solve_seen_cards(k, rules, progress=progress)
        reports[k] = game.report
        files[f"standard-seen-cards-{k}.md"] = (
            f"# Standard pay table: {k} dealer hole cards seen (exact)\n\n" + game_report(game.report, "github")
            + f"\n\nWhen to raise, by the ranks of the dealer's {k + 1} known cards (up card and seen hole "
            "cards):\n" + seen_set_chart(game.chart, "github", why_k) + "\n")
    rows = []
    for k in range(5):
        exact = reports[k]
        published, source = PUBLISHED.get(k, ("", ""))
        rows.append([_K_LABEL[k], edge(exact.house_edge), frac(exact.house_edge), pct(exact.raise_probability, 2),
                     f"{exact.total_weight:,}", published, source])
    checks = []
    for k, deals in TABLE_KNOWN_DEALS.items():
        r = sample(rules, k, 1, deals, TABLE_SEED, progress=progress)
        lo, hi = r.house_edge_interval
        inside = "yes" if lo <= reports[k].house_edge <= hi else "NO"
        checks.append([*_sampled_row(r, [str(k)]), inside])
    collusion = []
    for burn in (0, 1):
        for n, deals in TABLE_COLLUSION_DEALS.items():
            n_deals = TABLE_COLLUSION_DEALS[2] if burn and n == 1 else deals  # only n = 1 without a burn is exact
            r = sample(rules, 0, n, n_deals, TABLE_SEED, progress=progress, burn=burn)
            collusion.append(_sampled_row(r, [str(n), "yes" if burn else "no", str(r.dead_cards)]))
    with_seen = []
    for n, deals in TABLE_COLLUSION_DEALS.items():
        if n == 1:
            continue
        r = sample(rules, 1, n, deals, TABLE_SEED, progress=progress, burn=1)
        with_seen.append(_sampled_row(r, [str(n), "yes", str(r.dead_cards)]))
    kh = ["dealer hole cards seen", "edge (exact, optimal play)", "house edge (exact fraction)", "P(raise)",
          "deals counted", "published (practical strategy)", "source"]
    sh = ["dealer hole cards seen", "deals", "edge (sampled)", "95% interval (house edge)",
          "deals for +/-0.05 points", "seed", "exact figure inside"]
    ch = ["players sharing hands", "burn card seen", "dead cards known", "deals", "edge", "95% interval (house edge)",
          "deals for +/-0.05 points", "seed"]
    intro = ("Every deal is equally likely; with k hole cards seen the player plays optimally for what he sees "
             "(hand, up card, seen cards), counted exactly over C(52,5) x 47 x C(46,k) x C(46-k,4-k) deals "
             "(`caribbean-exact solve --known-dealer-cards K`). The published figures come from practical "
             "strategies, so they are below the optimal ones.")
    note = ("Sampled rows: each deal is decided exactly by counting the dealer's remaining completions; the "
            "estimate uses the exact up-card-only game as a control variate (`caribbean-exact collusion "
            "--players N [--burn] [--known-dealer-cards 1] --deals D --seed S`).")
    known_md = ("# Standard pay table: known cards\n\n" + intro + "\n\n## Dealer hole cards seen (exact)\n\n"
                + table(rows, kh, "github") + "\n\n### Sampled cross-checks of the exact figures\n\n"
                + table(checks, sh, "github") + "\n\n## Colluding players\n\n" + note + "\n\n"
                + table(collusion, ch, "github")
                + "\n\n## Colluding players, the burn card and one dealer hole card seen\n\n"
                + table(with_seen, ch, "github") + "\n")
    files.update({
        "standard-known-cards.md": known_md,
        "standard-known-cards.csv": table(rows, kh, "csv") + "\n",
        "standard-collusion.csv": table(collusion + with_seen, ch, "csv") + "\n",
    })
    return files


#: Colluding players of the leaks table: (players at the table, players sharing), sampled with TABLE_SEED.
TABLE_SHARING = ((7, 7), (7, 3), (7, 1))
TABLE_SHARING_DEALS = 50_000


def _leak_files(progress: ProgressFn | None) -> dict[str, str]:
    """tables/: every leak of the standard table with its exact figure and the hands to detect it
    (protection.LEAKS, the flash rates FLASH_RATES), then colluding players (sampled)."""
    rules = Rules()
    base = _optimal("standard")
    rows = detection_table(leaks(rules, FLASH_RATES, game=base, progress=progress), base, progress=progress)
    tells = dict(tells_table(rules, FLASH_RATES, progress))
    sampled = []
    for players, sharing in TABLE_SHARING:
        r = sample(rules, 0, players, TABLE_SHARING_DEALS, TABLE_SEED, progress=progress, sharing=sharing)
        lo, hi = r.house_edge_interval
        name = f"collusion: {players} players, {sharing} sharing"
        info = f"{r.dead_cards} dead cards seen, {r.unseen_dead_cards} dealt unseen"
        sampled.append([name, info, f"{edge(r.house_edge)} (sampled)",
                        f"{lo * 100:.4f}% .. {hi * 100:.4f}%", pct(base.house_edge - r.house_edge) + " (sampled)",
                        pct(r.raise_probability, 2)])
    body, headers = leak_rows(rows, sampled, tells=tells)
    csv_body, _ = leak_rows(rows, sampled, "csv", tells)
    intro = ("Each leak's exact whole game (`caribbean-exact solve` with `--known-dealer-cards K`, "
             "`--sorted-ranks RANKS`, `--seen-class SPEC` or `--burn-card`), a dealer who "
             "exposes a hole card in a share of hands (`solve --flash-rate X`: the exact mixture of the plain "
             "and the one-seen-card games), and colluding players (`collusion --players N --sharing S`, "
             f"sampled: {TABLE_SHARING_DEALS:,} deals, seed {TABLE_SEED}). The cost per hand is the house edge "
             "lost against the leak's player, in antes; per table-hour it is in money, for one player using the "
             "leak at `report`'s 50 rounds an hour and average ante 10. The tell share is the exact share of "
             "hands in which the leak's player makes a decision the optimal player never makes (raises a high "
             "card below A-K, folds a pair or better), with the hands surveillance needs to see one at 95% "
             "(`detect --by tells`). Hands to detect: the smallest number of hands for "
             "which an exact one-sided binomial test of the player's raise rate (or win rate: hands with a net "
             "above 0) against the optimal player's keeps both error rates, alpha = beta (`caribbean-exact "
             "detect`); sampled rows have no exact rate to test. Unseen hands do not change the expectation: 7 players "
             "of whom 3 share have the edge of 3 players alone, and with 1 sharing the exact cost is 0 (what the row "
             "shows is the sample's noise, inside its interval). How each figure is computed and checked: "
             "[docs/game-protection.md](../docs/game-protection.md).")
    return {"standard-leaks.md": "# Standard pay table: leaks and how soon they show\n\n" + intro + "\n\n"
            + table(body, headers, "github") + "\n",
            "standard-leaks.csv": table(csv_body, headers, "csv") + "\n"}


#: The date the PDF of tables/ carries (fixed, so the committed bytes do not change with the day).
REPORT_DATE = datetime.date(2026, 11, 29)
#: The math report of the standard table: settings of tables/standard-report.* (a fixed seed).
REPORT_SETTINGS = {"side_bets": "progressive,bonus", "contribution": "0.15", "covariance_deals": 500_000}


def _report_files(progress: ProgressFn | None) -> dict[str, str | bytes]:
    """tables/: the math report of the standard table (Markdown, PDF, JSON and its plots as PNG)."""
    r = build_report(progress=progress, **REPORT_SETTINGS)  # type: ignore[arg-type]
    pngs = render_report.plots(r)
    names = {k: f"standard-report-{k}.png" for k in pngs}
    note = ("Settings: the defaults of `caribbean-exact report` (7 seats, 50 rounds an hour, average ante 10, "
            "8-hour shift, meter 100,000, reset 10,000) with `--side-bets progressive,bonus --contribution 0.15 "
            "--deals 500000`; the contribution is an example, not a casino's figure.\n\n")
    md = render_report.markdown(r, names)
    title, _, rest = md.partition("\n\n")
    out: dict[str, str | bytes] = {
        "standard-report.md": f"{title}\n\n{note}{rest}",
        "standard-report.pdf": render_report.pdf(r, REPORT_DATE),
        "standard-report.json": render_report.json_text(r) + "\n",
    }
    for k, data in pngs.items():
        out[names[k]] = data
    return out


def card_side_bets() -> tuple[ProgressiveReport, BonusReport]:
    """The side bets the cards of tables/ sum up: the progressive and the 5+1 Bonus at their seed pays."""
    return progressive(), bonus()


def _card_files(progress: ProgressFn | None) -> dict[str, str | bytes]:
    """tables/: the strategy card of every built-in pay table, as PDF and PNG (no date: reproducible),
    with its text as Markdown (what the pictures print, whatever matplotlib draws them)."""
    out: dict[str, str | bytes] = {}
    side = card_side_bets()
    for key, paytable in sorted(builtin_paytables().items()):
        c = strategy_card(Rules(paytable=paytable), progress=progress, game=_optimal(key))
        out[f"{key}-card.pdf"] = draw(c, "pdf", side_bets=side)
        out[f"{key}-card.png"] = draw(c, "png", side_bets=side)
        out[f"{key}-card.md"] = card_text(c, side)
    return out


#: The file of tables/ that names the matplotlib and reportlab which drew its PDF and PNG files.
DRAWN_WITH = "drawn-with.txt"


def drawn_with() -> str:
    """The text of DRAWN_WITH for the matplotlib, fontTools and reportlab installed here: matplotlib
    draws the PDF and PNG files, fontTools subsets the fonts embedded in its PDF files (fontTools
    4.69.1 wrote other bytes than 4.68.0 for the same cards), reportlab typesets the report's PDF."""
    from importlib.metadata import PackageNotFoundError, version

    import matplotlib

    try:
        fonts = f"fonttools {version('fonttools')}\n"
    except PackageNotFoundError:  # pragma: no cover (a dependency of matplotlib)
        fonts = "fonttools (not installed)\n"
    try:
        import reportlab
    except ImportError:
        return f"matplotlib {matplotlib.__version__}\n{fonts}reportlab (not installed)\n"
    return f"matplotlib {matplotlib.__version__}\n{fonts}reportlab {reportlab.Version}\n"


#: Each returns {file name: text, or bytes for PDF and PNG}; each runs once per rebuild.
GENERATORS: tuple[Callable[[ProgressFn | None], Mapping[str, str | bytes]], ...] = (
    _strategy_files, _known_card_files, _report_files, _card_files, _leak_files)


def generate(progress: ProgressFn | None = None) -> dict[str, str | bytes]:
    """Every file of tables/, by name."""
    files: dict[str, str | bytes] = {}
    for n, gen in enumerate(GENERATORS, 1):
        for fname, text in gen(progress).items():
            if fname in files:
                raise RuntimeError(f"two generators write {fname}")
            files[fname] = text
        report(progress, "building tables", n, len(GENERATORS))
    files[DRAWN_WITH] = drawn_with()
    index = ["# Generated tables", "", "Rebuilt by `caribbean-exact tables --out tables/`; "
             "`tests/render/test_tables.py` fails when a file here is stale. The PDF and PNG files are compared byte "
             f"for byte under the matplotlib, fontTools and reportlab named in {DRAWN_WITH} (another version "
             "draws other bytes); what they show is compared always, through their text twins (the report's .md "
             "and .json, each card's "
             ".md).", ""]
    index += [f"- [{f}]({f})" for f in sorted(files)]
    files["README.md"] = "\n".join(index) + "\n"
    return files
