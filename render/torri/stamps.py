"""Words drawn once and stamped many times: the Torri board's text cache.

Laying out and rasterising a line of text is most of a board's drawing time, and a board
repeats its words (marks on every level, coordinates, the same names and numbers from move to
move). So each distinct text, in a size, colour, weight and anchor, is drawn once through
``Canvas.text`` on a small transparent canvas of its own, its coverage in four steps (as
``canvas.text_stamp``: the same letters to the eye, a lighter image), and then pasted. Pasting records
the text's size on the board's canvas as drawing it would, so the readability metrics
(``Canvas.min_text``) are the same as if every text were drawn directly.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render.canvas import COVERAGE_STEPS, RGB, Canvas
from render.common import font_for


@lru_cache(maxsize=1)
def _ruler() -> ImageDraw.ImageDraw:
    return ImageDraw.Draw(Image.new("L", (1, 1)))


@lru_cache(maxsize=8192)
def measure(text: str, size: int, bold: bool = False) -> float:
    """How wide a text is drawn (as ``Canvas.text_width``)."""
    left, _, right, _ = _ruler().textbbox((0, 0), text, font=font_for(text, size, bold))
    return right - left


@lru_cache(maxsize=8192)
def _sprite(text: str, size: int, fill: RGB, anchor: str, bold: bool) -> tuple[Image.Image, int, int]:
    """The text drawn alone, and where its top-left lies from the anchor point."""
    left, top, right, bottom = _ruler().textbbox((0, 0), text, font=font_for(text, size, bold),
                                                 anchor=anchor)
    x0, y0 = int(left) - 1, int(top) - 1
    sprite = Canvas.over(Image.new("RGBA", (int(right) - x0 + 2, int(bottom) - y0 + 2), (0, 0, 0, 0)))
    sprite.text((-x0, -y0), text, size, fill, anchor=anchor, bold=bold)
    sprite.image.putalpha(sprite.image.getchannel("A").point(COVERAGE_STEPS))  # as text_stamp: half the bytes
    return sprite.image, x0, y0


@lru_cache(maxsize=8192)
def _ink(text: str, size: int, anchor: str, bold: bool) -> tuple[float, float, float, float]:
    return _ruler().textbbox((0, 0), text, font=font_for(text, size, bold), anchor=anchor)


def write(canvas: Canvas, xy: tuple[float, float], text: str, size: int, fill: RGB, anchor: str = "la",
          bold: bool = False) -> None:
    """``Canvas.text``, from the cache (coverage in four steps), with the same record of the size."""
    if not text:
        return
    image, dx, dy = _sprite(text, size, fill, anchor, bold)
    x, y = round(xy[0]), round(xy[1])
    canvas.image.paste(image, (x + dx, y + dy), image)
    canvas.min_text = min(canvas.min_text, size)
    left, top, right, bottom = _ink(text, size, anchor, bold)
    canvas.note_text((x + left, y + top, x + right, y + bottom), text)
