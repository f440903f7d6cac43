"""Titles for the bot tests: Le Torri di Bologna, with the agents' hooks changed in one way each.

The bots think in other processes, which import these classes by name (``tests.platform.bot_titles``):
they must stay at module level. Each is registered under its own key for one test (``register``), so the
service, the store and the worker pool handle it like any title.

- ``PlainTorri``: the hooks of the engine contract's defaults (no ``sample_state``, no ``evaluate``):
  a title agents cannot play yet, whatever Torri itself provides.
- ``BrokenTorri``: the hooks exist, but sampling a position raises (with a message that must never be
  logged): the greedy and mcts agents fail at every decision with a choice.
- ``SlowTorri``: sampling a position takes 3 s (then raises): an agent that overruns any small budget.
"""

from __future__ import annotations

import time

from bot.play import registry
from engines.core import Game
from engines.torri import Torri

SECRET = "the-bots-secret-thought"


class PlainTorri(Torri):
    sample_state = Game.sample_state  # type: ignore[assignment]
    evaluate = Game.evaluate  # type: ignore[assignment]


class BrokenTorri(Torri):
    def sample_state(self, view, seat, rng):
        raise RuntimeError(SECRET)

    def evaluate(self, state):
        return [0.0 for _ in state.gold]


class SlowTorri(BrokenTorri):
    def sample_state(self, view, seat, rng):
        time.sleep(3)
        raise RuntimeError(SECRET)


def register(monkeypatch, key: str, cls: type) -> registry.Title:
    """``cls`` as the title ``key``, drawn by Torri's renderer, for this test only."""
    torri = registry.get("torri")
    title = registry.Title(key, cls(), torri.renderer)
    monkeypatch.setitem(registry.titles(), key, title)
    return title
