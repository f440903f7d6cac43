"""The shared player colours keep apart for colour-blind players, and marks tell players apart."""

import itertools

from render.palette import PLAYER_COLOURS, ink_on, marks
from tests.render.colour_science import worst_distance


def test_four_player_colours_stay_28_apart_in_every_vision_and_six_stay_23_apart():
    for a, b in itertools.combinations(PLAYER_COLOURS[:4], 2):
        assert worst_distance(a, b)[0] >= 28, (a, b, worst_distance(a, b))
    for a, b in itertools.combinations(PLAYER_COLOURS, 2):
        assert worst_distance(a, b)[0] >= 23, (a, b, worst_distance(a, b))


def test_marks_are_initials_with_the_seat_where_two_players_share_one():
    assert marks(["Anne", "Bruno", "Andrea", "Sofia"]) == ["A1", "B", "A3", "S"]
    assert marks(["Élodie", "Eva"]) == ["E1", "E2"]
    assert marks(["", "🙂", "Carla"]) == ["1", "2", "C"]


def test_ink_is_readable_on_every_player_colour():
    assert ink_on((0xF0, 0xE4, 0x42)) != ink_on((0x00, 0x44, 0x88))
