"""The neighborhood names on the town: each name a small white tab on its own tile, hung from
the tile's top edge (drawn over it) while the top rows are free, else from its bottom edge,
else on the first free rows between; never on another tile, a Park, a River or the bare
ground (a name there, with a pointer, was read as the next tile's: "FLOWER PARK"). A tile
built over too far for its tab shows no name: each space carries its symbol and stripes, and
the key names them. Contracts name the neighborhoods ("Striped Flower"), so the name stays in
one place while it can. A striped neighborhood's tab is striped (bolder than its tile) and says
its symbol's word on one row ("SUN", where "STRIPED / SUN" took two rows of four spaces), so a name
finds room on twice as many tiles built over (at the end of nine seeded games, 45 of 72 named
instead of 22); a plain one's is white."""

from __future__ import annotations

from collections.abc import Sequence, Set

from render.bella_vista.draw import SMALL, WHITE, BoardCanvas, line_height, text_width, wrap
from render.bella_vista.glyphs import stripes
from render.bella_vista.town import Town, label
from render.palette import INK

Rect = tuple[float, float, float, float]
Cell = tuple[int, int]
PAD = (10, 2)  # px a tab adds to its words' width and lines' height
TAB_STRIPE = (178, 194, 172)  # a striped tile's tab: stripes bolder than the tile's, to show at 550 px
EDGE = 0  # px a tab reaches beyond its tile (its outline lies on the tile's edge, never on the next tile)


def neighborhood_names(canvas: BoardCanvas, town: Town, view, tile_name, avoid=frozenset(),
                       panels: Sequence[Rect] = (), marks: Set[Cell] = frozenset()) -> None:
    """Each neighborhood's name, on one or two lines, on its own tile (``avoid``: more spaces to
    keep clear; ``panels``: the boxes placed in the town's holes, drawn after it; ``marks``:
    spaces to keep clear: the hand's pluses — but a tile with nothing built on it keeps its name
    at its top, marks or not; the name of a tile whose free spaces are all marks is not drawn)."""
    occupied = {(c, r) for b in view.buildings for c, r in b.cells} | set(avoid)
    halo = {(c, r) for b in view.buildings if b.index == view.last_building for c, r in b.cells}
    taken: list[Rect] = [d.box for d in canvas.drawn if (d.kind == "text" or d.what == "badge")
                         and d.box[3] > town.y and d.box[0] > town.x]
    # (the Park and River names, the badge of the building placed last; not the coordinates, a
    # tab's edge on the town's)
    tiles = [t for t in view.tiles if t.kind == "neighborhood"]
    for hung in (True, False):  # every tab that can hang from its tile's top edge, then the rest
        left = []
        for t in tiles:
            lines, bold, w, h, striped = _name(town, t, tile_name)
            own = {(t.x + i, t.y + j) for i in range(t.size) for j in range(t.size)} - occupied
            bare = len(own) == t.size * t.size  # nothing built: its name stays at its top, marks or not
            spot = tab(town, (t.x, t.y, t.size), w, h, own if bare else own - marks, halo, taken, panels, hung)
            if spot is None:
                left.append(t)
                continue
            cx, cy = spot
            if striped:
                _striped_tab(canvas, cx, cy, w, h, lines[0], bold)
            else:
                label(canvas, cx, cy, lines, INK, bold, PAD)
            taken.append((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2))
        tiles = left


def _name(town: Town, t, tile_name) -> tuple[tuple[str, ...], bool, int, int, bool]:
    """A tile's name as its tab writes it: its lines, whether bold, the tab's width and height,
    and whether it is a striped tile's one-line tab (striped, with the symbol's word: "SUN" takes
    one row of two spaces where "STRIPED / SUN" took two rows of four, so the name finds room on
    a tile built over; the key says what the stripes mean). A striped name too wide for that is
    written whole, as the others."""
    side = town.cell * t.size
    room = side + 2 * EDGE - PAD[0] - 4
    if t.striped:
        word = tile_name(t.code.rstrip("s")).upper()
        for bold in (True, False):
            w = text_width(word, SMALL, bold) + PAD[0]
            if w <= room + PAD[0]:
                return (word,), bold, w, line_height(SMALL) + PAD[1], True
    name = tile_name(t.code).upper()
    bold = not any(x.endswith("…") for x in wrap(name, SMALL, room, True))  # a word too wide in bold
    lines = wrap(name, SMALL, room, bold)  # ("BORBOLETA" in a 4-space tile) is whole in regular
    w = max(text_width(x, SMALL, bold) for x in lines) + PAD[0]
    return lines, bold, w, line_height(SMALL) * len(lines) + PAD[1], False


def _striped_tab(canvas: BoardCanvas, cx: float, cy: float, w: float, h: float, word: str, bold: bool) -> None:
    """A striped tile's tab: a box as ``label`` draws, striped as the key's "striped" swatch (bolder
    than the tile's stripes, which the ninth look found too faint at 550 px), and its word."""
    box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
    canvas.draw.rounded_rectangle(box, radius=5, fill=WHITE)
    side = int(max(w, h)) + 2
    canvas.image.paste(TAB_STRIPE, (int(box[0]), int(box[1])), stripes(side, 12).crop((0, 0, int(w), int(h))))
    canvas.draw.rounded_rectangle(box, radius=5, outline=INK, width=2)
    canvas.note_piece(box, "name", key=False)
    with canvas.inside(box):
        canvas.text((cx, cy), word, SMALL, INK, "mm", bold=bold)


def tab(town: Town, tile: tuple[int, int, int], w: float, h: float, own: Set[Cell],
        halo: Set[Cell] = frozenset(), taken: Sequence[Rect] = (), panels: Sequence[Rect] = (),
        hung: bool = False) -> tuple[float, float] | None:
    """The centre of a ``w`` x ``h`` tab for the name of the tile (x, y, size in spaces), on its
    ``own`` free spaces: hung from the tile's top edge, else its bottom edge, else flush with a
    row line between (top rows first); centred, else flush with the tile's left or right edge,
    else with a column line. Never within 6 px of the ``halo`` spaces (the building placed last
    is outlined beyond them), 4 px from a box ``taken`` and off the ``panels``. ``hung``: only
    from the top edge."""
    x, y, size = tile
    side = size * town.cell
    x0, y0 = town.x + x * town.cell, town.y + y * town.cell
    x1, y1 = x0 + side, y0 + side
    tops = [y0 - EDGE, y1 + EDGE - h]
    tops += [t for k in range(1, size) for t in (y0 + k * town.cell + 1, y0 + k * town.cell - 1 - h)]
    lefts = [x0 + (side - w) / 2, x0 - EDGE, x1 + EDGE - w]
    lefts += [lf for k in range(1, size) for lf in (x0 + k * town.cell + 1, x0 + k * town.cell - 1 - w)]
    for top in tops[:1] if hung else tops:
        for left in lefts:
            box = (left, top, left + w, top + h)
            if not (x0 - EDGE <= box[0] and box[2] <= x1 + EDGE and y0 - EDGE <= box[1] and box[3] <= y1 + EDGE):
                continue
            if (_clear(town, box, own, halo) and not any(_meet(box, t, 4) for t in taken)
                    and not any(_meet(box, p, 0) for p in panels)):
                return left + w / 2, top + h / 2
    return None


def _clear(town: Town, box: Rect, own: Set[Cell], halo: Set[Cell]) -> bool:
    """Whether every space the box reaches (over the tile's edge by ``EDGE`` px at most) is one
    of ``own``, and it stays 6 px from each ``halo`` space."""
    c0, c1 = int((box[0] + EDGE - town.x) // town.cell), int((box[2] - EDGE - 1 - town.x) // town.cell)
    r0, r1 = int((box[1] + EDGE - town.y) // town.cell), int((box[3] - EDGE - 1 - town.y) // town.cell)
    if any((c, r) not in own for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)):
        return False
    return not any(_meet(box, town.box(c, r), 6) for c, r in halo)


def _meet(box: Rect, other, margin: float) -> bool:
    """Whether two boxes overlap once ``other`` is grown by ``margin`` px."""
    return (min(box[2], other[2] + margin) > max(box[0], other[0] - margin)
            and min(box[3], other[3] + margin) > max(box[1], other[1] - margin))
