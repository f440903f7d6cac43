"""Colour-blind safety of the board: every player colour stays at least 20 CIEDE2000 from every
board colour a player's piece is drawn on (the floor and the panel, the neutral stone of the
central towers, the last move's arrows and hatching), in normal vision and under simulated
protanopia, deuteranopia and tritanopia (Machado et al. 2009); and those colours are the ones
the image really uses."""

from __future__ import annotations

import pytest

from engines.torri.positions import GAME, play, position
from render.palette import player_colour
from render.torri.board import frame
from render.torri.pieces import BACKGROUNDS, FLOOR, NEUTRAL, TRAIL
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
    x0, y0, x1, y1 = fr.box("B3")  # the square the last move left: hatched
    assert TRAIL in {image.getpixel((x, y)) for x in range(x0 + 2, x1 - 2) for y in range(y0 + 10, y0 + 20)}
