"""Drawing primitives of the Bella Vista renderer: cached text stamps, colours, the town
layer and the building shapes. Everything here is pure and cheap after the first call:
text is rasterised once per (text, size) and pasted through its mask afterwards.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import PALETTE, font

RGB = tuple[int, int, int]

BG: RGB = (246, 243, 236)
INK: RGB = (34, 34, 34)
MUTED: RGB = (105, 100, 92)
FAINT: RGB = (200, 194, 182)
WHITE: RGB = (255, 255, 255)
HEADER_BG: RGB = (48, 55, 70)
GRID: RGB = (160, 150, 135)
TILE_EDGE: RGB = (55, 50, 45)
HIGHLIGHT: RGB = (230, 0, 200)
WAIT_BG: RGB = (255, 240, 180)
NEUTRAL_FILL: RGB = (150, 150, 150)

# Pale tile colours so that the four building colours stand out on every tile.
SYMBOL_FILL: dict[str | None, RGB] = {
    "Flower": (246, 214, 226),
    "Butterfly": (220, 214, 244),
    "Leaf": (222, 234, 200),
    "Sun": (252, 234, 190),
    None: (236, 230, 220),
}
PARK_FILL: RGB = (132, 190, 108)
PARK_INK: RGB = (62, 115, 52)
RIVER_FILL: RGB = (116, 168, 228)
RIVER_INK: RGB = (40, 90, 160)
RIVER_WAVE: RGB = (150, 192, 238)


def colour(name: str | None) -> RGB:
    if name is None:
        return NEUTRAL_FILL
    return PALETTE.get(name, NEUTRAL_FILL)


def letter(name: str | None) -> str:
    return name[0].upper() if name else "?"


def darker(c: RGB, f: float) -> RGB:
    return (int(c[0] * (1 - f)), int(c[1] * (1 - f)), int(c[2] * (1 - f)))


def ink_on(c: RGB) -> RGB:
    """Black or white text, whichever reads better on this fill."""
    lum = 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]
    return INK if lum > 150 else WHITE


# --- text ----------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def _stamp(text: str, size: int) -> tuple[Image.Image, int, int, int, int]:
    """The text's coverage mask, its offset from the ``la`` anchor, and its ink size."""
    f = font(size)
    left, top, right, bottom = f.getbbox(text)
    w, h = max(1, right - left), max(1, bottom - top)
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=f, fill=255)
    return mask, left, top, w, h


@lru_cache(maxsize=4096)
def text_width(text: str, size: int) -> int:
    return int(font(size).getlength(text))


def put(
    img: Image.Image, xy: tuple[float, float], text: str, size: int, fill: RGB, anchor: str = "la"
) -> int:
    """Draw text; anchors: ``la`` (like ImageDraw), ``ra`` (right end at x), ``ma``
    (centred on x, top at y), ``mm`` (ink centred on xy). Returns the advance width."""
    if not text:
        return 0
    mask, left, top, w, h = _stamp(text, size)
    x, y = xy
    if anchor == "mm":
        px, py = x - w / 2, y - h / 2
    else:
        adv = text_width(text, size)
        shift = {"l": 0, "m": adv / 2, "r": adv}[anchor[0]]
        px, py = x - shift + left, y + top
    img.paste(fill, (int(round(px)), int(round(py))), mask)
    return text_width(text, size)


@lru_cache(maxsize=2048)
def fit(text: str, size: int, width: int) -> str:
    """The text, cut with an ellipsis if it is wider than ``width``."""
    if text_width(text, size) <= width:
        return text
    while text and text_width(text + "…", size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


@lru_cache(maxsize=2048)
def wrap(text: str, size: int, width: int, lines: int) -> tuple[str, ...]:
    """Word-wrap into at most ``lines`` lines (the last one cut with an ellipsis)."""
    out: list[str] = []
    words = text.split()
    cur = ""
    for i, word in enumerate(words):
        trial = f"{cur} {word}".strip()
        if text_width(trial, size) <= width or not cur:
            cur = trial
            continue
        out.append(cur)
        cur = word
        if len(out) == lines - 1:
            cur = " ".join(words[i:])
            break
    if cur:
        out.append(fit(cur, size, width))
    return tuple(out)


# --- the town --------------------------------------------------------------------------


def tile_fill(kind: str, symbol: str | None) -> RGB:
    if kind == "park":
        return PARK_FILL
    if kind == "river":
        return RIVER_FILL
    return SYMBOL_FILL.get(symbol, SYMBOL_FILL[None])


def draw_tile(img: Image.Image, box: tuple[int, int, int, int], cell: int, tile) -> None:
    """One tile (static layer): fill, stripes or waves, a faint code in every space,
    and the tile's name in a label at its centre."""
    x0, y0, x1, y1 = box
    draw = ImageDraw.Draw(img)
    fill = tile_fill(tile.kind, tile.symbol)
    draw.rectangle(box, fill=fill)
    if tile.kind == "neighborhood" and tile.striped:
        stripe = darker(fill, 0.10)
        side = x1 - x0
        step = max(10, cell // 3)
        layer = Image.new("L", (side, side), 0)
        ld = ImageDraw.Draw(layer)
        for k in range(-side, side, step):
            ld.line([(k, side), (k + side, 0)], fill=255, width=max(3, step // 3))
        img.paste(stripe, (x0, y0), layer)
    if tile.kind == "river":
        for row in range(tile.size):
            for col in range(tile.size):
                cx = x0 + col * cell
                cy = y0 + row * cell + cell * 3 // 4
                pts = [(cx + i * cell // 6, cy + (2 if i % 2 else -2)) for i in range(7)]
                draw.line(pts, fill=RIVER_WAVE, width=2)
    if tile.kind == "park":
        for row in range(tile.size):
            for col in range(tile.size):
                cx = x0 + col * cell + cell * 3 // 4
                cy = y0 + row * cell + cell * 3 // 4
                r = max(3, cell // 9)
                draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=darker(PARK_FILL, 0.18))
    if tile.kind == "neighborhood":
        code_ink = darker(fill, 0.40)
        size = max(10, cell // 3)
        for row in range(tile.size):
            for col in range(tile.size):
                put(img, (x0 + col * cell + 4, y0 + row * cell + 3), tile.code, size, code_ink)


@lru_cache(maxsize=256)
def label_size(name: str, tile_px: int) -> int:
    """The largest text size (12..18) whose label fits inside the tile."""
    for size in range(18, 11, -1):
        if text_width(name, size) + 14 <= tile_px:
            return size
    return 11


def label_box(cx: float, cy: float, name: str, size: int) -> tuple[int, int, int, int]:
    w = text_width(name, size) + 12
    h = size + 8
    return (int(cx - w / 2), int(cy - h / 2), int(cx + w / 2), int(cy + h / 2))


def draw_tile_label(img: Image.Image, cx: float, cy: float, name: str, size: int, kind: str) -> None:
    ink = {"park": PARK_INK, "river": RIVER_INK}.get(kind, INK)
    ImageDraw.Draw(img).rounded_rectangle(label_box(cx, cy, name, size), radius=5, fill=WHITE, outline=ink)
    put(img, (cx, cy), name, size, ink, "mm")


def place_tile_label(
    img: Image.Image, tile, name: str, ox: int, oy: int, cell: int, occupied: set[tuple[int, int]]
) -> None:
    """A neighborhood's name, where no building covers it: the tile's centre, else one
    of its rows (inner rows first; centred, then left, then right); left out if every
    spot is covered (the faint code in each free space still names the tile)."""
    side = tile.size * cell
    size = label_size(name, side)
    x0, y0 = ox + tile.x * cell, oy + tile.y * cell
    half = (text_width(name, size) + 12) / 2
    xs = (x0 + side / 2, x0 + half + 3, x0 + side - half - 3)
    rows = sorted(range(tile.size), key=lambda r: (abs(r + 0.5 - tile.size / 2), r))
    spots = [(xs[0], y0 + side / 2)] + [(x, y0 + r * cell + cell / 2) for r in rows for x in xs]
    for cx, cy in spots:
        lx0, ly0, lx1, ly1 = label_box(cx, cy, name, size)
        cols = range((lx0 - ox) // cell, (lx1 - 1 - ox) // cell + 1)
        rws = range((ly0 - oy) // cell, (ly1 - 1 - oy) // cell + 1)
        if not any((c, r) in occupied for c in cols for r in rws):
            draw_tile_label(img, cx, cy, name, size, tile.kind)
            return


# --- buildings ------------------------------------------------------------------------


def _cell_box(ox: int, oy: int, cell: int, c: int, r: int, inset: int) -> tuple[int, int, int, int]:
    return (
        ox + c * cell + inset,
        oy + r * cell + inset,
        ox + (c + 1) * cell - 1 - inset,
        oy + (r + 1) * cell - 1 - inset,
    )


def fill_shape(draw: ImageDraw.ImageDraw, cells, ox: int, oy: int, cell: int, inset: int, fill: RGB) -> None:
    """The union of the cells, each shrunk by ``inset``, with the gaps between
    orthogonally adjacent cells bridged (so a building reads as one piece)."""
    cellset = {(c, r) for c, r in cells}
    for c, r in cellset:
        draw.rectangle(_cell_box(ox, oy, cell, c, r, inset), fill=fill)
        if inset <= 0:
            continue
        if (c + 1, r) in cellset:
            x = ox + (c + 1) * cell
            draw.rectangle(
                (x - inset - 1, oy + r * cell + inset, x + inset, oy + (r + 1) * cell - 1 - inset), fill=fill
            )
        if (c, r + 1) in cellset:
            y = oy + (r + 1) * cell
            draw.rectangle(
                (ox + c * cell + inset, y - inset - 1, ox + (c + 1) * cell - 1 - inset, y + inset), fill=fill
            )


def main_cell(cells) -> tuple[int, int]:
    """The cell that carries the height: the one with most neighbours in the building
    (the middle of a straight three, the corner of an L), else the first."""
    cellset = {(c, r) for c, r in cells}

    def degree(p):
        c, r = p
        return sum((c + dc, r + dr) in cellset for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)))

    ordered = sorted(cellset, key=lambda p: (p[1], p[0]))
    return max(ordered, key=degree)


def draw_building(
    img: Image.Image, b, ox: int, oy: int, cell: int, owner_colour: str | None, last: bool
) -> None:
    draw = ImageDraw.Draw(img)
    cells = [tuple(c) for c in b.cells]
    inset = max(2, cell // 12)
    if last:
        fill_shape(draw, cells, ox, oy, cell, inset - 4, HIGHLIGHT)
    fill_shape(draw, cells, ox, oy, cell, inset, INK)
    body = NEUTRAL_FILL if b.neutral else colour(b.colour)
    inner = inset + 2
    if b.roofed:  # the owner's roof tile: a band of the owner's colour round the body
        fill_shape(draw, cells, ox, oy, cell, inner, colour(owner_colour))
        inner += max(3, cell // 10)
    fill_shape(draw, cells, ox, oy, cell, inner, body)
    text_ink = ink_on(body)
    mc = main_cell(cells)
    other = next(
        p for p in sorted(cells, key=lambda p: (abs(p[0] - mc[0]) + abs(p[1] - mc[1]), p[1], p[0])) if p != mc
    )
    put(
        img,
        (ox + mc[0] * cell + cell / 2, oy + mc[1] * cell + cell / 2),
        str(b.height),
        max(12, cell * 3 // 5),
        text_ink,
        "mm",
    )
    tag = "N" if b.neutral else letter(owner_colour) + ("r" if b.roofed else "")
    size = max(10, cell * 2 // 5) if len(tag) == 1 else max(10, cell * 3 // 8)
    put(img, (ox + other[0] * cell + cell / 2, oy + other[1] * cell + cell / 2), tag, size, text_ink, "mm")
