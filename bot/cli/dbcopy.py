"""``python -m bot db copy --from URL --to URL [--force]``: move a database to another backend.

Both ends are what ``PIAZZA_DB`` takes: a SQLite path (or ``sqlite:///path``) or a
``postgresql://`` URL. Both are opened as the bot opens them (so both are migrated to this bot's
schema first). Every table is copied, rows as they are (ids included): the source is read in one
consistent view (a live bot may go on writing; what it writes after that moment is not copied),
the target written in one transaction. Then every game is verified: its seed and action log are
replayed and must give its stored snapshot; the row counts must match.

A target that already holds games (or any row) is refused unless ``--force``, which empties it
first. Exit status: 0 copied and verified, 1 verification failed (the copy is left for
inspection), 2 refused (bad target, non-empty target, a database that cannot be opened).
"""

from __future__ import annotations

import asyncio
import sys
from typing import Any

from bot.play.answers import Refusal
from bot.play.service import GameService
from bot.store import Store
from bot.store.postgres import redacted

BATCH = 500


class CopyRefused(Exception):
    """A one-line reason the copy did not start (exit status 2)."""


async def _rows(store: Store, table: str) -> tuple[list[str], list[tuple[Any, ...]]]:
    async with store._db.execute(f"SELECT * FROM {table}") as cur:
        rows = list(await cur.fetchall())
    if not rows:
        return [], []
    return list(rows[0].keys()), [tuple(r) for r in rows]


async def _count(store: Store, table: str) -> int:
    async with store._lock, store._db.execute(f"SELECT COUNT(*) FROM {table}") as cur:
        row = await cur.fetchone()
    return int(row[0])


async def _reset_ids(target: Store, table: str) -> None:
    """PostgreSQL: an identity column continues after the copied ids (SQLite's do by themselves)."""
    async with target._db.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema()"
        " AND table_name = ? AND is_identity = 'YES'", (table,)
    ) as cur:
        columns = [r[0] async for r in cur]
    for column in columns:
        await target._db.execute(
            f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'),"
            f" (SELECT COALESCE(MAX({column}), 0) + 1 FROM {table}), false)")


async def copy(source_url: str, target_url: str, force: bool = False, out=None) -> int:
    out = out or sys.stdout
    source = await Store.open(source_url)
    try:
        target = await Store.open(target_url)
    except BaseException:
        await source.close()
        raise
    try:
        return await _copy(source, target, force, out)
    finally:
        await source.close()
        await target.close()


async def _copy(source: Store, target: Store, force: bool, out) -> int:
    tables = await source.tables()
    missing = sorted(set(tables) - set(await target.tables()))
    if missing:
        raise CopyRefused(f"the target has no table {', '.join(missing)}: is it an older bot's schema?")
    filled = [t for t in tables if await _count(target, t)]
    if filled and not force:
        raise CopyRefused(f"the target already holds rows (in {', '.join(filled)}); add --force to replace them")
    async with source.reading():
        read = {t: await _rows(source, t) for t in tables}
    async with target._transaction():
        for table in reversed(tables):  # children before games
            await target._db.execute(f"DELETE FROM {table}")
        for table in tables:
            columns, rows = read[table]
            if not rows:
                continue
            sql = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
            for row in rows:
                await target._db.execute(sql, row)
            if target.backend == "postgresql":
                await _reset_ids(target, table)
    for table in tables:
        print(f"{table}: {len(read[table][1])} rows", file=out)
    return await verify(target, {t: len(read[t][1]) for t in tables}, out)


async def verify(target: Store, expected: dict[str, int], out) -> int:
    """Row counts as read, and every started game's log replayed to its snapshot."""
    wrong = [f"{t}: {await _count(target, t)} rows, not {n}" for t, n in expected.items()
             if await _count(target, t) != n]
    service = GameService(target)
    async with target._lock, target._db.execute(
        "SELECT id, snapshot FROM games WHERE snapshot IS NOT NULL ORDER BY id"
    ) as cur:
        games = [(r[0], r[1]) async for r in cur]
    for game_id, snapshot in games:
        try:
            replayed = (await service.replay(game_id)).model_dump_json()
        except (Refusal, Exception) as exc:  # a damaged game: named, the others go on
            wrong.append(f"game {game_id} does not replay: {type(exc).__name__}: {str(exc)[:200]}")
            continue
        if replayed != snapshot:
            wrong.append(f"game {game_id}: its log does not replay to its snapshot")
    for line in wrong:
        print(f"error: {line}", file=out)
    if wrong:
        return 1
    print(f"verified: {len(games)} games replay to their snapshots", file=out)
    return 0


def main(source: str, target: str, force: bool) -> int:
    if source == target:
        print("error: --from and --to are the same database", file=sys.stderr)
        return 2
    try:
        return asyncio.run(copy(source, target, force))
    except CopyRefused as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # a database that cannot be opened: one line, with no password
        what = redacted(str(exc)).splitlines()[0] if str(exc) else type(exc).__name__
        print(f"error: cannot copy {redacted(source)} to {redacted(target)}: {what}", file=sys.stderr)
        return 2
