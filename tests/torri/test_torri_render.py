"""The board image: its size and weight, public changes show, hidden-only changes do not, the
cached static layer is never drawn on."""

import pytest
from PIL import ImageChops
from torri_boards import GAMES, NAMES, game_states

from engines.core.playout import play_to_end
from engines.core.rng import Rng
from engines.torri.model import Options
from engines.torri.positions import GAME, play, position
from render.canvas import Canvas
from render.common import encode_image
from render.text import catalog, drawing_in
from render.torri.blocks import Piece, Plinth, Words, height
from render.torri.key import ITEMS, ROW, ROWS, draw_key
from render.torri.panel import panel
from render.torri.pieces import FLOOR, ROUTE, TRAIL
from render.torri.renderer import PANEL_FOOT, PANEL_TOP, TorriRenderer, image_height, static_layer, words_for

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


@pytest.mark.parametrize("locale", ["en", "pt-BR", "it"])
def test_the_panel_fits_the_image_at_every_position_of_every_game(locale):
    """Every position of the seeded games of every wall and table size: the image is as tall as
    the panel can be (a small wall at a large table), and a central tower taller than its line
    keeps one line, its height on a dark square. Before, a four-seat game on the "far" wall
    drew its last player and the central towers below the image's edge."""
    tall = 0
    for seats, shape in GAMES:
        for state in game_states(seats, shape):
            view = GAME.view(state, None)
            size = image_height(state.shape, seats, locale)
            content = panel(words_for(view, NAMES[:seats], locale), view, size - PANEL_TOP - PANEL_FOOT)
            assert PANEL_TOP + height(content) + PANEL_FOOT <= size, (seats, shape, state.turn)
            plinths = [i for b in content if not isinstance(b, int) for i in b.items if isinstance(i, Plinth)]
            tall += len(plinths)
            heights = {len(view.towers[sq].pieces) for sq in view.centrals}
            assert all(p.height in heights for p in plinths)
    assert tall, "no central tower grew past its line: the test no longer covers the case"


def test_every_board_is_as_tall_as_its_image_says_in_every_language():
    state = game_states(4, "far")[-1]
    for locale in ("en", "pt-BR", "it"):
        with drawing_in(locale):
            img = TorriRenderer().board(GAME.view(state, None), NAMES[:4])
        assert img.size == (1100, image_height("far", 4, locale))
        assert image_height("far", 4, locale) > image_height("far", 2, locale)  # the panel's rows, not the wall


def test_the_key_draws_the_last_moves_squares_as_the_board_does():
    """The second independent look found the key's "where it started" a solid dark square while
    the board hatched the squares of the last move (and marked the start's corners): the key's
    end is hatched as the board's, and its start is, as the board's since the fifth look (which
    could not tell a hatched start from the squares passed), the plain floor with dark corners."""
    canvas = Canvas(600, 200, FLOOR)
    draw_key(canvas, Words(catalog("en"), ["Anne", "Bruno"]), 0, 0, 600)
    keys = [k for k, _ in ITEMS]
    for key, hatched in (("torri.board.key_start", False), ("torri.board.key_end", True)):
        k = keys.index(key)
        x, y = (k // ROWS) * 300, (k % ROWS) * ROW
        inside = [canvas.image.getpixel((x + i, y + j)) for i in range(12, 31) for j in range(10, 29)]
        trail = sum(p == TRAIL for p in inside) / len(inside)
        assert (0.1 < trail < 0.6) == hatched and sum(p == FLOOR for p in inside) / len(inside) > 0.3, (key, trail)


def test_the_keys_route_is_hatched_and_its_start_has_the_boards_corner_tabs():
    """The fourth independent look: every square of the route is hatched, but the key's only
    hatched sample without a mark was "where it started", whose corner tabs were too small to
    see. The route's sample is hatched under its line, and the start's tabs are the board's."""
    canvas = Canvas(600, 200, FLOOR)
    draw_key(canvas, Words(catalog("en"), ["Anne", "Bruno"]), 0, 0, 600)
    keys = [k for k, _ in ITEMS]
    k = keys.index("torri.board.key_route")
    x, y = (k // ROWS) * 300, (k % ROWS) * ROW
    corner = [canvas.image.getpixel((x + i, y + j)) for i in range(6, 20) for j in range(4, 14)]
    assert sum(p == TRAIL for p in corner) / len(corner) > 0.1, "the route's squares are hatched"
    k = keys.index("torri.board.key_start")
    x, y = (k // ROWS) * 300, (k % ROWS) * ROW
    for x0, y0 in ((x + 5, y + 3), (x + 26, y + 3), (x + 5, y + 24), (x + 26, y + 24)):
        tab = [canvas.image.getpixel((x0 + i, y0 + j)) for i in range(13) for j in range(13)]
        assert sum(p == ROUTE for p in tab) >= 60, (x0, y0)


def test_a_tall_central_tower_shows_every_level_during_play_where_the_panel_has_room():
    """The central runs score each player's longest sequence, so a player checks them during
    play too: where the panel has room, a central tower taller than its line is drawn level by
    level on lines of its own, as at the end, not as a tag and its top levels (the eighth look
    read "(8) ★♥▲▲" mid-game as a strip cut short). Where the room is short it keeps one line."""
    whole = short = 0
    for seats, shape in GAMES:
        for state in game_states(seats, shape):
            view = GAME.view(state, None)
            if view.phase == "over":
                continue
            w = words_for(view, NAMES[:seats], "en")
            room = image_height(state.shape, seats, "en") - PANEL_TOP - PANEL_FOOT
            if not any(isinstance(i, Plinth) for b in panel(w, view, 0) if not isinstance(b, int) for i in b.items):
                continue  # no central tower taller than its line
            content = panel(w, view, room)
            if any(isinstance(i, Plinth) for b in content if not isinstance(b, int) for i in b.items):
                short += 1
                continue
            whole += 1
            levels = sum(len(view.towers[sq].pieces) for sq in view.centrals)
            drawn = [i for b in content[-len(view.centrals):] for i in b.items if isinstance(i, Piece)]
            assert len(drawn) == levels, (seats, shape, state.turn)
    assert whole > 0, "no tall central tower drawn whole during play"
    assert short > 0, "no panel short of room: the test no longer covers the fallback"
