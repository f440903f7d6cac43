"""Shared drawing helpers: the font, image encoding, the Renderer protocol (the player colours are
render/palette.py's)."""

from __future__ import annotations

import importlib.resources
import io
import math
from functools import cache, lru_cache
from typing import Protocol

from PIL import Image, ImageChops, ImageFont
from pydantic import BaseModel


class Renderer(Protocol):
    """What the registry needs from a game's renderer. Pure: a view in, an image out."""

    def board(self, view: BaseModel, names: list[str]) -> Image.Image:
        """The public board (also used for a seat's view: the view decides what shows)."""
        ...

    def private(self, view: BaseModel, names: list[str]) -> Image.Image | None:
        """A picture of one seat's private information (a hand), or None if the game has none."""
        ...


WIDE_FONT_FILE = "DejaVuSansCondensed.ttf"  # render/fonts/, with its licence (DejaVu-LICENSE.txt)


@cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's bundled scalable font (Aileron): present on every machine, no system fonts
    needed. It has no accented letters: draw and measure through ``font_for``."""
    return ImageFont.load_default(size=size)


@cache
def wide_font(size: int) -> ImageFont.FreeTypeFont:
    data = importlib.resources.files("render").joinpath("fonts", WIDE_FONT_FILE).read_bytes()
    return ImageFont.truetype(io.BytesIO(data), size, layout_engine=ImageFont.Layout.BASIC)


def letters_of(f: ImageFont.FreeTypeFont | ImageFont.ImageFont) -> frozenset[str]:
    """The characters (up to U+2200) ``f`` draws as something other than its missing-glyph box."""
    def look(c: str) -> tuple:
        mask = f.getmask(c)
        return mask.size, bytes(mask)

    tofu = look("\U0010ffff")
    return frozenset(chr(c) for c in range(32, 0x2200) if look(chr(c)) != tofu)


@cache
def _aileron_letters() -> frozenset[str]:
    return letters_of(font(40))


@cache
def wide_letters() -> frozenset[str]:
    """What ``font_for`` can draw at all: the wide font's letters (a superset of Aileron's)."""
    return letters_of(wide_font(40))


@lru_cache(maxsize=16384)
def font_for(text: str, size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The font to draw ``text`` in: Aileron when it has every letter (English, and most
    names), else DejaVu Sans Condensed, shipped with the package, which has every letter of
    Portuguese and Italian ("Última", "Novità") at nearly Aileron's widths."""
    letters = _aileron_letters()
    return font(size) if all(c in letters for c in text) else wide_font(size)


IMAGE_SUFFIX = ".webp"  # the file name ending of every image sent (what ``encode_image`` writes)


def encode_image(image: Image.Image) -> bytes:
    """The one encoder every board and hand image goes through: a lossless WebP.

    The boards are flat drawings (fills, patterns, text stamped in four shades of coverage) of a
    few dozen colours; libwebp's lossless mode keeps every pixel exactly (it maps such a picture
    onto its own palette by itself) in about 0.45-0.55 of the bytes of a 24-bit PNG at level 6
    (``encode_png_rgb``, the benchmark's reference), against 0.60-0.62 for the palette PNG sent
    before. Method 1 with quality 20 is libwebp's fast search: from quality 25 it adds an optimal
    parse that saves another 12% at twice the encoding time, more than the reference's. Discord
    shows a ``.webp`` attachment inline like a PNG (``IMAGE_SUFFIX``).
    """
    if image.mode not in ("RGB", "RGBA"):
        image = image.convert("RGBA" if "A" in image.getbands() else "RGB")
    buf = io.BytesIO()
    image.save(buf, format="WEBP", lossless=True, method=1, quality=20, exact=True)
    return buf.getvalue()


def encode_png_rgb(image: Image.Image) -> bytes:
    """A 24-bit (or 32-bit) PNG at level 6: the reference the benchmark and the fidelity test
    compare ``encode_image`` with (what every image was sent as before the palette PNG)."""
    buf = io.BytesIO()
    image.save(buf, format="PNG", compress_level=6)
    return buf.getvalue()


def fidelity(image: Image.Image, encoded: bytes) -> tuple[float, int]:
    """How faithfully ``encoded`` (a PNG, a WebP: whatever Pillow reads) keeps ``image``: the PSNR
    in dB (inf when identical) and the largest error of any channel of any pixel, decoded against
    the drawing itself."""
    mode = "RGBA" if image.mode == "RGBA" else "RGB"
    decoded = Image.open(io.BytesIO(encoded)).convert(mode)
    original = image.convert(mode)
    if decoded.size != original.size:
        raise ValueError(f"sizes differ: {decoded.size} decoded, {original.size} drawn")
    diff = ImageChops.difference(original, decoded)
    extrema = diff.getextrema()  # (low, high) per band
    worst = max(int(band[1]) for band in extrema if isinstance(band, tuple))
    squared = sum(count * (level % 256) ** 2 for level, count in enumerate(diff.histogram()))
    mse = squared / (original.width * original.height * len(mode))
    return (math.inf if mse == 0 else 10 * math.log10(255**2 / mse)), worst
