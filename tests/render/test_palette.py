"""The shared player colours keep apart for colour-blind players, and shapes tell players apart."""

import itertools

from PIL import Image

from render.palette import CHAT_CHIPS, PLAYER_COLOURS, SHAPES, ink_on, mark_sprite
from tests.render.colour_science import worst_distance


def test_four_player_colours_stay_28_apart_in_every_vision_and_six_stay_23_apart():
    for a, b in itertools.combinations(PLAYER_COLOURS[:4], 2):
        assert worst_distance(a, b)[0] >= 28, (a, b, worst_distance(a, b))
    for a, b in itertools.combinations(PLAYER_COLOURS, 2):
        assert worst_distance(a, b)[0] >= 23, (a, b, worst_distance(a, b))


def test_every_seat_has_its_own_shape_in_chat_and_on_the_board_never_a_letter_and_digit():
    """Issue 24: "A1", "A3" read as coordinates. A seat is a shape: six different silhouettes,
    and chat's chip is an emoji of the same shape."""
    assert len(set(SHAPES)) == len(SHAPES) == len(PLAYER_COLOURS) == len(set(CHAT_CHIPS))
    assert [CHAT_CHIPS[k] for k in range(4)] == ["🟦", "🔺", "⭐", "💜"]  # square, triangle, star, heart
    silhouettes = set()
    for seat in range(len(SHAPES)):
        alpha = mark_sprite(seat, 32).getchannel("A").point(lambda a: 255 if a > 127 else 0)
        assert isinstance(alpha, Image.Image)
        silhouettes.add(alpha.tobytes())
    assert len(silhouettes) == len(SHAPES)  # six outlines, not one shape in six colours


def test_ink_is_readable_on_every_player_colour():
    assert ink_on((0xF0, 0xE4, 0x42)) != ink_on((0x00, 0x44, 0x88))


def test_a_seat_shape_is_drawn_in_four_colours_and_four_opacities():
    """Its fill, its outline and two blends of them, each in four steps of coverage: a board of
    many pieces stays within a palette of 256 colours, which the lossless WebP packs best
    (a resampled sprite had dozens of colours, and Leonardo's board 962 in all)."""
    for seat in range(len(SHAPES)):
        for size in (20, 32, 34):
            sprite = mark_sprite(seat, size)
            seen = {(r, g, b) for _, (r, g, b, a) in sprite.getcolors() if a}
            assert len(seen) <= 4, (seat, size, len(seen))
            assert {a for _, a in sprite.getchannel("A").getcolors()} <= {0, 85, 170, 255}


def test_leonardos_board_keeps_within_a_palette_of_256_colours():
    from bot.play.registry import titles
    from engines.core.playout import playout
    from engines.core.rng import SplitMix64
    from render.leonardo.renderer import draw_board

    engine = titles()["leonardo"].engine
    state = engine.new_game(6, engine.options_model(), 3)
    states = [state] + [after for _, _, after, _ in playout(engine, state, SplitMix64.from_seed(3))]
    for state in states[:: len(states) // 5]:
        image = draw_board(engine.view(state, None), ["Anne", "Bruno", "Carla", "Dario", "Elena", "Fabio"]).image
        assert image.getcolors(256) is not None  # None: more than 256 colours
