"""Set-up: central towers, builders on them, starting gold, the supply of pieces."""

import pytest
from torri_checks import refusal

from engines.core.errors import IllegalAction
from engines.core.messages import Msg
from engines.torri import Options, Torri
from engines.torri.positions import play
from render.text import words

GAME = Torri()


@pytest.mark.parametrize("players, gold", [(2, [0, 0]), (3, [0, 0, 1]), (4, [0, 0, 1, 2])])
def test_starting_gold_by_seat_from_the_50_cube_bank(players, gold):
    state = GAME.new_game(players, Options(), 5)
    assert state.gold == gold
    assert state.bank == 50 - sum(gold)


@pytest.mark.parametrize("players, battlements", [(2, 2), (3, 3), (4, 3)])
def test_fourteen_simple_and_three_battlements_two_in_two_player(players, battlements):
    state = GAME.new_game(players, Options(), 5)
    assert state.simple_left == [14] * players
    assert state.battlements_left == [battlements] * players


def test_two_neutral_central_towers_one_with_two_players():
    assert sorted(GAME.new_game(3, Options(), 1).towers.values()) == ["n", "n"]
    assert list(GAME.new_game(2, Options(), 1).towers.values()) == ["n"]


def test_two_player_builders_start_on_the_single_central_tower():
    state = GAME.new_game(2, Options(), 1)
    assert state.phase == "play" and state.builders == ["D3", "D3"]
    assert GAME.to_act(state) == {0}


def test_builders_are_placed_in_turn_order_on_central_towers_sharing_freely():
    """R5: placing is not walking: sharing a central tower costs no fee."""
    state = GAME.new_game(4, Options(), 1)
    assert GAME.to_act(state) == {0}
    assert [GAME.notation(state, a) for a in GAME.legal_actions(state, 0)] == ["start Asinelli", "start Garisenda"]
    state, _ = play(state, "start Asinelli", seat=0)
    assert GAME.to_act(state) == {1}
    state, _ = play(state, "start A", seat=1)
    state, _ = play(state, "start garisenda", seat=2)
    state, _ = play(state, "start D5", seat=3)  # the Asinelli's square in the large wall
    assert state.builders == ["D5", "D5", "F5", "D5"]
    assert state.gold == [0, 0, 1, 2]
    assert state.phase == "play" and GAME.to_act(state) == {0}


def test_setup_refuses_moves_and_play_refuses_start():
    state = GAME.new_game(3, Options(), 1)
    why = refusal(state, "C3 build", seat=0, kind=IllegalAction)
    assert words(why) == "First place your builder on a central tower: type `start Asinelli` or `start Garisenda`."
    two = GAME.new_game(2, Options(), 1)
    assert refusal(two, "start Asinelli", seat=0) == Msg("torri.error.already_placed")
    assert refusal(two, "start Garisenda", seat=0) == Msg("torri.error.already_placed")
