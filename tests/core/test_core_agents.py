"""The agents (engines/core/agents.py) on two small games written for this test:
- Nim: a pile, each turn take 1 to 3, whoever takes the last wins (nothing hidden);
- Cards: each seat holds a secret card 0-9 drawn from the generator; on its turn a seat
  either keeps it or redraws (chance); after two rounds the highest card wins.
"""

from __future__ import annotations

from typing import Annotated, Literal

import pytest
from pydantic import BaseModel, Field, TypeAdapter

from engines.core import FinalScore, Game, Result, Rng, TimeUp, Traits
from engines.core.agents import (
    CAP_FACTOR,
    Budget,
    GreedyAgent,
    MctsAgent,
    RandomAgent,
    agent,
    margin,
    work_budget,
)


class NimOptions(BaseModel):
    pile: int = 9


class NimState(BaseModel):
    seats: int
    pile: int
    turn: int = 0
    winner: int | None = None
    rng: Rng


class Take(BaseModel):
    kind: Literal["take"] = "take"
    n: int


class NimView(BaseModel):
    seat: int | None
    pile: int
    turn: int
    winner: int | None


class Nim(Game[NimState, Take, NimView, NimOptions]):
    key = "nim"
    title = "Nim"
    min_players = max_players = 2
    traits = Traits(hidden_information=False, simultaneous=False, chance=False)
    options_model, state_model, view_model = NimOptions, NimState, NimView
    action_adapter = TypeAdapter(Annotated[Take | TimeUp, Field(discriminator="kind")])
    score_scale = 0.5

    def _new_game(self, seats, options, rng):
        return NimState(seats=seats, pile=options.pile, rng=rng)

    def to_act(self, state):
        return frozenset() if state.winner is not None else frozenset({state.turn % 2})

    def _legal_actions(self, state, seat):
        return [Take(n=n) for n in (1, 2, 3) if n <= state.pile]

    def _play(self, state, seat, action):
        state.pile -= action.n
        if state.pile == 0:
            state.winner = seat
        state.turn += 1
        return []

    def view(self, state, seat):
        return NimView(seat=seat, pile=state.pile, turn=state.turn, winner=state.winner)

    def sample_state(self, view, seat, rng):
        return NimState(seats=2, pile=view.pile, turn=view.turn, winner=view.winner, rng=rng.model_copy())

    def evaluate(self, state):
        if state.winner is not None:
            return [1.0 if s == state.winner else 0.0 for s in range(2)]
        return [0.5, 0.5]  # no knowledge: search must find the wins

    def result(self, state):
        if state.winner is None:
            return None
        return Result(scores=[FinalScore(seat=s, total=int(s == state.winner), breakdown={}, rank=1 + (s != state.winner))
                              for s in range(2)], winners=[state.winner])

    def parse_action(self, state, seat, text):
        return Take(n=int(text))

    def notation(self, state, action):
        return str(action.n)

    def status(self, state):
        return []

    def private_lines(self, view):
        return []


class CardState(BaseModel):
    seats: int
    cards: list[int]
    turn: int = 0
    rng: Rng


class Keep(BaseModel):
    kind: Literal["keep"] = "keep"


class Redraw(BaseModel):
    kind: Literal["redraw"] = "redraw"


class CardView(BaseModel):
    seat: int | None
    mine: int | None
    turn: int


class Cards(Game[CardState, Keep | Redraw, CardView, NimOptions]):
    key = "cards"
    title = "Cards"
    min_players = max_players = 2
    traits = Traits(hidden_information=True, simultaneous=False, chance=True)
    options_model, state_model, view_model = NimOptions, CardState, CardView
    action_adapter = TypeAdapter(Annotated[Keep | Redraw | TimeUp, Field(discriminator="kind")])
    score_scale = 2.0

    def _new_game(self, seats, options, rng):
        return CardState(seats=2, cards=[rng.below(10), rng.below(10)], rng=rng)

    def to_act(self, state):
        return frozenset() if state.turn >= 4 else frozenset({state.turn % 2})

    def _legal_actions(self, state, seat):
        return [Keep(), Redraw()]

    def _play(self, state, seat, action):
        if isinstance(action, Redraw):
            state.cards[seat] = state.rng.below(10)
        state.turn += 1
        return []

    def view(self, state, seat):
        return CardView(seat=seat, mine=None if seat is None else state.cards[seat], turn=state.turn)

    def sample_state(self, view, seat, rng):
        cards = [rng.below(10), rng.below(10)]
        cards[seat] = view.mine
        return CardState(seats=2, cards=cards, turn=view.turn, rng=Rng.from_seed(rng.next_u64()))

    def evaluate(self, state):
        return [float(c) for c in state.cards]

    def result(self, state):
        if state.turn < 4:
            return None
        top = max(state.cards)
        return Result(scores=[FinalScore(seat=s, total=c, breakdown={}, rank=1 if c == top else 2)
                              for s, c in enumerate(state.cards)], winners=[s for s, c in enumerate(state.cards) if c == top])

    def parse_action(self, state, seat, text):
        return Keep() if text == "keep" else Redraw()

    def notation(self, state, action):
        return action.kind

    def status(self, state):
        return []

    def private_lines(self, view):
        return []


NIM, CARDS = Nim(), Cards()


def decide(game, level_agent, state, seat, seed=1, iterations=300):
    return level_agent.decide(game, game.view(state, seat), seat, game.legal_actions(state, seat),
                              Rng.from_seed(seed), Budget(iterations=iterations))


def test_agents_refuse_a_full_state():
    state = NIM.new_game(2, NimOptions(), 1)
    with pytest.raises(TypeError):
        RandomAgent().decide(NIM, state, 0, NIM.legal_actions(state, 0), Rng.from_seed(1), Budget(iterations=1))


@pytest.mark.parametrize("pile,best", [(5, 1), (6, 2), (7, 3), (9, 1), (10, 2)])
def test_mcts_finds_the_winning_take_in_nim(pile, best):
    state = NIM.new_game(2, NimOptions(pile=pile), 1)
    assert decide(NIM, MctsAgent(), state, 0, iterations=2000).action == Take(n=best)


def test_greedy_takes_the_last_pieces_when_it_can():
    state = NIM.new_game(2, NimOptions(pile=3), 1)
    assert decide(NIM, GreedyAgent(), state, 0).action == Take(n=3)


def test_decisions_depend_only_on_the_view():
    """Two real positions that look the same to seat 0 (its card 7; the rival's card 0 or 9;
    different generators) give the same decision with the same agent generator."""
    a = CARDS.new_game(2, NimOptions(), 1).model_copy(update={"cards": [7, 0]})
    b = CARDS.new_game(2, NimOptions(), 2).model_copy(update={"cards": [7, 9]})
    assert CARDS.view(a, 0) == CARDS.view(b, 0)
    for level in (RandomAgent(), GreedyAgent(), MctsAgent()):
        for seed in range(5):
            assert decide(CARDS, level, a, 0, seed, 60) == decide(CARDS, level, b, 0, seed, 60)


def test_greedy_keeps_a_high_card_and_redraws_a_low_one():
    state = CARDS.new_game(2, NimOptions(), 3)
    high = state.model_copy(update={"cards": [9, 5]})
    low = state.model_copy(update={"cards": [1, 5]})
    assert isinstance(decide(CARDS, GreedyAgent(samples=8), high, 0).action, Keep)
    assert isinstance(decide(CARDS, GreedyAgent(samples=8), low, 0).action, Redraw)


class Spoil(Cards):
    """Cards where a redraw is no gamble: it lowers one's card by one (worse, for sure)."""

    key = "spoil"

    def _play(self, state, seat, action):
        if isinstance(action, Redraw):
            state.cards[seat] -= 1
        state.turn += 1
        return []


def test_greedy_compares_its_moves_on_the_same_sampled_positions():
    """Keeping is better by one point whatever the rival's hidden card: judged on different
    samples of that card for each move, the samples' differences (up to 9 points) would decide."""
    state = CARDS.new_game(2, NimOptions(), 3).model_copy(update={"cards": [5, 5]})
    for seed in range(20):
        assert isinstance(decide(Spoil(), GreedyAgent(samples=3), state, 0, seed).action, Keep), seed


def test_every_level_plays_only_legal_actions_to_the_end():
    for game, options in ((NIM, NimOptions(pile=15)), (CARDS, NimOptions())):
        for level in ("random", "greedy", "mcts"):
            state = game.new_game(2, options, 5)
            rng = Rng.from_seed(9)
            while game.result(state) is None:
                seat = min(game.to_act(state))
                legal = game.legal_actions(state, seat)
                choice = agent(level).decide(game, game.view(state, seat), seat, legal, rng, Budget(iterations=30))
                assert choice.action in legal
                state = game.apply(state, seat, choice.action).state


def test_a_budget_stops_on_the_callers_clock_and_margins_are_relative():
    ticks = iter(range(1000))
    budget = Budget(expired=lambda: next(ticks) >= 5)
    state = NIM.new_game(2, NimOptions(pile=12), 1)
    out = MctsAgent().decide(NIM, NIM.view(state, 0), 0, NIM.legal_actions(state, 0), Rng.from_seed(1), budget)
    assert out.iterations == 5
    assert margin([3.0, 5.0, 4.0], 1) == 1.0 and margin([3.0, 5.0, 4.0], 0) == -2.0


def test_the_arena_rotates_seats_and_reports_each_level():
    from engines.core.arena import run_arena

    ticks = iter(range(10**9))
    clock = lambda: next(ticks) * 0.0005  # noqa: E731  a clock that advances 0.5 ms per reading
    report = run_arena(NIM, ["mcts", "random"], 20, NimOptions(pile=11), 100, clock, budget_s=0.2)
    mcts, rnd = report["levels"]
    assert mcts["level"] == "mcts" and mcts["seats_played"] == rnd["seats_played"] == 20
    assert mcts["win_rate"] + rnd["win_rate"] == pytest.approx(1.0)
    assert mcts["win_rate"] > 0.8 and mcts["win_rate_ci95"][0] > 0.5
    # the budget is work: 0.2 s at Nim's 1000 iterations a second; this clock's 3 readings an
    # iteration make it 0.3 s, still inside the safety cap of 2 budgets, so the work is all done
    assert mcts["work_p50"] == mcts["work_max"] == 200 and mcts["capped"] == 0
    assert mcts["decision_ms_max"] <= 2 * 200 + 1 and mcts["fallbacks"] == 0


def test_the_fast_playout_path_plays_the_same_game_as_apply():
    from engines.core.playout import fast_playout

    for game, options in ((NIM, NimOptions(pile=30)), (CARDS, NimOptions())):
        start = game.new_game(2, options, 4)
        fast, moves = fast_playout(game, start, Rng.from_seed(6))
        rng, state, count = Rng.from_seed(6), start, 0
        while game.result(state) is None:
            seats = sorted(game.to_act(state))
            seat = seats[rng.below(len(seats))]
            actions = game.legal_actions(state, seat)
            state = game.apply(state, seat, actions[rng.below(len(actions))]).state
            count += 1
        assert fast == state and moves == count and start == game.new_game(2, options, 4)


def test_a_timed_search_stops_before_an_iteration_would_overrun():
    """On a clock that moves 10 ms each time it is read (two reads an iteration, so 20 ms
    each), a 1 s search stops while the next iteration still ends within the second: the
    decision is never late, however long the iterations are."""
    now = [0.0]

    def clock() -> float:
        now[0] += 0.010
        return now[0]

    budget = Budget.timed(clock, 1.0)
    state = NIM.new_game(2, NimOptions(pile=12), 1)
    out = MctsAgent().decide(NIM, NIM.view(state, 0), 0, NIM.legal_actions(state, 0), Rng.from_seed(1), budget)
    assert now[0] <= 1.0 + 0.010 + 1e-9 and out.iterations >= 20
    assert not Budget(left=lambda: 1.0).spent(3, longest=0.5) and Budget(left=lambda: 1.0).spent(3, longest=0.7)


def test_a_prior_starts_the_search_at_greedys_choice_and_evidence_can_leave_it():
    """With greedy's judgement as prior visits, a search stopped before its first iteration
    plays greedy's move (a low card is redrawn; without the prior it would be the first legal
    action, keep); with iterations, Nim's wins (which greedy cannot see) are still found."""
    low = CARDS.new_game(2, NimOptions(), 3).model_copy(update={"cards": [1, 5]})
    greedy = decide(CARDS, GreedyAgent(), low, 0, iterations=0).action
    assert isinstance(greedy, Redraw)
    assert decide(CARDS, MctsAgent(prior_visits=5), low, 0, iterations=0).action == greedy
    assert isinstance(decide(CARDS, MctsAgent(), low, 0, iterations=0).action, Keep)
    for pile, best in ((6, 2), (7, 3)):
        state = NIM.new_game(2, NimOptions(pile=pile), 1)
        assert decide(NIM, MctsAgent(prior_visits=5), state, 0, iterations=2000).action == Take(n=best)
    assert NIM.search_prior == CARDS.search_prior == 0  # off unless a title turns it on


def _slow_clock(step: float):
    """A clock that moves ``step`` seconds each time it is read: a machine as slow as one likes."""
    now = [0.0]

    def clock() -> float:
        now[0] += step
        return now[0]

    return clock


@pytest.mark.parametrize("level", ["greedy", "mcts"])
def test_a_budget_of_work_gives_the_same_choice_on_a_fast_or_slow_machine(level):
    """A level thinks its title's work for its time, whatever the clock says: on a clock 1000
    times slower than the last (still inside the cap) every position gets the same move and
    the same work as on the wall clock."""
    import time

    for pile in range(4, 20):
        state = NIM.new_game(2, NimOptions(pile=pile), 1)
        legal = NIM.legal_actions(state, 0)
        choices = []
        for clock in (time.perf_counter, _slow_clock(0.25 / 1000 / 4)):
            budget = work_budget(NIM, level, 0.25, clock, cap=60.0)  # a generous cap: this machine may be busy
            out = agent(level).decide(NIM, NIM.view(state, 0), 0, legal, Rng.from_seed(pile), budget)
            choices.append((out.action, out.iterations, out.capped))
        assert choices[0] == choices[1] and not choices[0][2], pile
        if level == "mcts":
            assert choices[0][1] == int(NIM.search_rate * 0.25)


def test_the_time_cap_still_stops_a_search_on_a_machine_too_slow_for_its_work():
    """On a clock past the cap, the work stops there and says so; the cap is CAP_FACTOR budgets."""
    state = NIM.new_game(2, NimOptions(pile=12), 1)
    legal = NIM.legal_actions(state, 0)
    clock = _slow_clock(0.010)  # 30 ms an iteration: 0.1 s of budget caps at 0.2 s, about 6 iterations
    out = MctsAgent().decide(NIM, NIM.view(state, 0), 0, legal, Rng.from_seed(1), work_budget(NIM, "mcts", 0.1, clock))
    assert out.capped and 3 <= out.iterations < int(NIM.search_rate * 0.1) and CAP_FACTOR == 2.0
    assert clock() <= CAP_FACTOR * 0.1 + 0.05
    cards = CARDS.new_game(2, NimOptions(), 3)
    greedy = GreedyAgent(samples=8).decide(CARDS, CARDS.view(cards, 0), 0, CARDS.legal_actions(cards, 0),
                                           Rng.from_seed(1), Budget.capped(1000, _slow_clock(0.1), 0.5))
    assert greedy.capped and 1 <= greedy.iterations < 16
