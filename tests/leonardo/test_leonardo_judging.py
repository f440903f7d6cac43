"""Leonardo's model for agents (issue 25): a purchase of works of art judged at the tiles' mean,
a rival's spending never the agent's gain, and one model of a rival's bid in the sampled
positions and in greedy's foresight alike."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from leo_helpers import G, do, ready

from engines.core.rng import Rng
from engines.leonardo import bidding, foresight, shortfall
from engines.leonardo.components import cards, space
from engines.leonardo.economy import firm_of
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


def test_a_bankruptcy_costs_more_than_the_capital_with_the_penalty():
    """Blue (5 florins, no palazzo) lands on Green's palazzo with four works of art and goes
    bankrupt: worth nothing as it was, less than nothing with the penalty; and a firm short of
    florins before that fears the rent more with the penalty."""
    rich = {23: [100, 100, 100, 100]}
    broke = do(ready(0, pos=20, roll=3, n=3, owner={23: 1}, art=rich, florins={0: 5}), 0, "spin").state
    assert not firm_of(broke, 0).active and broke.phase != "over"
    short = ready(0, pos=20, n=3, owner={23: 1}, art=rich, florins={0: 5})
    assert G.evaluate(broke)[0] == 0.0
    plain = G.evaluate(short)[0]
    with swapped(Model(bankruptcy_penalty=True)):  # a switch measured in the arena, not kept (judging.py)
        assert G.evaluate(broke)[0] == -shortfall.BANKRUPTCY
        assert G.evaluate(short)[0] < plain - 1


def test_a_declined_palazzo_is_judged_as_won_cheaply_by_a_rival_with_the_switch():
    """With ``cheap_declines``, declining is worth the mean of the positions where each other
    bidder wins the auction at the minimum stake, played by the engine."""
    offered = do(ready(0, pos=20, roll=3, n=3), 0, "spin").state
    assert offered.phase == "buy"
    low = cards().min_stake
    outcomes = []
    for winner in (1, 2):
        state = do(offered, 0, "decline").state
        for bidder in (1, 2):
            state = do(state, bidder, f"bid {low}" if bidder == winner else "pass").state
        assert state.owner[23] == firm_of(state, winner).id
        outcomes.append(G.evaluate(state))
    expected = [(a + b) / 2 for a, b in zip(*outcomes, strict=True)]
    decline = G.parse_action(offered, 0, "decline")
    with swapped(Model(cheap_declines=True)):  # a switch measured in the arena, not kept (judging.py)
        assert G.evaluate_move(offered.model_copy(deep=True), 0, decline) == pytest.approx(expected)
    assert G.evaluate_move(offered.model_copy(deep=True), 0, decline) != pytest.approx(expected)  # as kept
