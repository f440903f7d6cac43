"""The four neighborhood symbols (Flower, Butterfly, Leaf, Sun) as coverage masks, drawn with
Pillow's shapes at four times the size and scaled down (smooth edges at any size)."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render.canvas import COVERAGE_STEPS

SYMBOLS = ("Flower", "Butterfly", "Leaf", "Sun")


@lru_cache(maxsize=64)
def glyph(symbol: str, size: int) -> Image.Image:
    """An ``L`` mask ``size`` px square; unknown symbols give a plain dot."""
    big = size * 4
    mask = Image.new("L", (big, big), 0)
    d = ImageDraw.Draw(mask)
    c = big / 2
    draw = _SHAPES.get(symbol, _dot)
    draw(d, c, big)
    return mask.resize((size, size), Image.Resampling.LANCZOS).point(COVERAGE_STEPS)


def _dot(d: ImageDraw.ImageDraw, c: float, big: int) -> None:
    r = big * 0.2
    d.ellipse((c - r, c - r, c + r, c + r), fill=255)


def _flower(d: ImageDraw.ImageDraw, c: float, big: int) -> None:
    petal, ring = big * 0.19, big * 0.27
    for k in range(5):
        a = -math.pi / 2 + k * 2 * math.pi / 5
        x, y = c + ring * math.cos(a), c + ring * math.sin(a)
        d.ellipse((x - petal, y - petal, x + petal, y + petal), fill=255)
    r = big * 0.1
    d.ellipse((c - r, c - r, c + r, c + r), fill=0)


def _ellipse(cx: float, cy: float, rx: float, ry: float, angle: float) -> list[tuple[float, float]]:
    ca, sa = math.cos(angle), math.sin(angle)
    pts = []
    for k in range(36):
        t = k * math.pi / 18
        x, y = rx * math.cos(t), ry * math.sin(t)
        pts.append((cx + x * ca - y * sa, cy + x * sa + y * ca))
    return pts


def _butterfly(d: ImageDraw.ImageDraw, c: float, big: int) -> None:
    s = big / 2
    for side in (-1, 1):  # wings tilted away from the body, the upper ones larger
        d.polygon(_ellipse(c + side * s * 0.48, c - s * 0.36, s * 0.5, s * 0.34, side * -0.6), fill=255)
        d.polygon(_ellipse(c + side * s * 0.38, c + s * 0.42, s * 0.36, s * 0.24, side * 0.7), fill=255)
    d.rectangle((c - s * 0.05, c - s * 0.95, c + s * 0.05, c + s * 0.9), fill=0)  # the gap round the body
    d.ellipse((c - s * 0.09, c - s * 0.6, c + s * 0.09, c + s * 0.7), fill=255)  # the body


def _leaf(d: ImageDraw.ImageDraw, c: float, big: int) -> None:
    s = big / 2 * 0.95
    pts = []
    for k in range(41):  # a lens between two arcs, tip to tip along the diagonal
        t = -1 + k / 20
        w = 0.45 * (1 - t * t)
        pts.append((t, w))
    outline = [(t, w) for t, w in pts] + [(t, -w) for t, w in reversed(pts)]
    rot = math.pi / 4
    poly = [(c + s * (t * math.cos(rot) - w * math.sin(rot)), c + s * (t * math.sin(rot) + w * math.cos(rot)))
            for t, w in outline]
    d.polygon(poly, fill=255)
    d.line((c - s * 0.7, c - s * 0.7, c + s * 0.75, c + s * 0.75), fill=0, width=max(2, big // 22))


def _sun(d: ImageDraw.ImageDraw, c: float, big: int) -> None:
    r = big * 0.2
    d.ellipse((c - r, c - r, c + r, c + r), fill=255)
    inner, outer, half = big * 0.27, big * 0.47, math.pi / 16
    for k in range(8):
        a = k * math.pi / 4
        d.polygon([(c + inner * math.cos(a - half), c + inner * math.sin(a - half)),
                   (c + outer * math.cos(a), c + outer * math.sin(a)),
                   (c + inner * math.cos(a + half), c + inner * math.sin(a + half))], fill=255)


_SHAPES = {"Flower": _flower, "Butterfly": _butterfly, "Leaf": _leaf, "Sun": _sun}


@lru_cache(maxsize=32)
def stripes(side: int, step: int) -> Image.Image:
    """An ``L`` mask of diagonal stripes over a square (the striped neighborhoods)."""
    mask = Image.new("L", (side, side), 0)
    d = ImageDraw.Draw(mask)
    for k in range(-side, 2 * side, step):
        d.line([(k, side), (k + side, 0)], fill=255, width=max(2, step // 2))
    return mask
