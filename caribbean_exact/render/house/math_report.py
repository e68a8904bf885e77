"""The math report (math_report.MathReport) as Markdown, HTML, PDF and JSON, and its plots as PNG.

One list of blocks (headings, paragraphs, tables, plots) is written out in each format, so the
formats say the same thing. PDF and PNG carry fixed metadata (no dates): the same report gives the
same bytes with the same matplotlib.
"""

from __future__ import annotations

import base64
import datetime
import html
import io
import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, partial
from typing import Any

from ..._version import __version__
from ...house.math_report import DEFAULT_HANDS_PER_HOUR, TOP_AWARD_ODDS_LIMIT, MathReport, TopAward
from ...house.sidebets import FIVE_CARD_HANDS, FIXED_PAY_TABLES, SIX_CARD_SETS, ProgressiveHouse
from ...house.volatility import EXACT_MAX_HANDS, MAX_FFT_POINTS, NHands
from ...model.cards import RANKS
from ...model.draw import SwitchFees
from ...model.hands import CATEGORIES
from ...play.game import CategoryPlay
from ...play.switch_exact import ExactSwitchGame
from ...play.switch_game import OneCardGame, OneOrFiveGame
from ...play.whole_game import WholeGame
from ...strategy.buy_lines import BUY_LINES
from ...strategy.switch_rules import SwitchStudy
from ..documents import Block, pdf_document, source_date
from ..figures import OKABE_ITO, metadata, pyplot
from ..labels import outcome_label, pay_label
from ..play.game import report_json
from ..play.sixth import SIXTH_HEADERS, sixth_game_json
from ..play.switching import (
    COUNTED_HEADERS,
    ONE_CARD_HEADERS,
    ONE_OR_FIVE_HEADERS,
    base_game,
    best_of_base,
    counted_json,
    counted_rows,
    counted_sizes_text,
    counted_up_rows,
    one_card_game_json,
    one_card_rows,
    one_or_five_json,
    one_or_five_rows,
    option_game_rows,
    proof_json,
    switch_sample_json,
)
from ..play.whole_game import game_name, half_width
from ..strategy.chart import cell_mark, chart_json, decider_text
from ..strategy.strategy_card import fees_text, switch_sentence
from ..text import (
    Name,
    describe_rules,
    edge,
    frac,
    grouped,
    information_words,
    markdown_text,
    money,
    pays_text,
    pct,
    rules_json,
    table,
    to_json,
)
from .protection import flash_json, flash_rows, leak_figures, leak_json, rate_text
from .sidebets import bonus_json

#: Plot file suffixes: {stem}-{key}.png.
PLOT_KEYS: tuple[str, ...] = ("net-100", "net-1000", "shift")
#: Okabe-Ito colours of the plots (colour-blind safe): behind / the house loses (also hatched), ahead,
#: the bin holding 0, the 5%..95% or 95% range.
BEHIND, AHEAD, EVEN, RANGE = (OKABE_ITO[k] for k in ("vermillion", "blue", "grey", "sky blue"))
#: The plots' size in inches (width, height): the PNG files at 100 dpi, the PDF's at 200 dpi.
PLOT_SIZE = (9.0, 5.2)
PDF_PLOT_DPI = 200


def _p(x: Fraction | float, places: int = 4) -> str:
    return pct(x, places)


def _prob(x: Fraction | float) -> str:
    return f"{float(x):.6f}"


def _net(x: Fraction) -> str:
    return frac(x) if x.denominator != 1 else f"{int(x):+d}"


def _money(x: Fraction | float) -> str:
    v = float(x)
    return ("-" if v < 0 else "") + "$" + f"{abs(v):,.2f}"


def _n_rows(xs: tuple[NHands, ...]) -> list[tuple[str, ...]]:
    rows: list[tuple[str, ...]] = []
    for x in xs:
        lo, hi = x.house_win_interval_95
        nlo, nhi = x.normal_interval_95
        qs = " / ".join(_net(x.quantiles[k]) for k in sorted(x.quantiles))
        rows.append((grouped(x.hands), _prob(x.p_ahead), _prob(x.p_even), _prob(x.p_behind), qs,
                     f"{_net(lo)} .. {_net(hi)}", f"{nlo:+.1f} .. {nhi:+.1f}",
                     "exact" if x.exact else f"<= {x.error_bound:.1e}" + ("" if x.quantiles_certain else " (*)")))
    return rows


def _without(r: MathReport, heading: str) -> str:
    """A section of the plain game: with a draw (card switching, a sixth card) its heading says it is
    without it."""
    return heading if r.draw_word is None else f"{heading} (without {r.draw_word})"


def _game_blocks(c: Context) -> list[Block]:
    r = c.r
    g = r.game
    pt = r.rules.paytable
    cats = ["high card (A-K)", "pair", "two pair", "three of a kind", "straight", "flush", "full house",
            "four of a kind", "straight flush", "royal flush"]
    pays = tuple((c, f"{frac(p)} to 1") for c, p in zip(cats, pt.pays[::-1]))
    return [
        Block("h2", _without(r, "1. The ante game under optimal play")),
        Block("p", f"Rules: {describe_rules(r.rules)}. The player antes 1, sees five cards and the dealer's up "
                   f"card, then folds (loses the ante) or raises {r.rules.raise_antes} antes. A dealer who does not "
                   "qualify pays the "
                   "ante 1 to 1 and returns the raise; a qualifying dealer is beaten for 1 to 1 on the ante and "
                   'the raise pays as below ("to 1": the stake comes back on top of the win); a tie pushes.'),
        Block("table", rows=pays[::-1], headers=("player's hand (raise bet)", "pays")),
        Block("p", "Return table: every deal of the 52-card deck (player's five cards, dealer's five), counted "
                   "exactly; net in antes (ante + raise)."),
        Block("table", rows=tuple((outcome_label(x.outcome, x.category), grouped(x.count), _prob(x.probability),
                                   _net(x.net), f"{float(x.contribution):+.8f}") for x in g.return_table()),
              headers=("outcome", "combinations", "probability", "net (antes)", "contribution")),
        Block("table", rows=(
            ("house edge per ante", frac(g.house_edge), _p(g.house_edge)),
            ("house edge per total wager (element of risk)", frac(g.element_of_risk), _p(g.element_of_risk)),
            ("expected total wager (antes)", frac(g.expected_wager), f"{float(g.expected_wager):.6f}"),
            ("hit frequency (net > 0)", frac(r.hit_frequency), _p(r.hit_frequency)),
            ("probability of raising", frac(g.raise_probability), _p(g.raise_probability)),
            ("variance per ante", frac(g.variance), f"{float(g.variance):.6f}"),
            ("standard deviation per ante", "", f"{g.standard_deviation:.6f}"),
            ("variance per unit wagered", frac(r.variance_per_wager), f"{float(r.variance_per_wager):.6f}"),
            ("standard deviation per unit wagered", "", f"{r.standard_deviation_per_wager:.6f}"),
        ), headers=("figure", "exact", "value")),
        Block("p", "Per unit wagered: the figure per ante divided by the expected total wager (variance by its "
                   "square). Strategy assumed: optimal, the exact best decision for every (hand, up card); the "
                   "cost of simpler strategies, each evaluated exactly over every deal:"),
        Block("table", rows=tuple((Name(s.name), edge(s.report.house_edge), f"{float(s.cost) * 100:.4f}",
                                   s.description) for s in r.strategies),
              headers=("strategy", "house edge", "cost (% of ante)", "what it does")),
        Block("p", f"Method: the C core counts every one of the {grouped(g.total_weight)} deals (hand, up card, "
                   "dealer's four hole cards) by outcome, the raise decided exactly; Python prices the counts "
                   "as exact fractions. Cross-checks in the test suite: single situations against a brute-force "
                   "enumeration, the return table against per-situation sums, the N = 1 distribution below "
                   "against this table."),
    ]


def _odds(p: Fraction) -> str:
    """A probability as odds "1 in N" (N rounded to a whole number when large)."""
    if p == 0:
        return "never"
    n = 1 / p
    return f"1 in {grouped(round(n))}" if n >= 100 else f"1 in {float(n):,.2f}"


def _par_blocks(c: Context) -> list[Block]:
    """The par-sheet items a test lab expects beside the return table, each exact."""
    r = c.r
    g = r.game
    dist = g.dealer_distribution
    q = g.dealer_qualifies
    qual = sum(x.qualifying for x in dist)
    dealer_rows = tuple((CATEGORIES[x.category], grouped(x.count), frac(x.probability), _prob(x.probability),
                         grouped(x.qualifying), grouped(x.not_qualifying)) for x in reversed(dist))
    ante, raise_, raised = c.par.ante, c.par.raise_, c.par.raised
    wager_rows = (
        ("ante bet", "1", frac(ante), f"{float(ante):+.6f}", f"{float(ante) * 100:+.4f}%"),
        (f"raise bet ({r.rules.raise_antes} antes when raised)", frac(raised), frac(raise_),
         f"{float(raise_):+.6f}", f"{float(raise_ / raised) * 100:+.4f}%"),
        ("the game (ante + raise)", frac(g.expected_wager), frac(ante + raise_), f"{float(ante + raise_):+.6f}",
         f"{float((ante + raise_) / g.expected_wager) * 100:+.4f}%"),
    )
    plays = c.par.plays
    play_rows = tuple((CATEGORIES[x.category], grouped(x.raised), grouped(x.fold), _prob(x.raise_probability),
                       _prob(x.fold_probability), _prob(x.probability)) for x in reversed(plays))
    hold_rows = tuple((s.name, _p(s.report.house_edge), frac(s.report.expected_wager),
                       f"{float(s.report.expected_wager):.6f}", frac(s.report.element_of_risk),
                       _p(s.report.element_of_risk)) for s in r.strategies)
    simple = [s.report.element_of_risk for s in r.strategies[1:] if s.name != "raise always"]
    top = c.par.top
    meets = "meets" if top.meets_display_rule else "does NOT meet"
    award = CATEGORIES[top.category]
    out = [
        Block("h3", "1.1 The dealer's hand"),
        Block("p", f"P(the dealer qualifies with {r.rules.qualifier.label} or better) = {frac(q)} = {_p(q)} "
                   f"({grouped(qual)} of the {grouped(FIVE_CARD_HANDS)} five-card hands). The dealer's five cards are "
                   "a uniformly random five-card hand whatever the player holds or does (by symmetry: every "
                   "deal is equally likely), so the dealer's distribution is that of any five-card hand, counted "
                   "from the evaluator's 6,175 rank patterns (a test checks it against a brute force over every "
                   "hand)."),
        Block("table", rows=dealer_rows, headers=("dealer's hand", "hands", "probability (exact)", "probability",
                                                   "qualifying", "not qualifying")),
        Block("h3", "1.2 The ante and the raise as two wagers"),
        Block("p", "Per ante: each bet's expected net. A fold loses the ante and bets no raise; a dealer who does "
                   "not qualify pays the ante and returns the raise; a qualifying dealer beaten pays the ante 1 "
                   "to 1 and the raise at the pay table; a tie pushes both. The two sum to the game's return "
                   "exactly. Amount wagered: the expected stake per ante; return per unit: expected net over it."),
        Block("table", rows=wager_rows, headers=("wager", "amount wagered (antes)", "expected net (exact)",
                                                  "expected net", "per unit wagered")),
        Block("h3", "1.3 The player's hands, raised and folded"),
        Block("p", f"Every (hand, up card) situation ({grouped(g.situations)}, equally likely) by the player's "
                   "category under optimal play: situations raised and folded, and their probabilities "
                   f"(the counts over {grouped(g.situations)})."),
        Block("table", rows=play_rows, headers=("player's hand", "raised", "folded", "P(raise)", "P(fold)",
                                                 "P(dealt)")),
        Block("h3", "1.4 Hold as a share of drop"),
        Block("p", "Drop: the total amount wagered, ante + raise (per ante, the expected total wager). Hold: the "
                   "house's expected win, the house edge per ante. Hold as a share of drop = house edge / drop "
                   "(for optimal play, the element of risk). A typical player plays one of the simple strategies "
                   "or close to one: for those below (raising always aside) the hold is "
                   + (f"{_p(min(simple))} to {_p(max(simple))} of drop." if simple else "as listed.")),
        Block("table", rows=hold_rows, headers=("strategy", "hold per ante", "drop per ante (exact)",
                                                 "drop per ante", "hold / drop (exact)", "hold / drop")),
        Block("h3", "1.5 The top award"),
        Block("p", f"The ante game's largest pay: {award}, the raise paid {frac(top.pays)} to 1 (net "
                   f"{frac(top.net)} antes with the ante). Dealt to the player in {frac(top.dealt)} of hands "
                   f"({_odds(top.dealt)}); paid (raised, the dealer qualifies and is beaten) in {frac(top.paid)} "
                   f"of deals ({_odds(top.paid)}). A display rule that the top award's odds be no longer than "
                   f"1 in {grouped(TOP_AWARD_ODDS_LIMIT)}: the award {meets} it."),
        Block("table", rows=((f"{award} dealt", frac(top.dealt), f"{float(top.dealt):.4e}", _odds(top.dealt)),
                             (f"{award} paid", frac(top.paid), f"{float(top.paid):.4e}", _odds(top.paid)),
                             ("display rule", f"1/{TOP_AWARD_ODDS_LIMIT}", f"{1 / TOP_AWARD_ODDS_LIMIT:.4e}",
                              meets)),
              headers=("award", "probability (exact)", "probability", "odds")),
    ]
    if r.progressive is not None:
        royal = r.progressive.report.rows()[0]
        ok = "meets" if royal.probability * TOP_AWARD_ODDS_LIMIT >= 1 else "does NOT meet"
        out.insert(-1, Block("p", f"The progressive's top award (the {royal.hand}, paid on the player's five "
                                  f"cards whatever the dealer holds): {frac(royal.probability)} "
                                  f"({_odds(royal.probability)}), which {ok} the same rule."))
    return out


def hands_per_hour_source(r: MathReport) -> str:
    """Where the rounds-an-hour figure comes from: it is an assumption of the report."""
    h = r.table_hour.hands_per_hour
    if h == DEFAULT_HANDS_PER_HOUR:
        return ("an assumption: the default of caribbean-exact report (--hands-per-hour), not a measured or "
                "published rate; set it from the house's own count of rounds an hour")
    return "an assumption given with --hands-per-hour"


def _config_blocks(c: Context) -> list[Block]:
    """The title block: product, version, date, and the rules and settings the figures assume."""
    r, date = c.r, c.date
    h = r.table_hour
    cov = r.seat_covariance
    rows: list[tuple[str, str]] = [("product", f"caribbean-exact {__version__}")]
    if date:
        rows.append(("date", date))
    rows += [
        ("pay table (raise bet, royal first)", f"{r.rules.paytable.name}: {pays_text(r.rules.paytable)}"),
        ("dealer qualifies with", f"{r.rules.qualifier.label} or better"),
        ("raise", f"{r.rules.raise_antes} antes"),
        ("cap per bet", "none" if r.rules.max_payout is None else _money(r.rules.max_payout)),
        *_switch_config(r),
        ("seats", str(h.seats)),
        ("rounds an hour", f"{frac(h.hands_per_hour)} ({hands_per_hour_source(r)})"),
        ("average ante", _money(h.average_ante)),
        ("shift", f"{frac(h.hours)} hours"),
        ("results over N hands", ", ".join(grouped(x.hands) for x in r.over_n_hands)),
        ("seat covariance sample", f"{grouped(cov.deals)} rounds, seed {cov.seed}"),
    ]
    if r.progressive is not None:
        p = r.progressive
        rows += [("progressive", f"meter {_money(p.meter)}, reset {_money(p.reset)}, contribution "
                                 + ("none" if p.contribution is None else _p(p.contribution, 2))
                                 + ("" if p.sf_cap is None else f", straight flush cap {_money(p.sf_cap)}")),
                 ("side-bet pace", f"{frac(p.bets_per_hour)} bets an hour, {frac(p.hours_per_year)} hours a year")]
    if r.bonus is not None:
        rows.append(("5+1 Bonus", "included"))
    return [Block("h2", "Configuration"),
            Block("table", rows=tuple(rows), headers=("setting", "value"))]


def _switch_config(r: MathReport) -> list[tuple[str, str]]:
    """The configuration's rows of the game priced and the strategy assumed: with card switching,
    the fees and the switching assumed."""
    if r.buying is not None:
        fee = r.buying.optimal.fee
        return [("a sixth card for sale", f"{frac(fee)} ante{'' if fee == 1 else 's'}, not returned; the player "
                                          "plays the best five of his six cards"),
                ("game priced", "the game with optimal buying (the summary, the section A sixth card for sale); the "
                                "numbered sections, the cap and game protection: the game without buying"),
                ("strategy assumed", "optimal buying, then the optimal raise or fold; without buying: optimal "
                                     "(attached: the strategy chart at the end)")]
    if r.switching is None:
        return [("strategy assumed", "optimal (attached: the strategy chart at the end)")]
    f = r.switching.rules.fees
    return [("card switching (Oasis Poker)", fees_text(f) + (", switching all five forces a raise" if f.allows(5)
                                                             else "") + "; fees not returned"),
            ("game priced", "Oasis Poker with optimal switching (the summary, the Oasis Poker section); the "
                            "numbered sections, the cap and game protection: the game without switching"),
            ("strategy assumed", "optimal switching, then the optimal raise or fold; without switching: optimal "
                                 "(attached: the strategy chart at the end)")]


def _edge_text(g: WholeGame) -> tuple[str, str]:
    """A whole game's house edge as (value, how it is known), read through the ``WholeGame``
    protocol (and a sampled game's ``half_width``, a bounded one's ``house_edge_bound``)."""
    if g.exactness == "exact":
        return f"{_p(g.house_edge)} ({frac(g.house_edge)})", "exact"
    hw = half_width(g)
    if g.exactness == "sampled" and hw is not None:
        bound = getattr(g, "house_edge_bound", None)
        return (f"{_p(g.house_edge)} +/- {hw * 100:.4f} points",
                (f"estimate: the exact bound {_p(bound)} less the sampled gain of switching more, 95% interval"
                 if isinstance(bound, Fraction) else "sampled, 95% interval"))
    fees = getattr(g, "fees", None)
    base = base_game(fees) if isinstance(fees, SwitchFees) else "switching at most one card"
    return f"at most {_p(g.house_edge)} ({frac(g.house_edge)})", f"exact bound: {base}"


def _times_edge(g: WholeGame, per_edge: Fraction, shown: Callable[[Fraction], str] = _money) -> str:
    """An amount that is ``per_edge`` x a whole game's house edge (``shown``: money by default):
    exact, or the estimate and its interval, or the bound."""
    x = per_edge * g.house_edge
    hw = half_width(g)
    if g.exactness == "sampled" and hw is not None:
        return f"{shown(x)} +/- {shown(per_edge * Fraction(hw))}"
    return ("at most " if g.exactness == "bounded" else "") + shown(x)


def _antes(x: Fraction) -> str:
    return f"{float(x):,.4f}"


def _summary_blocks(c: Context) -> list[Block]:
    """The whole game priced (``MathReport.priced``) when it is not the plain game (card switching):
    its figures at the report's table, first, read through the ``WholeGame`` protocol."""
    r = c.r
    g = r.priced
    h = r.table_hour
    value, how = _edge_text(g)
    draw = r.draw_word or "play"
    rows: list[tuple[str, str, str]] = [("house edge per ante, optimal " + draw, value, how)]
    if g.element_of_risk is not None and g.expected_wager is not None:
        rows += [("house edge per total wager (element of risk)", _p(g.element_of_risk), frac(g.element_of_risk)),
                 ("expected total wager (antes: ante, raise, fees)", f"{float(g.expected_wager):.6f}",
                  frac(g.expected_wager))]
    rows += [(f"house edge without {draw}", _p(r.game.house_edge), frac(r.game.house_edge)),
             ("theoretical win per table-hour", _times_edge(g, h.seats * h.hands_per_hour * h.average_ante),
              f"{h.seats} seats, {frac(h.hands_per_hour)} rounds an hour, average ante {_money(h.average_ante)}"),
             (f"expected win over a shift of {frac(h.hours)} hours",
              _times_edge(g, h.seats * h.hands_per_hour * h.average_ante * h.hours), "")]
    rows += [(f"house's expected win over {grouped(x.hands)} hand{'s' if x.hands > 1 else ''} (antes)",
              _times_edge(g, Fraction(x.hands), _antes), "exact multiple of the house edge" if g.exactness == "exact"
              else "") for x in r.over_n_hands]
    if r.buying is not None:
        fee = r.buying.optimal.fee
        about = Block("p", "The game priced: after seeing his five cards and the dealer's up card the player may buy a "
                           f"sixth card for {frac(fee)} ante{'' if fee == 1 else 's'} (not returned) and play the "
                           "best five of his six, then folds or raises. The figures below are of that game, the "
                           "player buying, raising and folding optimally; how they are counted is in the section A "
                           "sixth card for sale. The numbered sections, the cap and game protection give the game "
                           "without buying (so say their headings): its return table, its results over N hands, and "
                           "the spread of a table's win (the seats' covariance, sampled without buying).")
        return [Block("h2", "Summary: " + game_name(g).split(" (")[0]), about,
                Block("table", rows=tuple(rows), headers=("figure", "value", "note")), *_priced_n_blocks(r)]
    return [
        Block("h2", "Summary: " + game_name(g).split(" (")[0]),
        Block("p", "The game priced: after seeing his five cards and the dealer's up card the player may switch "
                   f"cards for a fee ({fees_text(r.switching.rules.fees) if r.switching else ''}), then folds or "
                   "raises. The figures below are of that game, the player switching, raising and folding optimally; "
                   "how they are counted is in the section Oasis Poker: card switching. The numbered sections, the "
                   "cap and game protection give the game without switching (so say their headings): its return "
                   "table, " + ("its results over N hands, " if r.priced_n_hands else
                                "the spread of results over N hands (not counted with switching at these fees), ")
                   + "and the spread of a table's win (the seats' covariance, sampled without switching)."),
        Block("table", rows=tuple(rows), headers=("figure", "value", "note")),
        *_priced_n_blocks(r),
    ]


#: The headers of a table of results over N hands.
N_HEADERS = ("N", "P(ahead)", "P(even)", "P(behind)", "net quantiles 5/25/50/75/95%", "house win 95% (antes)",
             "normal approx.", "error bound")


def _priced_n_blocks(r: MathReport) -> list[Block]:
    """The results over N hands of the whole game priced, where its distribution is counted."""
    xs = r.priced_n_hands
    if not xs:
        return []
    if r.buying is not None:
        return [Block("p", "Results over N hands with optimal buying: the player's net over N independent hands of "
                           "one ante, from the exact per-deal distribution of the game (its return table in the "
                           "section A sixth card for sale: after buying, the nets less the fee), computed as in "
                           "section 2."),
                Block("table", rows=tuple(_n_rows(xs)), headers=N_HEADERS)]
    return [Block("p", "Results over N hands with optimal switching: the player's net over N independent hands of "
                       "one ante, from the exact per-deal distribution of the game (at these fees the game switching "
                       "at most one card: its return table in the Oasis Poker section, a switch's nets less the fee), "
                       "computed as in section 2."),
            Block("table", rows=tuple(_n_rows(xs)), headers=N_HEADERS)]


def _strategy_blocks(c: Context) -> list[Block]:
    """The strategy assumed, attached: the optimal chart's plain rules, its grid and its S cells."""
    r = c.r
    ch = r.chart
    if ch is None:
        return []
    rules = chart_json(ch)["plain_rules"]
    out = [Block("page"), Block("h2", "Attachment: the strategy assumed"),
           Block("p", f"The optimal strategy of these rules ({describe_rules(ch.rules)}), as the figures assume it: "
                      "plain rules, each checked over every situation it covers, then the hands where the "
                      "decision depends on the dealer's up card."),
           Block("list", rows=tuple((x,) for x in rules))]
    if ch.rows:
        out += [Block("p", "By the dealer's up card (columns: its rank). R = raise, F = fold, S = it depends on "
                           "the player's cards of the up card's suit (below)."),
                Block("table", rows=tuple((label, *(cell_mark(c) for c in cells)) for label, cells in ch.rows),
                      headers=("hand", *ch.columns))]
    if ch.mixed:
        out += [Block("p", "The S cells: how many of the player's cards share the up card's suit, and which "
                           "(checked on every situation of the cell)."),
                Block("table", rows=tuple((c.pattern, c.up, decider_text(ch, c)) for c in ch.mixed),
                      headers=("hand", "up", "decision by the player's cards of the up card's suit"))]
    return out


def _n_blocks(c: Context) -> list[Block]:
    r = c.r
    x1 = r.over_n_hands[0]
    return [
        Block("h2", _without(r, "2. Results over N hands")),
        Block("p", "The player's net over N independent hands of one ante, from the exact per-deal distribution "
                   f"(the return table: {len(r.distribution.nets)} distinct nets). Exact fractions up to "
                   f"N = {EXACT_MAX_HANDS} (integer polynomial powers); beyond, numpy's FFT, with the stated bound "
                   "on the error of every probability. Quantiles of the player's net in antes (5/25/50/75/95%: "
                   "the smallest net x with P(net <= x) >= level); the house win's 95% interval runs from minus "
                   "the 97.5% point to minus the 2.5% point. Beside it the normal approximation "
                   f"N x edge +- VI x sqrt(N), volatility index VI = 1.96 x SD = {x1.volatility_index:.4f}."),
        Block("table", rows=tuple(_n_rows(r.over_n_hands)), headers=N_HEADERS),
        Block("p", f"Mean and variance over N hands are N x {frac(r.game.return_per_ante)} and "
                   f"N x {frac(r.game.variance)} exactly. (*): a level falls within the error bound of the "
                   "cumulative distribution, so that quantile may be off by one step."),
        Block("plot", "net-100", headers=("The player's net over 100 hands",)),
        Block("plot", "net-1000", headers=("The player's net over 1,000 hands",)),
    ]


def _table_blocks(c: Context) -> list[Block]:
    r = c.r
    cov = r.seat_covariance
    h = r.table_hour
    lo, hi = cov.interval
    slo, shi = h.shift_range_95
    sdlo, sdhi = h.standard_deviation_interval
    rows = [
        ("covariance of two seats at one round (antes^2)", f"{float(cov.covariance):.4f}",
         f"95% interval {lo:.4f} .. {hi:.4f} (sampled)"),
        ("correlation", f"{cov.correlation:.4f}", ""),
        ("theoretical win per table-hour", _money(h.theoretical_win), frac(h.theoretical_win)),
        ("standard deviation per table-hour", _money(h.standard_deviation), f"{_money(sdlo)} .. {_money(sdhi)}"),
        (f"expected win over a shift of {frac(h.hours)} hours", _money(h.shift_win), ""),
        ("95% range of the shift's win", f"{_money(slo)} .. {_money(shi)}", "normal approximation"),
        ("P(the house loses the shift)", _p(h.p_house_loses, 2), "normal approximation"),
    ]
    ind = h.independent_range_95
    if ind is not None and h.independent_p_house_loses is not None:
        rows.append(("95% range were the seats independent", f"{_money(ind[0])} .. {_money(ind[1])}",
                     "exact distribution"))
        rows.append(("P(the house loses) were the seats independent", _p(h.independent_p_house_loses, 2),
                     "exact distribution"))
    return [
        Block("h2", _without(r, "3. A table: seats share one dealer hand")),
        Block("p", f"{h.seats} seats, {frac(h.hands_per_hour)} rounds an hour, average ante "
                   f"{_money(h.average_ante)}, every seat playing optimally. The rounds an hour are "
                   f"{hands_per_hour_source(r)}. The seats' results are correlated "
                   "through the dealer's hand. The covariance is sampled (exactly it would take the dealer's "
                   "hand against every pair of player hands, too many): "
                   f"{grouped(cov.deals)} rounds of {cov.seats} seats at one dealer in the C core (seed {cov.seed}), "
                   "every seat pair of a round counted; the interval is the sample mean +- 1.96 standard errors "
                   "of the rounds. Cross-check: the sample's mean net per seat "
                   f"{float(cov.sample_mean):.5f} against the exact {float(cov.mean):.5f}, its variance "
                   f"{float(cov.sample_variance):.4f} against the exact {float(cov.variance):.4f}."),
        Block("table", rows=tuple(rows), headers=("figure", "value", "note")),
        Block("p", "Per round the table's win has mean seats x ante x edge (exact) and variance "
                   "ante^2 (S var + S (S - 1) cov); an hour is the sum of its rounds. The shift's range uses "
                   "the normal approximation with that mean and SD; the exact distribution for independent "
                   "seats is beside it (it has the game's skew but not the dealer's common hand)."),
        Block("plot", "shift", headers=("The house's win over a shift",)),
    ]


def _progressive_blocks(p: ProgressiveHouse) -> list[Block]:
    m = p.meter
    rows = []
    for i, x in enumerate(p.report.rows()):
        pay = p.pay_at(i, m)
        rows.append((x.hand, pay_label(x.pay) + (f" (at most {_money(p.sf_cap)})" if i == 1 and p.sf_cap else ""),
                     grouped(x.count), f"{float(x.probability):.10f}", _money(pay),
                     f"{float(x.probability * (pay - 1)):+.6f}"))
    lose = 1 - p.hit_probability
    rows.append(("anything else", "loses", grouped(FIVE_CARD_HANDS - sum(x.count for x in p.report.rows())),
                 f"{float(lose):.10f}", "$0.00", f"{float(-lose):+.6f}"))
    be = p.breakeven_meter
    g = p.growth_per_hour(m)
    figures = [
        ("hold (house edge) at the meter", _p(p.hold_at(m)), frac(p.hold_at(m))),
        ("hit frequency", _p(p.hit_probability), frac(p.hit_probability)),
        ("standard deviation per $1 at the meter", f"{math.sqrt(p.variance_at(m)):.4f}", ""),
        ("break-even meter", "-" if be is None else _money(be), "" if be is None else frac(be)),
        ("reset (seed) of the meter after a royal", _money(p.reset), "the house's money"),
        ("expected bets between royal flushes", grouped(round(p.bets_between_royals)), frac(p.bets_between_royals)),
    ]
    if p.contribution is not None:
        lr = p.long_run_hold
        eq = p.equilibrium_meter
        assert lr is not None
        assert g is not None
        figures += [
            ("contribution to the meter per $1", _p(p.contribution, 2), frac(p.contribution)),
            ("meter growth from contributions per hour", _money(p.contribution_only_growth or 0), ""),
            ("meter's expected change per hour at the meter", _money(g), "contributions - straight flush shares "
                                                                          "- royal resets"),
            ("meter where the expected change is 0", "-" if eq is None else _money(eq), ""),
            ("long-run hold per $1", _p(lr), frac(lr)),
        ]
    hits = [(h, f"{float(n):,.3f}") for h, n in p.hits_per_year()]
    builtins = []
    for t in FIXED_PAY_TABLES:
        q = ProgressiveHouse(type(p.report)(t.pays, p.report.convention, 1, p.report.counts, m, ()),
                             p.contribution, p.reset, p.sf_cap, p.bets_per_hour, p.hours_per_year)
        b = q.breakeven_meter
        builtins.append((Name(t.name), _p(q.hold_at(m)), "-" if b is None else _money(b),
                         "-" if q.long_run_hold is None else _p(q.long_run_hold), t.source + (f" ({t.note})"
                                                                                               if t.note else "")))
    return [
        Block("h2", "4. The $1 progressive jackpot from the house's side"),
        Block("p", f"Paid on the player's five cards whatever the dealer holds, \"for 1\" (the $1 is collected, a "
                   f"win is all that is paid), one progressive player per hand; figures at a meter of {_money(m)}. "
                   "The royal takes the meter, which restarts at the reset; the straight flush's share comes out of "
                   "the meter; fixed pays come from the house. In the long run every dollar put on the meter goes "
                   "to players: the house keeps 1 - fixed pays - contribution - P(royal) x reset per $1."),
        Block("table", rows=tuple(rows), headers=("hand", "pays", "combinations", "probability", "pays at the meter",
                                                  "contribution to the net")),
        Block("table", rows=tuple(figures), headers=("figure", "value", "exact")),
        Block("p", f"Expected hits a year at {frac(p.bets_per_hour)} bets an hour, {frac(p.hours_per_year)} hours "
                   "a year:"),
        Block("table", rows=tuple(hits), headers=("hand", "hits a year")),
        Block("p", "Fixed-pay tables seen at casinos (four of a kind / full house / flush; royal 100% and straight "
                   "flush 10% of the meter), at the same meter and settings. A 75/100/500 table is left out: no "
                   "public source was at hand."),
        Block("table", rows=tuple(builtins), headers=("table", "hold at the meter", "break-even meter",
                                                      "long-run hold", "source")),
    ]


def _bonus_blocks(c: Context) -> list[Block]:
    r = c.r
    assert r.bonus is not None
    b = r.bonus.report
    rows = tuple((x.hand, "-" if x.pays is None else f"{frac(x.pays)} {b.convention} 1", grouped(x.count),
                  f"{float(x.probability):.8f}", _net(x.net), f"{float(x.contribution):+.8f}") for x in b.rows())
    return [
        Block("h2", "5+1 Bonus"),
        Block("p", f"The best five of the player's five cards and the dealer's up card, over all "
                   f'{grouped(SIX_CARD_SETS)} six-card sets; pays "{b.convention} 1".'),
        Block("table", rows=rows, headers=("hand", "pays", "combinations", "probability", "net", "contribution")),
        Block("table", rows=(("house edge per unit", _p(b.house_edge), frac(b.house_edge)),
                             ("hit frequency", _p(b.hit_probability), frac(b.hit_probability)),
                             ("variance per unit", f"{float(b.variance):.4f}", frac(b.variance)),
                             ("standard deviation per unit", f"{math.sqrt(b.variance):.4f}", "")),
              headers=("figure", "value", "exact")),
        Block("table", rows=tuple((h, f"{float(n):,.2f}") for h, n in r.bonus.hits_per_year()),
              headers=("hand", "hits a year")),
    ]


def _cap_blocks(c: Context) -> list[Block]:
    r = c.r
    if r.cap is None:
        return [Block("h2", _without(r, "The cap")),
                Block("p", "No cap per bet was given (--max-payout): every win is paid in full.")]
    cap = r.cap
    row = cap.rows[0]
    return [
        Block("h2", _without(r, "The cap")),
        Block("p", f"A cap of {_money(cap.max_payout)} on the win of one bet at the average ante "
                   f"{_money(row.ante)} (no win reaches it up to an ante of {_money(cap.threshold)}); the optimal "
                   "strategy re-solved under the cap."),
        Block("table", rows=(("house edge without the cap", _p(cap.uncapped.house_edge)),
                             ("house edge under the cap", _p(row.report.house_edge)),
                             ("added house edge per ante", _p(row.cost_per_ante)),
                             ("added expected loss per round", _money(row.cost_per_round)),
                             ("strategy changed", "yes" if row.strategy_changed else "no")),
              headers=("figure", "value")),
    ]


def _flash_blocks(c: Context) -> list[Block]:
    r = c.r
    f = r.flash
    if f is None:
        return []
    return [
        Block("h2", _without(r, "Game protection: a flashed hole card")),
        Block("p", f"A dealer who exposes a hole card in {rate_text(f.rate)} of hands, to one player who uses it: "
                   "he plays the exact one-seen-card game in those hands and the plain game in the others, so "
                   "every figure is the exact mixture of the two games. The cost per table-hour is at this "
                   f"report's {frac(f.hands_per_hour)} rounds an hour and average ante {_money(f.average_ante)}; "
                   "it grows with each further player who uses the flashes. How many hands surveillance needs "
                   "to see it: caribbean-exact detect --flash-rate X (docs/game-protection.md)."),
        Block("table", rows=tuple((str(a), str(b), str(c)) for a, b, c in flash_rows(f)),
              headers=("figure", "exact", "display")),
    ]


def _sixth_blocks(c: Context) -> list[Block]:
    """A sixth card for sale: the whole game with optimal buying, what the player does, the buying
    lines and their exact cost, each exact."""
    b = c.r.buying
    assert b is not None
    g = b.optimal
    figures, acts, ranks, ret = option_game_rows(g, ("P(buy a sixth card)",), g.buy_by_up_rank)
    fee = f"{frac(g.fee)} ante{'' if g.fee == 1 else 's'}"
    lines = b.game
    return [
        Block("h2", "A sixth card for sale"),
        Block("p", "After seeing his five cards and the dealer's up card the player may buy one more card for "
                   f"{fee}, which he does not get back, and plays the best five of his six; then he folds or raises. "
                   f"Every one of the {grouped(g.situations)} situations is counted: standing, and each of the 46 "
                   "cards bought, against every dealer hand; the better option is taken (ties: stand), then the "
                   "player raises or folds by exact comparison. Every figure of this section is exact."),
        Block("table", rows=tuple((str(a), str(b_), str(d)) for a, b_, d in figures),
              headers=SIXTH_HEADERS[0]),
        Block("p", "What the player does, by his five cards (share of the situations of each category):"),
        Block("table", rows=tuple(tuple(str(x) for x in row) for row in acts), headers=SIXTH_HEADERS[1]),
        Block("p", "The situations that buy, by the dealer's up card:"),
        Block("table", rows=tuple(tuple(str(x) for x in row) for row in ranks), headers=SIXTH_HEADERS[2]),
        Block("p", "Return table (probabilities over every deal; after buying, the nets less the fee):"),
        Block("table", rows=tuple(tuple(str(x) for x in row) for row in ret), headers=SIXTH_HEADERS[3]),
        Block("h3", "When to buy, in plain words"),
        Block("p", "The first line that fits says buy, else stand; after the card the player raises or folds at "
                   "best. " + " ".join(f"({k}) Buy with {line}." for k, line in enumerate(BUY_LINES, 1))),
        Block("table", rows=(
            ("house edge, buying by these lines (exact: every deal counted)", _p(lines.house_edge),
             frac(lines.house_edge)),
            ("cost of the lines against optimal buying, per ante (exact)", _p(b.cost), frac(b.cost)),
            ("share of situations the lines buy", _p(lines.buy_probability), frac(lines.buy_probability)),
            ("house edge, optimal buying (exact)", _p(g.house_edge), frac(g.house_edge))),
            headers=("figure", "value", "exact")),
    ]


def _leak_blocks(c: Context) -> list[Block]:
    r = c.r
    x = r.leak
    if x is None:
        return []
    out = [
        Block("h2", _without(r, f"Game protection: {x.name}")),
        Block("p", f"A player who has this leak ({information_words(x.information)}) and plays it optimally, "
                   "in every hand: his exact whole game against the optimal plain game. The cost per table-hour "
                   f"is at this report's {frac(x.hands_per_hour)} rounds an hour and average ante "
                   f"{_money(x.average_ante)}, for one player who uses the leak and for every seat. A tell is a "
                   "decision the optimal player never makes (a high card below A-K raised, a pair or better "
                   "folded): one seen is enough. The rate tests are exact one-sided binomial tests of the "
                   "player's raise rate (or win rate) against the optimal player's; each figure is the fewest "
                   "hands that keep both error rates (docs/game-protection.md, caribbean-exact detect)."),
        Block("table", rows=tuple((str(a), str(b), str(d)) for a, b, d in leak_figures(x, r.table_hour.seats)),
              headers=("figure", "exact", "display")),
    ]
    if x.tells is not None and x.tells.top:
        t = x.tells
        out += [Block("p", "The commonest tells, by their share of hands:"),
                Block("table", rows=tuple((w.words, pct(Fraction(w.weight, t.total))) for w in t.top),
                      headers=("tell", "share of hands"))]
    return out


def _size_excluded(r: MathReport, j: int) -> str:
    """Where a switch of ``j`` cards is proven never best: every up card, some ranks, or none."""
    assert r.switching is not None
    s = r.switching.sample
    proof = r.switching.game.proof if r.switching.game is not None else None
    if r.switching.game is not None and j == 1:
        return "counted exactly in every situation (the one-card game)"
    if proof is not None and j == 5 and proof.five_counted and proof.game is not None:
        return (f"counted exactly in every situation: best in {grouped(proof.game.five_situations)} of the "
                f"{grouped(proof.game.situations)} ({_p(proof.game.five_probability)})")
    if proof is not None and j in proof.excluded:
        return f"never better than {best_of_base(proof.fees)} (exact bound, in every situation)"
    counted = r.switching.game.counted if r.switching.game is not None else None
    if counted is not None and proof is not None and j in proof.open_sizes:
        return (f"counted exactly in every situation (the whole game below): best in "
                f"{grouped(counted.situations_of(j))} of the {grouped(counted.situations)} "
                f"({_p(Fraction(counted.situations_of(j), counted.situations))}); its exact bound left it open in "
                f"{grouped(proof.undecided(j))}")
    if proof is not None and j in proof.open_sizes:
        return (f"not excluded: its exact bound is above the best of {best_of_base(proof.fees)} in "
                f"{grouped(proof.undecided(j))} of the {grouped(proof.situations)} situations")
    if j in s.excluded:
        return f"never best (bound {float(s.excluded[j]):.4f} < -1, every up card)"
    ranks = [RANKS[k] for k, ex in enumerate(s.excluded_by_up) if j in ex]
    if ranks:
        return f"never best against an up card {', '.join(ranks)} (bound below -1 by the up card's rank)"
    return "not excluded (no bound below -1 proven)"


def _switch_blocks(c: Context) -> list[Block]:
    """Oasis Poker: the fees, the proven exclusions, the sampled house edges and the switching lines."""
    r = c.r
    sw = r.switching
    if sw is None:
        return []
    s, f = sw.sample, sw.rules.fees
    out = [Block("h2", "Oasis Poker: card switching"),
           Block("p", "After seeing his five cards and the dealer's up card the player may once replace any of his "
                      "cards by the next cards of the deck, for a fee in antes by the number switched, not "
                      f"returned: {fees_text(f)}." + (" Switching all five forces a raise." if f.allows(5) else "")
                      + " Then he folds or raises."),
           Block("table", rows=tuple((str(j), str(f.fee(j)), _size_excluded(r, j)) if f.allows(j)
                                     else (str(j), "not allowed", "") for j in range(1, len(f.fees) + 1)),
                 headers=("cards switched", "fee (antes)", "proven (exact bound on the EV, per ante)"))]
    g = sw.game
    if s.exact:
        out.append(Block("p", f"Every switch is proven never best at these fees: the game is the plain game, house "
                              f"edge {_p(s.house_edge)} ({frac(s.house_edge)}), exact."))
    elif g is None:
        out.append(Block("p", f"The whole game is sampled: {grouped(s.deals)} hands (seed {s.seed}), each hand's "
                              "options counted exactly (every replacement set and dealer hand); the estimate is the "
                              "plain game's exact return plus the mean gain of switching (a control variate). "
                              "95% intervals."))
    elif g.counted is not None:
        said = counted_sizes_text(g.counted)
        left = g.proof.open_sizes if g.proof is not None else ()
        out.append(Block("p", "With optimal switching the house edge is exact: the bounds of the larger switches "
                              f"leave switches of up to {max(left, default=2)} cards open, so the whole game is "
                              f"counted over every one of them (every one of the {grouped(g.counted.situations)} hands "
                              f"and up cards, every discard set of {said} cards, every replacement and dealer hand; "
                              "below)"
                              + (f"; switching {', '.join(map(str, g.proof.excluded))} cards is proven never "
                                 f"better than {best_of_base(f)} (exact bounds)"
                                 if g.proof is not None and g.proof.excluded else "") + "."
                              + (" The switching lines' house edge is exact too (the same game counted with each "
                                 "hand's switch the lines'), their cost the difference of the two exact house edges."
                                 if sw.lines_exact else
                                 f" The switching lines' figures are sampled: {grouped(s.deals)} hands (seed "
                                 f"{s.seed}), paired with the optimal switch. 95% intervals.")))
    elif g.exact:
        out.append(Block("p", f"With optimal switching the house edge is exact: the game {base_game(f)} "
                              f"is counted whole (every one of the {grouped(g.one_card.situations)} hands "
                              "and up cards, every replacement card and dealer hand; below)"
                              + (", and every larger switch is proven never better than it in every one of them "
                                 f"(an exact bound of each switch's EV against the exact best of {best_of_base(f)})"
                                 if g.proof is not None and not g.proof.five_counted else "")
                              + ("; the switch of all five cards is counted exactly in every one of them too, and "
                                 "the switches of two to four cards are proven never better than the best of "
                                 "standing, one card and five (exact bounds)"
                                 if g.proof is not None and g.proof.five_counted else "") + "."
                              + (" The switching lines' house edge is exact as well: the same game counted whole "
                                 "with each hand's switch the lines' (below), their cost the difference of the two "
                                 f"exact house edges. A sample of {grouped(s.deals)} hands (seed {s.seed}), each "
                                 "hand's options counted exactly, shows how often each size is switched."
                                 if sw.lines_exact else
                                 f" The switching lines' figures are sampled: {grouped(s.deals)} hands (seed "
                                 f"{s.seed}), each hand's options counted exactly, the lines paired with the optimal "
                                 "switch on the same hands. 95% intervals.")))
    else:
        out.append(Block("p", ("A player may always switch at most one card" if f.allows(1) else
                               "A player may always stand (one card may not be switched)")
                              + ", so the house edge of that game, counted "
                              f"whole and exact (every one of the {grouped(g.one_card.situations)} hands and up "
                              "cards, every replacement card and dealer hand; below), is an exact upper bound. What "
                              f"switching more cards gains is sampled: {grouped(s.deals)} hands (seed {s.seed}), in "
                              f"each the best option of every size and the best of {best_of_base(f)}, exact; the "
                              "estimate is the bound less their mean gain. The switching lines are sampled on the "
                              "same hands, paired with the optimal switch. 95% intervals."))
    best: tuple[tuple[str, str], ...]
    if g is None or s.exact:
        best = (("house edge, optimal switching (sampled)", f"{_p(s.house_edge)} +/- {s.half_width * 100:.4f} points"),)
    elif g.exact:
        best = (("house edge, optimal switching (exact)", f"{_p(g.house_edge)} ({frac(g.house_edge)})"),)
    else:
        best = ((f"house edge, optimal switching: at most (exact, {base_game(f)})",
                 f"{_p(g.house_edge_bound)} ({frac(g.house_edge_bound)})"),
                ("house edge, optimal switching (estimate: that bound less the sampled gain of switching more)",
                 f"{_p(g.house_edge)} +/- {g.half_width * 100:.4f} points"),
                ("gain of switching 2 or more cards, per ante (sampled, paired)",
                 f"{_p(s.mean_difference)} +/- {s.difference_half_width * 100:.4f} points"))
    lines_rows: tuple[tuple[str, str], ...]
    if sw.lines_exact:
        lines_rows = (("house edge, the switching lines below (exact: every deal counted)",
                       f"{_p(sw.lines_house_edge)} ({frac(sw.lines_house_edge)})"),
                      ("cost of the lines against optimal switching, per ante (exact)",
                       f"{_p(sw.lines_cost)} ({frac(sw.lines_cost)})"))
    else:
        lines_rows = (("house edge, the switching lines below (the optimal switching's plus their sampled cost)",
                       f"{_p(sw.lines_house_edge)} +/- {sw.lines_half_width * 100:.4f} points"),
                      ("cost of the lines against optimal switching, per ante (sampled, paired)",
                       f"{_p(s.strategy_cost)} +/- {s.strategy_cost_half_width * 100:.4f} points"))
    out.append(Block("table", rows=(
        *best,
        *lines_rows,
        ("house edge without switching (exact)", f"{_p(-s.plain_return)} ({frac(-s.plain_return)})"),
        ("sampled hands where the best option switches 0 / 1 / 2 / 3 / 4 / 5 cards",
         " / ".join(map(grouped, s.best_sizes))),
        ("sampled hands where the lines switch 0 / 1 / 2 / 3 / 4 / 5 cards",
         " / ".join(map(grouped, s.strategy_sizes)))),
        headers=("figure", "value")))
    out.append(Block("p", "The switching lines (the first that fits decides; after the switch the cost counts the "
                          "exact best raise or fold for the cards drawn):"))
    lines = [switch_sentence(x) for x in sw.rules.lines] + ["Anything else: switch nothing."]
    out.append(Block("list", rows=tuple((x,) for x in lines)))
    if g is not None and g.counted is not None:
        out += _counted_blocks(g.counted)
    elif g is not None and g.exact_game is not None:
        out += _one_or_five_blocks(g.exact_game)
    elif g is not None and not s.exact and f.allows(1):  # (without one card, that game is the plain game)
        out += _one_card_blocks(sw)
    if sw.lines_game is not None:
        lg = sw.lines_game.game
        figures = counted_rows(lg)[0] if isinstance(lg, ExactSwitchGame) else one_card_rows(lg)[0]
        out += [Block("h3", "The game switching by the lines (exact)"),
                Block("p", f"In each of the {grouped(lg.situations)} hands and up cards the player switches what "
                           "the lines above say (or stands), then raises or folds as the exact counts decide; every "
                           "replacement set and dealer hand counted."),
                Block("table", rows=tuple(map(tuple, figures)), headers=ONE_CARD_HEADERS[0])]
    return out


def _one_or_five_blocks(g: OneOrFiveGame) -> list[Block]:
    """The whole game with the five-card switch counted, exact: its figures, what the player does by
    hand, the card switched by rank, its return table."""
    figures, acts, ranks, ret = one_or_five_rows(g)
    h = ONE_OR_FIVE_HEADERS
    return [
        Block("h3", "The whole game with optimal switching (exact)"),
        Block("p", f"In each of the {grouped(g.situations)} hands and up cards the player stands, switches the one "
                   "card or switches all five, whichever is worth the most by its exact EV, the fee included "
                   "(ties: fewer cards), then raises or folds as the exact counts decide (after switching five he "
                   "must raise). Switching two to four cards is proven never better (above)."),
        Block("table", rows=tuple(map(tuple, figures)), headers=h[0]),
        Block("p", "What the player does, by his five cards (share of the hands and up cards of each category):"),
        Block("table", rows=tuple(map(tuple, acts)), headers=h[1]),
        Block("p", "The card switched when one is, by rank (share of the hands that switch one):"),
        Block("table", rows=tuple(map(tuple, ranks)), headers=h[2]),
        Block("p", "Return table (probabilities over every deal; a switch's nets less the fee; the switches of all "
                   "five in one row, their mean net):"),
        Block("table", rows=tuple(map(tuple, ret)), headers=h[3]),
    ]


def _counted_blocks(g: ExactSwitchGame) -> list[Block]:
    """The whole game counted over every switch of up to the schedule's largest size, exact: its
    figures, what the player does by hand and by up card, its return table."""
    m = len(g.fees.fees)
    figures, acts, ret = counted_rows(g)
    h = COUNTED_HEADERS
    sizes = tuple(f"switch {k}" for k in range(1, m + 1))
    said = counted_sizes_text(g)
    return [
        Block("h3", f"The whole game, every switch of {said} cards counted (exact)"),
        Block("p", f"In each of the {grouped(g.situations)} hands and up cards the player stands or switches the "
                   f"set of {said} cards whose exact EV, the fee included, is the largest (ties: fewer cards, "
                   "then the lower cards), then raises or folds as the exact counts decide."),
        Block("table", rows=tuple(map(tuple, figures)), headers=h[0]),
        Block("p", "What the player does, by his five cards (share of the hands and up cards of each category):"),
        Block("table", rows=tuple(map(tuple, acts)), headers=(*h[1], *sizes)),
        Block("p", "What the player does, by the dealer's up card (share of its hands):"),
        Block("table", rows=tuple(map(tuple, counted_up_rows(g))), headers=("up card", *h[1][1:], *sizes)),
        Block("p", "Return table (probabilities over every deal; a switch's nets less the fee):"),
        Block("table", rows=tuple(map(tuple, ret)), headers=h[2]),
    ]


def _one_card_blocks(sw: SwitchStudy) -> list[Block]:
    """The game with at most one card switched, exact: its figures, what the player does by hand,
    the card switched by rank, its return table."""
    assert sw.game is not None
    one = sw.game.one_card
    figures, acts, ranks, ret = one_card_rows(one)
    h = ONE_CARD_HEADERS
    fee = f"{frac(one.fee)} ante{'s' if one.fee != 1 else ''}"
    return [
        Block("h3", "The game with at most one card switched (exact)"),
        Block("p", f"Switching one card for {fee}: in each of the {grouped(one.situations)} hands and up cards the "
                   "player stands or switches the one card whose exact EV, the fee included, is the largest "
                   "(ties: standing), then raises or folds as the exact counts decide. "
                   + ("This is the game at these fees." if sw.game.exact else
                      "At these fees it is the exact bound above: switching more can only gain.")),
        Block("table", rows=tuple(map(tuple, figures)), headers=h[0]),
        Block("p", "What the player does, by his five cards (share of the hands and up cards of each category):"),
        Block("table", rows=tuple(map(tuple, acts)), headers=h[1]),
        Block("p", "The card switched, by rank (share of the hands that switch):"),
        Block("table", rows=tuple(map(tuple, ranks)), headers=h[2]),
        Block("p", "Return table (probabilities over every deal; a switch's nets less the fee):"),
        Block("table", rows=tuple(map(tuple, ret)), headers=h[3]),
    ]


def title(r: MathReport) -> str:
    """The report's title."""
    table = f"{r.rules.paytable.name} ({pays_text(r.rules.paytable)})"
    if r.priced is r.game:
        return f"Math report: {table}"
    return f"Math report: {game_name(r.priced)}, {table}"


def _title_blocks(c: Context) -> list[Block]:
    return [Block("h1", title(c.r)),
            Block("p", "Every figure is exact (fractions of integer counts) unless marked sampled, approximate or "
                       "given with an error bound. Generated by caribbean-exact.")]


@dataclass(frozen=True)
class ParSheet:
    """What the par sheet's blocks and its JSON both read, computed once: the ante's and the raise's
    expected nets, the raise wagered, the player's hands raised and folded, the top award."""

    ante: Fraction
    raise_: Fraction
    raised: Fraction
    plays: tuple[CategoryPlay, ...]
    top: TopAward


class Context:
    """One rendering of a report: the report (``r``, computed once by ``house.math_report``), the date
    of the title block, and what more than one section or format reads, computed once."""

    def __init__(self, r: MathReport, date: str | None = None) -> None:
        self.r = r
        self.date = date

    @cached_property
    def par(self) -> ParSheet:
        """The par sheet's figures."""
        g = self.r.game
        ante, raise_ = g.wager_returns()
        return ParSheet(ante, raise_, self.r.rules.raise_antes * g.raise_probability, tuple(g.play_by_category()),
                        self.r.top_award)


def _always(r: MathReport) -> bool:  # noqa: ARG001 (every section's test takes the report)
    return True


def _no_json(c: Context) -> dict[str, Any]:  # noqa: ARG001
    return {}


@dataclass(frozen=True)
class Section:
    """One section of the report: its ``name``, whether it ``applies`` to a report (from the options
    and the game: a side bet asked for, card switching, ...), its ``blocks`` (headings, paragraphs,
    tables, plots: the one description that Markdown, HTML and PDF each write out) and its ``json``
    fields, each from the rendering's ``Context``. A new section is one entry of ``SECTIONS``."""

    name: str
    blocks: Callable[[Context], list[Block]]
    json: Callable[[Context], dict[str, Any]] = _no_json
    applies: Callable[[MathReport], bool] = _always


# ---------------------------------------------------------------- formats


def markdown(r: MathReport, plot_names: dict[str, str] | None = None) -> str:
    """The report as Markdown; ``plot_names`` maps each plot key to the PNG file it links."""
    lines: list[str] = []
    name = r.rules.paytable.name
    escaped = markdown_text(name)

    def named(s: str) -> str:  # the pay table's name (a user's file may name it "<script>") as text
        return s.replace(name, escaped) if escaped != name else s

    def text(b: Block) -> str:
        return named(b.text)

    for b in blocks(r):
        if b.kind == "h1":
            lines += [f"# {text(b)}", ""]
        elif b.kind == "h2":
            lines += [f"## {text(b)}", ""]
        elif b.kind == "h3":
            lines += [f"### {text(b)}", ""]
        elif b.kind == "p":
            lines += [text(b), ""]
        elif b.kind == "list":
            lines += [*(f"- {named(x[0])}" for x in b.rows), ""]
        elif b.kind == "table":
            lines += [table([[named(c) if isinstance(c, str) else c for c in row] for row in b.rows], b.headers,
                            "github"), ""]
        elif b.kind == "plot" and plot_names and b.text in plot_names:
            lines += [f"![{b.headers[0]}]({plot_names[b.text]})", ""]
    return "\n".join(lines).rstrip() + "\n"


def html_page(r: MathReport, plots: dict[str, bytes]) -> str:
    """The report as one self-contained HTML page (plots inline as PNG)."""
    body = []
    for b in blocks(r):
        if b.kind in ("h1", "h2", "h3"):
            body.append(f"<{b.kind}>{html.escape(b.text)}</{b.kind}>")
        elif b.kind == "p":
            body.append(f"<p>{html.escape(b.text)}</p>")
        elif b.kind == "list":
            body.append("<ul>" + "".join(f"<li>{html.escape(x[0])}</li>" for x in b.rows) + "</ul>")
        elif b.kind == "table":
            head = "".join(f"<th>{html.escape(h)}</th>" for h in b.headers)
            rows = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in b.rows)
            body.append(f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>")
        elif b.kind == "plot" and b.text in plots:
            data = base64.b64encode(plots[b.text]).decode()
            body.append(f'<figure><img alt="{html.escape(b.headers[0])}" src="data:image/png;base64,{data}">'
                        f"<figcaption>{html.escape(b.headers[0])}</figcaption></figure>")
    style = ("body{font-family:sans-serif;max-width:70em;margin:2em auto;line-height:1.4}"
             "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #bbb;padding:.2em .5em;"
             "text-align:left}th{background:#eee}img{max-width:100%}")
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title(r))}</title>'
            f"<style>{style}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n")


def _pyplot() -> Any:
    return pyplot("the report's plots", " (or write --out FILE.json)")


def _dollars(x: float) -> str:
    """Money in a plot label: matplotlib reads "$...$" as mathematics, so the sign is escaped."""
    return _money(x).replace("$", r"\$")


def _net_plot(ax: Any, *, x: NHands) -> None:
    """Bars of the player's net in bins of an even number of antes: most nets are odd, so one hand's
    parity carries over and single nets alternate between likely and rare."""
    probs = list(x.probabilities)
    acc, lo_i = 0.0, 0
    while acc + probs[lo_i] < 1e-4:  # the outer 0.01% of each tail is left out of the picture
        acc += probs[lo_i]
        lo_i += 1
    acc, hi_i = 0.0, len(probs) - 1
    while acc + probs[hi_i] < 1e-4:
        acc += probs[hi_i]
        hi_i -= 1
    span = float((hi_i - lo_i) * x.unit)
    width = max(2, 2 * round(span / 160))
    bins: dict[int, float] = {}
    for i in range(lo_i, hi_i + 1):
        net = float((x.offset + i) * x.unit)
        k = math.floor(net / width)
        bins[k] = bins.get(k, 0.0) + probs[i]
    keys = sorted(bins)
    starts = [k * width for k in keys]
    # Okabe-Ito colours (colour-blind safe), and the behind bars hatched too: readable in greyscale
    behind = [s + width <= 0 for s in starts]
    colors = [BEHIND if b else AHEAD if s > 0 else EVEN for s, b in zip(starts, behind, strict=True)]
    bars = ax.bar(starts, [bins[k] for k in keys], width=width * 0.92, align="edge", color=colors, linewidth=0)
    for bar, b in zip(bars, behind, strict=True):
        if b:
            bar.set_hatch("////")
            bar.set_edgecolor("white")
    q5, q95 = float(x.quantiles[5]), float(x.quantiles[95])
    ax.axvspan(q5, q95, color=RANGE, alpha=0.15, label=f"5% .. 95% of the net: {q5:+.0f} .. {q95:+.0f}")
    ax.axvline(float(x.mean), color="black", linestyle="--", linewidth=1,
               label=f"expected net {float(x.mean):+.1f}")
    ax.axvline(0, color="#555555", linewidth=0.8)
    ax.set_xlabel("player's net in antes (hatched orange: behind, blue: ahead, grey: the bin holding 0; "
                  "outer 0.01% of each tail left out)")
    ax.set_ylabel(f"probability per {width} antes")
    ax.set_title(f"Player's net over {x.hands:,} hands: P(ahead) {float(x.p_ahead):.1%}, "
                 f"P(even) {float(x.p_even):.1%}, P(behind) {float(x.p_behind):.1%}")
    ax.legend(loc="upper right", fontsize=9)
    ax.grid(axis="y", alpha=0.3)


def _shift_plot(ax: Any, r: MathReport) -> None:
    h = r.table_hour
    mean, sd = float(h.shift_win), h.shift_standard_deviation
    lo, hi = h.shift_range_95
    xs = [mean + sd * (k / 100 - 4) for k in range(801)]
    ys = [math.exp(-0.5 * ((v - mean) / sd) ** 2) / (sd * math.sqrt(2 * math.pi)) for v in xs]
    ax.plot(xs, ys, color="#2c3e50", linewidth=1.5, label="house win (normal approximation, seats correlated)")
    ax.fill_between([v for v in xs if lo <= v <= hi], [y for v, y in zip(xs, ys) if lo <= v <= hi],
                    color=RANGE, alpha=0.3, label=f"95% range {_dollars(lo)} .. {_dollars(hi)}")
    ax.fill_between([v for v in xs if v <= 0], [y for v, y in zip(xs, ys) if v <= 0], facecolor=BEHIND,
                    alpha=0.6, hatch="////", edgecolor="white", label=f"the house loses: {h.p_house_loses:.1%}")
    ax.axvline(mean, color="black", linestyle="--", linewidth=1, label=f"expected win {_dollars(mean)}")
    ax.axvline(0, color="#555555", linewidth=0.8)
    ax.set_xlabel(r"house win over the shift (\$)")
    ax.set_ylabel("density")
    ax.set_yticks([])
    ax.set_title(f"House win over a shift of {frac(h.hours)} hours: {h.seats} seats, {frac(h.hands_per_hour)} "
                 f"rounds an hour, average ante {_dollars(float(h.average_ante))}")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.13), ncol=2, fontsize=9, frameon=False)
    ax.grid(alpha=0.3)


def _figures(r: MathReport) -> list[tuple[str, Callable[[Any], None]]]:
    out: list[tuple[str, Callable[[Any], None]]] = []
    for x in r.plotted:
        out.append((f"net-{x.hands}", partial(_net_plot, x=x)))
    out.append(("shift", lambda ax: _shift_plot(ax, r)))
    return out


def plots(r: MathReport) -> dict[str, bytes]:
    """Every plot as PNG bytes, by key (PLOT_KEYS); no dates or software names in the files."""
    plt = _pyplot()
    out = {}
    for key, draw in _figures(r):
        out[key] = _png(plt, draw, 100)
    return out


def _png(plt: Any, draw: Callable[[Any], None], dpi: int) -> bytes:
    fig, ax = plt.subplots(figsize=PLOT_SIZE, dpi=dpi)
    draw(ax)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", metadata=metadata("png"))
    plt.close(fig)
    return buf.getvalue()


def pdf(r: MathReport, date: datetime.date | None = None) -> bytes:
    """The report as a typeset PDF (render.documents): a title block with the version, the date
    (``date``; by default SOURCE_DATE_EPOCH when set, else today) and the configuration, a table of
    contents, real tables, the plots beside their sections, "page N of M" on every page. The same
    report and date give the same bytes under the same reportlab and matplotlib."""
    plt = _pyplot()
    day = source_date() if date is None else date
    images = {key: _png(plt, draw, PDF_PLOT_DPI) for key, draw in _figures(r)}
    doc, before = _blocks(Context(r, day.isoformat()))
    return pdf_document(doc, title=title(r), running_head=title(r),
                        stamp=f"caribbean-exact {__version__}, {day.isoformat()}", date=day, images=images,
                        image_ratio=PLOT_SIZE[1] / PLOT_SIZE[0], subject="Caribbean Stud Poker: exact math report",
                        toc_after=before)


# ---------------------------------------------------------------- JSON


def _float(x: Fraction | float) -> float:
    """A probability that is exact for few hands and a float (FFT, within an error bound) for many:
    always a JSON float, so that the field has one type (#33); its exact value is ``_exact``'s."""
    return float(x)


def _exact(x: Fraction | float) -> str | None:
    """The exact fraction of a probability, or null where only a float is known."""
    return str(x) if isinstance(x, Fraction) else None


def n_hands_json(x: NHands) -> dict[str, Any]:
    """One entry of ``over_n_hands`` (field names are a public interface)."""
    lo, hi = x.house_win_interval_95
    nlo, nhi = x.normal_interval_95
    return {
        "hands": x.hands,
        "exact": x.exact,
        "p_ahead": _float(x.p_ahead),
        "p_even": _float(x.p_even),
        "p_behind": _float(x.p_behind),
        "p_ahead_exact": _exact(x.p_ahead),
        "p_even_exact": _exact(x.p_even),
        "p_behind_exact": _exact(x.p_behind),
        "error_bound": x.error_bound,
        "quantiles": {str(k): str(v) for k, v in sorted(x.quantiles.items())},
        "quantiles_certain": x.quantiles_certain,
        "house_win_interval_95": [str(lo), str(hi)],
        "mean": str(x.mean),
        "variance": str(x.variance),
        "volatility_index": x.volatility_index,
        "normal_interval_95": [nlo, nhi],
    }


def _opt(v: Fraction | None) -> str | None:
    return None if v is None else str(v)


def _progressive_json(p: ProgressiveHouse) -> dict[str, Any]:
    m = p.meter
    be = p.breakeven_meter
    return {
        "convention": p.report.convention,
        "meter": str(m),
        "contribution": _opt(p.contribution),
        "reset": str(p.reset),
        "sf_cap": _opt(p.sf_cap),
        "bets_per_hour": str(p.bets_per_hour),
        "hours_per_year": str(p.hours_per_year),
        "rows": [{"hand": x.hand, "count": x.count, "probability": str(x.probability), "pays": pay_label(x.pay),
                  "pays_at_meter": str(p.pay_at(i, m))} for i, x in enumerate(p.report.rows())],
        "hold_at_meter": str(p.hold_at(m)),
        "hit_probability": str(p.hit_probability),
        "variance_at_meter": str(p.variance_at(m)),
        "standard_deviation_at_meter": math.sqrt(p.variance_at(m)),
        "breakeven_meter": _opt(be),
        "hits_per_year": {h: str(n) for h, n in p.hits_per_year()},
        "growth_per_hour_at_meter": _opt(p.growth_per_hour(m)),
        "equilibrium_meter": _opt(p.equilibrium_meter),
        "long_run_hold": _opt(p.long_run_hold),
        "bets_between_royals": str(p.bets_between_royals),
        "fixed_pay_tables": [{"name": t.name, "source": t.source, "pays": [pay_label(x) for x in t.pays]}
                             for t in FIXED_PAY_TABLES],
    }


def _title_json(c: Context) -> dict[str, Any]:
    return {"rules": rules_json(c.r.rules), "version": __version__}


def _game_json(c: Context) -> dict[str, Any]:
    r = c.r
    return {"game": {**report_json(r.game), "hit_frequency": str(r.hit_frequency),
                     "variance_per_wager": str(r.variance_per_wager),
                     "standard_deviation_per_wager": r.standard_deviation_per_wager},
            "strategies": [{"name": s.name, "house_edge": str(s.report.house_edge), "cost": str(s.cost)}
                           for s in r.strategies]}


def _par_json(c: Context) -> dict[str, Any]:
    """The par-sheet fields (the dealer's side is in ``game``: dealer_qualifies, dealer_distribution):
    the two wagers, the player's hands, hold of drop, the top award."""
    r, par = c.r, c.par
    g, top = r.game, par.top
    return {
        "wagers": {"ante": {"wagered": "1", "expected_net": str(par.ante)},
                   "raise": {"wagered": str(par.raised), "expected_net": str(par.raise_)},
                   "total": {"wagered": str(g.expected_wager), "expected_net": str(par.ante + par.raise_)}},
        "player_hands": [{"category": CATEGORIES[x.category], "raised": x.raised, "folded": x.fold,
                          "raise_probability": str(x.raise_probability), "fold_probability": str(x.fold_probability),
                          "probability": str(x.probability)} for x in par.plays],
        "hold_of_drop": {"drop_definition": "the total amount wagered, ante + raise "
                                            "(per ante: the expected total wager)",
                         "strategies": [{"name": s.name, "hold": str(s.report.house_edge),
                                         "drop": str(s.report.expected_wager),
                                         "hold_of_drop": str(s.report.element_of_risk)} for s in r.strategies]},
        "top_award": {"category": CATEGORIES[top.category], "pays": str(top.pays), "net": str(top.net),
                      "dealt_probability": str(top.dealt), "paid_probability": str(top.paid),
                      "display_rule_odds": TOP_AWARD_ODDS_LIMIT, "meets_display_rule": top.meets_display_rule},
    }


def _strategy_json(c: Context) -> dict[str, Any]:
    ch = c.r.chart
    return {"strategy_assumed": None if ch is None else {
        "name": "optimal", "plain_rules": chart_json(ch)["plain_rules"],
        "grid": [{"hand": label, "marks": "".join(cell_mark(x) or "-" for x in cells)} for label, cells in ch.rows],
        "columns": list(ch.columns),
        "mixed": [{"hand": x.pattern, "up": x.up, "decided_by": decider_text(ch, x)} for x in ch.mixed]}}


def _n_json(c: Context) -> dict[str, Any]:
    r = c.r
    return {"distribution": [{"net": str(n), "count": k} for n, k in zip(r.distribution.nets, r.distribution.counts)],
            "over_n_hands": [n_hands_json(x) for x in r.over_n_hands],
            "fft_limit_points": MAX_FFT_POINTS}


def _table_json(c: Context) -> dict[str, Any]:
    r = c.r
    cov, h = r.seat_covariance, r.table_hour
    return {
        "seat_covariance": {"method": "sampled", "covariance": str(cov.covariance),
                            "covariance_float": float(cov.covariance), "interval": list(cov.interval),
                            "correlation": cov.correlation, "deals": cov.deals, "seats_sampled": cov.seats,
                            "seed": cov.seed},
        "per_table_hour": {"seats": h.seats, "hands_per_hour": str(h.hands_per_hour),
                           "average_ante": str(h.average_ante), "theoretical_win": str(h.theoretical_win),
                           "standard_deviation": h.standard_deviation,
                           "standard_deviation_interval": list(h.standard_deviation_interval),
                           "hours": str(h.hours), "shift_win": str(h.shift_win),
                           "shift_standard_deviation": h.shift_standard_deviation,
                           "shift_range_95": list(h.shift_range_95), "p_house_loses": h.p_house_loses,
                           "independent_shift_range_95": (None if h.independent_range_95 is None else
                                                          [str(v) for v in h.independent_range_95]),
                           "independent_p_house_loses": (None if h.independent_p_house_loses is None else
                                                         _float(h.independent_p_house_loses)),
                           "independent_p_house_loses_exact": (None if h.independent_p_house_loses is None else
                                                               _exact(h.independent_p_house_loses))},
        "hands_per_hour": str(h.hands_per_hour),  # one shape everywhere (#33): exact text
        "hands_per_hour_source": {"assumption": True, "source": hands_per_hour_source(r)},
    }


def _cap_json(c: Context) -> dict[str, Any]:
    cap = c.r.cap
    return {"cap": None if cap is None else {
        "max_payout": str(cap.max_payout), "ante": str(cap.rows[0].ante),
        "house_edge_uncapped": str(cap.uncapped.house_edge),
        "house_edge": str(cap.rows[0].report.house_edge), "cost_per_ante": str(cap.rows[0].cost_per_ante),
        "strategy_changed": cap.rows[0].strategy_changed}}


def _flash_json(c: Context) -> dict[str, Any]:
    assert c.r.flash is not None
    return {"flash": flash_json(c.r.flash)}


def _leak_section_json(c: Context) -> dict[str, Any]:
    assert c.r.leak is not None
    return {"leak": leak_json(c.r.leak, c.r.table_hour.seats)}


def _progressive_section_json(c: Context) -> dict[str, Any]:
    assert c.r.progressive is not None
    return {"progressive": _progressive_json(c.r.progressive)}


def _bonus_json(c: Context) -> dict[str, Any]:
    b = c.r.bonus
    assert b is not None
    return {"bonus": {**bonus_json(b.report), "hits_per_year": {hd: str(n) for hd, n in b.hits_per_year()}}}


def _sixth_json(c: Context) -> dict[str, Any]:
    b = c.r.buying
    assert b is not None
    return {"sixth_card": {**sixth_game_json(b.optimal), "lines": list(BUY_LINES),
                           "lines_house_edge": str(b.game.house_edge), "lines_cost": str(b.cost),
                           "lines_buy_probability": str(b.game.buy_probability),
                           "lines_element_of_risk": str(b.game.element_of_risk)}}


def _switching_json(c: Context) -> dict[str, Any]:
    assert c.r.switching is not None
    return {"switching": switching_json(c.r.switching)}


def _summary_json(c: Context) -> dict[str, Any]:
    return {"whole_game": whole_game_json(c.r)}


def report_doc(r: MathReport) -> dict[str, Any]:
    """The report as a JSON object (field names are a public interface): the fields of every section
    that applies (``SECTIONS``), in the order of ``JSON_ORDER``."""
    c = Context(r)
    fields: dict[str, Any] = {}
    for sec in sections(r):
        fields.update(sec.json(c))
    order = {k: i for i, k in enumerate(JSON_ORDER)}
    return {k: fields[k] for k in sorted(fields, key=lambda k: order.get(k, len(order)))}


def whole_game_json(r: MathReport) -> dict[str, Any]:
    """The whole game the report prices where it is not the plain game (card switching; field names
    are a public interface): ``rules`` naming it (the plain game's keys and its ``draw``), its
    ``house_edge`` (``exactness``: "exact"; "sampled": an estimate with ``half_width``, half its 95%
    interval; "bounded": an upper bound), ``house_edge_at_most`` (exact, where a bound is counted),
    the element of risk and expected wager where counted, ``plain_house_edge`` (the game without
    the draw), the win per table-hour and over the shift at the report's table, and the house's
    expected win over each N hands (antes). Each win is the house edge times its exact multiplier."""
    g = r.priced
    h = r.table_hour
    hour = h.seats * h.hands_per_hour * h.average_ante
    bound = getattr(g, "house_edge_bound", None)
    return {"rules": rules_json(g.game_rules), "house_edge": str(g.house_edge), "exactness": g.exactness,
            "half_width": 0.0 if g.exactness == "exact" else half_width(g),
            "house_edge_at_most": str(bound) if isinstance(bound, Fraction) else None,
            "element_of_risk": _opt(g.element_of_risk),
            "expected_wager": _opt(g.expected_wager), "plain_house_edge": str(r.game.house_edge),
            "per_table_hour": {"theoretical_win": str(hour * g.house_edge),
                               "shift_win": str(hour * h.hours * g.house_edge)},
            "over_n_hands": [{"hands": x.hands, "house_win": str(x.hands * g.house_edge)} for x in r.over_n_hands],
            "results_over_n_hands": [n_hands_json(x) for x in r.priced_n_hands] or None}


def switching_json(sw: SwitchStudy) -> dict[str, Any]:
    """The Oasis section as JSON (field names are a public interface): the sample's fields (its
    ``house_edge``: the sampled estimate), the switching lines and their sampled house edge and cost;
    with the exact one-card game (``SwitchStudy.game``): ``optimal_house_edge`` (exact when
    ``optimal_exact``, else the estimate ``house_edge_at_most`` less ``larger_switches.mean_gain``,
    with ``optimal_half_width``), ``house_edge_at_most``, ``one_card_game``
    (``render.play.switching.one_card_game_json``) and ``proof`` (``render.play.switching.proof_json``:
    the larger switches bounded in every situation; null for a one-card schedule), ``game`` (the
    five-card switch counted) and ``counted`` (``render.play.switching.counted_json``: the larger
    switches counted, where only two-card switches stay open; else null)."""
    s, g = sw.sample, sw.game
    exact_game: dict[str, Any] = {}
    if g is not None:
        sampled = not g.exact and g.sample is not None
        exact_game = {
            "optimal_house_edge": str(g.house_edge), "optimal_exact": g.exact,
            "optimal_half_width": g.half_width if g.half_width != math.inf else None,
            "house_edge_at_most": str(g.house_edge_bound),
            "larger_switches": {"deals": s.deals, "seed": s.seed, "mean_gain": str(s.mean_difference),
                                "half_width": s.difference_half_width,
                                "hands_switching_more": sum(s.best_sizes[2:])} if sampled else None,
            "one_card_game": one_card_game_json(g.one_card) if g.fees.allows(1) else None,
            "proof": proof_json(g.proof) if g.proof is not None else None,
            "game": one_or_five_json(g.exact_game) if g.exact_game is not None else None,
            "counted": counted_json(g.counted) if g.counted is not None else None}
    return {**switch_sample_json(s), "exact_plain_game": s.exact,
            "switch_rules": [{"condition": x.condition, "action": x.action, "high": RANKS[x.high],
                              "up_ranks": [RANKS[k] for k in x.up_ranks],
                              "pair_up_to": RANKS[x.pair_up_to] if x.pair_up_to >= 0 else None,
                              "below_up": x.below_up, "not_up_rank": x.not_up_rank, "low": RANKS[x.low],
                              "span": x.span, "above_up": x.above_up, "text": switch_sentence(x)}
                             for x in sw.rules.lines],
            "switch_rules_house_edge": str(sw.lines_house_edge), "switch_rules_half_width": sw.lines_half_width,
            "switch_rules_cost": str(sw.lines_cost), "switch_rules_cost_half_width": sw.lines_cost_half_width,
            "switch_rules_exact": sw.lines_exact,
            "switch_rules_sampled_cost": str(s.strategy_cost),
            "switch_rules_sampled_cost_half_width": s.strategy_cost_half_width,
            # the lines' one-card game (null where a line switches all five: their figures above are exact)
            "switch_rules_game": one_card_game_json(sw.lines_game.game)
            if sw.lines_game is not None and isinstance(sw.lines_game.game, OneCardGame) else None,
            "switch_rules_sizes": list(s.strategy_sizes), **exact_game}


# ---------------------------------------------------------------- the sections


#: The report's sections in the order of the documents. The plain game's sections (the numbered
#: ones, the cap, game protection) say "(without switching)" in their headings when the report
#: prices another whole game (``MathReport.priced``: card switching).
SECTIONS: tuple[Section, ...] = (
    Section("title", _title_blocks, _title_json),
    Section("configuration", _config_blocks),
    Section("summary", _summary_blocks, _summary_json, lambda r: r.priced is not r.game),
    Section("game", _game_blocks, _game_json),
    Section("par sheet", _par_blocks, _par_json),
    Section("over N hands", _n_blocks, _n_json),
    Section("table", _table_blocks, _table_json),
    Section("progressive", lambda c: _progressive_blocks(c.r.progressive) if c.r.progressive else [],
            _progressive_section_json, lambda r: r.progressive is not None),
    Section("bonus", _bonus_blocks, _bonus_json, lambda r: r.bonus is not None),
    Section("switching", _switch_blocks, _switching_json, lambda r: r.switching is not None),
    Section("sixth card", _sixth_blocks, _sixth_json, lambda r: r.buying is not None),
    Section("cap", _cap_blocks, _cap_json),
    Section("flash", _flash_blocks, _flash_json, lambda r: r.flash is not None),
    Section("leak", _leak_blocks, _leak_section_json, lambda r: r.leak is not None),
    Section("strategy", _strategy_blocks, _strategy_json),
)

#: The sections before the PDF's table of contents.
TITLE_SECTIONS = ("title", "configuration")

#: The order of the JSON's fields (a public interface: as it was before the sections were a registry).
JSON_ORDER = ("rules", "game", "strategies", "distribution", "over_n_hands", "fft_limit_points", "seat_covariance",
              "per_table_hour", "cap", "version", "wagers", "player_hands", "hold_of_drop", "top_award",
              "strategy_assumed", "hands_per_hour", "hands_per_hour_source", "flash", "leak", "progressive", "bonus",
              "switching", "sixth_card", "whole_game")


def sections(r: MathReport) -> list[Section]:
    """The sections that apply to the report, in order."""
    return [x for x in SECTIONS if x.applies(r)]


def _blocks(c: Context) -> tuple[list[Block], int]:
    """Every block of the report, and how many come before the table of contents."""
    out: list[Block] = []
    before = 0
    for sec in sections(c.r):
        out += sec.blocks(c)
        if sec.name in TITLE_SECTIONS:
            before = len(out)
    return out, before


def blocks(r: MathReport, date: str | None = None) -> list[Block]:
    """Every block of the report, in order; ``date`` goes in the title block (the PDF's)."""
    return _blocks(Context(r, date))[0]


def json_text(r: MathReport) -> str:
    """The report as JSON text, naming its schema (``--format json``, ``--out FILE.json``, tables/)."""
    from ..json_schema import stamped_text  # only for JSON

    return stamped_text("report", to_json(report_doc(r)))


def summary(r: MathReport) -> str:
    """A few lines for the terminal after writing a report."""
    x = {n.hands: n for n in r.over_n_hands}
    parts = [f"house edge {pct(r.game.house_edge)}, SD per ante {r.game.standard_deviation:.4f}"]
    for n in (100, 1000):
        if n in x:
            parts.append(f"P(ahead) over {n:,} hands {float(x[n].p_ahead):.4f}")
    parts.append(f"win per table-hour {money(r.table_hour.theoretical_win)}")
    g = r.priced
    if g is r.game:
        return "; ".join(parts)
    h = r.table_hour
    win = _times_edge(g, h.seats * h.hands_per_hour * h.average_ante, money)
    return (f"{game_name(g)}: house edge {_edge_text(g)[0]} ({g.exactness}), "
            f"win per table-hour {win}; without {r.draw_word}: " + "; ".join(parts))
