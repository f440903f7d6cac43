"""Leonardo's model for agents (issue 25): a purchase of works of art judged at the tiles' mean,
a rival's spending never the agent's gain, and one model of a rival's bid in the sampled
positions and in greedy's foresight alike."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from leo_helpers import G, do, ready

from engines.core.rng import Rng
from engines.leonardo import bidding, foresight
from engines.leonardo.components import space
from engines.leonardo.judging import MODEL, OLD, Model, swapped
from engines.leonardo.sampling import _bid


def _art_values(state, seat: int, k: int) -> list[list[float]]:
    """Greedy's look at buying ``k`` works of art on the position with its supply in two orders,
    the cheapest tiles on top and the dearest (other tiles drawn, the same tiles unseen)."""
    out = []
    for dear in (False, True):
        trial = state.model_copy(deep=True)
        trial.art_supply = sorted(trial.art_supply, reverse=dear)
        out.append(G.evaluate_move(trial, seat, G.parse_action(trial, seat, f"art {k}")))
    return out


def test_a_purchase_of_works_of_art_is_judged_at_the_tiles_mean_not_at_the_tiles_drawn():
    base = ready(0, pos=20, n=3, owner={2: 0, 4: 1, 27: 2}, art={2: [150], 4: [30, 70], 27: [100]})
    for k in (1, 2):
        first, *others = _art_values(base, 0, k)
        assert all(first == pytest.approx(other) for other in others), k
    with swapped(OLD):  # as it was: the tiles the sample drew decide
        first, *others = _art_values(base, 0, 2)
        assert any(first != pytest.approx(other) for other in others)


def test_a_rival_spending_its_florins_is_not_the_agents_gain():
    """Blue's value does not move when Green (with a palazzo Blue may land on) has fewer florins:
    the potential rent Blue fears counts one turn's works of art, not what Green's florins buy."""
    rich = ready(0, pos=20, n=3, owner={23: 2, 25: 2}, florins={0: 200, 2: 600})
    poor = ready(0, pos=20, n=3, owner={23: 2, 25: 2}, florins={0: 200, 2: 100})
    with swapped(Model(fixed_potential=True)):  # a switch measured in the arena, not kept (judging.py)
        assert G.evaluate(rich)[0] == pytest.approx(G.evaluate(poor)[0])
    with swapped(OLD):
        assert G.evaluate(rich)[0] < G.evaluate(poor)[0] - 1


def test_one_model_of_a_rivals_bid_in_samples_and_in_foresight():
    """A sampled sealed bid is drawn from the very odds foresight weighs outcomes by, and a
    sensible rival never offers more than the palazzo's price."""
    with swapped(Model(sensible_bids=True)):  # a switch measured in the arena, not kept (judging.py)
        _one_model()
    with swapped(Model(sensible_bids=False, uniform_bids=True)):
        assert foresight._bid_odds(90, 400) == bidding.uniform(400)
    assert not MODEL.sensible_bids and foresight._bid_odds(90, 400) == bidding.uniform(400)  # as kept


def _one_model():
    price, florins = space(23).price, 400
    odds = bidding.odds(price, florins)
    assert sum(odds.values()) == pytest.approx(1.0) and max(odds) <= price and odds[0] == bidding.PASS
    assert foresight._bid_odds(price, florins) == odds
    state = do(do(ready(0, pos=20, roll=3, florins={1: florins}), 0, "spin").state, 0, "decline").state
    state = do(state, 1, f"bid {max(odds)}").state  # Green has bid; Blue's sample invents it
    view = G.view(state, 0)
    rng = random.Random(5)
    drawn = Counter(_bid(view, 1, 0, rng) for _ in range(4000))
    for amount, p in odds.items():
        assert drawn[amount] / 4000 == pytest.approx(p, abs=0.03), amount
    assert set(drawn) <= set(odds)
    sample = G.sample_state(view, 0, Rng.from_seed(3))
    assert sample.auction is not None and sample.auction.bids[1] in odds
