"""What the board needs from the view: the last action's public events (the caption) and,
once the game is over, the capitals with their breakdown. Nothing hidden gets in."""

from __future__ import annotations

from leo_helpers import G, do, ready

from engines.core.game import SYSTEM, TimeUp
from engines.leonardo.model import State, View
from engines.leonardo.positions import next_art, started
from render.text import words


def test_the_view_carries_the_last_actions_public_events_and_who_acted():
    state = next_art(ready(0, owner={2: 0}), [150, 30])
    state, events = do(state, 0, "art 2")
    assert {e.key for e in events} == {"leo.event.art_bought", "leo.event.art_drawn"}
    for seat in (None, 0, 1):
        view = G.view(state, seat)
        assert view.last_seat == 0
        assert [m.key for m in view.last_events] == ["leo.event.art_bought"]  # the values drawn stay private
        assert "150" not in " ".join(words(m) for m in view.last_events)


def test_a_spin_keeps_every_public_consequence_and_replaces_the_previous_move():
    state, _ = do(ready(0, pos=20, roll=3, n=3), 0, "spin")
    keys = [m.key for m in G.view(state, None).last_events]
    assert keys[:2] == ["leo.event.spin", "leo.event.moved"]
    state, _ = do(state, 0, "decline")
    view = G.view(state, None)
    assert view.last_seat == 0 and [m.key for m in view.last_events] == ["leo.event.declined", "leo.event.auction"]
    state, _ = do(state, 1, "bid 10")
    view = G.view(state, None)
    assert view.last_seat == 1 and [m.key for m in view.last_events] == ["leo.event.bid_sealed"]
    assert "10" not in words(view.last_events[0])  # a sealed bid's amount is not an event anybody sees


def test_the_last_events_survive_the_snapshot_and_the_view_round_trip():
    state, _ = do(ready(0, pos=20, roll=3, n=3), 0, "spin")
    again = State.model_validate_json(state.model_dump_json())
    assert again == state
    view = G.view(state, None)
    assert View.model_validate_json(view.model_dump_json()) == view


def test_a_new_game_has_no_last_move_and_the_platform_ending_it_has_no_seat():
    state = G.new_game(3, G.options_model(), 5)
    view = G.view(state, None)
    assert view.last_seat is None and view.last_events == [] and view.result is None
    ended = G.apply(started(3), SYSTEM, TimeUp()).state
    view = G.view(ended, None)
    assert view.last_seat is None and [m.key for m in view.last_events] == ["leo.event.time_up"]


def test_the_final_view_carries_the_result_with_the_capital_breakdown():
    ended = G.apply(ready(0, owner={2: 0}, art={2: [150]}, florins={0: 100}), SYSTEM, TimeUp()).state
    view = G.view(ended, None)
    assert view.result == G.result(ended)
    first = view.result.ordered()[0]
    assert first.seat == 0 and first.breakdown == {"florins": 100, "palazzi": 60, "art": 150} and first.total == 310
