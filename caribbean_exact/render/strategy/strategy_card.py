"""The printable strategy card (card.StrategyCard) as PDF, SVG or PNG, through matplotlib.

One page: a full page (8.27 x 11 in, inside both Letter and A4) or a pocket card (3.5 x 5 in).
Letters carry every decision (R, F, M), the colours only repeat them (Okabe-Ito, colour-blind
safe; R and M print as the same grey, so M cells also have a heavy black border); no text is
below 7 pt. Files are reproducible byte for byte: no dates in the metadata, fixed SVG ids, PNG
without a Software tag.
"""

from __future__ import annotations

import io
from typing import Any

from ..._version import __version__
from ...errors import InvalidRules
from ...model.hands import CATEGORIES
from ...model.rules import DEFAULT_RAISE_ANTES
from ...strategy.strategy_card import GridException, StrategyCard
from ..figures import OKABE_ITO, RC, metadata, pyplot, wrap_chars
from ..text import grouped, pct, table

SIZES = {"page": (8.27, 11.0), "pocket": (3.5, 5.0)}
FORMATS = ("pdf", "svg", "png")
#: Okabe-Ito: raise = sky blue, match = orange, fold = white with grey border.
COLOURS = {"R": OKABE_ITO["sky blue"], "M": OKABE_ITO["orange"], "F": "#FFFFFF"}
MIN_PT = 7.0


def rules_lines(c: StrategyCard) -> list[str]:
    """The rules the card assumes, as sentences."""
    r = c.rules
    pays = ", ".join(f"{CATEGORIES[k].capitalize() if k else 'A-K high'} {_num(r.paytable.pay(k))}"
                     for k in range(9, -1, -1))
    out = [f"Pay table {r.paytable.name}: raise pays (to 1) {pays}; ante pays 1 to 1 when the dealer qualifies.",
           f"The dealer qualifies with {_qual(r.qualifier.label)} or better."]
    if r.raise_antes != DEFAULT_RAISE_ANTES:
        out.append(f"The raise is {r.raise_antes} ante{'s' if r.raise_antes > 1 else ''}.")
    if r.max_payout is not None:
        out.append(f"Cap: {_num(r.max_payout)} per bet" + (f" at an ante of {_num(r.ante)}." if r.ante else "."))
    else:
        out.append("No cap on the payout.")
    return out


def _num(x: Any) -> str:
    return str(x.numerator) if x.denominator == 1 else str(x)


def _qual(label: str) -> str:
    return {"AK": "A-K", "none": "any hand (always)"}.get(label, label)


def strategy_lines(c: StrategyCard) -> list[str]:
    """The simple strategy's rule lines, as printed (the rule-file text without its name)."""
    out = []
    for line in c.point.rules_text.splitlines()[1:]:
        text = line.removeprefix("raise if ")
        out.append("Raise always" if text == "raise always" else f"Raise if {text}")
    return out


def figure_lines(c: StrategyCard) -> list[str]:
    """Its exact figures: house edge, cost against optimal play."""
    p = c.point
    return [f"House edge {pct(p.house_edge)} with these {p.lines} line{'s' if p.lines != 1 else ''} "
            f"(optimal play {pct(c.frontier.optimal.house_edge)}).",
            f"Cost against optimal play {pct(p.cost, 6)}: {grouped(int(p.cost_total))} antes over "
            f"{grouped(p.total_weight)} deals (exact).",
            f"Exact house edge: {p.house_edge}."]


_TERMS = (
    ("hand >=", "hand >= X: your hand ranks X or better (pair: any pair or better; AKQJ: A-K-Q-J-x or better)."),
    ("ace king", "ace king: no pair, an ace and a king."),
    ("up matches", "up matches: the dealer's up card has the rank of one of your cards."),
    ("up in", "up in 2-Q: the up card's rank is one of those."),
    ("holds", "holds Q or J: you hold a queen or a jack; lacks: you hold none."),
    ("card ", "card 3: your third-highest card (card 2 of an A-K hand is the king)."),
    ("up < card", "up < card 2: the up card ranks below your second-highest card."),
    ("up > card", "up > card 4: the up card ranks above your fourth-highest card."),
    ("suited", "suited >= 2: at least two of your cards have the up card's suit."),
)


def terms(c: StrategyCard) -> list[str]:
    """The meaning of each kind of condition the card's strategy uses."""
    text = c.point.rules_text
    return [t for key, t in _TERMS if key in text]


def footnote_text(group: list[GridException]) -> str:
    """One footnote: the hands of a grid cell that play otherwise, their A-K-x prefix dropped."""
    first = group[0]
    words = {"R": "raise", "F": "fold", "S": "by suit"}
    parts = [f"{words[e.action]} {' '.join(h[3:] for h in e.hands)}" for e in group]
    return f"{first.number}  AK{first.third}, up {first.up}: " + "; ".join(parts)


def stamp_text(date: str | None = None) -> str:
    """The card's last line: the version (and the date of the rules, when given)."""
    return f"caribbean-exact {__version__}" + (f", {date}" if date else "") + \
        ": every figure exact, from the enumeration of all deals."


def card_text(c: StrategyCard) -> str:
    """What the card prints, as Markdown: the text twin of the drawing (``tables/*-card.md``), so a
    change of content shows whatever version of matplotlib draws the picture."""
    g = c.grid
    rows = [[f"AK{row}", *(gc.action + (f" ({gc.exception})" if gc.exception is not None else "") for gc in cells)]
            for row, cells in zip(g.rows, g.cells, strict=True)]
    notes: dict[int, list[GridException]] = {}
    for e in g.exceptions:
        notes.setdefault(e.number, []).append(e)
    out = ["# Caribbean Stud Poker: strategy card", "", *rules_lines(c), "",
           f"Simple strategy ({c.point.lines} line{'s' if c.point.lines != 1 else ''}; otherwise fold):", "",
           *(f"- {line}" for line in strategy_lines(c)), "", *figure_lines(c), "", "Terms: " + " ".join(terms(c)),
           "", "Ace-King hands (rows: your third card; columns: the up card; R raise, F fold, M raise only if you "
           "hold the up card's rank; (n): footnote n):", "",
           table(rows, ["", *g.columns], "github"), ""]
    out += [f"- {footnote_text(group)}" for _, group in sorted(notes.items())]
    out += ["", stamp_text()]
    return "\n".join(out).rstrip() + "\n"


def _head(put: Any, c: StrategyCard, page: bool, body: float, small: float) -> None:
    """Title, rules, the simple strategy, its figures, the terms."""
    put("Caribbean Stud Poker: strategy card", 16 if page else 10, "bold", gap=0.06)
    for line in rules_lines(c):
        put(line, body)
    put("", 4)
    put(f"Simple strategy ({c.point.lines} line{'s' if c.point.lines != 1 else ''}; otherwise fold):",
        body + (2 if page else 0.5), "bold", gap=0.02)
    for line in strategy_lines(c):
        put(f"\u2022 {line}", body + (1 if page else 0), indent=0.1)
    put("", 3)
    for line in figure_lines(c):
        put(line, small if not page else body)
    put("", 2)
    put("Terms: " + " ".join(terms(c)), small, colour="#333333")


def check_format(path_or_format: str, size: str = "page") -> str:
    """The card's image type from a file name or a format (pdf, svg, png), and its size checked."""
    fmt = path_or_format.rsplit(".", 1)[-1].lower()
    if fmt not in FORMATS:
        raise InvalidRules(f"card: {path_or_format!r}: expected a .pdf, .svg or .png file")
    if size not in SIZES:
        raise InvalidRules(f"--size {size!r}: expected page or pocket")
    return fmt


def draw(c: StrategyCard, path_or_format: str, size: str = "page", date: str | None = None) -> bytes:
    """The card as bytes of a PDF, SVG or PNG (``path_or_format``: a file name or the format)."""
    fmt = check_format(path_or_format, size)
    plt = pyplot("card")
    import matplotlib
    from matplotlib.patches import Rectangle
    w, h = SIZES[size]
    page = size == "page"
    margin = 0.5 if page else 0.22
    body = 10.0 if page else 7.5
    small = 8.0 if page else MIN_PT
    with matplotlib.rc_context(RC):
        fig = plt.figure(figsize=(w, h))
        y = margin

        def put(text: str, pt: float, weight: str = "normal", indent: float = 0.0, gap: float = 0.0,
                colour: str = "black") -> None:
            nonlocal y
            if not text:  # a gap of ``pt`` points
                y += pt * 1.32 / 72
                return
            for line in wrap_chars(text, pt, w - 2 * margin - indent):
                y += pt * 1.32 / 72
                fig.text((margin + indent) / w, 1 - y / h, line, fontsize=pt, weight=weight, color=colour,
                         va="baseline")
            y += gap

        _head(put, c, page, body, small)
        if page:
            y += 0.15
            _grid(fig, c, w, h, margin, y, small, body, Rectangle)
            y = _after_grid(c, y)
            put("Ace-King hands, best play cell by cell (rows: your third card; columns: the dealer's up card). "
                "R raise, F fold, M raise only if one of your cards has the up card's rank; a number "
                "marks the exceptions below (your last two cards; 'by suit': raise with enough cards "
                "of the up card's suit, see caribbean-exact chart).", small, gap=0.04)
            groups: dict[int, list[GridException]] = {}
            for e in c.grid.exceptions:
                groups.setdefault(e.number, []).append(e)
            for g in groups.values():
                put(footnote_text(g), MIN_PT)
        lines = wrap_chars(stamp_text(date), MIN_PT, w - 2 * margin)
        for k, line in enumerate(lines):
            fig.text(margin / w, (margin * 0.6 + (len(lines) - 1 - k) * MIN_PT * 1.3 / 72) / h, line,
                     fontsize=MIN_PT, color="#333333")
        buf = io.BytesIO()
        try:
            fig.savefig(buf, format=fmt, metadata=metadata(fmt), dpi=200 if fmt == "png" else 72)
        finally:
            plt.close(fig)
    return buf.getvalue()


CELL = 0.34


def _edge(letter: str) -> dict[str, Any]:
    """A cell's border: heavy and black for M (in greyscale its colour is R's), thin grey otherwise."""
    return {"edgecolor": "#000000", "linewidth": 1.6, "zorder": 2} if letter == "M" else \
        {"edgecolor": "#555555", "linewidth": 0.6, "zorder": 1}


def _grid_height(c: StrategyCard) -> float:
    return CELL * (len(c.grid.rows) + 2.4)


def _after_grid(c: StrategyCard, y: float) -> float:
    return y + _grid_height(c) + 0.1


def _grid(fig: Any, c: StrategyCard, w: float, h: float, margin: float, y: float, small: float, body: float,
          rectangle: Any) -> None:
    """The Ace-King grid: one row per third card, one column per up card; letters in the cells."""
    g = c.grid
    cell = CELL
    left = margin + 0.6
    top = y
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, w)
    ax.set_ylim(h, 0)
    ax.axis("off")
    for j, col in enumerate(g.columns):
        ax.text(left + (j + 0.5) * cell, top + 0.5 * cell, col, ha="center", va="center", fontsize=body,
                weight="bold")
    ax.text(margin, top + 0.5 * cell, "up card:", ha="left", va="center", fontsize=small)
    for i, row in enumerate(g.rows):
        yy = top + (i + 1) * cell
        ax.text(left - 0.08, yy + 0.5 * cell, f"AK{row}", ha="right", va="center", fontsize=body, weight="bold")
        for j, gc in enumerate(g.cells[i]):
            xx = left + j * cell
            ax.add_patch(rectangle((xx, yy), cell, cell, facecolor=COLOURS[gc.action], **_edge(gc.action)))
            ax.text(xx + 0.4 * cell, yy + 0.58 * cell, gc.action, ha="center", va="center", fontsize=body,
                    weight="bold")
            if gc.exception is not None:
                ax.text(xx + cell - 0.025, yy + 0.03, str(gc.exception), ha="right", va="top", fontsize=MIN_PT)
    # the legend under the grid
    yy = top + (len(g.rows) + 1.4) * cell
    lx = left
    for letter, text in (("R", "raise"), ("F", "fold"), ("M", "raise only if you hold the up card's rank")):
        ax.add_patch(rectangle((lx, yy), cell, cell, facecolor=COLOURS[letter], **_edge(letter)))
        ax.text(lx + 0.5 * cell, yy + 0.58 * cell, letter, ha="center", va="center", fontsize=body, weight="bold")
        ax.text(lx + cell + 0.08, yy + 0.58 * cell, text, ha="left", va="center", fontsize=small)
        lx += cell + 0.25 + len(text) * 0.52 * small / 72
