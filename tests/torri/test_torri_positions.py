"""The position builders of Le Torri di Bologna (engines/torri/positions.py): the pieces a
seat has left, several moves played at once, and states never changed in place."""

from __future__ import annotations

import pytest

from engines.torri.board import layout
from engines.torri.invariants import problems
from engines.torri.model import BATTLEMENT_PIECES, SIMPLE_PIECES
from engines.torri.positions import PositionError, play, position, to_move, with_pieces_left


def test_the_pieces_left_are_counted_and_the_others_stand_away_from_the_play():
    state = position(towers={"B3": "B", "F6": "G"}, builders=["B3", "C4", "E4"], simple_left={0: 1},
                     battlements_left={0: 1, 2: 0})
    assert state.simple_left == [1, SIMPLE_PIECES - 1, SIMPLE_PIECES]
    assert state.battlements_left == [1, BATTLEMENT_PIECES[3], 0] and problems(state) == []
    board = "".join(state.towers.values())
    assert board.count("B") == SIMPLE_PIECES - 1 and board.count("b") == BATTLEMENT_PIECES[3] - 1
    assert board.count("y") == BATTLEMENT_PIECES[3]
    lay = layout(state.shape, 3)
    near = {"B3", "F6", "C4", "E4"}
    for square in set(state.towers) - near:  # each a tower of one piece, two squares at least from the play
        assert len(state.towers[square]) == 1
        assert all(abs(lay.coords[square][0] - lay.coords[n][0]) + abs(lay.coords[square][1] - lay.coords[n][1]) >= 2
                   for n in near)
    after, events = play(state, "B2 build")  # Blue's last simple piece: the end is triggered
    assert after.triggered_by == 0 and events[-1].key == "torri.event.last_piece"


def test_pieces_left_the_board_cannot_account_for_are_refused():
    with pytest.raises(PositionError, match="cannot have 14"):  # one of its pieces already stands on B3
        position(towers={"B3": "B"}, builders=["B3", "C4", "E4"], simple_left={0: 14})
    with pytest.raises(PositionError, match="no room"):  # 2 x 14 pieces on the 31 squares of the small wall
        position(seats=2, builders=["D3", "D3"], simple_left={0: 0, 1: 0})


def test_play_plays_several_moves_by_the_seats_to_move():
    state = position(towers={"B3": "B", "B2": "G"}, builders=["B3", "C4", "E4"])
    after = play(state, "B2", "D4 build", "F4 build")
    assert after.state.turn == state.turn + 3 and to_move(after.state) == 0
    assert after.state.builders == ["B2", "D4", "F4"] and not after.revealed and not after.chance
    assert len([e for e in after.events if e.key.startswith("torri.event.")]) >= 3


def test_builders_leave_the_state_they_are_given_alone():
    state = position(towers={"B3": "B"}, builders=["B3", "C4", "E4"])
    before = state.model_dump_json()
    emptied = with_pieces_left(state, {0: 0}, {0: 0})
    assert emptied is not state and emptied.simple_left[0] == 0 and state.model_dump_json() == before
