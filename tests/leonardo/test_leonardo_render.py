"""The renderer on real Pillow images."""

from __future__ import annotations

from leo_helpers import G, do
from PIL import ImageChops

from engines.core.playout import random_move
from engines.core.rng import Rng
from engines.leonardo.positions import started
from render.common import encode_png
from render.leonardo import LeonardoRenderer, static_layer

NAMES = ["Ann", "Bob", "Cid", "Dee"]
R = LeonardoRenderer()


def _midgame():
    """Up to 80 random moves into a 4-player game, stopping short of its end."""
    state = started(4, seed=8)
    rng = Rng.from_seed(3)
    for _ in range(80):
        seat, action = random_move(G, state, rng)
        after, _ = G.apply(state, seat, action)
        if G.result(after) is not None:
            break
        state = after
    return state


def test_board_size_and_png_weight():
    img = R.board(G.view(_midgame(), None), NAMES)
    assert 1000 <= img.width <= 1400 and img.height >= 700
    assert len(encode_png(img)) < 300_000


def test_a_public_change_changes_pixels():
    state = started(4, seed=8)
    cur = state.order[state.slot]
    before = R.board(G.view(state, None), NAMES)
    after, _ = do(state, cur, "spin")
    img = R.board(G.view(after, None), NAMES)
    assert ImageChops.difference(before, img).getbbox() is not None


def test_hidden_information_does_not_change_the_spectator_image():
    a = started(4, seed=8)
    cur = a.order[a.slot]
    a.owner[2] = cur
    b = a.model_copy(deep=True)
    a.art[2] = [30]
    b.art[2] = [150]
    a.declared, b.declared = {0: "guelfi"}, {0: "ghibellini"}
    ia, ib = R.board(G.view(a, None), NAMES), R.board(G.view(b, None), NAMES)
    assert ImageChops.difference(ia, ib).getbbox() is None
    assert R.private(G.view(a, None), NAMES) is None
    pa, pb = R.private(G.view(a, cur), NAMES), R.private(G.view(b, cur), NAMES)
    assert ImageChops.difference(pa, pb).getbbox() is not None


def test_static_layer_is_cached_and_not_drawn_on():
    first = static_layer()
    before = first.tobytes()
    R.board(G.view(_midgame(), None), NAMES)
    assert static_layer() is first and first.tobytes() == before
