"""A plain-Python brute force of Russian Poker, one hand, for checking switch_russian.c.

Written from the rules, sharing no code with the package beyond tests/reference.py's evaluator: the
rule sets are read from the package's TOML file with tomllib, every dealer completion is dealt and,
where the dealer does not qualify, every card that may replace his, the two-combination pay found
by listing each combination of the hand.
"""

from __future__ import annotations

import importlib.resources
import math
import tomllib
from fractions import Fraction
from itertools import combinations

from reference import AK_KEY, ROYAL, STRAIGHT, STRAIGHT_FLUSH, TRIPS, ref_key

NAMES = ("ace-king", "pair", "two-pair", "three-of-a-kind", "straight", "flush", "full-house", "four-of-a-kind",
         "straight-flush", "royal-flush")
# the installed package's file (CI's sanitizer stages run a copy of tests/ away from the source tree)
DATA = importlib.resources.files("caribbean_exact") / "data" / "russian.toml"


def ref_game(name: str, **changes: object) -> dict:
    """A rule set of the TOML file as a dict (pays as Fractions, doubles as a set of name pairs)."""
    data = tomllib.loads(DATA.read_text())
    game = dict(next(g for g in data["game"] if g["name"] == name))
    game.update(changes)
    game["pays"] = [Fraction(str(p)) for p in game["pays"]]
    d = game["doubles"]
    game["double_pairs"] = set() if d == "none" else {tuple(p) for p in data["doubles"][d]["pairs"]}
    return game


def ref_combinations(cards: tuple[int, ...]) -> list[tuple[str, frozenset[int], int]]:
    """Every combination of the cards: (name, its cards, a straight's high rank or -1)."""
    by_rank: dict[int, list[int]] = {}
    for c in cards:
        by_rank.setdefault(c // 4, []).append(c)
    out: list[tuple[str, frozenset[int], int]] = []
    pairs = []
    for r, group in by_rank.items():
        for p in combinations(group, 2):
            out.append(("pair", frozenset(p), -1))
            pairs.append((r, frozenset(p)))
        for t in combinations(group, 3):
            out.append(("three-of-a-kind", frozenset(t), -1))
            for _r2, p in pairs_of(by_rank, r):
                out.append(("full-house", frozenset(t) | p, -1))
        if len(group) == 4:
            out.append(("four-of-a-kind", frozenset(group), -1))
    for (r1, p1), (r2, p2) in combinations(pairs, 2):
        if r1 != r2:
            out.append(("two-pair", p1 | p2, -1))
    for a in by_rank.get(12, []):
        for k in by_rank.get(11, []):
            out.append(("ace-king", frozenset((a, k)), -1))
    for five in combinations(cards, 5):
        key = ref_key(five)
        if key[0] in (STRAIGHT, STRAIGHT_FLUSH, ROYAL):
            out.append(("straight", frozenset(five), key[1]))
        if key[0] in (STRAIGHT_FLUSH, ROYAL):
            out.append(("flush", frozenset(five), -1))
            out.append(("royal-flush" if key[0] == ROYAL else "straight-flush", frozenset(five), key[1]))
        if len({c % 4 for c in five}) == 1 and key[0] not in (STRAIGHT_FLUSH, ROYAL):
            out.append(("flush", frozenset(five), -1))
    return out


def pairs_of(by_rank: dict[int, list[int]], not_rank: int):
    for r, group in by_rank.items():
        if r != not_rank:
            for p in combinations(group, 2):
                yield r, frozenset(p)


def ref_pay(cards: tuple[int, ...], game: dict) -> Fraction:
    """The bet's pay to 1 of a winning final hand: its best combination, plus the best second one
    the table of doubles pays with it (at least one card not in the first)."""
    combos = ref_combinations(tuple(cards))
    if not combos:
        return Fraction(0)
    top = max(NAMES.index(n) for n, _, _ in combos)
    pays = game["pays"]
    best = pays[top]
    for n1, c1, h1 in combos:
        if NAMES.index(n1) != top:
            continue
        for n2, c2, h2 in combos:
            if not (c2 - c1):
                continue
            name = n2
            if (game["straight_with_pair"] == "straight-and-pair" and n2 == "straight" and h1 >= 0 and h2 == h1
                    and {c // 4 for c in c1} == {c // 4 for c in c2}):
                name = "pair"  # paid as a pair beside the straight, whatever the table of doubles says
                best = max(best, pays[top] + pays[NAMES.index(name)])
            if (NAMES[top], name) in game["double_pairs"]:
                best = max(best, pays[top] + pays[NAMES.index(name)])
    return best


def best_key(cards: tuple[int, ...]) -> tuple[int, ...]:
    return max(ref_key(h) for h in combinations(cards, 5))


def ref_qualifier_key(game: dict) -> tuple[int, ...]:
    q = game["qualifier"]
    if q == "AK":
        return AK_KEY
    if q == "pair":
        return ref_key([0, 1, 4, 8, 12])  # 2 2 3 4 5
    raise ValueError(q)


def ref_buy_game(player: tuple[int, ...], dealer: tuple[int, ...], dead: tuple[int, ...], game: dict):
    """Buying the game against one dealer hand: (not qualifying, wins, ties, losses, cards) over the
    cards that may replace the dealer's (None if he qualifies)."""
    qk = ref_qualifier_key(game)
    if ref_key(dealer) >= qk:
        return None
    pk = best_key(player)
    return _replacements(pk, dealer, set(player) | set(dealer) | set(dead), game, qk, {})


def _replacements(pk, dealer, used, game, qk, cache):
    rule = game["buy_game_replaces"]
    if rule == "sixth":
        gone, keep = None, list(dealer)
    else:
        gone = (max if rule == "highest" else min)(dealer)
        keep = [c for c in dealer if c != gone]
    counts = [0, 0, 0, 0, 0]
    for r in range(52):
        if r in used or (game["buy_game_redraw"] and gone is not None and r // 4 == gone // 4):
            continue
        hand = tuple(sorted((*keep, r)))
        k = cache.get(hand)
        if k is None:
            k = cache[hand] = best_key(hand) if len(hand) == 6 else ref_key(hand)
        counts[0 if k < qk else 1 if k < pk else 2 if k == pk else 3] += 1
        counts[4] += 1
    return tuple(counts)


def ref_play_ev(final: tuple[int, ...], up: int, dead: tuple[int, ...], game: dict,
                keys: dict | None = None) -> Fraction:
    """The EV per ante of playing a final hand (five or six cards; dead: cards out of play): every
    dealer completion; where the dealer does not qualify, the better of the ante's pay and buying the
    game (every replacement card); with insurance offered and three of a kind or better, the side
    bet of what the bet can win (bet x pay) when the dealer as dealt fails to qualify more often than
    he qualifies (paid 1:1 then, lost when he qualifies), none otherwise. ``keys``: a dict of dealer
    hands' evaluations (whatever the player holds), shared by the final hands of one option."""
    qk = ref_qualifier_key(game)
    pk = best_key(final)
    bet = game["bet"]
    win = (1 if game["ante_on_win"] == "paid" else 0) + bet * ref_pay(final, game)
    lose = -(1 + bet)
    take = 1 if game["ante_no_qualify"] == "paid" else 0
    after = 1 if game["ante_after_buy_no_qualify"] == "paid" else 0
    fee = game["buy_game_fee"]
    used = set(final) | {up} | set(dead)
    unseen = [c for c in range(52) if c not in used]
    total, n, not_qualified = Fraction(0), 0, 0
    cache: dict = {} if keys is None else keys
    for holes in combinations(unseen, 4):
        dealer = (up, *holes)
        dk = cache.get(dealer)
        if dk is None:
            dk = cache[dealer] = ref_key(dealer)
        n += 1
        not_qualified += dk < qk
        if dk >= qk:
            total += win if dk < pk else 0 if dk == pk else lose
            continue
        value = Fraction(take)
        if fee is not False:
            nq, w, _, lo, cards = _replacements(pk, dealer, used | set(holes), game, qk, cache)
            value = max(value, Fraction(nq * after + w * win + lo * lose, cards) - Fraction(str(fee)))
        total += value
    insurance = Fraction(0)
    if game.get("insurance") and pk[0] >= TRIPS:
        stake = bet * ref_pay(final, game)
        insurance = max(Fraction(0), stake * Fraction(not_qualified - (n - not_qualified), n))
    return total / n + insurance


def ref_option_ev(player: tuple[int, ...], up: int, discard: tuple[int, ...], game: dict, sixth: bool = False
                  ) -> tuple[Fraction, int]:
    """An option's EV per ante (fee included) and the final hands after which the player plays:
    every replacement set of the discards (or every sixth card), each played or folded at its best."""
    kept = tuple(c for c in player if c not in discard)
    unseen = [c for c in range(52) if c not in set(player) | {up}]
    j = 1 if sixth else len(discard)
    fee = Fraction(0) if j == 0 else Fraction(str(game["sixth_card_fee" if sixth else "exchange_fee"]))
    total, plays = Fraction(0), 0
    sets = list(combinations(unseen, j))
    keys: dict = {}  # the dealer hands' evaluations, the same for every final hand
    for new in sets:
        final = (*kept, *new)
        ev = ref_play_ev(final, up, discard, game, keys)
        if ev > -1:
            plays += 1
        total += max(ev, Fraction(-1))
    return total / len(sets) - fee, plays


def comb(n: int, k: int) -> int:
    return math.comb(n, k)
