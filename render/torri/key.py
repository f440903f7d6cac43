"""Le Torri di Bologna: the key under the board, drawn once per wall shape and locale.

Everything a newcomer sees on the board and may not guess: a builder, a tower's top level
(its owner), a tall tower's tag with its height, the neutral stone of the central towers,
a battlement (the tower is closed), and the last move: its route, where it started and where
it ended. Two columns of icons with their words.
"""

from __future__ import annotations

from collections.abc import Callable

from render.canvas import Canvas
from render.palette import INK
from render.torri.blocks import Words
from render.torri.board import corner_tabs, end_frame, hatch
from render.torri.pieces import (
    MERLON,
    NEUTRAL,
    ROUTE,
    SLAB,
    SMALL,
    TRAIL,
    WHITE,
    arrowhead,
    height_tag,
    pawn,
    slab,
)
from render.torri.stamps import write

ROW = 40  # one line of the key
ICON = 44  # the icons' column
ROWS = 4
HEIGHT = ROWS * ROW + 8
TAB = 74 // 5  # the start's corner tabs, as ``draw_trail`` draws them on a 74 px square


def _pawn(canvas: Canvas, x: float, y: float) -> None:
    pawn(canvas, x + 20, y + 2, 32, 0)


def _top(canvas: Canvas, x: float, y: float) -> None:
    slab(canvas, x + 6, y + 8, 30, SLAB, NEUTRAL, None, top=True)


def _height(canvas: Canvas, x: float, y: float) -> None:
    """A tall tower as the board draws it: its top level over the tag with its height."""
    slab(canvas, x + 6, y + 1, 30, 15, NEUTRAL, None, top=True)
    height_tag(canvas, (x + 10, y + 16, x + 32, y + 38), 5)


def _central(canvas: Canvas, x: float, y: float) -> None:
    """A central tower's square as the board draws it: a stone frame, its neutral base inside."""
    canvas.draw.rectangle((x + 4, y + 2, x + 38, y + 36), outline=NEUTRAL, width=4)
    slab(canvas, x + 10, y + 12, 22, 18, NEUTRAL)


def _closed(canvas: Canvas, x: float, y: float) -> None:
    slab(canvas, x + 6, y + 8 + MERLON, 30, 22, NEUTRAL, None, battlement=True)


def _route(canvas: Canvas, x: float, y: float) -> None:
    """The route as the board draws it: over squares hatched (every square the move went
    through is), a line with a chevron."""
    _trail(canvas, x, y)
    canvas.draw.line((x + 2, y + 20, x + 40, y + 20), fill=WHITE, width=8)
    canvas.draw.line((x + 2, y + 20, x + 40, y + 20), fill=ROUTE, width=4)
    arrowhead(canvas, x + 22, y + 20, 1, 0, 20)


def _trail(canvas: Canvas, x: float, y: float) -> None:
    """A square of the last move as the board draws it: hatched."""
    canvas.image.paste(TRAIL, (int(x + 4), int(y + 2)), hatch(35))


def _start(canvas: Canvas, x: float, y: float) -> None:
    """Where the move started: a dark tab in each corner as big as on the board's 74 px squares,
    on the plain floor, as the board draws it (the key's 9 px tabs were not seen)."""
    corner_tabs(canvas, (x + 4, y + 2, x + 39, y + 37), TAB)


def _end(canvas: Canvas, x: float, y: float) -> None:
    _trail(canvas, x, y)
    end_frame(canvas, (x + 4, y + 2, x + 39, y + 37))


ITEMS: tuple[tuple[str, Callable[[Canvas, float, float], None]], ...] = (
    ("torri.board.key_builder", _pawn), ("torri.board.key_top", _top), ("torri.board.key_height", _height),
    ("torri.board.neutral", _central), ("torri.board.closed", _closed), ("torri.board.key_route", _route),
    ("torri.board.key_start", _start), ("torri.board.key_end", _end),
)


def draw_key(canvas: Canvas, w: Words, x: float, y: float, width: float) -> None:
    """The key in two columns from (x, y), ``width`` wide (``HEIGHT`` tall)."""
    step = width / 2
    for k, (key, icon) in enumerate(ITEMS):
        cx, cy = x + (k // ROWS) * step, y + (k % ROWS) * ROW
        icon(canvas, cx, cy)
        box = (cx + ICON, cy, cx + step - 4, cy + ROW)
        with canvas.inside(box):
            write(canvas, (cx + ICON + 4, cy + ROW / 2), w.say(key), SMALL, INK, anchor="lm")
