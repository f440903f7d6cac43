"""Shared drawing helpers: fonts, seat colours, PNG encoding, the Renderer protocol."""

from __future__ import annotations

import io
from functools import cache
from typing import Protocol

from PIL import Image, ImageDraw, ImageFont
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


def text_size(draw: ImageDraw.ImageDraw, text: str, size: int) -> tuple[int, int]:
    left, top, right, bottom = draw.textbbox((0, 0), text, font=font(size))
    return int(right - left), int(bottom - top)


def draw_centered(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, fill) -> None:
    draw.text(xy, text, font=font(size), fill=fill, anchor="mm")


def encode_png(image: Image.Image) -> bytes:
    """The one PNG encoder every image goes through (the benchmark's baseline)."""
    buf = io.BytesIO()
    image.save(buf, format="PNG", compress_level=6)
    return buf.getvalue()


# Seat colours shared by the games' renderers, readable on a light background.
PALETTE: dict[str, tuple[int, int, int]] = {
    "red": (200, 40, 40),
    "blue": (40, 90, 200),
    "green": (40, 150, 60),
    "yellow": (225, 185, 20),
    "purple": (130, 60, 170),
    "orange": (235, 120, 20),
    "black": (30, 30, 30),
    "white": (245, 245, 245),
    "neutral": (190, 160, 120),
}
