"""A line chart in the boards' style: each line in its seat's colour with its seat's mark at its end
(a colour never carries a player alone) and in the legend, ink on paper, Noto Sans, drawn 550 px
wide, the width Discord shows an image inline, so every letter is read at its drawn size.

Used by the story of a game (each seat's chance by round, ``bot.play.story``) and by ``/stats``
(a player's rating after each game). Words arrive already in the reader's language.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.common import font
from render.palette import INK, PAPER, ink_on, player_colour, seat_mark

WIDTH = 550
HEIGHT = 330
TEXT = 14  # px: the ticks and the legend (above the 10 px inline minimum)
TITLE = 16
MARK = 14
GRID: tuple[int, int, int] = (225, 222, 218)
LEFT, RIGHT, TOP = 52, 18, 34


@dataclass(frozen=True)
class Line:
    seat: int  # its colour and mark (a seat's, 0-5)
    label: str  # the legend's words
    values: list[float]  # one per x step (0, 1, 2 ...)


def line_chart(title: str, lines: list[Line], x_ticks: list[tuple[int, str]], y_ticks: list[tuple[float, str]],
               y_range: tuple[float, float], x_label: str = "") -> Image.Image:
    """The chart: ``x_ticks`` (step index, label) and ``y_ticks`` (value, label) where the grid is
    drawn, ``y_range`` the values at the bottom and top."""
    legend_rows = (len(lines) + 2) // 3
    bottom = 26 + (18 if x_label else 0) + legend_rows * 22
    heading = wrapped(title, WIDTH - 8 - min(LEFT, 12))  # a long title in a long language: two lines
    extra = (len(heading) - 1) * (TITLE + 12)  # the second line, and room for the top tick below it
    image = Image.new("RGB", (WIDTH, HEIGHT + extra + legend_rows * 22), PAPER)
    draw = ImageDraw.Draw(image)
    for n, text in enumerate(heading):
        draw.text((min(LEFT, 12), 8 + n * (TITLE + 4)), text, font=font(TITLE, True), fill=INK)
    x0, x1, y0, y1 = LEFT, WIDTH - RIGHT, TOP + extra, image.height - bottom
    steps = max((len(line.values) for line in lines), default=1) - 1
    low, high = y_range
    span = (high - low) or 1.0

    def px(i: float) -> float:
        return x0 + (x1 - x0) * (i / steps if steps else 0.0)

    def py(v: float) -> float:
        return y1 - (y1 - y0) * (min(max(v, low), high) - low) / span

    for value, label in y_ticks:
        y = py(value)
        draw.line([(x0, y), (x1, y)], fill=GRID, width=1)
        draw.text((x0 - 6, y), label, font=font(TEXT), fill=INK, anchor="rm")
    for step, label in x_ticks:
        x = px(step)
        draw.line([(x, y0), (x, y1)], fill=GRID, width=1)
        draw.text((x, y1 + 4), label, font=font(TEXT), fill=INK, anchor="ma")
    if x_label:
        draw.text(((x0 + x1) / 2, y1 + 22), x_label, font=font(TEXT), fill=INK, anchor="ma")
    draw.rectangle([x0, y0, x1, y1], outline=INK, width=1)
    drawn = [(line, [(px(i), py(v)) for i, v in enumerate(line.values)]) for line in lines]
    for line, points in drawn:  # a light colour on paper gets a darker edge of its own hue, drawn first
        if len(points) > 1 and ink_on(player_colour(line.seat)) == INK:
            draw.line(points, fill=edge(player_colour(line.seat)), width=5, joint="curve")
    for line, points in drawn:
        if len(points) > 1:
            draw.line(points, fill=player_colour(line.seat), width=3, joint="curve")
    for seat, (x, y) in end_marks([(line.seat, points[-1]) for line, points in drawn if points]):
        seat_mark(image, x - MARK / 2, y - MARK / 2, seat, MARK, player_colour(seat))
    top = y1 + 26 + (18 if x_label else 0)
    column = (WIDTH - 2 * 12) // 3
    for n, line in enumerate(lines):
        x, y = 12 + (n % 3) * column, top + (n // 3) * 22
        seat_mark(image, x, y, line.seat, MARK, player_colour(line.seat))
        draw.text((x + MARK + 6, y + MARK / 2), fit(line.label, column - MARK - 12), font=font(TEXT), fill=INK,
                  anchor="lm")
    return image


def edge(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    """A light line's edge: its own hue, darker (yellow on white alone is barely seen)."""
    r, g, b = rgb
    return (int(r * 0.6), int(g * 0.6), int(b * 0.6))


def end_marks(ends: list[tuple[int, tuple[float, float]]]) -> list[tuple[int, tuple[float, float]]]:
    """Where each line's seat mark goes: at its end, except that marks which would cover one another
    (lines ending at about the same value: the losers' 0%) stand side by side, leftwards from the end."""
    placed: list[tuple[int, tuple[float, float]]] = []
    group: list[tuple[int, tuple[float, float]]] = []

    def flush() -> None:
        for k, (seat, (x, y)) in enumerate(group):
            placed.append((seat, (x - (len(group) - 1 - k) * (MARK + 2), group[0][1][1])))
        group.clear()

    for seat, (x, y) in sorted(ends, key=lambda e: (e[1][1], e[0])):
        if group and (abs(y - group[0][1][1]) >= MARK or x != group[0][1][0]):
            flush()
        group.append((seat, (x, y)))
    flush()
    return placed


def wrapped(title: str, width: float) -> list[str]:
    """The title on one line if it fits in ``width`` pixels, else on two (broken between words, the
    second shortened with an ellipsis if it still does not fit)."""
    f = font(TITLE, True)
    if f.getlength(title) <= width:
        return [title]
    words = title.split(" ")
    first = ""
    for n in range(len(words), 0, -1):
        first = " ".join(words[:n])
        if f.getlength(first) <= width:
            rest = " ".join(words[n:])
            break
    else:
        first, rest = words[0], " ".join(words[1:])
    while rest and f.getlength(rest) > width:
        rest = rest[:-2] + "…"
    return [first, rest] if rest else [first]


def fit(text: str, width: float) -> str:
    """``text`` shortened with an ellipsis to ``width`` pixels at the legend's size."""
    f = font(TEXT)
    if f.getlength(text) <= width:
        return text
    while text and f.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"
