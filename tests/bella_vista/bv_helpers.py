"""Helpers that set up Bella Vista situations for the tests (no JSON editing).

Coordinates are the chat names of spaces ("B3" = column B, row 3). The London town
(see data/bella_vista/layouts.toml) with 4 x 4 tiles is:

    cols A-D   E-H   I-L   M-P   Q-T
    rows 1-4:  F     P     Bs    L     P
    rows 5-8:  Ss    R     R     Fs    Ls
    rows 9-12: P     B     P     S     P
"""

from __future__ import annotations

from engines.bella_vista import BellaVista, Options, State
from engines.bella_vista.building import place
from engines.bella_vista.flow import affordable
from engines.bella_vista.layout_rules import LayoutKey, check_layout, parse_layout
from engines.bella_vista.state import OfferEntry
from engines.bella_vista.town import geometry

GAME = BellaVista()

# A town whose Flower tile touches two separate Parks at one corner (E4 touches D4 and E5).
TWO_PARKS_TOWN = [
    "P  F  B  L  S",
    "Fs P  R  R  Bs",
    "Ls Ss P  P  P",
]


def new(seats: int = 4, layout: str = "london", seed: int = 1) -> State:
    return GAME.new_game(seats, Options(layout=layout), seed)


def with_town(state: State, rows: list[str]) -> State:
    key: LayoutKey = parse_layout(rows)
    check_layout(key)
    state.town = key
    state.layout_name = "custom"
    return state


def cell(state: State, name: str) -> int:
    geo = geometry(state.town)
    return (int(name[1:]) - 1) * geo.columns + ord(name[0].upper()) - ord("A")


def placement(state: State, cells: str) -> int:
    geo = geometry(state.town)
    mask = sum(1 << cell(state, c) for c in cells.split("-"))
    return geo.by_mask[mask]


def put(state: State, owner: int | None, height: int, cells: str, roofed: bool = False) -> int:
    """Stand a building on the named spaces (its footprint must match its height)."""
    from engines.bella_vista.town import shape_of

    idx = placement(state, cells)
    assert geometry(state.town).placements[idx].shape == shape_of(height), (height, cells)
    place(state, owner, height, roofed, idx)
    return len(state.buildings) - 1


def fill_tile(state: State, code: str, owner: int | None = None, height: int = 5) -> None:
    """Cover a whole neighborhood tile with two-space buildings."""
    geo = geometry(state.town)
    t = geo.tiles[geo.tile_of_code[code]]
    for dy in range(geo.size):
        for dx in range(0, geo.size, 2):
            x, y = t.tx * geo.size + dx, t.ty * geo.size + dy
            a = f"{chr(65 + x)}{y + 1}"
            b = f"{chr(66 + x)}{y + 1}"
            put(state, owner, height, f"{a}-{b}")


def construct(state: State, entries: list[tuple[int, str]], zoning: str | None = None) -> State:
    """Jump to a Construction Phase with these (seat, card) entries in building order."""
    costs = [7, 5, 3, 1, 0] if state.seats != 3 else [6, 4, 2, 0]
    state.order = [OfferEntry(seat=s, card=c, cost=costs[i]) for i, (s, c) in enumerate(entries)]
    state.spaces = [None] * len(costs)
    state.offer_turn = len(state.bottom)
    state.build_pos = 0
    state.phase = "construction"
    if zoning is not None:
        state.zoning = zoning
    return state


def act(state: State, seat: int, text: str):
    """Parse and apply chat text; returns (new state, events)."""
    return GAME.apply(state, seat, GAME.parse_action(state, seat, text))


def offer_any(state: State):
    """Let the architect due to offer pay the first affordable space with their first card."""
    seat = next(iter(GAME.to_act(state)))
    costs = affordable(state, seat)
    card = state.architects[seat].hand[0]
    where = str(costs[0]) if costs else "last"
    return act(state, seat, f"offer {where} #{card}")
