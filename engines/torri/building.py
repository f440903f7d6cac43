"""Building: where a piece may go, the height limit set by the central towers, and the
gold a placement earns (new tower +2 from the bank, on another's piece +1 from that
player, on one's own piece or a neutral base +1 from the bank; battlements cost 3)."""

from __future__ import annotations

from typing import Literal

from engines.core.messages import Msg
from engines.torri.board import Layout
from engines.torri.model import (
    BATTLEMENT_PRICE,
    NEUTRAL_BASE,
    NEUTRAL_BATTLEMENT,
    State,
    is_closing,
    piece_owner,
)

Gain = Literal["new_tower", "neutral_base", "own_piece", "other_piece"]  # what a piece is built on


def central_height(tower: str) -> int:
    """A central tower's height: its base and players' pieces; the neutral battlement
    placed at the end trigger does not count."""
    return len(tower) - (1 if tower.endswith(NEUTRAL_BATTLEMENT) else 0)


def height_limit(state: State, lay: Layout) -> int:
    """The tallest any other tower may be: the shorter central tower."""
    towers, limit = state.towers, 1 << 30
    for sq in lay.centrals:  # central_height of each, the lowest
        t = towers[sq]
        height = len(t) - (t[-1] == NEUTRAL_BATTLEMENT)
        if height < limit:
            limit = height
    return limit


def build_problem(
    state: State, lay: Layout, seat: int, dest: str, build: str, gold_after_move: int
) -> Msg | None:
    """Why the seat may not build (build = "build" or "battlement") on dest after
    walking there; None if it may."""
    tower = state.towers.get(dest, "")
    central = lay.centrals.get(dest)
    if build == "battlement" and central:
        return Msg("torri.error.central_battlement", square=dest, tower=central)
    if tower and is_closing(tower[-1]):
        return Msg("torri.error.closed", square=dest)
    others = [s for s in range(state.seats) if s != seat and state.builders[s] == dest]
    if others:
        return Msg("torri.error.builder_there", square=dest, seats=others, count=len(others))
    if build == "build" and state.simple_left[seat] == 0:
        return Msg("torri.error.no_simple_left")
    if build == "battlement":
        if state.battlements_left[seat] == 0:
            return Msg("torri.error.no_battlements_left")
        if gold_after_move < BATTLEMENT_PRICE:
            return Msg("torri.error.battlement_price", price=BATTLEMENT_PRICE, gold=gold_after_move)
    if not central:
        new_height = len(tower) + 1
        for sq, name in sorted(lay.centrals.items(), key=lambda kv: kv[1]):
            h = central_height(state.towers[sq])
            if new_height > h:
                return Msg("torri.error.too_tall", square=dest, height=new_height, tower=name, limit=h)
    return None


def gain_source(state: State, seat: int, dest: str) -> tuple[Gain, int | None, int]:
    """What building on dest earns: (what lies beneath, payer seat or None for the bank, amount)."""
    tower = state.towers.get(dest, "")
    if not tower:
        return "new_tower", None, 2
    top = tower[-1]
    if top == NEUTRAL_BASE:
        return "neutral_base", None, 1
    owner = piece_owner(top)
    if owner == seat:
        return "own_piece", None, 1
    return "other_piece", owner, 1


def gain_amount(
    state: State, seat: int, dest: str, bank_after: int, gold: list[int] | None = None
) -> int:
    """The gold actually received: a payer with too little gold (or an empty bank) pays
    what it has. `gold` is every seat's gold at that moment (default: the state's)."""
    _, payer, amount = gain_source(state, seat, dest)
    have = bank_after if payer is None else (state.gold if gold is None else gold)[payer]
    return min(amount, have)
