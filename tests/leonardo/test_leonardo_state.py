"""Serialisation, replay, refusals that change nothing, and hidden information."""

from __future__ import annotations

import pytest
from leo_helpers import G, do, said

from engines.core.errors import NotYourTurn, RuleError, UnknownAction
from engines.core.playout import random_move
from engines.core.rng import Rng
from engines.leonardo.model import Options, State, View
from engines.leonardo.positions import next_art, next_spins, started, turn_of
from render.text import words


def _walk(players, seed, steps, corporations=False):
    state = G.new_game(players, Options(max_rounds=6, corporations=corporations), seed)
    rng = Rng.from_seed(seed + 99)
    log = []
    for _ in range(steps):
        if G.result(state) is not None:
            break
        seat, action = random_move(G, state, rng)
        log.append((seat, action))
        state, _ = G.apply(state, seat, action)
        yield state, seat, action, log


def test_json_round_trip_of_states_views_and_actions():
    for state, _, action, _ in _walk(5, 3, 300, corporations=True):
        again = State.model_validate_json(state.model_dump_json())
        assert again == state
        for seat in (None, 0, 3):
            v = G.view(state, seat)
            assert View.model_validate_json(v.model_dump_json()) == v
        assert G.action_adapter.validate_json(G.action_adapter.dump_json(action)) == action
    opts = Options(max_rounds=7, corporations=True)
    assert Options.model_validate_json(opts.model_dump_json()) == opts
    assert Options() == Options(max_rounds=12, corporations=False)


def test_replay_is_deterministic():
    last = None
    for state, _, _, log in _walk(4, 11, 250):
        last = (state, list(log))
    state, log = last
    replay = G.new_game(4, Options(max_rounds=6), 11)
    for seat, action in log:
        replay, _ = G.apply(replay, seat, action)
    assert replay.model_dump_json() == state.model_dump_json()


def test_notation_round_trips_every_legal_action():
    for state, _, _, _ in _walk(4, 5, 300, corporations=True):
        for seat in G.to_act(state):
            for action in G.legal_actions(state, seat):
                text = G.notation(state, action)
                assert G.parse_action(state, seat, text) == action
            for choice in G.choices(state, seat):
                assert choice.gloss is None or words(choice.gloss)


def test_refused_actions_change_nothing():
    state = started(3, seed=2)
    cur = state.order[state.slot]
    other = state.order[(state.slot + 1) % 3]
    snapshot = state.model_dump_json()
    with pytest.raises(NotYourTurn):
        do(state, other, "spin")
    with pytest.raises(RuleError):
        do(state, cur, "art 9")
    with pytest.raises(RuleError):
        do(state, cur, "buy")
    with pytest.raises(UnknownAction):
        do(state, cur, "fly to the moon")
    assert state.model_dump_json() == snapshot


def test_error_messages_quote_the_input_and_say_what_is_allowed():
    state = started(3, seed=2)
    cur = state.order[state.slot]
    with pytest.raises(UnknownAction) as err:
        G.parse_action(state, cur, "dance 3")
    assert words(err.value).startswith("I could not read `dance 3` as a Leonardo move: /move lists the moves")
    with pytest.raises(RuleError) as err:
        do(state, cur, "decline")
    assert words(err.value) == ('`decline` is not possible now (buying works of art or spinning); '
                                "now: art and spin.")


def test_spectator_view_and_public_events_hide_art_values():
    base = started(3, seed=4)
    cur = base.order[base.slot]
    base.owner = {2: cur, 4: cur}
    a, ea = do(next_art(base, [150, 70]), cur, "art 2")
    b, eb = do(next_art(base, [30, 50]), cur, "art 2")
    assert [e for e in ea if e.to is None] == [e for e in eb if e.to is None]
    assert said(ea, to=cur) == "Your works of art are worth: 150 and 70."
    assert G.view(a, None) == G.view(b, None)
    assert G.view(a, (cur + 1) % 3) == G.view(b, (cur + 1) % 3)
    assert G.view(a, cur).my_drawn == [150, 70]
    a, ea = do(a, cur, "place 2")
    b, eb = do(b, cur, "place 2")
    assert [e for e in ea if e.to is None] == [e for e in eb if e.to is None]
    assert G.view(a, None) == G.view(b, None)
    assert G.view(a, cur).my_art == {2: [150]}


def test_two_states_differing_only_in_secrets_give_the_same_spectator_view():
    a = started(3, seed=4)
    b = a.model_copy(deep=True)
    cur = a.order[a.slot]
    a.owner = {2: cur}
    b.owner = {2: cur}
    a.art = {2: [30, 30]}
    b.art = {2: [150, 100]}
    b.art_supply = sorted(b.art_supply)
    b.art_supply[-2:] = [30, 30]  # keep the multiset: swap values between palazzo and supply
    assert G.view(a, None) == G.view(b, None)
    assert G.view(a, cur) != G.view(b, cur)


def test_factions_are_hidden_until_everyone_has_declared():
    state = G.new_game(3, Options(), 1)
    assert G.to_act(state) == {0, 1, 2}
    state, events = do(state, 1, "ghibellini")
    assert "ghibellini" not in said(events).lower() and said(events) == "seat 2 has written down a faction."
    assert said(events, to=1) == "You sided with the Ghibellini."
    assert "ghibellini" not in G.view(state, None).model_dump_json()
    assert G.view(state, 1).my_faction == "ghibellini"
    assert G.view(state, 0).my_faction is None
    with pytest.raises(NotYourTurn):
        do(state, 1, "guelfi")
    state, _ = do(state, 0, "guelfi")
    state, events = do(state, 2, "guelfi")
    assert "Factions: seat 1 Guelfi, seat 2 Ghibellini and seat 3 Guelfi." in said(events)
    assert [f.faction for f in G.view(state, None).firms] == ["guelfi", "ghibellini", "guelfi"]
    assert state.phase == "start"


def test_sealed_bids_and_bets_are_hidden_until_settled():
    state = turn_of(started(3, seed=6), 0)
    state.owner = {}
    state.firms[0].moved = True
    state.firms[0].position = 20
    state.phase = "buy"
    state.buy_space = 23
    state, _ = do(state, 0, "decline")
    assert G.to_act(state) == {1, 2}
    state, events = do(state, 1, "bid 37")
    assert "37" not in said(events) and said(events, to=1) == "Your sealed bid: 37."
    assert "37" not in G.view(state, None).model_dump_json()
    assert G.view(state, 1).my_bid == 37
    assert G.view(state, 2).my_bid is None


def test_market_bets_are_hidden_until_the_spin():
    state = turn_of(started(3, seed=6), 0)
    state.owner = {}
    state.firms[0].moved, state.firms[0].position = True, 20
    state = next_spins(state, [4])
    state, _ = do(state, 0, "spin")
    assert state.phase == "market"
    state, events = do(state, 1, "bet spices 33")
    assert "spices" not in said(events) and "33" not in said(events)
    spectator = G.view(state, None).model_dump_json()
    assert "spices" not in spectator and "33" not in spectator
    assert G.view(state, 1).my_bet.stake == 33 and G.view(state, 2).my_bet is None


def test_only_the_corporation_marker_holder_decides():
    state = turn_of(started(4, seed=6, corporations=True), 0)
    state, _ = do(state, 0, "join blue")
    state, _ = do(state, 1, "accept")
    assert G.to_act(state) == {0}
    with pytest.raises(NotYourTurn):
        do(state, 1, "spin")


def test_refusals_quote_the_move_and_fit_the_moment():
    state = turn_of(started(4, seed=2, corporations=True), 0)
    with pytest.raises(RuleError) as err:
        do(state, 0, "move 5")  # not a corporation choosing: no "spins were ;"
    assert words(err.value).startswith("`move 5` is not possible now") and "spins were" not in words(err.value)
    with pytest.raises(RuleError) as err:
        do(state, 0, "place 3")  # no work of art drawn yet
    assert words(err.value) == '`place 3` is not possible now (buying works of art or spinning); now: art, join and spin.'
    state.owner = {}
    state.firms[0].moved, state.firms[0].position = True, 20
    state.phase, state.buy_space = "buy", 23
    with pytest.raises(RuleError) as err:
        do(state, 0, "join blue")  # the proposal's moment, not the seat, is wrong
    assert words(err.value).startswith('`join blue guelfi` is not possible now') and "now: buy and decline." in words(err.value)
    with pytest.raises(RuleError) as err:
        do(state, 0, "bid 10")
    assert words(err.value).startswith('`bid 10` is not possible now')
