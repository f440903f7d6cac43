"""Leonardo's route as the evaluation sees it: 32 spaces round the board, a spin of 1 to 12, and
where the next spin from a space may land or pass (each spin 1/12), the markets' squares and the
chance that a market's spin names a given product. Pure arithmetic on the components, cached."""

from __future__ import annotations

from functools import cache

from engines.leonardo.components import cards

ROUTE = 32
AHEAD = 12  # the spins 1..12


@cache
def market_squares() -> frozenset[int]:
    return frozenset(cards().markets)


@cache
def win_chance() -> float:
    """The chance that a market's spin names a given product (2 numbers of the 12)."""
    c = cards()
    return len(c.products["gem"]) / (c.machine_high - c.machine_low + 1)


@cache
def next_spin(position: int) -> tuple[frozenset[int], dict[int, float]]:
    """Where the next spin from ``position`` may land (each with 1/12), and the chance it
    passes or lands on each space; position 0 is the starting place on Piazza Maggiore, from
    which a spin n lands on space n (a 1 stays) and passes nothing before space 2."""
    if position == 0:
        land = frozenset(range(2, AHEAD + 1))
        passing = {k: (AHEAD + 1 - k) / AHEAD for k in range(2, AHEAD + 1)}
        return land, passing
    spaces = [(position - 1 + k) % ROUTE + 1 for k in range(1, AHEAD + 1)]
    return frozenset(spaces), {n: (AHEAD + 1 - d) / AHEAD for d, n in enumerate(spaces, start=1)}
