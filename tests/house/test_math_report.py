"""The report command: formats, JSON field names, plots, bad input."""

import base64
import datetime
import html
import json
import re
import shutil
import subprocess
import zlib
from fractions import Fraction

import pytest
from needs import missing

import caribbean_exact as ce
from caribbean_exact.cli import main
from caribbean_exact.house import math_report
from caribbean_exact.render.house import math_report as render_report


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_report_fields(tmp_path, capsys):
    path = tmp_path / "r.json"
    code, out, _ = run(capsys, "report", "--out", str(path), "--side-bets", "progressive,bonus", "--contribution",
                       "0.15", "--sf-cap", "5000", "--deals", "20000", "--hands", "500", "--quiet")
    assert code == 0 and "wrote" in out
    doc = json.loads(path.read_text(encoding="utf-8"))
    hands = [x["hands"] for x in doc["over_n_hands"]]
    assert hands == [1, 10, 100, 500, 1000, 10000]
    one = doc["over_n_hands"][0]
    assert set(one) >= {"hands", "p_ahead", "p_even", "p_behind", "quantiles", "house_win_interval_95"}
    assert one["p_even_exact"] == "357359/22148033908"  # 321,623,100 ties of 19,933,230,517,200 deals, exact
    assert one["p_even"] == float(Fraction(357359, 22148033908))  # one type at every N: a float (#33)
    assert doc["over_n_hands"][2]["p_ahead_exact"] is None
    assert one["quantiles"] == {"5": "-3", "25": "-1", "50": "-1", "75": "1", "95": "3"}
    assert isinstance(doc["over_n_hands"][2]["p_ahead"], float)
    assert set(doc["seat_covariance"]) >= {"covariance", "interval", "method"}
    assert doc["seat_covariance"]["method"] == "sampled"
    assert set(doc["per_table_hour"]) >= {"theoretical_win", "standard_deviation"}
    assert doc["per_table_hour"]["theoretical_win"] == "710156105/3883803"  # 7 x 50 x 10 x edge
    assert doc["progressive"]["breakeven_meter"] is not None and doc["progressive"]["sf_cap"] == "5000"
    assert doc["bonus"]["rtp"] == "136879/149695"


def test_no_side_bets_no_sections(capsys):
    code, out, _ = run(capsys, "report", "--format", "json", "--deals", "2000", "--quiet")
    doc = json.loads(out)
    assert code == 0 and "progressive" not in doc and "bonus" not in doc and doc["cap"] is None


@pytest.mark.parametrize("suffix", [".md", ".html",
                                    # typeset again here; test_pdf_pages_numbered_and_nothing_cut reads one PDF
                                    pytest.param(".pdf", marks=pytest.mark.slow)])
def test_documents_and_plots(tmp_path, capsys, suffix):
    path = tmp_path / f"r{suffix}"
    code, _out, _ = run(capsys, "report", "--out", str(path), "--deals", "5000", "--max-payout", "5000",
                       "--average-ante", "100", "--quiet")
    assert code == 0
    for key in ("net-100", "net-1000", "shift"):
        png = tmp_path / f"r-{key}.png"
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    data = path.read_bytes()
    if suffix == ".pdf":
        assert data.startswith(b"%PDF")
    else:
        text = data.decode()
        assert "Results over N hands" in text and "added house edge per ante" in text
        if suffix == ".md":
            assert "(r-net-100.png)" in text
        else:
            assert "data:image/png;base64," in text


@pytest.mark.parametrize("argv,word", [
    (["--hands", "0"], "at least 1"),
    (["--hands", "2000000"], "more than the limit of 1,000,000"),
    (["--seats", "0"], "1 to 7"),
    (["--seats", "8"], "1 to 7"),
    (["--pace", "-5", "--side-bets", "bonus"], "pace"),
    (["--contribution", "0", "--side-bets", "progressive"], "(0, 1]"),
    (["--contribution", "1.2", "--side-bets", "progressive"], "(0, 1]"),
    (["--contribution", "0.2"], "--side-bets progressive"),
    (["--side-bets", "keno"], "keno"),
    (["--out", "r.txt"], ".md"),
    (["--hours", "0"], "hours"),
])
def test_bad_input_is_one_line_exit_2(capsys, argv, word):
    code, out, err = run(capsys, "report", "--deals", "2000", "--quiet", *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and word in err


@pytest.mark.parametrize("argv, word", [
    (["--contribution", "1.5", "--side-bets", "progressive"], "(0, 1]"),
    (["--contribution", "0.2"], "--side-bets progressive"),
    (["--sf-cap", "0", "--side-bets", "progressive"], "sf_cap"),
    (["--reset", "-1", "--side-bets", "progressive"], "reset"),
    (["--progressive-pays", "1,2", "--side-bets", "progressive"], "pays"),
    (["--bonus-pays", "x", "--side-bets", "bonus"], "x"),
    (["--pace", "-5", "--side-bets", "bonus"], "pace"),
    (["--hours-per-year", "9000", "--side-bets", "progressive"], "8,784"),
    (["--hours", "0"], "hours"),
    (["--hands-per-hour", "-1"], "hands per hour"),
])
def test_side_bet_figures_are_refused_before_any_work(monkeypatch, capsys, argv, word):
    """report --contribution 1.5 (and --hours 0) used to solve the game, its strategies, chart and
    covariance (seconds) before refusing the value: now nothing is solved first."""
    def no_work(*_args, **_kwargs):
        raise AssertionError("the game was solved before the side bets' figures were checked")

    monkeypatch.setattr(math_report, "solve", no_work)
    code, out, err = run(capsys, "report", "--quiet", *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and word in err, err


def test_the_report_solves_the_game_once_and_hands_it_down(monkeypatch):
    """build_report solves the optimal game once and passes it to the strategies and the seats'
    covariance (they used to solve it again each): one price pass for the game, one for the best
    strategy blind to the up card."""
    from caribbean_exact.house import math_report
    from caribbean_exact.play import game as game_mod
    from caribbean_exact.strategy import chart as chart_mod

    calls, chart_calls = [], []
    real = game_mod.price

    def counting(rules, **kw):
        calls.append(kw.get("flags", 0))
        return real(rules, **kw)

    def counting_chart(rules, **kw):
        chart_calls.append(kw.get("decisions", False))
        return real(rules, **kw)

    monkeypatch.setattr(game_mod, "price", counting)
    monkeypatch.setattr(chart_mod, "price", counting_chart)
    r = math_report.build_report(covariance_deals=2_000, covariance_seed=1)
    assert calls == [0, game_mod.IGNORE_UP]
    # the strategy attached (the optimal chart) needs every decision, which the solved game does not keep
    assert chart_calls == [True] and r.chart is not None
    assert r.strategies[0].report is r.game
    assert r.seat_covariance.mean == r.game.return_per_ante


def test_a_game_handed_down_must_be_the_optimal_game_of_the_rules():
    from caribbean_exact.play.game import optimal_game

    g = ce.solve()
    assert optimal_game(None, g) is g and optimal_game(ce.Rules(), g) is g
    with pytest.raises(ce.InvalidRules, match="other rules"):
        optimal_game(ce.Rules(raise_antes=3), g)
    with pytest.raises(ce.InvalidRules, match="expected the optimal game"):
        optimal_game(None, ce.solve(ignore_up=True))
    with pytest.raises(ce.InvalidRules, match="game"):
        ce.compare_strategies(game="not a game")
    rows = ce.compare_strategies(game=g)
    assert rows[0].report is g
    assert [x.report.house_edge for x in rows] == [x.report.house_edge for x in ce.compare_strategies()]


# ---------------------------------------------------------------- the par sheet and the typeset PDF



@pytest.fixture(scope="module")
def report():
    return math_report.build_report(side_bets="progressive", contribution="0.15", covariance_deals=2_000,
                                    covariance_seed=1)


def test_par_sheet_items_are_exact(report):
    g = report.game
    assert g.dealer_qualifies == Fraction(1_463_700, 2_598_960)
    ante, raise_ = g.wager_returns()
    assert ante + raise_ == g.return_per_ante == -g.house_edge
    top = report.top_award
    assert top.category == 9 and top.pays == 100 and top.net == 201
    assert top.dealt == Fraction(4, 2_598_960)
    assert top.paid == Fraction(16_759_740, 19_933_230_517_200)  # the return table's royal wins
    assert top.meets_display_rule  # 1 in 1,189,352 is well within 1 in 100,000,000
    doc = render_report.report_doc(report)
    assert doc["game"]["dealer_qualifies"] == "205/364"
    assert {d["category"]: d["qualifying"] for d in doc["game"]["dealer_distribution"]}["high card"] == 167_280
    w = doc["wagers"]
    assert Fraction(w["ante"]["expected_net"]) + Fraction(w["raise"]["expected_net"]) == g.return_per_ante
    assert Fraction(w["total"]["wagered"]) == g.expected_wager
    hands = {h["category"]: h for h in doc["player_hands"]}
    assert hands["high card"]["folded"] == 58_357_116 and hands["pair"]["folded"] == 0
    assert sum(h["raised"] + h["folded"] for h in doc["player_hands"]) == 2_598_960 * 47
    hold = doc["hold_of_drop"]["strategies"]
    assert hold[0]["name"] == "optimal" and Fraction(hold[0]["hold_of_drop"]) == g.element_of_risk
    assert all(Fraction(x["hold_of_drop"]) == Fraction(x["hold"]) / Fraction(x["drop"]) for x in hold)
    assert doc["top_award"]["meets_display_rule"] is True and doc["top_award"]["display_rule_odds"] == 10 ** 8
    assert doc["strategy_assumed"]["plain_rules"][0] == "Always raise pair or better."
    assert doc["hands_per_hour"] == "50" and doc["per_table_hour"]["hands_per_hour"] == "50"  # one shape (#33)
    assert doc["hands_per_hour_source"] == {"assumption": True, "source": render_report.hands_per_hour_source(report)}
    assert doc["hold_of_drop"]["drop_definition"].startswith("the total amount wagered")
    # the same items in the Markdown
    md = render_report.markdown(report)
    for heading in ("### 1.1 The dealer's hand", "### 1.2 The ante and the raise as two wagers",
                    "### 1.3 The player's hands, raised and folded", "### 1.4 Hold as a share of drop",
                    "### 1.5 The top award", "## Attachment: the strategy assumed", "## Configuration"):
        assert heading in md
    assert "205/364 = 56.3187%" in md and "1 in 1,189,352" in md and "meets it" in md


DAY = datetime.date(2026, 11, 29)


@pytest.fixture(scope="module")
def pdf_bytes(report):
    return render_report.pdf(report, DAY)


def _pdftotext(data, tmp_path, *args):
    exe = shutil.which("pdftotext")
    if exe is None:
        missing("pdftotext (poppler-utils) is not installed")
    path = tmp_path / "r.pdf"
    path.write_bytes(data)
    return subprocess.run([exe, *args, str(path), "-"], capture_output=True, text=True, check=True).stdout


@pytest.mark.slow  # typesets the report a second time
def test_pdf_is_reproducible(report, pdf_bytes):
    """reportlab's invariant mode and a fixed date: two builds, the same bytes; the date is the one given."""
    assert render_report.pdf(report, DAY) == pdf_bytes
    assert b"D:20261129000000+00'00'" in pdf_bytes
    assert render_report.pdf(report, datetime.date(2027, 1, 2)) != pdf_bytes


def test_pdf_date_follows_source_date_epoch(monkeypatch):
    from caribbean_exact.render.documents import source_date

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")
    assert source_date() == datetime.date(2026, 1, 1)
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    assert source_date() == datetime.datetime.now(datetime.UTC).date()


def test_pdf_pages_numbered_and_nothing_cut(report, pdf_bytes, tmp_path):
    """Every page says "page N of M"; the title block has the version and the date; the progressive
    pays read as money (matplotlib used to read $...$ as mathematics); every cell of every table is in
    the text (wrapped, never cut)."""
    from caribbean_exact._version import __version__

    text = _pdftotext(pdf_bytes, tmp_path)
    pages = text.split("\f")[:-1]
    assert len(pages) >= 8
    for n, page in enumerate(pages, 1):
        assert f"page {n} of {len(pages)}" in page
    assert f"caribbean-exact {__version__}" in pages[0] and "2026-11-29" in pages[0] and "Contents" in pages[0]
    flat = re.sub(r"[\s-]+", "", text)  # pdftotext joins a word broken after "-" without it
    for b in render_report.blocks(report, DAY.isoformat()):
        for row in (b.headers, *b.rows) if b.kind == "table" else ():
            for cell in row:
                assert re.sub(r"[\s-]+", "", cell) in flat, cell
    assert "$100,000.00" in text and "1 in 649,740" in text


def test_pdf_text_is_at_least_8_points(pdf_bytes):
    """Every font size set in the page streams (Tf operators) is 8 pt or more."""
    sizes = set()
    streams = rb"/Filter \[ /ASCII85Decode /FlateDecode \].*?stream\r?\n(.*?)endstream"
    for m in re.finditer(streams, pdf_bytes, re.DOTALL):
        data = zlib.decompress(base64.a85decode(m.group(1).strip().removesuffix(b"~>"), adobe=False))
        sizes |= {float(x) for x in re.findall(rb"/F\d+(?:\+\d+)? ([\d.]+) Tf", data)}
    assert sizes and min(sizes) >= 8, sizes


def test_pdf_page_fits_a4_and_letter(pdf_bytes):
    from caribbean_exact.render import documents as d

    boxes = set(re.findall(rb"/MediaBox \[ ?0 0 ([\d.]+) ([\d.]+) ?\]", pdf_bytes))
    assert boxes == {(b"595.2756", b"841.8898")}, boxes  # A4
    mm = 72 / 25.4
    assert 215.9 * mm - 2 * 12 * mm >= d.PAGE_W - 2 * d.MARGIN_X  # the text area inside Letter's width
    letter_band = (d.PAGE_H - 279.4 * mm) / 2  # Letter centred on A4: this much is off at top and bottom
    assert d.FOOT_Y - letter_band >= 5 * mm and d.PAGE_H - d.HEAD_Y - letter_band >= 5 * mm


# ---------------------------------------------------------------- Oasis Poker: report --switch-fees


@pytest.fixture(scope="module")
def oasis(report, sliced_oasis_studies):
    import dataclasses

    return dataclasses.replace(report, switching=sliced_oasis_studies["1"])


def test_the_oasis_section_in_every_format(oasis, report, one_card_slice, lines_slice):
    s, g = oasis.switching.sample, oasis.switching.game
    md = render_report.markdown(oasis)
    flat = " ".join(md.split())  # the tables' cells without their padding
    assert "## Oasis Poker: card switching" in md and "## Oasis" not in render_report.markdown(report)
    assert "1 card 1 ante." in md and "Switching all five" not in md  # a one-card table
    assert "Four in a row, open at both ends" in md and "Anything else: switch nothing." in md
    # the optimal switch's house edge: the one-card game's, exact; the lines' sampled
    edge = one_card_slice.house_edge
    assert f"| house edge, optimal switching (exact) | {float(edge) * 100:.4f}% ({edge}) |" in flat
    # the lines': exact too, their game counted whole (here its slice), their cost the difference
    lines, cost = lines_slice.house_edge, lines_slice.house_edge - edge
    assert oasis.switching.lines_house_edge == lines and oasis.switching.lines_half_width == 0
    assert (f"| house edge, the switching lines below (exact: every deal counted) | {float(lines) * 100:.4f}% "
            f"({lines}) |") in flat
    assert f"| cost of the lines against optimal switching, per ante (exact) | {float(cost) * 100:.4f}% ({cost}) |" \
        in flat
    assert "The game switching by the lines (exact)" in md and "+/-" not in md.split("## Oasis")[1]
    assert "The game with at most one card switched (exact)" in md and "| element of risk |" in flat
    assert f"| Q | {one_card_slice.switched_rank[10]:,} |" in flat  # the card switched, by rank
    assert "<h2>Oasis Poker: card switching</h2>" in render_report.html_page(oasis, {})
    doc = json.loads(render_report.json_text(oasis))["switching"]
    assert doc["switch_fees"] == ["1"] and doc["deals"] == 6 and doc["exact"] is False
    assert Fraction(doc["house_edge"]) == s.house_edge and Fraction(doc["switch_rules_cost"]) == cost
    assert Fraction(doc["switch_rules_house_edge"]) == lines and doc["switch_rules_exact"] is True
    assert doc["switch_rules_half_width"] == 0 == doc["switch_rules_cost_half_width"]
    assert Fraction(doc["switch_rules_sampled_cost"]) == s.strategy_cost
    assert doc["switch_rules_sampled_cost_half_width"] == s.strategy_cost_half_width
    assert doc["switch_rules_game"]["house_edge"] == str(lines)
    assert doc["switch_rules_game"]["switch_situations"] == lines_slice.game.switch_situations
    assert [x["condition"] for x in doc["switch_rules"]] == [
        "four to a flush", "pair or better", "four to an outside straight", "four to an inside straight"]
    assert sum(doc["switch_rules_sizes"]) == 6 and "switching" not in json.loads(render_report.json_text(report))
    # the exact one-card game, added
    assert doc["optimal_exact"] is True and doc["optimal_house_edge"] == str(edge) == doc["house_edge_at_most"]
    assert doc["optimal_half_width"] == 0 and doc["larger_switches"] is None and g.exact
    one = doc["one_card_game"]
    assert one["house_edge"] == str(edge) and one["switch_situations"] == one_card_slice.switch_situations
    assert Fraction(one["element_of_risk"]) == edge / one_card_slice.expected_wager
    assert sum(Fraction(x["contribution"]) for x in one["return_table"]) == -edge


def test_with_switching_the_report_prices_the_oasis_game(oasis, report, one_card_slice):
    """#36 item 6: with switch fees the title, the configuration, a summary, the per table-hour and
    N-hand wins and the terminal's summary are the Oasis game's; the plain game's sections say they
    are without switching (and say nothing of it without switch fees)."""
    edge = one_card_slice.house_edge  # the one-card game (here its slice) is the fee 1's whole game, exact
    assert oasis.oasis is oasis.switching.game is oasis.priced and report.oasis is None and report.priced is report.game
    md = render_report.markdown(oasis)
    flat = " ".join(md.split())
    assert md.startswith("# Math report: Oasis Poker (switch fees 1), standard (100/50/")
    assert "| card switching (Oasis Poker) | 1 card 1 ante; fees not returned |" in flat
    assert "| strategy assumed | optimal switching, then the optimal raise or fold;" in flat
    h = oasis.table_hour
    hour = h.seats * h.hands_per_hour * h.average_ante * edge
    assert "## Summary: Oasis Poker" in md and md.index("## Summary") < md.index("## 1. ")
    assert f"| house edge per ante, optimal switching | {float(edge) * 100:.4f}% ({edge}) | exact |" in flat
    assert f"| theoretical win per table-hour | ${float(hour):,.2f} | 7 seats, 50 rounds an hour" in flat
    assert f"| house's expected win over 1,000 hands (antes) | {float(1000 * edge):,.4f} |" in flat
    eor = edge / one_card_slice.expected_wager
    assert f"| house edge per total wager (element of risk) | {float(eor) * 100:.4f}% | {eor} |" in flat
    for heading in ("1. The ante game under optimal play", "2. Results over N hands",
                    "3. A table: seats share one dealer hand", "The cap"):
        assert f"## {heading} (without switching)\n" in md
        assert f"## {heading}\n" in render_report.markdown(report)
    plain = render_report.markdown(report)
    assert "without switching" not in plain and "Summary: Oasis" not in plain and "Oasis" not in plain
    doc = json.loads(render_report.json_text(oasis))["whole_game"]
    assert doc["house_edge"] == str(edge) and doc["exactness"] == "exact" and doc["half_width"] == 0
    assert doc["per_table_hour"]["theoretical_win"] == str(hour)
    assert doc["per_table_hour"]["shift_win"] == str(hour * h.hours)
    assert [x["hands"] for x in doc["over_n_hands"]] == [x.hands for x in oasis.over_n_hands]
    assert all(Fraction(x["house_win"]) == x["hands"] * edge for x in doc["over_n_hands"])
    assert doc["plain_house_edge"] == str(report.game.house_edge)
    assert doc["rules"]["draw"] == {"switch_fees": ["1"], "five_forces_raise": True}
    assert doc["house_edge_at_most"] == str(edge)
    assert "whole_game" not in json.loads(render_report.json_text(report))
    line = render_report.summary(oasis)
    assert line.startswith(f"Oasis Poker (switch fees 1): house edge {float(edge) * 100:.4f}% ({edge}) (exact), "
                           f"win per table-hour {float(hour):,.2f}; without switching: house edge 5.2243%")
    assert line.endswith(render_report.summary(report))


def test_the_oasis_game_over_n_hands_where_its_distribution_is_counted(oasis, report, sliced_oasis_studies,
                                                                        one_card_slice):
    """The Oasis game's results over N hands, from its exact per-deal distribution (the one-card
    game's return table, nets less the fee), checked against the return table directly; the
    estimate of a schedule with sampled larger switches, said so."""
    import dataclasses

    edge = one_card_slice.house_edge
    md = render_report.markdown(oasis)
    assert oasis.priced_n_hands == () and "Results over N hands with optimal switching" not in md
    ns = [x.hands for x in oasis.over_n_hands]
    r = dataclasses.replace(oasis, priced_n_hands=math_report.priced_over_n_hands(oasis.switching, ns))
    one, ten = r.priced_n_hands[:2]
    rows = [x for _, x in one_card_slice.return_rows]
    assert sum(x.probability for x in rows) == 1
    assert one.exact and one.p_ahead == sum(x.probability for x in rows if x.net > 0)
    assert one.p_even == sum(x.probability for x in rows if x.net == 0) and one.mean == -edge
    assert ten.hands == 10 and ten.mean == -10 * edge and ten.p_ahead + ten.p_even + ten.p_behind == 1
    assert ten.variance == 10 * sum(x.probability * x.net ** 2 for x in rows) - 10 * edge ** 2
    md = render_report.markdown(r)
    summary = md[md.index("## Summary"):md.index("## 1. ")]
    assert "Results over N hands with optimal switching" in summary
    assert f"| 1 | {float(one.p_ahead):.6f} | {float(one.p_even):.6f} |" in " ".join(summary.split())
    doc = json.loads(render_report.json_text(r))["whole_game"]["results_over_n_hands"]
    assert [x["hands"] for x in doc] == ns and doc[0]["p_ahead_exact"] == str(one.p_ahead)  # #33: p_ahead a float
    assert json.loads(render_report.json_text(oasis))["whole_game"]["results_over_n_hands"] is None
    # a schedule whose larger switches are sampled: the estimate and its interval, said so; its
    # distribution is not counted (the five-card switch by value), so no results over N hands
    assert math_report.priced_over_n_hands(sliced_oasis_studies["1,2,3,2,1"], ns) == ()
    r = dataclasses.replace(report, switching=sliced_oasis_studies["1,2,3,2,1"])
    g = r.oasis
    assert g is not None and g.exactness == "sampled"
    flat = " ".join(render_report.markdown(r).split())
    assert (f"| house edge per ante, optimal switching | {float(g.house_edge) * 100:.4f}% +/- "
            f"{g.half_width * 100:.4f} points | estimate: the exact bound") in flat
    assert "element of risk" not in flat.split("## Summary")[1].split("## 1.")[0]
    assert json.loads(render_report.json_text(r))["whole_game"]["exactness"] == "sampled"


def test_the_oasis_section_with_larger_switches(report, sliced_oasis_studies, one_card_slice):
    import dataclasses

    sw = sliced_oasis_studies["1,2,3,2,1"]
    r = dataclasses.replace(report, switching=sw)
    s, edge = sw.sample, one_card_slice.house_edge
    md = " ".join(render_report.markdown(r).split())
    assert (f"| house edge, optimal switching: at most (exact, switching at most one card) | "
            f"{float(edge) * 100:.4f}% ({edge}) |") in md
    assert f"{float(edge - s.mean_difference) * 100:.4f}% +/- {s.difference_half_width * 100:.4f} points" in md
    doc = json.loads(render_report.json_text(r))["switching"]
    assert doc["optimal_exact"] is False and doc["house_edge_at_most"] == str(edge)
    more = doc["larger_switches"]
    assert more["deals"] == 2 and more["seed"] == 4
    assert Fraction(doc["optimal_house_edge"]) == edge - Fraction(more["mean_gain"]) <= edge
    assert doc["one_card_game"]["house_edge"] == str(edge)


def test_the_json_switching_lines_say_every_limit_of_each_line(report, sliced_oasis_studies):
    """The 1,1 lines (pairs below the dealer's card, three-card draws above it) say each limit as a
    field, not only in words; the document validates against report's schema."""
    import dataclasses

    from json_schemas import validated

    r = dataclasses.replace(report, switching=sliced_oasis_studies["1,1"])
    lines = validated(render_report.json_text(r), "report")["switching"]["switch_rules"]
    fields = {"condition", "action", "high", "up_ranks", "pair_up_to", "below_up", "not_up_rank", "low", "span",
              "above_up", "text"}
    assert all(set(x) == fields for x in lines) and len(lines) == 12
    by = {(x["condition"], x["action"], x["below_up"]): x for x in lines}
    pair = by["one pair", "pair and kicker", True]
    assert pair["pair_up_to"] == "6" and pair["up_ranks"] == [] and pair["not_up_rank"] is False
    trips = next(x for x in lines if x["condition"] == "three of a kind")
    assert trips["action"] == "two odd cards" and trips["not_up_rank"] is True and trips["pair_up_to"] is None
    draws = [(x["condition"], x["low"], x["span"], x["above_up"], x["high"])
             for x in lines if x["action"] == "keep three"]
    assert ("three to a straight flush", "5", 4, 0, "2") in draws and ("three to a straight", "7", 3, 3, "2") in draws
    assert next(x for x in lines if x["condition"] == "four to a flush")["pair_up_to"] == "4"


def test_report_switch_fees_are_checked_before_the_work(capsys):
    code, _, err = run(capsys, "report", "--switch-fees", "1,z", "--deals", "2000", "--quiet")
    assert code == 2 and "switch fee" in err


@pytest.mark.slow
def test_report_switch_fees_pdf(tmp_path, capsys):
    path = tmp_path / "r.pdf"
    code, _, _ = run(capsys, "report", "--switch-fees", "1,2,3,4,5", "--switch-deals", "3", "--deals", "2000",
                     "--out", str(path), "--quiet")
    assert code == 0
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, check=True, text=True).stdout
        assert "Oasis Poker: card switching" in text and "never better than at most one card" in text
        assert "every larger switch is proven never better" in text
        assert "The game with at most one card switched (exact)" in text and "1.0372%" in text


@pytest.mark.slow
def test_report_switch_fees_json_has_the_exact_one_card_game(capsys):
    from caribbean_exact.play.switch_game import solve_one_card_game

    code, out, _ = run(capsys, "report", "--switch-fees", "1", "--switch-deals", "3", "--deals", "2000",
                       "--format", "json", "--quiet")
    assert code == 0
    doc = json.loads(out)["switching"]
    g = solve_one_card_game(1)
    assert doc["one_card_game"]["house_edge"] == str(g.house_edge) == doc["optimal_house_edge"]
    assert doc["optimal_house_edge"] == "723583636439/69766306810200" and doc["optimal_exact"] is True
    whole = json.loads(out)["whole_game"]  # the game the report prices: the whole Oasis game, exact
    assert whole["house_edge"] == doc["optimal_house_edge"] and whole["exactness"] == "exact"
    n1 = whole["results_over_n_hands"][0]
    assert n1["hands"] == 1 and Fraction(n1["mean"]) == -g.house_edge and n1["exact"] is True
    assert Fraction(whole["per_table_hour"]["theoretical_win"]) == 7 * 50 * 10 * g.house_edge
    assert Fraction(whole["element_of_risk"]) == g.element_of_risk


@pytest.mark.slow  # the ace's slices of the proof and the count, the one-card and the lines' games: about a minute
def test_report_counts_two_card_switches_where_the_bounds_leave_them_open(capsys, tmp_path):
    """Where two-card switches stay open, the report's Oasis game is the counted one (its exact house
    edge, the whole game it prices, the results over N hands from its return table) and the lines,
    which switch at most one card, cost exactly the difference of the two exact house edges."""
    from conftest import seed_counted_switch

    from caribbean_exact.play.switch_exact import solve_exact_switch_game

    fees = "2,1"  # no test asks for their whole game (the seeded caches hold the ace's slice, the JSON walk's too)
    seed_counted_switch(fees)
    counted = solve_exact_switch_game(fees)  # the ace's slice, seeded
    code, out, _ = run(capsys, "report", "--switch-fees", fees, "--switch-deals", "5", "--deals", "2000",
                       "--format", "json", "--quiet")
    assert code == 0
    report = json.loads(out)
    doc = report["switching"]
    assert doc["optimal_exact"] is True and doc["optimal_house_edge"] == str(counted.house_edge)
    assert doc["counted"]["fees"] == ["2", "1"] and doc["counted"]["by_size"] == list(counted.by_size[:3])
    assert doc["switch_rules_exact"] is True and doc["larger_switches"] is None
    # (the count here is the ace's slice, the lines' game the whole game: their difference is the rule, not a cost)
    assert Fraction(doc["switch_rules_cost"]) == Fraction(doc["switch_rules_house_edge"]) - counted.house_edge
    whole = report["whole_game"]
    assert whole["house_edge"] == str(counted.house_edge) and whole["exactness"] == "exact"
    assert Fraction(whole["element_of_risk"]) == counted.element_of_risk
    n1 = whole["results_over_n_hands"][0]
    assert Fraction(n1["mean"]) == -counted.house_edge and n1["exact"] is True
    path = tmp_path / "r.md"
    assert run(capsys, "report", "--switch-fees", fees, "--switch-deals", "5", "--deals", "2000", "--out",
               str(path), "--quiet")[0] == 0
    text = path.read_text(encoding="utf-8")
    assert "leave switches of up to 2 cards open, so the whole game is counted" in text
    assert "The whole game, every switch of up to 2 cards counted (exact)" in text
    assert "by the dealer's up card" in text and "| switch 2 |" in text.replace("  ", " ")


# ---------------------------------------------------------------- the sections' registry and the options (#30)


def test_each_section_renders_every_format_from_one_description(report, oasis):
    """The sections are one registry: each applies or not from the report, its blocks are what
    Markdown, HTML and PDF write, its JSON fields are its own, and the JSON keeps its order."""
    names = [x.name for x in render_report.SECTIONS]
    assert len(names) == len(set(names))
    applied = [x.name for x in render_report.sections(report)]
    assert "progressive" in applied and "bonus" not in applied and "summary" not in applied  # the side bet asked
    assert [x.name for x in render_report.sections(oasis)] == [*applied[:2], "summary", *applied[2:-2],
                                                               "switching", *applied[-2:]]
    for r in (report, oasis):
        ctx = render_report.Context(r)
        doc = render_report.report_doc(r)
        owners: dict[str, str] = {}
        for sec in render_report.sections(r):
            fields = sec.json(ctx)
            assert set(fields) <= set(render_report.JSON_ORDER), sec.name
            assert not set(fields) & set(owners), sec.name  # a field has one section
            owners.update(dict.fromkeys(fields, sec.name))
        assert list(doc) == [k for k in render_report.JSON_ORDER if k in owners]
        md, page = render_report.markdown(r), render_report.html_page(r, {})
        for b in render_report.blocks(r):  # every heading of every section, in the Markdown and the HTML
            if b.kind in ("h1", "h2", "h3"):
                assert b.text in md and f"<{b.kind}>{html.escape(b.text)}</{b.kind}>" in page
    assert ctx.par is ctx.par  # computed once per rendering


def test_the_report_command_passes_one_options_value(monkeypatch):
    """report's arguments become one ReportOptions (every field from its argument), handed to
    report_of; build_report's keywords are the same fields."""
    import dataclasses

    seen = []

    def fake(options, progress=None):  # noqa: ARG001
        seen.append(options)
        raise SystemExit(0)

    monkeypatch.setattr(math_report, "report_of", fake)
    with pytest.raises(SystemExit):
        main(["report", "--paytable", "royal-250", "--seats", "5", "--hands", "50", "--deals", "3000", "--seed", "9",
              "--switch-fees", "1", "--switch-deals", "7", "--raise", "3", "--flash-rate", "5%",
              "--leak", "one hole card seen", "--quiet"])
    o = seen[0]
    assert isinstance(o, math_report.ReportOptions)
    assert (o.paytable, o.seats, list(o.hands), o.covariance_deals, o.covariance_seed, o.switch_fees,
            o.switch_deals, o.raise_antes, o.flash_rate, o.leak) == ("royal-250", 5, [50], 3000, 9, "1", 7, 3, "5%",
                                                                   "one hole card seen")
    default = math_report.ReportOptions()
    cli_defaults = {"average_ante": "10", "hands_per_hour": "50", "hours": "8", "hours_per_year": "8760",
                    "meter": "100000", "reset": "10000"}  # the command's text for the same numbers
    for f in dataclasses.fields(o):
        if f.name not in ("paytable", "seats", "hands", "covariance_deals", "covariance_seed", "switch_fees",
                          "switch_deals", "raise_antes", "flash_rate", "leak", "paytables"):
            want = cli_defaults.get(f.name, getattr(default, f.name))
            assert getattr(o, f.name) == want, f.name
    with pytest.raises(TypeError):
        math_report.build_report(no_such_option=1)
    with pytest.raises(ce.InvalidRules, match="seats"):
        math_report.ReportOptions(seats=9).checked()


@pytest.fixture(scope="module")
def buying_report(report):
    import dataclasses

    from caribbean_exact.model.rules import Rules
    from caribbean_exact.strategy.buy_lines import solve_buy_lines

    b = solve_buy_lines(Rules.make(buy_fee=1))
    hands = [x.hands for x in report.over_n_hands]
    return dataclasses.replace(report, buying=b, priced_n_hands=math_report.priced_over_n_hands(None, hands, None, b))


@pytest.mark.slow  # the sixth-card game and the buying lines' game: about 30 s on two cores
def test_with_a_sixth_card_for_sale_the_report_prices_that_game(buying_report):
    """#31 item 4: report --buy-fee prices the game with optimal buying (title, configuration,
    summary, table-hour, N hands), adds its section with the buying lines and their exact cost, and
    the plain game's sections say they are without buying."""
    r = buying_report
    g, lines = r.buying.optimal, r.buying.game
    assert r.priced is g and r.sixth is g and r.draw_word == "buying"
    assert g.house_edge == Fraction(-175122925259, 9966615258600)
    md = render_report.markdown(r)
    flat = " ".join(md.split())
    assert md.startswith("# Math report: A sixth card for sale (1 ante), standard (100/50/")
    assert "## Summary: A sixth card for sale" in md and md.index("## Summary") < md.index("## 1. ")
    assert f"| house edge per ante, optimal buying | {float(g.house_edge) * 100:.4f}% ({g.house_edge}) | exact |" \
        in flat
    h = r.table_hour
    hour = h.seats * h.hands_per_hour * h.average_ante * g.house_edge
    assert f"| theoretical win per table-hour | -${float(-hour):,.2f} |" in flat or \
        f"| theoretical win per table-hour | ${float(hour):,.2f} |" in flat
    for heading in ("1. The ante game under optimal play", "2. Results over N hands",
                    "3. A table: seats share one dealer hand", "The cap"):
        assert f"## {heading} (without buying)\n" in md
    assert "## A sixth card for sale\n" in md and "### When to buy, in plain words" in md
    assert f"| cost of the lines against optimal buying, per ante (exact) | 0.8481% | {r.buying.cost} |" in flat
    assert f"| house edge, buying by these lines (exact: every deal counted) | -0.9090% | {lines.house_edge} |" \
        in flat
    # the results over N hands are the priced game's: one hand's P(ahead) from its exact return table
    one = next(x for x in r.priced_n_hands if x.hands == 1)
    ahead = sum((row.probability for _, row in g.return_rows if row.net > 0), Fraction(0))
    assert one.exact and one.p_ahead == ahead and one.mean == -g.house_edge
    from json_schemas import validated

    doc = validated(render_report.json_text(r), "report")  # the schema's sixth_card (no walk case: a report)
    assert doc["whole_game"]["house_edge"] == str(g.house_edge)
    assert doc["whole_game"]["rules"]["draw"]["buy_fee"] == "1"
    six = doc["sixth_card"]
    assert six["house_edge"] == str(g.house_edge) and six["lines_cost"] == str(r.buying.cost)
    assert six["lines_house_edge"] == str(lines.house_edge) and len(six["lines"]) == 4
    assert list(doc)[-2:] == ["sixth_card", "whole_game"]
    line = render_report.summary(r)
    assert line.startswith("A sixth card for sale (1 ante): house edge -1.7571%") and "without buying: " in line


def test_report_prices_one_draw(capsys):
    from caribbean_exact.cli import main

    assert main(["report", "--switch-fees", "1", "--buy-fee", "1"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "--switch-fees" in err and "--buy-fee" in err
    assert main(["report", "--buy-fee", "x"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "buy fee" in err and "'x'" in err
    with pytest.raises(ce.InvalidRules, match="one draw"):
        math_report.ReportOptions(switch_fees="1", buy_fee=1).checked()
