"""The printable strategy card (card.StrategyCard) as PDF, SVG or PNG, through matplotlib.

One page: a full page (8.27 x 11 in, inside both Letter and A4) or a pocket card (3.5 x 5 in).
Letters carry every decision (R, F, M), the colours only repeat them (Okabe-Ito, colour-blind
safe; R and M print as the same grey, so M cells also have a heavy black border); no text is
below 7 pt. Files are reproducible byte for byte: no dates in the metadata, fixed SVG ids, PNG
without a Software tag.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from ..._version import __version__
from ...errors import InvalidRules
from ...house.sidebets import BonusReport, ProgressiveReport
from ...model.hands import CATEGORIES
from ...model.rules import Qualifier
from ...play.switch_game import SwitchGame
from ...play.switching import SwitchFees
from ...strategy.buy_lines import BUY_LINES
from ...strategy.strategy_card import GridException, StrategyCard
from ...strategy.switch_rules import SwitchRule
from ..figures import OKABE_ITO, RC, measure, metadata, pyplot, wrap, wrap_chars
from ..labels import mark_meaning, marks_legend, note_mark
from ..text import grouped, pct, table
from .rule_words import hand_at_least, hand_exactly, rank_short, strategy_sentences

SIZES = {"page": (8.27, 11.0), "pocket": (3.5, 5.0)}
FORMATS = ("pdf", "svg", "png")
#: Okabe-Ito: raise = sky blue, match = orange, fold = white with grey border.
COLOURS = {"R": OKABE_ITO["sky blue"], "M": OKABE_ITO["orange"], "F": "#FFFFFF"}
MIN_PT = 7.0


def rules_lines(c: StrategyCard) -> list[str]:
    """The rules the card assumes, as sentences: the pays, the raise, what happens when the dealer
    does and does not qualify, the cap."""
    r = c.rules
    n = r.nets()
    pays = ", ".join(f"{CATEGORIES[k].capitalize() if k else 'A-K high'} {_num(r.paytable.pay(k))}"
                     for k in range(9, -1, -1))
    ante = "1 to 1" if n.not_qualify == 1 else f"{_num(n.not_qualify)} to 1"
    raise_size = "twice the ante" if r.raise_antes == 2 else "the ante" if r.raise_antes == 1 \
        else f"{r.raise_antes} times the ante"
    out = [f"Pay table {r.paytable.name}: the raise pays (to 1) {pays}.",
           f"You fold (and lose the ante) or raise {raise_size}. The dealer qualifies with "
           f"{_qual(r.qualifier.label)} or better.",
           f"Dealer does not qualify: the ante pays {ante}, the raise is returned. Dealer qualifies: beat "
           f"the dealer and the ante pays {ante}, the raise by the table; lose and you lose both; a tie "
           "returns both."]
    if r.max_payout is not None:
        out.append(f"Cap: {_num(r.max_payout)} per bet" + (f" at an ante of {_num(r.ante)}." if r.ante else "."))
    else:
        out.append("No cap on the payout.")
    return out


def _num(x: Any) -> str:
    return str(x.numerator) if x.denominator == 1 else str(x)


def _qual(label: str) -> str:
    return {"AK": "A-K", "none": "any hand (always)"}.get(label, label)


def _rank_word(r: int) -> str:
    return {8: "10", 9: "jack", 10: "queen", 11: "king", 12: "ace"}.get(r, str(r + 2))


def switch_sentence(rule: SwitchRule) -> str:
    """One switching line in plain words."""
    cond = {
        "four to a flush": "Four cards of one suit, no pair",
        "pair or better": "A pair or better (or a straight or a flush)",
        "four to an outside straight": "Four in a row, open at both ends (not A-K-Q-J or A-2-3-4), no pair",
        "four to an inside straight": "Four to a straight with a gap or closed at one end, no pair",
        "no pair": "No pair",
        "anything": "Any hand",
        "three of a kind": "Three of a kind",
        "one pair": "One pair",
        "three to a straight flush": "Three of one suit within five ranks (three to a straight flush), no pair",
        "three to a flush": "Three of one suit, no pair",
        "three to a straight": f"Three to a straight within {_NUMBER_WORDS[rule.span + 1]} ranks, no pair",
    }[rule.condition]
    if rule.condition == "four to a flush" and rule.pair_up_to >= 0:
        cond = f"Four cards of one suit, with no pair or a pair of {_rank_word(rule.pair_up_to)}s or lower"
    if rule.condition == "four to an inside straight" and rule.high:
        cond += (f", the four {_rank_word(rule.high)} high or better (not A-2-3-4-5), and the dealer's card "
                 "not the rank you need")
    cond += _three_words(rule)
    if rule.up_ranks:
        cond += " against a dealer's " + " or ".join(_rank_word(r) for r in sorted(rule.up_ranks))
    act = {"stand": "switch nothing", "odd card": "switch the fifth card",
           "all five": "switch all five (then you must raise)", "two odd cards": "switch the other two",
           "pair and kicker": "keep the pair and your highest other card not of the dealer's rank, switch the "
                              "other two",
           "keep three": "keep the three, switch the other two"}[rule.action]
    return f"{cond}: {act}."


_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five")


def _three_words(rule: SwitchRule) -> str:
    """The conditions of a line on three of a kind, one pair or a draw of three, in words."""
    words = ""
    if rule.condition == "three of a kind" and rule.not_up_rank:
        words += ", the dealer's card not of its rank"
    if rule.condition == "one pair":
        if rule.pair_up_to >= 0:
            words = f" of {_rank_word(rule.pair_up_to)}s or lower"
        if rule.below_up:
            words += ", the dealer's card higher than your pair"
    if rule.condition in ("three to a straight flush", "three to a flush", "three to a straight"):
        if rule.above_up:
            words += (", all three higher than the dealer's card" if rule.above_up == 3 else
                      f", {_NUMBER_WORDS[rule.above_up]} of them or more higher than the dealer's card")
        if rule.high:
            words += f", {_rank_word(rule.high)} high or better"
        if rule.low:
            words += f", the lowest a {_rank_word(rule.low)} or higher"
    return words


def fees_text(fees: SwitchFees) -> str:
    """The fee schedule in words: "1 card 1 ante, 2 cards 2 antes, ..."."""
    return ", ".join(f"{k} card{'s' if k > 1 else ''} {_num(x)} ante{'' if x == 1 else 's'}" if x is not None
                     else f"{k} card{'s' if k > 1 else ''} not allowed" for k, x in enumerate(fees.fees, 1))


def short_switch_sentence(rule: SwitchRule) -> str:
    """One switching line in as few words as a pocket card needs (the lines of two cards make twelve)."""
    r = rank_short
    above = {3: ", all above his card", 2: ", 2 above his card", 1: ", 1 above his card", 0: ""}[rule.above_up]
    three = f"{above}{f', {r(rule.high)} high+' if rule.high else ''}{f', low {r(rule.low)}+' if rule.low else ''}"
    cond = {
        "four to a flush": "4 to a flush, no pair" + (f" or a pair to {r(rule.pair_up_to)}s" if rule.pair_up_to >= 0
                                                       else ""),
        "pair or better": "Pair or better, straight, flush",
        "four to an outside straight": "4 in a row, open both ends",
        "four to an inside straight": "4 to a straight (gap or one end)"
                                      + (f", {r(rule.high)} high+, his card not the rank needed" if rule.high else ""),
        "no pair": "No pair",
        "anything": "Any hand",
        "three of a kind": "Trips" + (", his card not their rank" if rule.not_up_rank else ""),
        "one pair": "Pair" + (f" to {r(rule.pair_up_to)}s" if rule.pair_up_to >= 0 else "")
                    + (" below his card" if rule.below_up else ""),
        "three to a straight flush": f"3 suited in 5 ranks{three}",
        "three to a flush": f"3 suited{three}",
        "three to a straight": f"3 in {rule.span + 1} ranks{three}",
    }[rule.condition]
    if rule.up_ranks:
        cond += " vs " + " or ".join(r(k) for k in sorted(rule.up_ranks))
    act = {"stand": "switch nothing", "odd card": "switch the odd card", "all five": "switch all five (then raise)",
           "two odd cards": "switch the other 2", "pair and kicker": "keep it + top card not his rank",
           "keep three": "keep 3, switch 2"}[rule.action]
    return f"{cond}: {act}."


def switch_lines(c: StrategyCard, examples_too: bool = True, short: bool = False) -> list[str]:
    """An Oasis card's switching lines, in order (each with its example unless ``examples_too`` is
    False; ``short``: in a pocket card's few words), and the last: anything else, switch nothing."""
    assert c.switching is not None
    examples = {k: (h, u, d) for k, h, u, d in c.switching.rules.examples()} if examples_too else {}
    lines = []
    for k, x in enumerate(c.switching.rules.lines):
        line = short_switch_sentence(x) if short else switch_sentence(x)
        if k in examples:
            h, u, d = examples[k]
            what = "switch " + " ".join(map(str, d)) if 0 < len(d) < 5 else "switch all five" if d else "stand"
            line = line.removesuffix(".") + f" (e.g. {' '.join(map(str, h))} against {u}: {what})."
        lines.append(line)
    return [*lines, "Anything else: switch nothing." if lines else "Switch nothing: no switch pays at these fees."]


def switch_rules_line(c: StrategyCard, short: bool = False) -> str:
    """The switching rule of the game and its fees (``short``: for the pocket card)."""
    assert c.switching is not None
    if short:
        f = c.switching.rules.fees
        return ("Switch cards once, fee in antes: " + ", ".join(f"{k} card{'s' if k > 1 else ''} "
                                                             + (_num(x) if x is not None else "not allowed")
                                                             for k, x in enumerate(f.fees, 1))
                + (". Five forces a raise." if f.allows(5) else "."))
    return ("Card switching: after seeing your cards and the dealer's card, you may once replace any of your cards "
            f"with new ones for a fee you do not get back: {fees_text(c.switching.rules.fees)}."
            + (" Switching all five forces a raise." if c.switching.rules.fees.allows(5) else ""))


def _proof_clause(g: SwitchGame) -> str:
    """What the proof of the larger switches says, as the end of the card's house-edge sentence."""
    if g.proof is None:
        return "."
    if g.counted is not None:
        m = len(g.counted.fees.fees)
        more = (f"; switching {', '.join(map(str, g.proof.excluded))} cards is never better than "
                f"{'one card' if g.fees.allows(1) else 'standing'} (proven)" if g.proof.excluded else "")
        return f": every switch of up to {m} cards counted in every hand{more}."
    if g.proof.five_counted:
        return ("; switching two to four cards is never better than "
                + ("standing, one card or all five" if g.fees.allows(1) else "standing or all five")
                + ", in any hand (proven).")
    return ("; switching two or more cards is never better than "
            + ("the best of one card" if g.fees.allows(1) else "standing") + ", in any hand (proven).")


def switch_figure_lines(c: StrategyCard, short: bool = False) -> list[str]:
    """An Oasis card's figures (``short``: one line, for the pocket card): the house edge with the
    optimal switch from the exact one-card game (exact for a one-card schedule; else its exact
    bound and the sampled estimate), and the lines' house edge and cost: exact where the game is the
    one-card game (the lines' game counted whole), else sampled and paired with the optimal switch
    on the same hands, with their 95% intervals."""
    assert c.switching is not None
    s, g = c.switching.sample, c.switching.game
    if s.exact:
        return [f"House edge {pct(s.house_edge)} exactly: no switch can pay at these fees (proven), "
                "so this is the game without switching."]
    how = f"sampled over {grouped(s.deals)} hands (seed {s.seed}), each hand exact; 95% intervals"
    st = c.switching
    if short:
        lines = (f"these lines {pct(st.lines_house_edge)} (exact)" if st.lines_exact else
                 f"these lines {pct(st.lines_house_edge, 2)} +/- {st.lines_half_width * 100:.2f} points "
                 f"(sampled, {grouped(s.deals)} hands, 95%)")
        if g is None:
            return [f"House edge (sampled, {grouped(s.deals)} hands, 95%): these lines "
                    f"{pct(s.strategy_house_edge, 2)} +/- {s.strategy_half_width * 100:.2f}, best switching "
                    f"{pct(s.house_edge, 2)} +/- "
                    f"{s.half_width * 100:.2f} points."]
        if g.exact and st.lines_exact and g.house_edge < 0 and st.lines_house_edge < 0:
            return [f"Player's edge, best switching: {pct(-g.house_edge)} (exact); these lines "
                    f"{pct(-st.lines_house_edge)} (exact)."]
        if g.exact:
            return [f"House edge, best switching: {pct(g.house_edge)} (exact); {lines}."]
        return [f"House edge, best switching: at most {pct(g.house_edge_bound)} (exact, switching at most one "
                f"card), about {pct(g.house_edge, 2)} +/- {g.half_width * 100:.2f} points (sampled); {lines}."]
    cost = (f"The switch lines cost {pct(s.strategy_cost, 3)} +/- {s.strategy_cost_half_width * 100:.3f} points "
            "of the ante against the optimal switch (sampled, paired: the same hands).")
    if g is None:
        return [f"House edge switching by these lines (then raising or folding at best): "
                f"{pct(s.strategy_house_edge)} +/- {s.strategy_half_width * 100:.2f} points; with the optimal "
                f"switch: {pct(s.house_edge)} +/- {s.half_width * 100:.2f} points ({how}).", cost]
    if g.exact:
        best = (f"With the optimal switch (then raising or folding at best): {_edge_words(g.house_edge)}, exact "
                "(every deal counted)" + _proof_clause(g))
    else:
        base = "switching at most one card" if g.fees.allows(1) else "without switching"
        best = (f"House edge with the optimal switch (then raising or folding at best): at most "
                f"{pct(g.house_edge_bound)} (exact, {base}); about {pct(g.house_edge)} +/- "
                f"{g.half_width * 100:.2f} points with larger switches (that bound less their gain, {how}).")
    if st.lines_exact:
        return [best, f"Switching by these lines (then raising or folding at best): "
                      f"{_edge_words(st.lines_house_edge)}, exact (every deal counted). They cost "
                      f"{pct(st.lines_cost, 3)} of the ante against the optimal switch, exactly."]
    return [best, f"House edge switching by these lines: {pct(st.lines_house_edge)} +/- "
                  f"{st.lines_half_width * 100:.2f} points (the optimal switch's plus the lines' cost; {how}).", cost]


def strategy_lines(c: StrategyCard) -> list[str]:
    """The simple strategy as printed: one sentence for each line of its rule file, in order."""
    return strategy_sentences(c.point.rules_text)


def _edge_words(house_edge: Fraction, places: int = 4) -> str:
    """A house edge in a player's words: "a house edge of 1.2345%" or "a player's edge of 0.9090%"."""
    if house_edge < 0:
        return f"a player's edge of {pct(-house_edge, places)}"
    return f"a house edge of {pct(house_edge, places)}"


def buy_rules_line(c: StrategyCard, short: bool = False) -> str:
    """The rule of the sixth card for sale and its fee (``short``: for the pocket card)."""
    assert c.buying is not None
    fee = c.buying.game.fee
    antes = f"{_num(fee)} ante{'' if fee == 1 else 's'}"
    if short:
        return f"A sixth card for {antes} (not returned): play your best five of six."
    return ("A sixth card for sale: after seeing your cards and the dealer's card, you may buy one more card "
            f"for {antes}, which you do not get back; you then play the best five of your six cards.")


def buy_heading(c: StrategyCard) -> str:
    """A sixth-card card's first heading: whether to buy, the first line that fits deciding."""
    assert c.buying is not None
    return "1. First, whether to buy a sixth card (buy when a line fits):"


def buy_lines(c: StrategyCard) -> list[str]:
    """The buying lines in words, in order, and the last: anything else, do not buy."""
    assert c.buying is not None
    return [f"Buy with {line}." for line in BUY_LINES] + ["Anything else: do not buy."]


def buy_figure_lines(c: StrategyCard) -> list[str]:
    """A sixth-card card's exact figures: the lines' game, optimal buying, the lines' cost."""
    assert c.buying is not None
    b = c.buying
    return [f"Buying by these lines (then raising or folding at best): {_edge_words(b.game.house_edge)} "
            f"(exact: {b.game.house_edge}).",
            f"With optimal buying: {_edge_words(b.optimal.house_edge)}; the lines cost {pct(b.cost, 4)} of the "
            "ante against it, exactly."]


def strategy_heading(c: StrategyCard) -> str:
    n = c.point.lines
    if c.buying is not None:
        return (f"2. Then, with your best five cards, raise these hands ({n} line{'s' if n != 1 else ''}); "
                "fold the rest:")
    if c.switching is not None:
        return (f"2. Then, with your new cards, raise these hands ({n} line{'s' if n != 1 else ''}); "
                "fold the rest:")
    return f"Raise these hands ({n} line{'s' if n != 1 else ''}); fold the rest:"


def switch_heading(c: StrategyCard) -> str:
    """An Oasis card's first heading: what to switch, the first line that fits deciding."""
    assert c.switching is not None
    return "1. First, what to switch (the first line that fits decides):"


def card_title(c: StrategyCard) -> str:
    """The card's title."""
    if c.switching is not None:
        return "Oasis Poker (Caribbean Stud with card switching): strategy card"
    if c.buying is not None:
        return "Caribbean Stud with a sixth card for sale: strategy card"
    return "Caribbean Stud Poker: strategy card"


def figure_lines(c: StrategyCard) -> list[str]:
    """Its exact figures: house edge, cost against optimal play."""
    p = c.point
    if c.drawing:
        return [f"Without {'switching' if c.switching is not None else 'buying'}, these raise lines give a house "
                f"edge of {pct(p.house_edge)} (optimal play {pct(c.frontier.optimal.house_edge)}; exact)."]
    return [f"House edge {pct(p.house_edge)} with these {p.lines} line{'s' if p.lines != 1 else ''} "
            f"(optimal play {pct(c.frontier.optimal.house_edge)}).",
            f"Cost against optimal play {pct(p.cost, 6)}: {grouped(int(p.cost_total))} antes over "
            f"{grouped(p.total_weight)} deals (exact).",
            f"Exact house edge: {p.house_edge}."]


def terms(c: StrategyCard) -> list[str]:
    """The meaning of each term the card's sentences use."""
    text = " ".join(strategy_lines(c))
    out = []
    for line in c.point.rules_text.splitlines():
        for m in re.finditer(r"hand >= ([^ ]+(?: [^ ]+)?)(?= and|$)", line):
            try:
                v = Qualifier.parse(m.group(1)).value
            except InvalidRules:
                continue
            words = hand_at_least(v)
            if "-" in words and not words.startswith(("any", "a royal")):
                low = hand_exactly(v).removesuffix(" (no flush)")
                t = f"{words} or better: {low} and every hand that beats it (any pair included)." \
                    if v < Qualifier.parse("pair").value else f"{words} or better: {low} and every hand that beats it."
                if t not in out:
                    out.append(t)
    if "A-K " in text:
        out.append("A-K: an ace and a king, no pair.")
    out.append("The dealer's card: the dealer's face-up card.")
    if "one of yours" in text:
        out.append("Matches one of yours: has the rank of one of your cards.")
    if "highest card" in text:
        out.append("Your second-highest card, third-highest ...: your cards from high to low, a pair counting twice.")
    return out


def _hands_text(hands: tuple[str, ...]) -> str:
    return ", ".join(hands)


def _counts_text(yes: tuple[int, ...], possible: tuple[int, ...]) -> str:
    """The suited counts that raise, as words: "2 or more", "1 or fewer", "exactly 0 or 2"."""
    if yes == possible[possible.index(yes[0]):]:
        return f"{yes[0]} or more"
    if yes == possible[:len(yes)]:
        return "none" if yes == (0,) else f"{yes[-1]} or fewer"
    return "exactly " + " or ".join(str(k) for k in yes)


def footnote_text(group: list[GridException]) -> str:
    """One note of the grid, exact: the hands of a cell that play against its letter, in full."""
    first = group[0]
    parts = []
    for e in group:
        if e.action == "S":
            parts.append(f"{_hands_text(e.hands)}: raise only when {_counts_text(e.suited, e.possible)} of your "
                         "cards are of the up card's suit")
        else:
            parts.append(f"{'raise' if e.action == 'R' else 'fold'} {_hands_text(e.hands)}")
    return f"{note_mark(first.number)} {first.row}, up card {first.up}: " + "; ".join(parts) + "."


def grid_legend(c: StrategyCard, letters: bool = True) -> str:
    """What the grid is and what its marks mean (``labels.MARKS``; ``letters`` False: the drawing,
    whose key under the grid says what each letter means)."""
    used = ["R", "F", *(["M"] if any(gc.action == "M" for row in c.grid.cells for gc in row) else [])]
    notes = " #n: see note n." if c.grid.exceptions else ""
    split = [r for r in c.grid.rows if " " in r]
    ranges = "".join(f"; {r}: A-K-{_t(r[2])} with last two cards from {_pair(r[4:6])} to {_pair(r[7:9])}"
                     for r in split)
    return (f"The same strategy for A-K hands, cell by cell. Rows: your hand (AK{c.grid.rows[-1][2]}: "
            f"A-K-{_t(c.grid.rows[-1][2])}-x-x{ranges}; T is 10). Columns: the dealer's card. "
            + (marks_legend(used, up_only=True, sep=". ") + "." if letters else "") + notes)


def _t(rank: str) -> str:
    return "10" if rank == "T" else rank


def _pair(two: str) -> str:
    return f"{_t(two[0])}-{_t(two[1])}"


#: The side bets' verdict a card may print: the progressive and the 5+1 Bonus, as priced.
SideBets = tuple[ProgressiveReport, BonusReport]


def side_bets_line(side_bets: SideBets) -> str:
    """One sentence on the side bets: the progressive's break-even meter, the 5+1 Bonus's edge."""
    p, b = side_bets
    meter = p.breakeven_meter
    prog = ("the $1 progressive pays back on average only when its meter is above "
            f"${float(meter):,.2f}" if meter is not None else "the $1 progressive never pays back on average")
    return (f"Side bets (their usual pays): {prog}; the 5+1 Bonus gives the house {pct(b.house_edge, 2)} of every "
            "bet. Neither changes when to raise.")


def stamp_text(date: str | None = None, sampled: bool = False) -> str:
    """The card's last line: the version (and the date of the rules, when given); ``sampled``: an
    Oasis card, whose house edges with switching are sampled."""
    if sampled:
        return f"caribbean-exact {__version__}" + (f", {date}" if date else "") + \
            ": switching figures marked sampled are sampled (each hand exact); others exact."
    return f"caribbean-exact {__version__}" + (f", {date}" if date else "") + \
        ": every figure exact, from the enumeration of all deals."


def _sampled(c: StrategyCard) -> bool:
    """Whether the card prints a sampled figure: an Oasis card whose lines' figures are not exact (the
    optimal switch's are exact wherever the lines' are)."""
    return c.switching is not None and not c.switching.sample.exact and not c.switching.lines_exact


def card_text(c: StrategyCard, side_bets: SideBets | None = None) -> str:
    """What the card prints, as Markdown: the text twin of the drawing (``tables/*-card.md``), so a
    change of content shows whatever version of matplotlib draws the picture."""
    g = c.grid
    rows = [[row, *(gc.action + (f" {note_mark(gc.exception)}" if gc.exception is not None else "")
                    for gc in cells)]
            for row, cells in zip(g.rows, g.cells, strict=True)]
    out = [f"# {card_title(c)}", "", *rules_lines(c), ""]
    if c.switching is not None:
        out += [switch_rules_line(c), "", switch_heading(c), "", *(f"- {line}" for line in switch_lines(c)), ""]
    if c.buying is not None:
        out += [buy_rules_line(c), "", buy_heading(c), "", *(f"- {line}" for line in buy_lines(c)), ""]
    out += [strategy_heading(c), "",
            *(f"- {line}" for line in strategy_lines(c)), "", *figure_lines(c), ""]
    if c.switching is not None:
        out += [*switch_figure_lines(c), ""]
    if c.buying is not None:
        out += [*buy_figure_lines(c), ""]
    out += ["Terms: " + " ".join(terms(c))]
    if not c.drawing:  # the A-K grid is the game without a draw
        out += ["", grid_legend(c), "", table(rows, ["", *g.columns], "github"), ""]
        out += [f"- {footnote_text(group)}" for group in _notes(c)]
    if side_bets is not None:
        out += ["", side_bets_line(side_bets)]
    out += ["", stamp_text(sampled=_sampled(c))]
    return "\n".join(out).rstrip() + "\n"


def _notes(c: StrategyCard) -> list[list[GridException]]:
    notes: dict[int, list[GridException]] = {}
    for e in c.grid.exceptions:
        notes.setdefault(e.number, []).append(e)
    return [group for _, group in sorted(notes.items())]


def check_format(path_or_format: str, size: str = "page") -> str:
    """The card's image type from a file name or a format (pdf, svg, png), and its size checked."""
    fmt = path_or_format.rsplit(".", 1)[-1].lower()
    if fmt not in FORMATS:
        raise InvalidRules(f"card: {path_or_format!r}: expected a .pdf, .svg or .png file")
    if size not in SIZES:
        raise InvalidRules(f"--size {size!r}: expected page or pocket")
    return fmt


#: The type sizes (points) an Oasis or sixth-card page tries, largest first (the plain page: 10).
_PAGE_SIZES = (10.0, 9.5, 9.0, 8.5, 8.0)
#: The type sizes (points) a card tries, largest first: the pocket card takes the largest that fills it.
_POCKET_SIZES = (10.0, 9.5, 9.0, 8.5, 8.0, 7.5, 7.0)
_LEADING = 1.3


def _blocks(c: StrategyCard, body: float, page: bool, side_bets: SideBets | None = None, short: bool = False
            ) -> list[tuple[str, float, str, float, float]]:
    """The card's text above the grid: (text, points, weight, indent inches, gap after inches);
    ``short``: the switching lines in a pocket card's few words."""
    small = max(MIN_PT, body - 1.5)
    # an Oasis pocket card: the switching fees, both parts' lines, the switching figures (no pays,
    # examples or terms: they do not fit 3.5 x 5 in)
    compact = c.drawing and not page
    bullet = body if compact else body + 1.5
    title = card_title(c)
    if compact:
        title = "Oasis Poker: strategy card" if c.switching is not None else "A sixth card for sale: strategy card"
    out = [(title, body + (4 if c.drawing else 6) if page else body + 2, "bold", 0.0, 0.06)]
    if not compact:
        out += [(line, small, "normal", 0.0, 0.0) for line in rules_lines(c)]
        out.append(("", 0, "", 0.0, 0.06))
    if c.switching is not None:
        out.append((switch_rules_line(c, short=compact), small, "normal", 0.0, 0.06))
        out.append((switch_heading(c), body + (1.5 if page else 0.5), "bold", 0.0, 0.03))
        out += [(f"\u2022 {line}", bullet, "normal", 0.12, 0.005 if short else 0.02)
                for line in switch_lines(c, not compact, short)]
        out.append(("", 0, "", 0.0, 0.05))
    if c.buying is not None:
        out.append((buy_rules_line(c, short=compact), small, "normal", 0.0, 0.06))
        out.append((buy_heading(c), body + (1.5 if page else 0.5), "bold", 0.0, 0.03))
        out += [(f"\u2022 {line}", bullet, "normal", 0.12, 0.02) for line in buy_lines(c)]
        out.append(("", 0, "", 0.0, 0.05))
    out.append((strategy_heading(c), body + (1.5 if page else 0.5), "bold", 0.0, 0.03))
    out += [(f"\u2022 {line}", bullet, "normal", 0.12, 0.02) for line in strategy_lines(c)]
    out.append(("", 0, "", 0.0, 0.05))
    if not compact:
        out += [(line, small, "normal", 0.0, 0.0) for line in figure_lines(c)]
    if c.switching is not None:
        out += [(line, small, "normal", 0.0, 0.0) for line in switch_figure_lines(c, short=compact)]
    if c.buying is not None:
        out += [(line, small, "normal", 0.0, 0.0) for line in buy_figure_lines(c)]
    if compact:
        return out
    out.append(("", 0, "", 0.0, 0.05))
    out += [(t, small, "normal", 0.0, 0.0) for t in terms(c)]
    if side_bets is not None and not page:
        out.append(("", 0, "", 0.0, 0.05))
        out.append((side_bets_line(side_bets), small, "normal", 0.0, 0.0))
    return out


_MEASURES: dict[tuple[float, str], Callable[[str], float]] = {}


def _wrapped(text: str, pt: float, weight: str, width: float) -> list[str]:
    """``text`` broken into lines that fit ``width`` inches, measured in the card's font."""
    key = (pt, weight or "normal")
    if key not in _MEASURES:
        _MEASURES[key] = measure(pt, weight=key[1])
    return wrap(text, width - 0.05, _MEASURES[key])


def _height(blocks: list[tuple[str, float, str, float, float]], width: float) -> float:
    total = 0.0
    for text, pt, weight, indent, gap in blocks:
        if text:
            total += len(_wrapped(text, pt, weight, width - indent)) * pt * _LEADING / 72
        total += gap
    return total


#: The margins of a card, inches, by size.
_MARGINS = {"page": 0.5, "pocket": 0.22}


def _room(c: StrategyCard, size: str, date: str | None) -> tuple[float, float, list[str]]:
    """A card's text width, the height its text may fill above the stamp (inches), and the stamp's lines."""
    w, h = SIZES[size]
    width = w - 2 * _MARGINS[size]
    stamp = wrap_chars(stamp_text(date, _sampled(c)), MIN_PT, width)
    return width, h - 2 * _MARGINS[size] - len(stamp) * MIN_PT * _LEADING / 72 - 0.1, stamp


def pocket_fit(c: StrategyCard, side_bets: SideBets | None = None, date: str | None = None
               ) -> tuple[float, SideBets | None, bool, bool]:
    """How the pocket card is set: the largest type that fits, with the side bets' line if it fits at
    all, the switching lines in few words where the full words fit at no size: (body points, the side
    bets kept, short words, whether it fits at all)."""
    width, room, _ = _room(c, "pocket", date)
    fits = [(b, sb, short) for short in (False, True) for sb in (side_bets, None) for b in _POCKET_SIZES
            if _height(_blocks(c, b, False, sb, short), width) <= room]
    return (*fits[0], True) if fits else (MIN_PT, None, True, False)


def draw(c: StrategyCard, path_or_format: str, size: str = "page", date: str | None = None,
         side_bets: SideBets | None = None) -> bytes:
    """The card as bytes of a PDF, SVG or PNG (``path_or_format``: a file name or the format). The
    page holds the Ace-King grid; the pocket card sets its text as large as fits. ``side_bets``:
    the progressive and 5+1 Bonus reports, for a line on them."""
    fmt = check_format(path_or_format, size)
    plt = pyplot("card")
    import matplotlib
    from matplotlib.patches import Rectangle
    w, h = SIZES[size]
    page = size == "page"
    margin = _MARGINS[size]
    width, room, stamp = _room(c, size, date)
    if page:
        body = 10.0
        if c.drawing:  # no A-K grid: the text fills the page, as large as fits (the lines of 1,1 are twelve)
            below = 0.4 if side_bets is not None else 0.0  # the side bets' line, set after the text
            body = next((b for b in _PAGE_SIZES if _height(_blocks(c, b, page, side_bets), width) <= room - below),
                        _PAGE_SIZES[-1])
        blocks = _blocks(c, body, page, side_bets)
    else:
        body, sb, short, _ = pocket_fit(c, side_bets, date)
        blocks = _blocks(c, body, page, sb, short)
        # spread what is left over the gaps, so the card is filled top to bottom
        spare = max(0.0, room - _height(blocks, width))
        gaps = [k for k, b in enumerate(blocks) if b[4] > 0 and k < len(blocks) - 1]
        extra = min(0.25, spare / max(1, len(gaps)))
        blocks = [(t, pt, wt, ind, gap + (extra if k in gaps else 0.0)) for k, (t, pt, wt, ind, gap)
                  in enumerate(blocks)]
    with matplotlib.rc_context(RC):
        fig = plt.figure(figsize=(w, h))
        y = margin

        def put(text: str, pt: float, weight: str = "normal", indent: float = 0.0, gap: float = 0.0,
                colour: str = "black") -> None:
            nonlocal y
            if text:
                for line in _wrapped(text, pt, weight, width - indent):
                    y += pt * _LEADING / 72
                    fig.text((margin + indent) / w, 1 - y / h, line, fontsize=pt, weight=weight or "normal",
                             color=colour, va="baseline", parse_math=False)
            y += gap

        for text, pt, weight, indent, gap in blocks:
            put(text, pt, weight, indent, gap, "#333333" if pt < body and not page else "black")
        if page:
            if not c.drawing:  # the A-K grid is the game without a draw: an Oasis or sixth-card card omits it
                y += 0.15
                _grid(fig, c, w, h, margin, y, MIN_PT + 1, body, Rectangle)
                y = _after_grid(c, y)
                put(grid_legend(c, letters=False), MIN_PT + 1, gap=0.04)
                for group in _notes(c):
                    put(footnote_text(group), MIN_PT)
            if side_bets is not None:
                put("", 0, gap=0.08)
                put(side_bets_line(side_bets), MIN_PT + 1)
        for k, line in enumerate(stamp):
            fig.text(margin / w, (margin * 0.6 + (len(stamp) - 1 - k) * MIN_PT * _LEADING / 72) / h, line,
                     fontsize=MIN_PT, color="#333333")
        buf = io.BytesIO()
        try:
            fig.savefig(buf, format=fmt, metadata=metadata(fmt), dpi=200 if fmt == "png" else 72)
        finally:
            plt.close(fig)
    return buf.getvalue()


CELL = 0.34
LABEL_W = 1.0    # inches: the row labels ("AKQ 32-T9")


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
    """The Ace-King grid: one row per group of hands, one column per up card; letters in the cells."""
    g = c.grid
    cell = CELL
    left = margin + LABEL_W
    top = y
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, w)
    ax.set_ylim(h, 0)
    ax.axis("off")
    for j, col in enumerate(g.columns):
        ax.text(left + (j + 0.5) * cell, top + 0.5 * cell, col, ha="center", va="center", fontsize=body,
                weight="bold")
    ax.text(margin, top + 0.5 * cell, "dealer's card:", ha="left", va="center", fontsize=small)
    for i, row in enumerate(g.rows):
        yy = top + (i + 1) * cell
        ax.text(left - 0.08, yy + 0.5 * cell, row, ha="right", va="center", fontsize=body, weight="bold")
        for j, gc in enumerate(g.cells[i]):
            xx = left + j * cell
            ax.add_patch(rectangle((xx, yy), cell, cell, facecolor=COLOURS[gc.action], **_edge(gc.action)))
            ax.text(xx + 0.4 * cell, yy + 0.58 * cell, gc.action, ha="center", va="center", fontsize=body,
                    weight="bold")
            if gc.exception is not None:
                ax.text(xx + cell - 0.025, yy + 0.03, note_mark(gc.exception), ha="right", va="top",
                        fontsize=MIN_PT)
    # the key under the grid: a cell of each letter used and its meaning (labels.MARKS)
    yy = top + (len(g.rows) + 1.4) * cell
    lx = left
    used = ["R", "F", *(["M"] if any(gc.action == "M" for row in g.cells for gc in row) else [])]
    for letter in used:
        text = mark_meaning(letter, up_only=True)
        ax.add_patch(rectangle((lx, yy), cell, cell, facecolor=COLOURS[letter], **_edge(letter)))
        ax.text(lx + 0.5 * cell, yy + 0.58 * cell, letter, ha="center", va="center", fontsize=body, weight="bold")
        ax.text(lx + cell + 0.08, yy + 0.58 * cell, text, ha="left", va="center", fontsize=small)
        lx += cell + 0.25 + len(text) * 0.52 * small / 72
