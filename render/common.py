"""Shared drawing helpers: the font, image encoding, the Renderer protocol (the player colours are
render/palette.py's)."""

from __future__ import annotations

import importlib.resources
import io
import math
from collections.abc import Callable
from functools import cache
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


FONT_FILES = {False: "NotoSans-Regular.ttf", True: "NotoSans-Bold.ttf"}  # render/fonts/, Noto-LICENSE.txt
CAP_INLINE_MIN = 8  # px: the smallest capital letter once an image is shown 550 px wide


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """Noto Sans, the one typeface of every image (regular, or its bold weight), shipped in
    ``render/fonts/`` with its licence: every letter of Latin scripts, so a line never mixes
    two typefaces. Laid out by FreeType alone (no Raqm): the same on every machine."""
    data = importlib.resources.files("render").joinpath("fonts", FONT_FILES[bold]).read_bytes()
    return ImageFont.truetype(io.BytesIO(data), size, layout_engine=ImageFont.Layout.BASIC)


def font_for(text: str, size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The font to draw ``text`` in: always Noto Sans at ``size`` (kept for the callers that
    name the text they measure)."""
    return font(size, bold)


# --- measuring text without laying it out again --------------------------------------------------
# Pillow measures a string by loading (and hinting) every glyph of it again: about 15 us a letter,
# most of a board's drawing time when lines are wrapped word by word. With FreeType's basic layout
# (no shaping, and Noto Sans has no legacy 'kern' table) a line's advance is the sum of its letters'
# advances and its ink runs from the first letter's left edge to the last letter's right edge
# after the others' advances, so both come from per-letter figures measured once
# (tests/render/test_measure.py checks them against Pillow on every catalog's words).


@cache
def _advance(c: str, size: int, bold: bool) -> float:
    return font(size, bold).getlength(c)


@cache
def _ink_x(c: str, size: int, bold: bool) -> tuple[float, float]:
    left, _, right, _ = font(size, bold).getbbox(c)
    return left, right


def advance(text: str, size: int, bold: bool = False) -> float:
    """``font(size, bold).getlength(text)``, from per-letter advances."""
    return sum(_advance(c, size, bold) for c in text)


def ink_span(text: str, size: int, bold: bool = False) -> tuple[float, float]:
    """The left and right of ``font(size, bold).getbbox(text)`` (anchor "la"), from per-letter figures."""
    if not text:
        return font(size, bold).getbbox(text)[0::2]
    return _ink_x(text[0], size, bold)[0], advance(text[:-1], size, bold) + _ink_x(text[-1], size, bold)[1]


def ink_width(text: str, size: int, bold: bool = False) -> float:
    """How wide ``text``'s ink box is (right less left of ``getbbox``)."""
    left, right = ink_span(text, size, bold)
    return right - left


@cache
def cap_height(size: int) -> int:
    """How tall a capital letter is drawn at ``size`` (the ink box of "H", in whole pixels as
    FreeType renders it): what a reader sees, which the em size overstates by a third."""
    _, top, _, bottom = font(size).getbbox("H")
    return int(bottom - top)


def letters_of(f: ImageFont.FreeTypeFont | ImageFont.ImageFont) -> frozenset[str]:
    """The characters (up to U+2200) ``f`` draws as something other than its missing-glyph box."""
    def look(c: str) -> tuple:
        mask = f.getmask(c)
        return mask.size, bytes(mask)

    tofu = look("\U0010ffff")
    return frozenset(chr(c) for c in range(32, 0x2200) if look(chr(c)) != tofu)


@cache
def wide_letters() -> frozenset[str]:
    """What the images can draw at all: Noto Sans's letters (both weights have the same)."""
    return letters_of(font(40))


def name_that_fits(name: str, fits: Callable[[str], bool]) -> str:
    """A player's name where it may not fit whole: the whole name if ``fits`` says so, else as many
    of its first words as fit ("Maximiliano Bartolomeu Ferreira!" -> "Maximiliano Bartolomeu"), no
    short lowercase particle left hanging ("Anne-Marguerite de" -> "Anne-Marguerite"); the name
    unchanged when not even its first word fits (the caller cuts it then). Never a name cut in
    the middle of a word while a shorter form of it fits."""
    words = name.split()
    if fits(name) or len(words) < 2:
        return name
    for n in range(len(words) - 1, 0, -1):
        kept = words[:n]
        while len(kept) > 1 and kept[-1].islower() and len(kept[-1]) <= 3:
            kept = kept[:-1]
        if fits(" ".join(kept)):
            return " ".join(kept)
    return name


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
