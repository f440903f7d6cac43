"""Step C: which Contract Cards an architect's buildings meet."""

from __future__ import annotations

from engines.bella_vista.components import contract_card, setup_for
from engines.bella_vista.state import State
from engines.bella_vista.town import geometry


def meets(state: State, seat: int, contract_id: int) -> bool:
    geo = geometry(state.town)
    card = contract_card(contract_id)
    threshold = setup_for(state.seats).contract_threshold
    own = [geo.placement_of(b.cells) for b in state.buildings if b.owner == seat]
    if card.kind in ("tile", "tiles"):
        # "built entirely on the Neighborhood Tile": a building spanning two tiles is on neither.
        on_tile: dict[int, int] = {}
        for p in own:
            if len(p.tiles) == 1:
                t = next(iter(p.tiles))
                on_tile[t] = on_tile.get(t, 0) + 1
        tiles = [geo.tile_of_code[c] for c in card.neighborhoods]
        if card.kind == "tile":
            return on_tile.get(tiles[0], 0) >= threshold
        return all(on_tile.get(t, 0) >= 1 for t in tiles)
    if card.kind == "spanning":
        return sum(1 for p in own if len(p.tiles) >= 2) >= 2
    if card.kind == "border":
        return sum(1 for p in own if p.border) >= 4
    if card.kind == "river":
        return sum(1 for p in own if p.river) >= threshold
    return sum(1 for p in own if p.park) >= threshold


def eligible(state: State, seat: int) -> list[int]:
    """Face-up contracts the architect may take now, in row order: none once they took
    one this round ("Each architect may take only one Contract Card per round", which the
    2-architect rules leave unchanged)."""
    if state.architects[seat].contract_round == state.round:
        return []
    return [c for c in state.contract_row if c is not None and meets(state, seat, c)]
