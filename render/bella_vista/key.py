"""The board's key: the neighborhood symbols with their names, the stripes, how a building
reads (height and owner's mark; the second set of a two-architect game; the neutral building of
a three-architect game), how the building placed last is outlined, and what the cards of the
offer order say ("#3r", "start")."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from render.bella_vista.blocks import HEAD, Block, Words, heading, swatch
from render.bella_vista.draw import (
    CHIP,
    NEUTRAL,
    SMALL,
    WHITE,
    BoardCanvas,
    People,
    chip,
    fit,
    line_height,
    owner_shape,
    text_width,
    wrap,
)
from render.bella_vista.glyphs import SYMBOLS
from render.bella_vista.offers import card_face
from render.palette import INK, ink_on, player_colour


def _symbol_swatch(canvas: BoardCanvas, x: float, y: float, code: str, symbol: str) -> None:
    swatch(canvas, x, y, code, symbol)


def key(view, people: People, w: Words, tile_name) -> Block:
    """The neighborhood symbols with their names, stripes, and how a building reads."""
    codes = {s: next((t.code for t in view.tiles if t.symbol == s and not t.striped), s[0]) for s in SYMBOLS}
    items: list[tuple[str, Callable[[BoardCanvas, float, float], None]]] = []
    for s in SYMBOLS:
        items.append((tile_name(codes[s]), partial(_symbol_swatch, code=codes[s], symbol=s)))
    items.append((w("striped"), lambda c, x, y: swatch(c, x, y, "s", None)))
    owner = view.seat if view.seat is not None else 0

    def sample(c, x, y, roofed=False, seat: int | None = owner, text="6"):
        card_face(c, x, y, CHIP + 10, CHIP, seat, "", roofed, people, mark=False)
        with c.inside((x, y, x + CHIP + 10, y + CHIP)):
            c.text((x + (CHIP + 10) / 2, y + CHIP / 2), text, SMALL, ink_on(NEUTRAL if seat is None else
                                                                          player_colour(seat)), "mm", bold=True)

    def owned(c, x, y, roofed=False):
        card_face(c, x, y, CHIP + 10, CHIP, owner, "", roofed, people, mark=False)
        half = (CHIP + 10) // 2  # as a building of two spaces or more: one piece, its height on its colour
        with c.inside((x, y, x + half, y + CHIP)):
            c.text((x + 3 + (half - 3) / 2, y + CHIP / 2), "6", SMALL,
                   INK if roofed else ink_on(player_colour(owner)), "mm", bold=True)
        owner_shape(c, x + half + 4, y + (CHIP - 16) / 2, owner, 16, roofed)

    items.append((w("key_building"), owned))
    if view.seats == 2:
        items.append((w("key_roofed"), lambda c, x, y: owned(c, x, y, roofed=True)))
    if view.seats == 3:
        items.append((w("key_neutral"), lambda c, x, y: sample(c, x, y, seat=None, text="3")))

    def last(c, x, y):
        c.draw.rounded_rectangle((x, y, x + CHIP + 9, y + CHIP - 1), radius=6, fill=INK)
        c.draw.rounded_rectangle((x + 3, y + 3, x + CHIP + 6, y + CHIP - 4), radius=5, fill=WHITE)
        c.draw.rounded_rectangle((x + 6, y + 6, x + CHIP + 3, y + CHIP - 7), radius=4, fill=INK)
        box = (x + CHIP - 28, y + CHIP - 24, x + CHIP + 12, y + CHIP + 3)
        c.draw.rounded_rectangle(box, radius=13, fill=INK, outline=WHITE, width=2)
        with c.inside(box):
            c.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), "+4", SMALL, WHITE, "mm", bold=True)

    items.append((w("key_last"), last))
    cell_w = max(text_width(t, SMALL) for t, _ in items) + CHIP + 24
    order = _order(view, people, w) if not view.scores else None

    def columns(width: int) -> int:
        return max(1, min(len(items), width // cell_w))

    def measure(width: int) -> int:
        rows = -(-len(items) // columns(width))
        return HEAD + rows * (CHIP + 8) + (order.measure(width) if order else 0)

    def draw(canvas: BoardCanvas, x: int, y: int, width: int) -> None:
        heading(canvas, x, y, width, w("key"))
        y += HEAD
        cols = columns(width)
        step = width / cols
        for i, (text, icon) in enumerate(items):
            cx, cy = x + (i % cols) * step, y + (i // cols) * (CHIP + 8)
            icon(canvas, cx, cy)
            canvas.text((cx + CHIP + 16, cy + CHIP / 2), fit(text, SMALL, int(step - CHIP - 20)), SMALL, INK, "lm")
        if order:
            order.draw(canvas, x, y + -(-len(items) // cols) * (CHIP + 8), width)

    return Block(max(260, int(cell_w)), measure, draw)  # never so narrow that an item is cut ("(+…")


def _order(view, people: People, w: Words) -> Block:
    """What the cards of the offer order say ("#3r", "start"), on a line of its own under the
    rest, wrapped: a sample as the offer board draws it, then the words."""
    owner = view.seat if view.seat is not None else 0
    roofed = view.seats == 2
    card = "#3r" if roofed else "#3"
    icon_w = CHIP + 6 + text_width(card, SMALL, True) + 14
    # what the order is, then how it is read, then the "r": each from a line of its own (as one
    # sentence the tenth look found it hard going)
    parts = [w("key_order"), w("key_order_rule", start=w("start_card"))] + ([w("key_order_roofed")] if roofed else [])

    def lines(width: int) -> tuple[str, ...]:
        return tuple(line for part in parts for line in wrap(part, SMALL, width - icon_w))

    def measure(width: int) -> int:
        return max(CHIP, len(lines(width)) * line_height(SMALL)) + 8

    def draw(canvas: BoardCanvas, x: int, y: int, width: int) -> None:
        chip(canvas, x, y, owner, roofed=roofed)
        canvas.text((x + CHIP + 6, y + CHIP / 2), card, SMALL, INK, "lm", bold=True)
        for i, line in enumerate(lines(width)):
            canvas.text((x + icon_w, y + i * line_height(SMALL)), line, SMALL, INK)

    return Block(260, measure, draw)
