"""Scheduled work claimed by one process at a time.

Several processes share one database; each runs the watcher. Before doing one piece of scheduled
work (a game's deadline, a lagging board, bots that owe a move, its clocks), a process claims it:
one row ``(kind, item)`` naming the owner and when its lease ends. A claim is granted if nobody
holds the item, or its lease has ended (its process died, or hung), or the owner already holds it
(a renewal). It is one statement (an upsert whose update only happens under that condition), so
two processes racing for one item cannot both get it: on PostgreSQL the second waits for the
first's row and then sees it held.

Kinds: ``game`` (``GAME``) is everything scheduled on one game. A move's commit also holds its game
for the mover's process (in the same transaction, no extra write) and lets the lease run out rather
than release it: the board that move is being posted right now is not posted again by another
process's catch-up, and the process where a game's players act keeps doing its scheduled work
(another takes over within one lease if that process dies).

The claim only says who does the work; the work itself stays safe to repeat (a move is version
checked), so a claim lost to an expired lease never doubles a move.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from bot.store.decoding import lease_text

GAME = "game"
LEASE = timedelta(minutes=2)  # longer than any one piece of work on a game takes

__all__ = ["GAME", "LEASE", "Claims", "lease_text"]


class Claims:
    def __init__(self, db: Any) -> None:
        self._db = db  # a scope: a transaction's, or the store's own (bot.store.transactions)

    async def claim(self, kind: str, item: str, owner: str, now: datetime, lease: timedelta) -> bool:
        """Take ``kind``/``item`` for ``owner`` until ``now + lease``; True if this owner holds it now."""
        async with self._db.writing():
            cur = await self._db.execute(
                "INSERT INTO claims (kind, item, owner, lease_until) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (kind, item) DO UPDATE SET owner = excluded.owner, lease_until = excluded.lease_until"
                " WHERE claims.lease_until <= ? OR claims.owner = excluded.owner",
                (kind, item, owner, lease_text(now + lease), lease_text(now)),
            )
            return cur.rowcount == 1

    async def release(self, kind: str, item: str, owner: str) -> None:
        """The work is done: the item is free again (only its owner's claim is removed)."""
        async with self._db.writing():
            await self._db.execute("DELETE FROM claims WHERE kind = ? AND item = ? AND owner = ?", (kind, item, owner))

    async def held(self, kind: str) -> list[tuple[str, str, str]]:
        """(item, owner, lease end) of every claim of ``kind`` (for the operator and the tests)."""
        async with self._db.reading(), self._db.execute(
            "SELECT item, owner, lease_until FROM claims WHERE kind = ? ORDER BY item", (kind,)
        ) as cur:
            return [(r[0], r[1], r[2]) async for r in cur]
