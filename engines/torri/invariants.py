"""What every reachable state of Le Torri di Bologna satisfies. The random-game tests check
``problems`` after every action, and ``engines.torri.positions`` refuses to build a
position that breaks one, so hand-made test positions are positions the game can reach
(as far as these checks can tell)."""

from __future__ import annotations

from collections.abc import Sized

from engines.torri.board import layout, shapes
from engines.torri.building import central_height
from engines.torri.model import (
    BANK_GOLD,
    BATTLEMENT_LETTERS,
    BATTLEMENT_PIECES,
    LETTERS,
    NEUTRAL_BASE,
    NEUTRAL_BATTLEMENT,
    SIMPLE_PIECES,
    State,
    is_closing,
)

PIECES = set(LETTERS + BATTLEMENT_LETTERS + NEUTRAL_BASE + NEUTRAL_BATTLEMENT)


def problems(state: State) -> list[str]:
    """Every broken invariant, in words for a developer (empty when the state is sound)."""
    n = state.seats
    if not 2 <= n <= 4:
        return [f"{n} seats: the game takes 2 to 4"]
    if state.shape not in shapes().shapes:
        return [f"unknown shape {state.shape!r}"]
    per_seat: dict[str, Sized] = {"builders": state.builders, "gold": state.gold, "simple_left": state.simple_left,
                "battlements_left": state.battlements_left}
    out = [f"{name} has {len(v)} entries for {n} seats" for name, v in per_seat.items() if len(v) != n]
    if out:
        return out
    lay = layout(state.shape, n)
    out += _gold(state)
    out += _pieces(state, n)
    out += _towers(state, lay)
    out += _builders(state, lay)
    out += _turns(state, lay, n)
    return out


def _gold(state: State) -> list[str]:
    out = []
    if sum(state.gold) + state.bank != BANK_GOLD:
        out.append(f"gold is not conserved: players {sum(state.gold)} + bank {state.bank} != {BANK_GOLD}")
    if state.bank < 0 or min(state.gold) < 0:
        out.append(f"negative gold: bank {state.bank}, players {state.gold}")
    return out


def _pieces(state: State, n: int) -> list[str]:
    """Every piece is on the board or in its owner's supply."""
    out = []
    board = "".join(state.towers.values())
    for s in range(n):
        if state.simple_left[s] < 0 or state.simple_left[s] + board.count(LETTERS[s]) != SIMPLE_PIECES:
            out.append(f"seat {s}: {state.simple_left[s]} simple pieces left and "
                       f"{board.count(LETTERS[s])} on the board, not {SIMPLE_PIECES} in all")
        total = BATTLEMENT_PIECES[n]
        on_board = board.count(BATTLEMENT_LETTERS[s])
        if state.battlements_left[s] < 0 or state.battlements_left[s] + on_board != total:
            out.append(f"seat {s}: {state.battlements_left[s]} battlement pieces left and "
                       f"{on_board} on the board, not {total} in all")
    for s in range(n, len(LETTERS)):
        if LETTERS[s] in board or BATTLEMENT_LETTERS[s] in board:
            out.append(f"pieces of seat {s}, which is not in the game")
    return out


def _towers(state: State, lay) -> list[str]:
    out = []
    for sq in lay.centrals:
        tower = state.towers.get(sq, "")
        if not tower.startswith(NEUTRAL_BASE):
            out.append(f"central tower {sq} does not stand on its neutral base: {tower!r}")
    if out:
        return out
    limit = min(central_height(state.towers[sq]) for sq in lay.centrals)
    for sq, tower in state.towers.items():
        if not lay.is_square(sq):
            out.append(f"tower on {sq}, outside the walls")
            continue
        if set(tower) - PIECES:
            out.append(f"tower {sq} holds unknown pieces: {tower!r}")
        if any(is_closing(p) for p in tower[:-1]):
            out.append(f"tower {sq} has a piece above its battlement: {tower!r}")
        if sq in lay.centrals:
            if NEUTRAL_BASE in tower[1:] or NEUTRAL_BATTLEMENT in tower[:-1]:
                out.append(f"central tower {sq} has a neutral piece out of place: {tower!r}")
            continue
        if not 1 <= len(tower) <= limit:
            out.append(f"tower {sq} is {len(tower)} high; the shorter central tower is {limit}")
        if NEUTRAL_BASE in tower or NEUTRAL_BATTLEMENT in tower:
            out.append(f"tower {sq} holds a neutral piece: {tower!r}")
    return out


def _builders(state: State, lay) -> list[str]:
    out = []
    for s, sq in enumerate(state.builders):
        placed = state.phase != "setup" or s < state.setup_seat
        if not placed:
            if sq is not None:
                out.append(f"seat {s}'s builder stands on {sq} before its turn to place it")
        elif sq is None:
            out.append(f"seat {s}'s builder is not on the board")
        elif sq not in state.towers:
            out.append(f"seat {s}'s builder stands on {sq}, which holds no tower")
        elif state.phase == "setup" and sq not in lay.centrals:
            out.append(f"seat {s}'s builder was placed on {sq}, not on a central tower")
    return out


def _turns(state: State, lay, n: int) -> list[str]:
    out = []
    if state.turn > (state.options.max_rounds + 1) * n:
        out.append(f"turn {state.turn} is past the round limit's extra round")
    if (state.triggered_by is None) != (state.end_turn is None):
        out.append(f"end trigger {state.triggered_by} with last turn {state.end_turn}")
    closed = [sq for sq in lay.centrals if state.towers[sq].endswith(NEUTRAL_BATTLEMENT)]
    if state.triggered_by is not None and len(closed) != len(lay.centrals):
        out.append("the end was triggered but the central towers are not all closed")
    if state.triggered_by is None and closed:
        out.append(f"central towers {closed} are closed but the end was not triggered")
    if state.phase == "play" and state.end_turn is not None and state.turn >= state.end_turn:
        out.append(f"turn {state.turn} is playing past the last turn {state.end_turn}")
    if state.phase == "setup" and not 0 <= state.setup_seat < n:
        out.append(f"seat {state.setup_seat} places a builder in a game of {n}")
    return out
