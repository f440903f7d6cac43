"""Step A and B of a construction: where a building may go, and the coins it earns.

Placement rule (rulebook "A • Place a Building" and its WARNING): the placements that
respect the Zoning Card; if there are none, the forced placements on the border of
Town; if even those are impossible, any free placement (RULINGS.md); if none at all,
the building is set aside.
"""

from __future__ import annotations

from engines.bella_vista.components import components
from engines.bella_vista.state import Building, State
from engines.bella_vista.town import Placement, border_placements, geometry, shape_of, zoning_ok


def occupied(state: State) -> int:
    geo = geometry(state.town)
    mask = 0
    for b in state.buildings:
        mask |= geo.placement_of(b.cells).mask
    return mask


def cell_owners(state: State) -> dict[int, int]:
    """Cell number -> index of the building standing on it."""
    geo = geometry(state.town)
    out = {}
    for i, b in enumerate(state.buildings):
        for c in geo.placement_of(b.cells).cells:
            out[c] = i
    return out


def legal_placements(state: State, height: int) -> tuple[list[int], bool]:
    """(placement indices, forced). ``forced`` means the Zoning Card cannot be met:
    the building goes on the border (or anywhere free) and earns nothing."""
    geo = geometry(state.town)
    occ = occupied(state)
    shape = shape_of(height)
    ps = geo.placements
    ok = [i for i in zoning_ok(state.town, state.zoning, shape) if not ps[i].mask & occ]
    if ok:
        return ok, False
    ok = [i for i in border_placements(state.town, shape) if not ps[i].mask & occ]
    if ok:
        return ok, True
    return [i for i in geo.by_shape[shape] if not ps[i].mask & occ], True


def adjacent_buildings(state: State, placement: Placement, owners: dict[int, int] | None = None) -> set[int]:
    owners = cell_owners(state) if owners is None else owners
    return {owners[c] for c in placement.around if c in owners}


def coins_earned(state: State, placement: Placement, height: int, owners: dict[int, int] | None = None) -> int:
    """1 coin per adjacent strictly shorter building, +3 if strictly taller than all
    adjacent buildings (or isolated)."""
    heights = [state.buildings[i].height for i in adjacent_buildings(state, placement, owners)]
    shorter = sum(1 for h in heights if h < height)
    return shorter + (3 if shorter == len(heights) else 0)


def building_colour(state: State, seat: int | None, roofed: bool) -> str:
    colours = components().colours
    if seat is None:
        return colours[3]
    if roofed:
        return colours[seat + 2]
    return colours[seat]


def place(state: State, seat: int | None, height: int, roofed: bool, placement: int) -> Building:
    b = Building(
        owner=seat,
        colour=building_colour(state, seat, roofed),
        roofed=roofed,
        height=height,
        cells=geometry(state.town).placements[placement].cells,
    )
    state.buildings.append(b)
    state.last_building = len(state.buildings) - 1
    return b
