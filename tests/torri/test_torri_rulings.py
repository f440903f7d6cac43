"""One test per ruling of engines/torri/RULINGS.md (R1-R24, P1-P9).

3 players on the medium wall unless said: Asinelli C4, Garisenda E4; Blue moves first.
"""


from torri_checks import COLOURED, labels, refusal

from engines.core.errors import IllegalAction
from engines.core.messages import Msg
from engines.torri.board import default_shape, layout
from engines.torri.model import Move, Options, Pass
from engines.torri.positions import GAME, play, position, with_pieces_left
from engines.torri.scoring import longest_runs, run_points, tower_points
from render.text import words

TALL = {"C4": "nGY", "E4": "nYG"}


def legal(state, seat=None):
    seat = state.turn % state.seats if seat is None else seat
    return {GAME.notation(state, a) for a in GAME.legal_actions(state, seat)}


def test_r1_a_walk_that_builds_nothing_is_a_whole_turn():
    state = position(towers={"B3": "B", "B2": "G"}, builders=["B3", "C4", "E4"])
    after, _ = play(state, "B2")
    assert after.turn == 1 and after.towers == state.towers


def test_r2_wall_sizes_follow_the_cord_lengths_not_their_colours():
    def perimeter(n):
        inside = set(layout(default_shape(n), n).coords.values())
        return sum(
            (c + dc, r + dr) not in inside for c, r in inside for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))
        )

    assert perimeter(2) < perimeter(3) < perimeter(4)


def test_r3_the_shape_is_chosen_at_setup_and_never_changes():
    state = GAME.new_game(3, Options(shape="bend"), 1)
    view = GAME.view(state, None)
    assert view.shape == "bend" and set(view.squares) == set(layout("bend", 3).squares)


def test_r4_any_square_may_hold_a_new_tower_even_next_to_others():
    state = position(towers={"D3": "B", **TALL}, builders=["D3", "C4", "E4"])
    assert {"D2 build", "C3 build", "E3 build"} <= legal(state)  # C3 touches B's tower and the Asinelli
    lay = layout("medium", 3)
    (c1, _), (c2, _) = (lay.coords[s] for s in lay.centrals)
    assert abs(c1 - c2) == 2  # one free square between the central towers


def test_r5_setup_sharing_is_free():
    state = GAME.new_game(3, Options(), 1)
    for seat in range(3):
        state, _ = play(state, "start Asinelli", seat=seat)
    assert state.gold == [0, 0, 1] and state.builders == ["C4"] * 3


def test_r6_one_orthogonal_step_from_where_the_builder_stands():
    state = position(towers={"B3": "G"}, builders=["B3", "E4", "E4"])
    steps = {t.split()[0] for t in legal(state)} - {"C4", "E4"}  # free moves to the central towers
    assert steps == {"B2", "A3", "C3", "B4"}


def test_r7_continuing_over_own_towers_is_optional_and_may_end_on_them():
    state = position(towers={"A2": "G", "B2": "B", "C2": "B"}, builders=["A2", "E4", "E4"])
    assert {"B2", "C2", "D2 build", "B1 build", "C3 build"} <= legal(state)


def test_r8_fees_on_route_towers_and_partial_payment():
    state = position(towers={"B2": "B", "C2": "B"}, builders=["B2", "C2", "E4"], gold=[0, 0, 1])
    after, _ = play(state, "D2 via C2 build")
    assert after.gold == [2, 0, 1]  # nothing to pay with, the move stands, new tower +2


def test_r9_closed_towers_are_closed_for_good():
    state = position(towers={"B3": "B", "B2": "g"}, builders=["B3", "C4", "E4"], turn=30)
    assert "B2" in legal(state) and "B2 build" not in legal(state)


def test_r10_free_move_builds_and_pays_but_not_from_the_other_central():
    state = position(towers={"G4": "B"}, builders=["G4", "C4", "E4"], gold=[1, 0, 0])
    after, _ = play(state, "C4")
    assert after.gold == [0, 1, 0]
    state = position(towers={"G5": "B"}, builders=["G5", "E4", "E4"])
    assert "C4 build" in legal(state)
    assert "C4" not in {t.split()[0] for t in legal(position(builders=["E4", "E4", "E4"]))}


def test_r11_neutral_base_earns_one_from_the_bank():
    state = position(towers={"G5": "B"}, builders=["G5", "E4", "E4"])
    after, _ = play(state, "C4 build")
    assert after.gold[0] == 1 and after.bank == state.bank - 1


def test_r12_walk_then_build_onto_an_empty_square():
    state = position(towers={"B3": "B"}, builders=["B3", "C4", "E4"])
    after, events = play(state, "B2 build")
    assert after.builders[0] == "B2" and after.towers["B2"] == "B"
    assert [e.key for e in events] == ["torri.event.walked", "torri.event.built"]
    assert [words(e, COLOURED) for e in events] == [
        "Blue walks to B2.", "Blue builds a piece on B2 (new tower, now 1 high) and takes 2 gold from the bank."]
    assert refusal(state, "B2").key == "torri.error.empty_walk"


def test_r13_dominated_player_without_gold():
    state = position(towers={"B3": "B", "B2": "Y", **TALL}, builders=["B3", "C4", "E4"])
    after, _ = play(state, "B2 build")
    assert after.gold == [0, 0, 0] and after.bank == state.bank


def test_r14_battlement_bought_at_placement_to_the_bank_with_gains():
    state = position(towers={"B3": "B", "B2": "Y", **TALL}, builders=["B3", "C4", "E4"], gold=[3, 0, 1])
    after, _ = play(state, "B2 battlement")
    assert after.gold == [1, 0, 0] and after.bank == state.bank + 3
    assert after.towers["B2"] == "Yb"


def test_r15_one_gold_to_each_builder_and_routes_continue_past_them():
    state = position(towers={"B2": "B", "C2": "B"}, builders=["B2", "C2", "C2"], gold=[5, 0, 0])
    after, _ = play(state, "D2 via C2 build")
    assert after.gold == [5 - 2 + 2, 1, 1]


def test_r16_limit_is_the_shorter_central_tower_counting_the_base():
    state = position(towers={"B3": "B", "B2": "B", "C4": "nGGG", "E4": "nY", "F6": "Y"}, builders=["B3", "F6", "F6"])
    assert GAME.view(state, None).limit == 2
    assert "B2 build" in legal(state)
    state.towers["B2"] = "BB"
    assert "B2 build" not in legal(state)


def test_r17_end_round_finished_plus_one_extra():
    state = position(towers={"B3": "B"}, builders=["C4", "E4", "B3"], turn=5, simple_left={2: 1})  # Yellow, last of round 2
    after, _ = play(state, "B2 build")
    assert after.end_turn == 9  # round 2 is already finished: round 3 is the extra round


def test_r18_central_tops_score_no_area_control():
    from engines.torri.scoring import breakdown

    state = position(towers={"C4": "nBN", "E4": "nBN"}, builders=["C4", "E4", "E4"], triggered_by=0)
    assert breakdown(state, layout("medium", 3))[0]["tops"] == 0


def test_r19_battlement_piece_scores_its_level_plus_one():
    assert tower_points("GGb", 3)[0] == 3 + 1


def test_r20_runs_are_vertical_within_one_central_tower():
    assert longest_runs(["nBBYBN", "nYBBBN"], 3)[0] == 3


def test_r21_squared_runs_is_an_option_off_by_default():
    assert Options().squared_runs is False
    assert run_points(3, squared=False) == 6 and run_points(3, squared=True) == 9


def test_r22_level_lists_open_and_closed():
    assert tower_points("BBB", 1) == [0 + 1 + 2]
    assert tower_points("BBb", 1) == [1 + 2 + 3 + 1]


def test_r23_two_players_one_central_tower_two_battlements():
    state = GAME.new_game(2, Options(), 1)
    assert list(state.towers) == ["D3"] and state.battlements_left == [2, 2]
    two = position(seats=2, towers={"B2": "B", "D3": "nGG"}, builders=["B2", "D3"])
    assert GAME.view(two, None).limit == 3


def test_r24_bank_is_limited_to_fifty():
    state = position(towers={"B3": "B"}, builders=["B3", "C4", "E4"], gold=[0, 50, 0])
    after, events = play(state, "B2 build")
    assert after.bank == 0 and after.gold[0] == 0
    assert words(events[-1], COLOURED).endswith("and gets nothing (the bank has no gold).")


def test_p1_squares_are_letter_column_and_number_row_from_the_top_left():
    lay = layout("medium", 3)
    assert lay.coords["A2"] == (0, 1) and "A1" not in lay.coords and lay.centrals["C4"] == "Asinelli"


def test_p2_turns_go_in_seat_order():
    state = position(towers={"B3": "B", "F6": "G", "B6": "Y"}, builders=["B3", "F6", "B6"])
    order = []
    for _ in range(6):
        order.append(min(GAME.to_act(state)))
        seat = order[-1]
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    assert order == [0, 1, 2, 0, 1, 2]


def test_p3_pass_only_without_a_legal_move():
    state = position(seats=2, builders=["D3", "D3"])
    assert refusal(state, "pass", kind=IllegalAction) == Msg("torri.error.may_not_pass")
    state = with_pieces_left(state, {0: 0}, {0: 0})
    assert GAME.legal_actions(state, 0) == [Pass()]


def test_p4_round_limit_option_bounds_the_game():
    state = position(towers={"B3": "B"}, builders=["B3", "C4", "E4"], max_rounds=15)
    while GAME.result(state) is None:
        seat = min(GAME.to_act(state))
        acts = GAME.legal_actions(state, seat)
        walks = [a for a in acts if isinstance(a, Move) and a.build == "walk"]
        state, _ = GAME.apply(state, seat, (walks or acts)[0])
    # nobody places a 14th piece while walking: round 15 triggers the end, round 16 is extra
    assert state.triggered_by == -1 and state.turn == state.end_turn == 16 * 3


def test_p5_inferred_route_is_the_cheapest():
    state = position(towers={"B2": "B", "C2": "B", "B3": "B"}, builders=["B2", "C2", "E4"], gold=[4, 0, 0])
    after, _ = play(state, "C3 build")
    assert after.last_move == ["B2", "B3", "C3"]


def test_p5_routes_paying_different_builders_are_separate_choices():
    # Blue on B2 reaches the empty C3 over its own B3 (Yellow's builder) or C2 (Green's)
    state = position(towers={"B2": "B", "C2": "B", "B3": "B"}, builders=["B2", "C2", "B3"], gold=[4, 0, 0])
    said = labels(state, 0)
    assert said["C3 build"] == "C3 build · +1 gold (fee 1 to Yellow on B3, new tower +2)"
    assert said["C3 via C2 build"] == "C3 via C2 build · +1 gold (fee 1 to Green on C2, new tower +2)"
    assert "C3 via B3 build" not in said  # the inferred route needs no via
    assert {"C3 build", "C3 via C2 build"} <= legal(state)
    inferred, _ = play(state, "C3 build")
    other, _ = play(state, "C3 via C2 build")
    assert inferred.gold == [5, 0, 1] and inferred.last_move == ["B2", "B3", "C3"]
    assert other.gold == [5, 1, 0] and other.last_move == ["B2", "C2", "C3"]


def test_p5_routes_with_the_same_outcome_are_one_choice():
    # two routes to D3 around a ring of Blue towers, nobody paid on either: one choice
    state = position(towers={"B2": "B", "C2": "B", "B3": "B", "C3": "B"}, builders=["B2", "C4", "E4"], gold=[4, 0, 0])
    notations = [c.notation for c in GAME.choices(state, 0)]
    assert "D3 build" in notations and not any("via" in n for n in notations)
    # a fee that the payee pays straight back as the building gain ends alike (R13)
    towers = {"B2": "G", "C2": "B", "B3": "B", "C3": "Y", **TALL}
    state = position(towers=towers, builders=["B2", "E4", "B3"], gold=[4, 0, 0])
    said = labels(state, 0)
    assert said["C3"] == "C3 · +0 gold (walk)"
    assert said["C3 via B3"] == "C3 via B3 · -1 gold (fee 1 to Yellow on B3, walk)"
    assert said["C3 build"] == "C3 build · +0 gold (on Yellow's piece +0 of 1)"
    assert "C3 via B3 build" not in said
    direct, _ = play(state, "C3 build")
    repaid, _ = play(state, "C3 via B3 build")  # still accepted when typed
    assert direct.gold == repaid.gold == [4, 0, 0]


def test_p5_inferred_routes_come_first():
    state = position(towers={"B2": "B", "C2": "B", "B3": "B"}, builders=["B2", "C2", "B3"], gold=[4, 0, 0])
    choices = GAME.choices(state, 0)
    vias = [i for i, c in enumerate(choices) if " via " in c.notation]
    assert vias and vias == list(range(vias[0], len(choices)))
    plain = {c.notation for c in choices[: vias[0]]}
    for c in choices[vias[0]:]:
        dest, *_, build = c.notation.split()
        assert (f"{dest} {build}" if build in ("build", "battlement") else dest) in plain


def test_p6_builders_always_stand_on_towers():
    state = position(towers={"B3": "B"}, builders=["B3", "C4", "E4"])
    after, _ = play(state, "A3 build")
    assert after.builders[0] in after.towers


def test_p7_fees_paid_from_the_movers_left():
    state = position(seats=4, towers={"B3": "B", "C3": "R"}, builders=["B3", "C3", "C3", "C3"], gold=[2, 0, 1, 2])
    after, _ = play(state, "C3")
    assert after.gold == [0, 1, 2, 2]


def test_p8_tie_on_points_and_gold_shares_the_win():
    state = position(towers={"B2": "B", "F6": "G"}, builders=["B2", "F6", "E4"], gold=[1, 1, 0])
    state.phase = "over"
    assert GAME.result(state).winners == [0, 1]


def test_p9_views_differ_only_by_seat():
    state = position(towers={"B3": "B"}, builders=["B3", "C4", "E4"], gold=[1, 2, 3])
    a, b = GAME.view(state, None).model_dump(), GAME.view(state, 1).model_dump()
    a.pop("seat"), b.pop("seat")
    assert a == b
