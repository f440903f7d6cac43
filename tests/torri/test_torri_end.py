"""The end: last simple piece, neutral battlements, the round finished plus one extra,
the round limit, and the forced pass when a builder has no move."""

import pytest

from engines.core.errors import GameOver, IllegalAction
from engines.core.game import event
from engines.core.messages import Msg
from engines.torri.model import Pass
from engines.torri.positions import GAME, play, position, to_move
from render.text import words


def play_any(state):
    seat = to_move(state)
    return GAME.apply(state, seat, GAME.legal_actions(state, seat)[0]).state


def test_last_simple_piece_triggers_the_end_and_closes_the_central_towers_r17():
    state = position(towers={"B3": "B"}, builders=["B3", "C4", "E4"], simple_left={0: 1})
    after, events = play(state, "B2 build")
    assert after.triggered_by == 0
    assert after.towers["C4"] == "nN" and after.towers["E4"] == "nN"
    assert events[-1] == event("torri.event.last_piece", seat=0, last=2)
    assert words(events[-1]) == (
        "seat 1 has placed their last simple piece: the central towers are closed with battlements. "
        "This round is finished, then one extra round is played (the game ends after round 2)."
    )
    # the round is finished (Green, Yellow), then one extra round (Blue, Green, Yellow)
    assert after.end_turn == 6
    seen = []
    state = after
    while GAME.result(state) is None:
        seen.append(state.turn % 3)
        state = play_any(state)
    assert seen == [1, 2, 0, 1, 2]
    assert GAME.to_act(state) == frozenset()
    with pytest.raises(GameOver):
        GAME.apply(state, 0, Pass())


def test_trigger_in_mid_round_finishes_that_round_then_one_more_r17():
    state = position(towers={"B3": "G", "F6": "B"}, builders=["F6", "B3", "E4"], turn=4, simple_left={1: 1})
    after, _ = play(state, "B2 build")
    assert after.triggered_by == 1 and after.end_turn == 9  # Yellow ends round 2, round 3 extra


def test_battlement_piece_is_not_a_simple_piece_for_the_trigger_r17():
    state = position(towers={"B3": "B"}, builders=["B3", "C4", "E4"], gold=[5, 0, 0], simple_left={0: 1})
    after, _ = play(state, "B2 battlement")
    assert after.triggered_by is None and after.end_turn is None


def test_neutral_battlements_do_not_raise_the_height_limit_and_close_central_towers_r16_r17():
    state = position(towers={"B3": "B", "C4": "nGY", "E4": "nYG", "F6": "Y"}, builders=["B3", "F6", "F6"],
                     simple_left={0: 1})
    before = GAME.view(state, None).limit
    after, _ = play(state, "B2 build")
    assert before == 3 and GAME.view(after, None).limit == 3
    # Green, at F6, can no longer build on a central tower
    with pytest.raises(IllegalAction) as exc:
        play(after, "C4 build")
    assert exc.value.msg == Msg("torri.error.closed", square="C4")


def test_without_simple_pieces_a_player_may_still_walk_and_place_battlements_r17():
    state = position(towers={"B3": "B", "B2": "G"}, builders=["B3", "C4", "E4"], gold=[5, 0, 0], simple_left={0: 0})
    legal = {GAME.notation(state, a) for a in GAME.legal_actions(state, 0)}
    assert {"B2", "A3 battlement"} <= legal
    assert not any(t.endswith(" build") for t in legal)


def test_the_round_limit_triggers_the_end_p4():
    state = position(towers={"B3": "Y"}, builders=["C4", "E4", "B3"], turn=15 * 3 - 1, max_rounds=15)
    after, events = play(state, "B2 build")
    assert after.triggered_by == -1 and after.end_turn == 16 * 3
    assert after.towers["C4"].endswith("N")
    assert events[-1] == event("torri.event.round_limit", round=15, last=16)
    assert words(events[-1]) == (
        "Round 15 is over, the round limit of this game: the central towers are closed with "
        "battlements and one extra round is played (the game ends after round 16)."
    )
    for _ in range(3):
        assert GAME.result(after) is None
        after = play_any(after)
    assert GAME.result(after) is not None


def test_boxed_in_builder_must_pass_and_only_then_p3():
    # 2 players: Blue on the only central tower, all four neighbours empty, nothing to place
    state = position(seats=2, builders=["D3", "B2"], towers={"B2": "G"}, simple_left={0: 0}, battlements_left={0: 0})
    assert GAME.legal_actions(state, 0) == [Pass()]
    assert [c.notation for c in GAME.choices(state, 0)] == ["pass"]
    after, events = play(state, "pass")
    assert after.builders[0] == "D3" and after.turn == 1
    assert [e.key for e in events] == ["torri.event.passed"]
    assert words(events[0]) == "seat 1's builder has no legal move and passes."
    state = position(seats=2, builders=["D3", "B2"], towers={"B2": "G"}, simple_left={0: 1}, battlements_left={0: 0})
    with pytest.raises(IllegalAction) as exc:
        play(state, "pass")
    assert exc.value.msg.key == "torri.error.may_not_pass"


def test_two_player_builder_on_the_central_tower_cannot_move_freely_to_it_again():
    state = position(seats=2, builders=["D3", "D3"])
    legal = {GAME.notation(state, a) for a in GAME.legal_actions(state, 0)}
    assert legal == {"D2 build", "C3 build", "E3 build", "D4 build"}
