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

from bot.play.answers import Refusal
from bot.play.service import GameService
from bot.store import Store
from bot.store.postgres import redacted


class CopyRefused(Exception):
    """A one-line reason the copy did not start (exit status 2)."""


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
    tables = await source.bulk.tables()
    missing = sorted(set(tables) - set(await target.bulk.tables()))
    if missing:
        raise CopyRefused(f"the target has no table {', '.join(missing)}: is it an older bot's schema?")
    filled = [t for t in tables if await target.bulk.count(t)]
    if filled and not force:
        raise CopyRefused(f"the target already holds rows (in {', '.join(filled)}); add --force to replace them")
    async with source.read() as moment:
        read = {t: await moment.bulk.rows(t) for t in tables}
    await target.bulk.replace(tables, read)
    for table in tables:
        print(f"{table}: {len(read[table][1])} rows", file=out)
    return await verify(target, {t: len(read[t][1]) for t in tables}, out)


async def verify(target: Store, expected: dict[str, int], out) -> int:
    """Row counts as read, and every started game's log replayed to its snapshot."""
    wrong = [f"{t}: {await target.bulk.count(t)} rows, not {n}" for t, n in expected.items()
             if await target.bulk.count(t) != n]
    service = GameService(target)
    games = await target.bulk.snapshots()
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
