"""Who hears that a game moved (or its web address changed): the live web page (``bot.web``) listens here.

A move (``Log.append``) tells its store's ``Changes`` once its transaction has committed. On SQLite
(one process) that is all: the listeners of this process are called right after the COMMIT. On
PostgreSQL, where several processes share the database and any of them may serve a game's page, the
move sends ``NOTIFY piazza_moves, '<game id>'`` inside its transaction (PostgreSQL delivers it at
commit, to every process listening, this one included), and each process's one listening connection
(``asyncpg``'s ``add_listener``) calls its listeners. A listener is a plain function of the game id;
it must not block (the web page's only sets an event).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

log = logging.getLogger("piazza")

CHANNEL = "piazza_moves"
Listener = Callable[[int], None]


class Changes:
    def __init__(self) -> None:
        self._listeners: list[Listener] = []
        self.remote = False  # True once moves arrive by PostgreSQL's NOTIFY (then commits do not call)
        self._stop: Any = None

    def listen(self, fn: Listener) -> Callable[[], None]:
        """Call ``fn(game_id)`` after every committed move; returns what stops it."""
        self._listeners.append(fn)
        return lambda: self._listeners.remove(fn) if fn in self._listeners else None

    def moved(self, game_id: int) -> None:
        for fn in list(self._listeners):
            try:
                fn(game_id)
            except Exception:  # a listener's failure never touches the move
                log.exception("a listener of game %s's moves failed", game_id)

    def committed(self, game_ids: list[int]) -> None:
        """A transaction that appended moves has committed (SQLite: the only messenger)."""
        if not self.remote:
            for game_id in game_ids:
                self.moved(game_id)

    def heard(self, payload: str) -> None:
        """A NOTIFY's payload (PostgreSQL)."""
        if payload.isdigit():
            self.moved(int(payload))

    async def close(self) -> None:
        if self._stop is not None:
            stop, self._stop = self._stop, None
            await stop()
