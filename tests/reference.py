"""An independent plain-Python evaluator and brute-force enumeration, for checking the C core.

Written from the rules, sharing no code with the package: cards are rank * 4 + suit.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

# categories as in the package: 0 high card .. 9 royal flush
HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH, ROYAL = range(10)


def ref_key(cards: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """Comparable key: (category, tie-break ranks...). Higher key = better hand."""
    ranks = sorted((c // 4 for c in cards), reverse=True)
    suits = {c % 4 for c in cards}
    flush = len(suits) == 1
    counts = Counter(ranks)
    distinct = sorted(counts, reverse=True)
    straight_high = None
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            straight_high = distinct[0]
        elif distinct == [12, 3, 2, 1, 0]:
            straight_high = 3
    if straight_high is not None and flush:
        return (ROYAL if straight_high == 12 else STRAIGHT_FLUSH, straight_high)
    shape = sorted(counts.values(), reverse=True)
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    if shape[0] == 4:
        return (QUADS, *order)
    if shape == [3, 2]:
        return (FULL_HOUSE, *order)
    if flush:
        return (FLUSH, *ranks)
    if straight_high is not None:
        return (STRAIGHT, straight_high)
    if shape[0] == 3:
        return (TRIPS, *order)
    if shape[:2] == [2, 2]:
        return (TWO_PAIR, *order)
    if shape[0] == 2:
        return (PAIR, *order)
    return (HIGH, *ranks)


def ref_category(cards: tuple[int, ...] | list[int]) -> int:
    return ref_key(cards)[0]


AK_KEY = ref_key([12 * 4, 11 * 4 + 1, 2 * 4, 1 * 4, 0 * 4])  # A K 4 3 2, the lowest qualifying hand


def ref_deal(player, up, dead=(), dealer=(), qualifier_key=AK_KEY) -> dict:
    """Brute force: every completion of the dealer's hand, counted by outcome."""
    used = set(player) | {up} | set(dead) | set(dealer)
    unseen = [c for c in range(52) if c not in used]
    pk = ref_key(player)
    out = {"not_qualify": 0, "win": 0, "tie": 0, "lose": 0, "total": 0}
    cats = [0] * 10
    for extra in combinations(unseen, 4 - len(dealer)):
        hand = (up, *dealer, *extra)
        dk = ref_key(hand)
        cats[dk[0]] += 1
        out["total"] += 1
        if dk < qualifier_key:
            out["not_qualify"] += 1
        elif dk < pk:
            out["win"] += 1
        elif dk == pk:
            out["tie"] += 1
        else:
            out["lose"] += 1
    out["dealer_categories"] = tuple(cats)
    return out


def ref_buy_sixth(player, up, pays=(100, 50, 20, 7, 5, 4, 3, 2, 1, 1), raise_antes=2, qualifier_key=AK_KEY):
    """Brute force of buying a sixth card: for each of the 46 unseen cards r, the best five of the six
    (the highest key of the six hands of five), every dealer hand of four of the 45 cards left with
    the up card, and the better of folding (-1) and raising. Returns (the sum over r of the best
    decision's net x C(45, 4), the replacements after which raising is better) - the EV per ante
    before the fee is the sum over 46 x C(45, 4). ``pays``: royal flush first."""
    import numpy as np

    used = set(player) | {up}
    unseen = [c for c in range(52) if c not in used]
    quads = list(combinations(range(len(unseen)), 4))
    keys = [ref_key((up, *(unseen[i] for i in q))) for q in quads]
    distinct = sorted(set(keys))
    order = {k: n for n, k in enumerate(distinct)}
    dk = np.array([order[k] for k in keys])
    held = np.zeros((len(unseen), len(quads)), dtype=bool)
    for n, q in enumerate(quads):
        held[list(q), n] = True
    qualifies = np.array([k >= qualifier_key for k in keys])
    total, raises = 0, 0
    for r, card in enumerate(unseen):
        pk = max(ref_key(h) for h in combinations((*player, card), 5))
        win_net = 1 + raise_antes * pays[9 - pk[0]]
        live = ~held[r]
        # the dealer's keys against the player's: by their order among the keys seen, plus the player's own
        lower = np.array([k < pk for k in distinct])[dk]
        equal = np.array([k == pk for k in distinct])[dk]
        nq = int(np.sum(live & ~qualifies))
        win = int(np.sum(live & qualifies & lower))
        tie = int(np.sum(live & qualifies & equal))
        lose = int(np.sum(live)) - nq - win - tie
        raise_net = nq * 1 + win * win_net + tie * 0 - lose * (1 + raise_antes)
        fold_net = -int(np.sum(live))
        if raise_net > fold_net:
            raises += 1
        total += max(raise_net, fold_net)
    return total, raises
