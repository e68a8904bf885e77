"""Every label a person reads: outcomes, hand classes, chart rules, side-bet pays. One place, so
the same thing has the same name everywhere.

>>> outcome_label("tie", None), outcome_label("win", 9)
('push', 'player wins: royal flush')
"""

from __future__ import annotations

from fractions import Fraction

from ..cards import RANKS
from ..chart import ClassKey, PlainRule
from ..hands import CATEGORIES, CATEGORY_INDEX
from ..sidebets import Pay
from .text import displayable, sci

_OUTCOMES = {
    "fold": "fold",
    "lose": "dealer wins",
    "tie": "push",
    "not_qualify": "dealer does not qualify",
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


def plain_rule_text(rule: PlainRule) -> str:
    """One plain rule of a chart as a sentence."""
    cat = CATEGORIES[rule.category]
    verb = "raise" if rule.action == "raise" else "fold"
    if rule.scope == "all":
        text = f"Always {verb}"
    elif rule.scope == "category_or_better":
        text = f"Always {verb} {cat} or better"
    elif rule.scope == "category":
        text = f"Always {verb} {cat}"
    else:
        assert rule.key is not None
        key = class_text(rule.key)
        if rule.scope == "class_or_better":
            text = f"Always {verb} {key} or better"
        elif rule.scope == "class_up":
            text = f"Always {verb} {cat} from {key} up"
        elif rule.scope == "below_class":
            text = f"Always {verb} {cat} below {key}"
        else:
            text = f"{verb.capitalize()} {key} always"
    return text + "."


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
