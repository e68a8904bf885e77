"""One cache API (engine.recent): every cache of the library is a bounded, locked ``Recent``, listed by
name, seedable and clearable, the tests' shared games seeded through it."""

from __future__ import annotations

import threading

from caribbean_exact.engine.recent import Recent, caches, clear_caches


def test_the_library_caches_are_listed_by_name():
    import caribbean_exact.engine.seen
    import caribbean_exact.engine.sorted
    import caribbean_exact.play.switch_game
    import caribbean_exact.strategy.simplify
    import caribbean_exact.strategy.switch_rules

    names = set(caches())
    assert {"one-card games", "switch proofs", "frontiers", "switch lines games", "seen-card passes",
            "seen-cards passes", "edge-sorting passes", "leak passes", "chart cells"} <= names
    assert all(isinstance(c, Recent) and c.name == n for n, c in caches().items())
    assert caches()["one-card games"] is caribbean_exact.play.switch_game._one_card_games


def test_a_named_cache_is_bounded_seeded_and_cleared(monkeypatch):
    from caribbean_exact.engine import recent

    monkeypatch.setattr(recent, "_CACHES", {})  # the library's own caches stay as they are (seeded games)
    c = Recent[int, str](3, "test: bounded")
    other = Recent[int, str](2, "test: other")
    for k in range(5):
        c.seed(k, str(k))
    other.put(1, "one")
    assert len(c) == 3 and c.get(0) is None and c.get(4) == "4"  # the oldest went first
    assert caches() == {"test: bounded": c, "test: other": other}
    clear_caches()
    assert len(c) == len(other) == 0 and c.get(4) is None


def test_a_cache_is_safe_across_threads():
    c = Recent[int, int](50)
    def work(base: int) -> None:
        for k in range(200):
            c.put(base * 1000 + k, k)
            c.get(base * 1000 + k - 1)
    threads = [threading.Thread(target=work, args=(t,)) for t in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(c) == 50 and "" not in caches()  # unnamed: not listed
