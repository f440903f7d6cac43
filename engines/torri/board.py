"""The play area: the city walls as a grid of squares, loaded from data/torri/shapes.toml.

A square is named by its column letter and row number ("E5", row 1 at the top; see
``engines.core.grid``). Two squares are adjacent when they share a side (orthogonal moves
only).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from pydantic import BaseModel, field_validator, model_validator

from engines.core.data import load
from engines.core.grid import connected, has_holes, neighbours, square_name

SHAPES_FILE = "torri/shapes.toml"
INSIDE = ".AG"
ASINELLI = "Asinelli"
GARISENDA = "Garisenda"


class ShapeSpec(BaseModel):
    description: str
    map: str

    @field_validator("map")
    @classmethod
    def _check_map(cls, text: str) -> str:
        rows = [r for r in text.strip("\n").split("\n")]
        if not rows or any(len(r) != len(rows[0]) for r in rows):
            raise ValueError("every row of the map must have the same length")
        if len(rows[0]) > 26 or len(rows) > 26:
            raise ValueError("a map has at most 26 columns and 26 rows")
        bad = {c for r in rows for c in r} - set("#.AG")
        if bad:
            raise ValueError(f"unknown map characters {sorted(bad)}; use # . A G")
        flat = "".join(rows)
        if flat.count("A") != 1 or flat.count("G") > 1:
            raise ValueError("a map needs exactly one A (Asinelli) and at most one G (Garisenda)")
        _check_geometry(rows)
        return "\n".join(rows)


def _check_geometry(rows: list[str]) -> None:
    h, w = len(rows), len(rows[0])
    cells = {(c, r) for r in range(h) for c in range(w) if rows[r][c] in INSIDE}
    if not connected(cells):
        raise ValueError("the squares inside the walls must form one connected area")
    # no bottleneck narrower than two squares
    for c, r in sorted(cells, key=lambda p: (p[1], p[0])):
        if not any(
            all((c + dc + x, r + dr + y) in cells for x in (0, 1) for y in (0, 1))
            for dc in (-1, 0)
            for dr in (-1, 0)
        ):
            raise ValueError(f"square {square_name(c, r)} lies in a bottleneck narrower than two squares")
    # the wall never loops over itself: every square outside reaches the open
    if has_holes(cells):
        raise ValueError("the wall loops over itself: there is a hole inside the area")
    # central towers: all four neighbours inside, at least one free square between them
    centrals = sorted((p for p in cells if rows[p[1]][p[0]] in "AG"), key=lambda p: (p[1], p[0]))
    for c, r in centrals:
        if not all(n in cells for n in neighbours((c, r))):
            raise ValueError(f"the central tower at {square_name(c, r)} must have squares on all four sides")
    if len(centrals) == 2:
        (c1, r1), (c2, r2) = centrals
        if abs(c1 - c2) + abs(r1 - r2) < 2:
            raise ValueError("the two central towers need at least one square between them")


class ShapesFile(BaseModel):
    defaults: dict[str, str]
    shapes: dict[str, ShapeSpec]

    @model_validator(mode="after")
    def _defaults_exist(self) -> ShapesFile:
        for players in ("2", "3", "4"):
            name = self.defaults.get(players)
            if name not in self.shapes:
                raise ValueError(f"defaults.{players} must name a shape, not {name!r}")
            if players != "2" and "G" not in self.shapes[name].map:
                raise ValueError(f"defaults.{players}: shape {name!r} has no Garisenda (G)")
        return self


def shapes() -> ShapesFile:
    return load(SHAPES_FILE, ShapesFile)


@dataclass(frozen=True)
class Layout:
    """The geometry of one shape for one player count (cached)."""

    name: str
    width: int
    height: int
    squares: tuple[str, ...]  # every square inside the walls, row by row
    coords: dict[str, tuple[int, int]] = field(hash=False, compare=False)
    neighbours: dict[str, tuple[str, ...]] = field(hash=False, compare=False)
    centrals: dict[str, str] = field(hash=False, compare=False)  # square -> tower name
    index: dict[str, int] = field(hash=False, compare=False)  # square -> its place in ``squares`` (row by row)

    def central_square(self, tower: str) -> str:
        return next(sq for sq, name in self.centrals.items() if name == tower)

    def is_square(self, name: str) -> bool:
        return name in self.coords


@cache
def layout(name: str, seats: int) -> Layout:
    spec = shapes().shapes[name]
    rows = spec.map.split("\n")
    h, w = len(rows), len(rows[0])
    coords: dict[str, tuple[int, int]] = {}
    centrals: dict[str, str] = {}
    for r in range(h):
        for c in range(w):
            ch = rows[r][c]
            if ch in INSIDE:
                sq = square_name(c, r)
                coords[sq] = (c, r)
                if ch == "A":
                    centrals[sq] = ASINELLI
                elif ch == "G" and seats > 2:
                    centrals[sq] = GARISENDA
    by_xy = {xy: sq for sq, xy in coords.items()}
    neighbours = {}
    for sq, (c, r) in coords.items():
        near = [(c, r - 1), (c - 1, r), (c + 1, r), (c, r + 1)]
        neighbours[sq] = tuple(by_xy[xy] for xy in near if xy in by_xy)
    return Layout(
        name=name,
        width=w,
        height=h,
        squares=tuple(coords),
        coords=coords,
        neighbours=neighbours,
        centrals=centrals,
        index={sq: i for i, sq in enumerate(coords)},
    )


def load_data(player_counts: range) -> None:
    """The shapes file (validated as it loads) and every shape's geometry for each player count."""
    for name in shape_names():
        for seats in player_counts:
            layout(name, seats)


def default_shape(seats: int) -> str:
    return shapes().defaults[str(seats)]


def shape_names() -> list[str]:
    return sorted(shapes().shapes)
