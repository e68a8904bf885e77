"""Russian Poker, one hand: the core (switch_russian.c) against a plain-Python brute force
(tests/russian_reference.py: every dealer completion, every replacement card for buying the game,
the two-combination pays read from the TOML file), and the consistency of the rules' options (the
plain game exactly when every option is taken away; a prohibitive fee removes an option exactly)."""

import dataclasses
import json
import random
import textwrap
from fractions import Fraction
from itertools import combinations

import pytest
from reference import AK_KEY, TRIPS, ref_key
from russian_reference import ref_buy_game, ref_game, ref_option_ev, ref_pay, ref_play_ev

import caribbean_exact as ce
from caribbean_exact.cli.main import main
from caribbean_exact.engine.russian import buy_game_counts, russian_pay
from caribbean_exact.errors import InvalidCards, InvalidRules
from caribbean_exact.model.cards import Card, parse_cards
from caribbean_exact.model.russian import RussianGame
from caribbean_exact.play.russian import instant_pay, russian_buy_game, russian_ev

pytestmark = pytest.mark.csan


def _ix(text: str) -> tuple[int, ...]:
    return tuple(c.index for c in parse_cards(text))


def _game_file(tmp_path, name="test", **fields) -> str:
    """A rule file: the lunar rule set with some fields changed (TOML values as text)."""
    base = {"name": f'"{name}"', "pays": "[1, 1, 2, 3, 4, 5, 7, 20, 50, 100]", "doubles": '"gamsoft"',
            "straight_with_pair": '"two-straights"', "exchange": "[2, 5]", "exchange_fee": "1",
            "sixth_card_fee": "1", "qualifier": '"AK"', "bet": "2", "ante_on_win": '"push"',
            "ante_no_qualify": '"paid"', "buy_game_fee": "1", "buy_game_replaces": '"highest"',
            "buy_game_redraw": "false", "ante_after_buy_no_qualify": '"paid"'}
    base.update(fields)
    path = tmp_path / f"{name}.toml"
    path.write_text("[[game]]\n" + "".join(f"{k} = {v}\n" for k, v in base.items()))
    return str(path)


def _ref_fields(**fields) -> dict:
    """The brute force's rule dict for the same changes as _game_file (Python values)."""
    return fields


# ---------------------------------------------------------------- the two combinations


EDGE_HANDS = [
    ("Ks Qd Jh Tc 9s 9d", "straight", 8),           # a straight with a pair: two straights
    ("Ah Kh Qh 8h 7h 7s", "flush", 6),               # a flush with a pair
    ("Ah Kh Qh Jh Th 9h", "royal-flush", 150),       # royal + straight flush
    ("Ah Ad Ac As Kh 2c", "four-of-a-kind", 21),     # four of a kind + ace-king
    ("Ah Ad Ac 8h 8s 8c", "full-house", 14),         # two full houses
    ("Kh Ks 8d 8h 2c 2s", "two-pair", 4),            # two two-pairs
    ("Ah Kd Kc 3s 5h", "pair", 2),                   # a pair and ace-king in five cards
    ("Ah Kd Ac 3s 5h", "pair", 2),
    ("Kh Ks Kd 2c 3s", "three-of-a-kind", 3),        # a pair inside the trips is no second combination
    ("Ah Kd Qc Js 9h", "ace-king", 1),
    ("Qh Jd 9c 7s 3h", None, 0),
    ("5h 4s 3d 2c Ah Ks", "straight", 5),            # the wheel and ace-king
]


@pytest.mark.parametrize("text,first,pay", EDGE_HANDS)
def test_pay_of_edge_hands(text, first, pay):
    g = RussianGame.parse("lunar")
    got, f, _ = russian_pay(_ix(text), g)
    assert (got, f) == (pay, first)
    assert ref_pay(_ix(text), ref_game("lunar")) == pay


def test_straight_with_a_pair_paid_as_a_straight_and_a_pair(tmp_path):
    g = RussianGame.parse(_game_file(tmp_path, straight_with_pair='"straight-and-pair"'))
    assert russian_pay(_ix("Ks Qd Jh Tc 9s 9d"), g)[0] == 5  # 4 + 1
    assert russian_pay(_ix("Ks Qd Jh Tc 9s 8d"), g)[0] == 8  # two straights of different ranks
    ref = ref_game("lunar", straight_with_pair="straight-and-pair")
    assert ref_pay(_ix("Ks Qd Jh Tc 9s 9d"), ref) == 5


def test_pays_match_the_reference_on_random_hands():
    rng = random.Random(32)
    g, ref = RussianGame.parse("lunar"), ref_game("lunar")
    for n in range(1500):
        cards = tuple(rng.sample(range(52), 5 + n % 2))
        assert russian_pay(cards, g)[0] == ref_pay(cards, ref), cards


def test_every_double_combination_is_reached():
    """Each of the 21 pairs of the table is the pay of some six-card hand (the brute force finds them)."""
    rng = random.Random(7)
    g = RussianGame.parse("lunar")
    seen = set()
    for _ in range(40000):
        cards = tuple(rng.sample(range(52), 6))
        _, f, s = russian_pay(cards, g)
        if s is not None:
            seen.add((f, s))
    # the rarest (royal, straight flush and friends) need luck: at least the common ones
    for pair in [("pair", "ace-king"), ("two-pair", "two-pair"), ("flush", "pair"), ("straight", "straight"),
                 ("three-of-a-kind", "ace-king"), ("flush", "flush"), ("full-house", "full-house")]:
        assert pair in seen


# ---------------------------------------------------------------- buying the game


def test_buy_game_against_the_reference_on_random_dealer_hands():
    rng = random.Random(5)
    for name in ("lunar", "russian"):
        ref = ref_game(name)
        done = 0
        while done < 60:
            cards = rng.sample(range(52), 10 + (done % 3 == 0))
            player = tuple(cards[: 5 + (len(cards) == 11)])
            dealer = tuple(cards[len(player):len(player) + 5])
            want = ref_buy_game(player, dealer, (), ref)
            got = russian_buy_game([Card(c) for c in player], [Card(c) for c in dealer], name)
            assert got.qualifies == (want is None)
            if want is None:
                continue
            assert (got.not_qualify, got.win, got.tie, got.lose, got.cards) == want
            done += 1


def test_a_dealer_ace_king_high_that_is_bought_a_card(tmp_path):
    """Where the dealer needs a pair, A-K high does not qualify: buying the game replaces the ace."""
    path = _game_file(tmp_path, qualifier='"pair"')
    b = russian_buy_game("Qh Qd 7c 5s 2h", "Ac Kd 9h 6s 3c", path)
    assert not b.qualifies and str(b.replaced) == "Ac" and b.cards == 42
    assert (b.not_qualify, b.win, b.tie, b.lose, b.cards) == ref_buy_game(
        _ix("Qh Qd 7c 5s 2h"), _ix("Ac Kd 9h 6s 3c"), (), ref_game("lunar", qualifier="pair"))
    # kings pair him 3 ways, nines, sixes, threes 3 each (he loses to a queen-pair only beside a king pair)
    assert b.lose == 3 and b.win == 9 and b.not_qualify == 30
    # priced: buy = (30 x 1 + 9 x 2 - 3 x 3) / 42 - 1
    assert b.buy_ev == Fraction(30 + 18 - 9, 42) - 1 and b.best == "take"


@pytest.mark.parametrize("rule", ["lowest", "sixth"])
def test_buy_game_other_replacement_rules(tmp_path, rule):
    path = _game_file(tmp_path, buy_game_replaces=f'"{rule}"')
    ref = ref_game("lunar", buy_game_replaces=rule)
    rng = random.Random(11)
    done = 0
    while done < 20:
        cards = rng.sample(range(52), 10)
        want = ref_buy_game(tuple(cards[:5]), tuple(cards[5:]), (), ref)
        if want is None:
            continue
        b = russian_buy_game([Card(c) for c in cards[:5]], [Card(c) for c in cards[5:]], path)
        assert (b.not_qualify, b.win, b.tie, b.lose, b.cards) == want
        done += 1


def test_redraw_leaves_out_the_replaced_rank():
    b = russian_buy_game("Ah Kh 9h 6h 2h", "Qs 9d 6c 4d 2s", "russian")
    assert b.cards == 42 - 3 and str(b.replaced) == "Qs"
    assert (b.not_qualify, b.win, b.tie, b.lose, b.cards) == ref_buy_game(
        _ix("Ah Kh 9h 6h 2h"), _ix("Qs 9d 6c 4d 2s"), (), ref_game("russian"))


# ---------------------------------------------------------------- one hand against the brute force


@pytest.mark.parametrize("name", ["lunar", pytest.param("russian", marks=pytest.mark.slow)])
def test_play_as_dealt_summed_over_dealer_hands(name):
    """Playing a flush as dealt: the core's tables, inclusion-exclusion and pruning against a plain sum
    over the 163,185 dealer hands, each settled by the reference evaluator or, where the dealer does not
    qualify, by the better of the ante and buying the game (cs_russian_buy_game's direct count)."""
    hand, up = _ix("Ah Kh 9h 6h 2h"), _ix("Qs")[0]
    g = RussianGame.parse(name)
    a = russian_ev(hand and "Ah Kh 9h 6h 2h", "Qs", g, exchange_sizes=())
    assert a.stand.play_ev == _summed_play_ev(hand, up, g, (1 if g.ante_on_win == "paid" else 0) + 2 * 5)


def _summed_play_ev(hand: tuple[int, ...], up: int, g: RussianGame, win) -> Fraction:
    """Playing ``hand`` as dealt, summed over the 163,185 dealer hands: a qualifying one settled by the
    reference evaluator (``win`` the net of a win), any other by the better of the ante and buying the
    game (cs_russian_buy_game's direct count, without rows or masks)."""
    pk = ref_key(hand)
    total, n = Fraction(0), 0
    unseen = [c for c in range(52) if c not in (*hand, up)]
    for holes in combinations(unseen, 4):
        dealer = (up, *holes)
        dk = ref_key(dealer)
        n += 1
        if dk >= AK_KEY:
            total += win if dk < pk else 0 if dk == pk else -3
            continue
        nq, w, _, lo, cards, _, _ = buy_game_counts(hand, (), dealer, g)
        total += max(Fraction(1), Fraction(nq + w * win - 3 * lo, cards) - 1)
    return total / n


# One hand as dealt of each kind the core meets the non-qualifying dealer hands by (csrc/switch_russian.c:
# a row compare, or the masks of a high card, a pair, two pair or trips, a straight or flush, a full
# house or quads, a straight flush), under lunar's rules and a russian-like set (the ante paid on a
# win, the redraw), with pays high enough (ace-king 4 to 1) that every kind of hand buys the game
# against many dealer hands and not against others: a wrong count changes a decision.
MASK_HANDS = [
    ("russian", "Ah Kd 9c 6s 3h", "Qs"),   # ace-king high
    ("lowest", "Ah Kd 9c 6s 3h", "Qs"),    # the same, the dealer's lowest card replaced: he may make ace-king
    ("lowest", "Kh Kd 9c 6s 3h", "Qs"),    # a pair: a new king pairs the dealer's (kickers decide)
    ("russian", "9s 9h Qc 6d 2s", "5h"),   # a pair
    ("lunar", "Ah Kd Kc 3s 5h", "Qs"),     # a pair and ace-king
    ("lunar", "7c 7d 7h Ks 2d", "Ac"),     # three of a kind
    ("lunar", "Ks Qd Jh Tc 9s", "9d"),     # a straight
    ("russian", "Tc Td Th 5s 5h", "Kd"),   # a full house
    ("lunar", "4c 4d 4h 4s Kh", "Ad"),     # four of a kind
    ("lunar", "9h 8h 7h 6h 5h", "Kd"),     # a straight flush
]


# two in the default run (a pair: the masks and the pair's own rank compared; the straight flush: the
# rows of the band), the pair's under the sanitizers too; the rest in CI's slow stage
@pytest.mark.parametrize("name,hand,up", [pytest.param(*m, marks=() if i == 3 else pytest.mark.csan_repeat if i == 9
                                                       else pytest.mark.slow) for i, m in enumerate(MASK_HANDS)])
def test_every_kind_of_hand_as_dealt_summed_over_dealer_hands(tmp_path, name, hand, up):
    """Playing as dealt, insurance off: the core's sums against a plain sum over the 163,185 dealer
    hands, each qualifying one settled by the reference evaluator, each other one by the better of
    the ante and buying the game (cs_russian_buy_game's direct count, without rows or masks)."""
    fields = {"insurance": "false", "pays": "[4, 4, 5, 6, 7, 8, 10, 20, 50, 100]"}
    if name == "russian":
        fields.update(exchange="[1, 5]", ante_on_win='"paid"', buy_game_redraw="true")
    if name == "lowest":
        fields.update(buy_game_replaces='"lowest"', ante_on_win='"paid"')
    g = RussianGame.parse(_game_file(tmp_path, **fields))
    a = russian_ev(hand, up, g, exchange_sizes=())
    cards, u = _ix(hand), _ix(up)[0]
    win = (1 if g.ante_on_win == "paid" else 0) + 2 * russian_pay(cards, g)[0]
    assert a.stand.play_ev == _summed_play_ev(cards, u, g, win)


# The sums of buying the game bit-sliced (csrc/sliced.c: the non-qualifying dealer hands in families by what
# a final hand of each kind meets; CS_RU_SLICED builds them however few final hands are asked, by default
# only from a three-card exchange's number) against every dealer hand visited one by one (CS_RU_VISIT):
# the same integers, every field of every option. The rule sets are those the families hold for (no
# redraw; the dealer's highest, lowest card or a sixth card), with pays high enough that every kind of
# final hand buys the game against some dealer hands and not others.
SLICED_RULES = {
    "lunar": {},
    "russian": {"pays": "[2, 3, 4, 5, 6, 8, 10, 20, 50, 100]", "exchange": "[1, 5]", "ante_on_win": '"paid"',
                "buy_game_redraw": "true"},
    "rich": {"pays": "[4, 4, 5, 6, 7, 8, 10, 20, 50, 100]", "insurance": "false"},
    "lowest": {"pays": "[4, 4, 5, 6, 7, 8, 10, 20, 50, 100]", "buy_game_replaces": '"lowest"',
               "ante_on_win": '"paid"'},
    "sixth": {"pays": "[2, 3, 4, 5, 6, 8, 10, 20, 50, 100]", "buy_game_replaces": '"sixth"'},
    "half-ante fee, push after buying": {"pays": "[3, 3, 4, 5, 6, 7, 9, 20, 50, 100]", "buy_game_fee": '"1/2"',
                                         "ante_after_buy_no_qualify": '"push"', "sixth_card_fee": '"1/2"'},
}
VISIT, SLICED = 16, 32  # the core's check flags (caribbean.h)


def _options_by(hand: str, up: str, g: RussianGame, sizes: tuple[int, ...], flag: int) -> list[tuple[int, ...]]:
    from caribbean_exact.engine import _ffi

    core = dict(g.core(), flags=g.core()["flags"] | flag)
    sets = sum(1 << d for d in range(32) if d.bit_count() in sizes)
    return _ffi.russian_options(list(_ix(hand)), _ix(up)[0], core, sets, True, 2)


# lunar's under the sanitizers too (the families' build and sums); russian's and rich's in the default run only
# (the C harness compares the redraw both ways under ASan); the rest in CI's slow stage
@pytest.mark.parametrize("rules", [pytest.param(k, marks=() if k == "lunar" else pytest.mark.csan_repeat
                                                 if k in ("russian", "rich") else pytest.mark.slow)
                                   for k in SLICED_RULES])
def test_sliced_sums_are_those_of_every_dealer_hand_visited(tmp_path, rules):
    """As dealt, the sixth card and the one-card exchanges of the hands of every kind (in CI's slow stage the
    pair and ace-king also its two-card ones) under each rule set; the same integers both ways, and buying
    pays in them (the sums differ from those of the same table without buying the game)."""
    g = RussianGame.parse(_game_file(tmp_path, **SLICED_RULES[rules]))
    for i, (_, hand, up) in enumerate(MASK_HANDS):
        sizes = (0, 1, 2) if i == 4 and rules not in ("lunar", "russian", "rich") else (0, 1)
        assert _options_by(hand, up, g, sizes, SLICED) == _options_by(hand, up, g, sizes, VISIT), (rules, hand)
    none = RussianGame.parse(_game_file(tmp_path, "none", **{**SLICED_RULES[rules], "buy_game_fee": "false"}))
    hand, up = MASK_HANDS[4][1:]
    assert _options_by(hand, up, g, (0, 1), SLICED) != _options_by(hand, up, none, (0, 1), SLICED)


@pytest.mark.csan_repeat  # the same core calls as the lunar case above, which stays under the sanitizers
def test_sliced_sums_on_random_hands():
    """12 seeded random situations under lunar's rules with rich pays: as dealt, the sixth card and the
    one-card exchanges, both ways."""
    rng = random.Random(32)
    g = RussianGame.parse("lunar")
    rich = dataclasses.replace(g, pays=tuple(Fraction(p) for p in (4, 4, 5, 6, 7, 8, 10, 20, 50, 100)))
    names = [str(Card(c)) for c in range(52)]
    for i in range(12):
        cards = rng.sample(range(52), 6)
        hand, up = " ".join(names[c] for c in cards[:5]), names[cards[5]]
        game = rich if i % 2 else g
        assert _options_by(hand, up, game, (0, 1), SLICED) == _options_by(hand, up, game, (0, 1), VISIT), (hand, up)


@pytest.mark.slow
@pytest.mark.parametrize("hand,up,sizes", [("As Ks Qs Js 2d", "5h", (3,)), ("9s 9h Qc 6d 2s", "5h", (3,)),
                                           pytest.param("As Ks Qs Js 2d", "5h", (4, 5), marks=pytest.mark.exhaustive),
                                           pytest.param("Ah Kd Kc 3s 5h", "Qs", (4, 5), marks=pytest.mark.exhaustive)])
def test_sliced_sums_of_the_larger_exchanges(hand, up, sizes):
    """The three-card exchanges (by default the families are built from there on) of four to a royal and a
    pair, both ways under lunar (the four- and five-card ones by hand: about a minute visited)."""
    g = RussianGame.parse("lunar")
    assert _options_by(hand, up, g, sizes, 0) == _options_by(hand, up, g, sizes, VISIT)


@pytest.mark.slow
@pytest.mark.parametrize("i", [4, 5, 6, 8])
def test_sliced_sums_as_dealt_summed_over_dealer_hands(tmp_path, i):
    """The bit-sliced path alone against the plain sum over the 163,185 dealer hands (as
    test_every_kind_of_hand_as_dealt_summed_over_dealer_hands): a pair and ace-king (the pair's family,
    keyed by the dealer's new pair), three of a kind, a straight (its family and the dealer hands listed
    beside it), four of a kind."""
    name, hand, up = MASK_HANDS[i]
    assert name == "lunar"
    g = RussianGame.parse(_game_file(tmp_path, insurance="false", pays="[4, 4, 5, 6, 7, 8, 10, 20, 50, 100]"))
    g.core()["flags"] |= SLICED
    a = russian_ev(hand, up, g, exchange_sizes=())
    cards, u = _ix(hand), _ix(up)[0]
    assert a.stand.play_ev == _summed_play_ev(cards, u, g, 2 * russian_pay(cards, g)[0])


@pytest.mark.slow
def test_play_as_dealt_against_the_brute_force():
    """Russian rules (ante paid, redraw): two pair, whose play buys the game against some dealer hands."""
    hand, up = "Ks Kd 7c 7h 2s", "Qd"
    a = russian_ev(hand, up, "russian", exchange_sizes=())
    want = ref_play_ev(_ix(hand), _ix(up)[0], (), ref_game("russian"))
    assert a.stand.play_ev == want
    assert a.stand.ev == max(want, Fraction(-1))


@pytest.mark.slow
@pytest.mark.parametrize("hand,up", [("As Ks Qs Js 2d", "5h"),  # four to a royal: CI's slow stage
                                     ("3h 6c 6d 6h Ts", "6s"),  # trips against a six: insured
                                     # 5 to 10 s of plain Python each: by hand (pytest -m exhaustive)
                                     pytest.param("Ah Kd 9c 9s 3h", "2c", marks=pytest.mark.exhaustive),
                                     pytest.param("Th 9h 8h 7h 7d", "Kc", marks=pytest.mark.exhaustive)])
def test_play_as_dealt_lunar_against_the_brute_force(hand, up):
    a = russian_ev(hand, up, "lunar", exchange_sizes=())
    assert a.stand.play_ev == ref_play_ev(_ix(hand), _ix(up)[0], (), ref_game("lunar"))


@pytest.mark.slow
def test_one_card_exchange_without_buying_the_game(tmp_path):
    path = _game_file(tmp_path, exchange="[1, 1]", buy_game_fee="false", sixth_card_fee="false")
    ref = ref_game("lunar", exchange=[1, 1], buy_game_fee=False, sixth_card_fee=False)
    hand, up = "As Ks Qs Js 2d", "5h"
    a = russian_ev(hand, up, path)
    o = next(o for o in a.options if [str(c) for c in o.discard] == ["2d"])
    ev, plays = ref_option_ev(_ix(hand), _ix(up)[0], _ix("2d"), ref)
    assert (o.ev, o.counts.raise_hands) == (ev, plays)


@pytest.mark.exhaustive  # hours of plain Python: run by hand (pytest -m exhaustive)
def test_sixth_card_with_buying_the_game_against_the_brute_force():
    """Four to a straight flush with a pair: the sixth card makes straights with a pair, flushes with a
    pair; every final hand's play buys the game against some dealer hands."""
    hand, up = "Th 9h 8h 7h 7d", "Kc"
    a = russian_ev(hand, up, "lunar", exchange_sizes=())
    o = next(o for o in a.options if o.kind == "buy")
    ev, plays = ref_option_ev(_ix(hand), _ix(up)[0], (), ref_game("lunar"), sixth=True)
    assert (o.ev, o.counts.raise_hands) == (ev, plays)


@pytest.mark.exhaustive  # hours of plain Python: run by hand (pytest -m exhaustive)
def test_one_card_exchange_with_buying_the_game_against_the_brute_force():
    """Russian rules (ante paid, the redraw rule): an exchanged card is out of play for buying the game."""
    hand, up = "Ah Kh 9h 6h 2h", "Qs"
    a = russian_ev(hand, up, "russian", exchange_sizes=(1,))
    o = next(o for o in a.options if [str(c) for c in o.discard] == ["2h"])
    ev, plays = ref_option_ev(_ix(hand), _ix(up)[0], _ix("2h"), ref_game("russian"))
    assert (o.ev, o.counts.raise_hands) == (ev, plays)


@pytest.mark.exhaustive  # hours of plain Python: run by hand (pytest -m exhaustive)
def test_two_card_exchange_against_the_brute_force(tmp_path):
    """Two cards exchanged (the inclusion-exclusion over pairs of replacement cards), buying the game
    off: the brute force takes too long with it (1,035 final hands)."""
    path = _game_file(tmp_path, buy_game_fee="false", exchange="[2, 2]")
    hand, up = "As Ks Qs Js 2d", "5h"
    a = russian_ev(hand, up, path)
    o = next(o for o in a.options if sorted(str(c) for c in o.discard) == ["2d", "Js"])
    ev, plays = ref_option_ev(_ix(hand), _ix(up)[0], _ix("Js 2d"), ref_game("lunar", buy_game_fee=False))
    assert (o.ev, o.counts.raise_hands) == (ev, plays)


# ---------------------------------------------------------------- consistency


def _plain(tmp_path) -> str:
    return _game_file(tmp_path, "plain", doubles='"none"', exchange="[]", sixth_card_fee="false",
                      ante_on_win='"paid"', buy_game_fee="false")


def test_with_every_option_taken_away_it_is_the_plain_game(tmp_path):
    """No draw, single combinations, the ante paid 1:1, no buying the game: ce.ev exactly."""
    path = _plain(tmp_path)
    rng = random.Random(3)
    for _ in range(12):
        cards = [Card(c) for c in rng.sample(range(52), 6)]
        a = russian_ev(cards[:5], cards[5:], path)
        d = ce.ev(cards[:5], cards[5])
        assert [o.kind for o in a.options] == ["stand"]
        assert a.stand.play_ev == d.ev_raise
        assert a.stand.ev == max(d.ev_raise, d.ev_fold)


def test_a_prohibitive_fee_removes_an_option_exactly(tmp_path):
    costly = RussianGame.parse(_game_file(tmp_path, "costly", buy_game_fee="1000", exchange="[1, 1]"))
    free = RussianGame.parse(_game_file(tmp_path, "none", buy_game_fee="false", exchange="[1, 1]"))
    a = russian_ev("Ah Ad Kc Ks 7h", "Qs", costly)
    b = russian_ev("Ah Ad Kc Ks 7h", "Qs", free)
    assert [(o.kind, o.discard, o.ev) for o in a.options] == [(o.kind, o.discard, o.ev) for o in b.options]


def test_buying_the_game_is_worth_something(tmp_path):
    with_buy = russian_ev("Ah Kh 9h 6h 2h", "Qs", "lunar", exchange_sizes=())
    without = russian_ev("Ah Kh 9h 6h 2h", "Qs", _game_file(tmp_path, buy_game_fee="false"), exchange_sizes=())
    assert with_buy.stand.play_ev > without.stand.play_ev


# ---------------------------------------------------------------- insurance


def _insurance_gain(final: str, up: str, dead: str | None, game: RussianGame) -> Fraction:
    """Insurance's worth to one played final hand, from the plain game's counts (ce.ev: cs_deal, not
    switch_russian.c): with three of a kind or better, a stake of bet x pay, paid 1:1 when the dealer
    does not qualify and lost when he does, taken only when that gains."""
    d = ce.ev(final, up, dead=dead)
    c = d.counts
    n = c.not_qualify + c.win + c.tie + c.lose
    pay, _, _ = russian_pay(_ix(final), game)
    if ref_key(_ix(final))[0] < TRIPS:
        return Fraction(0)
    return max(Fraction(0), game.bet * pay * Fraction(c.not_qualify - (n - c.not_qualify), n))


INSURED_HANDS = [
    ("3h 6c 6d 6h Ts", "6s", True),    # trips of the up card's rank: the dealer fails to qualify 57.9% of the time
    ("Ah Ad Ac Kh Ks", "Kd", True),    # aces full: 51.4%
    ("2h 2d 2c 3h 3s", "4d", False),   # a full house, the dealer more likely to qualify: no insurance
    ("Ah Kh 9h 6h 2h", "Qs", False),   # a flush against a queen
    ("Ks Kd 7c 7h 2s", "Qd", False),   # two pair: not offered
]


@pytest.mark.parametrize("hand,up,insured", INSURED_HANDS)
def test_insurance_as_dealt_is_the_side_bet_the_plain_counts_price(tmp_path, hand, up, insured):
    """Playing as dealt, with insurance offered and without: the difference is the side bet priced from
    the plain game's count of dealers who do not qualify (the same qualifier), taken in full or not."""
    on = RussianGame.parse(_game_file(tmp_path, "on", insurance="true"))
    off = RussianGame.parse(_game_file(tmp_path, "off", insurance="false"))
    a, b = (russian_ev(hand, up, g, exchange_sizes=()).stand for g in (on, off))
    gain = _insurance_gain(hand, up, None, on)
    assert a.play_ev - b.play_ev == gain and (gain > 0) == insured
    assert a.counts.insured_hands == int(insured) and b.counts.insured_hands == 0
    assert a.insured_share == int(insured)


def test_insurance_after_exchanging_one_card(tmp_path):
    """Exchanging the ten of three sixes against a six: each of the 46 final hands insured or not by the
    plain game's counts with the ten out of play, the option's EV the mean of the gains above the
    same option without insurance."""
    on = RussianGame.parse(_game_file(tmp_path, "on", insurance="true", exchange="[1, 1]"))
    off = RussianGame.parse(_game_file(tmp_path, "off", insurance="false", exchange="[1, 1]"))
    hand, up = "3h 6c 6d 6h Ts", "6s"
    a, b = (next(o for o in russian_ev(hand, up, g).options if [str(c) for c in o.discard] == ["Ts"])
            for g in (on, off))
    gains = [_insurance_gain(f"3h 6c 6d 6h {c}", up, "Ts", on)
             for c in (Card(x) for x in range(52)) if str(c) not in [*hand.split(), up]]
    assert len(gains) == a.replacements == 46
    assert a.play_ev - b.play_ev == sum(gains) / 46 == a.ev - b.ev
    assert a.counts.insured_hands == sum(g > 0 for g in gains) > 0


def test_nothing_to_win_nothing_to_insure(tmp_path):
    """With every pay 0 the bet can win nothing: no insurance is taken, the EV is the game's without it."""
    zero = {"doubles": '"none"', "pays": "[0, 0, 0, 0, 0, 0, 0, 0, 0, 0]"}
    on = RussianGame.parse(_game_file(tmp_path, "on", insurance="true", **zero))
    off = RussianGame.parse(_game_file(tmp_path, "off", insurance="false", **zero))
    a, b = (russian_ev("3h 6c 6d 6h Ts", "6s", g, exchange_sizes=()).stand for g in (on, off))
    assert a.counts.insured_hands == 0 and a.ev == b.ev


def test_the_rule_sets_offer_insurance():
    assert RussianGame.parse("lunar").insurance and RussianGame.parse("lunar").core()["flags"] & 8


# ---------------------------------------------------------------- rules as data, input


def test_builtin_rule_sets():
    lunar, russian = RussianGame.parse("lunar"), RussianGame.parse("russian")
    assert lunar.exchange == (2, 5) and russian.exchange == (1, 5)
    assert (lunar.ante_on_win, russian.ante_on_win) == ("push", "paid")
    assert lunar.buy_game_fee == 1 and lunar.buy_game_replaces == "highest" and lunar.qualifier.label == "AK"
    assert len(lunar.doubles) == 21 and russian.buy_game_redraw and not lunar.buy_game_redraw


@pytest.mark.parametrize("field,value,words", [
    ("exchange", "[0, 5]", "exchange [0, 5]: expected [least, most] from 1 to 5"),
    ("ante_on_win", '"half"', "ante_on_win 'half': expected push or paid"),
    ("pays", "[1, 2]", "expected 10 pays"),
    ("doubles", '"mine"', "doubles 'mine': expected 'none' or a table"),
    ("bet", "0", "bet 0: expected a whole number"),
    ("buy_game_fee", '"x"', "buy_game_fee"),
    ("qualifier", '"seven"', "qualifier"),
])
def test_bad_rule_files_say_which_field(tmp_path, field, value, words):
    with pytest.raises(InvalidRules, match=words.replace("[", r"\[").replace("]", r"\]")):
        RussianGame.parse(_game_file(tmp_path, **{field: value}))


def test_bad_games_and_cards():
    with pytest.raises(InvalidRules, match="expected lunar or russian"):
        RussianGame.parse("oasis")
    with pytest.raises(InvalidRules, match="exchange size 1: lunar allows 2 to 5"):
        russian_ev("As Ks Qs Js 2d", "5h", "lunar", exchange_sizes=(1,))
    with pytest.raises(InvalidCards):
        russian_ev("As Ks Qs Js 2d", "As", "lunar", exchange_sizes=())
    with pytest.raises(InvalidCards):
        russian_buy_game("As Ks Qs Js 2d", "As 9d 6c 4d 2s", "lunar")


def test_cli_ev_game_json_equals_the_library(capsys):
    argv = ["ev", "Ah Ad Kc Ks 7h", "--up", "Qs", "--game", "russian", "--exchange", "1", "--dealer",
            "9d 6c 4d 2s", "--format", "json"]
    assert main(argv) == 0
    doc = json.loads(capsys.readouterr().out)
    a = russian_ev("Ah Ad Kc Ks 7h", "Qs", "russian", exchange_sizes=(1,), dealer="9d 6c 4d 2s")
    assert doc == ce.as_dict(a)
    assert doc["options"][0]["kind"] in ("stand", "switch", "buy")
    assert [o["ev"] for o in doc["options"]] == [str(o.ev) for o in a.options]
    assert doc["buy_game"]["replaced"] == "Qs" and doc["left_out"] == [2, 3, 4, 5]


def test_cli_ev_game_text_fits_80_columns(capsys):
    assert main(["ev", "As Ks Qs Js 2d", "--up", "5h", "--game", "lunar", "--exchange", "2", "--dealer",
                 "9c 7d 4s 3h"]) == 0
    out = capsys.readouterr().out
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "buy a 6th card" in out and "not counted: the exchanges of 3, 4, 5 cards" in out
    # the default (up to three cards): the three-card rows played in part and insured in part fit too
    assert main(["ev", "9s 9h Qc 6d 2s", "--up", "5h", "--game", "lunar"]) == 0
    out = capsys.readouterr().out
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "exchange 9s 9h 2s  1      -1.121486  -1.251606    play 7,250/15,180, insure 1" in out


@pytest.mark.parametrize("argv,words", [
    (["--game", "oasis"], "game 'oasis'"),
    (["--game", "lunar", "--exchange", "7"], "--exchange '7'"),
    (["--game", "lunar", "--paytable", "live-dealer"], "the rule set names the pays"),
    (["--game", "lunar", "--switch-fees", "1"], "--switch-fees"),
    (["--exchange", "2"], "--exchange applies to --game"),
])
def test_cli_errors_are_one_line(capsys, argv, words):
    assert main(["ev", "As Ks Qs Js 2d", "--up", "5h", *argv]) == 2
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1


def test_every_two_card_set_is_listed():
    a = russian_ev("As Ks Qs Js 2d", "5h", "lunar", exchange_sizes=(2,))
    pairs = {frozenset(str(c) for c in o.discard) for o in a.options if o.kind == "switch"}
    assert pairs == {frozenset(p) for p in combinations(["As", "Ks", "Qs", "Js", "2d"], 2)}
    assert all(o.replacements == 1035 for o in a.options if o.kind == "switch")
    assert textwrap.shorten(a.game.short(), 200).startswith("lunar: exchange 2-5")


# ---------------------------------------------------------------- the instant pays


def _dealt_bonus(hand: str, royal: int, straight_flush: int) -> int:
    """A plain reading of the instant pays: five of one suit in sequence (the wheel too), the ace-high
    one royal."""
    ix = [c.index for c in parse_cards(hand)]
    ranks = sorted(i // 4 for i in ix)
    straight = len(set(ranks)) == 5 and (ranks[4] - ranks[0] == 4 or ranks == [0, 1, 2, 3, 12])
    if len({i % 4 for i in ix}) == 1 and straight:
        return royal if ranks[0] == 8 else straight_flush
    return 0


@pytest.mark.csan_repeat  # the same core calls as the tests above: the instant pay is added in Python
@pytest.mark.parametrize("hand,up,sizes", [
    ("As Ks Qs Js Ts", "5h", (2,)),      # royal: 1,000
    ("9h 8h 7h 6h 5h", "Kd", ()),        # straight flush: 250
    ("5d 4d 3d 2d Ad", "Kc", ()),        # the wheel in one suit: 250
    ("As Ks Qs Js 9s", "5h", ()),        # a flush: nothing
    ("Ah Kd 9c 9s 3h", "2c", ()),
])
def test_the_instant_pay_is_in_every_option_and_in_folding(hand, up, sizes):
    import dataclasses

    lunar = RussianGame.parse("lunar")
    none = dataclasses.replace(lunar, instant_pays=())
    bonus = Fraction(_dealt_bonus(hand, 1000, 250))
    paid, unpaid = russian_ev(hand, up, lunar, exchange_sizes=sizes), russian_ev(hand, up, none, exchange_sizes=sizes)
    assert paid.instant == bonus and unpaid.instant == 0
    assert paid.fold_ev == bonus - 1 and unpaid.fold_ev == -1
    assert [(o.kind, o.discard) for o in paid.options] == [(o.kind, o.discard) for o in unpaid.options]
    for o, u in zip(paid.options, unpaid.options, strict=True):
        assert o.counts == u.counts and o.ev == u.ev + bonus and o.play_ev == u.play_ev + bonus
    assert instant_pay(hand, "russian") == 0  # the russian rule set pays none


@pytest.mark.csan_repeat
def test_cli_shows_the_instant_pay(capsys):
    argv = ["ev", "As Ks Qs Js Ts", "--up", "5h", "--game", "lunar", "--exchange", "2"]
    assert main([*argv, "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["instant_pay"] == "1000" and doc["fold_ev"] == "999" and doc["game"]["instant_pays"] == ["1000", "250"]
    assert Fraction(doc["options"][0]["ev"]) > 999
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "fold at once: 999.000000" in out and "the dealt royal flush is paid 1000 to 1 on the" in out
    assert main(["ev", "As Ks Qs Js 9s", "--up", "5h", "--game", "lunar", "--exchange", "2", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["instant_pay"] == "0"
