"""A board being drawn, which remembers the smallest text and the smallest piece it drew, and
where every text and piece went (``drawn``: the layout test reads it).

Discord shows an image about 550 px wide inline. Every renderer draws through a ``Canvas``
so the readability tests can check, from the renderer's own layout rather than by eye,
that every text's capitals stay at least 8 px tall (``inline_cap``, from the glyph boxes) and
every key piece (a builder, a marker, an owner's mark) at least 16 px wide once the image is
scaled to that width (``inline_piece``), and that no text leaves its box or runs into another
text or a piece (``drawn``, read by tests/render/layout_check.py).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Self

from PIL import Image, ImageDraw

from render.common import cap_height, font_for, ink_width

INLINE_WIDTH = 550  # how wide Discord shows an image in a channel
MIN_TEXT_INLINE = 10  # px, at that width
MIN_PIECE_INLINE = 16  # px, at that width

RGB = tuple[int, int, int]
Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Drawn:
    """A text or a piece, where it went. A text must stay inside ``within`` (its piece, its cell,
    its panel; None: the image) and clear of every other text and of every piece but the one it
    is written on (the piece whose box is ``within``)."""

    kind: str  # "text" or "piece"
    box: Box
    what: str  # the words, or what the piece is
    within: Box | None = None

    def moved(self, dx: float, dy: float) -> Drawn:
        def by(b: Box | None) -> Box | None:
            return None if b is None else (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy)

        return Drawn(self.kind, by(self.box) or self.box, self.what, by(self.within))


@dataclass
class Canvas:
    width: int
    height: int
    background: RGB
    min_text: float = math.inf  # the smallest font size used, in px at full size
    min_piece: float = math.inf  # the smallest key piece drawn, in px at full size
    colours_used: set[RGB] = field(default_factory=set)
    drawn: list[Drawn] = field(default_factory=list)
    frames: list[Box] = field(default_factory=list)  # the boxes texts drawn now must stay inside

    def __post_init__(self) -> None:
        self.image = Image.new("RGB", (self.width, self.height), self.background)
        self.draw = ImageDraw.Draw(self.image)

    @classmethod
    def over(cls, base: Image.Image) -> Self:
        """A canvas that starts as a copy of a cached static layer (made 1 px wide first: a blank
        image of the full size would cost as much again as the copy)."""
        canvas = cls(1, 1, (0, 0, 0))
        canvas.width, canvas.height = base.width, base.height
        canvas.image = base.copy()
        canvas.draw = ImageDraw.Draw(canvas.image)
        return canvas

    def note_text(self, box: Box, text: str) -> None:
        """Record where a text's ink went (drawing it through ``text`` does)."""
        self.drawn.append(Drawn("text", box, text, self.frames[-1] if self.frames else None))

    def note_piece(self, box: Box, what: str = "piece", key: bool = True) -> None:
        """Record a piece's box (a pawn, a chip, a building's cell, a mark) and, for a key piece
        (one that tells a player), its size."""
        self.drawn.append(Drawn("piece", box, what))
        if key:
            self.piece(min(box[2] - box[0], box[3] - box[1]))

    @contextmanager
    def inside(self, box: Box) -> Iterator[None]:
        """Texts drawn in this block belong in ``box`` (a piece's, if one was noted there)."""
        self.frames.append(box)
        try:
            yield
        finally:
            self.frames.pop()

    def take(self, drawn: list[Drawn], dx: float = 0, dy: float = 0) -> None:
        """Record what a cached layer pasted at (dx, dy) drew."""
        self.drawn.extend(d.moved(dx, dy) if dx or dy else d for d in drawn)

    def text(self, xy: tuple[float, float], text: str, size: int, fill: RGB, anchor: str = "la",
             bold: bool = False) -> tuple[float, float, float, float]:
        """Draw text in Noto Sans (``bold``: its bold weight); returns its bounding box."""
        self.min_text = min(self.min_text, size)
        f = font_for(text, size, bold)
        self.draw.text(xy, text, font=f, fill=fill, anchor=anchor)
        box = self.draw.textbbox(xy, text, font=f, anchor=anchor)
        self.note_text(box, text)
        return box

    def text_width(self, text: str, size: int, bold: bool = False) -> float:
        return ink_width(text, size, bold)

    def piece(self, size: float) -> None:
        """Record a key piece's size (its smaller side) drawn by the caller."""
        self.min_piece = min(self.min_piece, size)

    def inline_text(self) -> float:
        """The smallest text's size once the image is shown 550 px wide."""
        return self.min_text * INLINE_WIDTH / self.width

    def inline_piece(self) -> float:
        return self.min_piece * INLINE_WIDTH / self.width

    def inline_cap(self) -> float:
        """How tall the smallest text's capitals are once the image is shown 550 px wide."""
        return cap_height(int(self.min_text)) * INLINE_WIDTH / self.width


# Coverage in four steps instead of 256: the same letters to the eye, at either size, and a
# picture about half as heavy (anti-aliased edges in 256 shades are most of a board's bytes).
COVERAGE_STEPS = [round(round(p * 3 / 255) * 255 / 3) for p in range(256)]


@lru_cache(maxsize=4096)
def text_stamp(text: str, size: int, anchor: str, bold: bool) -> tuple[Image.Image, tuple[int, int, int, int]]:
    """The text's coverage mask (in four steps) and its ink box relative to the anchor point,
    for renderers that paste the same words again and again (``bold`` as in ``Canvas.text``)."""
    f = font_for(text, size, bold)
    # one FreeType rendering gives both the coverage and where it sits (getbbox and then drawing
    # laid the text out twice: most of a board's drawing time is new words): the same pixels
    core, (left, top) = f.getmask2(text, "L", anchor=anchor)
    width, height = core.size
    if width == 0 or height == 0:
        return Image.new("L", (1, 1), 0), (left, top, left + 1, top + 1)
    mask = Image.Image()._new(core)  # Pillow's own wrapping of a font's mask (as ImageFont.getmask's callers)
    return mask.point(COVERAGE_STEPS), (left, top, left + width, top + height)
