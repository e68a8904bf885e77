"""Every label a person reads: outcomes, hand classes, chart rules, side-bet pays. One place, so
the same thing has the same name everywhere.

>>> outcome_label("tie", None), outcome_label("win", 9)
('push', 'player wins: royal flush')
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..model.cards import RANKS
from ..model.hands import CATEGORIES, CATEGORY_INDEX
from .text import displayable, sci

TYPE_CHECKING = False  # not typing's: the command line starts without typing (issue #24)
if TYPE_CHECKING:  # annotations only: rendering an outcome loads neither the house nor the strategy family
    from ..house.sidebets import Pay
    from ..strategy.chart import ClassKey, PlainRule, SuitRule

_OUTCOMES = {
    "fold": "fold",
    "lose": "dealer wins",
    "tie": "push",
    "not_qualify": "dealer does not qualify",
    "any": "every outcome (a raise forced; mean net)",
}

#: The player classes of the one-seen-card chart (known_cards.SeenChart), by class index.
SEEN_CLASSES: tuple[str, ...] = ("high card below A-K", "A-K high", *CATEGORIES[1:])


def outcome_label(outcome: str, category: int | None) -> str:
    """A return-table outcome (pricing.ReturnRow.outcome and .category)."""
    if outcome == "win":
        assert category is not None
        return f"player wins: {CATEGORIES[category]}"
    return _OUTCOMES[outcome]


def class_text(key: ClassKey) -> str:
    """A hand class (category, first rank, second rank) as words."""
    cat, a, b = key
    name = CATEGORIES[cat]
    if cat == CATEGORY_INDEX["high card"]:
        return f"{RANKS[a]}-{RANKS[b]} high"
    if cat in (1, 2, 3, 7):
        return f"{name} of {RANKS[a]}s" if cat != 2 else f"two pair, {RANKS[a]}s up"
    return f"{name}, {RANKS[a]} high" if cat in (4, 5, 8) else f"{name}, {RANKS[a]}s full" \
        if cat == 6 else name


#: The sentence of each scope of a plain rule (chart.PlainRule): {verb}, {cat} (the category), {key}
#: (the class), {Verb} (capitalised).
_RULE_TEXT = {
    "all": "Always {verb}.",
    "category_or_better": "Always {verb} {cat} or better.",
    "category": "Always {verb} {cat}.",
    "class_or_better": "Always {verb} {key} or better.",
    "class_up": "Always {verb} {cat} from {key} up.",
    "below_class": "Always {verb} {cat} below {key}.",
    "class": "{Verb} {key} always.",
    "match_rest": "Any other hand: raise exactly when one of your cards has the up card's rank, else fold "
                  "(checked against every up card).",
}


#: The one letter system of every strategy grid (``chart``, ``card``, the seen-card charts): each
#: mark and what it means. A grid prints only the marks it uses, with ``marks_legend``.
MARKS: dict[str, str] = {
    "R": "raise",
    "F": "fold",
    "M": "raise only if one of your cards has the rank of a dealer card you see",
    "S": "your cards of the up card's suit decide (see the suit rules)",
    "x/y": "x when none of your cards has the rank of a dealer card you see, y when one does",
    "+S": "(after a mark) when the dealer cards you see share a suit, the suit rules can change it",
    "#n": "see note n",
    "*": "(after a mark) with exceptions, listed in the JSON",
}


def marks_legend(marks: Sequence[str], *, up_only: bool = False, sep: str = "; ") -> str:
    """The meaning of each mark used, in the order given: "R raise; F fold; M raise only if ...".
    ``up_only``: the only dealer card seen is the up card (``chart`` and ``card``)."""
    return sep.join(f"{m} {mark_meaning(m, up_only=up_only)}" for m in marks)


def mark_meaning(mark: str, *, up_only: bool = False) -> str:
    """One mark's meaning (``MARKS``), worded for a grid whose only dealer card seen is the up card."""
    meaning = MARKS[mark]
    return meaning.replace("a dealer card you see", "the dealer's up card") if up_only else meaning


def note_mark(n: int) -> str:
    """A note's mark in a grid cell: "#3"."""
    return f"#{n}"


def plain_rule_text(rule: PlainRule) -> str:
    """One plain rule of a chart as a sentence."""
    verb = "raise" if rule.action == "raise" else "fold"
    key = class_text(rule.key) if rule.key is not None else ""
    return _RULE_TEXT[rule.scope].format(verb=verb, Verb=verb.capitalize(), cat=CATEGORIES[rule.category], key=key)


def suited_decider(by_suited: tuple[tuple[int, int], ...]) -> str:
    """What decides a mixed chart cell, by how many of the player's cards share the up card's suit."""
    parts = []
    for k, (r, t) in enumerate(by_suited):
        if not t:
            continue
        what = "R" if r == t else "F" if r == 0 else f"{r}/{t} R"
        parts.append(f"{k} suited: {what}")
    return "; ".join(parts)


def pay_label(pay: Pay) -> str:
    """A progressive pay: "100% of meter", "$500", or both."""
    parts = []
    if pay.share:
        parts.append(f"{_g(pay.share * 100)}% of meter")
    if pay.fixed or not parts:
        parts.append(f"${pay.fixed}")
    return " + ".join(parts)


def _g(x: Fraction) -> str:
    """A short number ("10", "12.5"): %g from a float, or scientific text when it is huge."""
    f = displayable(x)
    return sci(x, 6) if f is None else f"{f:g}"


def _rank_list(ranks: list[str]) -> str:
    return ranks[0] if len(ranks) == 1 else ", ".join(ranks[:-1]) + " or " + ranks[-1]


def suit_rule_text(r: SuitRule) -> str:
    """What one suited count of a mixed cell does: "raise", "fold", or the condition on the ranks
    of the player's cards in the up card's suit."""
    if r.kind in ("R", "F"):
        return "raise" if r.kind == "R" else "fold"
    if r.kind == "with":
        assert r.rank is not None
        return f"raise if your {RANKS[r.rank]} is of that suit"
    if r.kind == "without":
        assert r.rank is not None
        return f"raise unless your {RANKS[r.rank]} is of that suit"
    if r.kind == "sets":
        if r.suited == 1:
            return f"raise if that card is your {_rank_list([RANKS[s[0]] for s in r.sets])}"
        return "raise if they are your " + _rank_list(["-".join(RANKS[x] for x in s) for s in r.sets])
    return f"{r.raise_count}/{r.total} raise"


def suit_rules_text(rules: tuple[SuitRule, ...]) -> str:
    """A mixed cell's deciding rule, by how many of the player's cards share the up card's suit:
    "0-1 suited: fold; 2 suited: raise if they are your 3-2; 3-4 suited: raise"."""
    parts: list[tuple[int, int, str]] = []
    for r in rules:
        text = suit_rule_text(r)
        if parts and parts[-1][2] == text and r.kind in ("R", "F") and parts[-1][1] == r.suited - 1:
            parts[-1] = (parts[-1][0], r.suited, text)
        else:
            parts.append((r.suited, r.suited, text))
    return "; ".join(f"{a if a == b else f'{a}-{b}'} suited: {t}" for a, b, t in parts)


#: The hand classes of the trainer's mistakes (play.trainer.HAND_CLASSES).
_HAND_CLASSES = {"pair_or_better": "a pair or better", "ace_king": "A-K high", "below_ace_king": "below A-K high"}


def mistake_label(kind: str) -> str:
    """A kind of trainer mistake ("fold_ace_king") as words.

    >>> mistake_label("fold_ace_king"), mistake_label("raise_below_ace_king")
    ('folded A-K high', 'raised below A-K high')
    """
    answer, _, cls = kind.partition("_")
    return f"{'raised' if answer == 'raise' else 'folded'} {_HAND_CLASSES.get(cls, cls)}"
