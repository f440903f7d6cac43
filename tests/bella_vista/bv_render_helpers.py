"""Boards to draw in the image tests: every state of seeded random games, picked by phase."""

from __future__ import annotations

from functools import cache

from engines.bella_vista import BellaVista, Options
from engines.core.playout import playout
from engines.core.rng import Rng

GAME = BellaVista()
NAMES = ["Anne", "Bartholomew the Long-Named Architect", "Carla", "Dmitri"]


@cache
def history(seats: int, layout: str, seed: int) -> tuple:
    """Every state of one random game, the starting one first."""
    state = GAME.new_game(seats, Options(layout=layout), seed)
    return (state, *(after for _, _, after, _ in playout(GAME, state, Rng.from_seed(seed))))


def moments(seats: int, layout: str, seed: int) -> dict[str, object]:
    """The start, the first state of each phase after it (offers of round 2, construction,
    contract choice, neutral building), a state from the middle, and the end."""
    states = history(seats, layout, seed)
    out = {"start": states[0], "middle": states[len(states) // 2], "final": states[-1]}
    for s in states[1:]:
        key = s.phase if s.phase != "offers" or s.round > 1 else None
        if key and key != "over" and key not in out:
            out[key] = s
    return out
