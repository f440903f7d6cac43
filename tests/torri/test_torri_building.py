"""Building: gains, battlements, closed towers, occupied squares, the height limit, the bank.

3 players on the medium wall: Asinelli C4, Garisenda E4. Blue (seat 0) moves first.
"""

import pytest
from torri_checks import labels

from engines.core.errors import IllegalAction
from engines.core.messages import Msg
from engines.torri.positions import GAME, play, position
from render.text import words

TALL = {"C4": "nGY", "E4": "nYG"}  # both central towers 3 high: others may reach 3


def test_new_tower_earns_two_gold_from_the_bank():
    state = position(towers={"B3": "B"}, builders=["B3", "C4", "E4"], gold=[0, 0, 1])
    after, _ = play(state, "B2 build")
    assert after.gold[0] == 2 and after.bank == state.bank - 2
    assert after.simple_left[0] == state.simple_left[0] - 1


def test_building_on_another_players_piece_takes_one_gold_from_them():
    state = position(towers={"B3": "B", "B2": "Y", **TALL}, builders=["B3", "C4", "E4"], gold=[0, 0, 3])
    after, _ = play(state, "B2 build")
    assert after.towers["B2"] == "YB"
    assert after.gold == [1, 0, 2] and after.bank == state.bank


def test_dominated_player_without_gold_pays_nothing_and_the_bank_does_not_pay_r13():
    state = position(towers={"B3": "B", "B2": "G", **TALL}, builders=["B3", "C4", "E4"], gold=[0, 0, 0])
    after, events = play(state, "B2 build")
    assert after.towers["B2"] == "GB"
    assert after.gold == [0, 0, 0] and after.bank == state.bank
    assert events[-1].params["gain"] == Msg("torri.event.payer_broke", payer=1)
    assert words(events[-1]) == "seat 1 builds a piece on B2 (on seat 2's piece, now 2 high) and gets nothing (seat 2 has no gold)."


def test_building_on_ones_own_piece_takes_one_gold_from_the_bank():
    state = position(towers={"B3": "B", "B2": "B", **TALL}, builders=["B3", "C4", "E4"])
    after, events = play(state, "B2 build")
    assert after.towers["B2"] == "BB" and after.gold[0] == 1 and after.bank == state.bank - 1
    # the public line speaks of the builder (it said "on your own piece" to everyone), the gloss to them
    assert words(events[-1]) == ("seat 1 builds a piece on B2 (on their own piece, now 2 high) "
                                 "and takes 1 gold from the bank.")
    assert labels(state)["B2 build"] == "B2 build · +1 gold (on your own piece +1)"


def test_building_on_a_central_towers_neutral_base_earns_one_from_the_bank_r11():
    state = position(towers={"F6": "B"}, builders=["F6", "E4", "E4"])
    after, _ = play(state, "C4 build")
    assert after.towers["C4"] == "nB" and after.gold[0] == 1 and after.bank == state.bank - 1


def test_building_on_a_central_tower_topped_by_another_player_pays_as_usual():
    state = position(towers={"F6": "B", "C4": "nY"}, builders=["F6", "E4", "E4"], gold=[0, 0, 2])
    after, _ = play(state, "C4 build")
    assert after.towers["C4"] == "nYB" and after.gold == [1, 0, 1]


def test_battlement_costs_three_to_the_bank_and_earns_the_usual_gain_r14():
    state = position(towers={"B3": "B"}, builders=["B3", "C4", "E4"], gold=[5, 0, 0])
    after, _ = play(state, "B2 battlement")
    assert after.towers["B2"] == "b"
    assert after.gold[0] == 5 - 3 + 2 and after.bank == state.bank + 3 - 2
    assert after.battlements_left[0] == 2 and after.simple_left[0] == state.simple_left[0]


def test_battlement_needs_three_gold_after_the_fees_r14():
    state = position(towers={"B3": "B"}, builders=["B3", "C4", "E4"], gold=[2, 0, 0])
    with pytest.raises(IllegalAction) as exc:
        play(state, "B2 battlement")
    assert exc.value.msg == Msg("torri.error.battlement_price", price=3, gold=2)
    assert words(exc.value).startswith("A battlement piece costs 3 gold and you would have 2 after this move")
    # 3 gold, but 1 fee on the way (Green's builder on own tower B2) leaves 2
    state = position(towers={"B3": "B", "B2": "B"}, builders=["B3", "B2", "E4"], gold=[3, 0, 0])
    with pytest.raises(IllegalAction) as exc:
        play(state, "B1 via B2 battlement")
    assert exc.value.msg == Msg("torri.error.battlement_price", price=3, gold=2)


def test_no_battlement_on_a_central_tower_r14():
    state = position(towers={"F6": "B"}, builders=["F6", "E4", "E4"], gold=[9, 0, 0])
    with pytest.raises(IllegalAction) as exc:
        play(state, "C4 battlement")
    assert exc.value.msg == Msg("torri.error.central_battlement", square="C4", tower="Asinelli")


def test_battlements_run_out():
    state = position(towers={"B3": "B", "F6": "b", "F7": "b", "G6": "b"}, builders=["B3", "C4", "E4"], gold=[9, 0, 0])
    assert state.battlements_left[0] == 0
    with pytest.raises(IllegalAction) as exc:
        play(state, "B2 battlement")
    assert exc.value.msg.key == "torri.error.no_battlements_left"


def test_closed_tower_can_be_walked_on_but_never_built_on_r9():
    state = position(towers={"B3": "B", "B2": "Gg", **TALL}, builders=["B3", "C4", "E4"], gold=[0, 3, 0])
    with pytest.raises(IllegalAction) as exc:
        play(state, "B2 build")
    assert exc.value.msg == Msg("torri.error.closed", square="B2")
    after, _ = play(state, "B2")
    assert after.builders[0] == "B2"
    # still closed a full round later
    later = position(towers={"B3": "B", "B2": "Gg", **TALL}, builders=["B3", "C4", "E4"], turn=9)
    with pytest.raises(IllegalAction) as exc:
        play(later, "B2 build")
    assert exc.value.msg == Msg("torri.error.closed", square="B2")


def test_own_closed_tower_is_still_a_route_square():
    state = position(towers={"A2": "G", "B2": "b", "C2": "G"}, builders=["A2", "C4", "E4"])
    after, _ = play(state, "B1 via B2 build")
    assert after.builders[0] == "B1"


def test_no_building_where_a_builder_stands():
    state = position(towers={"B3": "B", "B2": "Y"}, builders=["B3", "B2", "E4"], gold=[3, 0, 0])
    with pytest.raises(IllegalAction) as exc:
        play(state, "B2 build")
    assert exc.value.msg == Msg("torri.error.builder_there", square="B2", seats=[1], count=1)
    assert words(exc.value) == ("seat 2's builder stands on B2: you may walk there (paying the fee) "
                                "but not build where a builder stands.")
    crowded = position(towers={"B3": "B", "B2": "Y"}, builders=["B3", "B2", "B2"], gold=[3, 0, 0])
    with pytest.raises(IllegalAction) as exc:
        play(crowded, "B2 build")
    assert words(exc.value).startswith("The builders of seat 2 and seat 3 stand on B2: you may walk there")
    choices = [c.notation for c in GAME.choices(state, 0)]
    assert "B2" in choices and "B2 build" not in choices


def test_height_limit_is_the_shorter_central_tower_r16():
    towers = {"B3": "B", "B2": "BY", "C4": "nBG", "E4": "nY", "F6": "G"}
    state = position(towers=towers, builders=["B3", "F6", "F6"])
    with pytest.raises(IllegalAction) as exc:
        play(state, "B2 build")
    assert exc.value.msg == Msg("torri.error.too_tall", square="B2", height=3, tower="Garisenda", limit=2)
    assert words(exc.value) == (
        "The tower on B2 would rise to 3, taller than the Garisenda tower (2); "
        "a tower may not rise above the shorter central tower."
    )
    taller = position(towers={**towers, "E4": "nYY"}, builders=["B3", "F6", "F6"])
    after, _ = play(taller, "B2 build")  # both central towers are 3: equal height is the most
    assert len(after.towers["B2"]) == 3


def test_starting_a_new_tower_is_always_within_the_limit_r16():
    state = position(towers={"B3": "B"}, builders=["B3", "C4", "E4"])
    assert GAME.view(state, None).limit == 1
    after, _ = play(state, "B2 build")
    assert after.towers["B2"] == "B"


def test_central_towers_have_no_height_limit():
    state = position(towers={"F6": "B", "C4": "nGYGYG"}, builders=["F6", "E4", "E4"], gold=[0, 3, 3])
    after, _ = play(state, "C4 build")
    assert len(after.towers["C4"]) == 7


def test_battlement_piece_counts_as_a_floor_for_the_limit():
    towers = {"B3": "B", "B2": "BY", "C4": "nB", "E4": "nG", "F6": "G"}
    state = position(towers=towers, builders=["B3", "F6", "F6"], gold=[5, 0, 0])
    with pytest.raises(IllegalAction) as exc:
        play(state, "B2 battlement")
    assert exc.value.msg == Msg("torri.error.too_tall", square="B2", height=3, tower="Asinelli", limit=2)


def test_the_bank_is_limited_to_its_gold_r24():
    state = position(towers={"B3": "B"}, builders=["B3", "C4", "E4"], gold=[0, 49, 0])
    assert state.bank == 1
    after, _ = play(state, "B2 build")
    assert after.gold[0] == 1 and after.bank == 0
    assert sum(after.gold) + after.bank == 50


def test_no_simple_pieces_left_means_no_simple_build():
    state = position(towers={"B3": "B"}, builders=["B3", "C4", "E4"], simple_left={0: 0})
    with pytest.raises(IllegalAction) as exc:
        play(state, "B2 build")
    assert exc.value.msg.key == "torri.error.no_simple_left"
