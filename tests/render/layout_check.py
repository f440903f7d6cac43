"""What the layout test asks of a drawn board, from the boxes its canvas recorded
(``Canvas.drawn``): every text inside its container (its piece, its cell, its panel, or the
image), clear of every other text, and clear of every piece but the one it is written on."""

from __future__ import annotations

from render.canvas import Box, Canvas, Drawn

SLACK = 1  # px: anti-aliased edges of two boxes may touch


def _inside(inner: Box, outer: Box) -> bool:
    return (inner[0] >= outer[0] - SLACK and inner[1] >= outer[1] - SLACK and inner[2] <= outer[2] + SLACK
            and inner[3] <= outer[3] + SLACK)


def _overlap(a: Box, b: Box) -> bool:
    return (min(a[2], b[2]) - max(a[0], b[0]) > SLACK) and (min(a[3], b[3]) - max(a[1], b[1]) > SLACK)


def _on(text: Drawn, piece: Drawn) -> bool:
    """The text is written on that piece (drawn inside a box within the piece's)."""
    return text.within is not None and _inside(text.within, piece.box)


def problems(canvas: Canvas) -> list[str]:
    """Every text that leaves its container or overlaps another text or a piece, in words."""
    image: Box = (0, 0, canvas.image.width, canvas.image.height)
    texts = [d for d in canvas.drawn if d.kind == "text" and d.what.strip() and d.box[2] > d.box[0]]
    pieces = [d for d in canvas.drawn if d.kind == "piece"]
    out = []
    for t in texts:
        container = t.within if t.within is not None else image
        if not _inside(t.box, container):
            out.append(f"{t.what!r} {t.box} leaves {container}")
    ordered = sorted(texts, key=lambda d: d.box[0])
    for i, a in enumerate(ordered):
        for b in ordered[i + 1:]:
            if b.box[0] >= a.box[2] - SLACK:
                break
            if _overlap(a.box, b.box):
                out.append(f"{a.what!r} {a.box} overlaps {b.what!r} {b.box}")
    for t in texts:
        for p in pieces:
            if _overlap(t.box, p.box) and not _on(t, p):
                out.append(f"{t.what!r} {t.box} overlaps a {p.what} {p.box}")
    return out
