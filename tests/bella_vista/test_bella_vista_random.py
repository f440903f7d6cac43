"""Seeded random games for 2, 3 and 4 architects, with invariants after every action."""

from __future__ import annotations

import pytest

from engines.bella_vista import BellaVista, Options
from engines.bella_vista.components import components
from engines.bella_vista.geometry import geometry
from engines.bella_vista.invariants import problems, step_problems
from engines.bella_vista.positions import placement
from engines.bella_vista.state import card_value
from engines.core.playout import play_to_end
from render.text import words

GAME = BellaVista()
GAMES = 200
LAYOUTS = ["random", "london", "new_york", "rome", "bangkok", "berlin", "paris"]


def check(before, after, seat, action, events):
    assert problems(after) == [], problems(after)
    assert step_problems(before, after) == []
    if after.phase == "construction":  # the legal builds have the revealed card's footprint
        geo = geometry(after.town)
        shape = components().buildings[card_value(after.order[after.build_pos].card) - 1].shape
        for a in GAME.legal_actions(after, min(GAME.to_act(after)))[:3]:
            assert geo.placements[placement(after, "-".join(a.cells))].shape == shape
    # the action's notation reads back as the action
    assert GAME.parse_action(before, seat, GAME.notation(before, action)) == action
    # nothing hidden leaks into public events: face-down cards are never named there
    if action.kind == "offer":
        assert all(f"#{action.card}" not in words(e) for e in events if e.to is None)


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
