"""Step A and B of a construction: where a building may go, and the coins it earns.

Placement rule (rulebook "A • Place a Building" and its WARNING): the placements that
respect the Zoning Card; if there are none, the forced placements on the border of
Town; if even those are impossible, any free placement (RULINGS.md); if none at all,
the building is set aside.
"""

from __future__ import annotations

from engines.bella_vista.components import components
from engines.bella_vista.geometry import Placement, geometry, shape_of
from engines.bella_vista.placement_set import PlacementSet, legal_set
from engines.bella_vista.state import Building, State, trusted


def standing(state: State) -> list[Placement]:
    """The placement of every standing building, in building order (do not change the
    list: the last answer is kept while the state's building list stays the same)."""
    return _standing(state)[0]


def occupied(state: State) -> int:
    """Every space a standing building covers, as a mask (kept with ``standing``)."""
    return _standing(state)[1]


def _standing(state: State) -> tuple[list[Placement], int]:
    """``standing`` and ``occupied``, kept for the last building list asked about: the same
    list with the same last building gives the same answer, and the same list with one
    building more (a game or a search playing on in place) adds that one."""
    geo = geometry(state.town)
    built = state.buildings
    n = len(built)
    last = geo.memo.get("standing")
    if last is not None and last[0] is built:
        if last[1] == n and (not n or last[2] is built[-1]):
            return last[3], last[4]
        if last[1] == n - 1 and (n == 1 or last[2] is built[-2]):
            p = _placement_of(geo, built[-1].cells)
            out, occ = [*last[3], p], last[4] | p.mask
            geo.memo["standing"] = (built, n, built[-1], out, occ)
            return out, occ
    out = [_placement_of(geo, b.cells) for b in built]
    occ = 0
    for p in out:
        occ |= p.mask
    geo.memo["standing"] = (built, n, built[-1] if built else None, out, occ)
    return out, occ


def _placement_of(geo, cells: tuple[int, ...]) -> Placement:
    known = geo.memo.get("placed")
    if known is None:
        known = geo.memo["placed"] = {}
    p = known.get(cells)
    if p is None:
        p = known[cells] = geo.placement_of(cells)
    return p


_LEGAL_MEMO = 1024  # legal placements remembered per town (search revisits positions; ~2 MB at most)


def legal_placements(state: State, height: int) -> tuple[list[int], bool]:
    """(placement indices, forced). ``forced`` means the Zoning Card cannot be met:
    the building goes on the border (or anywhere free) and earns nothing."""
    found, forced = placeable(state, height)
    return list(found), forced


def placeable(state: State, height: int) -> tuple[PlacementSet, bool]:
    """``legal_placements`` as kept for the town (the same set for the same position): a
    ``PlacementSet`` (a sequence of indices, ascending) and ``forced``."""
    geo = geometry(state.town)
    occ = occupied(state)
    shape = shape_of(height)
    memo = geo.memo.setdefault("legal", {})
    key = (state.zoning, shape, occ)
    found = memo.get(key)
    if found is None:
        found = legal_set(geo, state.zoning, shape, occ)
        if len(memo) >= _LEGAL_MEMO:
            memo.clear()
        memo[key] = found
    return found


def adjacent_buildings(state: State, placement: Placement, placed: list[Placement] | None = None) -> list[int]:
    """Indices of the standing buildings next to this placement (``placed``: ``standing(state)``)."""
    around = placement.around_mask
    if not around & occupied(state):  # nothing standing next to it (the list would find nothing)
        return []
    return [i for i, p in enumerate(standing(state) if placed is None else placed) if p.mask & around]


def coins_earned(state: State, placement: Placement, height: int, placed: list[Placement] | None = None) -> int:
    """1 coin per adjacent strictly shorter building, +3 if strictly taller than all
    adjacent buildings (or isolated)."""
    heights = [state.buildings[i].height for i in adjacent_buildings(state, placement, placed)]
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
    geo = geometry(state.town)
    p = geo.placements[placement]
    cells = p.cells
    geo.memo.setdefault("placed", {})[cells] = p
    b = trusted(Building, owner=seat, colour=building_colour(state, seat, roofed), roofed=roofed, height=height,
                cells=cells)  # made from the town's own placement
    state.buildings.append(b)
    state.last_building = len(state.buildings) - 1
    return b
