"""Seeded random games for 2, 3 and 4 architects, with invariants after every action."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.bella_vista import BellaVista, Options
from engines.bella_vista.components import components
from engines.bella_vista.state import card_value
from engines.bella_vista.town import geometry
from engines.core.playout import play_to_end

GAME = BellaVista()
GAMES = 200
LAYOUTS = ["random", "london", "new_york", "rome", "bangkok", "berlin", "paris"]


def _cards_of(state, seat):
    """Every construction card of the architect, wherever it is now."""
    a = state.architects[seat]
    found = a.hand + a.deck + a.discard
    found += [e.card for e in state.spaces if e is not None and e.seat == seat]
    found += [e.card for e in state.last if e.seat == seat]
    found += [e.card for e in state.order if e.seat == seat]
    found += [b.card for b in state.bottom if b.card is not None and b.seat == seat]
    return Counter(found)


def check(before, after, seat, action, events):
    geo = geometry(after.town)
    n = after.seats
    # coins are conserved between the bank and the architects
    assert after.bank + sum(a.coins for a in after.architects) == components().coin_total
    assert after.bank >= 0 and all(a.coins >= 0 for a in after.architects)
    # every card accounted for, exactly once
    full = Counter([str(v) for v in range(1, 9)] + ([f"{v}r" for v in range(1, 9)] if n == 2 else []))
    for s in range(n):
        assert _cards_of(after, s) == full
    # buildings: no overlap, only on neighborhood spaces, footprint matches height
    seen = 0
    for b in after.buildings:
        p = geo.placement_of(b.cells)
        assert not p.mask & seen
        seen |= p.mask
        assert all(geo.tiles[geo.cell_tile[c]].kind == "neighborhood" for c in p.cells)
        assert len(p.cells) == len(components().buildings[b.height - 1].cells)
    # each architect's buildings = cards revealed so far; no height twice per colour set
    for s in range(n):
        placed = [(b.height, b.roofed) for b in after.buildings if b.owner == s]
        placed += [(x.height, x.roofed) for x in after.set_aside if x.owner == s]
        assert len(placed) == len(set(placed))
        revealed = [e for e in after.order if e.seat == s and e.built]  # empty during offers
        shown = [b.card for b in after.bottom if b.seat == s and b.card] + after.architects[s].discard
        assert len(placed) == len(shown) + len(revealed)
    neutral = [b.height for b in after.buildings if b.owner is None]
    neutral += [x.height for x in after.set_aside if x.owner is None]
    assert sorted(neutral) == list(range(1, len(neutral) + 1)) and (n == 3 or not neutral)
    # contracts: at most one per construction, each card once
    taken = [c for a in after.architects for c in a.contracts]
    row = [c for c in after.contract_row if c is not None]
    assert sorted(taken + row + after.contract_deck) == list(range(1, 19))
    gained = sum(len(a.contracts) for a in after.architects) - sum(len(a.contracts) for a in before.architects)
    assert gained <= 1
    # ... and at most one per architect per round (2 architects construct twice a round)
    for s in range(n):
        if len(after.architects[s].contracts) > len(before.architects[s].contracts):
            assert before.architects[s].contract_round != before.round, (s, before.round)
    # somebody owes a decision with a legal move, until the game is over
    if after.phase == "over":
        assert GAME.to_act(after) == frozenset() and GAME.result(after) is not None
    else:
        for s in GAME.to_act(after):
            acts = GAME.legal_actions(after, s)
            assert acts
            if after.phase == "construction":
                card = card_value(after.order[after.build_pos].card)
                assert all(geo.placements[geo.by_mask[sum(1 << ((int(c[1:]) - 1) * geo.columns + ord(c[0]) - 65)
                           for c in a.cells)]].shape == components().buildings[card - 1].shape for a in acts[:3])
    # the action's notation reads back as the action
    assert GAME.parse_action(before, seat, GAME.notation(before, action)) == action
    # nothing hidden leaks into public events: face-down cards are never named there
    if action.kind == "offer":
        assert all(f"#{action.card}" not in e.text for e in events if e.to is None)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_random_games_finish_with_invariants(seats):
    finals = []
    for seed in range(GAMES):
        layout = LAYOUTS[seed % len(LAYOUTS)]
        state, moves = play_to_end(GAME, seats, Options(layout=layout), seed, check=check)
        res = GAME.result(state)
        assert res is not None and state.round == 8
        expect = 32 if seats != 3 else 24 + 7  # 2 x 16, 4 x 8; 3 x 8 + neutral #1-#7
        assert len(state.buildings) + len(state.set_aside) == expect
        assert all(not a.hand and not a.deck for a in state.architects)
        finals.append(res)
    assert any(len(r.winners) == 1 for r in finals)


def test_every_legal_action_applies():
    """In a few games, try every legal action (a sample of builds) at every step."""
    from engines.core.rng import Rng

    for seats in (2, 3, 4):
        state = GAME.new_game(seats, Options(), 1000 + seats)
        rng = Rng.from_seed(seats)
        while GAME.result(state) is None:
            seat = min(GAME.to_act(state))
            acts = GAME.legal_actions(state, seat)
            sample = acts if len(acts) <= 30 else [acts[i] for i in range(0, len(acts), len(acts) // 20)]
            for a in sample:
                GAME.apply(state, seat, a)
            state, _ = GAME.apply(state, seat, rng.choice(acts))
