"""One model of a rival's sealed bid, what a sensible opponent would offer, for wherever the
agents must guess a bid they cannot see: a bid already made in a sampled position
(``sampling``) and the bids still to come when greedy judges an auction (``foresight``). A
switch of ``judging`` the arena measures; not kept (see ``evaluation.py``): alone it measured no
better than the old guesses (61.8% against 62.5%), and with the other switches worse.

A sensible bidder never pays more than the palazzo is worth as capital (its price): it passes
with chance ``PASS``, else offers any of its legal amounts up to the price (within its florins)
with equal chance. Before this model, a sampled bid was a pass or anything up to 1.2 times the
price, and foresight's rivals bid any legal amount, all-in included, with equal chance: rivals
who overpay made declining a palazzo look good (the rival's loss is the agent's gain).
"""

from __future__ import annotations

import random
from functools import cache

from engines.leonardo.components import cards
from engines.leonardo.rules import amounts

PASS = 0.25  # the chance that a bidder passes (measured in the arena; see evaluation.py)


@cache
def odds(price: int, florins: int) -> dict[int, float]:
    """A rival's bid on a palazzo of ``price`` with ``florins`` in hand: amount -> chance (0 a pass)."""
    offers = [a for a in amounts(cards().min_stake, florins) if a <= price]
    if not offers:
        return {0: 1.0}
    out = {a: (1 - PASS) / len(offers) for a in offers}
    out[0] = PASS
    return out


@cache
def uniform(florins: int) -> dict[int, float]:
    """The old guess, for the arena's comparison: any legal bid or a pass, with equal chance."""
    options = amounts(cards().min_stake, florins) + [0]
    return {x: 1 / len(options) for x in options}


def draw(price: int, florins: int, rng: random.Random) -> int:
    """A bid drawn from ``odds``."""
    return draw_from(odds(price, florins), rng)


def draw_from(chances: dict[int, float], rng: random.Random) -> int:
    """An amount drawn from ``chances`` (amount -> chance)."""
    x = rng.random()
    for amount, p in chances.items():
        x -= p
        if x < 0:
            return amount
    return 0
