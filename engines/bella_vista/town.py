"""The town: tiles laid out in a grid of spaces, and everything about it that never
changes during a game (border, adjacency, every possible building placement).

All of it is computed once per layout (``geometry`` is cached on the hashable layout
key), so legal moves are a filter over precomputed placements with bit masks.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache

from engines.bella_vista.components import LAYOUTS_FILE, cards, components, layouts
from engines.bella_vista.layout_rules import TILE_COUNTS, LayoutKey, parse_layout
from engines.core.data import DataError, data_path
from engines.core.grid import flood, has_holes, neighbours, square_name
from engines.core.rng import Rng

RANDOM_WIDTH, RANDOM_HEIGHT = 6, 5  # bounding box of a random town, in tiles


@dataclass(frozen=True)
class Tile:
    index: int
    code: str
    tx: int  # tile column
    ty: int  # tile row

    @property
    def kind(self) -> str:
        return {"P": "park", "R": "river"}.get(self.code, "neighborhood")


@dataclass(frozen=True)
class Placement:
    """One way to put a footprint shape on free neighborhood spaces."""

    index: int
    shape: str
    cells: tuple[int, ...]  # sorted cell numbers (row * columns + col)
    mask: int
    tiles: frozenset[int]  # neighborhood tiles it lies on
    border: bool  # occupies a space on the border of Town
    park: bool  # adjacent to a park
    river: bool  # adjacent to a river
    parks: tuple[int, ...]  # the separate Parks (park components) it is adjacent to
    rivers: tuple[int, ...]  # the separate Rivers it is adjacent to
    around: tuple[int, ...]  # cells orthogonally next to it (not its own)
    label: str  # chat notation, e.g. "B3-C3"


@dataclass(frozen=True)
class Geometry:
    key: LayoutKey
    size: int
    columns: int
    rows: int
    tiles: tuple[Tile, ...]
    cell_tile: tuple[int, ...]  # tile index per cell, -1 outside the town
    border: frozenset[int]
    placements: tuple[Placement, ...]
    by_shape: dict[str, tuple[int, ...]]  # shape -> placement indices
    by_mask: dict[int, int]  # (shape-independent) mask -> placement index
    park_groups: tuple[frozenset[int], ...]  # tile indices of each separate Park
    river_groups: tuple[frozenset[int], ...]
    tile_of_code: dict[str, int]  # neighborhood code -> tile index

    def placement_of(self, cells: tuple[int, ...]) -> Placement:
        """The placement covering exactly these cells (how a standing building is kept)."""
        return self.placements[self.by_mask[sum(1 << c for c in cells)]]

    def label(self, cell: int) -> str:
        return square_name(cell % self.columns, cell // self.columns)


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
        spots = {(rng.below(RANDOM_WIDTH), rng.below(RANDOM_HEIGHT))}
        while len(spots) < 15:
            frontier = sorted(
                {
                    n
                    for spot in spots
                    for n in neighbours(spot)
                    if 0 <= n[0] < RANDOM_WIDTH and 0 <= n[1] < RANDOM_HEIGHT and n not in spots
                }
            )
            spots.add(rng.choice(frontier))
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


def _orientations(cells: list[tuple[int, int]]) -> list[tuple[tuple[int, int], ...]]:
    """All rotations and mirror images of a footprint, normalised, without repeats."""
    out = []
    shape = [tuple(c) for c in cells]
    for mirror in (False, True):
        cur = [(-x, y) for x, y in shape] if mirror else shape
        for _ in range(4):
            cur = [(-y, x) for x, y in cur]
            mx = min(x for x, _ in cur)
            my = min(y for _, y in cur)
            norm = tuple(sorted((x - mx, y - my) for x, y in cur))
            if norm not in out:
                out.append(norm)
    return out


def _tile_groups(tiles: tuple[Tile, ...], code: str) -> tuple[frozenset[int], ...]:
    pos = {(t.tx, t.ty): t.index for t in tiles if t.code == code}
    groups = []
    left = set(pos)
    while left:
        comp = flood([left.pop()], set(pos))
        left -= comp
        groups.append(frozenset(pos[p] for p in comp))
    return tuple(sorted(groups, key=min))


@lru_cache(maxsize=128)
def geometry(key: LayoutKey) -> Geometry:
    size = components().tile_size
    tiles = tuple(
        Tile(index=0, code=code, tx=tx, ty=ty)
        for ty, row in enumerate(key)
        for tx, code in enumerate(row)
        if code != "."
    )
    tiles = tuple(Tile(i, t.code, t.tx, t.ty) for i, t in enumerate(tiles))
    columns = len(key[0]) * size
    rows = len(key) * size
    cell_tile = [-1] * (columns * rows)
    for t in tiles:
        for dy in range(size):
            for dx in range(size):
                cell_tile[(t.ty * size + dy) * columns + t.tx * size + dx] = t.index

    def neighbours(cell: int) -> list[int | None]:
        col, row = cell % columns, cell // columns
        out: list[int | None] = []
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            c, r = col + dc, row + dr
            inside = 0 <= c < columns and 0 <= r < rows and cell_tile[r * columns + c] >= 0
            out.append(r * columns + c if inside else None)
        return out

    nbrs = [neighbours(c) for c in range(columns * rows)]
    inside_nbrs = [[n for n in ns if n is not None] for ns in nbrs]
    border = frozenset(c for c in range(columns * rows) if cell_tile[c] >= 0 and None in nbrs[c])
    park_groups = _tile_groups(tiles, "P")
    river_groups = _tile_groups(tiles, "R")
    group_of = {t: i for i, g in enumerate(park_groups) for t in g}
    rgroup_of = {t: i for i, g in enumerate(river_groups) for t in g}
    placements: list[Placement] = []
    by_shape: dict[str, list[int]] = {}
    by_mask: dict[int, int] = {}
    for fp in components().buildings:
        if fp.shape in by_shape:
            continue
        by_shape[fp.shape] = []
        for form in _orientations(fp.cells):
            for row in range(rows):
                for col in range(columns):
                    cells = []
                    for dx, dy in form:
                        c, r = col + dx, row + dy
                        if not (c < columns and r < rows):
                            break
                        cell = r * columns + c
                        if cell_tile[cell] < 0 or tiles[cell_tile[cell]].kind != "neighborhood":
                            break
                        cells.append(cell)
                    else:
                        cells.sort()
                        mask = sum(1 << c for c in cells)
                        around = sorted(
                            {n for c in cells for n in inside_nbrs[c]} - set(cells)
                        )
                        near = {cell_tile[n] for n in around}
                        parks = tuple(sorted({group_of[t] for t in near if t in group_of}))
                        rivers = tuple(sorted({rgroup_of[t] for t in near if t in rgroup_of}))
                        p = Placement(
                            index=len(placements),
                            shape=fp.shape,
                            cells=tuple(cells),
                            mask=mask,
                            tiles=frozenset(cell_tile[c] for c in cells),
                            border=any(c in border for c in cells),
                            park=bool(parks),
                            river=bool(rivers),
                            parks=parks,
                            rivers=rivers,
                            around=tuple(around),
                            label="-".join(square_name(c % columns, c // columns) for c in cells),
                        )
                        by_mask[mask] = p.index
                        by_shape[fp.shape].append(p.index)
                        placements.append(p)
    return Geometry(
        key=key,
        size=size,
        columns=columns,
        rows=rows,
        tiles=tiles,
        cell_tile=tuple(cell_tile),
        border=border,
        placements=tuple(placements),
        by_shape={k: tuple(v) for k, v in by_shape.items()},
        by_mask=by_mask,
        park_groups=park_groups,
        river_groups=river_groups,
        tile_of_code={t.code: t.index for t in tiles if t.kind == "neighborhood"},
    )


@cache
def shape_of(height: int) -> str:
    return components().buildings[height - 1].shape


@lru_cache(maxsize=2048)
def zoning_ok(key: LayoutKey, zoning_id: str, shape: str) -> tuple[int, ...]:
    """Placements of this shape that respect the zoning card (occupancy not checked)."""
    from engines.bella_vista.components import zoning_card

    geo = geometry(key)
    card = zoning_card(zoning_id)
    allowed = {geo.tile_of_code[c] for c in card.neighborhoods}
    out = []
    for i in geo.by_shape[shape]:
        p = geo.placements[i]
        ok = {
            "subsidized": p.tiles <= allowed,
            "community_parks": p.park,
            "no_parks": not p.park,
            "no_rivers": not p.river,
            "no_borders": not p.border,
        }[card.kind]
        if ok:
            out.append(i)
    return tuple(out)


@lru_cache(maxsize=512)
def border_placements(key: LayoutKey, shape: str) -> tuple[int, ...]:
    geo = geometry(key)
    return tuple(i for i in geo.by_shape[shape] if geo.placements[i].border)
