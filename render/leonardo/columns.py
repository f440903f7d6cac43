"""The tables of Leonardo's board: columns of numbers after a column of players (the players' table
during play, the standings at the end), their heads on one or two balanced lines, each row as
tall as the room allows, a long name given a second line where there is room."""

from __future__ import annotations

from render.common import name_that_fits
from render.leonardo.frame import ROW_H, X0, X1, Y1
from render.leonardo.look import CHIP, MUTED, SMALL, TEXT, LeoCanvas, Run, drawable, width
from render.palette import INK


def table(canvas: LeoCanvas, y: float, heads: list[str], rows: list[tuple[list[int], str, list[str], bool]],
           marks: list[str], size: int = TEXT, bottom: float = Y1, tallest: int = ROW_H) -> float:
    """Columns of numbers after a column of players; a row: (seats, name, cells, strong).
    Rows grow up to ``tallest`` with the room left above ``bottom``, once a name too long
    for one line has had its second line."""
    cols = []
    for i, head in enumerate(heads):
        parts = split_head(drawable(head))
        w = max([width(p, SMALL) for p in parts] + [width(r[2][i], size, True) for r in rows])
        cols.append((parts, w + 12))  # 12 px between columns: the names keep the room (pt-BR's heads are wide)
    x = X1 - sum(w for _, w in cols)
    for parts, w in cols:
        for j, p in enumerate(parts):
            canvas.text((x + w - 4, y + 12 + j * 22 + (11 if len(parts) == 1 else 0)), p, SMALL, MUTED, anchor="rm")
        x += w
    y += 48
    first = X1 - sum(w for _, w in cols)
    room = first - X0 - 10
    wide = X1 - cols[-1][1] - X0 - 10  # a bankrupt's row: the name runs over the empty columns

    def span_of(cells: list[str]) -> float:
        return wide if all(c == "-" for c in cells[:-1]) else room

    def too_long(size: int) -> list[bool]:
        return [width(name, size, strong) > span_of(cells) - len(seats) * (CHIP + 4) for seats, name, cells, strong in rows]

    long = too_long(size)
    if any(long) and size > TEXT and not any(too_long(TEXT)):  # the larger words only where every name fits
        size, long = TEXT, too_long(TEXT)
    second = size + 6  # a name's second line
    spare = bottom - y - len(rows) * ROW_H
    wrapped = [i for i, is_long in enumerate(long) if is_long][:max(0, int(spare // second))]
    row_h = int(min(tallest, max(ROW_H, (bottom - y - len(wrapped) * second) / max(1, len(rows)))))
    for i, (seats, name, cells, strong) in enumerate(rows):
        out = all(c == "-" for c in cells[:-1])  # bankrupt: the name runs over the empty columns
        fill = MUTED if out else INK
        run = Run(size, bold=strong)
        for seat in seats:
            run.chip(seat, marks[seat])
        span = span_of(cells)
        if i not in wrapped and len(seats) == 1:  # one line: the name's first words that fit, not a word cut
            head, paren = name, ""  # with "…"; a "(bankrupt)" after it is kept whole
            if name.endswith(")") and " (" in name:
                head, paren = name.rsplit(" (", 1)
                paren = " (" + paren
            room_ = span - len(seats) * (CHIP + 4)
            shown = name_that_fits(head, lambda t: width(t + paren, size, strong) <= room_)
            if width(shown + paren, size, strong) <= room_:
                name = shown + paren
            elif paren:  # not even its first word with it: the name alone (the row's colour says bankrupt)
                name = name_that_fits(head, lambda t: width(t, size, strong) <= room_)
        below = run.words(name).draw(canvas, X0, y, span, 2 if i in wrapped else 1, row_h, fill=fill,
                                     next_h=second, hang=len(seats) * (CHIP + 4))
        x = first
        for (_, w), cell in zip(cols, cells, strict=True):
            if not (out and cell == "-"):
                canvas.text((x + w - 4, y + row_h / 2), cell, size, fill, anchor="rm", bold=strong)
            x += w
        y = max(below, y + row_h)
    return y


def split_head(head: str) -> list[str]:
    """A column's head on one line, or on two lines balanced at a space or a hyphen."""
    parts = head.replace("-", "- ").split()
    if len(parts) < 2:
        return [head]
    def joined(ps: list[str]) -> str:
        return " ".join(ps).replace("- ", "-")

    best = min(range(1, len(parts)), key=lambda i: max(width(joined(parts[:i]), SMALL),
                                                       width(joined(parts[i:]), SMALL)))
    return [joined(parts[:best]), joined(parts[best:])]
