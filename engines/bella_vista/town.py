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
from engines.core.grid import neighbours
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
    free = _FULL & ~taken
    reach = 1  # the corner of the ring, always free
    while True:
        grown = (reach | (reach << 1 & ~_LEFT) | (reach >> 1 & ~_RIGHT) | reach << _WIDE | reach >> _WIDE) & free
        if grown == reach:
            return reach != free
        reach = grown


def random_layout(rng: Rng) -> LayoutKey:
    """A connected town with no holes inside a 6 x 5 tile box, tiles shuffled: valid by
    construction (grown place by place, tried again while ``enclosed``; the tests hold
    every such town to ``check_layout``)."""
    while True:
        spots: set[tuple[int, int]] = set()
        frontier = {(rng.below(RANDOM_WIDTH), rng.below(RANDOM_HEIGHT))}  # the free places next to the town
        spot = frontier.pop()
        while True:
            spots.add(spot)
            frontier.discard(spot)
            frontier.update(n for n in neighbours(spot)
                            if 0 <= n[0] < RANDOM_WIDTH and 0 <= n[1] < RANDOM_HEIGHT and n not in spots)
            if len(spots) == 15:
                break
            spot = rng.choice(sorted(frontier))
        if not enclosed(spots):
            break
    codes = [code for code, n in TILE_COUNTS.items() for _ in range(n)]
    rng.shuffle(codes)
    x0 = min(x for x, _ in spots)
    y0 = min(y for _, y in spots)
    width = max(x for x, _ in spots) - x0 + 1
    height = max(y for _, y in spots) - y0 + 1
    grid = [["."] * width for _ in range(height)]
    for (x, y), code in zip(sorted(spots, key=lambda p: (p[1], p[0])), codes, strict=True):
        grid[y - y0][x - x0] = code
    return tuple(tuple(r) for r in grid)
