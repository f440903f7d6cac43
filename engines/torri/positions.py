"""Positions you can build: a mid-game state of Le Torri di Bologna from a readable
description, for tests, puzzles and anyone else (the shape every title shares:
``engines/core/positions.py``).

    state = position(towers={"B3": "B", "B2": "YG"}, builders=["B3", "C4", "E4"], gold=[2, 0, 1])
    after, events = play(state, "B2 build")

Towers are written bottom-up in the state's letters: ``B G Y R`` a simple piece of seat
0 to 3, ``b g y r`` their battlement pieces, ``n`` a central tower's neutral base, ``N``
its neutral battlement. The pieces left in each supply are counted from the board, unless
``simple_left`` or ``battlements_left`` say how many a seat has left: its other pieces then
stand as towers of one piece away from the play (``with_pieces_left``). The bank holds what
the players do not, and the result is checked with ``engines.torri.invariants.problems`` (a
description the game could not reach is refused with every reason).

The rules never draw from the generator (``Torri.traits.chance`` is False), so there are
no random outcomes to fix here.
"""

from __future__ import annotations

from engines.core import positions as shared
from engines.core.game import Applied
from engines.core.positions import PositionError, copied
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
    simple_left: dict[int, int] | None = None,
    battlements_left: dict[int, int] | None = None,
    **options,
) -> State:
    """A state in play (or over, with ``over``) on the default wall for ``seats`` unless
    ``shape=`` says otherwise. Central towers keep their neutral base unless ``towers``
    gives them; builders stand on the Asinelli unless ``builders`` places them; players
    have no gold unless ``gold`` says so. ``triggered_by`` (a seat, or -1 for the round
    limit) closes the central towers as the end trigger does during the current round
    (the game then ends at ``end_turn``, by default after one extra round).
    ``simple_left`` and ``battlements_left``: the pieces a seat has left in its supply, by
    seat (``with_pieces_left``)."""
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
    check(state)
    if simple_left or battlements_left:
        state = with_pieces_left(state, simple_left or {}, battlements_left or {})
    return state


def with_pieces_left(state: State, simple: dict[int, int], battlements: dict[int, int]) -> State:
    """The seats with this many simple pieces and battlement pieces left, by seat. The pieces
    they have placed beyond those on the board stand each as a tower of one piece, on the
    free squares farthest from every builder and tower, none next to one: where they change
    nothing a test looks at (a walk, a route, a fee, the height limit), though they score at
    the end. PositionError if the board holds more than that, or has no room for them."""
    state = copied(state)
    lay = layout(state.shape, state.seats)
    wanted = {s: (simple.get(s, state.simple_left[s]), battlements.get(s, state.battlements_left[s]))
              for s in range(state.seats)}
    pieces = []
    for s, (left_simple, left_battlements) in wanted.items():
        for letter, total, left, now in ((LETTERS[s], SIMPLE_PIECES, left_simple, state.simple_left[s]),
                                         (BATTLEMENT_LETTERS[s], BATTLEMENT_PIECES[state.seats], left_battlements,
                                          state.battlements_left[s])):
            if not 0 <= left <= now:
                raise PositionError(f"seat {s} cannot have {left} of its {total} {letter!r} pieces left: "
                                    f"{total - now} stand on the board")
            pieces += [letter] * (now - left)
    taken = set(state.towers) | {b for b in state.builders if b is not None}
    room = sorted((sq for sq in lay.squares if _distance(lay, sq, taken) >= 2),
                  key=lambda sq: (-_distance(lay, sq, taken), lay.index[sq]))
    if len(room) < len(pieces):
        raise PositionError(f"no room for {len(pieces)} more pieces two squares away from the builders and towers "
                            f"({len(room)} squares): place some of them in towers=")
    for sq, piece in zip(room, pieces, strict=False):
        state.towers[sq] = piece
    for s, (left_simple, left_battlements) in wanted.items():
        state.simple_left[s], state.battlements_left[s] = left_simple, left_battlements
    return check(state)


def _distance(lay, square: str, taken: set[str]) -> int:
    """Steps from ``square`` to the nearest of ``taken`` (across the grid, walls aside)."""
    c, r = lay.coords[square]
    return min((abs(c - lay.coords[t][0]) + abs(r - lay.coords[t][1]) for t in taken), default=1 << 30)


def check(state: State) -> State:
    """The state, if every invariant holds; else PositionError naming them."""
    wrong = problems(state)
    if wrong:
        raise PositionError("not a position of the game: " + "; ".join(wrong))
    return state


def to_move(state: State) -> int:
    """The seat whose decision it is (one at a time in this game)."""
    return shared.to_move(GAME, state)


def play(state: State, *moves: str, seat: int | None = None) -> Applied[State]:
    """Read each move in chat notation and play it, for ``seat`` or else the seat to move:
    the new state and the events of every move."""
    return shared.play(GAME, state, moves, seat)


__all__ = ["GAME", "PositionError", "check", "play", "position", "to_move", "with_pieces_left"]
