"""The engine's fast paths give the answers of the plain ones: the state's own copy, the
breadth-first route search, the remembered legal moves and the routes ``play_move``
takes from them."""

import gc

import pytest
from pydantic import BaseModel

from engines.core.playout import fast_playout, playout
from engines.core.rng import Rng, SplitMix64, scripted
from engines.torri import bitboard, draw, turns
from engines.torri.board import layout
from engines.torri.model import Move, Options
from engines.torri.movement import _least_fees, _nearest, fees_map, reachable, route_squares
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


def test_a_drawn_route_serves_only_the_drawn_object_unchanged_and_once():
    """``draw_move`` keeps the drawn move's route for the ``play_move`` that follows on the
    same object: a copy of the state (what ``apply`` plays on), the state changed in place
    (its gold, its builders, its turn) or a second use never get it."""
    state = position(towers={"C4": "nGY", "E4": "nBY", "B3": "B", "B2": "B"}, builders=["B3", "C4", "E4"],
                     gold=[3, 0, 0])
    lay = layout(state.shape, 3)

    def drawn():
        turns._listed.clear()
        move = draw.draw_move(state, lay, 0, Rng.from_seed(1))
        assert move is not None and turns._drawn[0] is not None
        return move, turns._drawn[0][2]

    move, route = drawn()
    assert turns.listed_route(state.model_copy(deep=True), 0, move) is None
    assert turns.listed_route(state, 0, move) == route
    assert turns.listed_route(state, 0, move) is None  # used once
    for change in (lambda s: s.gold.__setitem__(0, 2), lambda s: s.builders.__setitem__(1, "B2"),
                   lambda s: setattr(s, "turn", s.turn + 3)):
        move, route = drawn()
        change(state)
        assert turns.listed_route(state, 0, move) is None


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


def test_the_memo_stays_bounded_and_keeps_the_positions_used_last():
    """At most ``MEMO_SIZE`` positions are kept; a position found again is kept over older
    ones (a search's tree positions stay while its random games pass through)."""
    turns._listed.clear()
    states = list(random_positions(4, games=4, every=1))
    keys = {turns._position_key(s, min(GAME.to_act(s))) for s in states}
    assert len(keys) > turns.MEMO_SIZE + 5
    first = states[0]
    GAME.legal_actions(first, min(GAME.to_act(first)))
    kept = turns._listed[turns._position_key(first, min(GAME.to_act(first)))]
    for state in states:
        seat = min(GAME.to_act(state))
        GAME.legal_actions(state, seat)
        GAME.legal_actions(first, min(GAME.to_act(first)))  # found again: the most recent
        assert len(turns._listed) <= turns.MEMO_SIZE
    assert turns._listed[turns._position_key(first, min(GAME.to_act(first)))] is kept  # never listed again
    assert turns._position_key(states[1], min(GAME.to_act(states[1]))) not in turns._listed


def test_the_route_search_leaves_no_garbage_for_the_collector():
    """The search over routes that pay different builders frees all it made as it returns
    (no reference cycle: a random game's paths were the collector's work)."""
    searched = 0
    gc.collect()
    gc.disable()
    try:
        for state in random_positions(4, games=3, every=1):
            seat = min(GAME.to_act(state))
            lay = layout(state.shape, 4)
            searched += bool(reachable(state, lay, seat)[1])
        assert gc.collect() == 0
    finally:
        gc.enable()
    assert searched > 5


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_random_action_is_the_listed_action_the_same_draw_picks(players):
    """``random_action`` (the playout's draw, nothing remembered) gives the very action
    ``legal_actions(...)[rng.below(n)]`` gives and uses the generator alike: uniform over
    the legal actions, set-up, passes and routes paying different builders included."""
    kinds = set()
    for seed in range(2):
        state = GAME.new_game(players, Options(), 600 + seed)
        mover = SplitMix64.from_seed(seed)
        while GAME.result(state) is None:
            seat = min(GAME.to_act(state))
            actions = GAME.legal_actions(state, seat)
            for k in range(3):
                ours, theirs = SplitMix64.from_seed(50 * seed + k), SplitMix64.from_seed(50 * seed + k)
                drawn = GAME.random_action(state, seat, ours)
                assert drawn == actions[theirs.below(len(actions))] and ours == theirs
                kinds.add(drawn.kind if drawn.kind != "move" or not drawn.via else "via")
            GAME.advance(state, seat, actions[mover.below(len(actions))])
    assert kinds >= {"move", "via"} | ({"start"} if players > 2 else set())  # 2 players: one tower, no set-up


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_fast_playout_ends_as_the_checked_game_with_the_same_draws(players):
    """``fast_playout`` (drawn moves, routes from the draw, in place) and the gate's game
    (``apply`` on a copy per move, moves from the list) with the same generator: the
    same game to the same final state (apart from the board's caption: search makes no
    messages)."""
    for seed in range(3):
        start = GAME.new_game(players, Options(), 700 + seed)
        fast, moves = fast_playout(GAME, start, SplitMix64.from_seed(seed))
        steps = list(playout(GAME, start, SplitMix64.from_seed(seed)))
        checked = steps[-1][2]
        assert moves == len(steps)
        fast.last_events = checked.last_events
        assert fast == checked


@pytest.mark.parametrize("players", [2, 3, 4])
def test_moves_counted_from_masks_are_the_listed_moves_one_by_one(players):
    """``draw.choices`` counts the legal moves from bit masks and ``draw.nth`` finds the
    i-th: for every i, the very move and route ``list_moves`` lists i-th. Both kinds of
    position occur: where every route to a square pays alike (only the drawn move's
    route is searched), and where routes pay different builders (moves with a `via`)."""
    alike = differ = 0
    for state in random_positions(players, games=6, every=2):
        seat = min(GAME.to_act(state))
        lay = layout(state.shape, players)
        listed = turns.list_moves(state, lay, seat)
        found = draw.choices(state, lay, seat)
        assert found.total == len(listed)
        for i, (move, route) in enumerate(listed):
            assert draw.nth(state, lay, seat, found, i) == (move, route), (i, move)
        alike += found.routes is None
        differ += any(move.via for move, _ in listed)
    assert alike > 100 and differ > (5 if players > 2 else 0)


def test_tower_masks_kept_between_calls_are_the_masks_made_afresh():
    """``bitboard.tower_sets`` updates the masks of the last towers it saw for the squares
    that changed: in a game's order, out of order, and with a tower emptied or changed in
    place, the masks are those of towers seen for the first time."""
    lay = layout(GAME.new_game(4, Options(), 0).shape, 4)
    bits = bitboard.bits_of(lay)
    states = list(random_positions(4, games=2, every=1))
    towers = [s.towers for s in states] + [s.towers for s in reversed(states[::7])]
    changed = dict(states[-1].towers)
    changed[next(iter(changed))] = ""
    changed[lay.squares[0] if lay.squares[0] not in changed else lay.squares[1]] = "RRb"
    towers.append(changed)
    def masks(sets):  # without the empty masks of pieces no longer on top, of heights no longer reached
        by_top, at_least, closed = sets
        return {top: mask for top, mask in by_top.items() if mask}, [mask for mask in at_least if mask], closed

    for each in towers:
        kept = bitboard.tower_sets(each, bits)
        bitboard._last[0] = None
        assert masks(bitboard.tower_sets(each, bits)) == masks(kept)


def test_tower_masks_are_made_again_for_another_wall():
    """The same towers on another wall are other bits: the masks kept for one layout are
    not reused for another (a 3-player game's, then a 4-player game's)."""
    towers = {"B3": "B", "C2": "YGr", "D4": "nB"}
    medium, large = (bitboard.bits_of(layout(GAME.new_game(n, Options(), 0).shape, n)) for n in (3, 4))
    assert medium.bit["B3"] != large.bit["B3"]
    bitboard.tower_sets(towers, medium)
    on_large = bitboard.tower_sets(towers, large)
    assert on_large.by_top["B"] == large.bit["B3"] | large.bit["D4"] and on_large.closed == large.bit["C2"]
