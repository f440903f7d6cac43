"""The public position builders (engines/bella_vista/positions.py) and the invariants they
check (engines/bella_vista/invariants.py)."""

from __future__ import annotations

import pytest
from bv_helpers import GAME, act

from engines.bella_vista.invariants import every_card, full_set, problems
from engines.bella_vista.positions import (
    build,
    checked,
    construct,
    deal,
    face_up,
    give_contract,
    next_draws,
    offer_order,
    position,
    set_coins,
    start,
)


def test_a_described_position_is_built_and_playable():
    s = position(4, buildings=[(1, 2, "C1-D1-D2"), (2, 1, "A3-B3-C3")], constructing=[(0, "6")], zoning="Z9")
    assert problems(s) == [] and GAME.to_act(s) == {0}
    assert [(b.owner, b.height) for b in s.buildings] == [(1, 2), (2, 1)]
    assert every_card(s, 1) == full_set(4) and "2" in s.architects[1].discard
    after, _ = act(s, 0, "build B2-C2")
    assert after.architects[0].coins == 20 + 5  # the rulebook's Andrea example


@pytest.mark.parametrize("make", [
    lambda: position(4, buildings=[(0, 3, "A1-B1"), (0, 3, "C1-D1")]),  # the same card twice
    lambda: position(4, buildings=[(None, 1, "A1-B1-C1")]),  # a neutral building with 4 architects
    lambda: position(3, buildings=[(None, 2, "A1-B1-A2")]),  # neutral #2 before #1
    lambda: position(4, buildings=[(0, 3, "A1-B1"), (1, 4, "B1-C1")]),  # overlapping
    lambda: position(4, buildings=[(0, 5, "A1-B1-C1")]),  # #5 covers two spaces
    lambda: position(4, buildings=[(0, 5, "E1-F1")]),  # on a Park
    lambda: position(4, contracts=[1, 1, 2, 3]),
    lambda: set_coins(start(4), {0: 500}),  # more coins than the bank holds
    lambda: give_contract(give_contract(start(4), 0, 5), 1, 5),
    lambda: offer_order(start(4), [0, 1, 2, 2]),
    lambda: construct(construct(start(4), [(0, "5")]), [(0, "5")]),
])
def test_unreachable_positions_are_refused(make):
    with pytest.raises(ValueError):
        make()


def test_problems_names_what_is_broken():
    s = start(4)
    s.architects[0].hand.append(s.architects[0].deck[0])  # a card in two places
    s.bank += 1
    found = problems(s)
    assert any("coins are not conserved" in p for p in found)
    assert any(p.startswith("seat 0: cards missing []") for p in found)
    with pytest.raises(ValueError, match="not a reachable Bella Vista position"):
        checked(s)


def test_deal_and_next_draws_fix_the_cards():
    s = start(4, seed=2)
    deck = list(s.architects[1].deck)
    deal(s, 1, deck[:3])
    assert s.architects[1].hand == deck[:3] and every_card(s, 1) == full_set(4)
    top = s.architects[1].deck[-1]
    next_draws(s, 1, [top])
    assert s.architects[1].deck[0] == top
    with pytest.raises(ValueError):
        next_draws(s, 1, [s.architects[1].hand[0]])  # not in the deck


def test_face_up_and_contracts_keep_every_contract_once():
    s = face_up(start(4), [18, 17, 16, 15])
    give_contract(s, 0, 17, round_no=1)
    assert s.contract_row == [18, None, 16, 15] and s.architects[0].contract_round == 1
    assert problems(s) == []
    assert build(s, 0, 3, "D5-D6") == 0
