import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture
def rng() -> random.Random:
    return random.Random(20261129)


def random_situation(rng: random.Random, n_dead: int = 0, n_dealer: int = 0):
    cards = rng.sample(range(52), 6 + n_dead + n_dealer)
    return cards[:5], cards[5], cards[6:6 + n_dead], cards[6 + n_dead:]


def scaled_nets(ints):
    """Nets written as the 14 integers of cs_nets (fold, not qualify, tie, lose, win by category), as
    the ScaledNets the binding takes (denominator 1)."""
    from caribbean_exact.model.rules import ScaledNets

    fold, nq, tie, lose, *win = ints
    return ScaledNets(fold, nq, tie, lose, tuple(win), 1)
