"""The store: SQLite (one file, WAL; the default) or PostgreSQL (``bot.store.postgres``), chosen by
``PIAZZA_DB`` (a path or ``sqlite:///path``, or a ``postgresql://`` URL); schema versioned with
migrations. Every query is written once, in SQLite's dialect: the PostgreSQL adapter rewrites it.
A game is a row of metadata, its seats, an append-only action log and the current snapshot with a
version number (the number of actions applied). Every move is one transaction: the version check,
the log entry and the new snapshot land together or not at all, so two racing moves end with one
applied and the other refused. Durability: WAL with ``synchronous=FULL``, so a move acknowledged to
its player survives a power loss, not only a crash of the process. A transaction always ends, even
when the task running it is cancelled (see ``_transaction``).
"""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store import postgres
from bot.store.claims import GAME, LEASE
from bot.store.clocks import Clocks
from bot.store.migrations import MIGRATIONS
from bot.store.places import Places
from bot.store.records import GameRow, LoggedAction, Notice, SchemaTooNew, Seat, StaleVersion
from bot.store.votes import Replacements
from bot.store.seats import Seating, now_text

DEFAULT_PATH = Path("piazza.sqlite3")
ENV_PATH = "PIAZZA_DB"

OPEN = ("lobby", "active")
SQLITE_URL = "sqlite:///"



def deadline_text(when: datetime) -> str:
    """How a deadline is stored: UTC, ISO 8601 to the minute (text order is time order)."""
    return when.astimezone(UTC).isoformat(timespec="minutes")


def default_path() -> Path:
    """The SQLite file ``PIAZZA_DB`` names (``sqlite:///`` stripped); see ``default_target``."""
    target = default_target()
    return Path(target) if isinstance(target, Path) else Path(DEFAULT_PATH)


def default_target() -> Path | str:
    """What ``PIAZZA_DB`` names: a SQLite file's path, or a PostgreSQL URL (kept as text)."""
    return target_of(os.environ.get(ENV_PATH) or DEFAULT_PATH)


def target_of(text: str | Path) -> Path | str:
    if postgres.is_postgres_url(text):
        return str(text)
    text = str(text)
    return Path(text[len(SQLITE_URL):] if text.startswith(SQLITE_URL) else text)


async def _use_wal(db: aiosqlite.Connection) -> None:
    """Switch the file to write-ahead logging. Several processes opening one new database at the
    same moment all ask for the switch; SQLite answers "database is locked" to the losers at once
    (the busy timeout does not apply to it), so try again briefly before giving up."""
    for attempt in range(50):
        try:
            await db.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as e:
            if "locked" not in str(e) or attempt == 49:
                raise
            await asyncio.sleep(0.02 + 0.01 * attempt)


class Store(Seating, Clocks, Replacements, Places):
    """Async access to one SQLite file or PostgreSQL database. Use ``await Store.open(path or url)``.
    The lobby's writes (opening a game, seats, starting) are its ``Seating`` part; turn clocks its
    ``Clocks`` part, seats changing hands its ``Replacements`` part, games in threads its ``Places``
    part; scheduled work held by one
    process, its ``Claims`` part."""

    def __init__(self, db: aiosqlite.Connection | postgres.PgConnection, path: Path | str):
        self._db: Any = db  # aiosqlite's connection, or the PostgreSQL adapter with the same execute()
        self.path = path  # the SQLite file, or the PostgreSQL URL
        self.backend = "postgresql" if isinstance(db, postgres.PgConnection) else "sqlite"
        self.integrity_errors = postgres.INTEGRITY_ERRORS if self.backend == "postgresql" else (
            sqlite3.IntegrityError,)
        # One connection is shared by every coroutine: a lock keeps each transaction
        # (and each read) whole, so no coroutine sees another's half-written move.
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path | None = None) -> Store:
        """``path``: a SQLite file (or ``sqlite:///…``) or a ``postgresql://`` URL; ``PIAZZA_DB`` by default."""
        target = target_of(path) if path is not None else default_target()
        if isinstance(target, str):
            store = cls(await postgres.PgConnection.connect(target), target)
            try:
                await store._migrate()
            except BaseException:
                await store.close()
                raise
            return store
        path = target
        db = await aiosqlite.connect(path, isolation_level=None)  # explicit transactions
        db.row_factory = aiosqlite.Row
        try:  # a failed open closes its connection: its thread would otherwise keep the process alive
            await db.execute("PRAGMA busy_timeout=5000")
            await _use_wal(db)
            await db.execute("PRAGMA synchronous=FULL")  # an acknowledged move survives a power loss
            await db.execute("PRAGMA foreign_keys=ON")
            store = cls(db, path)
            await store._migrate()
        except BaseException:
            await db.close()
            raise
        return store

    async def close(self) -> None:
        await self._db.close()

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
            async with self._transaction():
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

    # --- reading ------------------------------------------------------------
    async def _row(self, where: str, args: tuple) -> GameRow | None:
        async with self._db.execute(f"SELECT * FROM games WHERE {where}", args) as cur:
            row = await cur.fetchone()
        if row is None:
            return None
        options, damage = _options(row["options"])
        game = GameRow(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            game_key=row["game_key"],
            options=options,
            seed=row["seed"],
            status=row["status"],
            created_by=row["created_by"],
            created_at=row["created_at"],
            deadline=row["deadline"],
            version=row["version"],
            snapshot=row["snapshot"],
            announced=row["announced"],
            damage=damage,
            hints=bool(row["hints"]),
            parent_id=row["parent_id"],
            rematch_of=row["rematch_of"],
            lobby=row["lobby"],
        )
        async with self._db.execute(
            "SELECT seat, user_id, name, notices_read, bot FROM seats WHERE game_id = ? ORDER BY seat", (game.id,)
        ) as cur:
            game.seats = [Seat(r["seat"], r["user_id"], r["name"], r["notices_read"], r["bot"]) async for r in cur]
        return game

    async def game(self, game_id: int) -> GameRow | None:
        async with self._lock:
            return await self._row("id = ?", (game_id,))

    async def open_game_in(self, channel_id: int) -> GameRow | None:
        async with self._lock:
            return await self._row("channel_id = ? AND status IN ('lobby', 'active')", (channel_id,))

    async def open_games(self, guild_id: int | None = None) -> list[GameRow]:
        """Every unfinished game (of one guild, or all): what a restart picks up again."""
        sql = "SELECT id FROM games WHERE status IN ('lobby', 'active')"
        args: tuple = ()
        if guild_id is not None:
            sql += " AND guild_id = ?"
            args = (guild_id,)
        async with self._lock:
            async with self._db.execute(sql + " ORDER BY id", args) as cur:
                ids = [r[0] async for r in cur]
            games = [await self._row("id = ?", (i,)) for i in ids]
        return [g for g in games if g is not None]

    async def due(self, now: datetime) -> list[tuple[int, int]]:
        """(game id, channel id) of every game being played whose deadline is ``now`` or earlier:
        one query on the ``games_due`` index. Deadlines are UTC ISO text (``deadline_text``); one
        that does not read as such never comes due (the service names the game damaged)."""
        async with self._lock, self._db.execute(
            "SELECT id, channel_id FROM games WHERE status = 'active' AND deadline IS NOT NULL AND deadline <= ?"
            " ORDER BY deadline",
            (deadline_text(now),),
        ) as cur:
            return [(r["id"], r["channel_id"]) async for r in cur]

    async def actions(self, game_id: int, since: int = 0) -> list[LoggedAction]:
        async with self._lock, self._db.execute(
            "SELECT seq, seat, action, public, at, events FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq",
            (game_id, since),
        ) as cur:
            return [
                LoggedAction(r["seq"], r["seat"], r["action"], json.loads(r["public"]), r["at"],
                             None if r["events"] is None else json.loads(r["events"]))
                async for r in cur
            ]

    async def notices(self, game_id: int, seat: int, since: int) -> list[Notice]:
        """The seat's private notices produced after version ``since``, oldest first."""
        async with self._lock, self._db.execute(
            "SELECT seq, events FROM actions WHERE game_id = ? AND seq > ? AND events IS NOT NULL ORDER BY seq",
            (game_id, since),
        ) as cur:
            rows = [(r["seq"], json.loads(r["events"])) async for r in cur]
        return [Notice(seq, e) for seq, events in rows for e in events if e.get("to") == seat]

    async def moves_by_seat(self, game_id: int, seat: int) -> int:
        """How many logged moves this seat has made."""
        async with self._lock, self._db.execute(
            "SELECT COUNT(*) FROM actions WHERE game_id = ? AND seat = ?", (game_id, seat)
        ) as cur:
            row = await cur.fetchone()
        assert row is not None  # COUNT(*) always answers one row
        return int(row[0])

    async def with_bots(self) -> list[tuple[int, int]]:
        """(game id, channel id) of every game being played with a bot seated (the ``seats_bots``
        index): the watcher resumes those whose bot owes a decision."""
        async with self._lock, self._db.execute(
            "SELECT DISTINCT g.id, g.channel_id FROM seats s JOIN games g ON g.id = s.game_id"
            " WHERE s.bot IS NOT NULL AND g.status = 'active' ORDER BY g.id"
        ) as cur:
            return [(r["id"], r["channel_id"]) async for r in cur]

    async def lagging(self) -> list[int]:
        """Games (playing or just finished) whose newest board the channel has not been shown."""
        async with self._lock, self._db.execute(
            "SELECT id FROM games WHERE announced < version AND status IN ('active', 'finished') ORDER BY id"
        ) as cur:
            return [r[0] async for r in cur]

    # --- writing ------------------------------------------------------------
    @asynccontextmanager
    async def _transaction(self):
        """BEGIN IMMEDIATE ... COMMIT, rolled back on any exception, cancellation included.

        aiosqlite runs each statement in its own thread, one after the other: a cancelled await
        does not stop the statement, which still runs (a BEGIN still opens the transaction, a
        COMMIT still lands). The ROLLBACK is queued behind it before the lock is released, so
        the next transaction always starts on a clean connection; a ROLLBACK with nothing to roll
        back (the BEGIN failed, or the COMMIT landed) is ignored.

        On PostgreSQL: the adapter's transaction (READ COMMITTED; the conditional UPDATEs lock the
        rows they check). The lock is then only the in-process fast path."""
        async with self._lock:
            if self.backend == "postgresql":
                async with self._db.transaction():
                    yield
                return
            try:
                await self._db.execute("BEGIN IMMEDIATE")
                yield
                await self._db.execute("COMMIT")
            except BaseException:
                await self._rollback()
                raise

    @asynccontextmanager
    async def reading(self):
        """Several reads that see one moment of the database while writers go on (``db copy``):
        SQLite's deferred transaction on a WAL file, PostgreSQL's REPEATABLE READ."""
        async with self._lock:
            if self.backend == "postgresql":
                async with self._db.transaction():
                    await self._db.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                    yield
                return
            await self._db.execute("BEGIN")
            try:
                yield
            finally:
                await self._rollback()

    async def tables(self) -> list[str]:
        """Every table of the schema (not the schema version's own): ``games`` first, then by name."""
        if self.backend == "postgresql":
            sql = ("SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
                   " AND table_type = 'BASE TABLE' AND table_name <> 'piazza_schema'")
        else:
            sql = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        async with self._lock, self._db.execute(sql) as cur:
            names = [r[0] async for r in cur]
        return sorted(names, key=lambda n: (n != "games", n))

    async def _rollback(self) -> None:
        try:
            # queued synchronously when awaited: it runs even if this task is cancelled again
            await self._db.execute("ROLLBACK")
        except sqlite3.OperationalError:  # no transaction was open any more
            pass

    async def commit_move(
        self,
        game_id: int,
        expected_version: int,
        seat: int,
        action_json: str,
        events: list[dict[str, Any]],
        snapshot: str,
        finished: bool,
        reader: int | None = None,
        holder: tuple[str, datetime] | None = None,
    ) -> int:
        """Append one action (with every event it produced, public and private, as JSON dicts
        ``{"key", "params", "to"}``) and the new snapshot in one transaction; returns the new version.
        ``reader``: a seat shown its notices up to this action with it (the mover), whose read
        mark moves in the same transaction. ``holder`` (the process's owner name, now): the game
        is claimed for it in the same transaction, if free (``bot.store.claims``).

        Raises StaleVersion (and writes nothing) if another move landed since
        ``expected_version`` was read."""
        async with self._transaction():
            now = now_text()
            cur = await self._db.execute(
                "UPDATE games SET version = version + 1, snapshot = ?, status = ?, updated_at = ?"
                " WHERE id = ? AND version = ? AND status = 'active'",
                (snapshot, "finished" if finished else "active", now, game_id, expected_version),
            )
            if cur.rowcount != 1:
                raise StaleVersion("bot.store.moved_on")
            await self._db.execute(
                "INSERT INTO actions (game_id, seq, seat, action, public, at, events) VALUES (?, ?, ?, ?, '[]', ?, ?)",
                (game_id, expected_version + 1, seat, action_json, now, json.dumps(events)),
            )
            if reader is not None:
                await self._mark_read(game_id, reader, expected_version + 1)
            if holder is not None:
                await self._hold(GAME, str(game_id), holder[0], holder[1], LEASE)
        return expected_version + 1

    async def mark_notices_read(self, game_id: int, seat: int, version: int) -> None:
        """The seat has been shown its notices up to ``version`` (the mark never moves backwards)."""
        async with self._transaction():
            await self._mark_read(game_id, seat, version)

    async def _mark_read(self, game_id: int, seat: int, version: int) -> None:
        await self._db.execute(
            "UPDATE seats SET notices_read = ? WHERE game_id = ? AND seat = ? AND notices_read < ?",
            (version, game_id, seat, version),
        )

    async def mark_announced(self, game_id: int, version: int) -> None:
        """The channel has been shown the board of ``version`` (never moves backwards)."""
        async with self._transaction():
            await self._db.execute(
                "UPDATE games SET announced = ? WHERE id = ? AND announced < ?", (version, game_id, version)
            )

    async def set_status(self, game_id: int, status: str) -> None:
        async with self._transaction():
            await self._db.execute(
                "UPDATE games SET status = ?, updated_at = ? WHERE id = ?", (status, now_text(), game_id)
            )


def _options(text) -> tuple[dict, str | None]:
    """A row's options, or ({}, what is wrong): one damaged row must not break a listing."""
    try:
        options = json.loads(text)
    except (TypeError, ValueError):
        return {}, "bot.damaged.options_json"
    if not isinstance(options, dict):
        return {}, "bot.damaged.options_table"
    return options, None


def _statements(script: str) -> list[str]:
    return [s.strip() for s in script.split(";") if s.strip()]
