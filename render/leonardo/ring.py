"""The 32-space route of Leonardo's city as a ring of cells around the centre panel.

A cell: a band at the top (its district's colour and pattern, or the colour of a square,
market or bridge) with the space's number and, on the right, a plate of plain ground for
the owner's or the office holder's chip; under it one line of words (the price, what a
visitor pays, or what the square does); then the pawns. Everything that never changes is
drawn once per locale (``static_ring``).
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from engines.leonardo.components import board, cards, district_spaces, office_at, space
from engines.leonardo.model import View
from render.leonardo.look import (
    CHIP,
    GROUND,
    LINE,
    MUTED,
    NUMBER,
    PAWN,
    SMALL,
    LeoCanvas,
    chip,
    drawable,
    fit,
)
from render.palette import INK
from render.text import catalog

RGB = tuple[int, int, int]

CW, CH, M = 108, 112, 6
WIDTH, HEIGHT = 10 * CW + 2 * M, 8 * CH + 2 * M
BAND = 40  # the band's height; the words' line follows, then the pawns
LABEL_Y = BAND + 13
PLATE = CHIP + 4
CENTRE = (M + CW, M + CH, M + 9 * CW, M + 7 * CH)

# muted band colours with a pattern each (the pattern tells districts apart without colour)
DISTRICT_LOOK: dict[str, tuple[RGB, str]] = {
    "giovanni": ((226, 204, 160), "slash"),
    "novella": ((178, 206, 164), "backslash"),
    "spirito": ((180, 196, 224), "vertical"),
    "croce": ((228, 180, 164), "horizontal"),
    "marco": ((206, 188, 218), "cross"),
    "oltrarno": ((200, 178, 150), "dots"),
}
KIND_LOOK: dict[str, tuple[RGB, str]] = {
    "square": ((212, 212, 202), "plain"),
    "market": ((234, 222, 194), "plain"),
    "bridge": ((186, 202, 212), "waves"),
}


def look_of(number: int) -> tuple[RGB, str]:
    sp = space(number)
    return DISTRICT_LOOK[sp.district] if sp.district else KIND_LOOK[sp.kind]


def cell_box(number: int) -> tuple[int, int, int, int]:
    """1..10 along the top (left to right), 11..16 down the right, 17..26 along the bottom
    (right to left), 27..32 up the left."""
    if number <= 10:
        col, row = number - 1, 0
    elif number <= 16:
        col, row = 9, number - 10
    elif number <= 26:
        col, row = 9 - (number - 17), 7
    else:
        col, row = 0, 7 - (number - 26)
    x, y = M + col * CW, M + row * CH
    return x, y, x + CW, y + CH


@cache
def band_tile(colour: RGB, pattern: str, w: int, h: int) -> Image.Image:
    """A band of ``colour`` with its pattern in a darker shade."""
    img = Image.new("RGB", (w, h), colour)
    d = ImageDraw.Draw(img)
    dark = tuple(int(c * 0.84) for c in colour)
    step = 12
    if pattern in ("slash", "cross"):
        for x in range(-h, w + h, step):
            d.line((x, h, x + h, 0), fill=dark, width=3)
    if pattern in ("backslash", "cross"):
        for x in range(-h, w + h, step):
            d.line((x, 0, x + h, h), fill=dark, width=3)
    if pattern == "vertical":
        for x in range(4, w, step):
            d.line((x, 0, x, h), fill=dark, width=3)
    if pattern == "horizontal":
        for y in range(4, h, 10):
            d.line((0, y, w, y), fill=dark, width=3)
    if pattern == "dots":
        for y in range(5, h, 10):
            for x in range(5 + (y // 10 % 2) * 5, w, 10):
                d.ellipse((x - 2, y - 2, x + 2, y + 2), fill=dark)
    if pattern == "waves":
        for y in range(8, h, 12):
            d.line([(x, y + (3 if x // 6 % 2 else -3)) for x in range(0, w + 6, 6)], fill=dark, width=2)
    return img


def plate(canvas: LeoCanvas, number: int) -> tuple[int, int]:
    """The plain ground at the band's right end; returns where a chip goes."""
    x0, y0, x1, _ = cell_box(number)
    canvas.draw.rectangle((x1 - PLATE - 3, y0 + 2, x1 - 2, y0 + PLATE + 2), fill=GROUND)
    return x1 - PLATE - 1, y0 + 4


def label(canvas: LeoCanvas, number: int, text: str, clear: bool = False) -> None:
    """The cell's line of words, under its band."""
    x0, y0, x1, _ = cell_box(number)
    if clear:
        canvas.draw.rectangle((x0 + 2, y0 + BAND + 1, x1 - 2, y0 + BAND + 26), fill=GROUND)
    canvas.text((x0 + 7, y0 + LABEL_Y), fit(text, SMALL, CW - 12), SMALL, MUTED, anchor="lm")


def seal(canvas: LeoCanvas, number: int, price: int) -> None:
    """An office not yet held: a ring with its price."""
    x, y = plate(canvas, number)
    canvas.draw.ellipse((x + 1, y + 1, x + CHIP - 1, y + CHIP - 1), fill=GROUND, outline=INK, width=2)
    canvas.text((x + CHIP / 2, y + CHIP / 2 + 1), str(price), SMALL, INK, anchor="mm", bold=True)


@cache
def static_ring(locale: str) -> LeoCanvas:
    """Every cell as it is with nobody on it and nothing owned (words in ``locale``)."""
    words = catalog(locale)
    c = cards()
    canvas = LeoCanvas(WIDTH, HEIGHT, LINE)
    for sp in board().spaces:
        x0, y0, x1, y1 = cell_box(sp.number)
        canvas.draw.rectangle((x0, y0, x1, y1), fill=GROUND, outline=LINE, width=2)
        colour, pattern = look_of(sp.number)
        canvas.image.paste(band_tile(colour, pattern, CW - 3, BAND - 1), (x0 + 2, y0 + 2))
        canvas.draw.line((x0 + 1, y0 + BAND + 1, x1 - 1, y0 + BAND + 1), fill=LINE, width=1)
        canvas.text((x0 + 7, y0 + BAND / 2 + 1), str(sp.number), NUMBER, INK, anchor="lm", bold=True)
        office = office_at(sp.number)
        if office:
            seal(canvas, sp.number, office.price)
        if sp.price is not None:
            text = words.text_of("leo.board.price", price=sp.price)
        elif sp.number == 1:
            text = words.text_of("leo.board.start", amount=c.indemnity)
        elif sp.number in c.markets:
            text = words.text_of("leo.board.market")
        elif sp.number in c.event_squares:
            text = words.text_of("leo.board.event")
        elif sp.number in c.sanctuary:
            text = words.text_of("leo.board.sanctuary")
        else:
            text = ""
        label(canvas, sp.number, text)
    return canvas


def whole_districts(view: View) -> dict[str, int]:
    """District -> the firm that owns all of it."""
    out = {}
    for d in board().districts:
        owners = {view.owner.get(n) for n in district_spaces(d.id)}
        owner = owners.pop()
        if not owners and owner is not None:
            out[d.id] = owner
    return out


def income(view: View, number: int, whole: dict[str, int]) -> int:
    """What a visitor stopping on an owned palazzo pays (the engine's rule, from the view)."""
    sp, c = space(number), cards()
    value = (sp.price or 0) // 2 * c.income_multipliers[view.art_counts.get(number, 0)]
    return value * c.district_multiplier if sp.district in whole else value


def draw_ring(canvas: LeoCanvas, view: View, marks: list[str], locale: str) -> None:
    """Owners, works of art, office holders and pawns over the static ring."""
    words = catalog(locale)
    whole = whole_districts(view)
    for number, firm in view.owner.items():
        x, y = plate(canvas, number)
        chip(canvas, x, y, firm, marks[firm])
        if space(number).kind == "bridge":
            text = words.text_of("leo.board.toll", amount=cards().bridge_toll)
        else:
            text = words.text_of("leo.board.pays", amount=income(view, number, whole))
        label(canvas, number, text, clear=True)
        _art(canvas, number, view.art_counts.get(number, 0))
    for f in view.firms:
        for number in f.offices:
            x, y = plate(canvas, number)
            chip(canvas, x, y, f.id, marks[f.id])
    by_space: dict[int, list[int]] = {}
    for f in view.firms:
        if f.active:
            by_space.setdefault(f.position, []).append(f.id)
    for number, ids in by_space.items():
        _pawns(canvas, number, sorted(ids), marks)


def _art(canvas: LeoCanvas, number: int, count: int) -> None:
    """Up to four marks for the works of art displayed, between the number and the plate."""
    x0, y0, _, _ = cell_box(number)
    for i in range(count):
        x, y = x0 + 42 + (i % 2) * 13, y0 + 8 + (i // 2) * 13
        canvas.draw.rectangle((x, y, x + 10, y + 10), fill=(214, 168, 40), outline=INK, width=1)


def _pawns(canvas: LeoCanvas, number: int, seats: list[int], marks: list[str]) -> None:
    """Pawns in one row under the words, or in two rows over them when four or more share a space."""
    x0, y0, _, y1 = cell_box(number)
    gap = (CW - 3 * PAWN) // 4  # every pawn keeps ground around it, away from the cell's frame
    if len(seats) > 3:
        canvas.draw.rectangle((x0 + 2, y0 + BAND + 2, x0 + CW - 2, y1 - 2), fill=GROUND)
        top = y0 + BAND + 3
    else:
        top = y1 - PAWN - 5
    for i, seat in enumerate(seats):
        x = x0 + gap + (i % 3) * (PAWN + gap)
        y = top + (i // 3) * (PAWN + 2)
        chip(canvas, x, y, seat, marks[seat], size=PAWN, round_=True)


def space_name(number: int) -> str:
    return drawable(space(number).name)
