"""``python -m bot ratings rebuild [--db URL]``: empty the ratings and rate every finished game again,
oldest first (``bot.play.rating_games.rebuild``). One summary line on stdout; a database that does not
open is one ``error:`` line on stderr (status 2)."""

from __future__ import annotations

import sys

from bot.play.rating_games import rebuild as rebuild_all
from bot.store import Store


async def rebuild(target: str | None) -> int:
    try:
        store = await Store.open(target)
    except Exception as exc:  # a path that does not open, a server that does not answer, a newer schema
        print(f"error: cannot open the database: {type(exc).__name__}: {str(exc)[:200]}", file=sys.stderr)
        return 2
    try:
        games, rows = await rebuild_all(store)
    finally:
        await store.close()
    print(f"ratings rebuilt: {games} games rated, {rows} rating changes written")
    return 0
