"""Leonardo (1988) board: the 32-space route as a ring, the players' table inside it.

The static layer (cells, names, numbers, prices) is drawn once and cached; a move only
pastes it and draws owners, works of art, pawns and the table.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from engines.leonardo.components import board, cards, office_at
from engines.leonardo.model import COLOURS, LETTERS, View
from engines.leonardo.terms import end_of
from render.common import PALETTE, font
from render.text import Style, words

CELL_W, CELL_H, MARGIN = 118, 100, 10
WIDTH, HEIGHT = 10 * CELL_W + 2 * MARGIN, 8 * CELL_H + 2 * MARGIN
BG = (244, 236, 220)
INK = (40, 30, 20)
LIGHT = {"square": (236, 226, 200), "market": (225, 235, 210), "bridge": (205, 215, 230)}


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
    x, y = MARGIN + col * CELL_W, MARGIN + row * CELL_H
    return x, y, x + CELL_W, y + CELL_H


def plain(text: str) -> str:
    """The bundled font lacks some accented letters: write them as the printer would without."""
    return text.replace("à", "a'").replace("è", "e'").replace("ì", "i'").replace("ò", "o'").replace("ù", "u'")


def _wrap(text: str, width: int) -> list[str]:
    words, lines, cur = text.split(), [], ""
    for w in words:
        if cur and len(cur) + 1 + len(w) > width:
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}".strip()
    return lines + ([cur] if cur else [])


@cache
def static_layer() -> Image.Image:
    b, c = board(), cards()
    img = Image.new("RGB", (WIDTH, HEIGHT), BG)
    d = ImageDraw.Draw(img)
    colours = {dist.id: dist.colour for dist in b.districts}
    for sp in b.spaces:
        x0, y0, x1, y1 = cell_box(sp.number)
        fill = LIGHT.get(sp.kind, (250, 246, 238))
        d.rectangle((x0, y0, x1, y1), fill=fill, outline=INK)
        if sp.district:
            d.rectangle((x0 + 1, y0 + 1, x1 - 1, y0 + 14), fill=colours[sp.district])
        d.text((x0 + 4, y0 + 1), str(sp.number), font=font(13), fill=INK)
        kind = {"square": "piazza", "market": "mercato", "street": "via", "alley": "vicolo",
                "bridge": "ponte"}[sp.kind]
        d.text((x1 - 4, y0 + 1), kind, font=font(11), fill=INK, anchor="ra")
        for i, line in enumerate(_wrap(plain(sp.name), 17)[:2]):
            d.text((x0 + 4, y0 + 17 + i * 13), line, font=font(11), fill=INK)
        extra = []
        if sp.price:
            extra.append(f"{sp.price} fl")
        if sp.number in c.sanctuary:
            extra.append("sanctuary")
        if sp.number in c.markets:
            extra.append("market")
        if sp.number in c.event_squares:
            extra.append("event")
        if sp.number == 1:
            extra.append("+100, office")
        office = office_at(sp.number)
        if office:
            extra.append(f"office {office.price}")
        d.text((x0 + 4, y0 + 44), ", ".join(extra), font=font(10), fill=(90, 70, 50))
    # district legend and product table inside the ring
    lx, ly = MARGIN + CELL_W + 12, MARGIN + 7 * CELL_H - 62
    for i, dist in enumerate(b.districts):
        x = lx + i * 160
        d.rectangle((x, ly, x + 12, ly + 12), fill=dist.colour, outline=INK)
        d.text((x + 16, ly), dist.name, font=font(11), fill=INK)
    prods = "   ".join(f"{p} {a}/{b_}" for p, (a, b_) in c.products.items())
    d.text((lx, ly + 20), f"Market: {prods}   lose-all {'/'.join(map(str, c.lose_all))}   (wins 3x stake)",
           font=font(12), fill=INK)
    return img


def _seat_colour(seat: int) -> tuple[int, int, int]:
    return PALETTE[COLOURS[seat]]


def _badge(d: ImageDraw.ImageDraw, x: int, y: int, seat: int, size: int = 16) -> None:
    d.rectangle((x, y, x + size, y + size), fill=_seat_colour(seat), outline=INK)
    d.text((x + size / 2, y + size / 2), LETTERS[seat], font=font(size - 4), fill=(255, 255, 255), anchor="mm")


class LeonardoRenderer:
    def board(self, view: View, names: list[str]) -> Image.Image:
        img = static_layer().copy()
        d = ImageDraw.Draw(img)
        for number, firm_id in view.owner.items():
            x0, y0, x1, y1 = cell_box(number)
            _badge(d, x1 - 22, y0 + 44, firm_id)
            n = view.art_counts.get(number, 0)
            if n:
                d.text((x1 - 26, y0 + 47), f"ODA {n}", font=font(11), fill=INK, anchor="ra")
        for f in view.firms:
            for number in f.offices:
                x0, y0, x1, y1 = cell_box(number)
                d.text((x1 - 26, y0 + 66), "held by", font=font(10), fill=INK, anchor="ra")
                _badge(d, x1 - 22, y0 + 62, f.id)
        # pawns
        by_space: dict[int, list[int]] = {}
        for f in view.firms:
            if f.active:
                by_space.setdefault(f.position, []).append(f.id)
        for number, ids in by_space.items():
            x0, y0, x1, y1 = cell_box(number)
            for i, fid in enumerate(ids):
                cx, cy = x0 + 14 + i * 19, y1 - 16
                d.ellipse((cx - 9, cy - 9, cx + 9, cy + 9), fill=_seat_colour(fid), outline=INK, width=2)
                d.text((cx, cy), LETTERS[fid], font=font(11), fill=(255, 255, 255), anchor="mm")
        self._table(d, view, names)
        return img

    def _table(self, d: ImageDraw.ImageDraw, view: View, names: list[str]) -> None:
        x, y = MARGIN + CELL_W + 12, MARGIN + CELL_H + 10
        head = (f"Round {view.round}/{view.max_rounds}   phase: {view.phase}   "
                f"to play: {COLOURS[view.current]}")
        if view.over:
            alive = next((f.members for f in view.firms if f.active), [])
            end = end_of(view.end, view.max_rounds, list(alive))
            reason = words(end, Style(seat=lambda s: names[s] if s < len(names) else COLOURS[s])) if end else ""
            head = f"Game over after round {view.round}: {reason}"
        d.text((x, y), head, font=font(16), fill=INK)
        y += 26
        cols = (0, 210, 300, 360, 460, 530, 600)
        for cx, title in zip(cols, ("player", "florins", "men", "faction", "palazzi", "ODA", "offices"),
                             strict=True):
            d.text((x + cx, y), title, font=font(12), fill=(90, 70, 50))
        y += 18
        for f in view.firms:
            for i, m in enumerate(f.members):
                _badge(d, x + i * 18, y, m)
            label = "+".join(names[m] if m < len(names) else COLOURS[m] for m in f.members)
            status = "" if f.active else " (bankrupt)"
            d.text((x + 18 * len(f.members) + 4, y + 1), (label + status)[:26], font=font(12), fill=INK)
            cells = (str(f.florins), str(f.men), f.faction or "?", str(len(f.palazzi)), str(f.art_count),
                     " ".join(map(str, f.offices)) or "-")
            for cx, text in zip(cols[1:], cells, strict=True):
                d.text((x + cx, y + 1), text, font=font(12), fill=INK)
            y += 22
        y += 6
        pending = []
        if view.auction_space:
            pending.append(f"Auction of space {view.auction_space}: decided "
                           f"{', '.join(COLOURS[s] for s in view.auction_decided) or 'nobody yet'}")
        if view.market_space:
            pending.append(f"Market on {view.market_space}: decided "
                           f"{', '.join(COLOURS[s] for s in view.market_decided) or 'nobody yet'}")
        if view.buy_space:
            pending.append(f"{COLOURS[view.current]} may buy space {view.buy_space}")
        if view.office:
            pending.append(f"{COLOURS[view.office.holder]} uses the office of space {view.office.space}")
        if view.rescue:
            r = view.rescue
            pending.append(f"Rescue of {COLOURS[r.debtor]}: {r.shortfall} of {r.amount} florins missing; decided "
                           f"{', '.join(COLOURS[s] for s in r.decided) or 'nobody yet'}")
        if view.spins:
            pending.append(f"Corporation spins: {', '.join(map(str, view.spins))}")
        if view.to_act:
            pending.append("Waiting for: " + ", ".join(COLOURS[s] for s in view.to_act))
        pending.append(f"Left: {view.art_left} works of art, {view.office_left} offices, "
                       f"{view.men_left} men-at-arms")
        for line in pending:
            d.text((x, y), line, font=font(12), fill=INK)
            y += 17

    def private(self, view: View, names: list[str]) -> Image.Image | None:
        if view.seat is None:
            return None
        lines = [f"{names[view.seat] if view.seat < len(names) else COLOURS[view.seat]}: "
                 f"faction {view.my_faction or 'not declared'}"]
        for n, vals in sorted(view.my_art.items()):
            lines.append(f"space {n}: works of art worth {', '.join(map(str, vals))} (total {sum(vals)})")
        if view.my_drawn:
            lines.append(f"to place: {', '.join(map(str, view.my_drawn))}")
        if view.my_bid is not None:
            lines.append(f"sealed bid: {view.my_bid or 'pass'}")
        if view.my_bet is not None:
            lines.append(f"bet: {view.my_bet.stake} on {view.my_bet.product}")
        if view.my_rescue is not None:
            lines.append(f"rescue answer: {'rescue' if view.my_rescue else 'pass'}")
        img = Image.new("RGB", (520, 16 + 20 * len(lines)), BG)
        d = ImageDraw.Draw(img)
        _badge(d, 8, 8, view.seat)
        for i, line in enumerate(lines):
            d.text((30 if i == 0 else 10, 8 + 20 * i), line, font=font(14), fill=INK)
        return img
