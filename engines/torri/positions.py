"""Positions you can build: a mid-game state of Le Torri di Bologna from a readable
description, for tests, puzzles and anyone else.

    state = position(towers={"B3": "B", "B2": "YG"}, builders=["B3", "C4", "E4"], gold=[2, 0, 1])
    state = play(state, "B2 build").state

Towers are written bottom-up in the state's letters: ``B G Y R`` a simple piece of seat
0 to 3, ``b g y r`` their battlement pieces, ``n`` a central tower's neutral base, ``N``
its neutral battlement. The pieces left in each supply are counted from the board, the
bank holds what the players do not, and the result is checked with
``engines.torri.invariants.problems`` (a description the game could not reach is refused
with every reason).

The rules never draw from the generator (``Torri.traits.chance`` is False), so there are
no random outcomes to fix here.
"""

from __future__ import annotations

from engines.core.game import Applied
from engines.torri.board import ASINELLI, layout
from engines.torri.game import Torri
from engines.torri.invariants import problems
from engines.torri.model import (
    BANK_GOLD,
    BATTLEMENT_LETTERS,
    BATTLEMENT_PIECES,
    LETTERS,
    NEUTRAL_BATTLEMENT,
    SIMPLE_PIECES,
    Options,
    State,
)

GAME = Torri()


def position(
    seats: int = 3,
    towers: dict[str, str] | None = None,
    builders: list[str] | None = None,
    gold: list[int] | None = None,
    turn: int = 0,
    bank: int | None = None,
    triggered_by: int | None = None,
    end_turn: int | None = None,
    over: bool = False,
    **options,
) -> State:
    """A state in play (or over, with ``over``) on the default wall for ``seats`` unless
    ``shape=`` says otherwise. Central towers keep their neutral base unless ``towers``
    gives them; builders stand on the Asinelli unless ``builders`` places them; players
    have no gold unless ``gold`` says so. ``triggered_by`` (a seat, or -1 for the round
    limit) closes the central towers as the end trigger does during the current round
    (the game then ends at ``end_turn``, by default after one extra round)."""
    state = GAME.new_game(seats, Options(**options), 0)
    state.towers.update(towers or {})
    if builders is not None:
        state.builders = list(builders)
    elif None in state.builders:  # as after the set-up: every builder on the Asinelli
        state.builders = [layout(state.shape, seats).central_square(ASINELLI)] * seats
    state.gold = list(gold) if gold is not None else [0] * seats
    state.bank = BANK_GOLD - sum(state.gold) if bank is None else bank
    state.phase = "over" if over else "play"
    state.turn = turn
    if triggered_by is not None:
        state.triggered_by = triggered_by
        state.end_turn = (turn // seats + 2) * seats if end_turn is None else end_turn
        for sq in layout(state.shape, seats).centrals:
            if not state.towers[sq].endswith(NEUTRAL_BATTLEMENT):
                state.towers[sq] += NEUTRAL_BATTLEMENT
    on_board = "".join(state.towers.values())
    for s in range(seats):
        state.simple_left[s] = SIMPLE_PIECES - on_board.count(LETTERS[s])
        state.battlements_left[s] = BATTLEMENT_PIECES[seats] - on_board.count(BATTLEMENT_LETTERS[s])
    wrong = problems(state)
    if wrong:
        raise ValueError("not a position of the game: " + "; ".join(wrong))
    return state


def to_move(state: State) -> int:
    """The seat whose decision it is (one at a time in this game)."""
    [seat] = GAME.to_act(state)
    return seat


def play(state: State, text: str, seat: int | None = None) -> Applied[State]:
    """Read a chat move and play it for ``seat`` (default: the seat to move)."""
    seat = to_move(state) if seat is None else seat
    return GAME.apply(state, seat, GAME.parse_action(state, seat, text))
