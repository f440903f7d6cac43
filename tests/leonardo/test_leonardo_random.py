"""Seeded random games: every legal action applies, invariants hold after every action,
and every game ends under its round limit."""

from __future__ import annotations

import pytest
from leo_helpers import G, check_invariants

from engines.core.playout import play_to_end
from engines.leonardo.model import Options

GAMES = 200
PRIVATE = {"leo.event.you_declared", "leo.event.art_drawn", "leo.event.art_value_placed", "leo.event.your_bid",
           "leo.event.your_bet", "leo.event.your_answer"}


def _check(before, after, seat, action, events):
    check_invariants(after)
    for e in events:
        assert e.to is None or 0 <= e.to < after.seats
        assert (e.key in PRIVATE) == (e.to is not None), e  # private words never reach the channel


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games(players):
    options = Options(max_rounds=4)
    ended = {"rounds": 0, "elimination": 0}
    for seed in range(GAMES):
        state, moves = play_to_end(G, players, options, seed, check=_check)
        result = G.result(state)
        assert result is not None and result.winners
        assert state.round <= options.max_rounds
        if state.end == "eliminated":
            ended["elimination"] += 1
            assert sum(f.active for f in state.firms.values()) == 1
        else:
            ended["rounds"] += 1
            assert state.round == options.max_rounds and state.end == "rounds"
            assert sum(f.active for f in state.firms.values()) > 1
        assert moves < 2000
    assert ended["rounds"] > 0


@pytest.mark.parametrize("players", [4, 5, 6])
def test_random_games_with_corporations(players):
    options = Options(max_rounds=4, corporations=True)
    merged = 0
    seen = {"leo.event.rescued": 0, "leo.event.nobody_rescues": 0}

    def check(before, after, seat, action, events):
        _check(before, after, seat, action, events)
        for e in events:
            if e.key in seen:
                seen[e.key] += 1
        if after.rescue is not None:  # only those able to pay the shortfall are asked
            assert all(after.firms[r].florins >= after.rescue.shortfall for r in after.rescue.rescuers)
            assert after.rescue.debtor not in G.to_act(after)

    for seed in range(GAMES):
        state, moves = play_to_end(G, players, options, seed, check=check)
        assert G.result(state) is not None
        merged += any(len(f.members) > 1 for f in state.firms.values())
    assert merged > 0, "no random game formed a corporation"
    assert seen["leo.event.rescued"] > 0, "no random game rescued a player from bankruptcy (RULINGS 40)"
