"""Each up rank's counts kept in a folder (``engine.rank_store``; ``exact_switch_counts(store=...)``,
``solve --switch-fees ... --keep-ranks DIR``): a run stopped part way goes on where it stopped, and what it
reads back is what it would have counted.

The game counted here is the one-card schedule on two up ranks (about a second of CPU each): the counts
read back equal the counts of a run that keeps nothing, figure for figure, and a rank read back is not
counted again (the core's call is replaced by one that fails).
"""

import json
import os
from fractions import Fraction

import pytest

from caribbean_exact import Rules
from caribbean_exact.cli.main import main
from caribbean_exact.engine import rank_store, switch
from caribbean_exact.errors import InvalidRules

FEES = (Fraction(1),)


def _count(ranks, store=None, **kw):
    return switch.exact_switch_counts(Rules(), FEES, up_ranks=ranks, store=store, threads=2, **kw)


class Stop(Exception):
    pass


@pytest.mark.slow  # five counts of a rank (about 9 s); the default run keeps the refusal and round-trip tests
def test_a_stopped_run_goes_on_where_it_stopped(tmp_path, monkeypatch):
    """The first rank finishes and is kept; the second is stopped within its count (its progress raises)
    and nothing of it is kept; run again, only the second is counted, and the whole is the count of a
    run that keeps nothing."""
    store = str(tmp_path)
    started = []

    def progress(what, done, _total):
        if "counting every switch" in what and done and started and started[-1] == 12:
            raise Stop
    real = switch._exact_rank

    def tracked(rank, *args):
        started.append(rank)
        return real(rank, *args)
    monkeypatch.setattr(switch, "_exact_rank", tracked)
    with pytest.raises(Stop):
        _count((11, 12), store, progress=progress)
    assert started == [11, 12]
    kept = sorted(os.listdir(store))
    assert len(kept) == 1 and kept[0].startswith("switch-exact-") and kept[0].endswith("-rank11.json")
    started.clear()
    resumed = _count((11, 12), store)
    assert started == [12]
    assert resumed == _count((11, 12))
    names = sorted(os.listdir(store))
    assert [n[-11:] for n in names] == ["rank11.json", "rank12.json"]
    assert names[0][:-11] == names[1][:-11]  # one digest for the ranks of one game

    def fail(*_args):
        raise AssertionError("a kept rank was counted again")
    monkeypatch.setattr(switch, "_exact_rank", fail)
    assert _count((12, 11), store) == resumed


@pytest.mark.slow  # five counts of a rank (about 9 s)
def test_other_games_keep_other_files(tmp_path, monkeypatch):
    """Another fee, qualifier or tie rule is another game: its ranks are counted and kept beside the
    first game's, never read from them."""
    store = str(tmp_path)
    a = _count((12,), store)
    b = switch.exact_switch_counts(Rules(), (Fraction(2),), up_ranks=(12,), store=store)
    c = switch.exact_switch_counts(Rules.make(qualifier="pair"), FEES, up_ranks=(12,), store=store)
    d = _count((12,), store, raise_on_tie=True)
    assert len(set(os.listdir(store))) == 4
    assert a.value not in (b.value, c.value)
    assert d == a  # no indifferent hand against an ace: the same counts, kept apart all the same
    monkeypatch.setattr(switch, "_exact_rank", lambda *_args: pytest.fail("counted again"))
    assert switch.exact_switch_counts(Rules(), (Fraction(2),), up_ranks=(12,), store=store) == b


def test_a_file_that_is_not_its_rank_is_refused(tmp_path):
    """A file whose key is not the one its name says, or that does not parse, is refused naming it, not
    counted over; removed, the rank is counted again."""
    store = str(tmp_path)
    first = _count((12,), store)
    (name,) = os.listdir(store)
    path = os.path.join(store, name)
    with open(path, encoding="utf-8") as f:
        data = json.load(f)

    def write(text):
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    data["key"]["fees"] = [0, 2, 0, 0, 0]
    write(json.dumps(data))
    with pytest.raises(InvalidRules, match=r"rank12\.json.*key is not the one its name says"):
        _count((12,), store)
    write('{"key": ')
    with pytest.raises(InvalidRules, match=r"rank12\.json.*cannot be read"):
        _count((12,), store)
    data["key"]["fees"] = [0, 1, 0, 0, 0]
    data["counts"][4] = "many"
    write(json.dumps(data))
    with pytest.raises(InvalidRules, match="not a rank's counts"):
        _count((12,), store)
    os.unlink(path)
    assert _count((12,), store) == first


def test_save_load_round_trip(tmp_path):
    """Integers of any size, nested lists and the deal totals come back as they went."""
    from caribbean_exact.engine.counts import DealTotals

    t = DealTotals(tuple(range(10)), (2**70,) * 10, (-1,) * 10, (0,) * 10, (5,) * 10, 7, 0, 3**50)
    key = {"count": "test", "up_rank": 4, "x": [1, 2]}
    rank_store.save(str(tmp_path), key, (-(2**90), [t, t], [(1, 2)]))
    assert rank_store.load(str(tmp_path), key) == [-(2**90), [t, t], [[1, 2]]]
    assert rank_store.load(str(tmp_path), {**key, "x": [1, 3]}) is None
    assert not [n for n in os.listdir(tmp_path) if n.endswith(".tmp")]
    with pytest.raises(TypeError):
        rank_store.save(str(tmp_path), key, [1.5])


def test_a_folder_that_cannot_keep_them_is_refused_before_any_work(tmp_path, monkeypatch):
    monkeypatch.setattr(switch, "_exact_rank", lambda *_args: pytest.fail("counted"))
    with pytest.raises(InvalidRules, match="no such folder"):
        _count((12,), str(tmp_path / "missing"))
    (tmp_path / "file").write_text("x")
    with pytest.raises(InvalidRules, match="no such folder"):
        _count((12,), str(tmp_path / "file"))


@pytest.mark.parametrize(("args", "says"), [
    (["--switch-fees", "1,1", "--keep-ranks", "{missing}"], "--keep-ranks"),
    (["--switch-fees", "1,1", "--sample", "--keep-ranks", "{tmp}"], "--keep-ranks applies to the exact game"),
    (["--buy-fee", "1", "--keep-ranks", "{tmp}"], "--keep-ranks applies to --switch-fees"),
])
def test_cli_refuses_in_one_line(tmp_path, capsys, args, says):
    args = [a.format(missing=str(tmp_path / "missing"), tmp=str(tmp_path)) for a in args]
    assert main(["solve", *args]) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1
