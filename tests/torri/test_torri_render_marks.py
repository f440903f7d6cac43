"""What the third independent look misread at 550 px (issue 24): a tall tower's height drawn as
a black block with a white figure read as a black player's piece; the last move's square was
crowded; the final breakdown's heads were out of line with their figures."""

from __future__ import annotations

import pytest
from torri_boards import game_states

from engines.torri.positions import GAME, position
from engines.torri.scoring import CATEGORIES
from render.canvas import Canvas
from render.palette import INK
from render.text import catalog
from render.torri.blocks import Block, Plinth, Words, draw_panel
from render.torri.board import BOARD_W
from render.torri.key import ITEMS, ROW, ROWS, draw_key
from render.torri.pieces import FLOOR, WHITE
from render.torri.renderer import draw_board

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
    figures; a "+" stood under the start of a wide head ("central runs")."""
    state = game_states(3, "")[-1]
    canvas = draw_board(GAME.view(state, None), NAMES, locale)
    cat = catalog(locale)
    names = [cat.text_of(f"torri.category.{c}") for c in CATEGORIES]
    texts = [d for d in canvas.drawn if d.kind == "text" and d.box[0] > BOARD_W]
    heads = [d for d in texts if d.what in {*names, *(part for n in names for part in n.split(" "))}]
    assert " ".join(d.what for d in sorted(heads, key=lambda d: (d.box[0] + d.box[2]) / 2)) == " ".join(names)
    middle = lambda d: (d.box[1] + d.box[3]) / 2  # noqa: E731
    ends = [max(middle(d) for d in heads if abs((d.box[0] + d.box[2]) / 2 - (h.box[0] + h.box[2]) / 2) < 3)
            for h in heads]  # the middle of each head's last line
    assert max(ends) - min(ends) <= 6, ends
    pluses = [d for d in texts if d.what == "+"]
    assert len(pluses) == 3 * 3
    for p in pluses:
        centre = (p.box[0] + p.box[2]) / 2
        assert not any(h.box[0] - 2 <= centre <= h.box[2] + 2 for h in heads), (p.box, [h.box for h in heads])
