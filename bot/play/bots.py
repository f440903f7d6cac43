"""Computer players at the table: their levels, names, thinking budget and generators.

A bot sits in a seat like a person, with a name from a list of Italian names and its level
(``Lorenzo (bot, greedy)``); it has no Discord user, so nobody is ever pinged for it. It decides
from its seat's view only (``engines.core.agents``), with a generator of its own derived from the
game's bots' secret (128 bits from the OS, kept with the game and never shown: not the seat's, not
the seed, which Le Torri di Bologna's record gives during play), its seat and the game's version, so
nobody can foresee a bot's draws. A game with bots replays from its log like any other (the bots'
moves are logged actions): the replay needs no secret.

The ``greedy`` and ``mcts`` levels need the game's hooks for agents (``Game.sample_state`` and
``Game.evaluate``); a title without them offers the ``random`` level only, and no hints.
"""

from __future__ import annotations

import hashlib
import os
import secrets

from bot.play.words import phrase
from engines.core import Game, Rng, quote
from engines.core.agents import LEVELS
from engines.core.rng import blake2b_seed

__all__ = ["LEVELS", "ENV_BUDGET", "bot_name", "bot_rng", "bot_secret", "budget_from_env", "has_hooks",
           "needs_hooks"]

NAMES = ("Lorenzo", "Giulia", "Marco", "Francesca", "Matteo", "Chiara", "Alessandro", "Elena", "Luca",
         "Beatrice", "Giovanni", "Caterina")
ENV_BUDGET = "PIAZZA_BOT_BUDGET_MS"  # greedy's and mcts's thinking time per decision, in milliseconds
DEFAULT_BUDGET_MS = 1000


def has_hooks(engine: Game) -> bool:
    """Whether the title can be played by the ``greedy`` and ``mcts`` agents (and give hints): it
    samples positions from a seat's view and evaluates unfinished positions."""
    cls = type(engine)
    return cls.sample_state is not Game.sample_state and cls.evaluate is not Game.evaluate


def needs_hooks(level: str) -> bool:
    return level != "random"


NAME_LEVELS = {"random": "bot.bot_level.random", "greedy": "bot.bot_level.greedy", "mcts": "bot.bot_level.mcts"}


def bot_name(level: str, taken: list[str], lang: str | None = None) -> str:
    """``Lorenzo (bot, greedy)``, ``Lorenzo (bot, guloso)``: the first name of the list no seat of the
    game uses yet, and the level in the game's language ``lang`` (the name is stored, so it is worded once)."""
    used = {name.split(" ")[0] for name in taken}
    first = next((n for n in NAMES if n not in used), f"Bot {len(taken) + 1}")
    worded = phrase(NAME_LEVELS[level], lang=lang) if level in NAME_LEVELS else level
    return phrase("bot.bots.name", lang=lang, first=first, level=worded)


def budget_from_env(environ: dict[str, str] | None = None) -> float:
    """Seconds a greedy or mcts bot may think per decision: ``PIAZZA_BOT_BUDGET_MS`` (a whole
    number of milliseconds, 1 to 600000), 1 s when unset. A bad value raises ValueError saying so."""
    text = (os.environ if environ is None else environ).get(ENV_BUDGET, "").strip()
    if not text:
        return DEFAULT_BUDGET_MS / 1000
    if not text.isdigit() or not 1 <= int(text) <= 600_000:
        raise ValueError(f"{ENV_BUDGET} must be a whole number of milliseconds from 1 to 600000, "
                         f"not {quote(text)!r}.")
    return int(text) / 1000


def bot_secret() -> str:
    """A new game's bots' secret: 128 bits from the OS, as hex."""
    return secrets.token_hex(16)


def bot_rng(secret: str, seat: int, version: int) -> Rng:
    """The generator of the bot in ``seat`` for its decision at ``version`` of the game whose bots'
    secret is ``secret`` (never the game's seed: a record may give that away during play)."""
    key = hashlib.blake2b(f"{secret}|bot|{seat}|{version}".encode(), digest_size=16).hexdigest()
    return Rng.from_seed(blake2b_seed(key))
