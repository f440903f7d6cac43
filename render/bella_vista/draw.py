"""Drawing primitives of the Bella Vista images: the board's colours, a Canvas that stamps
cached text, player chips, and the wrapping of text into lines.

Sizes: the images are drawn ``WIDTH`` = 1100 px wide, twice Discord's inline width, so a
size here is twice what a player sees inline: text of ``SMALL`` = 20 px shows 10 px tall,
a chip or a building of 32 px shows 16 px wide.

Colours: every board colour a player's colour sits on (the paper, the bands, the
neighborhood fills and their patterns, the outline ink) and the Park and River fills stay at
least 20 CIEDE2000 from each of the four player colours in normal vision and under simulated
protanopia, deuteranopia and tritanopia (tests/bella_vista/test_bella_vista_render_colours.py).
That leaves pale mint greys for the town, a sage Park and a teal River: the eight
neighborhoods differ by their symbol and stripes (a legend names them), not by hue.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image

from render.canvas import Canvas, Drawn, text_stamp
from render.common import advance, name_that_fits
from render.palette import INK, player_colour, seat_mark, silhouette

RGB = tuple[int, int, int]

WIDTH = 1100  # px; Discord shows it 550 wide
MARGIN = 16
SMALL = 22  # the smallest text: capitals 16 px tall, 8 at 550 px (render.common.cap_height)
BODY = 23
HEADING = 26
TITLE = 34
CHIP = 34  # a player's chip (17 px inline)

PAPER: RGB = (240, 248, 244)  # the image's background
BAND: RGB = (220, 232, 220)  # header band, block headings, the row of whoever must act
RULE: RGB = (176, 190, 170)  # thin separating lines (never under a player colour)
MUTED: RGB = (72, 84, 76)  # secondary text on PAPER or BAND
WHITE: RGB = (255, 255, 255)

TOWN_PLAIN: RGB = (236, 246, 238)  # an unstriped neighborhood
TOWN_STRIPE: RGB = (202, 218, 202)  # the stripes of a striped one
GLYPH: RGB = (148, 160, 136)  # the neighborhood's symbol, once per space
PARK: RGB = (160, 176, 128)
PARK_DOT: RGB = (120, 140, 96)
RIVER: RGB = (0, 128, 112)
RIVER_WAVE: RGB = (90, 170, 156)
TILE_EDGE: RGB = (60, 66, 60)
NEUTRAL: RGB = (136, 136, 136)  # the neutral building of a 3-architect game
GHOST: RGB = (20, 64, 56)  # the hand image's pluses and outlines of suggested placements

# The colours a player's colour is drawn on, for the colour-distance test.
UNDER_PLAYERS: dict[str, RGB] = {
    "paper": PAPER, "band": BAND, "neighborhood": TOWN_PLAIN, "stripes": TOWN_STRIPE,
    "symbol": GLYPH, "outline": INK,
}
TERRAIN: dict[str, RGB] = {"park": PARK, "river": RIVER, "neutral building": NEUTRAL}


# --- a canvas that stamps text ---------------------------------------------------------------


@lru_cache(maxsize=4096)
def text_width(text: str, size: int, bold: bool = False) -> int:
    return int(advance(text, size, bold))


@dataclass
class BoardCanvas(Canvas):
    """A ``Canvas`` whose text is pasted from cached masks (the letters of ``Canvas.text`` at a
    fraction of the cost: a board draws about two hundred texts after every move). It also
    keeps the texts it drew, in order, and where the town went, for the tests."""

    texts: list[str] = field(default_factory=list)
    town: object = None
    marks: list = field(default_factory=list)  # a hand's best places outlined: (cells, tag)
    panels: list[tuple[int, int, int, int]] = field(default_factory=list)  # x, y, width, height
    boxes: list[tuple[int, int, int, int]] = field(default_factory=list)  # each text's ink box, as texts

    def text(self, xy: tuple[float, float], text: str, size: int, fill: RGB, anchor: str = "la",
             bold: bool = False) -> tuple[float, float, float, float]:
        self.min_text = min(self.min_text, size)
        if not text:
            return (xy[0], xy[1], xy[0], xy[1])
        self.texts.append(text)
        mask, (left, top, right, bottom) = text_stamp(text, size, anchor, bold)
        x, y = int(round(xy[0])), int(round(xy[1]))
        self.image.paste(fill, (x + left, y + top), mask)
        box = (x + left, y + top, x + right, y + bottom)
        self.boxes.append(box)
        self.note_text(box, text)
        return box

    def text_width(self, text: str, size: int, bold: bool = False) -> float:
        return text_width(text, size, bold)

    def layer(self, image: Image.Image, xy: tuple[int, int], min_text: float, min_piece: float,
              drawn: tuple[Drawn, ...] = ()) -> None:
        """Paste a cached layer, with the smallest text and piece it was drawn with and where
        its texts and pieces went."""
        self.image.paste(image, xy)
        self.min_text = min(self.min_text, min_text)
        self.min_piece = min(self.min_piece, min_piece)
        self.take(list(drawn), *xy)


def new_canvas(width: int, height: int) -> BoardCanvas:
    return BoardCanvas(width, height, PAPER)


# --- text layout ------------------------------------------------------------------------------


@lru_cache(maxsize=2048)
def fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """The text, cut with an ellipsis if it is wider than ``width``."""
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"


@lru_cache(maxsize=2048)
def wrap(text: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """Word-wrap into as many lines as it takes (a word wider than a line is cut)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if text_width(trial, size, bold) <= width or not line:
            line = trial
        else:
            lines.append(fit(line, size, width, bold))
            line = word
    if line:
        lines.append(fit(line, size, width, bold))
    return tuple(lines)


def line_height(size: int) -> int:
    return int(size * 1.3)


# --- players --------------------------------------------------------------------------------


class People:
    """How the images show the players: a name (as typed) and a seat, whose colour and shape
    (``render.palette.SHAPES``) every piece, chip and legend shows."""

    def __init__(self, names: list[str], seats: int, seat_word) -> None:
        shown = [names[s] if s < len(names) and names[s].strip() else seat_word(s) for s in range(seats)]
        self.names = [" ".join(n.split()) for n in shown]  # one line

    def name(self, seat: int) -> str:
        return self.names[seat]


def chip(canvas: BoardCanvas, x: float, y: float, seat: int | None, size: int = CHIP, roofed: bool = False) -> None:
    """A player's chip: their shape in their colour (a grey square for the neutral building).
    ``roofed`` (a 2-architect second set) draws the shape white with a coloured outline."""
    if seat is None:
        box = (x, y, x + size - 1, y + size - 1)
        canvas.draw.rounded_rectangle(box, radius=size // 6, fill=NEUTRAL, outline=INK, width=2)
    elif roofed:
        seat_mark(canvas.image, x, y, seat, size, fill=WHITE, outline=player_colour(seat))
        inner = size // 2
        seat_mark(canvas.image, x + (size - inner) / 2, y + size * 0.4, seat, inner)
    else:
        seat_mark(canvas.image, x, y, seat, size)
    canvas.note_piece((x, y, x + size, y + size), "chip")


def owner_shape(canvas: BoardCanvas, x: float, y: float, seat: int, size: int, roofed: bool) -> None:
    """The owner's shape on their building or card: solid ink or white on the first set's colour;
    on the white of the second (roofed) set, their colour with an ink rim."""
    if roofed:
        seat_mark(canvas.image, x, y, seat, size)
    else:
        silhouette(canvas.image, x, y, seat, size)


def chip_name(canvas: BoardCanvas, x: float, y: float, seat: int, people: People, size: int = BODY,
              width: int = 10_000, bold: bool = True, fill: RGB = INK) -> float:
    """A chip and the player's name after it, vertically centred on a line starting at ``y``
    of ``line_height(size)``; returns the x after the name."""
    h = line_height(size)
    chip(canvas, x, y + (h - CHIP) / 2, seat)
    room = max(10, int(width - CHIP - 8))
    name = fit(name_that_fits(people.name(seat), lambda t: text_width(t, size, bold) <= room), size, room, bold)
    box = canvas.text((x + CHIP + 8, y + h / 2), name, size, fill, "lm", bold=bold)
    return box[2]


def shade(c: RGB, f: float) -> RGB:
    """A darker (f > 0) or lighter (f < 0) version of a colour."""
    if f >= 0:
        return (int(c[0] * (1 - f)), int(c[1] * (1 - f)), int(c[2] * (1 - f)))
    return tuple(int(v + (255 - v) * -f) for v in c)  # type: ignore[return-value]
