"""The 32-space route of Leonardo's city as a ring of cells around the centre panel.

A cell: a band at the top (its district's colour and pattern, or the colour of a square,
market or bridge) with the space's number and, on the right, a plate of plain ground for
the owner's house or the office's seal; under it one or two lines of words (the price, what a
visitor pays, or what the square does, never cut); under them the pawns, as large as the room
left allows (24 px at 550 for one or two), and in the last place the works of art displayed there
(a gold frame with their number). The last move is drawn over the ring, a bar across the top of each
space left of its plate (7 and 9 px tall at 550): dashed on the spaces the marker went through, whole
and thicker where it landed or a palazzo changed hands; the space at stake (offered, auctioned, a market
open) has one striped in gold and ink (``route.py``). What never changes is drawn once per locale.
"""

from __future__ import annotations

from functools import cache, lru_cache

from PIL import Image, ImageDraw

from engines.leonardo.components import board, cards, district_spaces, office_at, space
from engines.leonardo.model import View
from render.canvas import text_stamp
from render.leonardo.look import (
    ART,
    CHIP,
    GROUND,
    LINE,
    MUTED,
    NUMBER,
    OWNER_W,
    PAWN,
    SMALL,
    LeoCanvas,
    drawable,
    fit,
    owner,
    pawn,
    width,
)
from render.leonardo.route import at_stake, named, route_bar, stake_bar
from render.palette import INK, player_colour, seat_mark
from render.text import Catalog, catalog

RGB = tuple[int, int, int]

CW, CH, M = 108, 130, 6
WIDTH, HEIGHT = 10 * CW + 2 * M, 8 * CH + 2 * M
BAND = 40  # the band's height; the words' lines follow, then the pawns
LABEL_Y = BAND + 13  # the middle of the first line of words
LABEL_STEP = 23  # to the second
LABEL_X = 2  # where the words start (the letters' own bearing keeps their ink 1-2 px further right)
PLATE = CHIP + 4
OWNER_PLATE = OWNER_W + 4  # an owner's house is wider than an office's seal
NUMBER_Y = BAND - 9  # the middle of the space's number: under the route's bar (route.LANDED tall)
SPACE_NUMBER = NUMBER - 2  # the space's number: its capitals 8.7 px at 550, under the route's bar in the band
HOLDER = 28  # an office holder's shape, beside the seal
HELD_RING = 4  # the holder's colour inside a held seal's ink
PAWN_BIG = 48  # a pawn where its cell has room (one or two on it): 24 px at 550
PAWN_SIZES = (PAWN_BIG, 44, 40, 36, 34, PAWN)  # the largest that fits is drawn; PAWN: 16 px at 550
PAWN_SIDE, PAWN_GAP, PAWN_FOOT = 3, 3, 3  # from the cell's sides, between pawns, from its foot
ART_MARK = 36  # the gold frame of the works of art on a space (16 px at 550), their number in it
CENTRE = (M + CW, M + CH, M + 9 * CW, M + 7 * CH)

# muted band colours with a pattern each (the pattern tells districts apart without colour)
DISTRICT_LOOK: dict[str, tuple[RGB, str]] = {
    "giovanni": ((226, 204, 160), "slash"),
    "novella": ((178, 206, 164), "backslash"),
    "spirito": ((180, 196, 224), "vertical"),
    "croce": ((228, 180, 164), "horizontal"),
    "marco": ((240, 190, 230), "cross"),
    "oltrarno": ((150, 140, 200), "dots"),
}
KIND_LOOK: dict[str, tuple[RGB, str]] = {
    "square": ((212, 212, 202), "plain"),
    "market": ((234, 222, 194), "plain"),
    "bridge": ((180, 240, 240), "waves"),
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


def swatch(canvas: LeoCanvas, x: float, y: float, district: str, w: int, h: int, frame: int = 1) -> None:
    """A district's band (its colour and pattern) framed in ink, ``w`` by ``h`` from (x, y): the
    legend's key and a player's row."""
    colour, pattern = look_of(district_spaces(district)[0])
    canvas.image.paste(band_tile(colour, pattern, w, h), (int(x), int(y)))
    canvas.draw.rectangle((x, y, x + w, y + h), outline=INK, width=frame)


def plate(canvas: LeoCanvas, number: int, w: int = PLATE) -> tuple[int, int]:
    """The plain ground at the band's right end, ``w`` wide; returns where a chip goes."""
    x0, y0, x1, _ = cell_box(number)
    canvas.draw.rectangle((x1 - w - 3, y0 + 2, x1 - 2, y0 + PLATE + 2), fill=GROUND)
    return x1 - w - 1, y0 + 4


@lru_cache(maxsize=1024)
def _ink_right(text: str) -> int:
    """How far right of where it is drawn a cell's line of words puts ink (its advance
    overstates it by the last letter's bearing)."""
    mask, (left, _, _, _) = text_stamp(text, SMALL, "lm", False)
    box = mask.getbbox()
    return left + (box[2] if box else 0)


def label_lines(text: str) -> list[str]:
    """The cell's words as drawn: one line where its ink fits between the cell's sides ("sanctuary",
    a bridge's toll), or two."""
    if LABEL_X + _ink_right(text) <= CW - 3:
        return [text]
    return _two(text, CW - LABEL_X - 3)


def label(canvas: LeoCanvas, number: int, text: str, clear: bool = False) -> None:
    """The cell's words under its band: one line, or two where one is too narrow."""
    x0, y0, x1, _ = cell_box(number)
    if clear:
        canvas.erase((x0 + 2, y0 + BAND + 2, x1 - 2, y0 + BAND + 2 * LABEL_STEP + 2), GROUND)
    for k, line in enumerate(label_lines(text)):
        canvas.text((x0 + LABEL_X, y0 + LABEL_Y + k * LABEL_STEP), line, SMALL, MUTED, anchor="lm")


def label_bottom(text: str) -> float:
    """How far below the cell's top its words' ink reaches (the band's foot without words)."""
    lines = label_lines(text) if text else []
    if not lines:
        return BAND + 2
    return LABEL_Y + (len(lines) - 1) * LABEL_STEP + text_stamp(lines[-1], SMALL, "lm", False)[1][3]


def _two(text: str, room: float) -> list[str]:
    words = text.split()
    for cut in range(len(words) - 1, 0, -1):
        first, second = " ".join(words[:cut]), " ".join(words[cut:])
        if width(first, SMALL) <= room:
            return [first, fit(second, SMALL, room)]
    return [fit(text, SMALL, room)]


def seal(canvas: LeoCanvas, number: int, price: int, holder: int | None = None) -> None:
    """An office on its cell's plate (``seal_at``); a held one over the free seal of the static layer."""
    x, y = plate(canvas, number)
    if holder is not None:
        canvas.erase((x - 1, y - 1, x + CHIP + 1, y + CHIP + 1), GROUND)
    seal_at(canvas, x, y, price, holder)


def seal_at(canvas: LeoCanvas, x: float, y: float, price: int, holder: int | None = None, key: bool = True) -> None:
    """An office: a seal with its price, in a CHIP square from (x, y); once held, ringed in the
    holder's colour inside its ink, its price muted, the holder's shape beside it on the left (the
    seal's face stays pale: a seal filled with a player's colour read as that player's piece in the key).
    The ring and the key draw it alike."""
    box = (x + 1, y + 1, x + CHIP - 1, y + CHIP - 1)
    canvas.draw.ellipse(box, fill=GROUND, outline=INK, width=2)
    if holder is not None:
        canvas.draw.ellipse((box[0] + 2, box[1] + 2, box[2] - 2, box[3] - 2), outline=player_colour(holder),
                            width=HELD_RING)
    canvas.note_piece(box, "seal", key=False)
    with canvas.inside(box):
        canvas.text((x + CHIP / 2, y + CHIP / 2 + 1), str(price), SMALL, INK if holder is None else MUTED,
                    anchor="mm", bold=True)
    if holder is not None:
        seat_mark(canvas.image, x - HOLDER - 3, y + (CHIP - HOLDER) / 2, holder, HOLDER)
        canvas.note_piece((x - HOLDER - 3, y + (CHIP - HOLDER) / 2, x - 3, y + (CHIP + HOLDER) / 2), "holder",
                          key=False)


def space_words(number: int, words: Catalog) -> str:
    """What a cell says while nobody owns it: its price, or what the square does."""
    sp, c = space(number), cards()
    if sp.price is not None:
        return words.text_of("leo.board.price", price=sp.price)
    if number == 1:
        return words.text_of("leo.board.start", amount=c.indemnity)
    if number in c.markets:
        return words.text_of("leo.board.market")
    if number in c.event_squares:
        return words.text_of("leo.board.event")
    if number in c.sanctuary:
        return words.text_of("leo.board.sanctuary")
    return ""


@cache
def static_ring(locale: str) -> LeoCanvas:
    """Every cell as it is with nobody on it and nothing owned (words in ``locale``)."""
    words = catalog(locale)
    canvas = LeoCanvas(WIDTH, HEIGHT, LINE)
    for sp in board().spaces:
        x0, y0, x1, y1 = cell_box(sp.number)
        canvas.draw.rectangle((x0, y0, x1, y1), fill=GROUND, outline=LINE, width=2)
        colour, pattern = look_of(sp.number)
        canvas.image.paste(band_tile(colour, pattern, CW - 3, BAND - 1), (x0 + 2, y0 + 2))
        canvas.draw.line((x0 + 1, y0 + BAND + 1, x1 - 1, y0 + BAND + 1), fill=LINE, width=1)
        canvas.text((x0 + 7, y0 + NUMBER_Y), str(sp.number), SPACE_NUMBER, INK, anchor="lm", bold=True)
        office = office_at(sp.number)
        if office:
            seal(canvas, sp.number, office.price)
        text = space_words(sp.number, words)
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
    """The last move, the space at stake, owners, works of art, office holders and pawns over
    the static ring."""
    words = catalog(locale)
    whole = whole_districts(view)
    trail(canvas, view)
    said = {}  # what each owned cell says now
    for number, firm in view.owner.items():
        x, y = plate(canvas, number, OWNER_PLATE)
        owner(canvas, x, y - 1, firm)
        if space(number).kind == "bridge":
            said[number] = words.text_of("leo.board.toll", amount=cards().bridge_toll)
        else:
            said[number] = words.text_of("leo.board.pays", amount=income(view, number, whole))
        label(canvas, number, said[number], clear=True)
    for f in view.firms:
        for number in f.offices:
            office = office_at(number)
            if office is not None:
                seal(canvas, number, office.price, f.id)
    by_space: dict[int, list[int]] = {}
    for f in view.firms:
        if f.active:
            by_space.setdefault(f.position, []).append(f.id)
    for number in set(by_space) | {n for n, c in view.art_counts.items() if c}:
        text = said.get(number, space_words(number, words))
        _bottom(canvas, number, sorted(by_space.get(number, [])), view.art_counts.get(number, 0), text)


def moves(view: View) -> list[tuple[int, int, int]]:
    """The last action's moves on the ring, each as (from, to, direction), from its public events."""
    out = []
    for m in view.last_events:
        if m.key in ("leo.event.moved", "leo.event.office_moved"):
            steps, dest = int(m.params["steps"]), int(m.params["space"])
            out.append(((dest - steps - 1) % 32 + 1, dest, 1 if steps >= 0 else -1))
    return out


def trail(canvas: LeoCanvas, view: View) -> None:
    """Bars across the top of the cells, left of the plate (clear of every piece and of the
    space's number): a dashed one on each space the last move went through, a thick one where it
    landed, a gold and ink striped one on the space at stake (``route.py``)."""
    for start, dest, step in moves(view):
        n = start
        while n != dest:
            n = (n - 1 + step) % 32 + 1
            route_bar(canvas.image, cell_box(n)[0] + 2, cell_box(n)[1] + 2, _bar_end(view, n), n == dest)
    for n in named(view):  # where a move that moved no pawn happened, as where one landed
        route_bar(canvas.image, cell_box(n)[0] + 2, cell_box(n)[1] + 2, _bar_end(view, n), True)
    stake = at_stake(view)
    if stake:
        stake_bar(canvas.image, cell_box(stake)[0] + 2, cell_box(stake)[1] + 2, _bar_end(view, stake))


def _bar_end(view: View, number: int) -> int:
    """Where a bar across the cell's top ends: before its plate (an owner's house or an office's
    seal stands there), or at its right side."""
    x1 = cell_box(number)[2]
    if number in view.owner:
        return x1 - OWNER_PLATE - 6
    return x1 - PLATE - 6 if office_at(number) else x1 - 2


def pawn_grid(seats: int, art: bool, text: str) -> tuple[int, int, int, bool]:
    """How a cell's pawns (and its works of art, in the last place) stand in the room under its
    words: (size, columns, rows, whether the words must give way). As large as that room allows,
    ``PAWN_BIG`` for one or two; never under ``PAWN`` (a crowded start space gives its words up)."""
    items = seats + art
    for room_top, gives_way in ((label_bottom(text) + 3, False), (BAND + 3, True)):
        room_h = CH - PAWN_FOOT - room_top
        for size in PAWN_SIZES:
            cols = int((CW - 2 * PAWN_SIDE + PAWN_GAP) // (size + PAWN_GAP))
            rows = int((room_h + PAWN_GAP) // (size + PAWN_GAP))
            if cols * rows >= items:
                need = -(-items // cols)
                return size, cols, need, gives_way
    return PAWN, 3, 2, True


def pawn_beside(seats: int, art: bool, text: str) -> tuple[int, int, int, int] | None:
    """Pawns right of a short second line of words ("rendita" / "280") instead of under it, where
    larger there (a pawn shrunk under two lines of Italian): (size, columns, rows, left) or None."""
    lines = label_lines(text) if text else []
    if len(lines) != 2:
        return None
    room_top = LABEL_Y + text_stamp(lines[0], SMALL, "lm", False)[1][3] + 3
    left = LABEL_X + _ink_right(lines[1]) + 6
    room_w, room_h = CW - PAWN_SIDE - left, CH - PAWN_FOOT - room_top
    for size in PAWN_SIZES:
        cols = int((room_w + PAWN_GAP) // (size + PAWN_GAP))
        rows = int((room_h + PAWN_GAP) // (size + PAWN_GAP))
        if cols and cols * rows >= seats + art:
            return size, cols, -(-(seats + art) // cols), int(left)
    return None


def _bottom(canvas: LeoCanvas, number: int, seats: list[int], art: int, text: str) -> None:
    """The pawns under the cell's words, from the left, as large as the room there allows, the
    works of art in the last place (bottom right); in a crowd too large for that room the words
    give way."""
    x0, y0, x1, y1 = cell_box(number)
    size, cols, rows, gives_way = pawn_grid(len(seats), bool(art), text)
    left = PAWN_SIDE
    beside = pawn_beside(len(seats), bool(art), text)
    if beside is not None and beside[0] > size:
        (size, cols, rows, left), gives_way = beside, False
    top = y1 - PAWN_FOOT - rows * size - (rows - 1) * PAWN_GAP
    if gives_way:
        canvas.erase((x0 + 2, y0 + BAND + 2, x1 - 2, y1 - 2), GROUND)
    slots = [(x0 + left + c * (size + PAWN_GAP), top + r * (size + PAWN_GAP))
             for r in range(rows) for c in range(cols)]
    if art:
        ax, ay = slots.pop()
        mark = min(size, ART_MARK)
        art_mark(canvas, ax + size - mark, ay + size - mark, art, mark)
    for seat, (x, y) in zip(seats, slots, strict=False):
        pawn(canvas, x, y, seat, size)


def art_mark(canvas: LeoCanvas, x: float, y: float, count: int, size: int = ART_MARK, key: bool = True) -> None:
    """The works of art displayed on a space: a gold frame with their number (the key's sample too)."""
    box = (x, y, x + size, y + size)
    canvas.draw.rectangle(box, fill=ART, outline=INK, width=2)
    canvas.draw.rectangle((x + 5, y + 5, x + size - 5, y + size - 5), outline=INK, width=1)
    canvas.note_piece(box, "art", key=key)
    with canvas.inside(box):
        canvas.text((x + size / 2, y + size / 2 + 1), str(count), SMALL, INK, anchor="mm", bold=True)


def space_name(number: int) -> str:
    return drawable(space(number).name)
