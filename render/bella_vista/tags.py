"""The hand image's best-place tags: the cards of a best place ("#7r", "#6 #7") whole, in a white
box rimmed in the outline's ink, over the outline's widest row when it fits inside the place and no
other tag or outline is in the way, else beside the outline, touching it; never across it.

(Issue 24, a fourth independent look at 550 px: inside a place one column wide the tags lost
their "#" and stacked on one another, "4r" over "5r" over "#7r"; two cards on one place were
jammed into one space.)"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from render.bella_vista.draw import GHOST, SMALL, WHITE, BoardCanvas, line_height, text_width
from render.bella_vista.town import Town
from render.canvas import Box

PAD_W, PAD_H = 10, 2  # px around the words, inside the rim
MARGIN = 8  # px between a tag and a panel placed in the town's holes
OVER = 3  # px a tag beside its place reaches over the place's rim, so the two read as one
BLOCKED = 10**9  # a tag never goes outside the town, over a panel, another tag or another outline
ACROSS = 10**6  # nor across its own place's outline, unless nowhere else is clear


def _shared_area(a: Box, b: Box) -> float:
    """The area two boxes share (names.py's ``_meet`` says only whether they come near)."""
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def _spots(town: Town, cells: Sequence[tuple[int, int]], w: float, h: float) -> list[Box]:
    """Where a tag ``w`` x ``h`` may go for a place, the best first: centred over its middle if
    it is a column, over its widest row (the lowest of the widest), over each of its spaces, then
    beside it, touching it."""
    rows: dict[int, list[int]] = {}
    for c, r in cells:
        rows.setdefault(r, []).append(c)
    row, cols = max(rows.items(), key=lambda kv: (len(kv[1]), kv[0]))
    left, top, _, bottom = town.box(min(cols), row)
    right = town.box(max(cols), row)[2]
    boxes = [town.box(c, r) for c, r in cells]
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    centres = [((left + right) / 2, (top + bottom) / 2)]
    if len(rows) > 1 and len({c for c, _ in cells}) == 1:  # a column: over its middle, both ends in sight
        centres.insert(0, (mx, my))
    centres += [town.centre(c, r) for c, r in sorted(cells, key=lambda p: (p[1], p[0]))]
    out = [(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2) for cx, cy in centres]
    for cy in (my, (y0 + town.cell / 2), (y1 - town.cell / 2)):  # right, then left of it
        out.append((x1 - OVER, cy - h / 2, x1 - OVER + w, cy + h / 2))
        out.append((x0 + OVER - w, cy - h / 2, x0 + OVER, cy + h / 2))
    for cx in (mx, x0 + w / 2, x1 - w / 2):  # above, then below it
        out.append((cx - w / 2, y0 + OVER - h, cx + w / 2, y0 + OVER))
        out.append((cx - w / 2, y1 - OVER, cx + w / 2, y1 - OVER + h))
    near = sorted({(c * 2 + dc, r * 2 + dr) for c, r in cells for dc in range(-4, 5) for dr in range(-4, 5)},
                  key=lambda p: min(abs(p[0] - 2 * c) + abs(p[1] - 2 * r) for c, r in cells))
    for hc, hr in near:  # else near it, half a space at a time: a leader line ties it to the place
        cx, cy = town.centre(hc / 2, hr / 2)
        out.append((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2))
    return out


def place_tags(canvas: BoardCanvas, town: Town, marks: Sequence[tuple[Sequence, str]],
               buildings: Iterable[tuple[int, int]], pluses: Iterable[tuple[int, int]],
               panels: Sequence[Box] = ()) -> list[Box]:
    """Each mark's tag (``marks``: a place's cells and its cards) at the first of its spots that
    is in the town and clear of panels, of what is drawn there (names, heights), of the tags already
    placed and of the other places, and covers the least of buildings and pluses; drawn (with a
    leader line to its place if it could not touch it); returns the boxes of the tags drawn away
    from their places."""
    area = (town.x, town.y, town.x + town.columns * town.cell, town.y + town.rows * town.cell)
    places = [[tuple(c) for c in cells] for cells, _ in marks]
    cells_built = [tuple(c) for c in buildings]
    built = [town.box(c, r) for c, r in cells_built]
    plus_cells = [tuple(c) for c in pluses]
    # a panel's words keep a margin (the fifteenth look: "#7r #8 #8r" ran into "none yet" beside it)
    walls = [(x0 - MARGIN, y0 - MARGIN, x1 + MARGIN, y1 + MARGIN) for x0, y0, x1, y1 in panels]
    walls += [d.box for d in canvas.drawn if _shared_area(d.box, area) > 0]  # names, heights, marks
    placed: list[Box] = []
    away: list[Box] = []
    for n, (_, tag) in enumerate(marks):
        w, h = text_width(tag, SMALL, True) + PAD_W, line_height(SMALL) + PAD_H
        others = [town.box(c, r, 2) for i, cells in enumerate(places) if i != n for c, r in cells]
        own = set(places[n])

        def cost(box: Box, rank: int) -> float:
            if not (area[0] <= box[0] and area[1] <= box[1] and box[2] <= area[2] and box[3] <= area[3]):
                return BLOCKED
            if any(_shared_area(box, b) > 0 for b in walls + placed + others):
                return BLOCKED
            if straddles(town, box, own):  # only where nothing else is clear
                return ACROSS
            plus = [town.box(c, r, town.cell // 4) for c, r in plus_cells if (c, r) not in own]
            spill = (box[2] - box[0]) * (box[3] - box[1]) - sum(_shared_area(box, town.box(c, r, -1)) for c, r in own)
            return rank * 40 + sum(_shared_area(box, b) for b in built) + sum(_shared_area(box, b) for b in plus) / 2 + spill / 4

        spots = _spots(town, places[n], w, h)
        box = min(spots, key=lambda b: (cost(b, spots.index(b)), spots.index(b)))
        placed.append(box)
        hull = [town.box(c, r, -OVER - 1) for c, r in own]
        if not any(_shared_area(box, b) > 0 for b in hull):  # away from its place: a leader line to it
            mid = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            end = min((town.centre(c, r) for c, r in own), key=lambda p: abs(p[0] - mid[0]) + abs(p[1] - mid[1]))
            canvas.draw.line((mid, end), fill=GHOST, width=4)
            away.append(box)
        draw_tag(canvas, box, tag)
    return away


def straddles(town: Town, box: Box, own: Iterable[tuple[int, int]]) -> bool:
    """Whether a tag's box lies across its own place's outline: neither inside the place (a tag
    on a place one space wide, wider than it, hid the outline's sides and the spaces beside it:
    a fifth independent look) nor beside it, reaching at most ``OVER`` px over its rim."""
    w, h = box[2] - box[0], box[3] - box[1]
    inside = sum(_shared_area(box, town.box(c, r)) for c, r in own)  # less the 1 px seams between spaces
    deep = sum(_shared_area(box, town.box(c, r, OVER + 1)) for c, r in own)
    return inside < w * h - 2 * (w + h) and deep > 0


def draw_tag(canvas: BoardCanvas, box: Box, tag: str) -> None:
    canvas.draw.rounded_rectangle(box, radius=4, fill=WHITE, outline=GHOST, width=2)
    canvas.note_piece(box, "tag", key=False)
    with canvas.inside(box):
        canvas.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), tag, SMALL, GHOST, "mm", bold=True)


__all__ = ["draw_tag", "place_tags", "straddles"]
