"""The greedy agent's look at its own next spin: a decision taken before the firm moves (to
spin at once, or to buy works of art first) judged over the 12 numbers of the machine, each
played by the engine on the sampled position (the real rent, forced sales, bankruptcy, the
market opened, the palazzo offered, taken or left as the evaluation prefers), rather than by
the evaluation's closed-form expectation of the move."""

from __future__ import annotations

from collections.abc import Callable

from engines.core.agents import margin
from engines.leonardo import movement
from engines.leonardo.components import cards
from engines.leonardo.copies import copy_state
from engines.leonardo.economy import income
from engines.leonardo.events import quietly
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
        quietly(movement.move, trial, n)
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
