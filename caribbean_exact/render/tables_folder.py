"""The generated files in ``tables/``: charts, strategy comparisons and known-card tables.

``generate()`` returns every file by name (deterministic: no dates, no timings; the cards are
bytes, PDF and PNG without dates in their metadata); the command
``caribbean-exact tables --out tables/`` writes them and ``tests/test_tables.py`` checks the
committed copies are current. A new generated file: add a function returning {name: text} to
``GENERATORS``.
"""

from __future__ import annotations

from collections.abc import Callable

from ..card import strategy_card
from ..chart import build_chart
from ..game import solve
from ..known_cards import solve_all_seen, solve_seen_card
from ..progress import ProgressFn, report
from ..rules import Rules, builtin_paytables
from ..sampling import sample
from ..strategy import compare_strategies
from .card import draw
from .game import report as game_report
from .known_cards import seen_chart
from .strategy import chart, strategies
from .text import edge, frac, pays_text, table


def _md(title: str, body: str) -> str:
    return f"# {title}\n\n{body.rstrip()}\n"


def _strategy_files(progress: ProgressFn | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, paytable in sorted(builtin_paytables().items()):
        rules = Rules(paytable=paytable)
        ch = build_chart(rules, progress=progress)
        title = f"{paytable.name} ({pays_text(paytable)})"
        out[f"{key}-chart.md"] = _md(f"Optimal strategy chart: {title}", chart(ch, "github"))
        out[f"{key}-chart.csv"] = chart(ch, "csv") + "\n"
        res = compare_strategies(rules, progress=progress)
        out[f"{key}-strategies.md"] = _md(f"Strategies compared: {title}", strategies(res, "github"))
        out[f"{key}-strategies.csv"] = strategies(res, "csv") + "\n"
    return out


#: Sample sizes of the committed tables (deals, fixed seed): reproducible, seconds to rebuild.
TABLE_SEED = 20261129
TABLE_KNOWN_DEALS = {2: 20_000, 3: 100_000}
TABLE_COLLUSION_DEALS = {1: 1_000, 2: 20_000, 3: 50_000, 4: 50_000, 5: 50_000, 6: 50_000, 7: 50_000}


def _known_card_files(progress: ProgressFn | None) -> dict[str, str]:
    """tables/: the standard pay table with known dealer cards and with colluding players."""
    rules = Rules()
    seen = solve_seen_card(rules, progress=progress)
    exact0 = solve(rules=rules, progress=progress)
    seen_md = ("# Standard pay table: one dealer hole card seen (exact)\n\n"
               + game_report(seen.report, "github") + "\n\nWhen to raise, by up card and seen hole card:\n"
               + seen_chart(seen.chart, "github") + "\n")
    rows = [["0 (up card only)", "exact", edge(exact0.house_edge), "", frac(exact0.house_edge),
             "", ""],
            ["1", "exact", edge(seen.report.house_edge), "", frac(seen.report.house_edge), "", ""]]
    for k, deals in TABLE_KNOWN_DEALS.items():
        r = sample(rules, k, 1, deals, TABLE_SEED, progress=progress)
        lo, hi = r.house_edge_interval
        rows.append([str(k), f"sampled, {deals} deals", edge(r.house_edge),
                     f"{lo * 100:.4f}% .. {hi * 100:.4f}%", frac(r.house_edge), str(r.deals_for()),
                     str(TABLE_SEED)])
    all_seen = solve_all_seen(rules)
    rows.append(["4", "exact", edge(all_seen.house_edge), "", frac(all_seen.house_edge), "", ""])
    crow = []
    for n, deals in TABLE_COLLUSION_DEALS.items():
        r = sample(rules, 0, n, deals, TABLE_SEED, progress=progress)
        lo, hi = r.house_edge_interval
        crow.append([str(n), str(5 * (n - 1)), str(deals), edge(r.house_edge),
                     f"{lo * 100:.4f}% .. {hi * 100:.4f}%", str(r.deals_for()), str(TABLE_SEED)])
    kh = ["dealer hole cards seen", "method", "edge", "95% interval (house edge)", "exact / sample mean",
          "deals for +/-0.05 points", "seed"]
    ch = ["players sharing hands", "dead cards known", "deals", "edge", "95% interval (house edge)",
          "deals for +/-0.05 points", "seed"]
    note = ("Sampled rows: each deal is decided exactly by enumerating the dealer's remaining "
            "completions; the estimate uses the exact up-card-only game as a control variate.")
    known_md = ("# Standard pay table: known cards\n\n" + note + "\n\n## Dealer hole cards seen\n\n"
                + table(rows, kh, "github") + "\n\n## Colluding players\n\n"
                + table(crow, ch, "github") + "\n")
    return {
        "standard-seen-card.md": seen_md,
        "standard-seen-card-chart.csv": seen_chart(seen.chart, "csv") + "\n",
        "standard-known-cards.md": known_md,
        "standard-known-cards.csv": table(rows, kh, "csv") + "\n",
        "standard-collusion.csv": table(crow, ch, "csv") + "\n",
    }


def _card_files(progress: ProgressFn | None) -> dict[str, str | bytes]:
    """tables/: the strategy card of every built-in pay table, as PDF and PNG (no date: reproducible)."""
    out: dict[str, str | bytes] = {}
    for key, paytable in sorted(builtin_paytables().items()):
        c = strategy_card(Rules(paytable=paytable), progress=progress)
        out[f"{key}-card.pdf"] = draw(c, "pdf")
        out[f"{key}-card.png"] = draw(c, "png")
    return out


#: Each returns {file name: text, or bytes for PDF and PNG}; each runs once per rebuild.
GENERATORS: tuple[Callable[[ProgressFn | None], dict[str, str] | dict[str, str | bytes]], ...] = (
    _strategy_files, _known_card_files, _card_files)


def generate(progress: ProgressFn | None = None) -> dict[str, str | bytes]:
    """Every file of tables/, by name."""
    files: dict[str, str | bytes] = {}
    for n, gen in enumerate(GENERATORS, 1):
        for fname, text in gen(progress).items():
            if fname in files:
                raise RuntimeError(f"two generators write {fname}")
            files[fname] = text
        report(progress, "building tables", n, len(GENERATORS))
    index = ["# Generated tables", "", "Rebuilt by `caribbean-exact tables --out tables/`; "
             "`tests/test_tables.py` fails when a file here is stale.", ""]
    index += [f"- [{f}]({f})" for f in sorted(files)]
    files["README.md"] = "\n".join(index) + "\n"
    return files
