"""The card's sentences mean exactly its rule file: every condition the simplify search can produce
translates, and a parser written here (from the words, not from the translator) reads each sentence
back to the same conditions; the card's sentences, read back, price to the card's strategy."""

import re

import pytest

from caribbean_exact.model.cards import RANKS
from caribbean_exact.model.hands import NUM_VALUES, lowest_value_of_category, patterns, value_categories
from caribbean_exact.model.rules import Qualifier
from caribbean_exact.render.strategy.rule_words import hand_at_least, line_sentence, strategy_sentences
from caribbean_exact.strategy import simplify
from caribbean_exact.strategy.rule_file import parse_rule_file
from caribbean_exact.strategy.strategies import evaluate

# ---------------------------------------------------------------- what a rule-file line means

_WORD_RANK = {"jack": "J", "queen": "Q", "king": "K", "ace": "A", "10": "T", "jacks": "J", "queens": "Q",
              "kings": "K", "aces": "A"}


def _r(word: str) -> int:
    w = word.lower().removeprefix("an ").removeprefix("a ").strip()
    if w in _WORD_RANK:
        return RANKS.index(_WORD_RANK[w])
    if len(w) == 2 and w.endswith("s"):   # "3s", "ts" (10s)
        w = w[0]
    return RANKS.index(_WORD_RANK.get(w, w.upper()))


def _value(spec: str) -> int:
    return Qualifier.parse(spec).value


def _rank_set(text: str) -> frozenset[int]:
    out: set[int] = set()
    for part in text.split(","):
        a, _, b = part.strip().partition("-")
        out.update(range(RANKS.index(a), RANKS.index(b or a) + 1))
    return frozenset(out)


def meaning(line: str) -> frozenset:  # noqa: PLR0915 (one reader, one branch a condition)
    """A rule-file line as a set of normalised conditions (hand bounds folded into one range)."""
    body = line.removeprefix("raise if ")
    if line == "raise always":
        return frozenset()
    parts = re.split(r" and ", body)
    lo, hi = 0, NUM_VALUES - 1
    bounded = False
    out = set()
    for i, p in enumerate(parts):
        if re.fullmatch(r"[2-9TJQKA](,[2-9TJQKA])*", p):      # "holds Q and J"
            continue
        if m := re.fullmatch(r"hand (>=|<=|==|<|>) (.+)", p):
            v = _value(m.group(2))
            op = m.group(1)
            if op in (">=", "=="):
                lo = max(lo, v)
            if op in ("<=", "=="):
                hi = min(hi, v)
            if op == "<":
                hi = min(hi, v - 1)
            if op == ">":
                lo = max(lo, v + 1)
            bounded = True
        elif p == "ace king":
            out.add(("ak",))
        elif p in ("up matches", "up matches nothing"):
            out.add(("matches", p == "up matches"))
        elif m := re.fullmatch(r"up (not in|in) (.+)", p):
            rs = _rank_set(m.group(2))
            out.add(("up", rs if m.group(1) == "in" else frozenset(range(13)) - rs))
        elif m := re.fullmatch(r"up ([<>]) card (\d)", p):
            out.add(("up vs", m.group(1), int(m.group(2))))
        elif m := re.fullmatch(r"card (\d) (>=|<=) (.)", p):
            k, r = int(m.group(1)), RANKS.index(m.group(3))
            out.add(("card", k, frozenset(range(r, 13)) if m.group(2) == ">=" else frozenset(range(r + 1))))
        elif m := re.fullmatch(r"card (\d) (not in|in) (.+)", p):
            rs = _rank_set(m.group(3))
            out.add(("card", int(m.group(1)), rs if m.group(2) == "in" else frozenset(range(13)) - rs))
        elif m := re.fullmatch(r"(holds|lacks) (.+)", p):
            listed = m.group(2)
            if i + 1 < len(parts) and re.fullmatch(r"[2-9TJQKA]", parts[i + 1]):
                out.add(("holds", "all" if m.group(1) == "holds" else "none", frozenset({RANKS.index(listed),
                                                                                          RANKS.index(parts[i + 1])})))
            else:
                rs = frozenset(RANKS.index(x) for x in re.split(r",| or ", listed))
                out.add(("holds", "any" if m.group(1) == "holds" else "none", rs))
        elif m := re.fullmatch(r"suited (>=|<=|==) (\d)", p):
            n = int(m.group(2))
            got = {">=": range(n, 6), "<=": range(n + 1), "==": range(n, n + 1)}[m.group(1)]
            if set(got) != set(range(6)):
                out.add(("suited", frozenset(got)))
        else:
            raise AssertionError(f"the test's reader does not know {p!r}")
    if bounded and (lo, hi) != (0, NUM_VALUES - 1):
        out.add(("hand", lo, hi))
    return frozenset(out)


# ---------------------------------------------------------------- what a sentence means (read from the words)

_CARD_ORD = {"highest": 1, "second-highest": 2, "third-highest": 3, "fourth-highest": 4, "lowest": 5}


def _flush_value(ranks: str) -> int:
    want = tuple(RANKS.index(x) for x in ranks)
    return next(p.flush_value for p in patterns() if p.grouped == want and p.flush_value is not None)


def _straight(top: str, flush: bool) -> int:
    t = RANKS.index(top)
    ranks = (12, 3, 2, 1, 0) if t == 3 else tuple(range(t, t - 5, -1))
    p = next(p for p in patterns() if p.ranks == ranks)
    return p.flush_value if flush else p.value


def _hand(words: str) -> int:
    """The lowest hand a name in words stands for."""
    w = words.strip().replace("10", "T")
    if w == "any hand":
        return 0
    if w == "a pair":
        return lowest_value_of_category(1)
    if w == "a royal flush":
        return NUM_VALUES - 1
    if m := re.fullmatch(r"any (.+)", w):
        return Qualifier.parse(m.group(1)).value
    if m := re.fullmatch(r"(?:a |an )?(.)-high straight( flush)?", w):
        return _straight(m.group(1), bool(m.group(2)))
    if m := re.fullmatch(r"an? ((?:.-){4}.) flush", w):
        return _flush_value(m.group(1).replace("-", ""))
    if m := re.fullmatch(r"a pair of (\w+)", w):
        return _value(f"pair of {RANKS[_r(m.group(1))]}s")
    if m := re.fullmatch(r"three (\w+)", w):
        return _value(RANKS[_r(m.group(1))] * 3)
    if m := re.fullmatch(r"four (\w+)", w):
        return _value(RANKS[_r(m.group(1))] * 4)
    if m := re.fullmatch(r"(.)-high", w):
        return _value(m.group(1))
    if re.fullmatch(r"(.-)*.", w):
        return _value(w.replace("-", ""))
    raise AssertionError(f"no hand {words!r}")


def _next_above(v: int) -> int:
    return v + 1


def _hand_range(words: str) -> tuple[int, int]:
    """(lowest, highest) value of the hands a subject names."""
    w = words.replace("10", "T")
    top = NUM_VALUES - 1
    if m := re.fullmatch(r"(.+) or better but below (.+)", w):
        return _hand(m.group(1)), _hand(m.group(2)) - 1
    if m := re.fullmatch(r"(.+) or better", w):
        return _hand(m.group(1)), top
    if m := re.fullmatch(r"any hand below (.+)", w):
        return 0, _hand(m.group(1)) - 1
    if m := re.fullmatch(r"any hand from (.+) to (.+)", w):
        return _value(m.group(1).replace("-", "")), _value(m.group(2).replace("-", ""))
    if m := re.fullmatch(r"(.+) \(no flush\)", w):
        v = _value(m.group(1).replace("-", "")) if "straight" not in w else _hand(m.group(1))
        return v, v
    if m := re.fullmatch(r"any (.+)", w):
        cat = Qualifier.parse(m.group(1)).value
        c = value_categories()[cat]
        return cat, lowest_value_of_category(c + 1) - 1
    if m := re.fullmatch(r"(.)-high \(no pair\)", w):
        lo = _value(m.group(1))
        nxt = RANKS.index(m.group(1)) + 1
        return lo, (_value(RANKS[nxt]) if nxt < 13 else lowest_value_of_category(1)) - 1
    if m := re.fullmatch(r"((?:.-)+.) high \(no pair\)", w):
        ranks = m.group(1).split("-")
        inside = [p.value for p in patterns() if p.category == 0
                  and tuple(RANKS[x] for x in p.grouped[:len(ranks)]) == tuple(ranks)]
        return min(inside), max(inside)
    if m := re.fullmatch(r"a pair of (\w+)", w):
        r = _r(m.group(1))
        inside = [p.value for p in patterns() if p.category == 1 and p.grouped[0] == r]
        return min(inside), max(inside)
    if m := re.fullmatch(r"three (\w+)", w):
        r = _r(m.group(1))
        inside = [p.value for p in patterns() if p.category == 3 and p.grouped[0] == r]
        return min(inside), max(inside)
    v = _hand(w)
    return v, v


def _ranks_words(text: str) -> frozenset[int]:
    """ "2 to queen", "a king or an ace", "2 to 4, a 9 or a jack"."""
    out: set[int] = set()
    for part in re.split(r", | or ", text):
        if m := re.fullmatch(r"(\w+) to (\w+)", part):
            out.update(range(_r(m.group(1)), _r(m.group(2)) + 1))
        else:
            out.add(_r(part))
    return frozenset(out)


def _your(words: str) -> int:
    return {"your ace": 1, "your king": 2}.get(words) or _CARD_ORD[words.removeprefix("your ").removesuffix(" card")]


def read_sentence(sentence: str) -> frozenset:
    """A card sentence as the normalised conditions of ``meaning``, read from its words."""
    s = sentence.removesuffix(".")
    if s == "Raise every hand":
        return frozenset()
    subject, _, rest = s.removeprefix("Raise ").partition(" when ")
    out: set = set()
    if subject == "A-K":
        out.add(("ak",))
    elif subject != "any hand" and _hand_range(subject) != (0, NUM_VALUES - 1):
        out.add(("hand", *_hand_range(subject)))
    # the clauses: "the dealer's card P, P and P" first, then the others, joined by " and "
    clauses = re.split(r" and (?=you |your |the dealer's |none |all |exactly |\d )", rest) if rest else []
    for cl in clauses:
        if cl.startswith("the dealer's card "):
            for pred in re.split(r" and (?=is |matches )", cl.removeprefix("the dealer's card ")):
                if pred == "matches one of yours":
                    out.add(("matches", True))
                elif pred == "matches none of yours":
                    out.add(("matches", False))
                elif m := re.fullmatch(r"is (below|above) (.+)", pred):
                    out.add(("up vs", "<" if m.group(1) == "below" else ">", _your(m.group(2))))
                elif m := re.fullmatch(r"is (not )?(.+)", pred):
                    rs = _ranks_words(m.group(2))
                    out.add(("up", frozenset(range(13)) - rs if m.group(1) else rs))
                else:
                    raise AssertionError(pred)
        elif m := re.fullmatch(r"your hand is (.+)", cl):
            out.add(("hand", *_hand_range(m.group(1))))
        elif m := re.fullmatch(r"(your [\w-]+(?: card)?) is (an? \w+) or (higher|lower)", cl):
            r = _r(m.group(2))
            out.add(("card", _your(m.group(1)), frozenset(range(r, 13)) if m.group(3) == "higher"
                     else frozenset(range(r + 1))))
        elif m := re.fullmatch(r"(your [\w-]+(?: card)?) is (not )?(.+)", cl):
            rs = _ranks_words(m.group(3))
            out.add(("card", _your(m.group(1)), frozenset(range(13)) - rs if m.group(2) else rs))
        elif m := re.fullmatch(r"you hold both (.+) and (.+)", cl):
            out.add(("holds", "all", frozenset({_r(m.group(1)), _r(m.group(2))})))
        elif m := re.fullmatch(r"you hold neither (.+) nor (.+)", cl):
            out.add(("holds", "none", frozenset({_r(m.group(1)), _r(m.group(2))})))
        elif m := re.fullmatch(r"you hold no (\w+)", cl):
            out.add(("holds", "none", frozenset({_r(m.group(1))})))
        elif m := re.fullmatch(r"you hold (.+)", cl):
            out.add(("holds", "any", _ranks_words(m.group(1))))
        elif m := re.fullmatch(r"(\d) or (more|fewer) of your cards are the suit of the dealer's card", cl):
            n = int(m.group(1))
            out.add(("suited", frozenset(range(n, 6) if m.group(2) == "more" else range(n + 1))))
        elif cl == "none of your cards is the suit of the dealer's card":
            out.add(("suited", frozenset({0})))
        elif cl == "all five of your cards are the suit of the dealer's card":
            out.add(("suited", frozenset({5})))
        elif m := re.fullmatch(r"exactly (\d) of your cards (?:is|are) the suit of the dealer's card", cl):
            out.add(("suited", frozenset({int(m.group(1))})))
        else:
            raise AssertionError(f"cannot read {cl!r} in {sentence!r}")
    return frozenset(out)


def _check(line: str) -> str:
    sentence = line_sentence(line)
    assert read_sentence(sentence) == meaning(line), (line, sentence)
    for bad in (">=", "<=", "<", ">", "==", "card 2", "suited", "up "):
        assert bad not in sentence.replace("dealer's card", ""), (line, sentence)
    return sentence


# ---------------------------------------------------------------- the lines the search can write


def _classes() -> list[tuple[int, int]]:
    """Every band the search can make: each class's (lowest value, value just above it), and each
    category's."""
    by: dict[tuple[int, int, int], list[int]] = {}
    for p in patterns():
        for v in (p.value, p.flush_value):
            if v is None:
                continue
            cat = value_categories()[v]
            g = p.grouped
            by.setdefault((cat, g[0], g[1]), []).append(v)
    values = sorted({v for vs in by.values() for v in vs})
    out = []
    for vs in by.values():
        above = [v for v in values if v > max(vs)]
        out.append((min(vs), above[0] if above else NUM_VALUES))
    for cat in range(1, 9):
        out.append((lowest_value_of_category(cat), lowest_value_of_category(cat + 1)))
    return sorted(set(out))


def test_every_threshold_line_translates_exactly():
    """Line 1 of every point and the search's starting lines: ``hand >= X`` for every hand value."""
    seen = set()
    for v in sorted({p.value for p in patterns()} | {p.flush_value for p in patterns() if p.flush_value}):
        line = "raise always" if v == 0 else f"raise if hand >= {simplify._value_spec(v)}"
        seen.add(_check(line))
    assert len(seen) > 7000   # every value its own words


def test_every_band_translates_exactly():
    for lo, above in _classes():
        line = f"raise if hand >= {simplify._value_spec(lo)}"
        if above < NUM_VALUES:
            line += f" and hand < {simplify._value_spec(above)}"
        _check(line)


@pytest.mark.parametrize("band", ["ace king", "hand >= pair and hand < two pair",
                                  # the two bands whose conditions parse into the most cells: seconds each
                                  pytest.param("hand >= AQ and hand < AK", marks=pytest.mark.slow),
                                  pytest.param("hand >= 44 and hand < 55", marks=pytest.mark.slow)])
def test_every_condition_of_the_search_translates_exactly(band):
    texts = simplify.condition_texts()
    assert len(texts) > 300
    for cond in texts:
        _check(f"raise if {band} and {cond}")
    # pairs of conditions, as the search joins them (a sample of every kind against every kind)
    kinds: dict[str, str] = {}
    for t in texts:
        kinds.setdefault(t.split(" ")[0] + t.split(" ")[1], t)
    for a in kinds.values():
        for b in kinds.values():
            if a != b:
                _check(f"raise if {band} and {a} and {b}")


def test_the_cell_by_cell_lines_translate_exactly():
    """The last point's forms: one hand value or a run of them, up card sets and suit counts."""
    vals = sorted({p.value for p in patterns() if p.category == 0})
    for a, b in [(vals[10], vals[10]), (vals[100], vals[140]), (vals[-3], vals[-1])]:
        hand = f"hand == {simplify._exact_spec(a)}" if a == b else \
            f"hand >= {simplify._exact_spec(a)} and hand <= {simplify._exact_spec(b)}"
        for cond in ("up in 2-5,9,K", "up in 7 and suited == 2", "up in 3 and suited >= 2",
                     "up in Q and suited <= 1", "up in 4 and suited == 0"):
            _check(f"raise if {hand} and {cond}")


def test_qualifier_pair_thresholds_are_hands_in_words():
    """Under ``--qualifier pair`` the search writes "3" (a pair of 3s) and "7" (no pair, 7-high)."""
    assert line_sentence("raise if hand >= 3") == "Raise a pair of 3s or better."
    assert hand_at_least(_value("8")) == "8-high"
    assert line_sentence("raise if hand >= 3 and hand < 4") == "Raise a pair of 3s."


@pytest.mark.slow  # a frontier search and a rule file priced per card
@pytest.mark.parametrize("spec", [None, "live-dealer", ("royal-250", "pair")])
def test_the_card_sentences_price_to_the_cards_strategy(spec):
    """One sentence a line, each meaning its line; the strategy read back from the sentences is
    the card's: the same conditions, and the same exact total return."""
    from caribbean_exact.model.rules import Rules
    from caribbean_exact.strategy.strategy_card import strategy_card

    rules = None if spec is None else Rules.make(spec, "AK") if isinstance(spec, str) else Rules.make(*spec)
    c = strategy_card(rules)
    lines = [x for x in c.point.rules_text.splitlines()[1:] if x]
    sentences = strategy_sentences(c.point.rules_text)
    assert len(sentences) == len(lines) == c.point.lines <= 5
    for line, sentence in zip(lines, sentences, strict=True):
        assert read_sentence(sentence) == meaning(line)
    # a rule file written from what the sentences say, priced
    text = "name: read back\n" + "\n".join(_line_of(read_sentence(s)) for s in sentences) + "\n"
    assert evaluate(parse_rule_file(text), c.rules).total_return == c.point.total_return


def _line_of(conds: frozenset) -> str:
    """A rule-file line of normalised conditions (the inverse of ``meaning``)."""
    parts = []
    for c in sorted(conds, key=str):
        kind = c[0]
        if kind == "ak":
            parts.append("ace king")
        elif kind == "hand":
            parts.append(f"hand >= value {c[1]} and hand <= value {c[2]}")
        elif kind == "matches":
            parts.append("up matches" if c[1] else "up matches nothing")
        elif kind == "up":
            parts.append("up in " + ",".join(RANKS[r] for r in sorted(c[1])))
        elif kind == "up vs":
            parts.append(f"up {c[1]} card {c[2]}")
        elif kind == "card":
            parts.append(f"card {c[1]} in " + ",".join(RANKS[r] for r in sorted(c[2])))
        elif kind == "holds":
            rs = [RANKS[r] for r in sorted(c[2])]
            parts.append({"any": "holds " + ",".join(rs), "all": "holds " + " and ".join(rs),
                          "none": "lacks " + " and ".join(rs)}[c[1]])
        elif kind == "suited":
            parts += [f"suited >= {min(c[1])}", f"suited <= {max(c[1])}"]
    return "raise if " + " and ".join(parts) if parts else "raise always"
