"""The engine's fast paths give the answers of the plain ones: the state's own copy, the
breadth-first route search, the remembered legal moves and the routes ``play_move``
takes from them."""

import pytest
from pydantic import BaseModel

from engines.core.playout import playout
from engines.core.rng import Rng, SplitMix64, scripted
from engines.torri import turns
from engines.torri.board import layout
from engines.torri.model import Move, Options
from engines.torri.movement import _least_fees, _nearest, fees_map, route_squares
from engines.torri.positions import GAME, position


def random_positions(players, games=4, every=3):
    for seed in range(games):
        state = GAME.new_game(players, Options(), 500 + seed)
        for i, (_, _, after, _) in enumerate(playout(GAME, state, SplitMix64.from_seed(seed))):
            if i % every == 0 and after.phase == "play":
                yield after


def mutable_parts(value, path="state"):
    """Every list, dict and unfrozen model inside a value, by id, with where it was found."""
    if isinstance(value, BaseModel) and value.model_config.get("frozen"):
        return
    if isinstance(value, BaseModel):
        yield id(value), path
        for name, part in value.__dict__.items():
            yield from mutable_parts(part, f"{path}.{name}")
    elif isinstance(value, list | dict):
        yield id(value), path
        for key, part in (value.items() if isinstance(value, dict) else enumerate(value)):
            yield from mutable_parts(part, f"{path}[{key!r}]")


@pytest.mark.parametrize("rng", [Rng.from_seed(3), SplitMix64.from_seed(3), scripted([1, 2], Rng.from_seed(3))],
                         ids=["blake2b", "splitmix64", "scripted"])
def test_the_copy_apply_plays_on_is_equal_and_shares_nothing_mutable(rng):
    state = position(towers={"C4": "nGY", "E4": "nBY", "B3": "BG", "B2": "Y"}, builders=["B3", "C4", "E4"], gold=[2, 1, 0])
    state.rng = rng
    copy = state.model_copy(deep=True)
    assert copy == state and copy.model_dump_json() == state.model_dump_json()
    assert copy.model_fields_set == state.model_fields_set
    shared = dict(mutable_parts(state)).keys() & dict(mutable_parts(copy)).keys()
    assert not shared, [dict(mutable_parts(state))[i] for i in shared]
    copy.rng.below(10)
    copy.towers["B2"] += "B"
    copy.gold[0] = 9
    assert state.rng == rng and state.towers["B2"] == "Y" and state.gold[0] == 2


@pytest.mark.parametrize("players", [2, 3, 4])
def test_breadth_first_routes_are_the_least_fee_routes_when_nobody_stands_on_a_route_square(players):
    checked = 0
    for state in random_positions(players):
        seat = min(GAME.to_act(state))
        lay = layout(state.shape, players)
        own, fees_on = route_squares(state, lay, seat), fees_map(state, seat)
        if own.isdisjoint(fees_on):
            start = state.builders[seat]
            assert _nearest(lay, start, own, fees_on) == _least_fees(lay, start, own, fees_on)
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("players", [2, 3, 4])
def test_remembered_moves_are_the_moves_listed_afresh(players):
    for state in random_positions(players):
        seat = min(GAME.to_act(state))
        lay = layout(state.shape, players)
        fresh = turns.list_moves(state, lay, seat)
        assert turns.legal_moves(state, lay, seat) == fresh
        assert turns.legal_moves(state, lay, seat) == fresh  # the second time from the memo
        for move, route in fresh:
            assert turns.listed_route(state, seat, move) == route


def test_a_position_changed_in_place_is_listed_again():
    """The memo's key is the position itself: gold, a tower or a builder changed in place
    (as tests and the search do) gives the new position's moves, not the remembered ones."""
    state = position(towers={"C4": "nGY", "E4": "nBY", "B3": "B", "B2": "Y"}, builders=["B3", "C4", "E4"],
                     gold=[3, 0, 0])
    lay = layout(state.shape, 3)
    before = turns.legal_moves(state, lay, 0)
    assert any(m.build == "battlement" for m, _ in before)
    for change in (lambda s: s.gold.__setitem__(0, 0), lambda s: s.towers.__setitem__("B2", "YB"),
                   lambda s: s.builders.__setitem__(1, "B2")):
        changed = state.model_copy(deep=True)
        change(changed)
        assert turns.legal_moves(changed, lay, 0) == turns.list_moves(changed, lay, 0) != before


@pytest.mark.parametrize("players", [2, 4])
def test_playing_a_listed_move_ends_as_playing_it_unlisted(players):
    """``play_move`` takes a listed move's route from the memo; with the memo emptied it
    plans the route and checks the move itself: the same state and events."""
    for state in random_positions(players, games=2, every=5):
        seat = min(GAME.to_act(state))
        for action in GAME.legal_actions(state, seat):
            listed = GAME.apply(state, seat, action)
            turns._listed.clear()
            unlisted = GAME.apply(state, seat, action)
            assert listed.state == unlisted.state and listed.events == unlisted.events
            GAME.legal_actions(state, seat)


def test_moves_are_frozen_and_shared():
    state = position(towers={"B3": "B"}, builders=["B3", "C4", "E4"])
    move = GAME.legal_actions(state, 0)[0]
    assert isinstance(move, Move) and move in GAME.legal_actions(state, 0)
    with pytest.raises(ValueError):
        move.to = "A1"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_search_plays_every_action_to_the_state_apply_gives(players):
    """``advance`` (in place, no events) against the gate (``apply``), action by action over
    random games, every legal action of every tenth position tried."""
    for seed in range(6):
        state = GAME.new_game(players, Options(), 900 + seed)
        for i, (seat, action, after, _) in enumerate(playout(GAME, state, SplitMix64.from_seed(seed))):
            tried = GAME.legal_actions(state, seat) if i % 10 == 0 else [action]
            for each in tried:
                mine = state.model_copy(deep=True)
                GAME.advance(mine, seat, each)
                gate = GAME.apply(state, seat, each).state
                gate.last_events = mine.last_events  # the board's caption: search makes no messages
                assert mine == gate, (seed, i, each)
            state = after
