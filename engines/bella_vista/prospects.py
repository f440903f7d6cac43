"""Where each card of a hand could go now: the seat's own hand, and its own cards on the offer
board not built yet, against the public town and the Zoning Card in force (what the seat's hand
image shows). Nothing here is hidden from that seat: its hand and its offers are its own, the
town and the Zoning Card are public."""

from __future__ import annotations

from engines.bella_vista.building import coins_earned, legal_placements, standing
from engines.bella_vista.geometry import Geometry, geometry, shape_of
from engines.bella_vista.state import State, card_roofed, card_value, hand_order
from engines.bella_vista.view import CardView, HandCardView, PlacementView

BEST = 3  # placements shown per card


def hand_places(state: State, seat: int) -> list[HandCardView]:
    """Per card of the seat's hand (in hand order, each card once): see ``places_of``."""
    return places_of(state, hand_order(state.architects[seat].hand))


def offered_places(state: State, seat: int) -> list[HandCardView]:
    """Per card the seat offered this round and has not built yet (in construction order: the
    offer board's spaces, most expensive first, then right of the board): see ``places_of``.
    The Zoning Card in force is the one it will be built under; the town may change first."""
    entries = state.order or [*(e for e in state.spaces if e is not None), *state.last]
    return places_of(state, [e.card for e in entries if e.seat == seat and not e.built])


def places_of(state: State, codes: list[str]) -> list[HandCardView]:
    """Per card (each card once): how many placements it has if it
    were built now, whether the Zoning Card cannot be met (then the border, for no coins), the
    spaces some placement covers, and the best-paying few (most coins, then notation order).
    Coins as ``building.coins_earned`` counts them: 1 per adjacent shorter building, +3 if
    taller than every adjacent one (or alone)."""
    geo = geometry(state.town)
    placed = standing(state)
    shapes: dict[str, tuple[list[int], bool, list[list[int]]]] = {}
    out = []
    for code in dict.fromkeys(codes):
        height = card_value(code)
        shape = shape_of(height)
        if shape not in shapes:  # the placements depend on the footprint only, not the height
            ps, forced = legal_placements(state, height)
            cells = sorted({c for i in ps for c in geo.placements[i].cells})
            shapes[shape] = (ps, forced, [[c % geo.columns, c // geo.columns] for c in cells])
        ps, forced, reach = shapes[shape]
        paid = []
        for i in ps:
            coins = 0 if forced else coins_earned(state, geo.placements[i], height, placed)
            paid.append((coins, geo.placements[i].label, i))
        paid.sort(key=lambda p: (-p[0], p[1]))
        out.append(HandCardView(
            card=CardView(height=height, roofed=card_roofed(code)),
            places=len(ps),
            forced=forced,
            reach=reach,
            best=[_placement(geo, i, coins) for coins, _, i in paid[:BEST]],
        ))
    return out


def _placement(geo: Geometry, index: int, coins: int) -> PlacementView:
    p = geo.placements[index]
    return PlacementView(place=p.label, cells=[[c % geo.columns, c // geo.columns] for c in p.cells], coins=coins)
