"""Seats and players shared by the platform tests, a test clock, and a gate on the store's statements."""

import asyncio
import threading
import time
from datetime import UTC, datetime

from bot.play.service import User
from tests.patience import EVENT_SECONDS

ANNE, BRUNO, ANDREA, SOFIA = User(11, "Anne"), User(12, "Bruno"), User(13, "Andrea"), User(14, "Sofia")
PLAYERS = [ANNE, BRUNO, ANDREA, SOFIA]
NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


class Clock:
    """A service's clock that stands still at ``NOW`` until a test moves ``now``."""

    def __init__(self):
        self.now = NOW

    def __call__(self):
        return self.now


async def seated_game(service, channel=1, key="bella_vista", players=2, seed=3, options=None):
    await service.create(7, channel, ANNE, key, options)
    for user in PLAYERS[1:players]:
        await service.join(channel, user)
    return await service.start(channel, ANNE, seed=seed)


def by_id(user_id):
    return next(u for u in PLAYERS if u.id == user_id)


class StatementGate:
    """Holds a store's SQLite worker thread just before a chosen statement runs (an sqlite3 trace
    callback, which aiosqlite calls in that thread; on PostgreSQL the adapter awaits the same
    callback before each statement, and calls it with "BEGIN" as a transaction opens), so a test can act at that exact await: cancel
    the task awaiting it, or write through another connection. Nothing of the project is replaced.

    ``async with StatementGate(store, "BEGIN IMMEDIATE") as gate:`` arms it; ``await gate.reached()``
    waits until the statement is about to run; ``gate.open()`` lets it run. ``after``: only once a
    statement starting so has run (the first BEGIN after a given read, say)."""

    def __init__(self, store, statement: str, after: str | None = None):
        self.store, self.statement = store, statement
        self._after = None if after is None else after.upper()
        self._reached, self._open = threading.Event(), threading.Event()

    def __call__(self, sql: str):  # the trace callback: in SQLite's worker thread, or awaited on PostgreSQL
        if self._after is not None:
            if sql.lstrip().upper().startswith(self._after):
                self._after = None
            return None
        if not self._reached.is_set() and sql.lstrip().upper().startswith(self.statement):
            self._reached.set()
            if self.store.backend == "postgresql":
                return self._opened()
            self._open.wait(EVENT_SECONDS)  # the test opens it; the bound only catches a test that never does
        return None

    async def _opened(self) -> None:
        end = time.monotonic() + EVENT_SECONDS
        while not self._open.is_set() and time.monotonic() < end:
            await asyncio.sleep(0.001)

    async def reached(self, timeout: float = EVENT_SECONDS) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self._reached.is_set():
                return
            await asyncio.sleep(0.001)
        raise TimeoutError(f"no {self.statement} ran")

    def open(self) -> None:
        self._open.set()

    async def __aenter__(self):
        await self.store._db.set_trace_callback(self)
        return self

    async def __aexit__(self, *exc) -> None:
        self.open()
        await self.store._db.set_trace_callback(None)
