"""The ranks of the long exact counts kept in ``docs/counts/`` (committed, so that a count stopped part way
goes on from a clone where it stopped, and the figures they give are read back in seconds): every file there
is a rank that the count of today would read back (a count whose integers changed, ``EXACT_COUNT_VERSION``,
makes them stale and this test fail), each rank read back passes the count's own checks (its two passes
agree, every situation of its up card counted once), and ``docs/counts/README.md``'s table says exactly
what they give."""

from __future__ import annotations

import shutil
from fractions import Fraction
from pathlib import Path

import pytest

from caribbean_exact.engine import switch
from caribbean_exact.engine.switch import kept_exact_ranks
from caribbean_exact.model.cards import RANKS
from caribbean_exact.model.rules import Rules
from caribbean_exact.play.switch_exact import solve_exact_switch_game
from caribbean_exact.play.switching import SwitchFees

COUNTS = Path(__file__).resolve().parents[2] / "docs" / "counts"
#: The schedules counted there: ``solve --switch-fees 1,1,1,1,1 --count-up-to 4 --keep-ranks docs/counts
#: --count-beside 0,0,0,0,0`` (each proven open at two to four cards, so counted over all five sizes).
SCHEDULES = ("1,1,1,1,1", "0,0,0,0,0")


def _row(fees: str, ranks: tuple[int, ...], value: Fraction, situations: int) -> str:
    """The README's line of a schedule's kept ranks: its ranks, situations, return per ante over them
    (exact) and the player's edge (a positive return) or the house edge."""
    edge = f"the player's edge {float(value):.4%}" if value > 0 else f"the house edge {float(-value):.4%}"
    return f"| {fees} | {', '.join(RANKS[r] for r in ranks)} | {situations:,} | {value} | {edge} |"


def test_every_kept_rank_is_read_back_checked_and_written_up(tmp_path, monkeypatch):
    store = tmp_path / "counts"
    shutil.copytree(COUNTS, store)
    kept = {f: kept_exact_ranks(Rules(), SwitchFees.parse(f).fees, str(store)) for f in SCHEDULES}
    files = sorted(p.name for p in COUNTS.glob("*.json"))
    # every file is one of today's keys of these schedules: none stale, none of another game
    assert len(files) == sum(map(len, kept.values())) and all(f.startswith("switch-exact-") for f in files)
    assert kept["1,1,1,1,1"], "docs/counts holds no rank of 1,1,1,1,1"
    monkeypatch.setattr(switch, "_exact_rank", lambda *_: pytest.fail("a kept rank was counted"))
    readme = (COUNTS / "README.md").read_text(encoding="utf-8")
    for fees, ranks in kept.items():
        if not ranks:
            continue
        g = solve_exact_switch_game(fees, up_ranks=ranks, store=str(store))  # checked by exact_game_from
        assert g.exactness == "exact" and g.up_ranks == ranks and sum(g.by_size) == g.situations
        row = _row(fees, ranks, g.return_per_ante, g.situations)
        assert row in readme, f"docs/counts/README.md: the line of {fees} should read\n{row}"
    both = tuple(sorted(set(kept["1,1,1,1,1"]) & set(kept["0,0,0,0,0"])))
    if both:  # a fee lowered never lowers the player's return (on the ranks kept of both)
        paid, free = (solve_exact_switch_game(f, up_ranks=both, store=str(store)) for f in SCHEDULES)
        assert free.return_per_ante > paid.return_per_ante


def test_the_readme_lines_say_the_figures():
    """The line's words, on made-up figures: ranks ace-last as the core numbers them, the edge by sign."""
    assert _row("1,1,1,1,1", (0, 1, 12), Fraction(1, 8), 28188720) == \
        "| 1,1,1,1,1 | 2, 3, A | 28,188,720 | 1/8 | the player's edge 12.5000% |"
    assert _row("2,2,2,2,2", (12,), Fraction(-1, 40), 9396240).endswith("| -1/40 | the house edge 2.5000% |")


def test_kept_ranks_are_those_under_todays_key(tmp_path):
    """``kept_exact_ranks``: the ranks whose file is named by the key the count uses now for these fees and
    rules; a rank of other fees, or of the same fees under another qualifier, is not one of them."""
    from caribbean_exact.engine import rank_store

    fees = SwitchFees.parse("1,1").fees
    nets, games = switch._exact_scale(Rules(), [fees])
    q = Rules().qualifier.value
    for r in (3, 12):
        rank_store.save(str(tmp_path), switch._exact_key(r, q, nets, games[0], 0, [], None), [r])
    rank_store.save(str(tmp_path), switch._exact_key(5, q + 1, nets, games[0], 0, [], None), [5])
    assert kept_exact_ranks(Rules(), fees, str(tmp_path)) == (3, 12)
    assert kept_exact_ranks(Rules(), SwitchFees.parse("1,2").fees, str(tmp_path)) == ()
    assert kept_exact_ranks(Rules(), fees, str(tmp_path), raise_on_tie=True) == ()


@pytest.mark.slow  # 150 hands, each one's every discard set counted alone (switch_ev): about 30 s of CPU
def test_the_kept_games_hold_a_sample_of_hands_each_counted_alone(tmp_path):
    """Another path to the whole games the kept ranks give (all 13 ranks of both schedules are kept): 150
    seeded situations (any up card, any hand: each situation equally likely, as in the count), each one's
    options counted alone (``switch_ev``: every discard set, every replacement set, every dealer hand). Its
    best EV under 1,1,1,1,1, and under 0,0,0,0,0 (the same options with their fees given back: after a
    switch the raise or fold does not depend on the fee paid), less the plain game's exact EV of the same
    situation (its raise margin, ``engine.many``; a control variate: the gain spreads far less than the
    EV), plus the plain game's exact return (``solve()``), lies within 3.3 standard errors (99.9%) of the
    kept game's exact return. The per-rank samples of session 24 (400 hands against a queen and a king)
    and the deuce's of session 21 (2,000 hands) are in docs/variants.md."""
    import random
    import statistics

    from caribbean_exact.engine.many import margins
    from caribbean_exact.model.cards import SUITS
    from caribbean_exact.play.game import solve
    from caribbean_exact.play.switching import switch_ev

    store = tmp_path / "counts"
    shutil.copytree(COUNTS, store)
    for fees in SCHEDULES:
        assert kept_exact_ranks(Rules(), SwitchFees.parse(fees).fees, str(store)) == tuple(range(13)), fees
    kept = {f: solve_exact_switch_game(f, store=str(store)) for f in SCHEDULES}
    plain = float(solve().return_per_ante)
    rng = random.Random(20261207)
    names = [RANKS[c >> 2] + SUITS[c & 3] for c in range(52)]
    paid, free = [], []
    for _ in range(150):
        *hand, up = rng.sample(range(52), 6)
        m = margins(bytes(hand), bytes([up]), Rules(), threads=1)
        base = -1 + max(Fraction(0), Fraction(m.numerators[0], m.denominator))
        a = switch_ev(" ".join(names[c] for c in hand), names[up], "1,1,1,1,1", threads=1)
        paid.append(float(a.best.ev - base))
        free.append(float(max(o.ev + o.fee for o in a.options) - base))
    for fees, gains in zip(SCHEDULES, (paid, free), strict=True):
        mean, sd = statistics.fmean(gains), statistics.stdev(gains)
        assert abs(plain + mean - float(kept[fees].return_per_ante)) <= 3.3 * sd / len(gains) ** 0.5, fees
