"""Scoring: tops x 2, tower levels, central runs x 2 (or squared), gold, ties on gold."""

from torri_checks import COLOURED

from engines.core.messages import Msg
from engines.torri.board import layout
from engines.torri.positions import GAME, position
from engines.torri.scoring import CATEGORIES, breakdown, longest_runs, run_points, tower_points
from render.text import catalog, words


def finished(**kw):
    return position(triggered_by=0, over=True, **kw)


def test_rulebook_example_a_run_of_four_scores_eight():
    runs = longest_runs(["nYYYYN", "nN"], 4)
    assert runs[2] == 4 and run_points(runs[2], squared=False) == 8


def test_rulebook_example_two_runs_of_two_score_four():
    runs = longest_runs(["nGGBGGN", "nN"], 4)
    assert runs[1] == 2 and run_points(runs[1], squared=False) == 4
    # two runs of two in different towers are still only the longest: 2 x 2
    assert longest_runs(["nGGN", "nGGN"], 4)[1] == 2


def test_runs_do_not_pass_from_one_central_tower_to_the_other_r20():
    assert longest_runs(["nBYN", "nYBN"], 3) == [1, 0, 1]


def test_squared_runs_variant_r21():
    assert run_points(4, squared=True) == 16 and run_points(2, squared=True) == 4


def test_open_tower_scores_level_minus_one():
    # levels 1, 2, 3, 4: Blue 0 + 2, Green 1 + 3
    assert tower_points("BGBG", 3) == [2, 4, 0]


def test_closed_tower_scores_level_and_battlement_one_more_r19():
    # levels 1, 2, 3 under Blue's battlement on level 3: Blue 1 + (3 + 1), Green 2
    assert tower_points("BGb", 3) == [5, 2, 0]
    assert tower_points("y", 3) == [0, 0, 2]


def test_full_score_summary():
    state = finished(
        towers={
            "B2": "BGB",  # open: B 0+2, G 1; top B
            "B3": "GGb",  # closed: G 1+2, B 3+1; top B
            "F6": "Y",  # open: Y 0; top Y
            "C4": "nBBBG",  # Asinelli: Blue run 3
            "E4": "nGGYY",  # Garisenda: Green run 2, Yellow run 2
        },
        builders=["B2", "B3", "F6"],
        gold=[4, 7, 1],
    )
    parts = breakdown(state, layout(state.shape, 3))
    assert parts[0] == {"tops": 4, "towers": 2 + 4, "central_runs": 6, "gold": 4}
    assert parts[1] == {"tops": 0, "towers": 1 + 3, "central_runs": 4, "gold": 7}
    assert parts[2] == {"tops": 2, "towers": 0, "central_runs": 4, "gold": 1}
    result = GAME.result(state)
    assert [f.total for f in result.scores] == [20, 15, 7]
    assert result.winners == [0]


def test_central_towers_are_not_counted_as_tops_r18():
    state = finished(towers={"C4": "nB"}, builders=["C4", "E4", "E4"])
    assert breakdown(state, layout(state.shape, 3))[0]["tops"] == 0


def test_tie_broken_by_gold():
    # Blue: one top (2) + 3 gold = 5; Green: 5 gold = 5
    state = finished(towers={"B2": "B"}, builders=["B2", "E4", "E4"], gold=[3, 5, 0])
    result = GAME.result(state)
    assert [f.total for f in result.ordered()][:2] == [5, 5]
    assert result.winners == [1]
    assert result.tie_break == Msg("torri.result.most_gold", tied=[0, 1], points=5, winner=1)
    assert words(result.tie_break, COLOURED) == "Blue and Green tie on 5 points; Green wins with the most gold."
    ranks = {f.seat: f.rank for f in result.scores}
    assert ranks == {1: 1, 0: 2, 2: 3}


def test_full_tie_shares_the_victory():
    state = finished(towers={"B2": "B", "F6": "G"}, builders=["B2", "F6", "E4"], gold=[2, 2, 0])
    result = GAME.result(state)
    assert result.winners == [0, 1]
    assert words(result.tie_break, COLOURED) == (
        "Blue and Green tie on 4 points; Blue and Green also tie on gold and share the victory.")


def test_no_tie_break_without_a_tie_and_categories_have_words():
    result = GAME.result(finished(towers={"B2": "B"}, builders=["B2", "E4", "E4"], gold=[0, 1, 0]))
    assert result.tie_break is None
    assert list(result.scores[0].breakdown) == list(CATEGORIES)
    assert [catalog().text_of(f"torri.category.{c}") for c in CATEGORIES] == ["tops", "towers", "central runs", "gold"]


def test_no_result_while_playing():
    assert GAME.result(position()) is None
