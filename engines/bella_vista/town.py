"""The town's layout: one of the rulebook's example towns, or a random one drawn from the
game's generator. What a layout means for the rules (spaces, border, placements) is
``geometry.py``.
"""

from __future__ import annotations

from collections.abc import Iterable

from engines.bella_vista.components import LAYOUTS_FILE, cards, components, layouts
from engines.bella_vista.geometry import geometry
from engines.bella_vista.layout_rules import TILE_COUNTS, LayoutKey, parse_layout
from engines.core.data import DataError, data_path
from engines.core.rng import Rng

RANDOM_WIDTH, RANDOM_HEIGHT = 6, 5  # bounding box of a random town, in tiles


def named_layout(name: str) -> LayoutKey:
    return parse_layout(layouts().layouts[name].rows)


def load_data(layout_names: Iterable[str]) -> None:
    """Every Bella Vista data file, then each named town the layout option offers and its
    geometry: all that a first game would load, so a bad file is found at start-up."""
    components()
    cards()
    towns = layouts().layouts
    for name in layout_names:
        if name not in towns:
            raise DataError(f"{data_path(LAYOUTS_FILE)}: key layouts.{name}: missing (the layout option offers it)")
        geometry(named_layout(name))


_WIDE = RANDOM_WIDTH + 2  # the box with a ring of free places around it, as bits (place x, y: bit y * _WIDE + x)
_FULL = (1 << _WIDE * (RANDOM_HEIGHT + 2)) - 1
_LEFT = sum(1 << y * _WIDE for y in range(RANDOM_HEIGHT + 2))  # the first column
_RIGHT = _LEFT << _WIDE - 1


def enclosed(spots: set[tuple[int, int]]) -> bool:
    """``engines.core.grid.has_holes`` for places inside the random town's box: is some
    free place enclosed by the town? Flooded as bit masks (a random town is drawn for
    every game, and tried again while it has a hole)."""
    taken = 0
    for x, y in spots:
        taken |= 1 << (y + 1) * _WIDE + x + 1
    return _encloses(taken)


def _encloses(taken: int) -> bool:
    free = _FULL & ~taken
    reach = 1  # the corner of the ring, always free
    while True:
        grown = (reach | (reach << 1 & ~_LEFT) | (reach >> 1 & ~_RIGHT) | reach << _WIDE | reach >> _WIDE) & free
        if grown == reach:
            return reach != free
        reach = grown


# The places of the box as numbers x * RANDOM_HEIGHT + y: ascending as (x, y) pairs sort.
_XY = tuple((p // RANDOM_HEIGHT, p % RANDOM_HEIGHT) for p in range(RANDOM_WIDTH * RANDOM_HEIGHT))
_NEXT = tuple(tuple(q for q, (qx, qy) in enumerate(_XY) if abs(qx - x) + abs(qy - y) == 1) for x, y in _XY)
_BIT = tuple(1 << (y + 1) * _WIDE + x + 1 for x, y in _XY)  # as ``enclosed`` places it
_READING = tuple(y * RANDOM_WIDTH + x for x, y in _XY)  # row by row


def random_layout(rng: Rng) -> LayoutKey:
    """A connected town with no holes inside a 6 x 5 tile box, tiles shuffled: valid by
    construction (grown place by place, each drawn among the free places next to the town
    in (x, y) order, tried again while ``enclosed``; the tests hold every such town to
    ``check_layout``)."""
    while True:
        spots: set[int] = set()
        frontier: set[int] = set()  # the free places next to the town
        spot = rng.below(RANDOM_WIDTH) * RANDOM_HEIGHT + rng.below(RANDOM_HEIGHT)
        while True:
            spots.add(spot)
            frontier.discard(spot)
            frontier.update(n for n in _NEXT[spot] if n not in spots)
            if len(spots) == 15:
                break
            spot = rng.choice(sorted(frontier))
        if not _encloses(sum(map(_BIT.__getitem__, spots))):
            break
    codes = [code for code, n in TILE_COUNTS.items() for _ in range(n)]
    rng.shuffle(codes)
    places = [_XY[p] for p in sorted(spots, key=_READING.__getitem__)]
    x0 = min(x for x, _ in places)
    y0 = min(y for _, y in places)
    width = max(x for x, _ in places) - x0 + 1
    height = max(y for _, y in places) - y0 + 1
    grid = [["."] * width for _ in range(height)]
    for (x, y), code in zip(places, codes, strict=True):
        grid[y - y0][x - x0] = code
    return tuple(tuple(r) for r in grid)
