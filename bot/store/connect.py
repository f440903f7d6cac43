"""Where the store lives and how its SQLite file is opened: ``PIAZZA_DB`` names a SQLite file (a
path or ``sqlite:///path``) or a PostgreSQL URL (``bot.store.postgres``)."""

from __future__ import annotations

import asyncio
import os
import sqlite3
from pathlib import Path

import aiosqlite

from bot.store import postgres

DEFAULT_PATH = Path("piazza.sqlite3")
ENV_PATH = "PIAZZA_DB"
SQLITE_URL = "sqlite:///"


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


async def connect_sqlite(path: Path) -> aiosqlite.Connection:
    """The file opened for explicit transactions, in WAL with ``synchronous=FULL``; a failed open
    closes its connection (its thread would otherwise keep the process alive)."""
    db = await aiosqlite.connect(path, isolation_level=None)  # explicit transactions
    db.row_factory = aiosqlite.Row
    try:
        await db.execute("PRAGMA busy_timeout=5000")
        await _use_wal(db)
        await db.execute("PRAGMA synchronous=FULL")  # an acknowledged move survives a power loss
        await db.execute("PRAGMA foreign_keys=ON")
    except BaseException:
        await db.close()
        raise
    return db


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
