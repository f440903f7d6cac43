"""The greedy agent's look past the closed form, where its own decision meets chance or sealed
choices at once (``evaluation.after_move`` calls these):

- ``over_spins``: a single player about to spin (to spin now, or to buy works of art first,
  the tiles put where they raise the rent most) is judged over the machine's 12 numbers, each
  played by the engine on the sampled position (the real rent, forced sales, bankruptcy, the
  market opened, the event drawn, a palazzo offered bought or declined as the margin prefers),
  rather than by the evaluation's expectation of the move;
- ``over_bids``: an auction is judged over the bids the other bidders may make or have made,
  each any of its legal bids with equal chance (kept; ``bidding``'s model of a sensible opponent
  where the arena compares, see ``judging``), every outcome settled by the engine and evaluated.

A few milliseconds a decision (about 30 ms at the 95th percentile, loaded machine).
"""

from __future__ import annotations

from collections.abc import Callable

from engines.core.agents import margin
from engines.leonardo import bidding, flow
from engines.leonardo.components import cards, space
from engines.leonardo.copies import copy_state
from engines.leonardo.economy import income
from engines.leonardo.events import quietly
from engines.leonardo.judging import MODEL
from engines.leonardo.model import Buy, Decline, Place, State
from engines.leonardo.rules import free_slots

BUY, DECLINE = Buy(), Decline()

Evaluate = Callable[[State], list[float]]
Judge = Callable[[State, int, object], list[float]]  # a move's values (after_move without foresight)


def over_spins(state: State, seat: int, evaluate: Evaluate, judge: Judge) -> list[float]:
    """The firm about to spin (phase ``start``): every number of the machine, with 1/12 each."""
    c = cards()
    numbers = range(c.machine_low, c.machine_high + 1)
    total = [0.0] * state.seats
    for n in numbers:
        trial = copy_state(state)
        quietly(flow.move, trial, n)
        values = _after_landing(trial, seat, evaluate, judge)
        for s, v in enumerate(values):
            total[s] += v / len(numbers)
    return total


def _after_landing(state: State, seat: int, evaluate: Evaluate, judge: Judge) -> list[float]:
    """The position the number led to; a palazzo offered to the seat, bought or declined as
    the seat's margin prefers."""
    if state.phase == "buy" and seat in state.firms[state.order[state.slot]].members:
        options = [judge(copy_state(state), seat, a) for a in (BUY, DECLINE)]
        return max(options, key=lambda v: margin(v, seat))
    return evaluate(state)


def place_all(state: State, seat: int, play: Callable[[State, int, object], None]) -> None:
    """The tiles being placed, put where they raise the rent most: as many as fit on the one
    palazzo they raise most, the rest likewise (the greedy agent will choose for itself when
    it places them; this only judges the purchase)."""
    firm = state.firms[state.order[state.slot]]
    while state.drawn and state.phase == "place":
        slots = free_slots(state, firm)
        if not slots:
            return
        k = len(state.drawn)
        best = max(slots, key=lambda n: _raise(state, n, min(k, slots[n])))
        for _ in range(min(k, slots[best])):
            play(state, seat, Place(space=best))


def _raise(state: State, number: int, more: int) -> float:
    """How much ``more`` works of art raise a palazzo's rent, a work."""
    mult = cards().income_multipliers
    shown = len(state.art.get(number, ()))
    return income(state, number) * (mult[shown + more] - mult[shown]) / mult[shown] / more


def over_bids(state: State, fixed: dict[int, int], evaluate: Evaluate, coarse: bool = False) -> list[float]:
    """An auction judged over the sealed bids not in ``fixed`` (the seat's own), each of
    them (made or still to make) drawn from the model of a rival's bid (``_bid_odds``): every
    outcome (who wins, at what price, or all pass) settled by the engine and evaluated,
    weighted by its chance; with ``coarse``, one outcome per winner at its mean price."""
    auction = state.auction
    assert auction is not None
    bidders = auction.bidders
    price = space(auction.space).price or 0
    odds = {b: ({fixed[b]: 1.0} if b in fixed else _bid_odds(price, state.firms[b].florins)) for b in bidders}
    outcomes: list[tuple[int | None, int, float]] = []
    nobody = 1.0
    for b in bidders:
        nobody *= odds[b].get(0, 0.0)
    if nobody > 0:
        outcomes.append((None, 0, nobody))
    for i, b in enumerate(bidders):
        for x, p in odds[b].items():
            if x <= 0:
                continue
            for j, c in enumerate(bidders):
                if c != b:  # a tie goes to the first bidder in turn order
                    p *= sum(q for y, q in odds[c].items() if y < x or (y == x and j > i))
            if p > 0:
                outcomes.append((b, x, p))
    if coarse:  # one outcome per winner, at its mean price
        grouped: dict[int | None, list[float]] = {}
        for winner, x, p in outcomes:
            g = grouped.setdefault(winner, [0.0, 0.0])
            g[0] += p
            g[1] += p * x
        outcomes = [(w, round(px / p) if p else 0, p) for w, (p, px) in grouped.items()]
    total = [0.0] * state.seats
    for winner, x, p in outcomes:
        trial = copy_state(state)
        assert trial.auction is not None
        trial.auction.bids = {b: (x if b == winner else 0) for b in bidders}
        quietly(flow.close_auction, trial)
        for s, v in enumerate(evaluate(trial)):
            total[s] += p * v
    return total


def cheaply(state: State, evaluate: Evaluate) -> list[float]:
    """An auction judged as won at the minimum stake by each of its bidders, with equal chance
    (``judging``'s cheap_declines: what declining a palazzo risks)."""
    auction = state.auction
    assert auction is not None
    low = cards().min_stake
    total = [0.0] * state.seats
    for winner in auction.bidders:
        trial = copy_state(state)
        assert trial.auction is not None
        trial.auction.bids = {b: (low if b == winner else 0) for b in auction.bidders}
        quietly(flow.close_auction, trial)
        for s, v in enumerate(evaluate(trial)):
            total[s] += v / len(auction.bidders)
    return total


def _bid_odds(price: int, florins: int) -> dict[int, float]:
    """An unknown bidder's bid: any legal bid or a pass with equal chance (kept), or ``bidding``'s
    sensible opponent where the arena compares (``judging``)."""
    return bidding.odds(price, florins) if MODEL.sensible_bids else bidding.uniform(florins)
