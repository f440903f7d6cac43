"""Step C: which Contract Cards an architect's buildings meet."""

from __future__ import annotations

from dataclasses import dataclass, field

from engines.bella_vista.building import standing
from engines.bella_vista.components import contract_card, setup_for
from engines.bella_vista.geometry import geometry
from engines.bella_vista.state import State


@dataclass
class Tally:
    """What the Contract Cards count among an architect's buildings."""

    on_tile: dict[int, int] = field(default_factory=dict)  # tile -> buildings entirely on it
    spanning: int = 0  # buildings on two tiles or more
    border: int = 0
    river: int = 0
    park: int = 0


def tally(state: State, seat: int) -> Tally:
    t = Tally()
    for b, p in zip(state.buildings, standing(state), strict=True):
        if b.owner != seat:
            continue
        if len(p.tiles) == 1:
            # "built entirely on the Neighborhood Tile": a building spanning two tiles is on neither.
            (tile,) = p.tiles
            t.on_tile[tile] = t.on_tile.get(tile, 0) + 1
        else:
            t.spanning += 1
        t.border += p.border
        t.river += p.river
        t.park += p.park
    return t


def meets(state: State, seat: int, contract_id: int) -> bool:
    return _meets(state, tally(state, seat), contract_id)


def _meets(state: State, t: Tally, contract_id: int) -> bool:
    card = contract_card(contract_id)
    threshold = setup_for(state.seats).contract_threshold
    if card.kind in ("tile", "tiles"):
        tiles = [geometry(state.town).tile_of_code[c] for c in card.neighborhoods]
        if card.kind == "tile":
            return t.on_tile.get(tiles[0], 0) >= threshold
        return all(t.on_tile.get(tile, 0) >= 1 for tile in tiles)
    if card.kind == "spanning":
        return t.spanning >= 2
    if card.kind == "border":
        return t.border >= 4
    if card.kind == "river":
        return t.river >= threshold
    return t.park >= threshold


def met(state: State, seat: int) -> list[int]:
    """Face-up contracts the architect's buildings meet, in row order."""
    t = tally(state, seat)
    return [c for c in state.contract_row if c is not None and _meets(state, t, c)]


def eligible(state: State, seat: int) -> list[int]:
    """Face-up contracts the architect may take now, in row order: none once they took
    one this round ("Each architect may take only one Contract Card per round", which the
    2-architect rules leave unchanged)."""
    if state.architects[seat].contract_round == state.round:
        return []
    return met(state, seat)
