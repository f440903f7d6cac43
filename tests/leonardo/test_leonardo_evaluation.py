"""The greedy agent's look ahead on Leonardo (``engines/leonardo/evaluation.py`` and
``foresight.py``): the rents a rival must fear, a bid judged over the other bids, a spin and a
purchase of works of art judged over the machine's twelve numbers played by the engine."""

from __future__ import annotations

import pytest
from leo_helpers import G, do, ready

from engines.leonardo import flow
from engines.leonardo.copies import copy_state
from engines.leonardo.evaluation import _holdings, evaluate
from engines.leonardo.events import quietly
from engines.leonardo.foresight import place_all
from engines.leonardo.model import Bid, Pass, Spin
from engines.leonardo.rules import amounts


def test_the_works_of_art_an_owner_can_afford_raise_one_rent_not_every_rent():
    """Green's 60 florins buy one work of art: it goes on one palazzo. The rivals' risk counted
    every palazzo of Green's at the rent one more work would give it (greedy kept florins for
    the threat that phantom art made to its rivals)."""
    state = ready(0, pos=20, n=3, owner={2: 0, 14: 2, 27: 2}, florins={2: 60})
    owned = {n: (rent, top) for n, _, _, rent, top in _holdings(state, {f: 0.0 for f in state.firms})}
    assert owned[27] == (50, 100)  # one more work of art doubles the dearer palazzo's rent
    assert owned[14] == (40, 40)  # and only that one


def test_a_bid_is_judged_over_every_legal_bid_of_the_bidders_still_to_bid():
    """Red declines Via Larga (23); Blue bids first, Green (20 florins: 5, 10, 20 or a pass)
    after. Blue's bid is worth the average of the four auctions the engine settles."""
    base = ready(0, pos=20, n=3, roll=3, florins={1: 300, 2: 20})
    auction = do(do(base, 0, "spin").state, 0, "decline").state
    assert auction.auction.bidders == [1, 2]
    for mine in (Bid(amount=10), Bid(amount=25), Pass()):
        expected = [0.0] * 3
        greens = amounts(5, 20) + [0]
        for green in greens:
            trial = do(auction, 1, G.notation(auction, mine)).state
            settled = do(trial, 2, f"bid {green}" if green else "pass").state
            for s, v in enumerate(evaluate(settled)):
                expected[s] += v / len(greens)
        got = G.evaluate_move(copy_state(auction), 1, mine)
        assert got == pytest.approx(expected)


def test_a_spin_is_judged_over_the_machines_twelve_numbers():
    """Every space Red can reach is a square, a market or owned: each number of the machine
    played by the engine (the rents, the market opened, the event drawn), then evaluated."""
    owner = {2: 0, 21: 1, 23: 1, 25: 1, 26: 2, 27: 2, 29: 1, 30: 2, 31: 1, 32: 2}
    state = ready(0, pos=20, n=3, owner=owner, art={26: [70, 70, 70], 32: [100]}, florins={0: 120})
    expected = [0.0] * 3
    for n in range(1, 13):
        trial = copy_state(state)
        quietly(flow.move, trial, n)
        assert trial.phase != "buy"
        for s, v in enumerate(evaluate(trial)):
            expected[s] += v / 12
    assert G.evaluate_move(copy_state(state), 0, Spin()) == pytest.approx(expected)


def test_works_of_art_bought_are_judged_where_they_raise_the_rent_most():
    """The fourth work of art doubles a rent: a tile bought goes there before an empty dearer
    palazzo (the purchase is judged so; the agent still places it itself)."""
    state = ready(0, pos=20, n=3, owner={6: 0, 27: 0}, art={6: [30, 50, 70]}, florins={0: 200})
    bought = do(state, 0, "art 2").state
    place_all(bought, 0, G.advance)
    assert bought.phase == "start" and len(bought.art[6]) == 4 and len(bought.art[27]) == 1
