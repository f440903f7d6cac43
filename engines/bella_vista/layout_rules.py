"""What makes a valid town: the 15 tiles, all connected, no empty space inside.

Pure functions with no data dependency, so the data loader can validate layouts too.
The messages are for whoever writes a layout file (start-up errors), not for players.
"""

from __future__ import annotations

from engines.core.grid import connected, has_holes

NEIGHBORHOOD_CODES = ("F", "Fs", "B", "Bs", "L", "Ls", "S", "Ss")
TILE_COUNTS = {"P": 5, "R": 2} | {code: 1 for code in NEIGHBORHOOD_CODES}

LayoutKey = tuple[tuple[str, ...], ...]


def parse_layout(rows: list[str]) -> LayoutKey:
    grid = [tuple(row.split()) for row in rows]
    width = max(len(r) for r in grid)
    return tuple(r + (".",) * (width - len(r)) for r in grid)


def check_layout(key: LayoutKey) -> None:
    """Raise ValueError unless the town has the 15 tiles, connected, with no holes."""
    counts: dict[str, int] = {}
    spots = set()
    for ty, row in enumerate(key):
        for tx, code in enumerate(row):
            if code != ".":
                counts[code] = counts.get(code, 0) + 1
                spots.add((tx, ty))
    if counts != TILE_COUNTS:
        raise ValueError(f"a town needs 8 neighborhoods, 5 parks and 2 rivers, not {counts}")
    if not connected(spots):
        raise ValueError("the tiles of a town must all be connected")
    if has_holes(spots):
        raise ValueError("a town may not have empty spaces inside it")
