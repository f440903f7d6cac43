"""What the view gives the board beyond the pieces: the last action's public events (who did
what), each player's points by category now and at the end, the ranks, the winners and the
tie-break, and the round limit. All of it public, and a state carrying it reloads unchanged."""

from __future__ import annotations

from engines.core.game import SYSTEM, TimeUp
from engines.core.messages import Msg
from engines.torri.model import Options, State, View
from engines.torri.positions import GAME, play, position
from engines.torri.scoring import breakdown
from render.text import words


def test_the_view_carries_the_last_moves_public_events_and_they_reload_unchanged():
    state = position(towers={"B2": "B", "C2": "B"}, builders=["B2", "C2", "C2"], gold=[1, 0, 0])
    applied = play(state, "D2 via C2 build")
    view = GAME.view(applied.state, None)
    assert view.last_events == [e.msg for e in applied.events]
    assert [words(m) for m in view.last_events] == [words(e) for e in applied.events]
    assert isinstance(view.last_events[0].params["fees"], Msg)  # nested messages stay messages
    again = State.model_validate_json(applied.state.model_dump_json())
    assert again == applied.state and again.last_events[0].params["fees"] == view.last_events[0].params["fees"]
    assert View.model_validate_json(view.model_dump_json()) == view


def test_placing_passing_and_the_time_running_out_are_last_events_too():
    setup = GAME.new_game(3, Options(), 1)
    placed = GAME.apply(setup, 0, GAME.parse_action(setup, 0, "start Asinelli"))
    assert GAME.view(placed.state, None).last_events == [Msg("torri.event.placed", seat=0, tower="Asinelli")]
    moved = play(position(towers={"B3": "B"}, builders=["B3", "C4", "E4"]), "B2 build").state
    ended = GAME.apply(moved, SYSTEM, TimeUp()).state
    view = GAME.view(ended, None)
    assert view.last_events == [Msg("torri.event.time_up")] and view.last_move == []


def test_the_view_has_the_points_by_category_now_and_at_the_end():
    state = position(towers={"B2": "BG", "F6": "Y", "C4": "nBB", "E4": "nGY"}, builders=["B2", "F6", "C4"],
                     gold=[1, 2, 3], max_rounds=20)
    view = GAME.view(state, None)
    assert view.max_rounds == 20 and view.winners == [] and view.ranks == [] and view.tie_break is None
    assert view.breakdown == breakdown(state, GAME.layout(state))
    over = state.model_copy(update={"phase": "over", "triggered_by": 0, "end_turn": 3})
    final = GAME.view(over, None)
    result = GAME.result(over)
    assert [sum(p.values()) for p in final.breakdown] == final.totals
    assert final.winners == result.winners and final.tie_break == result.tie_break
    assert final.ranks == [f.rank for f in sorted(result.scores, key=lambda f: f.seat)]


def test_the_public_events_say_their_own_piece_never_your_own():
    state = position(towers={"B3": "B", "B2": "B", "C4": "nBB", "E4": "nYY"}, builders=["B3", "C4", "E4"])
    applied = play(state, "B2 build")
    said = " ".join(words(e) for e in applied.events)
    assert "on their own piece" in said and "your" not in said
