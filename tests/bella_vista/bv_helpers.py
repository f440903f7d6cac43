"""Playing helpers for the tests; positions are built with ``engines.bella_vista.positions``.

Coordinates are the chat names of spaces ("B3" = column B, row 3). The London town
(see data/bella_vista/layouts.toml) with 4 x 4 tiles is:

    cols A-D   E-H   I-L   M-P   Q-T
    rows 1-4:  F     P     Bs    L     P
    rows 5-8:  Ss    R     R     Fs    Ls
    rows 9-12: P     B     P     S     P
"""

from __future__ import annotations

from engines.bella_vista import BellaVista, Options
from engines.bella_vista.flow import affordable
from engines.bella_vista.positions import start as new  # noqa: F401 (the tests' short name)
from engines.core.playout import playout
from engines.core.rng import Rng

GAME = BellaVista()

# A town whose Flower tile touches two separate Parks at one corner (E4 touches D4 and E5).
TWO_PARKS_TOWN = [
    "P  F  B  L  S",
    "Fs P  R  R  Bs",
    "Ls Ss P  P  P",
]


def act(state, seat: int, text: str):
    """Parse and apply chat text; returns (new state, events)."""
    return GAME.apply(state, seat, GAME.parse_action(state, seat, text))


def offer_any(state):
    """Let the architect due to offer pay the first affordable space with their first card."""
    seat = next(iter(GAME.to_act(state)))
    costs = affordable(state, seat)
    card = state.architects[seat].hand[0]
    where = str(costs[0]) if costs else "last"
    return act(state, seat, f"offer {where} #{card}")


def keys(events) -> list[str]:
    return [e.key for e in events]


def random_states(seats: int, seed: int):
    """Every position of a seeded random game, from the start to the end."""
    state = GAME.new_game(seats, Options(), seed)
    yield state
    for _, _, after, _ in playout(GAME, state, Rng.from_seed(seed + 1)):
        yield after
