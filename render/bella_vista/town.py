"""The town of a Bella Vista image: the tiles (a cached layer per layout and cell size), the
buildings, and the hand image's overlays (the spaces a card could cover, the best placements);
the neighborhood names are ``names``.

A neighborhood is a pale fill with its symbol drawn faintly in every space (Flower,
Butterfly, Leaf, Sun) and diagonal stripes for the striped ones; a Park is sage with trees,
a River teal with waves. A building is its owner's colour with a heavy outline, its height
in large figures and its owner's shape, solid, on each other space; the second (roofed) set of a 2-architect game is
white inside a band of the owner's colour, the shape in that colour; the neutral building of a 3-architect game is grey.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engines.core.grid import flood
from render.bella_vista.draw import (
    BODY,
    GHOST,
    GLYPH,
    NEUTRAL,
    PAPER,
    PARK,
    PARK_DOT,
    RIVER,
    RIVER_WAVE,
    SMALL,
    TOWN_PLAIN,
    TOWN_STRIPE,
    WHITE,
    BoardCanvas,
    People,
    line_height,
    owner_shape,
    text_width,
)
from render.bella_vista.glyphs import glyph, stripes
from render.canvas import Box, Drawn
from render.palette import INK, ink_on, player_colour

LABEL_W = 34  # row numbers left of the town
LABEL_H = 30  # column letters above it
GRID: tuple[int, int, int] = (196, 208, 184)

TileKey = tuple[tuple[str, str, str | None, bool, int, int, int], ...]


@dataclass(frozen=True)
class Town:
    """Where the town goes on an image: its origin (space A1's top-left corner) and cell size."""

    x: int
    y: int
    cell: int
    columns: int
    rows: int

    @property
    def width(self) -> int:
        return LABEL_W + self.columns * self.cell

    @property
    def height(self) -> int:
        return LABEL_H + self.rows * self.cell

    def box(self, col: int, row: int, inset: int = 0) -> tuple[int, int, int, int]:
        x0, y0 = self.x + col * self.cell, self.y + row * self.cell
        return (x0 + inset, y0 + inset, x0 + self.cell - 1 - inset, y0 + self.cell - 1 - inset)

    def centre(self, col: float, row: float) -> tuple[float, float]:
        return (self.x + (col + 0.5) * self.cell, self.y + (row + 0.5) * self.cell)


def tile_key(view) -> TileKey:
    return tuple((t.code, t.kind, t.symbol, t.striped, t.x, t.y, t.size) for t in view.tiles)


@lru_cache(maxsize=16)  # about 2 MB each
def town_layer(tiles: TileKey, columns: int, rows: int, cell: int, names: tuple[str, str]
               ) -> tuple[Image.Image, float, float, tuple[Drawn, ...]]:
    """Tiles, grid, tile edges, coordinates and the Park and River names, on the paper; with the
    smallest text it used. ``names`` are the words for Park and River."""
    town = Town(LABEL_W, LABEL_H, cell, columns, rows)
    canvas = BoardCanvas(town.width, town.height, PAPER)
    draw = canvas.draw
    for _code, kind, symbol, striped, x, y, size in tiles:
        box = (town.x + x * cell, town.y + y * cell, town.x + (x + size) * cell - 1, town.y + (y + size) * cell - 1)
        _tile(canvas, box, cell, kind, symbol, striped)
    for _code, _kind, _symbol, _striped, x, y, size in tiles:
        x0, y0 = town.x + x * cell, town.y + y * cell
        for k in range(1, size):
            draw.line((x0 + k * cell, y0, x0 + k * cell, y0 + size * cell - 1), fill=GRID, width=1)
            draw.line((x0, y0 + k * cell, x0 + size * cell - 1, y0 + k * cell), fill=GRID, width=1)
    kinds = {(x, y): kind for _code, kind, _symbol, _striped, x, y, _size in tiles}
    for _code, kind, _symbol, _striped, x, y, size in tiles:
        x0, y0 = town.x + x * cell, town.y + y * cell
        x1, y1 = x0 + size * cell, y0 + size * cell
        for (dx, dy), edge in (((-size, 0), (x0 - 1, y0 - 1, x0 + 1, y1)), ((size, 0), (x1 - 2, y0 - 1, x1, y1)),
                               ((0, -size), (x0 - 1, y0 - 1, x1, y0 + 1)), ((0, size), (x0 - 1, y1 - 2, x1, y1))):
            if kind != "neighborhood" and kinds.get((x + dx, y + dy)) == kind:  # one Park (River) of two tiles:
                # no edge between them, the grid's line only (the rules count adjoining Park tiles as one Park)
                if dx < 0 or dy < 0:
                    draw.line((x0, y0, x0, y1 - 1) if dx else (x0, y0, x1 - 1, y0), fill=GRID, width=1)
                continue
            draw.rectangle(edge, fill=INK)
    for kind, (x, y, size) in _one_name_each(tiles):
        word = names[0] if kind == "park" else names[1]
        cx, cy = town.centre(x + size / 2 - 0.5, y + size / 2 - 0.5)
        label(canvas, cx, cy, (word.upper(),), INK)
    for c in range(columns):
        canvas.text((town.x + (c + 0.5) * cell, LABEL_H / 2), chr(ord("A") + c), SMALL, INK, "mm", bold=True)
    for r in range(rows):
        canvas.text((LABEL_W - 6, town.y + (r + 0.5) * cell), str(r + 1), SMALL, INK, "rm", bold=True)
    return canvas.image, canvas.min_text, canvas.min_piece, tuple(canvas.drawn)


def _one_name_each(tiles: TileKey) -> list[tuple[str, tuple[int, int, int]]]:
    """Each Park and River once: the tiles of one that adjoin are a single Park (River), named on
    the tile nearest its middle (the tenth look read "PARK PARK" as two Parks)."""
    out = []
    for kind in ("park", "river"):
        size = next((t[6] for t in tiles if t[1] == kind), 1)
        left = {(x // size, y // size) for _code, k, _symbol, _striped, x, y, _size in tiles if k == kind}
        while left:
            group = flood([min(left)], left)
            left -= group
            mx, my = sum(g[0] for g in group) / len(group), sum(g[1] for g in group) / len(group)
            near = min(group, key=lambda g: ((g[0] - mx) ** 2 + (g[1] - my) ** 2, g[1], g[0]))
            out.append((kind, (near[0] * size, near[1] * size, size)))
    return out


def _tile(canvas: BoardCanvas, box: tuple[int, int, int, int], cell: int, kind: str, symbol: str | None,
          striped: bool) -> None:
    draw = canvas.draw
    x0, y0, x1, y1 = box
    if kind == "park":
        draw.rectangle(box, fill=PARK)
        r = max(3, cell // 7)
        for cy in range(y0, y1, cell):
            for cx in range(x0, x1, cell):
                for dx, dy in ((0.3, 0.3), (0.7, 0.7)):
                    px, py = cx + dx * cell, cy + dy * cell
                    draw.ellipse((px - r, py - r, px + r, py + r), fill=PARK_DOT)
        return
    if kind == "river":
        draw.rectangle(box, fill=RIVER)
        for cy in range(y0, y1, cell):
            for k in (0.35, 0.75):
                y = cy + k * cell
                pts = [(x0 + i * cell / 6, y + (3 if i % 2 else -3)) for i in range(int((x1 - x0) * 6 / cell) + 2)]
                draw.line(pts, fill=RIVER_WAVE, width=3)
        return
    draw.rectangle(box, fill=TOWN_PLAIN)
    if striped:
        canvas.image.paste(TOWN_STRIPE, (x0, y0), stripes(x1 - x0 + 1, max(12, cell // 2)))
    if symbol:
        mask = glyph(symbol, int(cell * 0.5))
        off = (cell - mask.width) // 2
        for cy in range(y0, y1, cell):
            for cx in range(x0, x1, cell):
                canvas.image.paste(GLYPH, (cx + off, cy + off), mask)


def label(canvas: BoardCanvas, cx: float, cy: float, lines: tuple[str, ...], ink, bold: bool = True,
          pad: tuple[int, int] = (12, 6)) -> None:
    """A name in a white box centred on (cx, cy), ``pad`` px wider and taller than its words,
    noted as a piece (the badge of the building placed last keeps off it)."""
    w = max(text_width(t, SMALL, bold) for t in lines) + pad[0]
    lh = line_height(SMALL)
    h = lh * len(lines) + pad[1]
    box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
    canvas.draw.rounded_rectangle(box, radius=5, fill=WHITE, outline=ink, width=2)
    canvas.note_piece(box, "name", key=False)
    with canvas.inside(box):
        for i, t in enumerate(lines):
            canvas.text((cx, cy - h / 2 + pad[1] / 2 + lh * (i + 0.5)), t, SMALL, ink, "mm", bold=bold)


# --- buildings -----------------------------------------------------------------------------


def shape(draw: ImageDraw.ImageDraw, town: Town, cells, inset: int, fill) -> None:
    """The union of the cells, each shrunk by ``inset``, the gaps between orthogonally adjacent
    cells bridged, so a building reads as one piece."""
    cellset = {(c, r) for c, r in cells}
    for c, r in cellset:
        x0, y0, x1, y1 = town.box(c, r, inset)
        draw.rectangle((x0, y0, x1, y1), fill=fill)
        if inset <= 0:
            continue
        if (c + 1, r) in cellset:
            draw.rectangle((x1, y0, x1 + 2 * inset + 1, y1), fill=fill)
        if (c, r + 1) in cellset:
            draw.rectangle((x0, y1, x1, y1 + 2 * inset + 1), fill=fill)


def main_cell(cells) -> tuple[int, int]:
    """The cell that carries the height: the one with most neighbours in the building (the middle
    of a straight three, the corner of an L), else the first (top, then left)."""
    cellset = {(c, r) for c, r in cells}

    def degree(p):
        c, r = p
        return sum((c + dc, r + dr) in cellset for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)))

    return max(sorted(cellset, key=lambda p: (p[1], p[0])), key=degree)


def building(canvas: BoardCanvas, town: Town, b, people: People, last: bool) -> None:
    """One building, outlined, in one piece of its owner's colour (white inside a band of it: the
    second set; all grey: the neutral building), its height on the space with most neighbours and
    its owner's shape once, on the space nearest that. A one-space building is split: the height
    on white on the left, the owner's colour and shape on the right."""
    draw = canvas.draw
    cells = [tuple(c) for c in b.cells]
    inset = 2
    if last:  # a white halo with an ink rim: the building placed last
        shape(draw, town, cells, -5, INK)
        shape(draw, town, cells, -2, WHITE)
    shape(draw, town, cells, inset, INK)
    colour = NEUTRAL if b.owner is None else player_colour(b.owner)
    inner = inset + 3
    main = main_cell(cells)
    rest = sorted((p for p in cells if p != main), key=lambda p: (abs(p[0] - main[0]) + abs(p[1] - main[1]), p))
    shape(draw, town, cells, inner, colour)
    if b.roofed:  # the second set: white inside a band of the owner's colour
        inner += 4
        shape(draw, town, cells, inner, WHITE)
    x0, y0, x1, y1 = town.box(main[0], main[1], inner)
    digit_box = (x0, y0, x1, y1) if rest else (x0, y0, (x0 + x1) // 2, y1)
    if b.owner is not None and not rest:  # one space: the height on white, the owner's half beside it
        draw.rectangle(digit_box, fill=WHITE)
        draw.line((digit_box[2] + 1, y0, digit_box[2] + 1, y1), fill=INK, width=2)
    for c in cells:
        canvas.note_piece(town.box(c[0], c[1], inset), "building", key=False)  # its size: the line after
    canvas.piece(town.cell - 2 * inset)
    ink = INK if b.roofed or (b.owner is not None and not rest) else ink_on(colour)
    size = max(BODY, town.cell * 3 // 4) if rest and not b.roofed else BODY  # a roofed one's inside the band
    with canvas.inside(town.box(main[0], main[1], inset)):
        canvas.text(((digit_box[0] + digit_box[2]) / 2, (y0 + y1) / 2), str(b.height), size, ink, "mm", bold=True)
    if b.owner is None:
        return
    if not rest:
        mark = max(14, (x1 - x0) // 2 - 2)
        cx, cy = (digit_box[2] + x1) / 2 + 1, (y0 + y1) / 2
        owner_shape(canvas, cx - mark / 2, cy - mark / 2, b.owner, mark, b.roofed)
    for c, r in rest[:1]:  # the owner's shape once, beside the height, as large as it holds inside the roof band
        mark = max(16, x1 - x0 + (4 if b.roofed else -2))  # on a roofed one, over the band's inner edge
        cx, cy = town.centre(c, r)
        owner_shape(canvas, cx - mark / 2, cy - mark / 2, b.owner, mark, b.roofed)


def buildings(canvas: BoardCanvas, town: Town, view, people: People) -> None:
    """Every building; the last placed on top, so that its halo stays whole."""
    for b in sorted(view.buildings, key=lambda b: b.index == view.last_building):
        building(canvas, town, b, people, b.index == view.last_building)


def earned(view) -> int | None:
    """The coins the building placed last earned, from the last move's public events."""
    for m in view.last_events:
        if m.key == "bv.event.built" and "coins" in m.params:
            return int(m.params["coins"])
    return None


def _cuts(box: Box, cell: Box) -> bool:
    """Whether ``box`` covers more of ``cell`` than a corner (its height and owner's mark show)."""
    return min(box[2], cell[2]) - max(box[0], cell[0]) > 6 and min(box[3], cell[3]) - max(box[1], cell[1]) > 6


def badge(canvas: BoardCanvas, town: Town, view, panels: Sequence[Box] = ()) -> None:
    """What the building placed last earned ("+4"), on a dark badge touching one of its cells: at
    the first corner of its cells (the top right one's first) where the badge covers no text, no
    piece, no coordinate and none of ``panels`` (the boxes placed in the town's holes, drawn after
    it; none: no badge). Corners of the cells, not of their bounding box: an L's empty corner put
    the badge on a neighbour's building."""
    last = next((b for b in view.buildings if b.index == view.last_building), None)
    coins = earned(view)
    if last is None or coins is None:
        return
    text = f"+{coins}"
    w, h = text_width(text, SMALL, True) + 14, SMALL + 8
    cells = [town.box(c, r) for c, r in sorted(last.cells, key=lambda cr: (cr[1], -cr[0]))]
    area = (town.x, town.y, town.x + town.columns * town.cell, town.y + town.rows * town.cell)

    def own(b: Box) -> bool:  # its own cells and height: the badge may touch them
        return any(c[0] - 6 <= b[0] and c[1] - 6 <= b[1] and b[2] <= c[2] + 6 and b[3] <= c[3] + 6 for c in cells)

    taken = [d.box for d in canvas.drawn if not own(d.box)] + list(panels)
    corners: list[tuple[float, float]] = [(x1 - 4, y0 - h + 4) for x0, y0, x1, y1 in cells]
    corners += [(x1 - 4, y1 - 4) for x0, y0, x1, y1 in cells[::-1]]
    # else centred on a space's top or bottom edge: at a left corner the badge stood in the space beside,
    # read as that space's (the eighteenth look: "+1" over a Park, at the corner of another building)
    corners += [((x0 + x1 - w) / 2, y0 - h + 4) for x0, y0, x1, y1 in cells]
    corners += [((x0 + x1 - w) / 2, y1 - 4) for x0, y0, x1, y1 in cells[::-1]]
    corners += [(x0 - w + 4, y0 - h + 4) for x0, y0, x1, y1 in cells] + [(x0 - w + 4, y1 - 4) for x0, y0, x1, y1 in cells]
    corners += [(x1 - 4, (y0 + y1 - h) / 2) for x0, y0, x1, y1 in cells]
    corners += [(x0 - w + 4, (y0 + y1 - h) / 2) for x0, y0, x1, y1 in cells]
    for bx, by in corners:
        box = (bx, by, bx + w, by + h)
        inside = area[0] <= box[0] and area[1] <= box[1] and box[2] <= area[2] and box[3] <= area[3]
        if inside and not any(min(box[2], t[2]) > max(box[0], t[0]) and min(box[3], t[3]) > max(box[1], t[1])
                              for t in taken) and not any(_cuts(box, c) for c in cells):
            canvas.draw.rounded_rectangle(box, radius=h // 2, fill=INK, outline=WHITE, width=2)
            canvas.note_piece(box, "badge", key=False)
            with canvas.inside(box):
                canvas.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), text, SMALL, WHITE, "mm", bold=True)
            return


# --- the hand image's overlays ----------------------------------------------------------------


def reach(canvas: BoardCanvas, town: Town, cells: set[tuple[int, int]]) -> None:
    """The free spaces a card of the hand could cover: a bold dark plus on a white edge in each
    (a ringed dot read as the Flower, a ring of petals; no neighborhood symbol is a cross)."""
    arm, thick = max(7, town.cell // 4), max(4, town.cell // 9)
    for c, rw in cells:
        cx, cy = town.centre(c, rw)
        for fill, grow in ((WHITE, 2), (GHOST, 0)):
            a, t = arm + grow, thick / 2 + grow
            canvas.draw.rectangle((cx - a, cy - t, cx + a, cy + t), fill=fill)
            canvas.draw.rectangle((cx - t, cy - a, cx + t, cy + a), fill=fill)


def suggestion(canvas: BoardCanvas, town: Town, cells) -> None:
    """A suggested placement: its footprint in white with a heavy outline (its cards' tag is
    ``tags.place_tags``'s, over it or beside it)."""
    cellset = [tuple(c) for c in cells]
    shape(canvas.draw, town, cellset, 1, GHOST)
    shape(canvas.draw, town, cellset, 4, WHITE)
