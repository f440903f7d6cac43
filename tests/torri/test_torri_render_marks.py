"""What the third independent look misread at 550 px (issue 24): a tall tower's height drawn as
a black block with a white figure read as a black player's piece; the last move's square was
crowded; the final breakdown's heads were out of line with their figures."""

from __future__ import annotations

import pytest
from torri_boards import game_states

from engines.core.playout import playout
from engines.core.rng import SplitMix64
from engines.torri.positions import GAME, position
from engines.torri.scoring import CATEGORIES
from render.canvas import Canvas
from render.palette import INK
from render.text import catalog
from render.torri.blocks import Block, Piece, Plinth, Words, draw_panel, height
from render.torri.board import BOARD_W, frame
from render.torri.key import ITEMS, ROW, ROWS, draw_key
from render.torri.panel import panel
from render.torri.pieces import FLOOR, MARK, ROUTE, TRAIL, WHITE
from render.torri.renderer import PANEL_FOOT, PANEL_TOP, draw_board, image_height, words_for

NAMES = ["Anne", "Bruno", "Carla"]


def share(image, box, colour) -> float:
    x0, y0, x1, y1 = (round(v) for v in box)
    pixels = [image.getpixel((x, y)) for x in range(x0 + 3, x1 - 2) for y in range(y0 + 3, y1 - 2)]
    return sum(p == colour for p in pixels) / len(pixels)


def reads_as_a_label(image, box) -> None:
    """Mostly white, its figure in ink: a label, not a dark piece."""
    assert share(image, box, WHITE) > 0.45 and 0.04 < share(image, box, INK) < 0.4, box


def test_a_tall_towers_height_is_a_white_label_with_a_dark_figure_on_the_board_the_panel_and_the_key():
    state = position(seats=4, towers={"D5": "nBGYRBGYRBGY", "F5": "nBGYRBGYR", "B3": "BGYBG", "C3": "B", "D3": "G"},
                     builders=["B3", "C3", "D3", "D3"])
    canvas = draw_board(GAME.view(state, None), NAMES + ["Dora"])
    heights = [d for d in canvas.drawn if d.kind == "text" and d.what in ("5", "9", "12") and d.box[0] < 700
               and d.within is not None]
    assert {d.what for d in heights} == {"12", "5", "9"}, "every tall tower shows its height"
    for d in heights:
        assert d.within is not None
        reads_as_a_label(canvas.image.convert("RGB"), d.within)
    panel = Canvas(1100, 60, FLOOR)
    draw_panel(panel, [Block(40, [Plinth(800, 0, 34, 9)])], 0)
    tag = next(d for d in panel.drawn if d.kind == "text" and d.what == "9")
    assert tag.within is not None
    reads_as_a_label(panel.image, tag.within)
    key = Canvas(700, 200, FLOOR)
    draw_key(key, Words(catalog("en"), NAMES), 0, 0, 700)
    k = [name for name, _ in ITEMS].index("torri.board.key_height")
    icon = next(d for d in key.drawn if d.kind == "text" and d.what == "5")
    assert icon.within is not None and icon.box[0] < (k // ROWS) * 350 + 44 and icon.box[1] >= (k % ROWS) * ROW
    reads_as_a_label(key.image, icon.within)


@pytest.mark.parametrize("locale", ["en", "pt-BR", "it"])
def test_the_final_breakdowns_heads_end_on_one_line_and_each_plus_stands_between_two_heads(locale):
    """pt-BR's "sequências centrais" wrapped under the other heads, out of line with them and its
    figures; a "+" stood under the start of a wide head ("central runs"). Then, on two lines, its
    "centrais" stood beside "torres" (and Italian's "centrali" beside "torri"): the fourteenth look
    read "torres centrais", the central towers. The runs' head is one word there ("sequências",
    "sequenze"), and every head is on one line in every language."""
    state = game_states(3, "")[-1]
    canvas = draw_board(GAME.view(state, None), NAMES, locale)
    names = _heads(locale)
    texts = [d for d in canvas.drawn if d.kind == "text" and d.box[0] > BOARD_W]
    heads = [d for d in texts if d.what in {*names, *(part for n in names for part in n.split(" "))}]
    assert " ".join(d.what for d in sorted(heads, key=lambda d: (d.box[0] + d.box[2]) / 2)) == " ".join(names)
    middle = lambda d: (d.box[1] + d.box[3]) / 2  # noqa: E731
    ends = [max(middle(d) for d in heads if abs((d.box[0] + d.box[2]) / 2 - (h.box[0] + h.box[2]) / 2) < 3)
            for h in heads]  # the middle of each head's last line
    assert max(ends) - min(ends) <= 6, ends
    assert len(heads) == len(CATEGORIES), [d.what for d in heads]  # one line each
    pluses = [d for d in texts if d.what == "+"]
    assert len(pluses) == 3 * 3
    for p in pluses:
        centre = (p.box[0] + p.box[2]) / 2
        assert not any(h.box[0] - 2 <= centre <= h.box[2] + 2 for h in heads), (p.box, [h.box for h in heads])


@pytest.mark.parametrize("locale", ["en", "pt-BR", "it"])
def test_each_figure_of_the_final_breakdown_is_centred_under_its_own_head(locale):
    """The sixth independent look asked for "20 + 13 + 2 + 17" each under its own head, in every
    language (the Portuguese and Italian heads are longer): by the drawn text boxes, each figure
    of every row is centred under its head, at every table (seeded game 21)."""
    from bot.cli.demo import NAMES as DEMO
    from bot.cli.gallery import moment

    names = _heads(locale)
    parts = {*names, *(part for name in names for part in name.split(" "))}  # a head on one line or two
    for seats in (2, 3, 4):
        view = GAME.view(moment("torri", seats, 21, 1.0), None)
        texts = [d for d in draw_board(view, DEMO[:seats], locale).drawn if d.kind == "text" and d.box[0] > BOARD_W]
        heads = [d for d in texts if d.what in parts]
        centres: list[float] = []
        for c in sorted((d.box[0] + d.box[2]) / 2 for d in heads):
            if not centres or c - centres[-1] > 2:  # the two lines of one head are one column
                centres.append(c)
        assert len(centres) == 4, centres
        low = max(d.box[3] for d in heads)
        rows = [d for d in texts if d.box[1] > low and d.what.isdigit() and d.box[0] > BOARD_W + 40][: 4 * seats]
        assert len(rows) == 4 * seats, [d.what for d in rows]
        for k, figure in enumerate(rows):
            centre = (figure.box[0] + figure.box[2]) / 2
            assert abs(centre - centres[k % 4]) <= 2, (seats, figure.what, centre, centres)


def seeded_middle(seats: int, seed: int):
    state = GAME.new_game(seats, GAME.options_model(), seed)
    states = [state] + [after for _, _, after, _ in playout(GAME, state, SplitMix64.from_seed(seed))]
    return states[int(0.5 * (len(states) - 1))]


def test_the_last_moves_first_and_last_squares_are_marked_apart_with_the_route_and_pieces_clear_of_each_other():
    """The third look found the last move's square crowded (seed 21, three seats, C1 > C2 > C3):
    hatching, the route's line and arrow, a builder and a tower squeezed to half its width, and
    where it started told from where it ended only by a dashed or a solid border. Now the line
    stops at the edges of its first and last squares, the first has a filled tab in each
    corner and the last a broad frame all round, and the tower keeps its width under a builder
    standing in the corner, clear of the owner's shape on its top level."""
    state = seeded_middle(3, 21)
    view = GAME.view(state, None)
    assert view.last_move == ["C1", "C2", "C3"] and view.builders.count("C3") == 1
    canvas = draw_board(view, NAMES)
    image = canvas.image.convert("RGB")
    fr = frame(view.shape, 3, image.height)
    for sq in (view.last_move[0], view.last_move[-1]):
        x0, y0, x1, y1 = fr.box(sq)
        inset = round(fr.cell * 0.22)
        inside = {image.getpixel((x, y)) for x in range(x0 + inset, x1 - inset) for y in range(y0 + inset, y1 - inset)}
        assert ROUTE not in inside, f"the route's line or arrow inside {sq}"
    x0, y0, x1, y1 = fr.box(view.last_move[0])
    assert image.getpixel((x0 + 8, y0 + 8)) == image.getpixel((x1 - 8, y1 - 8)) == ROUTE  # filled corner tabs
    assert image.getpixel((x0 + 3, (y0 + y1) // 2)) != ROUTE  # no frame along its sides
    # and no hatching: the fifth look could not tell a hatched start from the squares passed
    floor = [image.getpixel((x, y)) for x in range(x0 + 20, x1 - 20) for y in range(y0 + 20, y1 - 20)]
    assert TRAIL not in floor, "the start's floor is plain"
    x0, y0, x1, y1 = fr.box(view.last_move[1])
    passed = [image.getpixel((x, y)) for x in range(x0 + 4, x1 - 4) for y in range(y0 + 4, y1 - 4)]
    assert passed.count(TRAIL) > len(passed) // 20, "a square passed is hatched"
    x0, y0, x1, y1 = fr.box(view.last_move[-1])
    assert all(image.getpixel(p) == ROUTE for p in ((x0 + 3, (y0 + y1) // 2), (x1 - 3, (y0 + y1) // 2),
                                                  ((x0 + x1) // 2, y1 - 3), ((x0 + x1) // 2 - 20, y0 + 3)))
    here = [d for d in canvas.drawn if d.kind == "piece" and x0 <= (d.box[0] + d.box[2]) / 2 <= x1
            and y0 <= (d.box[1] + d.box[3]) / 2 <= y1]
    levels = [d.box for d in here if d.what == "level"]
    pawns = [d.box for d in here if d.what == "pawn"]
    assert levels and len(pawns) == 1
    assert min(b[2] - b[0] for b in levels) >= fr.alone_w, "the tower keeps its width beside the builder"
    top = min(levels, key=lambda b: b[1])
    shape = ((top[0] + top[2]) / 2 - MARK / 2, (top[0] + top[2]) / 2 + MARK / 2)
    assert pawns[0][0] - 3 >= shape[1] - 1, "the builder clears the owner's shape on the top level"


@pytest.mark.parametrize("locale", ["en", "pt-BR", "it"])
def test_at_the_end_a_central_tower_taller_than_its_line_shows_every_level(locale):
    """At the end the central runs are scored: the panel cut a central tower taller than its
    line to its top levels (here 7 and 6 levels, past a line of 5), so they could not be checked."""
    state = game_states(4, "far")[-1]
    view = GAME.view(state, None)
    size = image_height(view.shape, 4, locale)
    content = panel(words_for(view, NAMES + ["Dora"], locale), view, size - PANEL_TOP - PANEL_FOOT)
    assert PANEL_TOP + height(content) + PANEL_FOOT <= size
    items = [i for b in content if isinstance(b, Block) for i in b.items]
    assert not [i for i in items if isinstance(i, Plinth)]
    levels = [i for i in items if isinstance(i, Piece)]
    towers = [view.towers[sq].pieces for sq in view.centrals]
    assert max(len(t) for t in towers) > 6, "a central tower taller than a line: the test covers the case"
    assert len(levels) == sum(len(t) for t in towers)


def test_a_three_level_tower_on_a_96_px_square_shows_two_levels_over_its_tag():
    """A three-level tower showed one level over its height, so it looked shorter than a
    two-level tower beside it; on a 96 px square it shows two, as tall as any."""
    state = position(towers={"B3": "BYB", "B2": "YB", "C4": "nBY", "E4": "nYB"}, builders=["C4", "E4", "C4"])
    canvas = draw_board(GAME.view(state, None), NAMES)
    fr = frame(state.shape, 3, canvas.image.height)
    assert fr.cell == 96
    for sq, levels in (("B3", 2), ("B2", 2)):
        x0, y0, x1, y1 = fr.box(sq)
        here = [d for d in canvas.drawn if d.kind == "piece" and x0 <= d.box[0] and d.box[2] <= x1
                and y0 <= d.box[1] and d.box[3] <= y1]
        assert sum(d.what == "level" for d in here) == levels, sq


def test_a_tall_tower_keeps_its_width_under_a_lone_builder_clear_of_its_owners_shape():
    """A tower taller than its square was still squeezed to half its width beside a builder; on
    a 96 px square the builder stands in its top right corner, clear of the top level's shape."""
    state = position(towers={"B3": "BYB", "C3": "YBYB", "C4": "nBYB", "E4": "nYBY"}, builders=["B3", "C3", "C4"])
    canvas = draw_board(GAME.view(state, None), NAMES)
    fr = frame(state.shape, 3, canvas.image.height)
    for sq in ("B3", "C3"):
        x0, y0, x1, y1 = fr.box(sq)
        here = [d for d in canvas.drawn if d.kind == "piece" and x0 <= d.box[0] and d.box[2] <= x1
                and y0 <= d.box[1] and d.box[3] <= y1]
        levels = [d.box for d in here if d.what == "level"]
        (pawn,) = [d.box for d in here if d.what == "pawn"]
        assert levels and min(b[2] - b[0] for b in levels) >= fr.alone_w, sq
        top = min(levels, key=lambda b: b[1])
        assert pawn[0] - 3 >= (top[0] + top[2]) / 2 + MARK / 2 - 1, sq


def _heads(locale: str) -> list[str]:
    """The final breakdown's column heads, as the board words them (the runs' head its own)."""
    cat = catalog(locale)
    return [cat.text_of("torri.board.col_runs" if c == "central_runs" else f"torri.category.{c}") for c in CATEGORIES]
