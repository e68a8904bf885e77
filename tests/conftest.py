import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

@pytest.fixture
def rng() -> random.Random:
    return random.Random(20261129)


@pytest.fixture(scope="session")
def standard_card():
    """The standard table's strategy card (a frontier search and a grid: seconds), built once a run
    for the card's tests and tables/'s."""
    from caribbean_exact.strategy.strategy_card import strategy_card

    return strategy_card()


def random_situation(rng: random.Random, n_dead: int = 0, n_dealer: int = 0):
    cards = rng.sample(range(52), 6 + n_dead + n_dealer)
    return cards[:5], cards[5], cards[6:6 + n_dead], cards[6 + n_dead:]
