"""Boards the render tests look at: seeded random games of every wall shape and player count,
taken at the start, during the set-up, early, in the middle, in the last round and at the end."""

from __future__ import annotations

from functools import cache

from engines.core.playout import playout
from engines.core.rng import SplitMix64
from engines.torri.model import Options, State
from engines.torri.positions import GAME

NAMES = ["Anne", "Bruno", "Carla", "Dmitri"]
GAMES = [(2, ""), (3, ""), (4, ""), (4, "far"), (3, "bend")]  # (players, shape; "" = the default wall)
PHASES = ("start", "setup", "early", "middle", "last round", "final")


@cache
def game_states(seats: int, shape: str, seed: int = 11) -> tuple[State, ...]:
    state = GAME.new_game(seats, Options(shape=shape), seed)
    return (state, *(after for _, _, after, _ in playout(GAME, state, SplitMix64.from_seed(seed))))


def phase(seats: int, shape: str, name: str) -> State:
    states = game_states(seats, shape)
    index = {"start": 0, "setup": 1, "early": seats + 3, "middle": len(states) // 2,
             "last round": len(states) - 1 - seats, "final": len(states) - 1}[name]
    return states[index]


def boards() -> list[tuple[str, State]]:
    """(an id, the state) for every game and phase."""
    return [(f"{n}p-{shape or 'default'}-{name}", phase(n, shape, name)) for n, shape in GAMES for name in PHASES]
