"""Le Torri di Bologna: the walled board, drawn from a view.

The squares sit on a grid under column letters and row numbers, the walls a thick brick line
around them. In each square the tower stands on the left, seen from the side (one slab per
level with its owner's shape, the top one framed heavier: it is the one that owns the tower;
a tower too tall for its square shows its top levels over a white tag with its height), and
the builders standing there on the right, so a pawn never hides a level's shape; a tower no
builder shares takes most of its square's width, and so does one whose lone builder can stand in
its top right corner clear of its top; else a lone builder stands there over the tower, which keeps
as much width as leaves its owners' shapes clear of the pawn (a closed tower's merlons on the part
the pawn leaves free). The last move's route
is a thin line from the edge of the square it left, through the centres of those it crossed, to
the edge of the square it reached, under the pieces: a dark tab in each corner of the first, a
broad dark frame round the last.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from engines.torri.board import Layout, layout
from engines.torri.model import TowerView, View
from render.canvas import RGB, Canvas
from render.palette import INK, player_colour
from render.torri.pieces import (
    FLOOR,
    GRID,
    MARK,
    MERLON,
    NEUTRAL,
    OUTSIDE,
    ROUTE,
    SLAB,
    SMALL,
    TRAIL,
    WALL,
    WHITE,
    arrowhead,
    height_tag,
    pawn,
    pawn_height,
    slab,
)
from render.torri.stamps import measure, write

WIDTH = 1100  # the whole image; every size below is chosen for it (550 px inline = half)
BOARD_W = 716  # the board's part of the width; the panel has the rest
LABEL = 30  # the band of column letters above and of row numbers on the left
PAD = 12
MAX_CELL = 96
MAX_BOARD_H = 720
FLOOR_MARGIN = 4  # between a square's edge and what stands in it
PLINTH = 22  # the room at a tall tower's foot for the tag with its height (two levels over it at 96 px)
WALL_CLEAR = 6  # how much further from a wall than from a grid line a builder stands (the wall is 7 px)
BESIDE_GAP = 3  # more between a tower (and its tag) and the builders' column than a pawn's white ring


@dataclass(frozen=True)
class Frame:
    """Where the board's squares are drawn for one wall shape."""

    lay: Layout
    cell: int
    ox: int  # the left edge of column A
    oy: int  # the top edge of row 1
    height: int  # the image's height

    def box(self, square: str) -> tuple[int, int, int, int]:
        c, r = self.lay.coords[square]
        x, y = self.ox + c * self.cell, self.oy + r * self.cell
        return x, y, x + self.cell, y + self.cell

    def walls(self, square: str) -> tuple[int, int, int, int]:
        """How far in from its left, top, right and bottom edges a builder keeps on this square:
        clear of the wall where one runs along that edge."""
        c, r = self.lay.coords[square]
        inside = set(self.lay.coords.values())
        return (WALL_CLEAR * ((c - 1, r) not in inside), WALL_CLEAR * ((c, r - 1) not in inside),
                WALL_CLEAR * ((c + 1, r) not in inside), WALL_CLEAR * ((c, r + 1) not in inside))

    def centre(self, square: str) -> tuple[float, float]:
        x0, y0, x1, y1 = self.box(square)
        return (x0 + x1) / 2, (y0 + y1) / 2

    @property
    def pawn_w(self) -> int:
        return 32 if self.cell < 90 else 36

    @property
    def stack_w(self) -> int:
        """A tower's width: what the square leaves beside one column of pawns."""
        return self.cell - self.pawn_w - 3 * FLOOR_MARGIN - BESIDE_GAP

    @property
    def alone_w(self) -> int:
        """A tower's width on a square no builder stands on: most of the square, so its
        levels and their owners' shapes read at a glance (at four seats a square is 37 px
        once the image is shown 550 px wide)."""
        return max(self.stack_w, self.cell - 2 * FLOOR_MARGIN - 12)

    def corner_w(self, right: int) -> int:
        """A tower's width under a lone builder in its square's top right corner (``right``: the
        wall's room there): the whole of ``alone_w`` where the pawn's white ring clears the owner's
        shape on a level (96 px squares), else as wide as it still does (74 px ones)."""
        return int(min(self.alone_w, 2 * (self.ring_left(right) + 1 - FLOOR_MARGIN) - MARK))

    def ring_left(self, right: int) -> int:
        """How far from its square's left edge the white ring of a pawn in its right column begins
        (``right``: the wall's room there); a level's shape may touch it, never a merlon."""
        return self.cell - FLOOR_MARGIN - right - self.pawn_w - 3

    @property
    def levels(self) -> int:
        """How many levels a square shows (a taller tower shows its top ones over a tag
        with its height)."""
        return (self.cell - 2 * FLOOR_MARGIN - MERLON) // SLAB


def board_height(shape: str, seats: int) -> int:
    """How tall the board itself is drawn (the image may be taller for the panel)."""
    lay = layout(shape, seats)
    return LABEL + cell_size(lay) * lay.height + PAD


def cell_size(lay: Layout) -> int:
    return min(MAX_CELL, (BOARD_W - LABEL - PAD) // lay.width, (MAX_BOARD_H - LABEL - PAD) // lay.height)


@cache
def frame(shape: str, seats: int, image_height: int) -> Frame:
    """The board's squares in an image of that height (the board at its top, the key under it)."""
    lay = layout(shape, seats)
    cell = cell_size(lay)
    ox = LABEL + (BOARD_W - LABEL - PAD - cell * lay.width) // 2
    oy = LABEL
    return Frame(lay, cell, ox, oy, image_height)


def draw_ground(canvas: Canvas, fr: Frame) -> None:
    """The static part: the area outside, the squares, the walls and the coordinates."""
    d = canvas.draw
    d.rectangle((0, 0, BOARD_W, canvas.height), fill=OUTSIDE)
    inside = set(fr.lay.coords.values())
    for sq in fr.lay.squares:
        x0, y0, x1, y1 = fr.box(sq)
        d.rectangle((x0, y0, x1, y1), fill=FLOOR, outline=GRID, width=1)
        if sq in fr.lay.centrals:  # the central squares: a stone frame
            d.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), outline=NEUTRAL, width=5)
    for c, r in inside:
        x0, y0 = fr.ox + c * fr.cell, fr.oy + r * fr.cell
        x1, y1 = x0 + fr.cell, y0 + fr.cell
        for (nc, nr), line in (((c, r - 1), (x0 - 3, y0, x1 + 3, y0)), ((c, r + 1), (x0 - 3, y1, x1 + 3, y1)),
                               ((c - 1, r), (x0, y0 - 3, x0, y1 + 3)), ((c + 1, r), (x1, y0 - 3, x1, y1 + 3))):
            if (nc, nr) not in inside:
                d.line(line, fill=WALL, width=7)
    for c in range(fr.lay.width):
        write(canvas, (fr.ox + (c + 0.5) * fr.cell, fr.oy - LABEL / 2 + 1), chr(ord("A") + c), SMALL, INK, anchor="mm",
                    bold=True)
    for r in range(fr.lay.height):
        write(canvas, (fr.ox - LABEL / 2 - 2, fr.oy + (r + 0.5) * fr.cell), str(r + 1), SMALL, INK, anchor="mm",
                    bold=True)


def piece_colour(owner: int | None) -> RGB:
    return NEUTRAL if owner is None else player_colour(owner)


def corner_room(fr: Frame, square: str, tower: TowerView) -> int:
    """How wide this tower is drawn at the left of its square with a lone builder in the top
    right corner, or 0 where the builder stands beside it: its whole width where the pawn clears
    its top (its merlons too), else ``corner_w`` where the pawn clears the owner's shape on its
    levels and that is wider than beside a column (a closed tower's merlons then stand clear of the
    pawn, on the left of its top: a pawn never hides them)."""
    left, above, right, _ = fr.walls(square)
    closed = tower.pieces[-1].battlement
    top = fr.cell - FLOOR_MARGIN - 1 - len(tower.pieces) * SLAB - (MERLON if closed else 0)
    if len(tower.pieces) <= fr.levels and FLOOR_MARGIN + above + pawn_height(fr.pawn_w) + 3 <= top:
        return fr.alone_w
    return fr.corner_w(right) if fr.corner_w(right) > fr.stack_w - right else 0


def draw_tower(canvas: Canvas, fr: Frame, square: str, tower: TowerView, place: str, corner: int = 0) -> None:
    """A tower from the side, standing on the square's floor: in the middle of its square
    (``"alone"``), at its left ``corner`` px wide when a builder stands in the corner above
    (``"corner"``), or narrower at its left beside a column of builders (``"beside"``), kept
    clear of their column where a wall along the square moves it in."""
    x0, y0, x1, y1 = fr.box(square)
    _, above, right, _ = fr.walls(square)
    under = y0 + FLOOR_MARGIN + above + pawn_height(fr.pawn_w) + 3  # a pawn in the corner and its ring end
    w = fr.stack_w - right if place == "beside" else corner if place == "corner" else fr.alone_w
    x = (x0 + x1 - w) / 2 if place == "alone" else x0 + FLOOR_MARGIN
    bottom = y1 - FLOOR_MARGIN - 1
    pieces = tower.pieces
    y = bottom
    shown = pieces
    if len(pieces) > fr.levels:  # too tall for the square: its height on a tag at its foot, its top levels
        y -= PLINTH
        half = min(w / 2, (measure(str(len(pieces)), SMALL, True) + 16) / 2)  # a label, never wider than a level
        height_tag(canvas, (x + w / 2 - half, y + 1, x + w / 2 + half, y + PLINTH - 1), len(pieces))
        shown = pieces[-max(1, int((y - y0 - FLOOR_MARGIN - MERLON) // SLAB)):]
    for k, piece in enumerate(shown):
        y -= SLAB
        crest = fr.ring_left(right) - 2 - FLOOR_MARGIN if place == "corner" and y - MERLON < under else 0
        slab(canvas, x, y, w, SLAB, piece_colour(piece.owner), piece.owner, piece.battlement, top=k == len(shown) - 1,
             crest=crest)


def draw_builders(canvas: Canvas, fr: Frame, square: str, seats: list[int], corner: bool = False,
                  stand: int | None = None) -> None:
    """The pawns on a square: one in its top right corner over a tower that keeps its width
    (``corner``), standing just above the tower's top where it ends lower (``stand``: at the
    corner of a one-level tower the seventh look read the pawn as the square's above), else one
    column on its right; three or four share the whole square. A pawn keeps clear of a wall."""
    x0, y0, x1, y1 = fr.box(square)
    _, above, right, below = fr.walls(square)
    w = fr.pawn_w
    h = pawn_height(w)
    side = x1 - FLOOR_MARGIN - right - w / 2
    if corner:
        pawn(canvas, side, max(y0 + FLOOR_MARGIN + above, (stand or 0) - h - 3), w, seats[0])
        return
    if len(seats) <= 2:
        spots = [(side, y1 - FLOOR_MARGIN - below - 2 - h * (k + 1) - k * 2) for k in range(len(seats))]
    else:
        spots = [(x0 + fr.cell * (0.27 + 0.46 * (k % 2)), y0 + FLOOR_MARGIN + 2 + (k // 2) * (h + 2))
                 for k in range(len(seats))]
    for seat, (cx, top) in zip(seats, spots, strict=True):
        pawn(canvas, cx, top, w, seat)


@cache
def hatch(cell: int) -> Image.Image:
    """A square's worth of diagonal lines (a mask): the squares the last move went through."""
    mask = Image.new("L", (cell, cell), 0)
    d = ImageDraw.Draw(mask)
    for k in range(-cell, cell, 11):
        d.line((k, cell, k + cell, 0), fill=255, width=2)
    return mask


def draw_trail(canvas: Canvas, fr: Frame, path: list[str]) -> None:
    """Under the towers: the squares the last move went through and reached hatched, and where it
    began a dark tab in each corner on its plain floor (a frame would be read as the end's; hatched
    too, the fifth independent look could not tell it from the squares passed)."""
    if len(path) < 2:
        return
    for sq in path[1:]:
        x0, y0, _, _ = fr.box(sq)
        canvas.image.paste(TRAIL, (x0 + 1, y0 + 1), hatch(fr.cell - 1))
    corner_tabs(canvas, fr.box(path[0]), fr.cell // 5)


def corner_tabs(canvas: Canvas, box: tuple[float, float, float, float], leg: float) -> None:
    """A filled triangle in each corner of a square: where the last move started."""
    x0, y0, x1, y1 = box
    for cx, cy, sx, sy in ((x0 + 1, y0 + 1, 1, 1), (x1 - 1, y0 + 1, -1, 1), (x0 + 1, y1 - 1, 1, -1),
                           (x1 - 1, y1 - 1, -1, -1)):
        canvas.draw.polygon([(cx, cy), (cx + sx * leg, cy), (cx, cy + sy * leg)], fill=ROUTE)


def end_frame(canvas: Canvas, box: tuple[float, float, float, float]) -> None:
    """A broad dark frame, lined with white on the inside: where the last move ended."""
    x0, y0, x1, y1 = box
    canvas.draw.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), fill=None, outline=ROUTE, width=6)
    canvas.draw.rectangle((x0 + 7, y0 + 7, x1 - 7, y1 - 7), fill=None, outline=WHITE, width=2)


def draw_route(canvas: Canvas, fr: Frame, path: list[str]) -> None:
    """Under the towers: a broad dark frame round the square where the last move ended, and a
    thin line from the edge of the square it left through the centres of those it crossed (a
    free move to a central tower too) to the edge of the square it reached, a chevron over that
    edge: nothing of the route inside its first and last squares, whose pieces stand clear of it."""
    if len(path) < 2:
        return
    d = canvas.draw
    end_frame(canvas, fr.box(path[-1]))
    points = [fr.centre(sq) for sq in path]
    points[0], points[-1] = edge(points[0], points[1], fr.cell), edge(points[-1], points[-2], fr.cell)
    if len(path) > 2 or points[0] != points[-1]:
        d.line(points, fill=WHITE, width=8, joint="curve")
        d.line(points, fill=ROUTE, width=4, joint="curve")
    (ax, ay), (bx, by) = fr.centre(path[-2]), fr.centre(path[-1])
    length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5 or 1
    x, y = points[-1]
    arrowhead(canvas, x, y, (bx - ax) / length, (by - ay) / length, fr.cell * 0.3)


def edge(centre: tuple[float, float], towards: tuple[float, float], cell: int) -> tuple[float, float]:
    """Where the line from a square's centre towards another point leaves the square."""
    dx, dy = towards[0] - centre[0], towards[1] - centre[1]
    t = cell / 2 / (max(abs(dx), abs(dy)) or 1)
    return centre[0] + dx * t, centre[1] + dy * t


def draw_pieces(canvas: Canvas, fr: Frame, view: View) -> None:
    """Everything on the board that changes: towers, the last move, builders."""
    standing: dict[str, list[int]] = {}
    for seat, sq in enumerate(view.builders):
        if sq is not None:
            standing.setdefault(sq, []).append(seat)
    draw_trail(canvas, fr, view.last_move)
    draw_route(canvas, fr, view.last_move)
    corners = {sq: corner_room(fr, sq, view.towers[sq]) for sq, seats in standing.items()
               if len(seats) == 1 and view.towers.get(sq) and view.towers[sq].pieces}
    corners = {sq: w for sq, w in corners.items() if w}
    for sq, tower in view.towers.items():
        if tower.pieces:
            place = "corner" if sq in corners else "beside" if sq in standing else "alone"
            draw_tower(canvas, fr, sq, tower, place, corners.get(sq, 0))
    for sq, seats in standing.items():
        draw_builders(canvas, fr, sq, seats, corner=sq in corners,
                      stand=tower_top(fr, sq, view.towers[sq]) if corners.get(sq) == fr.alone_w else None)


def tower_top(fr: Frame, square: str, tower: TowerView) -> int:
    """Where a tower drawn whole in its square ends at the top (its merlons included)."""
    closed = tower.pieces[-1].battlement
    return fr.box(square)[3] - FLOOR_MARGIN - 1 - len(tower.pieces) * SLAB - (MERLON if closed else 0)
