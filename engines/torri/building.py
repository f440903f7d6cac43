"""Building: where a piece may go, the height limit set by the central towers, and the
gold a placement earns (new tower +2 from the bank, on another's piece +1 from that
player, on one's own piece or a neutral base +1 from the bank; battlements cost 3)."""

from __future__ import annotations

from engines.torri.board import Layout
from engines.torri.model import (
    BATTLEMENT_PRICE,
    COLOURS,
    NEUTRAL_BASE,
    NEUTRAL_BATTLEMENT,
    TorriState,
    is_closing,
    piece_owner,
)


def central_height(tower: str) -> int:
    """A central tower's height: its base and players' pieces; the neutral battlement
    placed at the end trigger does not count."""
    return len(tower) - (1 if tower.endswith(NEUTRAL_BATTLEMENT) else 0)


def height_limit(state: TorriState, lay: Layout) -> int:
    """The tallest any other tower may be: the shorter central tower."""
    return min(central_height(state.towers[sq]) for sq in lay.centrals)


def build_problem(
    state: TorriState, lay: Layout, seat: int, dest: str, build: str, gold_after_move: int
) -> str | None:
    """Why the seat may not build (build = "build" or "battlement") on dest after
    walking there, as a sentence; None if it may."""
    tower = state.towers.get(dest, "")
    central = lay.centrals.get(dest)
    if build == "battlement" and central:
        return (
            f"{dest} is the {central} tower; a central tower is closed only by its neutral "
            f"battlement at the end of the game, so build a simple piece there instead."
        )
    if tower and is_closing(tower[-1]):
        return f"The tower on {dest} is closed by battlements: you may walk onto it but not build on it."
    others = [s for s in range(state.players) if s != seat and state.builders[s] == dest]
    if others:
        who = " and ".join(COLOURS[s].capitalize() for s in others)
        return (
            f"{who}'s builder stands on {dest}: you may walk there (paying the fee) "
            f"but not build where a builder stands."
        )
    if build == "build" and state.simple_left[seat] == 0:
        return "You have no simple pieces left: walk, or build a battlement piece."
    if build == "battlement":
        if state.battlements_left[seat] == 0:
            return "You have no battlement pieces left: walk, or build a simple piece."
        if gold_after_move < BATTLEMENT_PRICE:
            return (
                f"A battlement piece costs {BATTLEMENT_PRICE} gold and you would have "
                f"{gold_after_move} after this move: build a simple piece or walk instead."
            )
    if not central:
        new_height = len(tower) + 1
        for sq, name in sorted(lay.centrals.items(), key=lambda kv: kv[1]):
            h = central_height(state.towers[sq])
            if new_height > h:
                return (
                    f"{dest} would rise to {new_height}, taller than the {name} tower ({h}); "
                    f"a tower may not rise above either central tower."
                )
    return None


def gain_source(state: TorriState, seat: int, dest: str) -> tuple[str, int | None, int]:
    """What building on dest earns: (reason, payer seat or None for the bank, amount)."""
    tower = state.towers.get(dest, "")
    if not tower:
        return "new tower", None, 2
    top = tower[-1]
    if top == NEUTRAL_BASE:
        return "on the neutral base", None, 1
    owner = piece_owner(top)
    if owner == seat:
        return "on your own piece", None, 1
    return f"on {COLOURS[owner].capitalize()}'s piece", owner, 1


def gain_amount(
    state: TorriState, seat: int, dest: str, bank_after: int, gold: list[int] | None = None
) -> int:
    """The gold actually received: a payer with too little gold (or an empty bank) pays
    what it has. `gold` is every seat's gold at that moment (default: the state's)."""
    _, payer, amount = gain_source(state, seat, dest)
    have = bank_after if payer is None else (state.gold if gold is None else gold)[payer]
    return min(amount, have)
