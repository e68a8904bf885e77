"""The trainer's library: seeded deals, exact grades, sessions and histories (play/trainer.py)."""

import itertools
from fractions import Fraction

import pytest

import caribbean_exact as ce
from caribbean_exact.errors import InvalidRules
from caribbean_exact.model.rules import Rules
from caribbean_exact.play.trainer import (
    CLOSE_CANDIDATES,
    Deal,
    Focus,
    Session,
    Trainee,
    deals,
    grade,
    parse_answer,
    parse_focus,
    read_history,
    summarize_history,
)
from caribbean_exact.strategy.trainee import trainee


def test_the_same_seed_deals_the_same_hands():
    first = [(d.hand, d.up) for d in itertools.islice(deals(5), 20)]
    assert first == [(d.hand, d.up) for d in itertools.islice(deals(5), 20)]
    assert first != [(d.hand, d.up) for d in itertools.islice(deals(6), 20)]
    assert [str(c) for c in first[0][0]] == ["Js", "6c", "Ks", "7h", "Kc"] and str(first[0][1]) == "Qd"
    for hand, up in first:
        assert len({c.index for c in (*hand, up)}) == 6


def test_focus_parses_and_leans_the_deals():
    assert parse_focus(None) == Focus() and parse_focus("CLOSE") == Focus("close")
    assert parse_focus("ak") == Focus("ak") and parse_focus("up=K") == Focus("up", 11)
    assert parse_focus("up=10").text == "up=T"
    for bad in ("far", "up=Z", "up="):
        with pytest.raises(InvalidRules, match="expected close, ak or up=RANK"):
            parse_focus(bad)
    for d in itertools.islice(deals(3, Focus("up", 11)), 30):
        assert d.up.rank == 11 and d.up not in d.hand
    for d in itertools.islice(deals(3, Focus("ak")), 30):
        ranks = {c.rank for c in d.hand}
        assert {11, 12} <= ranks and len(ranks) == 5 and len({c.suit for c in d.hand}) > 1


def test_close_deals_are_closer_than_plain_ones():
    rules = Rules()
    close = [abs(ce.ev(d.hand, d.up).margin) for d in itertools.islice(deals(7, Focus("close"), rules), 15)]
    plain = [abs(ce.ev(d.hand, d.up).margin) for d in itertools.islice(deals(7), 15 * CLOSE_CANDIDATES)]
    assert sum(close) / len(close) < sum(plain) / len(plain) / 4
    assert max(close) < Fraction(1, 2)


def test_a_grade_is_the_exact_ev_difference():
    d = Deal(1, ce.parse_cards("As Kd 7h 4c 2s"), ce.Card("Qh"))
    wrong = grade(d, "raise")
    assert wrong.best == "fold" and not wrong.right and wrong.cost == Fraction(1894, 10879)
    assert wrong.kind == "raise_ace_king" and wrong.margin == Fraction(-1894, 10879)
    right = grade(d, "fold")
    assert right.right and right.optimal and right.cost == 0 and right.kind is None
    with pytest.raises(InvalidRules, match="expected raise or fold"):
        grade(d, "call")
    assert parse_answer("r") == "raise" and parse_answer("FOLD") == "fold" and parse_answer("x") is None


def test_a_simple_strategy_right_but_not_optimal():
    # AKQJ2 offsuit against a 5: optimal raises ("always raise AKQJ2"), "pair or better" folds
    d = Deal(1, ce.parse_cards("Ac Kd Qh Js 2c"), ce.Card("5h"))
    best = ce.ev(d.hand, d.up)
    assert best.decision == "raise"
    t = trainee("pair or better")
    g = grade(d, "fold", trainee=t)
    assert g.right and not g.optimal and g.right_not_optimal and g.strategy_action == "fold"
    assert g.cost == best.margin and g.kind is None
    g2 = grade(d, "raise", trainee=t)
    assert not g2.right and g2.optimal and g2.kind == "raise_ace_king"


def test_the_session_totals():
    rules = Rules.make(ante=10)
    hands = [grade(d, a, rules) for d, a in zip(itertools.islice(deals(5), 4), ["raise", "fold", "raise", "fold"])]
    s = Session(rules, "optimal", 5, Focus(), tuple(hands))
    assert s.mistakes == 1 and s.not_optimal == 1 and s.ev_lost == Fraction(14358, 54395)
    assert s.ev_lost_per_hand == Fraction(14358, 54395 * 4)
    assert s.ev_lost_per_hour(50) == Fraction(14358 * 50, 54395 * 4)
    assert s.by_kind() == {"raise_below_ace_king": (1, Fraction(14358, 54395))}


def test_history_records_and_their_summary():
    lines = [
        '{"session": "a", "strategy": "optimal", "hand": "As Kd 7h 4c 2s", "up": "Qh", "answer": "raise", '
        '"best": "fold", "right": false, "cost": "1894/10879", "kind": "raise_ace_king"}',
        "",
        '{"session": "a", "strategy": "optimal", "hand": "As Kd 7h 4c 2s", "up": "Qh", "answer": "fold", '
        '"best": "fold", "right": true, "cost": "0", "kind": null}',
        '{"session": "b", "strategy": "optimal", "hand": "As Kd 7h 4c 2s", "up": "Qh", "answer": "raise", '
        '"best": "fold", "right": false, "cost": "1894/10879", "kind": "raise_ace_king"}',
    ]
    h = summarize_history(read_history(lines))
    assert h.sessions == (("a", 2, 1, Fraction(1894, 10879)), ("b", 1, 1, Fraction(1894, 10879)))
    assert h.hands == 3 and h.mistakes == 2 and h.ev_lost_per_hand == Fraction(2 * 1894, 3 * 10879)
    assert h.by_kind == {"raise_ace_king": (2, Fraction(2 * 1894, 10879))}
    with pytest.raises(InvalidRules, match="history line 2: not a trainer history line"):
        read_history([lines[0], "{not json"])


def test_trainee_names_and_files(tmp_path):
    assert trainee(None).optimal and trainee("Optimal").optimal
    assert trainee("Rules Of Thumb").name == "rules of thumb"
    f = tmp_path / "mine.txt"
    f.write_text("name: mine\nraise if hand >= AK\n")
    t = trainee(str(f))
    assert t.name == "mine" and t.decide is not None
    assert t.decide(ce.parse_cards("As Kd 7h 4c 2s"), ce.Card("Qh")) == "raise"
    with pytest.raises(InvalidRules, match="not a strategy name"):
        trainee("no such strategy")
    assert isinstance(Trainee(), Trainee)
