"""Le Torri di Bologna: the board's colours and its pieces, drawn on a ``Canvas``.

A tower is drawn from the side: one slab per piece, bottom to top, in its owner's colour with
the owner's shape on it (``render.palette.SHAPES``); a battlement piece carries three merlons on
top (the tower is closed); the neutral pieces of the central towers are stone grey. A builder is
a pawn (a head on a body, the player's shape on it, ringed in white so it stands off any tower);
a player elsewhere is their shape in their colour.

Every colour a player's piece is drawn on (the floor, the panel, the stone grey, the route)
keeps at least 20 CIEDE2000 from each player colour in normal vision and under simulated
protanopia, deuteranopia and tritanopia (tests/torri/test_torri_render_colours.py).
"""

from __future__ import annotations

from render.canvas import RGB, Canvas
from render.palette import INK, player_colour, seat_mark, silhouette
from render.torri.stamps import write

FLOOR: RGB = (228, 240, 228)  # a square inside the walls (and the panel)
OUTSIDE: RGB = (184, 196, 178)  # beyond the walls, under the coordinates
GRID: RGB = (160, 178, 160)
WALL: RGB = (120, 68, 40)
NEUTRAL: RGB = (140, 140, 140)  # the central towers' neutral base and battlement
ROUTE: RGB = (30, 30, 30)  # the last move's arrows and frames
TRAIL: RGB = (120, 140, 120)  # the hatching of the squares the last move went through
WHITE: RGB = (255, 255, 255)
BACKGROUNDS = {"floor": FLOOR, "neutral": NEUTRAL, "route": ROUTE, "trail": TRAIL}  # what player colours touch

SMALL = 22  # the smallest text: capitals 16 px tall, 8 once the 1100 px image is shown 550 px wide
BODY = 23
HEAD = 24
TITLE = 30
SLAB = 28  # a tower level's thickness: room for its owner's shape (14 px at 550)
MARK = 20  # the owner's shape on a level
MERLON = 8  # how far a battlement's merlons rise above its slab


def slab(canvas: Canvas, x: float, y: float, w: float, h: float, fill: RGB, seat: int | None = None,
         battlement: bool = False, top: bool = False, key: bool = False, crest: float = 0) -> None:
    """One piece from the side, its top-left at (x, y); merlons rise above y when it closes
    the tower, across its width or its first ``crest`` px (a builder stands on the rest). The
    owner's shape sits on it where the slab is thick enough to hold it. A ``key`` piece (the
    panel's) counts for the smallest piece a player must tell apart."""
    d = canvas.draw
    if battlement:
        step = (crest or w) / 5
        for k in (0, 2, 4):
            d.rectangle((x + k * step, y - MERLON, x + (k + 1) * step, y + 2), fill=fill, outline=INK, width=2)
    d.rectangle((x, y, x + w, y + h), fill=fill, outline=INK, width=4 if top else 2)
    if battlement:  # the merlons stand on the slab: no line between them and it
        for k in (0, 2, 4):
            d.rectangle((x + k * step + 2, y - 1, x + (k + 1) * step - 2, y + 2), fill=fill)
    if seat is not None and h >= MARK + 4:
        size = min(MARK, int(h) - 6)
        silhouette(canvas.image, x + (w - size) / 2, y + (h - size) / 2 + 1, seat, size)
    canvas.note_piece((x, y, x + w, y + h), "level", key=key and seat is not None)


def height_tag(canvas: Canvas, box: tuple[float, float, float, float], height: int) -> None:
    """A tall tower's height as a label, not a piece: its figure in ink on a white tag with
    rounded corners and a thin ink border, where its hidden lower levels would be."""
    canvas.draw.rounded_rectangle(box, radius=(box[3] - box[1]) / 3, fill=WHITE, outline=INK, width=2)
    canvas.note_piece(box, "height", key=False)
    with canvas.inside(box):
        write(canvas, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 1), str(height), SMALL, INK, anchor="mm",
              bold=True)


def pawn(canvas: Canvas, cx: float, top: float, w: float, seat: int) -> float:
    """A builder: a head on a body, ``w`` wide, its shape on the body; returns its height.
    It is a key piece (``Canvas.note_piece``)."""
    fill = player_colour(seat)
    head = w * 0.52
    body_top = top + head * 0.7
    body_h = w * 0.74
    d = canvas.draw
    for ring, colour in ((3, WHITE), (0, None)):
        outline = INK if colour is None else colour
        d.rounded_rectangle((cx - w / 2 - ring, body_top - ring, cx + w / 2 + ring, body_top + body_h + ring),
                            radius=w * 0.28, fill=colour or fill, outline=outline, width=2)
        d.ellipse((cx - head / 2 - ring, top - ring, cx + head / 2 + ring, top + head + ring),
                  fill=colour or fill, outline=outline, width=2)
    size = int(w * 0.6)
    silhouette(canvas.image, cx - size / 2, body_top + (body_h - size) / 2 + 1, seat, size)
    canvas.note_piece((cx - w / 2, top, cx + w / 2, body_top + body_h), "pawn")
    return body_top + body_h - top


def pawn_height(w: float) -> float:
    return w * 0.52 * 0.7 + w * 0.74


def chip(canvas: Canvas, x: float, y: float, size: float, seat: int) -> None:
    """A player's mark: their shape in their colour, top-left at (x, y)."""
    box = seat_mark(canvas.image, x, y, seat, int(size))
    canvas.note_piece(box, "mark")


def arrowhead(canvas: Canvas, x: float, y: float, dx: float, dy: float, size: float) -> None:
    """A chevron centred on (x, y) pointing along (dx, dy) (a unit step on the grid)."""
    px, py = -dy, dx  # perpendicular
    h = size / 2
    tip = (x + dx * h, y + dy * h)
    left = (x - dx * h + px * h, y - dy * h + py * h)
    notch = (x - dx * h / 3, y - dy * h / 3)
    right = (x - dx * h - px * h, y - dy * h - py * h)
    canvas.draw.polygon([tip, left, notch, right], fill=ROUTE, outline=WHITE, width=2)
