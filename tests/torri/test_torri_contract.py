"""Le Torri di Bologna on the engine contract: the reveal and chance flags of every kind of
action, the early end (TimeUp), snapshots written before the names changed, and the
public positions module with its invariants."""

from __future__ import annotations

import pytest
from torri_checks import COLOURED

from engines.core.errors import IllegalAction
from engines.core.game import SYSTEM, TimeUp
from engines.torri import Options, State, Torri, action_adapter
from engines.torri.invariants import problems
from engines.torri.model import Move, Pass, Start
from engines.torri.positions import GAME, play, position, to_move, with_pieces_left
from render.text import words


def emptied(state):
    return with_pieces_left(state, {0: 0}, {0: 0})  # nothing left to place


# (action kind, the position, the action, seat): nothing is hidden and nothing is drawn in
# this game, so no action reveals anything or draws from the generator, the last one included.
FLAGS = [
    ("start", lambda: GAME.new_game(3, Options(), 1), Start(tower="Garisenda"), 0),
    ("walk", lambda: position(towers={"B3": "B", "B2": "G"}, builders=["B3", "C4", "E4"]), Move(to="B2"), 0),
    ("walk over a route, paying", lambda: position(towers={"A2": "G", "B2": "B", "C2": "B"},
                                                   builders=["A2", "B2", "E4"], gold=[3, 0, 0]),
     Move(to="C2", via=("B2",)), 0),
    ("free move to a central tower", lambda: position(towers={"F6": "B"}, builders=["F6", "E4", "E4"]),
     Move(to="C4", build="build"), 0),
    ("build", lambda: position(towers={"B3": "B"}, builders=["B3", "C4", "E4"]), Move(to="B2", build="build"), 0),
    ("battlement", lambda: position(towers={"B3": "B"}, builders=["B3", "C4", "E4"], gold=[3, 0, 0]),
     Move(to="B2", build="battlement"), 0),
    ("pass", lambda: emptied(position(seats=2, builders=["D3", "B2"], towers={"B2": "G"})), Pass(), 0),
    ("the last move of the game", lambda: position(towers={"B3": "B", "B2": "G"}, builders=["C4", "E4", "B3"],
                                                   triggered_by=0, end_turn=9, turn=8), Move(to="B2"), 2),
    ("time up", lambda: position(), TimeUp(), SYSTEM),
    ("time up during the set-up", lambda: GAME.new_game(4, Options(), 1), TimeUp(), SYSTEM),
]


@pytest.mark.parametrize("kind, make, action, seat", FLAGS, ids=[f[0] for f in FLAGS])
def test_no_action_reveals_anything_or_draws_from_the_generator(kind, make, action, seat):
    state = make()
    applied = GAME.apply(state, seat, action)
    assert (applied.revealed, applied.chance) == (False, False)
    assert applied.state.rng == state.rng and applied.state != state
    assert GAME.secrets(state) == {} and GAME.traits.chance is False and GAME.traits.hidden_information is False
    if kind.startswith(("the last", "time up")):
        assert GAME.result(applied.state) is not None


def test_time_up_ends_the_game_now_scored_as_it_stands():
    state = position(towers={"B2": "BG", "F6": "Y", "C4": "nBB", "E4": "nGG"}, builders=["B2", "F6", "C4"],
                     gold=[1, 2, 3], turn=4)
    ended = GAME.apply(state, SYSTEM, TimeUp())
    assert [e.key for e in ended.events] == ["torri.event.time_up"]
    assert words(ended.events[0]) == "The game's time is up: it ends now and is scored as it stands."
    assert GAME.to_act(ended.state) == frozenset() and ended.state.towers == state.towers
    scores = {f.seat: f.breakdown for f in GAME.result(ended.state).scores}
    assert scores[0] == {"tops": 0, "towers": 0, "central_runs": 4, "gold": 1}
    assert scores[1] == {"tops": 2, "towers": 1, "central_runs": 4, "gold": 2}
    assert problems(ended.state) == []
    with pytest.raises(IllegalAction) as exc:  # a player may not end it
        GAME.apply(state, 0, TimeUp())
    assert exc.value.msg.key == "core.system_only"


def test_time_up_is_read_from_a_logged_action():
    assert action_adapter.validate_python({"kind": "time_up"}) == TimeUp()
    assert action_adapter.validate_json(action_adapter.dump_json(Move(to="E5", via=("D4",)))) == Move(
        to="E5", via=("D4",))


OLD_SNAPSHOT = (  # written by the engine before issue 9 (seats were "players")
    '{"players":3,"options":{"shape":"","squared_runs":false,"max_rounds":20},"shape":"medium",'
    '"towers":{"C4":"n","E4":"n","C3":"B","E5":"G"},"builders":["C3","E5","C4"],"gold":[2,2,1],"bank":45,'
    '"simple_left":[13,13,14],"battlements_left":[3,3,3],"phase":"play","setup_seat":3,"turn":2,'
    '"end_turn":null,"triggered_by":null,"last_move":["E4","E5"],"rng":{"state":42}}'
)


def test_a_snapshot_in_the_old_shape_still_loads_and_plays_on():
    state = Torri.state_model.model_validate_json(OLD_SNAPSHOT)
    assert isinstance(state, State) and state.seats == 3 and problems(state) == []
    assert '"seats":3' in state.model_dump_json() and "players" not in state.model_dump_json()
    assert to_move(state) == 2
    after, events = play(state, "C5 build")
    assert words(events[0], COLOURED) == "Yellow walks to C5."
    assert State.model_validate_json(after.model_dump_json()) == after


def test_names_are_the_contracts():
    assert GAME.state_model is State and GAME.options_model is Options and GAME.prefix == "torri"
    view = GAME.view(position(), 1)
    assert view.seat == 1 and view.seats == 3 and view.to_act == [0]
    for legacy in ("play", "summary", "private_text", "help_text", "seat_label", "supports_deadline"):
        assert not hasattr(GAME, legacy), legacy


def test_views_carry_typed_towers():
    view = GAME.view(position(towers={"B2": "GGb", "C4": "nYY", "E4": "nGY"}, builders=["B2", "C4", "E4"],
                              triggered_by=1, turn=1), None)
    b2, c4 = view.towers["B2"], view.towers["C4"]
    assert (b2.height, b2.closed) == (3, True)
    assert [(p.owner, p.battlement) for p in b2.pieces] == [(1, False), (1, False), (0, True)]
    assert (c4.height, c4.closed) == (3, True)  # the neutral battlement is a lid, not a floor
    assert [(p.owner, p.battlement) for p in c4.pieces] == [(None, False), (2, False), (2, False), (None, True)]


def test_positions_refuse_what_the_game_cannot_reach_with_every_reason():
    with pytest.raises(ValueError) as exc:
        position(towers={"B2": "BB"}, builders=["B2", "C4", "F6"], gold=[60, 0, 0])
    reasons = str(exc.value)
    for part in ("negative gold: bank -10", "tower B2 is 2 high",
                 "seat 2's builder stands on F6, which holds no tower"):
        assert part in reasons
    with pytest.raises(ValueError, match="pieces of seat 3"):
        position(towers={"B2": "R"}, builders=["B2", "C4", "E4"])
    with pytest.raises(ValueError, match="piece above its battlement"):
        position(towers={"B2": "bG", "C4": "nYY", "E4": "nYY"}, builders=["B2", "C4", "E4"])
    with pytest.raises(ValueError, match="neutral piece"):
        position(towers={"B2": "n"}, builders=["B2", "C4", "E4"])
    with pytest.raises(ValueError, match="closed but the end was not triggered"):
        position(towers={"C4": "nN"})
    fifteen = {f"{c}{r}": "B" for c in "ABCEFG" for r in (2, 4)} | {"B1": "B", "C1": "B", "E1": "B"}
    with pytest.raises(ValueError, match="seat 0: -1 simple pieces left and 15 on the board"):
        position(seats=2, towers=fifteen, builders=["B1", "C1"])


def test_invariants_notice_a_broken_state_of_a_running_game():
    state = position(towers={"B3": "B"}, builders=["B3", "C4", "E4"])
    assert problems(state) == []
    broken = state.model_copy(deep=True)
    broken.simple_left[1] = 3
    broken.builders[2] = None
    broken.turn = 999
    found = problems(broken)
    assert any("seat 1: 3 simple pieces left" in p for p in found)
    assert "seat 2's builder is not on the board" in found
    assert any("past the round limit" in p for p in found)
    setup = GAME.new_game(3, Options(), 1)
    assert problems(setup) == []
    setup.builders[2] = "C4"
    assert problems(setup) == ["seat 2's builder stands on C4 before its turn to place it"]
