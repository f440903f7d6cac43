"""A view carries everything public (issue 22, item 11): whatever a seat sees is enough to
rebuild the public side of the game. For every title, along random games, a position
sampled from any seat's view (``Game.sample_state``: the secrets invented afresh) has the
same public status line and the same spectator view as the real one: nothing the public
messages or the board show is missing from the views agents and renderers work from."""

from __future__ import annotations

import pytest

from engines.bella_vista import BellaVista
from engines.core.playout import playout
from engines.core.rng import Rng
from engines.leonardo import Leonardo
from engines.torri import Torri

TABLES = [(BellaVista(), 2), (BellaVista(), 3), (Torri(), 3), (Leonardo(), 3), (Leonardo(), 4)]


def _positions(game, seats: int, seed: int, every: int):
    state = game.new_game(seats, game.options_model(), seed)
    yield state
    for i, (_, _, after, _) in enumerate(playout(game, state, Rng.from_seed(seed + 100))):
        if i % every == 0:
            yield after


@pytest.mark.parametrize("game,seats", TABLES, ids=[f"{g.key}-{n}p" for g, n in TABLES])
def test_a_position_sampled_from_a_view_shows_the_same_public_game(game, seats):
    rng = Rng.from_seed(7)
    checked = 0
    for seed in (1, 2):
        for state in _positions(game, seats, seed, every=7):
            if game.result(state) is not None:
                continue
            public = game.view(state, None)
            for seat in range(seats):
                sample = game.sample_state(game.view(state, seat), seat, rng)
                assert game.status(sample) == game.status(state), (seed, seat, state.phase)
                assert game.view(sample, None) == public, (seed, seat)
                checked += 1
    assert checked > 40


def test_leonardo_s_first_spins_are_in_every_view():
    game = Leonardo()
    state = game.new_game(4, game.options_model(), 3)
    spins = state.first_spins
    assert spins and all(game.view(state, s).first_spins == spins for s in (None, 0, 1, 2, 3))
    sample = game.sample_state(game.view(state, 2), 2, Rng.from_seed(1))
    assert sample.first_spins == spins and game.status(sample) == game.status(state)
