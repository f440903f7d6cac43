"""A board being drawn, which remembers the smallest text and the smallest piece it drew.

Discord shows an image about 550 px wide inline. Every renderer draws through a ``Canvas``
so the readability tests can check, from the renderer's own layout rather than by eye,
that every text stays at least 10 px tall and every key piece (a builder, a marker, an
owner's chip) at least 16 px wide once the image is scaled to that width:
``canvas.min_text * 550 / canvas.width`` and ``canvas.min_piece * 550 / canvas.width``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Self

from PIL import Image, ImageDraw

from render.common import font_for

INLINE_WIDTH = 550  # how wide Discord shows an image in a channel
MIN_TEXT_INLINE = 10  # px, at that width
MIN_PIECE_INLINE = 16  # px, at that width

RGB = tuple[int, int, int]


@dataclass
class Canvas:
    width: int
    height: int
    background: RGB
    min_text: float = math.inf  # the smallest font size used, in px at full size
    min_piece: float = math.inf  # the smallest key piece drawn, in px at full size
    colours_used: set[RGB] = field(default_factory=set)

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

    def text(self, xy: tuple[float, float], text: str, size: int, fill: RGB, anchor: str = "la",
             bold: bool = False) -> tuple[float, float, float, float]:
        """Draw text with Pillow's bundled font (``bold`` thickens it with a stroke of its own
        colour); returns its bounding box."""
        self.min_text = min(self.min_text, size)
        stroke = max(1, size // 18) if bold else 0
        f = font_for(text, size)
        self.draw.text(xy, text, font=f, fill=fill, anchor=anchor, stroke_width=stroke, stroke_fill=fill)
        return self.draw.textbbox(xy, text, font=f, anchor=anchor, stroke_width=stroke)

    def text_width(self, text: str, size: int, bold: bool = False) -> float:
        stroke = max(1, size // 18) if bold else 0
        left, _, right, _ = self.draw.textbbox((0, 0), text, font=font_for(text, size), stroke_width=stroke)
        return right - left

    def piece(self, size: float) -> None:
        """Record a key piece's size (its smaller side) drawn by the caller."""
        self.min_piece = min(self.min_piece, size)

    def inline_text(self) -> float:
        """The smallest text's size once the image is shown 550 px wide."""
        return self.min_text * INLINE_WIDTH / self.width

    def inline_piece(self) -> float:
        return self.min_piece * INLINE_WIDTH / self.width


# Coverage in four steps instead of 256: the same letters to the eye, at either size, and a
# picture about half as heavy (anti-aliased edges in 256 shades are most of a board's bytes).
COVERAGE_STEPS = [round(round(p * 3 / 255) * 255 / 3) for p in range(256)]


@lru_cache(maxsize=4096)
def text_stamp(text: str, size: int, anchor: str, bold: bool) -> tuple[Image.Image, tuple[int, int, int, int]]:
    """The text's coverage mask (in four steps) and its ink box relative to the anchor point,
    for renderers that paste the same words again and again (``bold`` as in ``Canvas.text``)."""
    stroke = max(1, size // 18) if bold else 0
    f = font_for(text, size)
    left, top, right, bottom = (int(v) for v in f.getbbox(text, anchor=anchor, stroke_width=stroke))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=f, fill=255, anchor=anchor, stroke_width=stroke,
                              stroke_fill=255)
    return mask.point(COVERAGE_STEPS), (left, top, right, bottom)
