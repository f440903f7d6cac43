"""Shared drawing helpers: the font, PNG encoding, the Renderer protocol (the player colours are
render/palette.py's)."""

from __future__ import annotations

import io
from functools import cache
from typing import Protocol

from PIL import Image, ImageFont
from pydantic import BaseModel


class Renderer(Protocol):
    """What the registry needs from a game's renderer. Pure: a view in, an image out."""

    def board(self, view: BaseModel, names: list[str]) -> Image.Image:
        """The public board (also used for a seat's view: the view decides what shows)."""
        ...

    def private(self, view: BaseModel, names: list[str]) -> Image.Image | None:
        """A picture of one seat's private information (a hand), or None if the game has none."""
        ...


@cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's bundled scalable font: present on every machine, no system fonts needed."""
    return ImageFont.load_default(size=size)


def encode_png(image: Image.Image) -> bytes:
    """The one PNG encoder every image goes through (the benchmark's baseline)."""
    buf = io.BytesIO()
    image.save(buf, format="PNG", compress_level=6)
    return buf.getvalue()

