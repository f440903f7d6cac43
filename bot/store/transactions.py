"""The store: one connection (SQLite) or pool (PostgreSQL) and its transactions, and the repositories
that read and write each concern through them (``bot.store.games``, ``seats``, ``log``, ``clocks``,
``keepers``, ``votes``, ``claims``, ``places``, ``settings``, ``bulk``, ``ratings``, ``effects``: the outbox).

``Store.open`` opens SQLite (one file, WAL; the default) or PostgreSQL (``bot.store.postgres``),
chosen by ``PIAZZA_DB`` (a path or ``sqlite:///path``, or a ``postgresql://`` URL), and applies the
missing migrations. Every query is written once, in SQLite's dialect: the PostgreSQL adapter
rewrites it. Durability: WAL with ``synchronous=FULL``, so a move acknowledged to its player
survives a power loss, not only a crash of the process.

A write and everything it depends on happen in one transaction::

    async with store.transaction() as tx:
        row = await tx.games.open_in(channel_id)      # read inside: what the write checks
        await tx.log.append(...)                       # the write
        await tx.claims.hold(...)                      # and whatever goes with it

``tx`` holds the same repositories as the store, working inside that transaction; the transaction
commits when the block ends and rolls back on any exception, cancellation included. Outside a
write, ``store.games`` (and the others) take their own short read per call, or their own
transaction for a write that needs nothing checked beyond its own statement. Inside a transaction,
the store's own repositories refuse to run (``NestedUse``): on SQLite they would wait for the very
transaction that waits for them.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store import postgres
from bot.store.bulk import Bulk
from bot.store.changes import CHANNEL, Changes
from bot.store.claims import Claims
from bot.store.clocks import Clocks
from bot.store.connect import connect_sqlite, default_target, target_of
from bot.store.effects import Effects
from bot.store.games import Games
from bot.store.keepers import Keepers
from bot.store.log import Log
from bot.store.migrations import MIGRATIONS
from bot.store.pages import Pages
from bot.store.places import Places
from bot.store.ratings import Ratings
from bot.store.records import SchemaTooNew
from bot.store.seats import Seats
from bot.store.settings import Settings
from bot.store.votes import Votes

# the store whose transaction this task is in (at most one per task)
_open: ContextVar[Any] = ContextVar("piazza_store_transaction", default=None)
# the store this task holds for a short read or a write of its own (the statements may run)
_held: ContextVar[Any] = ContextVar("piazza_store_held", default=None)
# the games moved in this task's open transaction, told to ``Store.changes`` once it commits
_moved: ContextVar[list[int] | None] = ContextVar("piazza_store_moved", default=None)


def _note_moved(game_id: int) -> None:
    moved = _moved.get()
    if moved is not None:
        moved.append(game_id)


class NestedUse(RuntimeError):
    """A store's own repository, or a second transaction, used inside one of its transactions."""


class Repositories:
    """One of each repository, all working in one scope: a transaction (``Store.transaction``) or,
    for the store's own, a short read or write per call."""

    def __init__(self, scope: Any) -> None:
        self.games = Games(scope)
        self.seats = Seats(scope)
        self.log = Log(scope)
        self.clocks = Clocks(scope)
        self.keepers = Keepers(scope)
        self.votes = Votes(scope)
        self.claims = Claims(scope)
        self.places = Places(scope)
        self.settings = Settings(scope)
        self.bulk = Bulk(scope)
        self.effects = Effects(scope)
        self.pages = Pages(scope)
        self.ratings = Ratings(scope)


class _Inside:
    """The scope of an open transaction: statements run in it, nothing more to begin."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self.backend, self.integrity_errors = store.backend, store.integrity_errors

    def execute(self, sql: str, args: tuple = ()) -> Any:
        return self._store._db.execute(sql, args)

    def moved(self, game_id: int) -> None:
        _note_moved(game_id)

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[None]:
        yield

    writing = reading


class _Alone:
    """The scope of the store's own repositories: each call takes a short read (SQLite: the
    connection's lock, so no other coroutine's transaction is half-seen) or a transaction."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self.backend, self.integrity_errors = store.backend, store.integrity_errors

    def execute(self, sql: str, args: tuple = ()) -> Any:
        if _held.get() is not self._store:
            raise NestedUse("a repository ran a statement outside its read or write")
        return self._store._db.execute(sql, args)

    def moved(self, game_id: int) -> None:
        _note_moved(game_id)

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[None]:
        if _held.get() is self._store:  # a repository calling a helper: already held
            yield
            return
        self._store._outside_only()
        async with self._store._lock:
            token = _held.set(self._store)
            try:
                yield
            finally:
                _held.reset(token)

    @asynccontextmanager
    async def writing(self) -> AsyncIterator[None]:
        if _held.get() is self._store:
            yield
            return
        async with self._store._begin():
            token = _held.set(self._store)
            try:
                yield
            finally:
                _held.reset(token)


class Store:
    """Async access to one SQLite file or PostgreSQL database. Use ``await Store.open(path or url)``;
    ``transaction()`` for a write with what it checks, the repositories (``store.games`` ...) for
    one read or one self-contained write."""

    def __init__(self, db: aiosqlite.Connection | postgres.PgConnection, path: Path | str):
        self._db: Any = db  # aiosqlite's connection, or the PostgreSQL adapter with the same execute()
        self.path = path  # the SQLite file, or the PostgreSQL URL
        self.backend = "postgresql" if isinstance(db, postgres.PgConnection) else "sqlite"
        self.integrity_errors = postgres.INTEGRITY_ERRORS if self.backend == "postgresql" else (
            sqlite3.IntegrityError,)
        # One SQLite connection is shared by every coroutine: a lock keeps each transaction (and each
        # read) whole. On PostgreSQL it is only the in-process fast path: each transaction has its own
        # pooled connection, and the rows it locks keep other processes out.
        self._lock = asyncio.Lock()
        self._tx = Repositories(_Inside(self))
        alone = Repositories(_Alone(self))
        self.games, self.seats, self.log, self.clocks = alone.games, alone.seats, alone.log, alone.clocks
        self.keepers, self.votes, self.claims, self.places = alone.keepers, alone.votes, alone.claims, alone.places
        self.settings, self.bulk, self.effects = alone.settings, alone.bulk, alone.effects
        self.pages, self.ratings = alone.pages, alone.ratings
        self.changes = Changes()  # who hears of committed moves (bot.store.changes)

    @classmethod
    async def open(cls, path: str | Path | None = None) -> Store:
        """``path``: a SQLite file (or ``sqlite:///…``) or a ``postgresql://`` URL; ``PIAZZA_DB`` by default."""
        target = target_of(path) if path is not None else default_target()
        db: aiosqlite.Connection | postgres.PgConnection
        db = await postgres.PgConnection.connect(target) if isinstance(target, str) else await connect_sqlite(target)
        store = cls(db, target)
        try:  # a failed open closes its connection: its thread would otherwise keep the process alive
            await store._migrate()
        except BaseException:
            await store.close()
            raise
        return store

    async def close(self) -> None:
        """Close after the transaction under way (if any) has ended: a sweep cancelled at shutdown in
        the middle of its COMMIT then rolls back on a live connection, never on a closed one."""
        await self.changes.close()
        async with self._lock:
            await self._db.close()

    async def hear_other_processes(self) -> None:
        """On PostgreSQL: from now on, moves reach ``changes`` by LISTEN/NOTIFY, every process's
        (``bot.store.changes``). Nothing to do on SQLite, whose moves are all this process's."""
        if self.backend != "postgresql" or self.changes.remote:
            return
        self.changes._stop = await self._db.listen(CHANNEL, self.changes.heard)
        self.changes.remote = True

    async def ping(self) -> None:
        """One trivial query: raises if the database does not answer (``/readyz``)."""
        async with self._db.execute("SELECT 1") as cur:
            await cur.fetchone()

    # --- transactions -------------------------------------------------------------------------------
    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Repositories]:
        """One write and what it checks: the repositories working inside it (see the module text)."""
        async with self._begin():
            yield self._tx

    def _outside_only(self) -> None:
        if _open.get() is self:
            raise NestedUse("the store's own repositories were used inside its transaction: use the transaction's")

    @asynccontextmanager
    async def _own(self) -> AsyncIterator[None]:
        """This task's turn on the connection: no other coroutine of this process uses it meanwhile
        (on PostgreSQL, where each transaction has a pooled connection of its own, the in-process
        fast path), and the store's own repositories refuse until it ends."""
        self._outside_only()
        async with self._lock:
            token = _open.set(self)
            try:
                yield
            finally:
                _open.reset(token)

    @asynccontextmanager
    async def _begin(self) -> AsyncIterator[None]:
        """BEGIN IMMEDIATE ... COMMIT, rolled back on any exception, cancellation included.

        aiosqlite runs each statement in its own thread, one after the other: a cancelled await
        does not stop the statement, which still runs (a BEGIN still opens the transaction, a
        COMMIT still lands). The ROLLBACK is queued behind it before the lock is released, so
        the next transaction always starts on a clean connection; a ROLLBACK with nothing to roll
        back (the BEGIN failed, or the COMMIT landed) is ignored.

        On PostgreSQL: the adapter's transaction (READ COMMITTED; the conditional UPDATEs lock the
        rows they check, and a write that depends on a game's rows locks the game's row first)."""
        async with self._own():
            moved: list[int] = []
            token = _moved.set(moved)
            try:
                if self.backend == "postgresql":
                    async with self._db.transaction():
                        yield
                else:
                    try:
                        await self._db.execute("BEGIN IMMEDIATE")
                        yield
                        await self._db.execute("COMMIT")
                    except BaseException:
                        await self._rollback()
                        raise
            finally:
                _moved.reset(token)
        if moved:
            self.changes.committed(moved)

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Repositories]:
        """Several reads that see one moment of the database while writers go on (``db copy``):
        SQLite's deferred transaction on a WAL file, PostgreSQL's REPEATABLE READ."""
        async with self._own():
            if self.backend == "postgresql":
                async with self._db.transaction():
                    await self._db.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                    yield self._tx
                return
            await self._db.execute("BEGIN")
            try:
                yield self._tx
            finally:
                await self._rollback()

    async def _rollback(self) -> None:
        try:
            # queued synchronously when awaited: it runs even if this task is cancelled again
            await self._db.execute("ROLLBACK")
        except sqlite3.OperationalError:  # no transaction was open any more
            pass

    # --- the schema ----------------------------------------------------------------------------------
    async def schema_version(self) -> int:
        if self.backend == "postgresql":
            return await self._db.schema_version()
        async with self._db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        assert row is not None  # a PRAGMA always answers one row
        return int(row[0])

    async def _migrate(self) -> None:
        current = await self.schema_version()
        if current > len(MIGRATIONS):
            raise SchemaTooNew(
                f"{self.path} has schema version {current}, newer than this bot knows "
                f"({len(MIGRATIONS)}); upgrade the bot."
            )
        for version in range(current, len(MIGRATIONS)):
            async with self._begin():
                if self.backend == "postgresql":
                    await self._db.lock_schema()  # SQLite's BEGIN IMMEDIATE already excludes other writers
                if await self.schema_version() > version:  # another process migrated meanwhile
                    continue
                for statement in _statements(MIGRATIONS[version]):
                    await self._db.execute(statement)
                if self.backend == "postgresql":
                    await self._db.set_schema_version(version + 1)
                else:
                    await self._db.execute(f"PRAGMA user_version = {version + 1}")


def _statements(script: str) -> list[str]:
    return [s.strip() for s in script.split(";") if s.strip()]
