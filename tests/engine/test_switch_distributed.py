"""The exact switching game partitioned by up rank on a Dask cluster (issue #31: a run of hours of CPU
goes to a distributed engine, the local machine the default): a two-worker local cluster gives the same
integers as this process, on a slice of two up ranks (one card: a second a rank)."""

from fractions import Fraction

import pytest
from needs import missing

from caribbean_exact import Rules
from caribbean_exact.engine.switch import exact_switch_counts
from caribbean_exact.play.switch_exact import solve_exact_switch_game


@pytest.mark.slow  # a local cluster of two worker processes: some seconds to start
def test_a_two_worker_cluster_counts_what_this_process_counts():
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        missing("needs the distributed extra (pip install -e '.[distributed]')")
    rules = Rules()
    fees = (Fraction(1),)
    probes = ((51, 45, 22, 9, 3, 44), (0, 1, 2, 3, 5, 48))
    here = exact_switch_counts(rules, fees, up_ranks=(11, 12), probes=probes)
    seen: list[tuple[int, int]] = []
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        there = exact_switch_counts(rules, fees, up_ranks=(11, 12), probes=probes, client=client,
                                    progress=lambda _, done, total: seen.append((done, total)))
        game = solve_exact_switch_game("1", up_ranks=(11, 12), client=client)
    assert there == here
    assert seen == [(1, 2), (2, 2)]
    assert game.return_per_ante * game.situations == here.value
