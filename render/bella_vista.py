"""Bella Vista renderer: the town with its buildings, the offer board, the cards in play
and the architects, drawn from a ``View`` only.

The static layer (background, tiles, grid, coordinates, headings) depends only on the
layout and the number of seats and is cached; each board is a copy of it with the
dynamic parts (buildings, offers, cards, figures) stamped on with cached text masks.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engines.bella_vista import terms
from engines.bella_vista.viewing import contract_words
from render.bella_vista_draw import (
    BG,
    FAINT,
    GRID,
    HEADER_BG,
    INK,
    MUTED,
    TILE_EDGE,
    WAIT_BG,
    WHITE,
    colour,
    darker,
    draw_building,
    draw_tile,
    draw_tile_label,
    fit,
    ink_on,
    label_size,
    letter,
    place_tile_label,
    put,
    text_width,
    wrap,
)
from render.bella_vista_private import render_private
from render.text import words

WIDTH = 1360
MARGIN = 16
HEADER_H = 72
LABEL_W = 30  # row numbers left of the town
LABEL_H = 24  # column letters above the town
TOWN_MAX_W, TOWN_MAX_H = 800, 700
PANEL_MIN_W, PANEL_MAX_W = 470, 600
ROW_H = 30  # architects / scores table rows

PHASES = {
    "offers": "Offers",
    "construction": "Construction",
    "contract": "Construction: contract choice",
    "neutral": "Neutral building",
    "over": "Game over",
}

# Panel sections, as offsets from the panel's top.
OFFER_Y = 0
ZONING_Y = 186
CONTRACTS_Y = 268
OBJECTIVES_Y = 488
LAST_Y = 618
PANEL_H = 640

TileKey = tuple[tuple[str, str, str, str | None, bool, int, int, int], ...]


@dataclass(frozen=True)
class Frame:
    """Where everything goes, for one layout and number of seats."""

    width: int
    height: int
    cell: int
    ox: int  # town origin (space [0, 0] top-left corner)
    oy: int
    columns: int
    rows: int
    px: int  # panel left
    pw: int  # panel width
    py: int  # panel top
    sy: int  # bottom strip top (architects and scores)


@lru_cache(maxsize=64)
def frame(columns: int, rows: int, seats: int) -> Frame:
    cell = max(16, min(TOWN_MAX_W // columns, TOWN_MAX_H // rows, 64))
    town_w, town_h = columns * cell, rows * cell
    pw = max(PANEL_MIN_W, min(PANEL_MAX_W, WIDTH - 2 * MARGIN - LABEL_W - town_w - 24))
    px = WIDTH - MARGIN - pw
    left_space = px - 24 - MARGIN
    ox = MARGIN + LABEL_W + max(0, (left_space - LABEL_W - town_w) // 2)
    oy = HEADER_H + 12 + LABEL_H
    py = HEADER_H + 12
    sy = max(oy + town_h, py + PANEL_H) + 18
    height = sy + 34 + ROW_H * (seats + 1) + MARGIN
    return Frame(WIDTH, height, cell, ox, oy, columns, rows, px, pw, py, sy)


def tile_name(code: str) -> str:
    return words(terms.tile(code))


def _tile_key(view) -> TileKey:
    return tuple((t.code, t.kind, tile_name(t.code), t.symbol, t.striped, t.x, t.y, t.size) for t in view.tiles)


@dataclass(frozen=True)
class _Tile:
    code: str
    kind: str
    name: str
    symbol: str | None
    striped: bool
    size: int


@lru_cache(maxsize=8)  # ~4 MB each; a miss costs ~4 ms
def static_layer(columns: int, rows: int, seats: int, tiles: TileKey) -> Image.Image:
    """Background, header band, tiles, grid, coordinates and the fixed headings."""
    f = frame(columns, rows, seats)
    img = Image.new("RGB", (f.width, f.height), BG)
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, f.width - 1, HEADER_H - 1), fill=HEADER_BG)
    cell, ox, oy = f.cell, f.ox, f.oy
    for code, kind, name, symbol, striped, x, y, size in tiles:
        box = (ox + x * cell, oy + y * cell, ox + (x + size) * cell - 1, oy + (y + size) * cell - 1)
        draw_tile(img, box, cell, _Tile(code, kind, name, symbol, striped, size))
    for _code, _kind, _name, _symbol, _striped, x, y, size in tiles:
        x0, y0 = ox + x * cell, oy + y * cell
        x1, y1 = x0 + size * cell, y0 + size * cell
        for k in range(1, size):
            draw.line((x0 + k * cell, y0, x0 + k * cell, y1), fill=GRID, width=1)
            draw.line((x0, y0 + k * cell, x1, y0 + k * cell), fill=GRID, width=1)
    for _code, _kind, _name, _symbol, _striped, x, y, size in tiles:
        x0, y0 = ox + x * cell, oy + y * cell
        draw.rectangle((x0 - 1, y0 - 1, x0 + size * cell, y0 + size * cell), outline=TILE_EDGE, width=3)
    for _code, kind, name, _symbol, _striped, x, y, size in tiles:
        if kind != "neighborhood":
            side = size * cell
            label = name.upper()
            cx, cy = ox + x * cell + side // 2, oy + y * cell + side // 2
            draw_tile_label(img, cx, cy, label, label_size(label, side), kind)
    lsize = 15 if cell >= 28 else 12
    for c in range(columns):
        put(img, (ox + c * cell + cell / 2, oy - LABEL_H / 2), chr(ord("A") + c), lsize, INK, "mm")
    for r in range(rows):
        put(img, (ox - 6, oy + r * cell + cell / 2 - lsize * 0.55), str(r + 1), lsize, INK, "ra")
    px, py, pw = f.px, f.py, f.pw
    put(img, (px, py + OFFER_Y), "Offer board", 19, INK)
    put(img, (px, py + ZONING_Y), "Zoning", 19, INK)
    put(img, (px, py + CONTRACTS_Y), "Contracts", 19, INK)
    put(img, (px, py + OBJECTIVES_Y), "Objectives", 19, INK)
    for y in (ZONING_Y, CONTRACTS_Y, OBJECTIVES_Y):
        draw.line((px, py + y - 8, px + pw, py + y - 8), fill=FAINT, width=1)
    sy = f.sy
    draw.line((MARGIN, sy - 8, f.width - MARGIN, sy - 8), fill=FAINT, width=1)
    put(img, (MARGIN, sy), "Architects", 19, INK)
    for x, label in _ARCH_COLS:
        put(img, (MARGIN + x, sy + 34), label, 14, MUTED, "ra" if x > 150 else "la")
    return img


# Architects table: (right edge offset from the margin, heading); name column first.
_ARCH_COLS = [
    (0, "Colour"),
    (78, "Name"),
    (330, "Coins"),
    (420, "Contracts"),
    (490, "Hand"),
    (550, "Deck"),
    (660, "Buildings left"),
]
SCORES_X = 720


def _coins(n: int) -> str:
    return f"{n} coin" if n == 1 else f"{n} coins"


def _ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


class BellaVistaRenderer:
    """Pure: a ``View`` in, an image out."""

    def board(self, view, names: list[str]) -> Image.Image:
        f = frame(view.columns, view.rows, view.seats)
        img = static_layer(view.columns, view.rows, view.seats, _tile_key(view)).copy()
        draw = ImageDraw.Draw(img)
        self._header(img, f, view, names)
        occupied = {(c, r) for b in view.buildings for c, r in b.cells}
        for t in view.tiles:
            if t.kind == "neighborhood":
                place_tile_label(img, t, tile_name(t.code), f.ox, f.oy, f.cell, occupied)
        by_seat = {a.seat: a for a in view.architects}
        # the last placed building goes on top, so that its highlight ring stays whole
        for b in sorted(view.buildings, key=lambda b: b.index == view.last_building):
            owner = by_seat[b.owner].colour if b.owner is not None and b.owner in by_seat else None
            draw_building(img, b, f.ox, f.oy, f.cell, owner, b.index == view.last_building)
        self._offer_board(img, draw, f, view)
        self._cards(img, draw, f, view)
        self._architects(img, draw, f, view, names)
        if view.scores:
            self._scores(img, draw, f, view, names)
        return img

    def private(self, view, names: list[str]) -> Image.Image | None:
        if view.seat is None or view.hand is None:
            return None
        return render_private(view, names)

    # --- parts ---------------------------------------------------------------------

    def _who(self, view, names: list[str], seat: int) -> str:
        name = names[seat] if seat < len(names) else f"Seat {seat + 1}"
        return f"{name} ({letter(view.colours[seat])})"

    def _header(self, img, f: Frame, view, names) -> None:
        phase = PHASES.get(view.phase, view.phase)
        title = f"Bella Vista   Round {view.round}/{view.rounds}   {phase}"
        put(img, (MARGIN, 12), title, 26, WHITE)
        if view.to_act:
            who = ", ".join(self._who(view, names, s) for s in view.to_act)
            text = fit(f"Waiting for {who}", 20, f.width // 2 - MARGIN)
            put(img, (f.width - MARGIN, 16), text, 20, (255, 220, 120), "ra")
        me = f"You: {self._who(view, names, view.seat)}   " if view.seat is not None else ""
        status = " · ".join(words(m) for m in terms.status(view.phase, view.round))
        put(img, (MARGIN, 46), fit(me + status, 16, f.width - 2 * MARGIN), 16, (215, 220, 230))

    def _offer_board(self, img, draw, f: Frame, view) -> None:
        px, top = f.px, f.py + OFFER_Y + 30
        slots = list(view.offer_spaces) + list(view.last_slots)
        n = len(slots) + (1 if view.neutral_colour else 0)
        gap = 8
        bw = min(84, (f.pw - gap * (n - 1)) // max(1, n))
        bh = 74
        x = px
        for s in slots:
            label = _coins(s.cost) if s.cost is not None else "could not pay"
            put(img, (x + bw / 2, top), fit(label, 14, bw), 14, MUTED, "ma")
            y = top + 20
            if s.seat is None:
                draw.rectangle((x, y, x + bw - 1, y + bh - 1), fill=WHITE, outline=FAINT, width=2)
                put(img, (x + bw / 2, y + bh / 2), "empty", 14, FAINT, "mm")
            else:
                fill = colour(s.colour)
                ink = ink_on(fill)
                draw.rectangle((x, y, x + bw - 1, y + bh - 1), fill=fill, outline=INK, width=2)
                put(img, (x + 6, y + 4), letter(s.colour), 15, ink)
                if s.card is not None:
                    put(img, (x + bw / 2, y + bh / 2 + 2), s.card.notation, 24, ink, "mm")
                else:
                    put(img, (x + bw / 2, y + bh / 2 + 2), "?", 30, ink, "mm")
                state = "built" if s.built else "face-down" if s.face_down else "shown"
                put(img, (x + bw / 2, y + bh - 17), fit(state, 13, bw - 4), 13, ink, "ma")
            put(img, (x + bw / 2, y + bh + 4), _ordinal(s.position + 1), 14, INK, "ma")
            x += bw + gap
        if view.neutral_colour:
            y = top + 20
            put(img, (x + bw / 2, top), "neutral", 14, MUTED, "ma")
            draw.rectangle((x, y, x + bw - 1, y + bh - 1), fill=darker(BG, 0.12), outline=INK, width=2)
            put(img, (x + 6, y + 4), "N", 15, INK)
            put(img, (x + bw - 6, y + 4), letter(view.neutral_colour), 15, colour(view.neutral_colour), "ra")
            nxt = f"#{view.neutral_next}" if view.neutral_next else "-"
            put(img, (x + bw / 2, y + bh / 2 + 2), nxt, 24, INK, "mm")
            put(img, (x + bw / 2, y + bh - 17), "next", 13, INK, "ma")
        y = top + 20 + bh + 30
        put(img, (px, y + 4), "Offer order:", 15, INK)
        x = px + text_width("Offer order:", 15) + 10
        for slot in view.bottom:
            fill = colour(slot.colour)
            label = f"{letter(slot.colour)} {slot.card.notation if slot.card else 'start'}"
            w = text_width(label, 15) + 14
            draw.rectangle((x, y, x + w, y + 24), fill=fill, outline=INK)
            put(img, (x + w / 2, y + 12), label, 15, ink_on(fill), "mm")
            x += w + 6

    def _cards(self, img, draw, f: Frame, view) -> None:
        px, py, pw = f.px, f.py, f.pw
        z = view.zoning
        put(img, (px + 80, py + ZONING_Y + 3), f"{z.id}   ({view.zoning_left} left in the deck)", 15, MUTED)
        for i, line in enumerate(wrap(z.name, 17, pw, 2)):
            put(img, (px, py + ZONING_Y + 28 + i * 21), line, 17, INK)
        put(img, (px + 100, py + CONTRACTS_Y + 3), f"({view.contract_deck} left in the deck)", 15, MUTED)
        y = py + CONTRACTS_Y + 30
        for c in view.contracts:
            if c is None:
                draw.rectangle((px, y, px + 62, y + 42), outline=FAINT, width=2)
                put(img, (px + 74, y + 12), "taken this round", 15, MUTED)
            else:
                draw.rectangle((px, y, px + 62, y + 42), fill=WHITE, outline=INK, width=2)
                put(img, (px + 31, y + 4), f"#{c.id}", 17, INK, "ma")
                put(img, (px + 31, y + 24), _coins(c.value), 13, MUTED, "ma")
                for i, line in enumerate(wrap(words(contract_words(c)), 15, pw - 74, 2)):
                    put(img, (px + 74, y + 3 + i * 19), line, 15, INK)
            y += 48
        y = py + OBJECTIVES_Y + 30
        for o in (view.height_objective, view.grouping_objective):
            draw.rectangle((px, y, px + 62, y + 42), fill=WHITE, outline=INK, width=2)
            put(img, (px + 31, y + 21), o.id, 17, INK, "mm")
            for i, line in enumerate(wrap(o.name, 15, pw - 74, 2)):
                put(img, (px + 74, y + 3 + i * 19), line, 15, INK)
            y += 48
        if view.last_building is not None:
            b = next((b for b in view.buildings if b.index == view.last_building), None)
            if b is not None:
                who = "neutral" if b.owner is None else letter(view.colours[b.owner])
                kind = " roofed" if b.roofed else ""
                text = f"Last built (outlined in pink): #{b.height}{kind} {who} on {b.label}"
                put(img, (px, py + LAST_Y), fit(text, 15, pw), 15, INK)

    def _architects(self, img, draw, f: Frame, view, names) -> None:
        x0 = MARGIN
        y = f.sy + 34 + ROW_H
        waiting = set(view.to_act)
        for a in view.architects:
            if a.seat in waiting:
                draw.rectangle((x0 - 4, y - 4, x0 + _ARCH_COLS[-1][0] + 100, y + ROW_H - 6), fill=WAIT_BG)
            fill = colour(a.colour)
            draw.rectangle((x0, y, x0 + 30, y + 22), fill=fill, outline=INK)
            put(img, (x0 + 15, y + 11), letter(a.colour), 15, ink_on(fill), "mm")
            if a.second_colour:
                fill2 = colour(a.second_colour)
                draw.rectangle((x0 + 36, y, x0 + 66, y + 22), fill=fill2, outline=fill, width=3)
                put(img, (x0 + 51, y + 11), letter(a.colour) + "r", 14, ink_on(fill2), "mm")
            name = names[a.seat] if a.seat < len(names) else f"Seat {a.seat + 1}"
            if a.seat == view.seat:
                name += " (you)"
            if a.seat in waiting:
                put(img, (x0 + _ARCH_COLS[-1][0] + 12, y + 3), "< to play", 16, INK)
            put(img, (x0 + 78, y + 3), fit(name, 16, 190), 16, INK)
            figures = (a.coins, a.contracts, a.hand, a.deck, a.buildings_left)
            for (x, _), value in zip(_ARCH_COLS[2:], figures, strict=True):
                put(img, (x0 + x, y + 3), str(value), 16, INK, "ra")
            y += ROW_H
        put(img, (x0 + 78, y + 2), f"Bank: {view.bank} coins", 14, MUTED)

    def _scores(self, img, draw, f: Frame, view, names) -> None:
        x0 = MARGIN + SCORES_X
        put(img, (x0, f.sy), "Final scores", 19, INK)
        keys = list(view.scores[0].breakdown) if view.scores else []
        right = f.width - MARGIN
        colw = 86
        cols = [(right - colw * (len(keys) - i), k) for i, k in enumerate(keys)] + [(right, "total")]
        hx = x0 + 40
        put(img, (x0, f.sy + 34), "Rank", 14, MUTED)
        put(img, (hx, f.sy + 34), "Name", 14, MUTED)
        for x, k in cols:
            put(
                img,
                (x, f.sy + 34),
                fit(k.replace("_objective", "").capitalize(), 14, colw - 6),
                14,
                MUTED,
                "ra",
            )
        y = f.sy + 34 + ROW_H
        for s in sorted(view.scores, key=lambda s: (s.rank, s.seat)):
            if s.rank == 1:
                draw.rectangle((x0 - 4, y - 4, right + 4, y + ROW_H - 6), fill=WAIT_BG)
            put(img, (x0, y + 3), _ordinal(s.rank), 16, INK)
            fill = colour(view.colours[s.seat])
            draw.rectangle((hx, y, hx + 22, y + 22), fill=fill, outline=INK)
            put(img, (hx + 11, y + 11), letter(view.colours[s.seat]), 14, ink_on(fill), "mm")
            name = names[s.seat] if s.seat < len(names) else f"Seat {s.seat + 1}"
            put(img, (hx + 30, y + 3), fit(name, 16, cols[0][0] - colw - hx - 30 + 40), 16, INK)
            for x, k in cols:
                value = s.total if k == "total" else s.breakdown.get(k, 0)
                put(img, (x, y + 3), str(value), 16, INK, "ra")
            y += ROW_H


__all__ = ["BellaVistaRenderer"]
