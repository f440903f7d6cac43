"""Le Torri di Bologna's part of the agents: positions rebuilt from a view, the evaluation,
the hint, and every level playing only legal moves from the seat's view."""

from __future__ import annotations

import pytest

from engines.core.agents import Budget, GreedyAgent, MctsAgent, RandomAgent
from engines.core.game import SYSTEM, TimeUp
from engines.core.playout import playout
from engines.core.rng import Rng, SplitMix64
from engines.torri.evaluation import standing, turns_left
from engines.torri.invariants import problems
from engines.torri.model import Move, Options
from engines.torri.positions import GAME, position
from render.text import words

TALL = {"C4": "nGY", "E4": "nYB"}
SETTINGS = [(2, Options()), (3, Options()), (4, Options()), (4, Options(shape="far", squared_runs=True)),
            (3, Options(shape="bend", max_rounds=15))]


def positions_of_every_phase():
    """Every position of a few random games per player count and wall (the set-up, play,
    the end triggered, the game over), and the same games ended early by TimeUp."""
    for seed, (seats, options) in enumerate(SETTINGS):
        state = GAME.new_game(seats, options, 70 + seed)
        yield state
        for i, (_, _, after, _) in enumerate(playout(GAME, state, SplitMix64.from_seed(seed))):
            yield after
            if i == 30:
                yield GAME.apply(after, SYSTEM, TimeUp()).state


def test_a_sample_is_the_position_the_seat_sees_with_a_fresh_generator():
    phases = set()
    rng = Rng.from_seed(5)
    for real in positions_of_every_phase():
        phases.add((real.phase, real.triggered_by is not None))
        for seat in range(real.seats):
            view = GAME.view(real, seat)
            sample = GAME.sample_state(view, seat, rng)
            assert GAME.view(sample, seat) == view
            assert problems(sample) == []
            assert sample.rng != real.rng and sample.rng != GAME.sample_state(view, seat, rng).rng
            # nothing is hidden: the sample is the position itself but the generator (and
            # the wall's name where the game was opened with the default one)
            same = {"rng": True, "options": {"shape"}}
            assert sample.model_dump(exclude=same) == real.model_dump(exclude=same)
            assert sample.shape == real.shape
    assert phases == {("setup", False), ("play", False), ("play", True), ("over", True), ("over", False)}


def test_a_sample_plays_on_as_the_real_game_does():
    real = GAME.new_game(3, Options(), 9)
    moves = [(s, a) for s, a, _, _ in playout(GAME, real, SplitMix64.from_seed(2))]
    sample = GAME.sample_state(GAME.view(real, 1), 1, Rng.from_seed(1))
    for seat, action in moves:
        assert GAME.legal_actions(sample, seat) == GAME.legal_actions(real, seat)
        real, sample = GAME.apply(real, seat, action).state, GAME.apply(sample, seat, action).state
    assert GAME.result(sample) == GAME.result(real)


def after_moves(state, count, seed=3):
    """The position after ``count`` random moves."""
    for i, (_, _, after, _) in enumerate(playout(GAME, state, SplitMix64.from_seed(seed))):
        if i + 1 == count:
            return after
    raise AssertionError("the game ended first")


def decide(level, state, seat, seed, iterations=12):
    return level.decide(GAME, GAME.view(state, seat), seat, GAME.legal_actions(state, seat), Rng.from_seed(seed),
                        Budget(iterations=iterations))


def test_positions_that_look_alike_give_the_same_decision():
    """Two real positions with the same view for the seat (another generator, the wall
    named or left to the default) get the same decision from the same agent generator."""
    a = after_moves(GAME.new_game(3, Options(), 1), 20)
    b = a.model_copy(update={"rng": Rng.from_seed(999), "options": Options(shape=a.shape)}, deep=True)
    seat = min(GAME.to_act(a))
    assert GAME.view(a, seat) == GAME.view(b, seat) and a != b
    for level in (RandomAgent(), GreedyAgent(), MctsAgent()):
        for seed in range(3):
            assert decide(level, a, seat, seed) == decide(level, b, seat, seed)


@pytest.mark.slow
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_level_plays_only_legal_moves(seats):
    """200 seeded games per player count, the three levels seated in turn round the table
    (the mcts with a tiny budget): every choice, made from the seat's view, is legal. Every
    other game ends at the earliest round limit (15), so both kinds of end are reached."""
    levels = [RandomAgent(), GreedyAgent(), MctsAgent()]
    for seed in range(200):
        state = GAME.new_game(seats, Options(max_rounds=40 if seed % 2 else 15), seed)
        rng = Rng.from_seed(seed)
        while GAME.result(state) is None:
            [seat] = GAME.to_act(state)
            legal = GAME.legal_actions(state, seat)
            level = levels[(seed + seat) % 3]
            action = level.decide(GAME, GAME.view(state, seat), seat, legal, rng, Budget(iterations=2)).action
            assert action in legal, (seed, level.level, action)
            state = GAME.apply(state, seat, action).state


def test_the_standing_is_the_score_of_an_early_end_and_the_final_evaluation_the_final_score():
    for real in positions_of_every_phase():
        lay = GAME.layout(real)
        ended = real if GAME.result(real) else GAME.apply(real, SYSTEM, TimeUp()).state
        result = GAME.result(ended)
        totals = [next(f.total for f in result.scores if f.seat == s) for s in range(real.seats)]
        assert standing(real, lay) == totals
        if GAME.result(real) is not None:
            assert GAME.evaluate(real) == [t + 0.5 * (s in result.winners) for s, t in enumerate(totals)]


def test_turns_left_count_to_the_last_turn_or_to_the_first_empty_supply():
    # 3 seats, turn 4 (seat 1 to move), the last turn is 8: seat 1 plays turns 4 and 7,
    # seat 2 turns 5 and 8, seat 0 turn 6
    triggered = position(towers={"B3": "B", **TALL}, builders=["B3", "C4", "E4"], triggered_by=0, turn=4, end_turn=9)
    assert turns_left(triggered) == [1, 2, 2]
    # nobody has triggered: seat 2 has one simple piece left and plays turn 5, which
    # triggers the end after the next round (turns 6 to 8)
    state = position(towers={"B3": "B", **TALL}, builders=["B3", "C4", "E4"], turn=4)
    state.simple_left = [5, 6, 1]
    assert turns_left(state) == [1, 2, 2]
    assert turns_left(GAME.apply(state, SYSTEM, TimeUp()).state) == [0, 0, 0]


def test_greedy_takes_a_rivals_top_and_says_why():
    # Blue on B3 may build on Green's B2 (take the top, 1 gold from Green) or start towers
    state = position(towers={"B3": "B", "B2": "G", **TALL}, builders=["B3", "C4", "E4"], gold=[2, 1, 0])
    choice = decide(GreedyAgent(), state, 0, 1)
    assert choice.action == Move(to="B2", build="build")
    assert words(choice.reason).startswith("+1 gold now, +3 points on the board; expected margin over the best rival: +")


def test_the_hint_of_a_walk_and_without_an_estimate():
    state = position(towers={"B3": "B", "B2": "G", **TALL}, builders=["B3", "C4", "E4"], gold=[2, 1, 0])
    reason = GAME.explain(GAME.view(state, 0), 0, Move(to="B2"), None)
    assert words(reason) == "+0 gold now, +0 points on the board"
    assert words(GAME.explain(GAME.view(state, 0), 0, Move(to="B2"), 0.6)) == (
        "+0 gold now, +0 points on the board; expected margin over the best rival: +1 point")


def test_a_view_changed_in_place_is_sampled_afresh():
    """Samples of one view are copies of one rebuilt position; the view changed as a move
    would change it gives the new position."""
    state = position(towers={"B3": "B", "B2": "G", **TALL}, builders=["B3", "C4", "E4"], gold=[2, 1, 0])
    view = GAME.view(state, 0)
    rng = Rng.from_seed(1)
    first, second = GAME.sample_state(view, 0, rng), GAME.sample_state(view, 0, rng)
    assert first == second.model_copy(update={"rng": first.rng}) and first is not second
    first.gold[0] = 7  # a sample is the agent's to play on: the next one is untouched
    assert GAME.sample_state(view, 0, rng).gold[0] == 2
    moved = GAME.apply(state, 0, Move(to="B2")).state
    for name in ("builders", "last_move", "turn", "round", "to_act"):
        setattr(view, name, getattr(GAME.view(moved, 0), name))
    assert GAME.sample_state(view, 0, rng).builders == moved.builders


def test_action_keys_tell_every_legal_action_apart():
    for real in positions_of_every_phase():
        for seat in GAME.to_act(real):
            legal = GAME.legal_actions(real, seat)
            assert len({GAME.action_key(a) for a in legal}) == len(legal)
