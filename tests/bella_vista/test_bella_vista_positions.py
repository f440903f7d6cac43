"""The public position builders (engines/bella_vista/positions.py) and the invariants they
check (engines/bella_vista/invariants.py)."""

from __future__ import annotations

import pytest
from bv_helpers import GAME

from engines.bella_vista import positions
from engines.bella_vista.invariants import every_card, full_set, problems
from engines.bella_vista.positions import (
    PositionError,
    at_round,
    check,
    constructing_now,
    ended,
    next_cards,
    play,
    position,
    start,
    to_move,
    with_building,
    with_coins,
    with_contract,
    with_contract_row,
    with_hand,
    with_objectives,
    with_offer_order,
    with_tile_filled,
    with_town,
)
from engines.bella_vista.scoring import grouping_score


def test_a_described_position_is_built_and_playable():
    s = position(4, buildings=[(1, 2, "C1-D1-D2"), (2, 1, "A3-B3-C3")], constructing=[(0, "6")], zoning="Z9")
    assert problems(s) == [] and GAME.to_act(s) == {0} and to_move(s) == 0
    assert [(b.owner, b.height) for b in s.buildings] == [(1, 2), (2, 1)]
    assert every_card(s, 1) == full_set(4) and "2" in s.architects[1].discard
    after, _ = play(s, "build B2-C2")
    assert after.architects[0].coins == 20 + 5  # the rulebook's Andrea example


@pytest.mark.parametrize("make", [
    lambda: position(4, buildings=[(0, 3, "A1-B1"), (0, 3, "C1-D1")]),  # the same card twice
    lambda: position(4, buildings=[(None, 1, "A1-B1-C1")]),  # a neutral building with 4 architects
    lambda: position(3, buildings=[(None, 2, "A1-B1-A2")]),  # neutral #2 before #1
    lambda: position(4, buildings=[(0, 3, "A1-B1"), (1, 4, "B1-C1")]),  # overlapping
    lambda: position(4, buildings=[(0, 5, "A1-B1-C1")]),  # #5 covers two spaces
    lambda: position(4, buildings=[(0, 5, "E1-F1")]),  # on a Park
    lambda: position(4, contracts=[1, 1, 2, 3]),
    lambda: position(4, objectives=("G2", "H3")),  # a grouping objective where the height one goes
    lambda: with_coins(start(4), {0: 500}),  # more coins than the bank holds
    lambda: with_contract(with_contract(start(4), 0, 5), 1, 5),
    lambda: with_offer_order(start(4), [0, 1, 2, 2]),
    lambda: constructing_now(constructing_now(start(4), [(0, "5")]), [(0, "5")]),
    lambda: at_round(at_round(start(4), 3), 2),  # rounds are not played backwards
])
def test_unreachable_positions_are_refused(make):
    with pytest.raises(PositionError):
        make()


def test_problems_names_what_is_broken():
    s = start(4)
    s.architects[0].hand.append(s.architects[0].deck[0])  # a card in two places
    s.bank += 1
    found = problems(s)
    assert any("coins are not conserved" in p for p in found)
    assert any(p.startswith("seat 0: cards missing []") for p in found)
    with pytest.raises(ValueError, match="not a reachable Bella Vista position"):
        check(s)


def test_with_hand_and_next_cards_fix_the_cards():
    s = start(4, seed=2)
    deck = list(s.architects[1].deck)
    s = with_hand(s, 1, deck[:3])
    assert s.architects[1].hand == deck[:3] and every_card(s, 1) == full_set(4)
    top = s.architects[1].deck[-1]
    s = next_cards(s, 1, [top])
    assert s.architects[1].deck[0] == top
    with pytest.raises(PositionError):
        next_cards(s, 1, [s.architects[1].hand[0]])  # not in the deck


def test_the_contract_row_and_contracts_keep_every_contract_once():
    s = with_contract(with_contract_row(start(4), [18, 17, 16, 15]), 0, 17, round_no=1)
    assert s.contract_row == [18, None, 16, 15] and s.architects[0].contract_round == 1
    assert problems(s) == []
    s = with_building(s, 0, 3, "D5-D6")
    assert [(b.owner, b.height) for b in s.buildings] == [(0, 3)]


BUILDERS = {
    "with_town": lambda s: with_town(s, ["P  F  B  L  S", "Fs P  R  R  Bs", "Ls Ss P  P  P"]),
    "with_building": lambda s: with_building(s, 0, 3, "D5-D6"),
    "with_tile_filled": lambda s: with_tile_filled(s, "F", [0, 1]),
    "constructing_now": lambda s: constructing_now(s, [(0, s.architects[0].hand[0])], zoning="Z9"),
    "with_offer_order": lambda s: with_offer_order(s, [3, 2, 1, 0]),
    "with_contract_row": lambda s: with_contract_row(s, [18, 17, 16, 15]),
    "with_contract": lambda s: with_contract(s, 1, s.contract_row[0]),
    "with_coins": lambda s: with_coins(s, {0: 3}),
    "with_hand": lambda s: with_hand(s, 2, s.architects[2].deck[:3]),
    "next_cards": lambda s: next_cards(s, 2, s.architects[2].deck[-1:]),
    "with_objectives": lambda s: with_objectives(s, "H1", "G3"),
    "ended": lambda s: ended(s, "H3", "G2"),
    "at_round": lambda s: at_round(s, 2),
}


@pytest.mark.parametrize("name", list(BUILDERS))
def test_every_builder_returns_a_new_state_and_leaves_its_argument_alone(name):
    s = start(4, seed=3)
    before = s.model_dump_json()
    made = BUILDERS[name](s)
    assert made is not s and made.model_dump_json() != before and s.model_dump_json() == before
    assert problems(made) == []


def test_a_game_at_a_later_round_is_one_play_reached():
    s = at_round(start(4, seed=5), 8, seed=2)
    assert (s.round, s.phase, s.offer_turn) == (8, "offers", 0)
    assert [len(a.hand) + len(a.deck) for a in s.architects] == [1] * 4  # one card left each
    assert len(s.zoning_used) == 7 and len(s.buildings) + len(s.set_aside) == 7 * 4
    assert at_round(start(4, seed=5), 8, seed=2) == s  # the same seed, the same game


def test_a_game_ended_where_it_stands_is_scored_with_its_objectives():
    s = with_building(with_coins(start(2), {0: 10, 1: 10}), 0, 8, "D1-D2")  # next to the Park E1-H4
    final = ended(s, height="H1", grouping="G2")
    assert (final.phase, final.round, final.height_objective, final.grouping_objective) == ("over", 8, "H1", "G2")
    result = GAME.result(final)
    assert result is not None and result.winners == [0]
    red = next(f for f in result.scores if f.seat == 0)
    assert red.breakdown == {"coins": 10, "contracts": 0, "height_objective": 8,
                             "grouping_objective": grouping_score(final, 0, "groups")}
    assert position(2, buildings=[(0, 8, "D1-D2")], coins={0: 10, 1: 10}, objectives=("H1", "G2"), over=True) == final


def test_play_plays_several_moves_and_keeps_every_event():
    s = with_offer_order(start(4, seed=4), [0, 1, 2, 3])
    hands = [a.hand[0] for a in s.architects]
    after = play(s, f"offer 7 #{hands[0]}", f"offer 5 #{hands[1]}")
    assert after.state.offer_turn == 2 and [e.key for e in after.events if e.to is None] == [
        "bv.event.offered", "bv.event.offered"]
    assert play(s, f"offer 7 #{hands[0]}", seat=0).state.spaces[0].card == hands[0]
    with pytest.raises(PositionError):
        play(s)


@pytest.mark.parametrize("old,call,changed", [
    ("build", lambda s: positions.build(s, 0, 3, "D5-D6"), lambda s: len(s.buildings) == 1),
    ("set_coins", lambda s: positions.set_coins(s, {0: 3}), lambda s: s.architects[0].coins == 3),
    ("face_up", lambda s: positions.face_up(s, [18, 17, 16, 15]), lambda s: s.contract_row == [18, 17, 16, 15]),
    ("construct", lambda s: positions.construct(s, [(0, s.architects[0].hand[0])]), lambda s: s.phase == "construction"),
])
def test_the_old_names_warn_and_still_change_the_state_in_place(old, call, changed):
    s = start(4, seed=3)
    with pytest.warns(DeprecationWarning, match=f"positions.{old} is deprecated: use with_|positions.{old} is "
                                                f"deprecated: use constructing_now"):
        call(s)
    assert changed(s) and problems(s) == []
    with pytest.warns(DeprecationWarning, match="use check"):
        assert positions.checked(s) is s
