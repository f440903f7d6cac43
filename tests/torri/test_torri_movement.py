"""Walking: orthogonal steps, routes over own towers, free moves to central towers, fees.

3 players on the medium wall: Asinelli C4, Garisenda E4. Blue is seat 0 and moves first.
"""


from torri_checks import refusal

from engines.core.errors import IllegalAction
from engines.core.game import event
from engines.core.messages import Msg
from engines.torri.positions import GAME, play, position
from render.text import words


def test_walk_onto_an_adjacent_tower_of_another_player():
    state = position(towers={"B3": "B", "B2": "G"}, builders=["B3", "C4", "E4"], gold=[3, 0, 0])
    after, _ = play(state, "B2")
    assert after.builders[0] == "B2"
    assert after.towers == state.towers and after.gold == state.gold


def test_walking_onto_an_empty_square_needs_building():
    state = position(towers={"B3": "B"}, builders=["B3", "C4", "E4"])
    assert refusal(state, "B2", kind=IllegalAction) == Msg("torri.error.empty_walk", square="B2")
    assert words(Msg("torri.error.empty_walk", square="B2")) == (
        "B2 is an empty square: you may only walk onto a tower, so type `B2 build` to start a new tower there.")
    after, _ = play(state, "B2 build")
    assert after.towers["B2"] == "B" and after.builders[0] == "B2"


def test_diagonal_and_distant_squares_are_out_of_reach():
    state = position(towers={"B3": "B", "C2": "G", "F6": "G"}, builders=["B3", "C4", "E4"])
    assert refusal(state, "C2") == Msg("torri.error.out_of_reach", square="C2", start="B3")
    assert refusal(state, "F6 via B2") == Msg("torri.error.not_adjacent", square="F6", start="B2")


def test_route_over_own_towers_then_one_step_to_build():
    state = position(towers={"A2": "G", "B2": "B", "C2": "B"}, builders=["A2", "C4", "E4"])
    after, _ = play(state, "D2 build")
    assert after.builders[0] == "D2" and after.towers["D2"] == "B"
    assert after.last_move == ["A2", "B2", "C2", "D2"]


def test_route_is_blocked_by_another_players_tower():
    state = position(towers={"A2": "G", "B2": "Y", "C2": "B"}, builders=["A2", "C4", "E4"])
    assert refusal(state, "D2 build").key == "torri.error.out_of_reach"
    why = refusal(state, "D2 via B2 C2 build")
    assert why == Msg("torri.error.not_own_tower", square="B2")
    # no colour named: the engine's colour words are not the board's (seat 1 is drawn red)
    assert words(why) == ("A route may only cross towers topped by your own pieces, and B2 is not one "
                          "(central towers never count).")


def test_route_height_does_not_matter_and_owner_is_the_top_piece():
    state = position(
        towers={"A2": "G", "B2": "GGB", "C2": "BBBG", "C4": "nYYYY", "E4": "nYYYY"},
        builders=["A2", "C4", "E4"],
    )
    reach = {GAME.notation(state, a) for a in GAME.legal_actions(state, 0)}
    assert "B3 build" in reach  # over B2 (topped blue, 3 high)
    assert "C3 build" not in reach  # C2 is topped green: the route stops there
    assert "C2" in reach  # but the walk may end on it


def test_walk_may_end_on_ones_own_tower_r7():
    state = position(towers={"A2": "G", "B2": "B", "C2": "B"}, builders=["A2", "C4", "E4"])
    after, _ = play(state, "C2")
    assert after.builders[0] == "C2"


def test_central_towers_never_count_as_own_for_routes_r7():
    state = position(towers={"C3": "B", "C4": "nB"}, builders=["C3", "E4", "E4"])
    assert refusal(state, "C5 via C4 build").key == "torri.error.not_own_tower"
    assert refusal(state, "C5 build").key == "torri.error.out_of_reach"


def test_free_move_to_a_central_tower_from_anywhere_r10():
    state = position(towers={"F6": "B"}, builders=["F6", "E4", "E4"])
    after, events = play(state, "C4 build")  # the Asinelli, far away
    assert after.builders[0] == "C4" and after.towers["C4"] == "nB"
    assert events[0] == event("torri.event.moved_freely", seat=0, square="C4", fees="", unpaid="",
                              route=Msg("torri.event.route", path="F6 → C4"))
    assert words(events[0]) == "seat 1 moves freely to C4 (F6 → C4)."


def test_no_free_move_from_one_central_tower_to_the_other_r10():
    state = position(builders=["E4", "E4", "E4"])
    assert refusal(state, "C4") == Msg("torri.error.central_to_central", square="C4", start="E4")
    # an ordinary route over one's own tower in the gap still reaches it
    state = position(towers={"D4": "B"}, builders=["E4", "E4", "E4"])
    after, _ = play(state, "C4 build")
    assert after.last_move == ["E4", "D4", "C4"]


def test_fee_of_one_gold_to_each_builder_on_the_destination():
    state = position(towers={"B2": "B", "C2": "Y"}, builders=["B2", "C2", "C2"], gold=[5, 0, 0])
    after, events = play(state, "C2")
    assert after.gold == [3, 1, 1]
    payments = [Msg("torri.event.payment", gold=1, seat=1), Msg("torri.event.payment", gold=1, seat=2)]
    assert events[0].params["fees"] == Msg("torri.event.paying", payments=payments)
    assert words(events[0]) == "seat 1 walks to C2, paying 1 gold to seat 2 and 1 gold to seat 3."


def test_free_move_to_a_central_tower_still_pays_the_fee_r10():
    state = position(towers={"F6": "B"}, builders=["F6", "C4", "E4"], gold=[2, 0, 0])
    after, _ = play(state, "C4")
    assert after.gold == [1, 1, 0]


def test_fee_is_also_due_on_route_towers_and_cheapest_route_is_inferred_r8_r15():
    towers = {"B2": "B", "C2": "B", "B3": "B"}
    state = position(towers=towers, builders=["B2", "C2", "E4"], gold=[4, 0, 0])
    cheap, _ = play(state, "C3 build")  # via B3: no builder there
    assert cheap.last_move == ["B2", "B3", "C3"] and cheap.gold[1] == 0
    dear, _ = play(state, "C3 via C2 build")  # passes Green's builder on C2
    assert dear.gold[1] == 1 and dear.gold[0] == 4 - 1 + 2
    assert dear.builders[1] == "C2"


def test_a_player_who_cannot_pay_pays_what_they_have_and_still_moves_r8():
    state = position(towers={"B2": "B", "C2": "Y"}, builders=["B2", "C2", "C2"], gold=[1, 0, 0])
    after, events = play(state, "C2")
    assert after.builders[0] == "C2"
    assert after.gold == [0, 1, 0]  # Green (first from Blue's left) is paid, Yellow is not
    assert events[0].params["unpaid"] == Msg("torri.event.unpaid", gold=1, seat=0)
    assert words(events[0]) == ("seat 1 walks to C2, paying 1 gold to seat 2 "
                                "(1 gold of fees unpaid: seat 1 has no gold left).")


def test_standing_still_is_not_allowed():
    state = position(towers={"B2": "B"}, builders=["B2", "C4", "E4"])
    assert refusal(state, "B2") == Msg("torri.error.standing_still", square="B2")


def test_only_the_seat_to_move_may_act():
    from engines.core.errors import NotYourTurn

    state = position(towers={"B2": "B"}, builders=["B2", "C4", "E4"])
    assert refusal(state, "C3 build", seat=1, kind=NotYourTurn) == Msg("core.not_your_turn", waiting=[0])
