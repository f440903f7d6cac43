"""The Bella Vista images: size, weight, public changes show, hidden-only changes do not."""

from __future__ import annotations

import pytest
from PIL import ImageChops

from engines.bella_vista import BellaVista, Options
from engines.core.playout import play_to_end, playout
from engines.core.rng import Rng
from render.bella_vista import BellaVistaRenderer, frame, static_layer
from render.common import encode_png

GAME = BellaVista()
R = BellaVistaRenderer()
NAMES = ["Alice", "Bartholomew the Long-Named Architect", "Carla", "Dmitri"]


def board(state, seat=None):
    return R.board(GAME.view(state, seat), NAMES[: state.seats])


def states(seats: int, layout: str, seed: int):
    """Every state of one random game, the starting one first."""
    state = GAME.new_game(seats, Options(layout=layout), seed)
    out = [state]
    for _, _, after, _ in playout(GAME, state, Rng.from_seed(seed)):
        out.append(after)
    return out


def first_offer(seats: int = 4, seed: int = 2):
    """A state with one face-down card on the offer board, and that card's owner."""
    state = GAME.new_game(seats, Options(layout="london"), seed)
    seat = min(GAME.to_act(state))
    state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    assert state.phase == "offers"
    return state, seat


@pytest.mark.parametrize(
    "seats,layout",
    [(2, "new_york"), (3, "rome"), (4, "london"), (4, "bangkok"), (3, "random"), (2, "berlin")],
)
def test_board_size_and_mode(seats, layout):
    for state in (
        GAME.new_game(seats, Options(layout=layout), 5),
        play_to_end(GAME, seats, Options(layout=layout), 5)[0],
    ):
        img = board(state)
        assert img.mode == "RGB"
        assert 1200 <= img.width <= 1400 and 600 <= img.height <= 1100


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_late_game_png_under_300_kb(seats):
    final, _ = play_to_end(GAME, seats, Options(layout="random"), 11)
    assert final.phase == "over" and len(final.buildings) >= 20
    assert len(encode_png(board(final))) < 300_000


def test_a_placed_building_changes_the_pixels_of_its_cells():
    history = states(4, "london", 3)
    i = next(i for i in range(1, len(history)) if len(history[i].buildings) > len(history[i - 1].buildings))
    before, after = board(history[i - 1]), board(history[i])
    view = GAME.view(history[i], None)
    f = frame(view.columns, view.rows, view.seats)
    new = view.buildings[-1]
    for col, row in new.cells:
        box = (f.ox + col * f.cell, f.oy + row * f.cell, f.ox + (col + 1) * f.cell, f.oy + (row + 1) * f.cell)
        assert ImageChops.difference(before.crop(box), after.crop(box)).getbbox() is not None, (col, row)


def test_hidden_information_does_not_reach_the_spectator_image():
    state, seat = first_offer()
    other = state.model_copy(deep=True)
    # a different face-down card on the board (swapped with one of the owner's hand)...
    entry = next(e for e in other.spaces if e is not None)
    arch = other.architects[seat]
    k = next(k for k, c in enumerate(arch.hand) if c != entry.card)
    entry.card, arch.hand[k] = arch.hand[k], entry.card
    # ...and a different hand for another seat (a card swapped with its deck)
    third = other.architects[(seat + 1) % other.seats]
    j = next(j for j, c in enumerate(third.deck) if c not in third.hand)
    third.hand[0], third.deck[j] = third.deck[j], third.hand[0]
    assert other != state
    a, b = board(state), board(other)
    assert a.tobytes() == b.tobytes()
    assert encode_png(a) == encode_png(b)
    # the owner's own board view does show its face-down card, so it changes
    assert board(state, seat).tobytes() != board(other, seat).tobytes()


def test_spectator_image_shows_no_face_down_card_value():
    state, seat = first_offer()
    spectator, own = GAME.view(state, None), GAME.view(state, seat)
    assert all(s.card is None for s in spectator.offer_spaces if s.face_down)
    assert R.board(spectator, NAMES).tobytes() != R.board(own, NAMES).tobytes()


def test_private_image_differs_between_two_hands():
    state, _ = first_offer()
    seat = (min(GAME.to_act(state)) + 1) % state.seats
    other = state.model_copy(deep=True)
    arch = other.architects[seat]
    j = next(j for j, c in enumerate(arch.deck) if c not in arch.hand)
    arch.hand[0], arch.deck[j] = arch.deck[j], arch.hand[0]
    a = R.private(GAME.view(state, seat), NAMES)
    b = R.private(GAME.view(other, seat), NAMES)
    assert a is not None and b is not None
    assert a.mode == "RGB" and a.width >= 800
    assert a.tobytes() != b.tobytes()
    assert R.private(GAME.view(state, None), NAMES) is None


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_private_image_through_a_whole_game(seats):
    history = states(seats, "random", 4)
    for state in history[:: max(1, len(history) // 8)] + [history[-1]]:
        for seat in range(seats):
            img = R.private(GAME.view(state, seat), NAMES[:seats])
            assert img is not None and len(encode_png(img)) < 300_000


def test_static_layer_is_cached_and_never_drawn_on():
    history = states(3, "paris", 6)
    view = GAME.view(history[0], None)
    R.board(view, NAMES)
    hits = static_layer.cache_info().hits
    first = R.board(view, NAMES).tobytes()
    assert static_layer.cache_info().hits > hits
    for state in history[1 :: max(1, len(history) // 10)]:
        R.board(GAME.view(state, None), NAMES)
    assert R.board(view, NAMES).tobytes() == first
