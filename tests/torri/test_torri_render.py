"""The board image: its size and weight, public changes show, hidden-only changes do not, the
cached static layer is never drawn on."""

import pytest
from PIL import ImageChops

from engines.core.playout import play_to_end
from engines.core.rng import Rng
from engines.torri.model import Options
from engines.torri.positions import GAME, play, position
from render.common import encode_image
from render.torri.renderer import TorriRenderer, image_height, static_layer

R = TorriRenderer()
NAMES = ["Alice", "Bob", "Carla", "Dmitri"]


def image(state, seat=None):
    return R.board(GAME.view(state, seat), NAMES[: state.seats])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_board_size_and_png_weight(players):
    state, _ = play_to_end(GAME, players, Options(), 3)
    img = image(state)
    assert img.width == 1100 and 500 <= img.height <= 900  # the board and its key under it
    assert len(encode_image(img)) < 200_000


def test_a_public_move_changes_pixels():
    state = position(towers={"B3": "B"}, builders=["B3", "C4", "E4"], gold=[0, 0, 1])
    after, _ = play(state, "B2 build")
    diff = ImageChops.difference(image(state), image(after))
    assert diff.getbbox() is not None


def test_gold_change_alone_changes_pixels():
    a = position(builders=["C4", "C4", "E4"], gold=[1, 0, 0])
    b = position(builders=["C4", "C4", "E4"], gold=[2, 0, 0], bank=48)
    assert ImageChops.difference(image(a), image(b)).getbbox() is not None


def test_hidden_only_difference_gives_identical_spectator_images():
    a = position(towers={"B3": "BG", "C4": "nY", "E4": "nY"}, builders=["B3", "C4", "E4"])
    b = a.model_copy(deep=True)
    b.rng = Rng.from_seed(0xDEADBEEF)  # the only thing a player could not see
    assert a != b
    assert ImageChops.difference(image(a), image(b)).getbbox() is None
    # a seat's view shows nothing more than the spectator's here: nothing is hidden
    assert ImageChops.difference(image(a, 0), image(a)).getbbox() is None
    assert R.private(GAME.view(a, 0), NAMES[:3]) is None


def test_static_layer_is_cached_and_not_modified():
    state = position(towers={"B3": "B"}, builders=["B3", "C4", "E4"])
    img = image(state)
    first = static_layer("medium", 3, img.height)
    before = first.image.tobytes()
    image(play(state, "B2 build").state)
    assert static_layer("medium", 3, img.height) is first and first.image.tobytes() == before


def test_every_board_of_a_game_has_the_same_size_from_the_first_to_the_last():
    state = position(towers={"B3": "B"}, builders=["B3", "C4", "E4"])
    final, _ = play_to_end(GAME, 3, Options(), 3)
    assert image(state).size == image(final).size == (1100, image_height(state.shape, 3))
