"""Le Torri di Bologna: the board drawn from a view.

The static layer (walls, squares, coordinates, panel frame) is drawn once per layout and
cached; each render pastes it and draws the towers, builders, last move and the panel text.
Owners show as colour AND letter; heights, gold and pieces as numbers.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from engines.torri.board import layout
from engines.torri.model import COLOURS, LETTERS, PieceView, TowerView, View
from render.common import PALETTE, draw_centered, font

CELL = 84
MARGIN = 34
PANEL = 400
BG = (236, 226, 204)
SQUARE = (214, 200, 170)
GRID = (170, 150, 115)
WALL = (110, 80, 50)
INK = (35, 30, 25)
NEUTRAL = PALETTE["neutral"]
SEAT_RGB = [PALETTE[c] for c in COLOURS]
HIGHLIGHT = (235, 120, 20)


def _ink_on(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    """Black on light fills (yellow, neutral), white on dark ones."""
    return INK if sum(rgb) > 450 else (255, 255, 255)


def _piece_rgb(piece: PieceView) -> tuple[int, int, int]:
    return NEUTRAL if piece.owner is None else SEAT_RGB[piece.owner]


def _piece_letter(piece: PieceView) -> str:
    return "N" if piece.owner is None else LETTERS[piece.owner]


def _cell_box(col: int, row: int) -> tuple[int, int, int, int]:
    x, y = MARGIN + col * CELL, MARGIN + row * CELL
    return x, y, x + CELL, y + CELL


@cache
def static_layer(shape: str, players: int) -> Image.Image:
    lay = layout(shape, players)
    board_w = MARGIN * 2 + lay.width * CELL
    width = board_w + PANEL
    height = max(MARGIN * 2 + lay.height * CELL, 760)
    img = Image.new("RGB", (width, height), BG)
    d = ImageDraw.Draw(img)
    for sq, (c, r) in lay.coords.items():
        x0, y0, x1, y1 = _cell_box(c, r)
        d.rectangle((x0, y0, x1, y1), fill=SQUARE, outline=GRID)
        if sq in lay.centrals:
            d.text((x0 + 4, y0 + 1), lay.centrals[sq], font=font(10), fill=INK, anchor="la")
    # the walls: every side between a square and the outside
    for c, r in lay.coords.values():
        x0, y0, x1, y1 = _cell_box(c, r)
        sides = {
            (c, r - 1): (x0, y0, x1, y0),
            (c, r + 1): (x0, y1, x1, y1),
            (c - 1, r): (x0, y0, x0, y1),
            (c + 1, r): (x1, y0, x1, y1),
        }
        inside = set(lay.coords.values())
        for nb, line in sides.items():
            if nb not in inside:
                d.line(line, fill=WALL, width=5)
    for c in range(lay.width):
        x = MARGIN + c * CELL + CELL // 2
        draw_centered(d, (x, MARGIN // 2), chr(ord("A") + c), 18, INK)
        draw_centered(d, (x, MARGIN + lay.height * CELL + MARGIN // 2), chr(ord("A") + c), 18, INK)
    for r in range(lay.height):
        y = MARGIN + r * CELL + CELL // 2
        draw_centered(d, (MARGIN // 2, y), str(r + 1), 18, INK)
        draw_centered(d, (MARGIN + lay.width * CELL + MARGIN // 2, y), str(r + 1), 18, INK)
    d.rectangle((board_w, 0, width, height), fill=(245, 238, 222))
    d.line((board_w, 0, board_w, height), fill=GRID, width=2)
    d.text((board_w + 16, 14), "Le Torri di Bologna", font=font(26), fill=INK)
    return img


def _draw_tower(d: ImageDraw.ImageDraw, box, tower: TowerView, central: bool) -> None:
    x0, y0, x1, y1 = box
    pieces = tower.pieces
    top = pieces[-1]
    closed = tower.closed
    owner_piece = top if not (central and closed) else (pieces[-2] if len(pieces) > 1 else top)
    fill = NEUTRAL if central else _piece_rgb(owner_piece)
    ix0, iy0, ix1, iy1 = x0 + 7, y0 + (19 if central else 12), x1 - 17, y1 - 22
    d.rectangle((ix0, iy0, ix1, iy1), fill=fill, outline=INK, width=2)
    if closed:  # crenellations along the top edge
        w = (ix1 - ix0) / 5
        for k in (0, 2, 4):
            d.rectangle((ix0 + k * w, iy0 - (6 if central else 9), ix0 + (k + 1) * w, iy0), fill=INK)
    ink = _ink_on(fill)
    draw_centered(d, ((ix0 + ix1) / 2, (iy0 + iy1) / 2 + 2), str(tower.height), 30, ink)
    if not central:
        d.text((ix0 + 4, iy0 + 2), _piece_letter(top), font=font(14), fill=ink)
    # the stack, bottom to top, as a strip on the right
    sx0, sx1 = x1 - 14, x1 - 4
    seg = min(8.0, (y1 - y0 - 14) / max(len(pieces), 1))
    yb = y1 - 8
    for piece in pieces:
        d.rectangle((sx0, yb - seg, sx1, yb), fill=_piece_rgb(piece), outline=INK if seg >= 4 else None)
        yb -= seg


def _draw_builders(d: ImageDraw.ImageDraw, view: View, lay) -> None:
    by_square: dict[str, list[int]] = {}
    for seat, sq in enumerate(view.builders):
        if sq is not None:
            by_square.setdefault(sq, []).append(seat)
    for sq, seats in by_square.items():
        c, r = lay.coords[sq]
        x0, _, _, y1 = _cell_box(c, r)
        for k, seat in enumerate(seats):
            cx, cy = x0 + 14 + k * 19, y1 - 11
            rgb = SEAT_RGB[seat]
            d.ellipse((cx - 10, cy - 10, cx + 10, cy + 10), fill=rgb, outline=(255, 255, 255), width=2)
            draw_centered(d, (cx, cy), LETTERS[seat], 13, _ink_on(rgb))


def _draw_path(d: ImageDraw.ImageDraw, path: list[str], lay) -> None:
    pts = []
    for sq in path:
        c, r = lay.coords[sq]
        x0, y0, _, _ = _cell_box(c, r)
        pts.append((x0 + CELL // 2, y0 + CELL // 2))
    if len(pts) > 1:
        d.line(pts, fill=HIGHLIGHT, width=7)


def _frame_path(d: ImageDraw.ImageDraw, path: list[str], lay) -> None:
    """Over the towers: the start square thinly framed, the destination boldly."""
    if len(path) > 1:
        d.rectangle(_cell_box(*lay.coords[path[0]]), outline=HIGHLIGHT, width=2)
        d.rectangle(_cell_box(*lay.coords[path[-1]]), outline=HIGHLIGHT, width=4)


def _panel(d: ImageDraw.ImageDraw, view: View, names: list[str], x: int) -> None:
    y = 52
    if view.phase == "setup":
        status = "Set-up: placing builders"
    elif view.phase == "over":
        status = "Game over"
    else:
        status = f"Round {view.round}"
        if view.end_turn is not None:
            status += f" of {view.end_turn // view.seats} (end triggered)"
    d.text((x, y), status, font=font(18), fill=INK)
    y += 26
    if view.to_act:
        s = view.to_act[0]
        d.text((x, y), f"To move: {COLOURS[s].capitalize()} ({LETTERS[s]})", font=font(18), fill=INK)
    elif view.totals is not None:
        keys = [(t, view.gold[s]) for s, t in enumerate(view.totals)]
        win = ", ".join(LETTERS[s] for s, k in enumerate(keys) if k == max(keys))
        d.text((x, y), f"Winner: {win} (ties: most gold)", font=font(18), fill=INK)
    y += 26
    d.text((x, y), f"Height limit {view.limit} · bank {view.bank} gold", font=font(18), fill=INK)
    y += 36
    d.text((x, y), "     gold  pieces  battl.", font=font(15), fill=INK)
    y += 22
    for s in range(view.seats):
        rgb = SEAT_RGB[s]
        d.rectangle((x, y, x + 26, y + 26), fill=rgb, outline=INK)
        draw_centered(d, (x + 13, y + 13), LETTERS[s], 16, _ink_on(rgb))
        nums = f"{view.gold[s]:>3}     {view.simple_left[s]:>2}       {view.battlements_left[s]}"
        d.text((x + 36, y + 4), nums, font=font(17), fill=INK)
        label = names[s] if s < len(names) else COLOURS[s]
        if view.totals is not None:
            label = f"{label}: {view.totals[s]} pts"
        d.text((x + 190, y + 5), label[:22], font=font(15), fill=INK)
        if s in view.to_act:
            d.polygon([(x - 12, y + 6), (x - 3, y + 13), (x - 12, y + 20)], fill=HIGHLIGHT)
        y += 34
    y += 8
    d.text((x, y), "Central towers (bottom to top):", font=font(16), fill=INK)
    y += 24
    for sq, name in sorted(view.centrals.items(), key=lambda kv: kv[1]):
        pieces = view.towers[sq].pieces if sq in view.towers else []
        d.text((x, y + 4), f"{name[:4]}. {sq}", font=font(15), fill=INK)
        cx = x + 96
        size = 20 if len(pieces) <= 13 else max(6, 270 // len(pieces))
        for piece in pieces:
            rgb = _piece_rgb(piece)
            d.rectangle((cx, y, cx + size - 2, y + 22), fill=rgb, outline=INK)
            if size >= 14:
                letter = _piece_letter(piece) if piece.owner is not None else ("N" if piece.battlement else "n")
                draw_centered(d, (cx + size / 2 - 1, y + 11), letter, 12, _ink_on(rgb))
            cx += size
        y += 32
    runs = "run squared" if view.squared_runs else "run x 2"
    y += 6
    for line in (
        "Numbers on towers: height. Letter: owner",
        "of the top piece. Black teeth: closed.",
        "Strip at right: the stack, bottom up.",
        f"Score: tops x 2, levels, central {runs}, gold.",
    ):
        d.text((x, y), line, font=font(14), fill=INK)
        y += 19


class TorriRenderer:
    def board(self, view: View, names: list[str]) -> Image.Image:
        lay = layout(view.shape, view.seats)
        img = static_layer(view.shape, view.seats).copy()
        d = ImageDraw.Draw(img)
        if view.last_move:  # under the towers, so that it never hides a height
            _draw_path(d, view.last_move, lay)
        for sq, tower in view.towers.items():
            if tower.pieces:
                c, r = lay.coords[sq]
                _draw_tower(d, _cell_box(c, r), tower, sq in view.centrals)
        if view.last_move:
            _frame_path(d, view.last_move, lay)
        _draw_builders(d, view, lay)
        _panel(d, view, names, MARGIN * 2 + lay.width * CELL + 24)
        return img

    def private(self, view: View, names: list[str]) -> Image.Image | None:
        return None  # nothing is hidden in this game
