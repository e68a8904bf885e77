"""Charts and strategy comparisons, checked against the solver independently."""

from fractions import Fraction

import pytest

import caribbean_exact as ce
from caribbean_exact.engine import pricing
from caribbean_exact.errors import InvalidRules
from caribbean_exact.model.cards import RANKS
from caribbean_exact.render.labels import plain_rule_text
from caribbean_exact.strategy import strategies as strategy
from caribbean_exact.strategy.chart import build_chart
from caribbean_exact.strategy.rule_file import parse_rule_file

# csan only where a test reaches the core's strategy counting directly (the rest is Python over its tables)
RAISE_ONLY = bytes(1 if i == 1 else 0 for i in range(256))


@pytest.mark.csan
def test_published_strategy_figures():
    rows = {r.name: r for r in strategy.compare_strategies()}
    assert rows["optimal"].total_return == -1_041_372_912_372
    assert rows["raise always"].total_return == -3_310_360_338_060
    assert rows["pair or better"].total_return == -1_090_272_101_460
    assert rows["raise always"].report.raise_situations == 122_151_120
    assert rows["optimal"].cost == 0
    for r in rows.values():  # nothing beats optimal; the blind strategy cannot beat it either
        assert r.total_return <= rows["optimal"].total_return
    assert rows["best ignoring the up card"].total_return > rows["A-K-J-8-3 or better"].total_return - 10**9


@pytest.mark.csan
def test_custom_callable_equals_builtin():
    r = strategy.evaluate(lambda s: s.category >= 1 or s.is_ace_king)
    assert r.total_return == strategy.evaluate(strategy.BUILTIN[2]).total_return  # Ace-King or better
    # a suit-dependent strategy is evaluated per suit-match count
    r2 = strategy.evaluate(lambda s: s.category >= 1 or (s.is_ace_king and s.suited >= 2))
    assert r2.total_return != r.total_return


def _ak_cells_by_solver(rules):
    """Raise / total situations per (pattern label, up rank) of every A-K high hand, by pricing each
    situation's counts in Python (independent of the chart aggregation in C)."""
    solver = pricing.solver_for(rules.qualifier.value)
    nets = rules.nets()
    cells = {}
    for cards, w in solver.hands():
        ranks = sorted((c >> 2 for c in cards), reverse=True)
        if ranks[0] != 12 or ranks[1] != 11 or len(set(ranks)) < 5:
            continue
        flush = len({c & 3 for c in cards}) == 1
        d0 = solver.situation(list(cards), next(u for u in range(52) if u not in cards))
        if d0.player_category != 0 or flush:
            continue
        label = "".join(RANKS[r] for r in ranks)
        for u in range(52):
            if u in cards:
                continue
            d = solver.situation(list(cards), u)
            ev = Fraction(d.not_qualify * nets.not_qualify + d.win * nets.win[0] + d.lose * nets.lose
                          + d.tie * nets.tie, d.total)
            acc = cells.setdefault((label, RANKS[u >> 2]), [0, 0])
            acc[0] += w if ev > nets.fold else 0
            acc[1] += w
    return cells


@pytest.mark.slow  # prices every Ace-King situation in Python
def test_chart_cells_equal_solver_over_all_ace_king_situations():
    rules = ce.Rules()
    ch = build_chart(rules)
    expected = _ak_cells_by_solver(rules)
    got = {(c.pattern, c.up): [c.raise_count, c.total] for _, row in ch.rows for c in row}
    assert got == {k: v for k, v in expected.items() if k in got}
    assert all(0 <= r <= t for r, t in got.values()) and len(got) == 156 * 13
    # the 8 rows collapsed into a plain rule raise against every up card
    assert len(ch.uniform_rows) == 8
    for label, action in ch.uniform_rows:
        cells = [v for (p, _), v in expected.items() if p == label]
        assert len(cells) == 13 and action == "raise" and all(r == t for r, t in cells)
    assert tuple(map(plain_rule_text, ch.plain_rules)) == ("Always raise pair or better.",
                                                       "Always fold high card below A-K high.")


@pytest.mark.csan
def test_plain_rules_hold_over_every_situation():
    rules = ce.Rules()
    solver = pricing.solver_for(rules.qualifier.value)
    dec = pricing.price(rules, decisions=True).decisions
    nets = rules.nets().scaled()
    opt, _ = solver.price(nets)
    assert opt.indifferent_situations == 0
    # pair or better: no situation folds (aggregated by category in the pricing pass)
    assert all(opt.fold[c] == 0 for c in range(1, 10))
    # below A-K: forcing a fold on every such situation leaves the optimal total unchanged,
    # so none of them raises (each raise there would have had a strictly positive margin)
    flags = bytearray(dec.translate(RAISE_ONLY))
    below = 0
    for i, (cards, _) in enumerate(solver.hands()):
        ranks = sorted((c >> 2 for c in cards), reverse=True)
        d = solver.situation(list(cards), next(u for u in range(52) if u not in cards))
        if d.player_category == 0 and not (ranks[0] == 12 and ranks[1] == 11):
            below += 1
            assert not any(flags[i * 52:(i + 1) * 52]), cards
    assert below > 40_000


def test_other_rules_discover_other_plain_rules():
    ch = build_chart(ce.Rules.make(qualifier="pair"))
    texts = tuple(map(plain_rule_text, ch.plain_rules))
    assert texts and all(r.endswith(".") for r in texts)
    assert texts != ("Always raise pair or better.", "Always fold high card below A-K high.")


def test_rule_files():
    st = parse_rule_file("name: thumb\nraise if hand >= pair\n"
                                  "raise if ace king and up in 2-Q and up matches\n")
    assert st.name == "thumb"
    r = strategy.evaluate(st)
    mine = strategy.evaluate(lambda s: s.category >= 1 or (s.is_ace_king and s.up_rank <= 10 and s.up_matches))
    assert r.total_return == mine.total_return
    for bad in ("raise if hand >= QQQQQ", "raise if sky is blue", "hello", "", "raise if up in Z"):
        with pytest.raises(InvalidRules):
            parse_rule_file(bad)


def test_decision_of_a_strategy_report_is_the_strategys():
    """report.decision() plays the strategy, exactly as its totals were counted (per chart cell)."""
    from caribbean_exact.model.hands import patterns

    rule = strategy.Strategy("AK with two suited", lambda s: s.category >= 1 or (s.is_ace_king and s.suited >= 2))
    report = strategy.evaluate(rule)
    flags = strategy.cell_flags(rule)
    by_ranks = {p.ranks: p for p in patterns()}
    solver = pricing.solver_for(ce.Rules().qualifier.value)
    rng = __import__("random").Random(5)
    hands = solver.hands()
    differs = 0
    ace_king = [h for h, _ in hands if sorted(c >> 2 for c in h)[-2:] == [11, 12]]
    for cards in rng.sample(ace_king, 400):
        u = rng.choice([c for c in range(52) if c not in cards])
        p = by_ranks[tuple(sorted((c >> 2 for c in cards), reverse=True))]
        flush = len({c & 3 for c in cards}) == 1
        cell = strategy.cell_index(p.index, flush, u >> 2, sum((c & 3) == (u & 3) for c in cards))
        d = report.decision(tuple(ce.Card(c) for c in cards), ce.Card(u))
        assert d.decision == ("raise" if flags[cell] else "fold"), (cards, u)
        differs += d.decision != d.optimal_decision
    assert differs > 0  # the rule is not optimal everywhere: the test can tell the two apart
    assert report.decision("As Kd Jc 8c 3s", "2h").decision == "fold"
    assert report.decision("As Kh Jh 8c 3s", "2h").decision == "raise"


@pytest.mark.parametrize("qualifier", ["AK", "pair", "none", "44", "two pair"])
def test_plain_rules_read_well_and_hold_under_other_qualifiers(qualifier):
    """Rule text never repeats a category ("pair of pair of 3s"), comes best hands first, and every
    rule is true of every class it covers (checked against the solver's chart weights)."""
    from caribbean_exact.strategy import chart as chart_mod

    rules = ce.Rules.make(qualifier=qualifier)
    ch = build_chart(rules)
    texts = [plain_rule_text(r) for r in ch.plain_rules]
    assert texts and all(t.endswith(".") and "pair of pair" not in t and "high card of" not in t for t in texts)
    cats = [r.category for r in ch.plain_rules]
    assert cats == sorted(cats, reverse=True)
    dec = pricing.price(rules, decisions=True).decisions
    raise_w, total_w = pricing.solver_for(rules.qualifier.value).chart(dec.translate(chart_mod.RAISE_ONLY))
    _, by_class = chart_mod._class_weights(raise_w, total_w)

    def covered(rule):
        keys = [k for k in by_class if k[0] == rule.category]
        if rule.scope == "all":
            return list(by_class)
        if rule.scope == "category_or_better":
            return [k for k in by_class if k[0] >= rule.category]
        if rule.scope == "category":
            return keys
        if rule.scope == "class_or_better":
            return [k for k in by_class if k[0] > rule.category or (k[0] == rule.category and k >= rule.key)]
        if rule.scope == "class_up":
            return [k for k in keys if k >= rule.key]
        if rule.scope == "below_class":
            return [k for k in keys if k < rule.key]
        return [rule.key]

    for rule in ch.plain_rules:
        if rule.scope == "match_rest":  # a rule on the up card's rank, checked against ev in test_chart_plot
            assert ch.match_rows and not ch.rows
            continue
        ks = covered(rule)
        assert ks, rule
        r = sum(by_class[k][0] for k in ks)
        t = sum(by_class[k][1] for k in ks)
        assert r == (t if rule.action == "raise" else 0), (rule, r, t)


def test_rule_file_words_mean_what_they_read_as():
    def sit(ranks):
        return strategy.Situation(ranks, False, 0, 1000, 3, 0)

    qj, q, j, none_ = (12, 11, 10, 9, 7), (12, 11, 10, 8, 7), (12, 11, 9, 8, 7), (12, 11, 6, 5, 4)
    cases = {"holds Q and J": [True, False, False, False], "holds Q,J": [True, True, True, False],
             "holds Q or J": [True, True, True, False], "lacks Q and J": [False, False, False, True],
             "lacks Q,J": [False, False, False, True]}
    for cond, want in cases.items():
        st = parse_rule_file(f"raise if {cond}")
        assert [st.raises(sit(r)) for r in (qj, q, j, none_)] == want, cond
    for bad in ("raise if", "raise", "raise if lacks Q or J", "raise if holds"):
        with pytest.raises(InvalidRules):
            parse_rule_file(bad)
    assert parse_rule_file("raise always").raises(sit(none_))


def test_user_strategies_have_names_of_their_own(tmp_path, capsys):
    from caribbean_exact.cli import main

    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text("name: mine\nraise if hand >= pair\n")
    b.write_text("name: Mine\nraise if hand >= AK\n")
    assert main(["strategies", "--rules", str(a), "--rules", str(b)]) == 2
    assert "already taken" in capsys.readouterr().err
    b.write_text("name: pair or better\nraise if hand >= AK\n")
    assert main(["strategies", "--rules", str(b)]) == 2
    assert "already taken" in capsys.readouterr().err
    b.write_text("raise if hand >= AK\n")  # no name: named after the file
    assert main(["strategies", "--rules", str(a), "--rules", str(b), "--format", "json", "--quiet"]) == 0
    names = [s["name"] for s in __import__("json").loads(capsys.readouterr().out)["strategies"]]
    assert "mine" in names and "b" in names


def test_rule_file_comparisons_include_less_or_equal():
    le = parse_rule_file("raise if hand <= AK")
    lt = parse_rule_file("raise if hand < AK")
    ak = strategy.Situation((12, 11, 2, 1, 0), False, 0, ce.Qualifier.parse("AK").value, 3, 0)
    assert le.raises(ak) and not lt.raises(ak)
    with pytest.raises(InvalidRules, match=r"docs/strategy\.md"):
        parse_rule_file("raise if hand ~ AK")


@pytest.mark.parametrize("cells_checked", [3, pytest.param(12, marks=pytest.mark.slow)])
def test_chart_mixed_cells_resolved_and_checked_against_exact_decisions(cells_checked):
    """Every mixed cell's rule (by suited count, then which ranks share the up card's suit) gives the
    exact decision of every situation of the cell: checked by ev on every suit assignment, for a few
    cells spread over the chart (a dozen in the slow run)."""
    import itertools

    from caribbean_exact.model.cards import RANKS as R
    from caribbean_exact.model.cards import Card
    from caribbean_exact.play.odds import ev_many
    from caribbean_exact.strategy.chart import build_chart

    ch = build_chart()
    assert ch.uniform_rows[:2] == (("AKQJ9", "raise"), ("AKQJ8", "raise"))
    assert all(label not in {r for r, _ in ch.rows} for label, _ in ch.uniform_rows)
    assert len(ch.deciders) == len(ch.mixed) and all(r.kind != "share" for v in ch.deciders.values() for r in v)

    def predicted(rules, suited_ranks):
        rule = next(r for r in rules if r.suited == len(suited_ranks))
        if rule.kind in ("R", "F"):
            return rule.kind == "R"
        if rule.kind == "with":
            return rule.rank in suited_ranks
        if rule.kind == "without":
            return rule.rank not in suited_ranks
        return tuple(sorted(suited_ranks, reverse=True)) in rule.sets

    cells = ch.mixed[:: max(1, len(ch.mixed) // cells_checked)]   # every situation of each
    for c in cells:
        rules = ch.deciders[(c.pattern, c.up)]
        ranks = [R.index(x) for x in c.pattern]
        up_rank = R.index(c.up)
        sits, want = [], []
        for suits in itertools.product(range(4), repeat=5):
            if len(set(suits)) == 1:
                continue            # a flush is another chart row
            hand = [Card(r * 4 + s) for r, s in zip(ranks, suits)]
            for us in range(4):
                up = Card(up_rank * 4 + us)
                if up in hand:
                    continue
                sits.append((hand, up))
                want.append(predicted(rules, [r for r, s in zip(ranks, suits) if s == us]))
        got = [d.decision == "raise" for d in ev_many(sits)]
        assert got == want, (c.pattern, c.up)
