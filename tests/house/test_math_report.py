"""The report command: formats, JSON field names, plots, bad input."""

import base64
import datetime
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
    (["--hands", "1000000"], "2^23"),
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


def test_report_switch_fees_are_checked_before_the_work(capsys):
    code, _, err = run(capsys, "report", "--switch-fees", "1,x", "--deals", "2000", "--quiet")
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
