"""End of the game: the height and grouping objectives, and the tie-break."""

from __future__ import annotations

from bv_helpers import GAME, new

from engines.bella_vista.positions import position
from engines.bella_vista.positions import with_building as put
from engines.bella_vista.scoring import final_result, grouping_score, height_score
from render.text import words


def test_height_objectives():
    s = new(4)
    s = put(s, 0, 8, "D1-D2")  # next to the Park E1-H4
    s = put(s, 0, 6, "A1-B1")  # border only
    s = put(s, 0, 5, "I4-J4")  # Park (H4) and River (I5)
    s = put(s, 1, 7, "Q5-R5")  # someone else
    assert height_score(s, 0, "parks") == 8 + 5
    assert height_score(s, 0, "rivers") == 5
    assert height_score(s, 0, "border") == 8 + 6


def test_grouping_objectives():
    s = new(4)
    s = put(s, 0, 3, "A1-B1")
    s = put(s, 0, 4, "C1-D1")  # group 1 (4 spaces)
    s = put(s, 0, 5, "N2-O2")
    s = put(s, 0, 6, "N3-O3")
    s = put(s, 0, 1, "N4-O4-P4")  # group 2 (7 spaces)
    s = put(s, 0, 7, "F10-G10")  # alone
    s = put(s, 1, 8, "H10-H11")  # next to the lone #7, but another architect's
    assert grouping_score(s, 0, "largest") == 2 * 7
    assert grouping_score(s, 0, "groups") == 2 * 10
    assert grouping_score(s, 0, "isolated") == -5


def _tied(red_first: str, red_first_height: int):
    # Blue: one group of 3 + 2 = 5 spaces; the objectives: border heights, 10 per group
    return position(2, buildings=[(0, red_first_height, red_first), (0, 4, "N3-O3"), (1, 1, "N10-O10-P10"),
                                  (1, 5, "N11-O11")], coins={0: 10, 1: 10}, objectives=("H3", "G2"), over=True)


def test_tie_break_by_largest_group_then_shared():
    s = _tied("N2-O2", 3)  # Red: one group of 2 + 2 = 4 spaces
    res = final_result(s)
    assert [f.total for f in res.scores] == [10 + 10, 10 + 10]
    assert res.winners == [1] and [(f.seat, f.rank) for f in res.scores] == [(1, 1), (0, 2)]
    assert words(res.tie_break) == "Tie on 20 coins broken by the largest Group of Buildings: seat 1 (4 spaces) and seat 2 (5 spaces)."
    s = _tied("N2-O2-P2", 1)  # Red: 3 + 2 = 5 spaces, as many as Blue
    res = GAME.result(s)
    assert res.winners == [0, 1] and [f.rank for f in res.scores] == [1, 1]
    assert res.tie_break.key == "bv.result.tie_shared" and "shared" in words(res.tie_break)


def test_groups_remembered_for_the_town_are_the_groups_counted_afresh():
    """``standings`` keeps each architect's groups by its buildings' placements (a search
    meets the same sets over and over): an answer from the memo is the one counted afresh."""
    from engines.bella_vista import Options
    from engines.bella_vista.geometry import geometry
    from engines.bella_vista.scoring import largest_group_spaces, standings
    from engines.core.playout import playout
    from engines.core.rng import Rng

    start = GAME.new_game(2, Options(), 44)
    memo = geometry(start.town).memo
    for _, _, state, _ in playout(GAME, start, Rng.from_seed(3)):
        standings(state)
        remembered = standings(state)  # both architects' groups from the memo
        assert len(memo["groups"]) >= 1
        memo.pop("groups")
        fresh = standings(state)
        assert [(x.largest, x.breakdown) for x in remembered] == [(x.largest, x.breakdown) for x in fresh]
        assert [x.largest for x in remembered] == [largest_group_spaces(state, s) for s in range(2)]
