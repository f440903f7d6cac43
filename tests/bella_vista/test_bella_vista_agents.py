"""The AI players' part of Bella Vista: positions sampled from a seat's view (they show the
seat exactly what it sees, re-deal everything else from what is unseen, and never depend on
the hidden truth), decisions that depend only on the view, legal moves only, the evaluation
at the end of a game, and the hints' sentences."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.bella_vista import BellaVista, Options
from engines.bella_vista.evaluation import evaluate
from engines.bella_vista.invariants import problems
from engines.core.agents import Budget, GreedyAgent, MctsAgent, RandomAgent, agent, work_budget
from engines.core.playout import play_to_end, playout
from engines.core.rng import Rng
from render.text import catalog, words

GAME = BellaVista()


def _positions(seats: int, seeds, every: int = 3):
    """Positions of seeded random games (every few moves, the last one too)."""
    for seed in seeds:
        state = GAME.new_game(seats, Options(layout="random" if seed % 2 else "rome"), seed)
        for i, (_, _, after, _) in enumerate(playout(GAME, state, Rng.from_seed(seed + 500))):
            if GAME.result(after) is None and i % every == 0:
                yield after


def _hidden(state, viewer: int) -> list[Counter]:
    """Per seat, the cards the viewer cannot see: the viewer's deck, the others' hands,
    decks and face-down offers; then the Zoning and Contract decks."""
    out = []
    for s, arch in enumerate(state.architects):
        cards = list(arch.deck)
        if s != viewer:
            cards += arch.hand + [e.card for e in state.spaces + state.last + state.order
                                  if e is not None and e.seat == s and not e.revealed]
        out.append(Counter(cards))
    return out + [Counter(state.zoning_deck), Counter(state.contract_deck)]


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_sample_shows_the_seat_exactly_what_it_sees_and_deals_the_rest_afresh(seats):
    rng = Rng.from_seed(seats)
    phases, moved = set(), 0
    for state in _positions(seats, range(4)):
        phases.add(state.phase)
        for seat in range(seats):
            view = GAME.view(state, seat)
            sample = GAME.sample_state(view, seat, rng)
            assert GAME.view(sample, seat) == view
            assert problems(sample) == []
            assert _hidden(sample, seat) == _hidden(state, seat)  # from the same unseen cards
            assert sample.rng.model_dump() != state.rng.model_dump()  # a generator of its own
            other = GAME.sample_state(view, seat, rng)
            moved += other.model_dump_json() != sample.model_dump_json()
    assert {"offers", "construction", "contract"} <= phases and (seats != 3 or "neutral" in phases)
    assert moved > 0  # samples differ: what is hidden is really dealt again


def test_a_sample_never_depends_on_the_hidden_truth():
    """Two real positions that look the same to a seat (one of them another sample of the
    first's view, with every hidden card elsewhere and another generator) give the same
    samples with the same generator."""
    for seats in (2, 3, 4):
        for state in _positions(seats, [seats], every=7):
            seat = min(GAME.to_act(state))
            twin = GAME.sample_state(GAME.view(state, seat), seat, Rng.from_seed(99))
            assert _hidden(twin, seat) == _hidden(state, seat)
            a = GAME.sample_state(GAME.view(state, seat), seat, Rng.from_seed(5))
            b = GAME.sample_state(GAME.view(twin, seat), seat, Rng.from_seed(5))
            assert a.model_dump_json() == b.model_dump_json()


def _decide(level_agent, state, seat, seed):
    view = GAME.view(state, seat)
    return level_agent.decide(GAME, view, seat, GAME.legal_actions(state, seat), Rng.from_seed(seed),
                              Budget(iterations=25))


def test_decisions_depend_only_on_the_view():
    levels = (RandomAgent(), GreedyAgent(), MctsAgent())
    checked = set()
    for seats in (2, 3):
        for state in _positions(seats, [10 + seats], every=9):
            seat = min(GAME.to_act(state))
            if len(GAME.legal_actions(state, seat)) < 2:
                continue
            twin = GAME.sample_state(GAME.view(state, seat), seat, Rng.from_seed(7))
            assert GAME.view(twin, seat) == GAME.view(state, seat) and twin != state
            checked.add(state.phase)
            for level in levels:
                assert _decide(level, state, seat, 3) == _decide(level, twin, seat, 3), (level.level, state.phase)
    assert {"offers", "construction"} <= checked


@pytest.mark.slow
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_agent_plays_only_legal_actions(seats):
    """200 seeded games per player count, the seats played by random, greedy and mcts in
    turn (search on 2 iterations). Thinking is the slow part, so in each game the greedy
    seat thinks at one of its decisions (its n-th, n = seed mod 16) and the mcts seat in one
    round (1 + seed mod 8), both playing at random otherwise: over the 200 games each
    thinks in every round, at offers, builds, contract choices and neutral buildings."""
    random_, greedy, mcts = (agent(level) for level in ("random", "greedy", "mcts"))
    for seed in range(200):
        state = GAME.new_game(seats, Options(), seed)
        rng = Rng.from_seed(seed)
        decided = {random_: 0, greedy: 0, mcts: 0}
        while GAME.result(state) is None:
            seat = min(GAME.to_act(state))
            legal = GAME.legal_actions(state, seat)
            level = (random_, greedy, mcts)[(seat + seed) % 3]
            decided[level] += 1
            if (level is greedy and decided[greedy] != 1 + seed % 16) or (level is mcts and state.round != 1 + seed % 8):
                level = random_
            choice = level.decide(GAME, GAME.view(state, seat), seat, legal, rng, Budget(iterations=2))
            assert choice.action in legal, (seed, level.level, choice.action)
            state = GAME.apply(state, seat, choice.action).state


def test_the_evaluation_at_the_end_is_the_final_score():
    for seats in (2, 3, 4):
        for seed in range(6):
            state, _ = play_to_end(GAME, seats, Options(), seed)
            result = GAME.result(state)
            totals = {f.seat: f.total for f in result.scores}
            values = GAME.evaluate(state)
            tied = len([t for t in totals.values() if t == max(totals.values())]) > 1
            assert values == [totals[s] + (0.5 if tied and s in result.winners else 0) for s in range(seats)]


def test_the_evaluation_counts_what_is_still_to_play():
    state = GAME.new_game(4, Options(), 3)
    values = evaluate(state)
    assert len(values) == 4 and all(v > 20 for v in values)  # 20 coins each, and 8 cards to play
    assert max(values) - min(values) < 5  # nobody has played yet


def test_every_action_kind_has_a_hint_that_reads_as_a_sentence():
    said = {}
    for seats in (2, 3):
        for state in _positions(seats, [seats], every=1):
            seat = min(GAME.to_act(state))
            view = GAME.view(state, seat)
            for action in GAME.legal_actions(state, seat)[:3]:
                msg = GAME.explain(view, seat, action, 4.4)
                assert catalog().has(msg.key) and catalog().has(msg.params["outlook"].key)
                said.setdefault(msg.key, words(msg))
    assert set(said) == {f"bv.hint.{k}" for k in ("offer", "build", "contract", "pass", "neutral")}
    assert all("{" not in s and s.endswith("; expected margin over the best rival at the end: +4 coins") for s in said.values())
    assert GAME.explain(view, seat, action, None) is None


def test_search_keys_tell_every_legal_action_apart():
    for state in _positions(4, [1], every=5):
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        assert len({GAME.action_key(a) for a in legal}) == len(legal)


def test_search_keys_kept_by_object_are_the_notation():
    """``action_key`` keeps each move's key by object (a search keys every legal move at
    every node): always the move's notation, for the same object, an equal one or a new one."""
    from engines.bella_vista.notation import notation
    from engines.bella_vista.state import action_adapter

    for state in _positions(3, [2], every=3):
        seat = min(GAME.to_act(state))
        for action in GAME.legal_actions(state, seat):
            twin = action_adapter.validate_python(action.model_dump())  # equal, another object
            assert twin is not action
            assert GAME.action_key(action) == GAME.action_key(action) == GAME.action_key(twin) == notation(action)


def test_the_one_pass_standings_are_the_rulebook_scores_of_the_position():
    from engines.bella_vista.contracts import tally
    from engines.bella_vista.evaluation import score_now
    from engines.bella_vista.scoring import breakdown, largest_group_spaces, standings

    for seats in (2, 3, 4):
        for state in _positions(seats, range(3), every=4):
            every = standings(state)
            assert [x.breakdown for x in every] == [breakdown(state, s) for s in range(seats)]
            assert [x.largest for x in every] == [largest_group_spaces(state, s) for s in range(seats)]
            assert [x.tally for x in every] == [tally(state, s) for s in range(seats)]
            assert score_now(state)[0] == [sum(breakdown(state, s).values()) for s in range(seats)]


def test_greedy_keeps_to_its_work_and_spends_it_on_the_moves_in_contention():
    """Bella Vista's placements are many (100 and more legal moves): greedy judges every one on
    its first sample and, on the next samples, only the best ones that its work left can pay
    for, so it keeps to its budget of work; with work for everything it is the full judgement."""
    seen = 0
    for state in _positions(3, range(40, 46), every=5):
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        if len(legal) < 60:
            continue
        seen += 1
        view, work = GAME.view(state, seat), len(legal) + 20
        out = GreedyAgent().decide(GAME, view, seat, legal, Rng.from_seed(seen), Budget(iterations=work))
        assert out.iterations <= work and not out.capped and out.action in legal
        full = GreedyAgent().decide(GAME, view, seat, legal, Rng.from_seed(seen), Budget(iterations=10 * len(legal)))
        scores = GreedyAgent().judge(GAME, view, seat, legal, Rng.from_seed(seen))
        assert full.iterations == 3 * len(legal) and full.action == legal[scores.index(max(scores))]
    assert seen >= 3


@pytest.mark.parametrize("level", ["greedy", "mcts"])
def test_the_same_position_and_seed_give_the_same_move_on_a_busy_machine(level):
    """The same decision twice: once on the wall clock, once while a CPU-bound process runs
    beside it (the work is fixed; the cap, generous here, only stops a machine far slower)."""
    import subprocess
    import sys
    import time

    states = [s for s in _positions(2, [11], every=7)][:4]
    moves = []
    hog = None
    try:
        for busy in (False, True):
            if busy:
                hog = subprocess.Popen([sys.executable, "-c", "while True: pass"])
            row = []
            for i, state in enumerate(states):
                seat = min(GAME.to_act(state))
                legal = GAME.legal_actions(state, seat)
                budget = work_budget(GAME, level, 0.05, time.perf_counter, cap=120.0)  # generous: the machine is shared
                out = agent(level).decide(GAME, GAME.view(state, seat), seat, legal, Rng.from_seed(i), budget)
                row.append((GAME.action_key(out.action), out.iterations, out.capped))
            moves.append(row)
    finally:
        if hog is not None:
            hog.kill()
            hog.wait()
    assert moves[0] == moves[1] and not any(capped for _, _, capped in moves[0])
