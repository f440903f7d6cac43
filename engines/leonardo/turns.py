"""Whose turn it is: starting a turn, the next firm, and the end of the game (rounds over,
or one firm left). Steps of the turn flow (``flow.py``): each returns its events and what
comes next (``steps.py``)."""

from __future__ import annotations

from engines.core.game import Event
from engines.leonardo import terms
from engines.leonardo.economy import active_firms
from engines.leonardo.events import event
from engines.leonardo.model import Firm, State
from engines.leonardo.steps import START_TURN, Outcome


def current(state: State) -> Firm:
    """The firm whose marker moves this turn."""
    return state.firms[state.order[state.slot]]


def start_turn(state: State, _: int = 0) -> Outcome:
    """The current firm's turn begins: it owes its first decision (phase ``start``)."""
    state.phase = "start"
    # what the last turn left behind, cleared (assigned only when set: this runs every turn)
    if state.art_bought:
        state.art_bought = False
    if state.proposed:
        state.proposed = False
    for name in ("drawn", "spins"):
        if getattr(state, name):
            setattr(state, name, [])
    for name in ("buy_space", "auction", "market", "office", "merge", "rescue"):
        if getattr(state, name) is not None:
            setattr(state, name, None)
    return [event("leo.event.turn", round=state.round, firm=terms.firm(current(state)))], None


def next_turn(state: State, _: int = 0) -> Outcome:
    """The game ends if one firm is left; otherwise the next firm plays."""
    over = end_if_alone(state)
    if over:
        return over, None
    return advance(state)


def end_if_alone(state: State) -> list[Event]:
    """Game over, with its event, if at most one firm is left; else nothing."""
    alive = active_firms(state)
    if len(alive) > 1:
        return []
    if not alive:
        state.end = "all_bankrupt"
    elif len(alive[0].members) == 1:
        state.end = "eliminated"
    else:  # opponents may have joined rather than gone bankrupt
        state.end = "last_corporation"
    return game_over(state)


def alone(state: State, _: int = 0) -> Outcome:
    """After a corporation formed: the end of the game if it is the last firm; else the turn
    goes on where it was (phase ``start``)."""
    return end_if_alone(state), None


def game_over(state: State) -> list[Event]:
    state.phase = "over"
    return [event("leo.event.game_over", reason=terms.end(state))]


def advance(state: State) -> Outcome:
    """The next active firm in turn order (a new round after the last seat), unless the
    agreed rounds are over."""
    n = len(state.order)
    slot = state.slot
    while True:
        slot = (slot + 1) % n
        if slot == 0:
            state.round += 1
        seat = state.order[slot]
        if seat in state.firms and state.firms[seat].active:
            break
    state.slot = slot
    state.turn += 1
    if state.round > state.options.max_rounds:
        state.round = state.options.max_rounds
        state.end = "rounds"
        return game_over(state), None
    return [], START_TURN
