"""Colour-blind safety of the board: every player colour stays at least 20 CIEDE2000 from every
board colour a player's piece is drawn on (the floor and the panel, the neutral stone of the
central towers, the last move's arrows and hatching), in normal vision and under simulated
protanopia, deuteranopia and tritanopia (Machado et al. 2009); and those colours are the ones
the image really uses."""

from __future__ import annotations

import pytest

from engines.torri.positions import GAME, play, position
from render.canvas import Canvas
from render.palette import ink_on, player_colour
from render.torri.board import frame
from render.torri.pieces import BACKGROUNDS, FLOOR, NEUTRAL, SLAB, TRAIL, pawn, slab
from render.torri.renderer import draw_board
from tests.render.colour_science import VISIONS, ciede2000, simulate

THRESHOLD = 20


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_each_player_colour_stands_off_every_board_colour_in_every_vision(seats):
    for seat in range(seats):
        for name, ground in BACKGROUNDS.items():
            for vision in VISIONS:
                distance = ciede2000(simulate(player_colour(seat), vision), simulate(ground, vision))
                assert distance >= THRESHOLD, (seat, name, vision, round(distance, 1))


def test_the_board_is_drawn_in_those_colours():
    state = position(towers={"B3": "B", "C4": "nB"}, builders=["B3", "C4", "E4"])
    after = play(state, "B2 build").state  # a last move: B3 -> B2
    canvas = draw_board(GAME.view(after, None), ["Anne", "Bruno", "Carla"])
    image = canvas.image
    fr = frame(after.shape, 3, image.height)
    assert image.getpixel(fr.centre("G4")) == FLOOR  # an empty square
    assert image.getpixel((image.width - 4, image.height // 2)) == FLOOR  # the panel
    x0, y0, x1, y1 = fr.box("C4")  # the Asinelli: its neutral base at the bottom
    assert image.getpixel(((x0 + x1) // 2, y1 - 10)) == NEUTRAL
    x0, y0, x1, y1 = fr.box("B2")  # the square the last move reached: hatched (the one it left is plain)
    assert TRAIL in {image.getpixel((x, y)) for x in range(x0 + 10, x1 - 10) for y in range(y0 + 10, y0 + 20)}


@pytest.mark.parametrize("seat", range(4))
def test_the_owners_shape_on_a_level_and_on_a_builder_is_solid(seat):
    """The shape on a level (and on a pawn) was the seat's colour outlined on that same colour:
    a hollow outline at 550 px. It is solid now, in ink or white, whichever reads on the colour."""
    canvas = Canvas(200, 120, FLOOR)
    slab(canvas, 10, 40, 60, SLAB, player_colour(seat), seat, False, top=True)
    height = pawn(canvas, 140, 20, 36, seat)
    solid = ink_on(player_colour(seat))
    assert canvas.image.getpixel((40, 40 + SLAB // 2 + 1)) == solid  # the middle of the level's shape
    head = 36 * 0.52 * 0.7  # the pawn's body starts under its head; its shape is in the body's middle
    assert canvas.image.getpixel((140, round(20 + head + (height - head) / 2 + 1))) == solid


def test_a_central_square_is_framed_in_stone_wide_enough_to_see_at_550_px():
    """The tenth look found the central squares marked only by a thin grey frame once a player's
    piece tops their tower (1.5 px at 550): the frame is now 5 px, 2.5 at 550, on each side."""
    state = position(towers={"B3": "B", "C4": "nB"}, builders=["B3", "C4", "E4"])
    image = draw_board(GAME.view(state, None), ["Anne", "Bruno", "Carla"]).image.convert("RGB")
    fr = frame(state.shape, 3, image.height)
    for sq in fr.lay.centrals:
        x0, y0, x1, y1 = fr.box(sq)
        run = [image.getpixel((x0 + 15, y)) == NEUTRAL for y in range(y0, y0 + 10)]  # across its top side
        assert sum(run) >= 5, (sq, run)
