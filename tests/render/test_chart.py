"""The story's and /stats' line chart (render/chart.py) read at 550 px: losers' seat marks that end at
the same value stand side by side instead of covering one another, a light seat colour (yellow on
white) gets a darker edge so its line is seen, and a long title takes two lines instead of running off."""

from __future__ import annotations

from render.chart import MARK, TITLE, WIDTH, Line, edge, end_marks, line_chart, wrapped
from render.common import font
from render.palette import player_colour


def chart_of(lines: list[Line]):
    return line_chart("A game", lines, [(0, "1"), (4, "2")], [(0.0, "0%"), (100.0, "100%")], (0.0, 100.0), "round")


def test_marks_ending_at_the_same_value_stand_side_by_side() -> None:
    ends = [(s, (500.0, 300.0)) for s in range(5)] + [(5, (500.0, 40.0))]
    placed = dict(end_marks(ends))
    assert placed[5] == (500.0, 40.0)  # alone at its end: where the line ends
    losers = sorted(placed[s][0] for s in range(5))
    assert all(b - a >= MARK for a, b in zip(losers, losers[1:])), losers  # none covers another
    assert max(losers) == 500.0 and {placed[s][1] for s in range(5)} == {300.0}


def test_a_yellow_line_has_a_darker_edge_and_the_chart_is_550_px_wide() -> None:
    yellow = 2
    image = chart_of([Line(yellow, "Andrea", [50.0, 50.0, 50.0, 50.0, 50.0])])
    assert image.width == WIDTH
    column = [image.getpixel((200, y)) for y in range(image.height)]
    assert player_colour(yellow) in column and edge(player_colour(yellow)) in column
    purple = 3  # a dark colour needs no edge
    image = chart_of([Line(purple, "Sofia", [50.0, 50.0, 50.0, 50.0, 50.0])])
    assert edge(player_colour(purple)) not in [image.getpixel((200, y)) for y in range(image.height)]


def test_a_title_too_long_for_one_line_takes_two() -> None:
    """pt-BR's "Leonardo (1988): a probabilidade de cada lugar de terminar em primeiro" ran off the right
    edge at 550 px: it breaks between words, every line fits, and the chart grows to keep its plot."""
    title = "Leonardo (1988): a probabilidade de cada lugar de terminar em primeiro"
    lines = wrapped(title, WIDTH - 20)
    assert len(lines) == 2 and " ".join(lines) == title
    assert all(font(TITLE, True).getlength(line) <= WIDTH - 20 for line in lines)
    assert wrapped("Bella Vista: rating after each game", WIDTH - 20) == ["Bella Vista: rating after each game"]
    short = line_chart("A game", [Line(0, "Anne", [1.0, 2.0])], [], [], (0.0, 3.0))
    long = line_chart(title, [Line(0, "Anne", [1.0, 2.0])], [], [], (0.0, 3.0))
    assert long.width == short.width == WIDTH and long.height > short.height
