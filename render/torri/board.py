"""Le Torri di Bologna: the walled board, drawn from a view.

The squares sit on a grid under column letters and row numbers, the walls a thick brick line
around them. In each square the tower stands on the left, seen from the side (one slab per
level with its owner's shape, the top one framed heavier: it is the one that owns the tower;
a tower too tall for its square shows its top levels over a white tag with its height), and
the builders standing there on the right, so a pawn never hides a level; a tower no builder
shares takes most of its square's width. The last move's route
is a thin line through the squares' centres under the pieces, with corner marks on the square
it left and a frame around the square it reached.
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
PLINTH = 24  # the room at a tall tower's foot for the tag with its height


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

    def centre(self, square: str) -> tuple[float, float]:
        x0, y0, x1, y1 = self.box(square)
        return (x0 + x1) / 2, (y0 + y1) / 2

    @property
    def pawn_w(self) -> int:
        return 32 if self.cell < 90 else 36

    @property
    def stack_w(self) -> int:
        """A tower's width: what the square leaves beside one column of pawns."""
        return self.cell - self.pawn_w - 3 * FLOOR_MARGIN

    @property
    def alone_w(self) -> int:
        """A tower's width on a square no builder stands on: most of the square, so its
        levels and their owners' shapes read at a glance (at four seats a square is 37 px
        once the image is shown 550 px wide)."""
        return max(self.stack_w, self.cell - 2 * FLOOR_MARGIN - 12)

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
            d.rectangle((x0 + 2, y0 + 2, x1 - 2, y1 - 2), outline=NEUTRAL, width=3)
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


def draw_tower(canvas: Canvas, fr: Frame, square: str, tower: TowerView, left: bool) -> None:
    """A tower from the side, standing on the square's floor: at the left of the square when
    builders stand there too, in the middle otherwise."""
    x0, y0, x1, y1 = fr.box(square)
    w = fr.stack_w if left else fr.alone_w
    x = x0 + FLOOR_MARGIN if left else (x0 + x1 - w) / 2
    bottom = y1 - FLOOR_MARGIN - 1
    pieces = tower.pieces
    y = bottom
    shown = pieces
    if len(pieces) > fr.levels:  # too tall for the square: its height on a tag at its foot, its top levels
        y -= PLINTH
        half = (measure(str(len(pieces)), SMALL, True) + 16) / 2  # a label, narrower than a level
        height_tag(canvas, (x + w / 2 - half, y + 1, x + w / 2 + half, y + PLINTH - 1), len(pieces))
        shown = pieces[-max(1, int((y - y0 - FLOOR_MARGIN - MERLON) // SLAB)):]
    for k, piece in enumerate(shown):
        y -= SLAB
        slab(canvas, x, y, w, SLAB, piece_colour(piece.owner), piece.owner, piece.battlement, top=k == len(shown) - 1)


def draw_builders(canvas: Canvas, fr: Frame, square: str, seats: list[int]) -> None:
    """The pawns on a square: one column on its right; three or four share the whole square."""
    x0, y0, x1, y1 = fr.box(square)
    w = fr.pawn_w
    h = pawn_height(w)
    if len(seats) <= 2:
        spots = [(x1 - FLOOR_MARGIN - w / 2, y1 - FLOOR_MARGIN - 2 - h * (k + 1) - k * 2) for k in range(len(seats))]
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
    """Under the towers: the squares of the last move hatched, corner marks where it began."""
    if len(path) < 2:
        return
    d = canvas.draw
    for sq in path:
        x0, y0, _, _ = fr.box(sq)
        canvas.image.paste(TRAIL, (x0 + 1, y0 + 1), hatch(fr.cell - 1))
    x0, y0, x1, y1 = fr.box(path[0])
    arm = fr.cell // 4
    for cx, cy, sx, sy in ((x0 + 3, y0 + 3, 1, 1), (x1 - 3, y0 + 3, -1, 1), (x0 + 3, y1 - 3, 1, -1),
                           (x1 - 3, y1 - 3, -1, -1)):
        d.line((cx, cy, cx + sx * arm, cy), fill=ROUTE, width=4)
        d.line((cx, cy, cx, cy + sy * arm), fill=ROUTE, width=4)


def draw_route(canvas: Canvas, fr: Frame, path: list[str]) -> None:
    """Under the towers: a thin line through the centres of the squares the last move went
    through (a free move to a central tower too), a chevron on its last step and a frame
    round the square where it ended."""
    if len(path) < 2:
        return
    d = canvas.draw
    x0, y0, x1, y1 = fr.box(path[-1])
    d.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), outline=ROUTE, width=3)
    points = [fr.centre(sq) for sq in path]
    d.line(points, fill=WHITE, width=8, joint="curve")
    d.line(points, fill=ROUTE, width=4, joint="curve")
    (ax, ay), (bx, by) = points[-2], points[-1]
    length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5 or 1
    arrowhead(canvas, (ax + bx) / 2, (ay + by) / 2, (bx - ax) / length, (by - ay) / length, fr.cell * 0.3)


def draw_pieces(canvas: Canvas, fr: Frame, view: View) -> None:
    """Everything on the board that changes: towers, the last move, builders."""
    standing: dict[str, list[int]] = {}
    for seat, sq in enumerate(view.builders):
        if sq is not None:
            standing.setdefault(sq, []).append(seat)
    draw_trail(canvas, fr, view.last_move)
    draw_route(canvas, fr, view.last_move)
    for sq, tower in view.towers.items():
        if tower.pieces:
            draw_tower(canvas, fr, sq, tower, left=sq in standing)
    for sq, seats in standing.items():
        draw_builders(canvas, fr, sq, seats)
