"""The board is readable in Discord's 550 px inline preview, from the renderer's own layout:
every text at least 10 px tall and every pawn and chip at least 16 px once scaled, an image
that fills the preview (landscape, no tall or empty bands), and a PNG well under 200 KB."""

from __future__ import annotations

import pytest
from torri_boards import NAMES, boards

from engines.torri.positions import GAME, play, position
from render.canvas import INLINE_WIDTH, MIN_PIECE_INLINE, MIN_TEXT_INLINE
from render.common import encode_image
from render.torri.board import WIDTH, frame
from render.torri.renderer import draw_board

BOARDS = boards()


def drawn(state, names=NAMES):
    return draw_board(GAME.view(state, None), names[: state.seats])


@pytest.mark.parametrize("state", [s for _, s in BOARDS], ids=[i for i, _ in BOARDS])
def test_every_text_and_piece_is_big_enough_at_550_px(state):
    canvas = drawn(state)
    assert canvas.width == canvas.image.width == 1100
    assert canvas.inline_text() >= MIN_TEXT_INLINE, canvas.min_text
    assert canvas.inline_piece() >= MIN_PIECE_INLINE, canvas.min_piece
    assert 1.2 <= canvas.width / canvas.image.height <= 2.2, canvas.image.size  # the key under the board


def tall_ending():
    """A crowded end of a 4-player game: tall central towers, long names, a route with fees."""
    state = position(seats=4, towers={"D5": "nABCDABCDABN".replace("A", "B").replace("C", "Y").replace("D", "R"),
                                      "F5": "nBGYRBGYRBGN", "B3": "B", "C3": "B", "D3": "B", "E3": "B"},
                     builders=["B3", "C3", "D3", "E3"], gold=[9, 0, 1, 2], triggered_by=1, turn=40)
    return play(state, "F3 via C3 D3 E3 build").state


def test_a_crowded_board_with_long_names_stays_readable_and_landscape():
    names = ["Alessandra Maria Vittoria", "Bartolomeo", "Costanza degli Asinelli", "Domenico"]
    canvas = drawn(tall_ending(), names)
    assert canvas.inline_text() >= MIN_TEXT_INLINE and canvas.inline_piece() >= MIN_PIECE_INLINE
    assert canvas.width / canvas.image.height >= 1.2, canvas.image.size


@pytest.mark.parametrize("state", [s for i, s in BOARDS if i.endswith("final")],
                         ids=[i for i, _ in BOARDS if i.endswith("final")])
def test_the_png_stays_well_under_200_kb(state):
    assert len(encode_image(drawn(state).image)) < 150_000


@pytest.mark.parametrize("state", [s for i, s in BOARDS if i.startswith("4p") and i.endswith(("middle", "final"))],
                         ids=[i for i, _ in BOARDS if i.startswith("4p") and i.endswith(("middle", "final"))])
def test_a_tower_on_a_square_of_its_own_is_wide_enough_to_read_its_owners_at_550_px(state):
    """At four seats a square is 37 px at 550: a tower no builder shares takes most of it (its
    levels at least 24 px wide there), not the narrow column it keeps beside a pawn."""
    view = GAME.view(state, None)
    fr = frame(view.shape, view.seats, drawn(state).image.height)
    standing = {sq for sq in view.builders if sq is not None}
    levels = [d.box for d in drawn(state).drawn if d.kind == "piece" and d.what == "level"]
    alone = [sq for sq, tower in view.towers.items() if tower.pieces and sq not in standing]
    assert alone, "a board with towers"
    for sq in alone:
        x0, y0, x1, y1 = fr.box(sq)
        inside = [b for b in levels if x0 <= (b[0] + b[2]) / 2 <= x1 and y0 <= (b[1] + b[3]) / 2 <= y1]
        assert inside, sq
        assert min(b[2] - b[0] for b in inside) * INLINE_WIDTH / WIDTH >= 24, (sq, inside)
