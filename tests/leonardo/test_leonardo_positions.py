"""The public position builder (engines/leonardo/positions.py): it builds what the
description says, refuses what the invariants refuse, and fixes the next random outcomes."""

from __future__ import annotations

import pytest
from leo_helpers import G, do

from engines.core.rng import Scripted
from engines.leonardo import positions
from engines.leonardo.components import cards
from engines.leonardo.invariants import problems
from engines.leonardo.model import Options
from engines.leonardo.positions import (
    PositionError,
    clear_board,
    first_player,
    next_art,
    next_event,
    next_office,
    next_spins,
    play,
    position,
    started,
    to_move,
    turn_of,
    with_florins,
)


def test_a_position_is_what_its_description_says():
    state = position(4, seed=2, turn=1, at={1: 24, 3: 27}, owner={27: 1, 2: 0}, art={27: [150, 30]},
                     florins={0: 10}, men={1: 2}, offices={3: [9]})
    assert state.phase == "start" and G.to_act(state) == {1}
    assert (state.firms[1].position, state.firms[3].position, state.firms[0].moved) == (24, 27, False)
    assert state.owner == {27: 1, 2: 0} and state.art == {27: [150, 30]} and len(state.art_supply) == 38
    assert state.firms[0].florins == 10 and state.bank == cards().bank_florins - 3 * 250 - 10
    assert state.firms[1].men == 2 and state.men_deck == 10
    assert state.firms[3].offices == [9] and 9 not in state.office_deck
    assert [f.faction for f in state.firms.values()] == ["guelfi", "ghibellini", "guelfi", "ghibellini"]
    assert problems(state) == []


@pytest.mark.parametrize("description,reason", [
    ({"owner": {9: 0}}, "space 9 cannot be owned"),
    ({"owner": {2: 0}, "art": {2: [150] * 5}}, "no work of art worth 150 is left"),
    ({"art": {2: [30]}}, "space 2 displays works of art but is no owned palazzo"),
    ({"men": {0: 3}}, "firm 0 holds 3 men-at-arms"),
    ({"florins": {1: -5}}, "a firm has negative florins"),
    ({"at": {0: 33}}, "firm 0 stands off the route"),
    ({"offices": {0: [1]}}, "the office of space 1 is not in the deck"),
])
def test_an_unsound_description_is_refused_with_the_reason(description, reason):
    with pytest.raises(PositionError, match=reason):
        position(3, **description)


def test_the_next_spins_are_the_ones_asked_for():
    state = next_spins(position(3, turn=0, at={0: 10}), [5, 2])
    assert isinstance(state.rng, Scripted)
    state, _ = do(state, 0, "spin")
    assert state.firms[0].position == 15
    state = next_spins(position(3, turn=0), [12, 12])
    with pytest.raises(PositionError, match="1 to 12"):
        next_spins(state, [13])


def test_the_next_works_of_art_and_event_are_the_ones_asked_for():
    state = next_art(position(3, turn=0, owner={2: 0}), [150, 30])
    after, _ = do(state, 0, "art 2")
    assert after.drawn == [150, 30] and sorted(after.art_supply + after.drawn) == sorted(state.art_supply)
    assert next_event(state, "guelfa").event_deck[0] == "guelfa"
    with pytest.raises(PositionError):
        next_art(state, [999])


def test_helpers_return_new_states():
    state = started(3)
    copy = turn_of(state, state.order[1])
    assert copy is not state and state.slot == 0 and copy.slot == 1
    state.owner[2] = 0
    state.art[2] = [state.art_supply.pop()]
    cleared = clear_board(state)
    assert cleared.owner == {} and cleared.art == {} and len(cleared.art_supply) == 40 and state.owner
    assert problems(cleared) == []


def test_the_turn_order_starts_with_the_first_player_asked_for():
    state = position(4, seed=2, first=2)
    assert state.order == [2, 3, 0, 1] and G.to_act(state) == {2} and to_move(state) == 2
    assert [s for s, n in state.first_spins[0].items() if n == 12] == [2]  # the status says why
    assert G.view(state, None).first_spins == state.first_spins
    later = position(4, seed=2, first=2, turn=0, round=3)
    assert (later.round, later.turn, to_move(later)) == (3, 2 * 4 + 3, 0)  # seat 0 plays third in each round
    with pytest.raises(PositionError, match="round 13"):
        position(4, round=13)
    with pytest.raises(PositionError, match="before the factions"):
        first_player(started(3), 1)


def test_the_next_office_is_the_one_asked_for():
    state = next_office(position(3, turn=0, at={0: 28}), 22)
    after, _ = play(next_spins(state, [5]), "spin")  # Piazza Maggiore: the Legato Pontificio
    assert after.firms[0].offices == [22]
    with pytest.raises(PositionError, match="not face down"):
        next_office(position(3, offices={1: [22]}), 22)


def test_play_plays_the_moves_of_the_seat_to_move_or_of_the_seat_named():
    state = next_spins(position(3, turn=0, at={0: 20}), [3])
    after = play(state, "spin", "decline")  # Red lands on Via Larga (23) and declines it: an auction
    assert after.state.phase == "auction" and [e.key for e in after.events][:1] == ["leo.event.spin"]
    assert after.chance and not after.revealed
    with pytest.raises(PositionError, match=r"seats \[1, 2\] owe a decision"):
        play(after.state, "pass")
    assert play(after.state, "bid 30", seat=2).state.auction.bids == {2: 30}


BUILDERS = {
    "started": lambda s: started(3),
    "first_player": lambda s: first_player(G.new_game(3, Options(), 4), 1),
    "turn_of": lambda s: turn_of(s, s.order[1]),
    "clear_board": lambda s: clear_board(s),
    "with_florins": lambda s: with_florins(s, {0: 10, 2: 400}),
    "next_spins": lambda s: next_spins(s, [4]),
    "next_art": lambda s: next_art(s, [150]),
    "next_office": lambda s: next_office(s, s.office_deck[-1]),
    "next_event": lambda s: next_event(s, "guelfa" if s.event_deck[0] != "guelfa" else "nulla"),
}


@pytest.mark.parametrize("name", list(BUILDERS))
def test_every_builder_returns_a_new_state_and_leaves_its_argument_alone(name):
    state = started(3, seed=5)
    state.owner[2] = 0
    state.art[2] = [state.art_supply.pop()]
    before = state.model_dump_json()
    made = BUILDERS[name](state)
    assert made is not state and state.model_dump_json() == before


def test_set_florins_warns_and_still_changes_the_state_in_place():
    state = position(3)
    with pytest.warns(DeprecationWarning, match="use with_florins"):
        positions.set_florins(state, 1, 40)
    assert state.firms[1].florins == 40 and problems(state) == []
