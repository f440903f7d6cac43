"""Player colours every title shares, chosen for colour-blind players.

Every two of the first four stay at least 28 CIEDE2000 apart in normal vision and under
simulated protanopia, deuteranopia and tritanopia (Machado et al. 2009), and all six at least
23 apart (Leonardo has six players). A colour never carries a player alone: each seat also has
a shape (``SHAPES``: square, triangle, star, heart, circle, cross), the same on every piece, in
every legend and in chat (``CHAT_CHIPS``: the emoji of that shape nearest to the colour), so a
mark is never a letter that a board's coordinates could be read into. See
tests/render/colour_science.py.
"""

from __future__ import annotations

import math
from functools import cache, lru_cache

from PIL import Image, ImageDraw

RGB = tuple[int, int, int]

PLAYER_COLOURS: tuple[RGB, ...] = (
    (0x33, 0xBB, 0xEE),  # cyan (Tol vibrant)
    (0xCC, 0x33, 0x11),  # red (Tol vibrant)
    (0xF0, 0xE4, 0x42),  # yellow (Okabe-Ito)
    (0x6A, 0x3D, 0x9A),  # purple (ColorBrewer Paired)
    (0x00, 0x00, 0x00),  # black
    (0x88, 0x88, 0x88),  # grey
)
SHAPES = ("square", "triangle", "star", "heart", "circle", "cross")  # each seat's mark (``seat_mark``)
CHAT_CHIPS = ("🟦", "🔺", "⭐", "💜", "⚫", "➕")  # the same shape in chat, the emoji nearest each colour
INK: RGB = (30, 28, 26)
PAPER: RGB = (255, 255, 255)


def player_colour(seat: int) -> RGB:
    return PLAYER_COLOURS[seat]


@cache
def ink_on(rgb: RGB) -> RGB:
    """Dark text on light fills, white text on dark ones (by relative luminance; remembered: a
    board asks for the same few fills hundreds of times)."""
    r, g, b = (c / 255 for c in rgb)
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return INK if luminance > 0.45 else PAPER


SUPER = 4  # shapes are drawn this many times larger, then scaled down: smooth edges


def _outline(shape: str, size: float) -> list[tuple[float, float]]:
    """The corners of ``shape`` inside a ``size`` square (a circle is drawn as an ellipse)."""
    c, r = size / 2, size / 2
    if shape == "square":
        k = size * 0.1
        return [(k, k), (size - k, k), (size - k, size - k), (k, size - k)]
    if shape == "triangle":
        return [(c, size * 0.02), (size * 0.99, size * 0.92), (size * 0.01, size * 0.92)]
    if shape == "star":
        return [(c + (r if i % 2 == 0 else r * 0.48) * math.sin(i * math.pi / 5),
                 c * 1.06 - (r if i % 2 == 0 else r * 0.48) * math.cos(i * math.pi / 5)) for i in range(10)]
    if shape == "heart":
        pts = []
        for i in range(64):
            t = 2 * math.pi * i / 64
            x = 16 * math.sin(t) ** 3
            y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
            pts.append((c + x * size / 34, size * 0.45 - y * size / 34))
        return pts
    if shape == "cross":
        a, b = size * 0.33, size * 0.67
        return [(a, 0), (b, 0), (b, a), (size, a), (size, b), (b, b), (b, size), (a, size), (a, b), (0, b),
                (0, a), (a, a)]
    return []


@lru_cache(maxsize=512)
def mark_sprite(seat: int, size: int, fill: RGB | None = None, outline: RGB = INK) -> Image.Image:
    """The seat's shape, ``size`` px square, filled with its colour (or ``fill``) and outlined,
    on transparency: paste it with itself as the mask."""
    shape = SHAPES[seat % len(SHAPES)]
    big = size * SUPER
    colour = player_colour(seat) if fill is None else fill
    line = max(2, round(size / 14)) * SUPER
    body, rim = Image.new("L", (big, big), 0), Image.new("L", (big, big), 0)  # the whole shape; its outline
    for mask, inside in ((body, 255), (rim, None)):
        draw = ImageDraw.Draw(mask)
        if shape == "circle":
            k = big * 0.06
            draw.ellipse((k, k, big - k, big - k), fill=inside, outline=255, width=line)
        else:
            pts = [(x + line / 2, y + line / 2) for x, y in _outline(shape, big - line)]
            draw.polygon(pts, fill=inside, outline=255, width=line)
    # each mask averaged down and kept in four steps of coverage, as text is stamped
    # (render.canvas.COVERAGE_STEPS): the same smooth edges to the eye, and a sprite of at most
    # four colours (fill, outline, two blends) in four opacities, where a resampled one had
    # dozens: a board stays within a palette of 256 colours, which the encoder packs best
    steps = [round(round(a * 3 / 255) * 255 / 3) for a in range(256)]
    coverage = body.resize((size, size), Image.Resampling.BOX).point(steps)
    outline_cover = rim.resize((size, size), Image.Resampling.BOX).point(steps)
    small = Image.new("RGB", (size, size), colour)
    small.paste(outline, (0, 0), outline_cover)
    small = small.convert("RGBA")
    small.putalpha(coverage)
    return small


def seat_mark(image: Image.Image, x: float, y: float, seat: int, size: int, fill: RGB | None = None,
              outline: RGB = INK) -> tuple[int, int, int, int]:
    """Paste the seat's shape with its top-left corner at (x, y); returns its box."""
    sprite = mark_sprite(seat, size, fill, outline)
    x, y = round(x), round(y)
    image.paste(sprite, (x, y), sprite)
    return (x, y, x + size, y + size)


def silhouette(image: Image.Image, x: float, y: float, seat: int, size: int) -> tuple[int, int, int, int]:
    """The seat's shape on something of the seat's own colour (a building, a card, a piece): solid,
    in ink or white, whichever reads on that colour, not the colour outlined on itself (a 2 px
    outline, all a reviewer saw of it at 550 px)."""
    solid = ink_on(player_colour(seat))
    return seat_mark(image, x, y, seat, size, fill=solid, outline=solid)

