"""The private picture of one Bella Vista seat: the construction cards in hand, its own
cards on the offer board (face-down or not), and the contract cards it has taken."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from engines.bella_vista.view import CardView
from engines.bella_vista.viewing import contract_words
from render.bella_vista_draw import (
    BG,
    FAINT,
    HEADER_BG,
    INK,
    MUTED,
    WHITE,
    colour,
    ink_on,
    letter,
    put,
    wrap,
)
from render.text import words

WIDTH = 1000
MARGIN = 16
CARD_W, CARD_H, CARD_GAP = 112, 156, 14
CONTRACT_H = 44


@cache
def footprint(height: int) -> tuple[tuple[int, int], ...]:
    """The building's footprint cells (component data, the same for every game)."""
    from engines.bella_vista.components import components

    for fp in components().buildings:
        if fp.height == height:
            return tuple((int(c), int(r)) for c, r in fp.cells)
    return ((0, 0), (1, 0))


def draw_card(
    img: Image.Image, x: int, y: int, card: CardView, own: str, second: str | None, caption: str
) -> None:
    """A construction card: its colour, its number, the building's footprint."""
    draw = ImageDraw.Draw(img)
    height, roofed = card.height, card.roofed
    body = colour(second if roofed and second else own)
    draw.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), radius=8, fill=body, outline=INK, width=3)
    if roofed:
        draw.rounded_rectangle(
            (x + 6, y + 6, x + CARD_W - 6, y + 34), radius=4, fill=colour(own), outline=INK
        )
        put(img, (x + CARD_W / 2, y + 20), "roofed", 15, ink_on(colour(own)), "mm")
    ink = ink_on(body)
    put(img, (x + CARD_W / 2, y + 62), card.notation, 38, ink, "mm")
    cells = footprint(height)
    s = 18
    w = (max(c for c, _ in cells) + 1) * s
    h = (max(r for _, r in cells) + 1) * s
    fx, fy = x + (CARD_W - w) // 2, y + 92 + (36 - h) // 2
    for c, r in cells:
        draw.rectangle(
            (fx + c * s, fy + r * s, fx + (c + 1) * s - 1, fy + (r + 1) * s - 1), fill=WHITE, outline=INK
        )
    for i, line in enumerate(caption.splitlines()):
        put(img, (x + CARD_W / 2, y + CARD_H + 6 + i * 18), line, 14, INK, "ma")


def render_private(view, names: list[str]) -> Image.Image:
    seat = view.seat
    arch = next((a for a in view.architects if a.seat == seat), None)
    own = arch.colour if arch else view.colours[seat]
    second = arch.second_colour if arch else None
    hand = list(view.hand or [])
    offered = [
        s
        for s in list(view.offer_spaces) + list(view.last_slots)
        if s.seat == seat and s.card is not None and not s.built
    ]
    contracts = list(view.my_contracts or [])
    cards_row = CARD_H + 44
    width = max(WIDTH, 2 * MARGIN + (len(hand) + len(offered)) * (CARD_W + CARD_GAP) + 24)
    height = 72 + 34 + cards_row + 40 + 34 + max(1, len(contracts)) * CONTRACT_H + MARGIN
    img = Image.new("RGB", (width, height), BG)
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, width - 1, 59), fill=HEADER_BG)
    name = names[seat] if seat < len(names) else f"Seat {seat + 1}"
    colours = f"{own}" + (f" + {second} roofed" if second else "")
    put(img, (MARGIN, 12), f"Your cards: {name} ({letter(own)}, {colours})", 24, WHITE)
    if arch is not None:
        figures = f"{arch.coins} coin{'' if arch.coins == 1 else 's'}   {arch.hand} in hand   {arch.deck} in deck   {arch.buildings_left} buildings left"
        put(img, (width - MARGIN, 40), figures, 15, (215, 220, 230), "ra")
    y = 72
    put(img, (MARGIN, y), f"Hand ({len(hand)})", 19, INK)
    hand_w = max(1, len(hand)) * (CARD_W + CARD_GAP)
    if offered:
        put(img, (MARGIN + hand_w + 24, y), "On the offer board", 19, INK)
    y += 34
    x = MARGIN
    for card in hand:
        draw_card(img, x, y, card, own, second, "")
        x += CARD_W + CARD_GAP
    if not hand:
        put(img, (MARGIN, y + 20), "no cards in hand", 16, MUTED)
    x = MARGIN + hand_w + 24
    if offered:
        draw.line((x - 14, y, x - 14, y + CARD_H), fill=FAINT, width=2)
    for s in offered:
        where = f"{s.cost} coin{'' if s.cost == 1 else 's'}" if s.cost is not None else "could not pay"
        state = "face-down" if s.face_down else "revealed"
        draw_card(img, x, y, s.card, own, second, f"{where}\n{state}")
        x += CARD_W + CARD_GAP
    y += cards_row + 20
    total = sum(c.value for c in contracts)
    put(img, (MARGIN, y), f"Contracts taken ({len(contracts)}, worth {total} coins)", 19, INK)
    y += 34
    if not contracts:
        put(img, (MARGIN, y + 8), "none yet", 16, MUTED)
    for c in contracts:
        draw.rectangle((MARGIN, y, MARGIN + 62, y + CONTRACT_H - 6), fill=WHITE, outline=INK, width=2)
        put(img, (MARGIN + 31, y + 3), f"#{c.id}", 16, INK, "ma")
        put(img, (MARGIN + 31, y + 21), f"{c.value} coins", 13, MUTED, "ma")
        for i, line in enumerate(wrap(words(contract_words(c)), 16, width - 2 * MARGIN - 80, 2)):
            put(img, (MARGIN + 76, y + 2 + i * 19), line, 16, INK)
        y += CONTRACT_H
    return img
