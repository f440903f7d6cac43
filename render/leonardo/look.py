"""The look of Leonardo's images: colours, sizes, text that the bundled font can draw, and
the players' chips, pawns and inline runs of words and chips.

Every key piece (a pawn, an owner's or office holder's chip, a player's chip in a table)
sits on one of ``GROUNDS``: pale stone colours chosen to stay at least 20 CIEDE2000 apart
from every player colour in normal vision and under simulated protanopia, deuteranopia and
tritanopia (tests/leonardo/test_leonardo_render_colours.py). District and space-kind colours
only fill the bands at the top of the spaces, never under a piece, and each district also
has a pattern of its own, so a district is never told by its colour alone.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from render.canvas import Canvas, text_stamp
from render.common import advance, wide_letters
from render.palette import INK, mark_sprite, player_colour, seat_mark, silhouette
from render.text import Style, catalog

RGB = tuple[int, int, int]
Box = tuple[float, float, float, float]

GROUND: RGB = (232, 248, 232)  # the spaces, where pawns and chips stand
PAPER: RGB = GROUND  # the centre panel and the hand image: one flat ground (a second one only added bytes)
GROUNDS: tuple[RGB, ...] = (GROUND,)
LINE: RGB = (118, 128, 120)
MUTED: RGB = (70, 80, 74)
ART: RGB = (214, 168, 40)  # the marks of works of art (never under a piece)

# sizes in px at full size; the board is 1092 px wide: SMALL draws capitals 16 px tall, 8.06 at 550
TEXT, SMALL, HEAD, TITLE, NUMBER = 23, 22, 24, 32, 26
CHIP, PAWN = 34, 32


class LeoCanvas(Canvas):
    """A Canvas that also remembers the words it drew and where its key pieces are (the
    tests read both: what a board says, and what every piece stands on)."""

    def __init__(self, width: int, height: int, background: RGB):
        super().__init__(width, height, background)
        self.said: list[str] = []
        self.pieces: list[Box] = []

    def text(self, xy: tuple[float, float], text: str, size: int, fill: RGB, anchor: str = "la",
             bold: bool = False) -> tuple[float, float, float, float]:
        """``Canvas.text``, drawn from a cached stamp of the words (a board draws the same
        numbers and names again and again)."""
        self.said.append(text)
        self.min_text = min(self.min_text, size)
        mask, (left, top, _, _) = text_stamp(text, size, anchor, bold)
        x, y = round(xy[0] + left), round(xy[1] + top)
        self.image.paste(fill, (x, y), mask)
        box = (x, y, x + mask.width, y + mask.height)
        if text.strip():
            self.note_text(box, text)
        return box

    def erase(self, box: Box, fill: RGB) -> None:
        """Paint over ``box`` and forget the texts and pieces recorded inside it."""
        self.draw.rectangle(box, fill=fill)

        def inside(b: Box) -> bool:
            return b[0] >= box[0] - 1 and b[1] >= box[1] - 1 and b[2] <= box[2] + 1 and b[3] <= box[3] + 1

        self.drawn = [d for d in self.drawn if not inside(d.box)]
        self.pieces = [b for b in self.pieces if not inside(b)]

    def piece_at(self, box: Box, what: str = "piece") -> None:
        self.pieces.append(box)
        self.note_piece(box, what)

    @classmethod
    def copy_of(cls, layer: LeoCanvas) -> LeoCanvas:
        """A canvas starting as a copy of a cached layer, with what the layer recorded (no
        blank image is made first, unlike ``Canvas.over``)."""
        canvas = cls.__new__(cls)
        canvas.width, canvas.height, canvas.background = layer.width, layer.height, layer.background
        canvas.min_text, canvas.min_piece, canvas.colours_used = layer.min_text, layer.min_piece, set()
        canvas.image = layer.image.copy()
        canvas.draw = ImageDraw.Draw(canvas.image)
        canvas.said, canvas.pieces = list(layer.said), list(layer.pieces)
        canvas.drawn, canvas.frames = list(layer.drawn), []
        return canvas

    def inherit(self, other: LeoCanvas) -> None:
        """Take over what a cached layer drawn on another canvas recorded."""
        self.min_text, self.min_piece = min(self.min_text, other.min_text), min(self.min_piece, other.min_piece)
        self.said += other.said
        self.pieces += other.pieces
        self.take(other.drawn)


# --- text the bundled font can draw ------------------------------------------------
@lru_cache(maxsize=4096)
def drawable(text: str) -> str:
    """The text in letters the bundled font has, on one line: a letter it has stays as it is
    ("Última", "Novità"), one it lacks loses its accent ("ŉ" -> "n"), signs it lacks are left out
    ("Fabio 🙂" -> "Fabio")."""
    glyphs = wide_letters()
    kept = []
    for c in unicodedata.normalize("NFC", text):
        if c in glyphs:
            kept.append(c)
        else:
            kept.extend(part for part in unicodedata.normalize("NFKD", c) if part in glyphs)
    return " ".join("".join(kept).split())


@lru_cache(maxsize=8192)
def width(text: str, size: int, bold: bool = False) -> float:
    return advance(text, size, bold)


@lru_cache(maxsize=4096)
def fit(text: str, size: int, room: float, bold: bool = False) -> str:
    """The text, cut with an ellipsis if it is wider than ``room``."""
    if width(text, size, bold) <= room:
        return text
    while text and width(text + "…", size, bold) > room:
        text = text[:-1]
    return text.rstrip() + "…"


def style(names: Sequence[str], locale: str = "en") -> Style:
    """How an image names a seat: the player's name, drawable."""
    words = catalog(locale)

    def seat(s: int) -> str:
        if 0 <= s < len(names) and drawable(names[s]).strip():
            return drawable(names[s])
        return words.text_of("leo.board.seat", number=s + 1)

    return Style(seat=seat)


SHORT_NAME = 12  # letters: how long a name may stay in a line that would not fit whole


def short_style(names: Sequence[str], locale: str = "en") -> Style:
    """``style`` with each name cut to its first word, and that to ``SHORT_NAME`` letters (a dot
    where it was shortened): for a line that would not fit with the names whole. The player's
    chip beside each name still says who it is."""
    full = style(names, locale)

    def seat(s: int) -> str:
        first = full.seat(s).split(" ")[0]
        return first if len(first) <= SHORT_NAME else first[: SHORT_NAME - 1] + "."

    return Style(seat=seat)


# --- pieces ----------------------------------------------------------------------
# A player is their shape in their colour (``render.palette.SHAPES``) everywhere: in the tables,
# the legends and as the pawn on the ring (``pawn``). What a firm
# owns carries the shape on a house of its colour (``owner``); an office keeps its seal, its
# price in it, ringed in the holder's colour with the holder's shape beside (``ring.seal``).
def chip(canvas: LeoCanvas, x: float, y: float, seat: int, mark: str = "", size: int = CHIP) -> Box:
    """A player's shape, its top-left corner at (x, y) (on whole pixels)."""
    box = seat_mark(canvas.image, x, y, seat, size)
    canvas.piece_at(box, "mark")
    return box


RIM: RGB = (255, 255, 255)  # a pawn's light rim, inside its ink outline


def pawn(canvas: LeoCanvas, x: float, y: float, seat: int, size: int = PAWN) -> Box:
    """A firm's marker on the ring: its shape (the same as in the tables), on the ground, with a
    light rim inside its ink outline, as a token's edge: a black disc without one read as a hole
    in the board. Every seat's pawn is drawn alike."""
    x, y = round(x), round(y)
    canvas.image.paste(_pawn_sprite(seat, size), (x, y), _pawn_sprite(seat, size))
    box = (x, y, x + size, y + size)
    canvas.piece_at(box, "pawn")
    return box


@lru_cache(maxsize=64)
def _pawn_sprite(seat: int, size: int) -> Image.Image:
    """The seat's shape (``mark_sprite``), its inside past the outline painted light for a thin band
    (2 px, 1 at 550: a wider one ate a star's or a cross's colour) before its colour again: the shape's mask worn
    away twice, so the band follows every shape's edge, a cross's arms as a circle's."""
    sprite = mark_sprite(seat, size)
    alpha = sprite.getchannel("A")
    line, band = 2, 2  # px at full size: the ink edge kept, then the light band (1 px at 550)
    rim = alpha.filter(ImageFilter.MinFilter(2 * line + 1))
    inner = rim.filter(ImageFilter.MinFilter(2 * band + 1))
    out = sprite.copy()
    out.paste(RIM + (255,), (0, 0), rim)
    out.paste(player_colour(seat) + (255,), (0, 0), inner)
    out.putalpha(alpha)
    return out


OWNER_W, OWNER_H = 48, 36  # an owner's house on its space's band (24 by 18 px at 550): wider than tall
OWNER_MARK = 26  # the owner's shape in its house (13 px at 550)


def owner(canvas: LeoCanvas, x: float, y: float, seat: int, w: int = OWNER_W, h: int = OWNER_H) -> Box:
    """A palazzo's or a bridge's owner: a wide low house in their colour, their shape large and
    solid on it in ink or white (``silhouette``). A newcomer read a 17 px house with an 8 px shape
    in it as a blot, and a black house as the black circle's pawn: a house wider than tall, under
    a roof, with a white circle on it, is no pawn. The ring and the key draw it alike."""
    x, y = round(x), round(y)
    eave = y + round(h * 0.25)
    canvas.draw.polygon([(x + w / 2, y), (x + w, eave), (x + w, y + h), (x, y + h), (x, eave)],
                        fill=player_colour(seat), outline=INK, width=2)
    mark = round(OWNER_MARK * h / OWNER_H)
    silhouette(canvas.image, x + (w - mark) / 2, y + h - mark - 4, seat, mark)
    box = (x, y, x + w, y + h)
    canvas.piece_at(box, "owner")
    return box


# --- a run of words and chips, wrapped -----------------------------------------------
SPACE_NUMBER = re.compile(r"\(\d+\)[.,;:]?")  # "(16)." after a space's name
@dataclass
class Run:
    """Words and chips laid out left to right and wrapped, at most ``lines`` lines (the
    last one cut with an ellipsis)."""

    size: int = TEXT
    bold: bool = False
    items: list[tuple[float, Callable[[LeoCanvas, float, float], object] | str, bool]] = field(default_factory=list)
    kept: set[int] = field(default_factory=set)  # items that start a line only with the item after them

    def words(self, text: str, bold: bool | None = None) -> Run:
        """Append ``text``'s words; a space's number in brackets ("(16).") stays on the line of
        the word before it (a newcomer read "(16)." alone at the start of a line as a new item).
        A bold label in a plain run ("Já decidiu:") is never split, nor left at a line's end
        without what follows it."""
        strong = self.bold if bold is None else bold
        if strong and not self.bold:
            label = " ".join(drawable(text).split())
            self.kept.add(len(self.items))
            self.items.append((width(label, self.size, True), label, True))
            return self
        for w in drawable(text).split():
            last = self.items[-1] if self.items else None
            if SPACE_NUMBER.fullmatch(w) and last is not None and isinstance(last[1], str) and last[2] == strong:
                w = f"{last[1]} {w}"
                self.items.pop()
            self.items.append((width(w, self.size, strong), w, strong))
        return self

    def chip(self, seat: int, mark: str) -> Run:
        self.items.append((CHIP, lambda c, x, y: chip(c, x, y, seat, mark), False))
        return self

    def thing(self, w: float, draw: Callable[[LeoCanvas, float, float], object]) -> Run:
        self.items.append((w, draw, False))
        return self

    def _need(self, i: int, space: float) -> float:
        """The room item ``i`` needs on its line: its own width, and a kept label's next item's."""
        w = self.items[i][0]
        if i in self.kept and i + 1 < len(self.items):
            w += space + self.items[i + 1][0]
        return w

    def lines(self, room: float, hang: float = 0) -> int:
        """How many lines ``draw`` would take in ``room`` with nothing cut."""
        space = width(" ", self.size)
        cx, row = 0.0, 0
        for i, (w, item, _) in enumerate(self.items):
            if cx > hang * (row > 0) and cx + self._need(i, space) > room:
                row, cx = row + 1, hang
            cx += w + (space if isinstance(item, str) else space * 0.8)
        return row + 1

    def draw(self, canvas: LeoCanvas, x: float, y: float, room: float, lines: int, line_h: int,
             fill: RGB = INK, next_h: int | None = None, hang: float = 0) -> float:
        """Draw from (x, y), the lines after the first ``next_h`` high (default ``line_h``)
        and ``hang`` further right; returns the y below the last line used. Neighbouring
        words of a line are drawn as one text."""
        space = width(" ", self.size)
        cx, row = x, 0
        pending: list[str] = []  # words waiting to be drawn together, from pen
        pen: tuple[float, float, bool] = (x, y, False)

        def flush() -> None:
            if pending:
                px, py, strong = pen
                canvas.text((px, py), " ".join(pending), self.size, fill, anchor="lm", bold=strong)
                pending.clear()

        for i, (w, item, strong) in enumerate(self.items):
            if cx > x + hang * (row > 0) and cx + self._need(i, space) > x + room:
                if row == lines - 1:  # the last line: as much of this word as fits, then "…"
                    rest = fit(item, self.size, x + room - cx, strong) if isinstance(item, str) else "…"
                    if pending and pen[2] == strong:
                        pending.append(rest if len(rest) > 3 else "…")
                    else:
                        flush()
                        pending.append(rest if len(rest) > 3 else "…")
                        pen = (cx, y + line_h / 2, strong)
                    flush()
                    return y + line_h
                flush()
                row, cx = row + 1, x + hang
                if next_h is None:
                    y += line_h
                else:  # the next line's middle is next_h under this one's
                    y, line_h = y + line_h / 2 + next_h / 2, next_h
            if isinstance(item, str):
                if not pending or pen[2] != strong:
                    flush()
                    pen = (cx, y + line_h / 2, strong)
                pending.append(fit(item, self.size, x + room - cx, strong))
                cx += w + space
            else:
                flush()
                item(canvas, cx, y + (line_h - CHIP) / 2)
                cx += w + space * 0.8
        flush()
        return y + line_h
