"""Everything about a town that never changes during a game: its grid of spaces, the
border, and every possible building placement with what the rules ask of it (the tiles
it lies on, the border, the Parks and Rivers next to it).

A random town is new with every game, so this is computed often and fast: the spaces of
the town, of the border and next to a Park or a River are bit masks over the grid, a
footprint's valid positions come from shifting those masks, and a placement's
neighbourhood (the spaces around it, the separate Parks and Rivers it touches) is worked
out only when something asks for it. ``geometry`` is cached per town; tables derived
from it (placements allowed by a Zoning Card, moves) are kept in its ``memo``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import compress

from engines.bella_vista.components import components
from engines.bella_vista.layout_rules import LayoutKey
from engines.core.grid import flood, square_name


@dataclass(frozen=True)
class Tile:
    index: int
    code: str
    tx: int  # tile column
    ty: int  # tile row

    @property
    def kind(self) -> str:
        return {"P": "park", "R": "river"}.get(self.code, "neighborhood")


class _Grid:
    """What a placement needs to work out the rest when asked: the tile of each cell,
    and as bit masks the town's cells and each separate Park's and River's cells."""

    __slots__ = ("columns", "rows", "cell_tile", "masks", "inside", "park_masks", "river_masks")

    def __init__(self, columns: int, rows: int, cell_tile: tuple[int, ...], masks: _Masks, inside: int,
                 park_masks: tuple[int, ...], river_masks: tuple[int, ...]):
        self.columns, self.rows, self.cell_tile = columns, rows, cell_tile
        self.masks, self.inside, self.park_masks, self.river_masks = masks, inside, park_masks, river_masks


class Placement:
    """One way to put a footprint shape on free neighborhood spaces. Made when first asked
    for (``Geometry.placements[i]``); what only some placements need (the tiles, the spaces
    around it, the separate Parks and Rivers it touches) is worked out on first use."""

    __slots__ = ("index", "shape", "cells", "mask", "border", "park", "river", "_grid", "_tiles", "_near")

    index: int
    shape: str
    cells: tuple[int, ...]  # sorted cell numbers (row * columns + col)
    mask: int
    border: bool  # occupies a space on the border of Town
    park: bool  # adjacent to a park
    river: bool  # adjacent to a river
    _grid: _Grid
    _tiles: frozenset[int] | None
    _near: tuple[int, tuple[int, ...], tuple[int, ...]] | None

    def __init__(self, index: int, shape: str, cells: tuple[int, ...], mask: int, border: bool, park: bool,
                 river: bool, grid: _Grid):
        self.index, self.shape, self.cells, self.mask = index, shape, cells, mask
        self.border, self.park, self.river, self._grid = border, park, river, grid
        self._tiles = None
        self._near = None

    @property
    def tiles(self) -> frozenset[int]:
        """The neighborhood tiles it lies on."""
        if self._tiles is None:
            self._tiles = frozenset(map(self._grid.cell_tile.__getitem__, self.cells))
        return self._tiles

    def _neighbourhood(self) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
        if self._near is None:
            g = self._grid
            near = g.masks.next_to(self.mask) & g.inside
            self._near = (near & ~self.mask,  # most placements touch no Park or River: nothing to look for
                          tuple(i for i, m in enumerate(g.park_masks) if near & m) if self.park else (),
                          tuple(i for i, m in enumerate(g.river_masks) if near & m) if self.river else ())
        return self._near

    @property
    def around_mask(self) -> int:
        """The cells orthogonally next to it (not its own), as a bit mask."""
        return self._neighbourhood()[0]

    @property
    def around(self) -> tuple[int, ...]:
        """The cells orthogonally next to it (not its own), sorted."""
        return bits(self._neighbourhood()[0])

    @property
    def parks(self) -> tuple[int, ...]:
        """The separate Parks (park components) it is adjacent to."""
        return self._neighbourhood()[1]

    @property
    def rivers(self) -> tuple[int, ...]:
        """The separate Rivers it is adjacent to."""
        return self._neighbourhood()[2]

    @property
    def names(self) -> tuple[str, ...]:
        """Its spaces as players write them, e.g. ("B3", "C3")."""
        return tuple(map(square_names(self._grid.columns).__getitem__, self.cells))

    @property
    def label(self) -> str:
        """Chat notation, e.g. "B3-C3"."""
        return "-".join(self.names)


@cache
def square_names(columns: int) -> tuple[str, ...]:
    """The chat name of every cell number of a grid this wide (up to 26 rows)."""
    return tuple(square_name(col, row) for row in range(26) for col in range(columns))


def bits(mask: int) -> tuple[int, ...]:
    """The numbers of the set bits of a mask, ascending."""
    return tuple(i for i, b in enumerate(bin(mask)[:1:-1]) if b == "1") if mask else ()


class Placements(Sequence[Placement]):
    """Every placement of a town, by index, kept as runs (one per footprint orientation)
    and, per index, its shape, anchor, offsets and run; ``Placement`` objects, their masks
    and flags are made on demand (a random town is new with every playout)."""

    def __init__(self, grid: _Grid):
        self.grid = grid
        self.shapes: list[str] = []
        self.anchors: list[int] = []  # cell of the top-left corner of the footprint's box
        self.offsets: list[tuple[int, ...]] = []  # the footprint's cells from the anchor
        self.run_of: list[int] = []  # the run of each placement
        # Each footprint orientation's run of placements, for rules read as bit masks of their
        # anchors (``placement_set.py``): (shape, first index, offsets, anchors, and the anchors
        # of those on the border, next to a Park, next to a River). Index = first + the anchor's
        # rank among the run's anchors.
        self.runs: list[tuple[str, int, tuple[int, ...], int, int, int, int]] = []
        self.run_masks: list[int] = []  # each run's footprint at anchor 0, as a mask
        self._masks: list[int] | None = None
        self._made: list[Placement | None] = []

    def __len__(self) -> int:
        return len(self.anchors)

    def mask_of(self, i: int) -> int:
        return self.run_masks[self.run_of[i]] << self.anchors[i]

    @property
    def masks(self) -> list[int]:
        """Every placement's spaces as a mask, by index (made on first use)."""
        if self._masks is None:
            self._masks = list(map(self.mask_of, range(len(self.anchors))))
        return self._masks

    def names_of(self, i: int) -> tuple[str, ...]:
        """``self[i].names`` without making the placement (moves are made for hundreds)."""
        a = self.anchors[i]
        return tuple(map(square_names(self.grid.columns).__getitem__, map(a.__add__, self.offsets[i])))

    def __getitem__(self, i: int) -> Placement:  # type: ignore[override]
        p = self._made[i]
        if p is None:
            a = self.anchors[i]
            _, _, _, _, border, park, river = self.runs[self.run_of[i]]
            p = self._made[i] = Placement(i, self.shapes[i], tuple(map(a.__add__, self.offsets[i])), self.mask_of(i),
                                          border >> a & 1 == 1, park >> a & 1 == 1, river >> a & 1 == 1, self.grid)
        return p


@dataclass(frozen=True)
class Geometry:
    key: LayoutKey
    size: int
    columns: int
    rows: int
    tiles: tuple[Tile, ...]
    cell_tile: tuple[int, ...]  # tile index per cell, -1 outside the town
    border: frozenset[int]
    placements: Placements
    by_shape: dict[str, range]  # shape -> placement indices
    park_groups: tuple[frozenset[int], ...]  # tile indices of each separate Park
    river_groups: tuple[frozenset[int], ...]
    tile_of_code: dict[str, int]  # neighborhood code -> tile index
    tile_masks: tuple[int, ...]  # the cells of each tile, as a mask
    memo: dict = field(default_factory=dict, compare=False, repr=False)  # derived tables (zoning, moves)

    @property
    def by_mask(self) -> dict[int, int]:
        """(shape-independent) mask -> placement index (made on first use)."""
        found = self.memo.get("by_mask")
        if found is None:
            found = self.memo["by_mask"] = {m: i for i, m in enumerate(self.placements.masks)}
        return found

    def index_of(self, cells: tuple[int, ...]) -> int:
        """The index of the placement covering exactly these cells: KeyError if none."""
        known = self.memo.setdefault("by_cells", {})
        found = known.get(cells)
        if found is None:
            found = known[cells] = self.by_mask[sum(1 << c for c in cells)]
        return found

    def placement_of(self, cells: tuple[int, ...]) -> Placement:
        """The placement covering exactly these cells (how a standing building is kept)."""
        return self.placements[self.index_of(cells)]

    def label(self, cell: int) -> str:
        return square_name(cell % self.columns, cell // self.columns)


_last: list = [None, None]  # the last (key, geometry) asked for: a game's states share one town tuple


def geometry(key: LayoutKey) -> Geometry:
    """The geometry of this town (cached per town)."""
    if key is _last[0]:
        return _last[1]
    geo = _geometry(key)
    _last[0], _last[1] = key, geo
    return geo


@cache
def _orientations(cells: tuple[tuple[int, int], ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """All rotations and mirror images of a footprint, normalised, without repeats."""
    out: list[tuple[tuple[int, int], ...]] = []
    shape = list(cells)
    for mirror in (False, True):
        cur = [(-x, y) for x, y in shape] if mirror else shape
        for _ in range(4):
            cur = [(-y, x) for x, y in cur]
            mx = min(x for x, _ in cur)
            my = min(y for _, y in cur)
            norm = tuple(sorted((x - mx, y - my) for x, y in cur))
            if norm not in out:
                out.append(norm)
    return tuple(out)


def _tile_groups(tiles: tuple[Tile, ...], code: str) -> tuple[frozenset[int], ...]:
    pos = {(t.tx, t.ty): t.index for t in tiles if t.code == code}
    groups = []
    left = set(pos)
    while left:
        comp = flood([left.pop()], set(pos))
        left -= comp
        groups.append(frozenset(pos[p] for p in comp))
    return tuple(sorted(groups, key=min))


class _Masks:
    """Sets of spaces of a grid as bit masks (bit ``row * columns + col``), and the shifts
    that find a space's neighbours without wrapping round a row."""

    def __init__(self, columns: int, rows: int):
        self.columns, self.full = columns, (1 << columns * rows) - 1
        row = (1 << columns) - 1
        self.first_col = sum(1 << r * columns for r in range(rows))
        self.last_col = self.first_col << columns - 1
        # spaces from which a footprint ``width`` wide stays inside its row
        self.fits = {w: sum((row >> w - 1) << r * columns for r in range(rows)) for w in range(1, 4)}

    def next_to(self, m: int) -> int:
        """Spaces with an orthogonal neighbour in ``m``."""
        c = self.columns
        return ((m >> 1) & ~self.last_col) | ((m << 1) & ~self.first_col & self.full) | (m >> c) | ((m << c) & self.full)

    def inner(self, m: int) -> int:
        """Spaces of ``m`` whose four neighbours are all in ``m``."""
        c = self.columns
        return m & (m >> 1) & ~self.last_col & (m << 1) & ~self.first_col & (m >> c) & (m << c)


_BIT_BYTES = bytes.maketrans(b"01", b"\x00\x01")


def _bit_bytes(mask: int, size: int) -> bytes:
    """Bit ``i`` of a (non-negative) mask as byte ``i`` (0 or 1), at least ``size`` bytes:
    what ``itertools.compress`` selects with, in C (a random town is made for every game)."""
    return format(mask, f"0{size}b")[::-1].encode().translate(_BIT_BYTES)


def _set_bits(mask: int, size: int = 0) -> list[int]:
    """The numbers of the set bits of a (non-negative) mask, ascending."""
    flags = _bit_bytes(mask, size)
    return list(compress(range(len(flags)), flags))


@lru_cache(maxsize=32)  # a town is 0.2 ms to compute, its tables a few MB once searched
def _geometry(key: LayoutKey) -> Geometry:
    size = components().tile_size
    tiles = tuple(
        Tile(i, code, tx, ty)
        for i, (tx, ty, code) in enumerate((tx, ty, code) for ty, row in enumerate(key)
                                           for tx, code in enumerate(row) if code != ".")
    )
    columns, rows = len(key[0]) * size, len(key) * size
    size_bits = columns * rows
    cell_tile = [-1] * size_bits
    masks = _Masks(columns, rows)
    inside = hood = park = river = 0
    tile_masks = []
    for t in tiles:
        block = 0
        for dy in range(size):
            first = (t.ty * size + dy) * columns + t.tx * size
            cell_tile[first:first + size] = [t.index] * size
            block |= ((1 << size) - 1) << first
        tile_masks.append(block)
        inside |= block
        if t.code == "P":
            park |= block
        elif t.code == "R":
            river |= block
        else:
            hood |= block
    border_mask = inside & ~masks.inner(inside)
    near_park, near_river = masks.next_to(park), masks.next_to(river)
    park_groups = _tile_groups(tiles, "P")
    river_groups = _tile_groups(tiles, "R")
    grid = _Grid(columns, rows, tuple(cell_tile), masks, inside,
                 tuple(sum(tile_masks[t] for t in g) for g in park_groups),
                 tuple(sum(tile_masks[t] for t in g) for g in river_groups))
    placements = Placements(grid)
    by_shape: dict[str, range] = {}
    for fp in components().buildings:
        if fp.shape in by_shape:
            continue
        first = len(placements)
        for form in _orientations(tuple(fp.cells)):
            offsets = tuple(sorted(y * columns + x for x, y in form))  # from the top-left of the form's box
            valid, on_border, by_park, by_river = masks.fits[max(x for x, _ in form) + 1], 0, 0, 0
            for o in offsets:
                valid &= hood >> o
                on_border |= border_mask >> o
                by_park |= near_park >> o
                by_river |= near_river >> o
            anchors = _set_bits(valid, size_bits)  # ascending: row by row, as players read
            placements.run_of += [len(placements.runs)] * len(anchors)
            placements.runs.append((fp.shape, len(placements), offsets, valid, on_border & valid, by_park & valid,
                                    by_river & valid))
            placements.run_masks.append(sum(1 << o for o in offsets))
            placements.anchors += anchors
            placements.offsets += [offsets] * len(anchors)
        placements.shapes += [fp.shape] * (len(placements) - first)
        by_shape[fp.shape] = range(first, len(placements))
    placements._made = [None] * len(placements)
    return Geometry(
        key=key,
        size=size,
        columns=columns,
        rows=rows,
        tiles=tiles,
        cell_tile=grid.cell_tile,
        border=frozenset(_set_bits(border_mask)),
        placements=placements,
        by_shape=by_shape,
        park_groups=park_groups,
        river_groups=river_groups,
        tile_of_code={t.code: t.index for t in tiles if t.kind == "neighborhood"},
        tile_masks=tuple(tile_masks),
    )


@cache
def shape_of(height: int) -> str:
    return components().buildings[height - 1].shape
