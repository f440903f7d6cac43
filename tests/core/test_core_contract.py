"""The engine contract's gates and flags, on a tiny game written for this test (a counter
that two seats raise in turn; seat 1's raises draw from the generator and are secret
until the game ends)."""

from __future__ import annotations

from typing import Annotated, Literal

import pytest
from pydantic import BaseModel, Field, TypeAdapter

from engines.core import (
    SYSTEM,
    Choice,
    Event,
    FinalScore,
    Game,
    GameOver,
    IllegalAction,
    Msg,
    NotYourTurn,
    Result,
    Rng,
    TimeUp,
    Traits,
    event,
)
from engines.core.rng import Scripted, scripted
from render.text import Style, catalog


class Options(BaseModel):
    target: int = 3


class State(BaseModel):
    seats: int
    options: Options
    count: int = 0
    turn: int = 0
    hidden: list[int] = []
    over: bool = False
    rng: Rng


class Raise(BaseModel):
    kind: Literal["raise"] = "raise"


Action = Annotated[Raise | TimeUp, Field(discriminator="kind")]


class View(BaseModel):
    seat: int | None
    count: int


class Counter(Game[State, Raise, View, Options]):
    key = "counter"
    title = "Counter"
    min_players = 2
    max_players = 2
    traits = Traits(hidden_information=True, simultaneous=False, chance=True)
    options_model = Options
    state_model = State
    view_model = View
    action_adapter = TypeAdapter(Action)

    def _new_game(self, seats, options, rng):
        return State(seats=seats, options=options, rng=rng)

    def to_act(self, state):
        return frozenset() if state.over else frozenset({state.turn % state.seats})

    def _legal_actions(self, state, seat):
        return [Raise()]

    def _play(self, state, seat, action):
        state.count += 1
        if seat == 1:
            state.hidden.append(state.rng.below(6))
        state.turn += 1
        state.over = state.count >= state.options.target
        return [event("counter.raised", seat=seat, count=state.count)]

    def _time_up(self, state):
        state.over = True
        return [event("counter.time_up")]

    def secrets(self, state):
        return {"hidden": (list(state.hidden), frozenset({1}))}

    def view(self, state, seat):
        return View(seat=seat, count=state.count)

    def result(self, state):
        if not state.over:
            return None
        return Result(scores=[FinalScore(seat=s, total=0, breakdown={}, rank=1) for s in range(2)], winners=[0, 1])

    def parse_action(self, state, seat, text):
        return Raise()

    def notation(self, state, action):
        return "raise"

    def status(self, state):
        return [Msg("counter.count", count=state.count)]

    def private_lines(self, view):
        return []


G = Counter()


def test_gates_refuse_a_seat_that_owes_nothing_and_leave_the_state_alone():
    state = G.new_game(2, Options(), seed=7)
    before = state.model_dump()
    with pytest.raises(NotYourTurn) as err:
        G.apply(state, 1, Raise())
    assert err.value.msg == Msg("core.not_your_turn", waiting=[0])
    assert G.legal_actions(state, 1) == [] and G.choices(state, 1) == []
    assert G.choices(state, 0) == [Choice(notation="raise")]
    assert state.model_dump() == before


def test_system_may_only_play_core_actions_and_players_may_not_play_them():
    state = G.new_game(2, Options(), seed=7)
    with pytest.raises(IllegalAction) as err:
        G.apply(state, SYSTEM, Raise())
    assert err.value.msg.key == "core.no_system_moves"
    with pytest.raises(IllegalAction) as err:
        G.apply(state, 0, TimeUp())
    assert err.value.msg.key == "core.system_only"
    done = G.apply(state, SYSTEM, TimeUp())
    assert done.state.over and [e.key for e in done.events] == ["counter.time_up"]
    with pytest.raises(GameOver):
        G.apply(done.state, 0, Raise())


def test_applied_reports_chance_and_reveal_and_unpacks_as_state_and_events():
    state = G.new_game(2, Options(target=3), seed=7)
    first = G.apply(state, 0, Raise())
    assert not first.chance and not first.revealed
    second = G.apply(first.state, 1, Raise())
    assert second.chance and not second.revealed  # a secret drawn for seat 1 only
    last = G.apply(second.state, 0, Raise())
    assert last.revealed and not last.chance  # the game ended: the final reveal
    new, events = last
    assert new is last.state and events == [Event(key="counter.raised", params={"seat": 0, "count": 3})]


def test_a_secret_shown_to_a_new_seat_counts_as_revealed():
    class Shown(Counter):
        def secrets(self, state):
            return {"hidden": (list(state.hidden), None if state.count >= 2 else frozenset({1}))}

    game = Shown()
    state = game.new_game(2, Options(target=9), seed=7)
    assert not game.apply(state, 0, Raise()).revealed
    state = game.apply(state, 0, Raise()).state
    assert game.apply(state, 1, Raise()).revealed


def test_player_count_is_checked_with_a_message():
    with pytest.raises(Exception) as err:
        G.new_game(3, Options(), seed=1)
    assert err.value.msg == Msg("core.player_count", title="Counter", low=2, high=2, seats=3)


def test_scripted_draws_come_first_then_the_generator_and_survive_json():
    base = Rng.from_seed(11)
    reference = Rng.from_seed(11)
    rng = scripted([4, 0], base)
    state = State(seats=2, options=Options(), rng=rng)
    again = State.model_validate_json(state.model_dump_json())
    assert isinstance(again.rng, Scripted)
    assert [again.rng.below(5), again.rng.below(3)] == [4, 0]
    assert again.rng.below(1000) == reference.below(1000)
    with pytest.raises(ValueError):
        scripted([7], base).below(5)
    assert scripted([2], scripted([1], base)).queue == [1, 2]


def test_messages_survive_json_with_nested_messages():
    m = Msg("a.b", seat=1, part=Msg("a.c", n=2), parts=[Msg("a.d")])
    again = Msg.of(m.model_dump(mode="json"))
    assert again == m and isinstance(again.params["part"], Msg)


def test_a_message_is_a_field_that_reads_back_from_json():
    class Holder(BaseModel):
        msg: Msg | None = None

    held = Holder(msg=Msg("a.b", seat=2, part=Msg("a.c")))
    again = Holder.model_validate_json(held.model_dump_json())
    assert again.msg.key == "a.b" and again.msg.params["seat"] == 2
    assert Msg.of(again.msg.model_dump()) == held.msg


def test_by_default_the_reveal_lists_each_secret_some_seat_did_not_know_under_its_name():
    class Many(Counter):
        def secrets(self, state):
            return {"tile:10": (3, frozenset()), "tile:2": ([1, 5], frozenset({0, 1})), "shown": (4, None)}

    game = Many()
    state = game.new_game(2, Options(target=9), seed=7)
    lines = [catalog().text(m, Style(seat=lambda s: "AB"[s])) for m in game.hidden_at_end(state)]
    assert lines == ["tile:2: 1 and 5 (known to A and B)", "tile:10: 3 (known to nobody)"]
