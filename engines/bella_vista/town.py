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
from engines.core.grid import has_holes, neighbours
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


def random_layout(rng: Rng) -> LayoutKey:
    """A connected town with no holes inside a 6 x 5 tile box, tiles shuffled."""
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
        if not has_holes(spots):
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
