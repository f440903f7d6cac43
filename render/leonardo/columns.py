"""The tables of Leonardo's board: columns of numbers after a column of players (the players' table
during play, the standings at the end), their heads on one or two balanced lines, each row as
tall as the room allows, a long name given a second line where there is room."""

from __future__ import annotations

from render.common import name_that_fits
from render.leonardo.frame import ROW_H, X0, X1, Y1
from render.leonardo.look import CHIP, MUTED, SMALL, TEXT, LeoCanvas, Run, drawable, fit, width
from render.palette import INK

GAP = 10  # px between columns: the names keep the room (pt-BR's heads are wide: "homens de armas")


def table(canvas: LeoCanvas, y: float, heads: list[str], rows: list[tuple[list[int], str, list[str], bool]],
           marks: list[str], size: int = TEXT, bottom: float = Y1, tallest: int = ROW_H,
           under: list[Run | None] | None = None, under_h: int = 0, lead: str = "") -> float:
    """Columns of numbers after a column of players; a row: (seats, name, cells, strong).
    Rows grow up to ``tallest`` with the room left above ``bottom``, once a name too long
    for one line has had its second line. ``under`` (one per row, or None): a line drawn under
    the row's name, ``under_h`` high, in the row's height (the names keep one line then);
    ``lead``: a head over the names' column, on one or two lines (what those lines under the names are)."""
    cols = _columns(heads, rows, size)
    if size > TEXT and any(_too_long(rows, cols, size)):  # the larger letters only where every name fits
        size, cols = TEXT, _columns(heads, rows, TEXT)
    x = X1 - sum(w for _, w in cols)
    for parts, w in cols:
        for j, p in enumerate(parts):
            canvas.text((_middle(x, w), y + 12 + j * 22 + (11 if len(parts) == 1 else 0)), p, SMALL, INK, anchor="mm")
        x += w
    ends = [_middle(x, w) + max(width(r[2][i], size, r[3]) for r in rows) / 2 if rows else x + w - 4
            for i, (x, w) in enumerate(_lefts(cols))]
    room = X1 - sum(w for _, w in cols) - X0 - GAP
    for j, p in enumerate(split_head(drawable(lead)) if lead else []):
        canvas.text((X0, y + 12 + j * 22), fit(p, SMALL, room), SMALL, INK, anchor="lm")
    y += 48
    long = _too_long(rows, cols, size)
    second = size + 6  # a name's second line
    spare = bottom - y - len(rows) * ROW_H
    wrapped = [] if under else [i for i, is_long in enumerate(long) if is_long][:max(0, int(spare // second))]
    row_h = int(min(tallest, max(ROW_H, (bottom - y - len(wrapped) * second) / max(1, len(rows)))))
    for i, (seats, name, cells, strong) in enumerate(rows):
        out = all(c == "-" for c in cells[:-1])  # bankrupt: the name runs over the empty columns
        fill = MUTED if out else INK
        run = Run(size, bold=strong)
        for seat in seats:
            run.chip(seat, marks[seat])
        span = _span(cells, cols)
        if len(seats) == 1:  # the name's first words that fit its line(s), not a word cut with "…";
            head, paren = name, ""  # a "(bankrupt)" after it is kept whole
            if name.endswith(")") and " (" in name:
                head, paren = name.rsplit(" (", 1)
                paren = " (" + paren
            lines = 2 if i in wrapped else 1
            shown = name_that_fits(head, lambda t: _fits_lines(t + paren, seats, marks, size, strong, span, lines))
            if _fits_lines(shown + paren, seats, marks, size, strong, span, lines):
                name = shown + paren
            elif paren:  # not even its first word with it: the name alone (the row's colour says bankrupt)
                name = name_that_fits(head, lambda t: _fits_lines(t, seats, marks, size, strong, span, lines))
        hang = len(seats) * (CHIP + 4)
        top_h = row_h - under_h if under else row_h  # the name's line, the cells beside it
        below = run.words(name).draw(canvas, X0, y, span, 2 if i in wrapped else 1, top_h, fill=fill,
                                     next_h=second, hang=hang)
        for end, cell in zip(ends, cells, strict=True):
            if not (out and cell == "-"):
                canvas.text((end, y + top_h / 2), cell, size, fill, anchor="rm", bold=strong)
        line = under[i] if under else None
        if line is not None:
            below = line.draw(canvas, X0 + hang, y + top_h - 6, X1 - X0 - hang, 1, under_h)
        y = max(below, y + row_h)
    return y


def _lefts(cols: list[tuple[list[str], float]]) -> list[tuple[float, float]]:
    """Each column's left edge and width, the last one ending at the panel's right edge."""
    x, out = X1 - sum(w for _, w in cols), []
    for _, w in cols:
        out.append((x, w))
        x += w
    return out


def _middle(x: float, w: float) -> float:
    """The middle of a column's words: its head centred there, its cells (right-aligned among
    themselves) in a block centred there, so that a narrow figure under a wide head
    ("men-at-arms") stands apart from the next column's words, not right beside them ("0 ghibellini")."""
    return x + GAP - 4 + (w - GAP) / 2


def _columns(heads: list[str], rows: list[tuple[list[int], str, list[str], bool]],
             size: int) -> list[tuple[list[str], float]]:
    """Each column's head (one or two lines) and width: its widest head line or cell as drawn, and a gap."""
    cols = []
    for i, head in enumerate(heads):
        parts = split_head(drawable(head))
        w = max([width(p, SMALL) for p in parts] + [width(r[2][i], size, r[3]) for r in rows])
        cols.append((parts, w + GAP))
    return cols


def _span(cells: list[str], cols: list[tuple[list[str], float]]) -> float:
    """The room of a row's name: before the first column, or over the empty columns of a bankrupt's row."""
    if all(c == "-" for c in cells[:-1]):
        return X1 - cols[-1][1] - X0 - 10
    return X1 - sum(w for _, w in cols) - X0 - 10


def _too_long(rows: list[tuple[list[int], str, list[str], bool]], cols: list[tuple[list[str], float]],
              size: int) -> list[bool]:
    """Which rows' names do not fit on one line beside their chips."""
    return [width(name, size, strong) > _span(cells, cols) - len(seats) * (CHIP + 4)
            for seats, name, cells, strong in rows]


def _fits_lines(name: str, seats: list[int], marks: list[str], size: int, strong: bool, span: float,
                lines: int) -> bool:
    """Whether ``name`` after its chips takes at most ``lines`` lines of ``span``, no word cut."""
    hang = len(seats) * (CHIP + 4)
    run = Run(size, bold=strong)
    for seat in seats:
        run.chip(seat, marks[seat])
    return run.words(name).lines(span, hang) <= lines and all(width(w, size, strong) <= span - hang
                                                               for w in name.split())


def split_head(head: str) -> list[str]:
    """A column's head on one line, or on two lines balanced at a space; a hyphenated word
    ("men-at-arms") is never cut at its hyphen (a newcomer read "men-" and "at-arms" as two
    heads)."""
    parts = head.split()
    if len(parts) < 2:
        return [head]
    best = min(range(1, len(parts)), key=lambda i: max(width(" ".join(parts[:i]), SMALL),
                                                       width(" ".join(parts[i:]), SMALL)))
    return [" ".join(parts[:best]), " ".join(parts[best:])]
