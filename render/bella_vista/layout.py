"""Where the panels go round the town.

The town sits at the left under the header. The page round it is cut into vertical strips:
one per column of town tiles, and the room right of the town. Each strip is free below its
lowest tile (the room at the right from the top), and a random town (rarely a rectangle) also
leaves rooms between its tiles. Each panel, in order, goes where its bottom ends highest: into
a room it fits, or across one or more neighbouring strips, below what they hold. So panels
fill the space beside, inside and below the town, and the image ends where the panels do.
The architects' panel (``Block.in_town`` false) never takes a hole between the town's tiles:
only the room right of the town or the strips below its lowest tile, so it keeps one place a
newcomer finds on every board of the game.
"""

from __future__ import annotations

from functools import lru_cache

from render.bella_vista.blocks import Block
from render.bella_vista.draw import MARGIN, WIDTH
from render.bella_vista.town import LABEL_H, LABEL_W, Town

GAP = 22  # between the town and the panels, and between panels
SIDE_WANTED = 420  # the town's cells grow (up to CELL_MAX) while this much room is left beside it
CELL_MIN, CELL_MAX = 36, 44  # a building's body is the cell less 2 px each side: 32 px = 16 inline
MIN_W, MIN_H = 240, 90  # the smallest room worth a panel (two tiles less the gaps: 264)
TALL = 580  # the town grows its cells only while it stays under this height

Placed = list[tuple[Block, int, int, int, int]]  # block, x, y, width, height


def town_frame(columns: int, rows: int, top: int) -> Town:
    """The town's cells: 36 px, larger (up to 44) for a small town, if it leaves room beside it
    and stays under TALL px high."""
    room = WIDTH - 2 * MARGIN - LABEL_W - GAP - SIDE_WANTED
    cell = max(CELL_MIN, min(CELL_MAX, room // columns, TALL // rows))
    return Town(MARGIN + LABEL_W, top + LABEL_H, cell, columns, rows)


Room = tuple[int, int, int, int, bool]  # x, y, width, height, open below (a panel may run past it)
Strip = tuple[int, int, int]  # left, right (plus a gap), the first free y


ROW_CLEAR = 30  # a room at the town's left edge starts this far in: flush with column A, a panel's
# lines read as the row numbers' ("1 Zoning card", "3 5 more in the deck": the seventh look)


@lru_cache(maxsize=64)
def plan(town: Town, tiles: frozenset[tuple[int, int]], tile_size: int, top: int
         ) -> tuple[tuple[Strip, ...], tuple[Room, ...]]:
    """The strips below the town and the rooms beside and inside it, for one layout (cached).

    The rooms come from a grid whose columns are the tile columns plus the room right of the
    town and whose rows are the tile rows: a cell is free right of the town, or where no tile
    lies but one lies below it (a random town's gaps); the largest free rectangle of cells is
    taken, then the next, while one is big enough for a panel. A room right of the town that
    reaches its bottom is open: a panel there may run on below the town."""
    side = tile_size * town.cell
    tcols, trows = town.columns // tile_size, town.rows // tile_size
    right = town.x + town.columns * town.cell
    bottom = town.y + town.rows * town.cell
    pad = 12  # from a tile's edge
    xs = [town.x + c * side for c in range(tcols + 1)]
    has_side = WIDTH - MARGIN - right - pad >= 40
    if has_side:
        xs.append(WIDTH - MARGIN)
    ys = [town.y + r * side for r in range(trows + 1)]
    free = {(c, r) for c in range(tcols) for r in range(trows)
            if (c, r) not in tiles and any((c, k) in tiles for k in range(r + 1, trows))}
    if has_side:
        free |= {(tcols, r) for r in range(trows)}
    strips = []
    for c in range(tcols):
        lowest = max((r for r in range(trows) if (c, r) in tiles), default=-1)
        left = MARGIN if c == 0 and lowest + 1 == trows else xs[c] + (pad if c else 0)  # row numbers run beside
        strips.append((left, xs[c + 1] + pad if c + 1 < tcols or has_side
                       else WIDTH - MARGIN + GAP, ys[lowest + 1] + GAP))
    if has_side:
        strips.append((right + pad, WIDTH - MARGIN + GAP, bottom + GAP))
    rooms: list[Room] = []
    while True:
        best: tuple[int, Room, set] | None = None
        for c0 in range(len(xs) - 1):
            for r0 in range(trows):
                for c1 in range(c0 + 1, len(xs)):
                    if (c1 - 1, r0) not in free:
                        break
                    for r1 in range(r0 + 1, trows + 1):
                        cells = {(c, r) for c in range(c0, c1) for r in range(r0, r1)}
                        if not cells <= free:
                            break
                        x0 = xs[c0] + (pad if c0 else ROW_CLEAR)  # clear of the row numbers
                        x1 = WIDTH - MARGIN if c1 == len(xs) - 1 else xs[c1] - pad
                        y0 = ys[r0] + (pad if r0 else 0)
                        room = (x0, y0, x1 - x0, ys[r1] - pad - y0, has_side and r1 == trows and c0 == tcols)
                        if room[2] >= MIN_W and room[3] >= MIN_H and (best is None or room[2] * room[3] > best[0]):
                            best = (room[2] * room[3], room, cells)
        if best is None:
            return tuple(strips), tuple(rooms)
        rooms.append(best[1])
        free -= best[2]


def arrange(town: Town, layout: tuple[tuple[Strip, ...], tuple[Room, ...]],
            blocks: list[Block]) -> tuple[Placed, int]:
    """Each panel, in order, where its bottom ends highest (a wider or a more rightward place
    must end clearly higher to be taken): in a room, or across neighbouring strips below what
    they hold; returns the places and the image's height."""
    strips, rooms = layout
    right = town.x + town.columns * town.cell  # rooms from here on lie beside the town, not in it
    bottom = town.y + town.rows * town.cell  # strips from here down lie below it
    floor = [y for _, _, y in strips]
    room_y = {r: r[1] for r in rooms}
    placed: Placed = []
    measured: dict[tuple[int, int], int] = {}

    def height(k: int, block: Block, width: int) -> int:
        if (k, width) not in measured:
            measured[(k, width)] = block.room(width)
        return measured[(k, width)]

    for k, block in enumerate(blocks):
        best: tuple[int, int, tuple] | None = None  # score (the bottom, a little more if wide or right), x, where
        for r in rooms:
            x, y, w, h, open_ = r
            if w >= block.min_width and (block.in_town or x >= right):
                end = room_y[r] + height(k, block, w)
                if (open_ or end <= y + h) and (best is None or (end + w // 20 + x // 40, x) < best[:2]):
                    best = (end + w // 20 + x // 40, x, ("room", r, w, end))
        for i in range(len(strips)):
            for j in range(i, len(strips)):
                w = strips[j][1] - GAP - strips[i][0]
                if w < block.min_width:
                    continue
                y = max(floor[i:j + 1]) if block.in_town else max(floor[i:j + 1] + [bottom + GAP])
                end = y + height(k, block, w)
                score = end + w // 20 + strips[i][0] // 40
                if best is None or (score, strips[i][0]) < best[:2]:
                    best = (score, strips[i][0], ("strips", i, j, w, y))
        assert best is not None, "the page's full width always fits a panel"
        _, x, where = best
        if where[0] == "room":
            _, r, w, end = where
            placed.append((block, x, room_y[r], w, height(k, block, w)))
            room_y[r] = end + GAP
            if r[4]:  # an open room: the strips under it start below the panel
                for s, (left, _, _) in enumerate(strips):
                    if left >= r[0] - GAP:
                        floor[s] = max(floor[s], end + GAP)
        else:
            _, i, j, w, y = where
            if i == 1 and floor[0] <= y and strips[0][1] - strips[0][0] < MIN_W:
                i = 0  # the first strip, too narrow for a panel alone, joins it rather than stay empty
            x, w = strips[i][0], strips[j][1] - GAP - strips[i][0]
            placed.append((block, x, y, w, height(k, block, w)))
            end = y + height(k, block, w)
            for s in range(i, j + 1):
                floor[s] = end + GAP
            for r in rooms:  # an open room under these strips goes on below the panel
                if r[4] and r[0] < x + w and x < r[0] + r[2]:
                    room_y[r] = max(room_y[r], end + GAP)
    lowest_tile = town.y + town.rows * town.cell
    return placed, max([lowest_tile + GAP] + floor) - GAP + MARGIN
