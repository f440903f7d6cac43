"""The neighborhood names on the town: each name in a white box where no building covers it,
as near its tile's centre as the free spaces allow; when buildings leave no room inside the
tile, across its edge into a Park, a River or the bare ground beside it (never built on); with
no room there either, just outside the tile on that open ground, a pointer at its edge. Contracts name the
neighborhoods ("Striped Flower"), so a player must find every one on every board."""

from __future__ import annotations

from collections.abc import Sequence, Set

from render.bella_vista.draw import SMALL, BoardCanvas, line_height, text_width, wrap
from render.bella_vista.town import Town, label
from render.palette import INK

Rect = tuple[float, float, float, float]
Cell = tuple[int, int]
POINT = 9  # px between a name beside its tile and the tile: its pointer


def neighborhood_names(canvas: BoardCanvas, town: Town, view, tile_name, avoid=frozenset(),
                       panels: Sequence[Rect] = (), marks: Set[Cell] = frozenset()) -> None:
    """Each neighborhood's name, on one or two lines (``avoid``: more spaces to keep clear;
    ``panels``: the boxes placed in the town's holes, drawn after it; ``marks``: spaces to keep
    clear while there is room elsewhere, on the tile or beside it: the hand's pluses — but a
    tile with nothing built on it keeps its name in its middle, where a name beside it, on a
    Park, read as one name: "FLOWER PARK")."""
    occupied = {(c, r) for b in view.buildings for c, r in b.cells} | set(avoid)
    halo = {(c, r) for b in view.buildings if b.index == view.last_building for c, r in b.cells}
    built_on = {(t.x + i, t.y + j) for t in view.tiles if t.kind == "neighborhood"
                for i in range(t.size) for j in range(t.size)}
    open_ground = {(c, r) for c in range(town.columns) for r in range(town.rows)} - built_on
    taken: list[Rect] = [d.box for d in canvas.drawn if d.kind == "text" or d.what == "badge"] + list(panels)
    # (the Park and River names, the badge of the building placed last)
    tiles = [t for t in view.tiles if t.kind == "neighborhood"]
    for near in (False, True, False):  # on the tile (clear of the marks), beside it, over the marks
        left = []
        for t in tiles:
            lines, bold, w, h = _name(town, t, tile_name)
            own = {(t.x + i, t.y + j) for i in range(t.size) for j in range(t.size)} - occupied
            if near:
                spot = beside(town, (t.x, t.y, t.size), w, h, open_ground, halo, taken)
            else:
                bare = len(own) == t.size * t.size  # nothing built: its name stays on it, marks or not
                on = free_spot(town, (t.x, t.y, t.size), w, h, own - marks if marks and not bare else own,
                               open_ground, halo, taken)
                spot = None if on is None else (on, [])
            if spot is None:
                left.append(t)
                continue
            (cx, cy), tip = spot
            label(canvas, cx, cy, lines, INK, bold)
            if tip:  # the pointer at the tile's edge
                canvas.draw.polygon(tip, fill=INK)
                xs, ys = [p[0] for p in tip], [p[1] for p in tip]
                canvas.note_piece((min(xs), min(ys), max(xs), max(ys)), "pointer", key=False)
            taken.append((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2))
        tiles, marks = left, frozenset()


def _name(town: Town, t, tile_name) -> tuple[tuple[str, ...], bool, int, int]:
    """A tile's name as its label writes it: its lines, whether bold, the label's width and height."""
    side = t.size * town.cell
    name = tile_name(t.code).upper()
    bold = not any(x.endswith("…") for x in wrap(name, SMALL, side - 16, True))  # a word too wide in bold
    lines = wrap(name, SMALL, side - 16, bold)  # ("BORBOLETA" in a 4-space tile) is whole in regular
    w = max(text_width(x, SMALL, bold) for x in lines) + 12
    return lines, bold, w, line_height(SMALL) * len(lines) + 6


def beside(town: Town, tile: tuple[int, int, int], w: float, h: float, open_ground: Set[Cell],
           halo: Set[Cell] = frozenset(), taken: Sequence[Rect] = ()
           ) -> tuple[tuple[float, float], list[tuple[float, float]]] | None:
    """A ``w`` x ``h`` box on the open ground just outside the tile, ``POINT`` px from one of its
    edges and within its span along that edge (above or below it first), and a pointer filling
    the gap, its tip on the tile's edge: the label's centre and the pointer's corners."""
    x, y, size = tile
    side = size * town.cell
    x0, y0 = town.x + x * town.cell, town.y + y * town.cell
    x1, y1 = x0 + side, y0 + side
    step = town.cell / 4
    across = [x0 + side / 2 + k * step for k in sorted(range(-2 * size, 2 * size + 1), key=abs)]
    down = [y0 + side / 2 + k * step for k in sorted(range(-2 * size, 2 * size + 1), key=abs)]
    tries = [((cx, y0 - POINT - h / 2), (0, 1)) for cx in across] + [((cx, y1 + POINT + h / 2), (0, -1)) for cx in across]
    tries += [((x0 - POINT - w / 2, cy), (1, 0)) for cy in down] + [((x1 + POINT + w / 2, cy), (-1, 0)) for cy in down]
    for (cx, cy), (dx, dy) in tries:
        box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
        if dx == 0 and not (x0 <= box[0] and box[2] <= x1) or dy == 0 and not (y0 <= box[1] and box[3] <= y1):
            continue  # within the tile's span: it names this tile, not the next
        if not _clear(town, box, set(), open_ground, halo) or any(_meet(box, t, 4) for t in taken):
            continue
        ex, ey = cx + dx * (w / 2 + POINT), cy + dy * (h / 2 + POINT)  # the tip, on the tile's edge
        bx, by = cx + dx * w / 2, cy + dy * h / 2
        tip = [(ex, ey), (bx - dy * POINT, by - dx * POINT), (bx + dy * POINT, by + dx * POINT)]
        return (cx, cy), tip
    return None


def free_spot(town: Town, tile: tuple[int, int, int], w: float, h: float, own: Set[Cell],
              open_ground: Set[Cell] = frozenset(), halo: Set[Cell] = frozenset(), taken: Sequence[Rect] = ()
              ) -> tuple[float, float] | None:
    """The centre of a ``w`` x ``h`` box for the name of the tile (x, y, size in spaces): on its
    ``own`` free spaces, 2 px in from its edge, the one nearest its centre; else centred on the
    tile but reaching across its edge into ``open_ground`` (a Park, a River, no tile). Never
    within 6 px of the ``halo`` spaces (the building placed last is outlined beyond them) nor
    over a box ``taken``. Tried in quarter spaces and flush with each space's edge."""
    x, y, size = tile
    side = size * town.cell
    x0, y0 = town.x + x * town.cell, town.y + y * town.cell
    step = town.cell / 4

    def centres(lo: float, span: float, reach: float) -> list[float]:
        first, last = lo + 2 + span / 2 - reach, lo + side - 2 - span / 2 + reach
        edges = [lo + k * town.cell for k in range(-1, size + 2)]
        out = [c for e in edges for c in (e + 1 + span / 2, e - 1 - span / 2)]
        out += [lo + side / 2 + k * step for k in range(-5 * size, 5 * size + 1)]
        return [first, last] + [c for c in out if first <= c <= last]

    mid = (x0 + side / 2, y0 + side / 2)
    spots = [(cx, cy) for cx in centres(x0, w, w / 2) for cy in centres(y0, h, h / 2)
             if x0 <= cx <= x0 + side and y0 <= cy <= y0 + side]  # the name's middle on its tile
    spots.sort(key=lambda p: (not (x0 + 2 <= p[0] - w / 2 and p[0] + w / 2 <= x0 + side - 2
                                   and y0 + 2 <= p[1] - h / 2 and p[1] + h / 2 <= y0 + side - 2),
                              (p[0] - mid[0]) ** 2 + (p[1] - mid[1]) ** 2, p[1], p[0]))
    for cx, cy in spots:
        box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
        if _clear(town, box, own, open_ground, halo) and not any(_meet(box, t, 4) for t in taken):
            return cx, cy
    return None


def _clear(town: Town, box: Rect, own: Set[Cell], open_ground: Set[Cell], halo: Set[Cell]) -> bool:
    """Whether every space the box reaches is its tile's free space or open ground, and it stays
    6 px from each ``halo`` space."""
    c0, c1 = int((box[0] - town.x) // town.cell), int((box[2] - 1 - town.x) // town.cell)
    r0, r1 = int((box[1] - town.y) // town.cell), int((box[3] - 1 - town.y) // town.cell)
    if c0 < 0 or r0 < 0 or c1 >= town.columns or r1 >= town.rows:
        return False
    if any((c, r) not in own and (c, r) not in open_ground for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)):
        return False
    return not any(_meet(box, town.box(c, r), 6) for c, r in halo)


def _meet(box: Rect, other, margin: float) -> bool:
    """Whether two boxes overlap once ``other`` is grown by ``margin`` px."""
    return (min(box[2], other[2] + margin) > max(box[0], other[0] - margin)
            and min(box[3], other[3] + margin) > max(box[1], other[1] - margin))
