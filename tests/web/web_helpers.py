"""The web page's test pieces: a started web server on a real SQLite file (or PostgreSQL), with the
real service behind it, and games played to a given point through the service."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass

from bot.play.service import GameService, User
from bot.play.workers import Workers
from bot.store import Store
from bot.web.guard import Buckets
from bot.web.server import bound_port, make_app, serving
from tests.platform.platform_helpers import PLAYERS


@dataclass
class Served:
    service: GameService
    url: str  # http://127.0.0.1:PORT


@contextlib.asynccontextmanager
async def served(database: str, connected: bool = True, buckets: Buckets | None = None,
                 workers: Workers | None = None) -> AsyncIterator[Served]:
    store = await Store.open(database)
    try:
        service = GameService(store, workers=workers)
        app = make_app(store, service.spectators, service.workers, lambda: connected, buckets)
        async with serving(app, "127.0.0.1", 0) as runner:
            yield Served(service, f"http://127.0.0.1:{bound_port(runner)}")
    finally:
        await store.close()


SEATED = PLAYERS + [User(15, "Ugo"), User(16, "Vera")]  # up to six (Leonardo)


async def start_game(service: GameService, channel: int, key: str, players: int, seed: int = 3,
                     options: str | None = None) -> int:
    await service.create(7, channel, SEATED[0], key, options)
    for user in SEATED[1:players]:
        await service.join(channel, user)
    await service.start(channel, SEATED[0], seed=seed)
    row = await service.store.games.open_in(channel)
    return row.id


async def play_one(service: GameService, channel: int) -> bool:
    """The first legal move of the first waiting player; False once the game is over."""
    if not await service.is_playing(channel):
        return False
    pending = await service.pending(channel)
    if not pending:
        return False
    user_id, notations = sorted(pending.items())[0]
    await service.act(channel, User(user_id, "player"), notations[0])
    return True
