"""Rule-file lines as plain sentences, for the printed card: "raise if hand >= pair" is "Raise any
pair or better", one sentence a line, meaning exactly what the line means.

Every condition of the rule-file language translates (``strategy.rule_file``; the simplify search
produces a subset): hand bounds become a hand named in words (the weakest hand of the bound, not
its qualifier text, so under ``--qualifier pair`` "3" reads "a pair of 3s" and "7" reads
"7-high"), the dealer's up card's conditions are joined under "the dealer's card", and the rest
follow. On an A-K line "card 1" and "card 2" are your ace and your king.

>>> line_sentence("raise if hand >= pair")
'Raise any pair or better.'
>>> line_sentence("raise if ace king and up matches and up < card 2")
"Raise A-K when the dealer's card matches one of yours and is below your king."
>>> line_sentence("raise if hand >= AKQJ")
'Raise A-K-Q-J or better.'
"""

from __future__ import annotations

import re
from functools import cache

from ...errors import InvalidRules, shown
from ...model.cards import RANKS, rank_index
from ...model.hands import (
    CATEGORIES,
    NUM_VALUES,
    lowest_plain_value_starting,
    lowest_value_of_category,
    patterns,
    value_categories,
)
from ...model.rules import Qualifier

__all__ = ["hand_at_least", "hand_exactly", "line_sentence", "rank_name", "strategy_sentences"]

_NAMES = {"T": "10", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}
_PLURAL = {"6": "6s", "J": "jacks", "Q": "queens", "K": "kings", "A": "aces"}
_ORDINAL = ("highest", "second-highest", "third-highest", "fourth-highest", "lowest")


def rank_name(r: int) -> str:
    """A rank as a word: "2" .. "10", "jack", "queen", "king", "ace"."""
    return _NAMES.get(RANKS[r], RANKS[r])


def rank_short(r: int) -> str:
    """A rank as printed in a hand: "2" .. "10", "J", "Q", "K", "A"."""
    return "10" if RANKS[r] == "T" else RANKS[r]


def _a(r: int) -> str:
    """ "a queen", "an ace", "an 8"."""
    return ("an " if RANKS[r] in ("A", "8") else "a ") + rank_name(r)


def _plural(r: int) -> str:
    return _PLURAL.get(RANKS[r], rank_short(r) + "s")


def _hyphen(ranks: tuple[int, ...]) -> str:
    return "-".join(rank_short(r) for r in ranks)


def _or_list(words: list[str], joiner: str = "or") -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" {joiner} " + words[-1]


@cache
def _by_value() -> dict[int, tuple[tuple[int, ...], tuple[int, ...], bool]]:
    """Every value: (ranks high to low, ranks groups first, all of one suit?)."""
    out: dict[int, tuple[tuple[int, ...], tuple[int, ...], bool]] = {}
    for p in patterns():
        out[p.value] = (p.ranks, p.grouped, False)
        if p.flush_value is not None:
            out[p.flush_value] = (p.ranks, p.grouped, True)
    return out


def _straight_top(ranks: tuple[int, ...]) -> int:
    return 3 if ranks == (12, 3, 2, 1, 0) else ranks[0]    # the wheel A-2-3-4-5 is 5 high


def _hand_name(value: int) -> str:
    """The hand of ``value`` in full: "A-K-J-8-3", "a 9-high straight", "a A-K-Q-J-9 flush"."""
    ranks, grouped, _ = _by_value()[value]
    cat = value_categories()[value]
    if cat == 4:
        return f"a {rank_short(_straight_top(ranks))}-high straight"
    if cat == 5:
        return f"an {_hyphen(grouped)} flush" if RANKS[grouped[0]] in ("A", "8") else f"a {_hyphen(grouped)} flush"
    if cat == 8:
        return f"a {rank_short(_straight_top(ranks))}-high straight flush"
    if cat == 9:
        return "a royal flush"
    return _hyphen(grouped)


@cache
def hand_at_least(value: int) -> str:
    """The hands of ``value`` or better, in words, without "or better": "any pair", "A-K-Q-J"
    (the lowest hand starting A-K-Q-J), "a pair of 3s", "8-high", "any hand" (value 0: 7-5-4-3-2,
    the lowest hand).

    >>> hand_at_least(Qualifier.parse("pair").value), hand_at_least(Qualifier.parse("8").value)
    ('any pair', '8-high')
    """
    if value <= 0:
        return "any hand"
    if value >= NUM_VALUES:
        return "no hand"
    for cat in range(1, len(CATEGORIES)):
        if lowest_value_of_category(cat) == value:
            return "a royal flush" if cat == 9 else f"any {CATEGORIES[cat]}"
    if value not in _by_value():     # a value no hand has: the lowest hand above it
        return hand_at_least(value + 1)
    grouped, suited = _by_value()[value][1:]
    cat = value_categories()[value]
    if not suited:
        for k in range(1, 6):
            if lowest_plain_value_starting(grouped[:k]) == value:
                prefix = grouped[:k]
                if cat == 0:
                    return f"{rank_short(prefix[0])}-high" if k == 1 else _hyphen(prefix)
                if cat == 1 and k <= 2:
                    return f"a pair of {_plural(prefix[0])}"
                if cat == 3 and k <= 3:
                    return f"three {_plural(prefix[0])}"
                if cat == 7 and k <= 4:
                    return f"four {_plural(prefix[0])}"
                if cat in (0, 1):
                    return _hyphen(prefix)
                break
    return _hand_name(value)


def hand_exactly(value: int) -> str:
    """One hand value in words: its ranks, and whether it is all of one suit where that is not
    said by its name ("A-K-J-8-3 of mixed suits")."""
    suited = _by_value()[value][2]
    name = _hand_name(value)
    cat = value_categories()[value]
    if cat in (0, 4) and not suited:
        return f"{name} (no flush)"
    return name


def _range_words(lo: int, hi: int) -> str:
    """The hands from value ``lo`` to ``hi`` (inclusive) in words."""
    if lo <= 0 and hi >= NUM_VALUES - 1:
        return "any hand"
    if hi >= NUM_VALUES - 1:
        return f"{hand_at_least(lo)} or better"
    if lo == hi:
        return hand_exactly(lo)
    above = hi + 1
    cats = value_categories()
    # a whole category, or a whole class (the hands starting with a prefix)
    for cat in range(len(CATEGORIES) - 1):
        if lowest_value_of_category(cat) == lo and lowest_value_of_category(cat + 1) == above \
                and (cat == 0 or cats[lo] == cat):
            return "any hand below a pair" if cat == 0 else f"any {CATEGORIES[cat]}"
    got = _prefix_class(lo, above)
    if got is not None:
        return got
    if cats[lo] == cats[hi] == 0:
        return f"any hand from {_hand_name(lo)} to {_hand_name(hi)}"
    if lo <= 0:
        return f"any hand below {hand_at_least(above)}"
    return f"{hand_at_least(lo)} or better but below {hand_at_least(above)}"


def _prefix_class(lo: int, above: int) -> str | None:
    """ "A-Q high (no pair)", "a pair of 6s": the plain hands starting with a prefix, when they are
    exactly the values from ``lo`` up to ``above``."""
    if lo not in _by_value() or _by_value()[lo][2]:
        return None
    grouped = _by_value()[lo][1]
    cat = value_categories()[lo]
    for k in range(1, 5):
        prefix = grouped[:k]
        if lowest_plain_value_starting(prefix) != lo:
            continue
        inside = {v for v, (_, g, s) in _by_value().items()
                  if not s and g[:k] == prefix and value_categories()[v] == cat}
        if max(inside) + 1 != above or len(inside) != above - lo:
            continue
        if cat == 0:
            return f"{rank_short(prefix[0])}-high (no pair)" if k == 1 else f"{_hyphen(prefix)} high (no pair)"
        if cat == 1 and k <= 2:
            return f"a pair of {_plural(prefix[0])}"
        if cat == 3 and k <= 3:
            return f"three {_plural(prefix[0])}"
    return None


# ---------------------------------------------------------------- conditions


def _ranks(text: str) -> list[int]:
    out: set[int] = set()
    for part in re.split(r"[\s,]+", text.strip()):
        if not part:
            continue
        a, _, b = part.upper().replace("10", "T").partition("-")
        lo = rank_index(a)
        out.update(range(lo, (rank_index(b) if b else lo) + 1))
    return sorted(out)


def _rank_runs(ranks: list[int]) -> str:
    """ "2 to queen", "a king or an ace", "a 5", "2 to 4, a 9 or a jack"."""
    runs: list[tuple[int, int]] = []
    for r in ranks:
        if runs and runs[-1][1] == r - 1:
            runs[-1] = (runs[-1][0], r)
        else:
            runs.append((r, r))
    words = [_a(a) if a == b else f"{_a(a)} or {_a(b)}" if b == a + 1 else f"{rank_name(a)} to {rank_name(b)}"
             for a, b in runs]
    return _or_list(words)


def _your(k: int, ace_king: bool) -> str:
    """Your k-th highest card (0-based); on an A-K line the first two are your ace and king."""
    if ace_king and k < 2:
        return ("your ace", "your king")[k]
    return f"your {_ORDINAL[k]} card"


def _suited_words(op: str, n: int) -> str | None:
    of = "the suit of the dealer's card"
    if op == "==":
        return f"exactly {n} of your cards {'is' if n == 1 else 'are'} {of}" if n else f"none of your cards is {of}"
    if op == ">=":
        return f"all five of your cards are {of}" if n == 5 else f"{n} or more of your cards are {of}" if n \
            else None
    return f"none of your cards is {of}" if n == 0 else f"{n} or fewer of your cards are {of}"


def _split(body: str) -> list[str]:
    """The conditions of a line; "holds Q and J": both, one condition."""
    parts = re.split(r"\s+and\s+", " ".join(body.split()), flags=re.IGNORECASE)
    out: list[str] = []
    for p in parts:
        if out and re.fullmatch(r"(10|[2-9TJQKA])(\s*,\s*(10|[2-9TJQKA]))*", p, re.IGNORECASE) \
                and out[-1].lower().startswith(("holds ", "lacks ")):
            out[-1] += f" and {p}"
        else:
            out.append(p)
    return out


def _holds_words(verb: str, listed: str) -> str:
    """ "you hold a queen or a jack", "you hold both a queen and a jack", "you hold no 9"."""
    both = bool(re.search(r"\band\b", listed, re.IGNORECASE))
    rs = _ranks(re.sub(r"\s+(or|and)\s+", ",", listed, flags=re.IGNORECASE))
    names = [_a(r) for r in sorted(rs, reverse=True)]
    if verb == "holds":
        return "you hold " + (f"both {names[0]} and {names[1]}" if both and len(names) == 2
                              else _or_list(names, "and" if both else "or"))
    return "you hold no " + rank_name(rs[0]) if len(rs) == 1 else "you hold neither " + _or_list(names, "nor")


def _dealer_words(c: str, ace_king: bool) -> str | None:
    """A condition on the up card as a predicate of "the dealer's card", or None for another condition."""
    low = c.lower()
    if low in ("up matches", "up matches a rank"):
        return "matches one of yours"
    if low in ("up matches nothing", "not up matches", "up does not match"):
        return "matches none of yours"
    if um := re.fullmatch(r"up (not in|in) (.+)", c, re.IGNORECASE):
        return ("is not " if um.group(1).lower() == "not in" else "is ") + _rank_runs(_ranks(um.group(2)))
    if vm := re.fullmatch(r"up (<|>) card ([1-5])", c, re.IGNORECASE):
        return ("is below " if vm.group(1) == "<" else "is above ") + _your(int(vm.group(2)) - 1, ace_king)
    return None


def _other_words(c: str, ace_king: bool, line: str) -> str | None:
    """A condition on your cards as a clause ("you hold a queen"); None when it always holds."""
    if cm := re.fullmatch(r"card ([1-5]) (>=|<=|in|not in) (.+)", c, re.IGNORECASE):
        k, op, rs = int(cm.group(1)) - 1, cm.group(2).lower(), _ranks(cm.group(3))
        who = _your(k, ace_king)
        if op in (">=", "<="):
            return f"{who} is {_a(rs[0])} or {'higher' if op == '>=' else 'lower'}"
        return f"{who} is {'not ' if op == 'not in' else ''}{_rank_runs(rs)}"
    if hl := re.fullmatch(r"(holds|lacks) (.+)", c, re.IGNORECASE):
        return _holds_words(hl.group(1).lower(), hl.group(2))
    if sm := re.fullmatch(r"suited (>=|<=|==) ([0-5])", c, re.IGNORECASE):
        return _suited_words(sm.group(1), int(sm.group(2)))
    raise InvalidRules(f"rule line {shown(line)}: condition {shown(c)} has no words")


def line_sentence(line: str) -> str:
    """One rule-file line ("raise if ..." or "raise always") as a sentence, ending with a full stop.

    >>> line_sentence("raise if ace king and up matches and holds Q or J")
    "Raise A-K when the dealer's card matches one of yours and you hold a queen or a jack."
    """
    text = " ".join(line.split("#", 1)[0].split())
    m = re.fullmatch(r"raise(?: if)?\s*(.*)", text, re.IGNORECASE)
    if not m:
        raise InvalidRules(f"rule line {shown(line)}: expected 'raise if ...'")
    body = m.group(1)
    if body.lower() == "always":
        return "Raise every hand."
    conds = _split(body)
    lo, hi = 0, NUM_VALUES - 1
    bounded = False
    ace_king = any(c.lower() in ("ace king", "ace-king", "ak") for c in conds)
    dealer: list[str] = []
    other: list[str] = []
    for c in conds:
        if hm := re.fullmatch(r"hand\s*(>=|<=|==|<|>)\s*(.+)", c, re.IGNORECASE):
            v, op = Qualifier.parse(hm.group(2)).value, hm.group(1)
            lo = max(lo, v if op in (">=", "==") else v + 1 if op == ">" else lo)
            hi = min(hi, v if op in ("<=", "==") else v - 1 if op == "<" else hi)
            bounded = True
        elif c.lower() in ("ace king", "ace-king", "ak"):
            continue
        elif (d := _dealer_words(c, ace_king)) is not None:
            dealer.append(d)
        elif (o := _other_words(c, ace_king, line)) is not None:
            other.append(o)
    if ace_king:
        subject = "A-K"
        if bounded:
            other.insert(0, f"your hand is {_range_words(lo, hi)}")
    else:
        subject = _range_words(lo, hi) if bounded else "any hand"
    clauses = (["the dealer's card " + " and ".join(dealer)] if dealer else []) + other
    if not clauses:
        return f"Raise {subject}."
    return f"Raise {subject} when {' and '.join(clauses)}."


def strategy_sentences(rules_text: str) -> list[str]:
    """A rule file's lines as sentences, one a line (its ``name:`` line and comments left out)."""
    out = []
    for raw in rules_text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if line and not line.lower().startswith("name:"):
            out.append(line_sentence(line))
    return out
