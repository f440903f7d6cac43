"""Words drawn once and stamped many times: the Torri board's text cache.

Laying out and rasterising a line of text is most of a board's drawing time, and a board
repeats its words (marks on every level, coordinates, the same names and numbers from move to
move). So each distinct text, in a size, weight and anchor, is rendered once by FreeType as its
coverage in four steps (``canvas.text_stamp``: one layout for both the mask and where it sits,
the same letters to the eye, a lighter image), and then pasted in its colour. Pasting records
the text's size on the board's canvas as drawing it would, so the readability metrics
(``Canvas.min_text``) are the same as if every text were drawn directly.
"""

from __future__ import annotations

from functools import lru_cache

from render.canvas import RGB, Canvas, text_stamp
from render.common import ink_width


@lru_cache(maxsize=8192)
def measure(text: str, size: int, bold: bool = False) -> float:
    """How wide a text is drawn (as ``Canvas.text_width``)."""
    return ink_width(text, size, bold)


def write(canvas: Canvas, xy: tuple[float, float], text: str, size: int, fill: RGB, anchor: str = "la",
          bold: bool = False) -> None:
    """``Canvas.text``, from the cache (coverage in four steps), with the same record of the size."""
    if not text:
        return
    mask, (left, top, right, bottom) = text_stamp(text, size, anchor, bold)
    x, y = round(xy[0]), round(xy[1])
    canvas.image.paste(fill, (x + left, y + top), mask)
    canvas.min_text = min(canvas.min_text, size)
    canvas.note_text((x + left, y + top, x + right, y + bottom), text)
