"""Seeded random games: they finish, and the invariants hold after every action."""

import pytest

from engines.core.errors import RuleError
from engines.core.playout import play_to_end, playout
from engines.core.rng import Rng
from engines.torri.board import layout
from engines.torri.invariants import problems
from engines.torri.model import (
    Move,
    Options,
    State,
    View,
)
from engines.torri.movement import is_route_square
from engines.torri.positions import GAME, position
from render.text import words

GAMES = 200


def check(before, after, seat, action, events):
    """After every action: the state's invariants, what this action may change, and words for every event."""
    assert problems(after) == []
    n = after.seats
    # nobody builds where another builder stands; a build adds exactly one piece there
    board = "".join(after.towers.values())
    if isinstance(action, Move) and action.build != "walk":
        assert all(before.builders[s] != action.to for s in range(n) if s != seat)
        grown = after.towers[action.to].removesuffix("N") if before.triggered_by is None else after.towers[action.to]
        assert len(grown) == len(before.towers.get(action.to, "")) + 1
    elif after.phase != "setup":
        centrals = len(layout(after.shape, n).centrals)
        assert len(board) == len("".join(before.towers.values())) + (
            centrals if after.triggered_by is not None and before.triggered_by is None else 0
        )
    # moves never stand still; someone owes a decision until the game ends
    if isinstance(action, Move):
        assert before.builders[seat] != after.builders[seat] == action.to
    assert bool(GAME.to_act(after)) == (GAME.result(after) is None)
    for e in events:
        assert e.to is None and words(e)  # public, and in the catalog with every parameter


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_finish_with_invariants(players):
    ends = 0
    for seed in range(GAMES):
        state, moves = play_to_end(GAME, players, Options(), seed, check=check)
        result = GAME.result(state)
        assert result is not None and moves > 0
        assert all(tower.endswith("N") for sq, tower in state.towers.items() if sq in layout(state.shape, players).centrals)
        ends += state.triggered_by is not None and state.triggered_by >= 0
    assert ends > GAMES // 2  # most random games end by a player's last simple piece


@pytest.mark.parametrize("shape, players", [("far", 4), ("bend", 3), ("medium", 2)])
def test_random_games_on_other_shapes(shape, players):
    for seed in range(20):
        play_to_end(GAME, players, Options(shape=shape, squared_runs=True), seed, check=check)


def _sample_states(players, games=6):
    for seed in range(games):
        state = GAME.new_game(players, Options(), 1000 + seed)
        for i, (_, _, after, _) in enumerate(playout(GAME, state, Rng.from_seed(seed))):
            if i % 7 == 0:
                yield after


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_applies_and_every_other_move_is_refused_unchanged(players):
    for state in _sample_states(players):
        if GAME.result(state) is not None:
            continue
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        for action in legal:
            GAME.apply(state, seat, action)
        if state.phase != "play":
            continue
        frozen = state.model_dump_json()
        for sq in layout(state.shape, players).squares:
            for build in ("walk", "build", "battlement"):
                move = Move(to=sq, build=build)
                if move not in legal:
                    with pytest.raises(RuleError):
                        GAME.apply(state, seat, move)
        assert state.model_dump_json() == frozen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_json_round_trip_of_state_view_action_options(players):
    for state in _sample_states(players, games=2):
        text = state.model_dump_json()
        again = State.model_validate_json(text)
        assert again == state and again.model_dump_json() == text
        for seat in (None, 0):
            view = GAME.view(state, seat)
            assert View.model_validate_json(view.model_dump_json()) == view
        for action in GAME.legal_actions(state, min(GAME.to_act(state) or {0})):
            assert GAME.action_adapter.validate_json(GAME.action_adapter.dump_json(action)) == action
    options = Options(shape="far", squared_runs=True, max_rounds=20)
    assert Options.model_validate_json(options.model_dump_json()) == options
    assert Options() == Options.model_validate({})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_replay_from_seed_and_log_is_byte_identical(players):
    state = GAME.new_game(players, Options(), 42)
    log = []
    for seat, action, after, _ in playout(GAME, state, Rng.from_seed(9)):
        log.append((seat, GAME.notation(after, action)))
        state = after
    final = state.model_dump_json()
    replay = GAME.new_game(players, Options(), 42)
    for seat, text in log:
        replay, _ = GAME.apply(replay, seat, GAME.parse_action(replay, seat, text))
    assert replay.model_dump_json() == final


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_choice_gloss_states_the_gold_the_move_really_earns(players):
    for state in _sample_states(players, games=3):
        if GAME.result(state) is not None or state.phase != "play":
            continue
        seat = min(GAME.to_act(state))
        for choice in GAME.choices(state, seat):
            if choice.notation == "pass":
                continue
            gloss = choice.gloss.params
            after, _ = GAME.apply(state, seat, GAME.parse_action(state, seat, choice.notation))
            assert after.gold[seat] - state.gold[seat] == gloss["net"], choice
            # and who is paid: every other seat's gold changes by its fees, minus its gain paid
            change = [0] * players
            fees = gloss["fees"].params["fees"] if gloss["fees"] else []
            totals = [f for f in fees if f.key == "torri.gloss.fee_total"]
            for fee in fees:
                if fee.key == "torri.gloss.fee":  # one gold to each seat on that square
                    assert fee.params["gold"] == len(fee.params["seats"])
                    for payee in fee.params["seats"]:
                        change[payee] += 1
            effect = gloss["effect"]
            if effect.key != "torri.gloss.walk" and effect.params["beneath"].key == "torri.term.others_piece":
                change[effect.params["beneath"].params["owner"]] -= effect.params["got"]
            others = [s for s in range(players) if s != seat]
            if totals:  # the payees named once, with the total paid
                paid = sum(after.gold[s] - state.gold[s] - change[s] for s in others)
                assert paid == totals[0].params["gold"], choice
            else:
                for other in others:
                    assert after.gold[other] - state.gold[other] == change[other], choice


def _every_route(state, seat):
    """All simple routes, found independently of the engine: (via or None, destination)."""
    lay = layout(state.shape, state.seats)
    start = state.builders[seat]
    found = [(None, sq) for sq in lay.centrals]

    def walk(here, path):
        for nxt in lay.neighbours[here]:
            if nxt != start and nxt not in path:
                found.append((path or None, nxt))
                if is_route_square(state, lay, seat, nxt):
                    walk(nxt, (*path, nxt))

    walk(start, ())
    return found


def _check_one_action_per_outcome(state, seat):
    """legal_actions holds exactly one action per destination, build kind and outcome
    (every seat's gold after it), and every move over any route either is refused or
    ends like one of them."""
    listed = {}
    for action in GAME.legal_actions(state, seat):
        after, _ = GAME.apply(state, seat, action)
        key = (action.to, action.build, tuple(after.gold))
        assert key not in listed, (action, listed.get(key))
        listed[key] = action
    reachable = set()
    for via, dest in _every_route(state, seat):
        for build in ("walk", "build", "battlement"):
            try:
                after, _ = GAME.apply(state, seat, Move(to=dest, via=via, build=build))
            except RuleError:
                continue
            reachable.add((dest, build, tuple(after.gold)))
    assert reachable == set(listed)
    return sum(1 for a in listed.values() if a.via)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_legal_action_per_destination_build_and_outcome(players):
    alternatives = 0
    for state in _sample_states(players, games=4):
        if GAME.result(state) is None and state.phase == "play":
            alternatives += _check_one_action_per_outcome(state, min(GAME.to_act(state)))
    assert players == 2 or alternatives  # some sampled positions have routes paying others


def test_routes_in_a_dense_cluster_of_own_towers_are_all_distinct_outcomes():
    # 17 towers topped in blue (all 14 simple pieces and the 3 battlement pieces: the most
    # a player can top), the other three builders inside, Blue rich: thousands of simple
    # routes, over a hundred outcomes (walks only: Blue has no piece left to build)
    cells = "A3 A4 B2 B3 B4 C2 C3 C4 D2 D3 D4 E2 E3 E4 F2 F3 F4".split()
    towers = {sq: "b" if sq[0] == "F" else "B" for sq in cells}
    state = position(seats=4, towers=towers, builders=["B2", "D4", "A4", "E3"], gold=[20, 0, 1, 2])
    assert len(_every_route(state, 0)) > 3000
    legal = GAME.legal_actions(state, 0)  # its cost is measured by `python -m bot bench`, not here
    assert len(legal) > 100
    assert _check_one_action_per_outcome(state, 0) > 100
