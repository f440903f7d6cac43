"""The action log: every move of a game appended with every event it produced (public, and private ones
addressed to a seat: that seat's notices) together with the game's new snapshot, in one write; read
back decoded (``bot.store.decoding``).

A move is one transaction: the version check, the seat check, the log entry and the new snapshot
land together or not at all, so two racing moves end with one applied and the other refused.
"""

from __future__ import annotations

import json
from typing import Any

from bot.store.changes import CHANNEL
from bot.store.decoding import logged_action, notices, now_text
from bot.store.records import LoggedAction, Notice, StaleVersion


class Log:
    def __init__(self, db: Any) -> None:
        self._db = db  # a scope: a transaction's, or the store's own (bot.store.transactions)

    async def append(self, game_id: int, expected_version: int, seat: int, action_json: str,
                     events: list[dict[str, Any]], snapshot: str, finished: bool, reader: int | None = None,
                     held_by: int | None = None) -> int:
        """Append one action (with every event it produced, public and private, as JSON dicts
        ``{"key", "params", "to"}``) and the new snapshot; returns the new version. ``reader``: a seat
        shown its notices up to this action with it (the mover), whose read mark moves in the same
        write. ``held_by``: the user id the seat was held by when the move was decided (a person's,
        or a bot's negative one); checked here, so a move decided for a seat that changed hands
        meanwhile (a vote, /back, in another process) is refused.

        Raises StaleVersion (and writes nothing) if another move landed since ``expected_version``
        was read, or the seat changed hands."""
        async with self._db.writing():
            now = now_text()
            cur = await self._db.execute(
                "UPDATE games SET version = version + 1, snapshot = ?, status = ?, updated_at = ?"
                " WHERE id = ? AND version = ? AND status = 'active'",
                (snapshot, "finished" if finished else "active", now, game_id, expected_version),
            )
            if cur.rowcount != 1:
                raise StaleVersion("bot.store.moved_on")
            if held_by is not None:
                async with self._db.execute("SELECT user_id FROM seats WHERE game_id = ? AND seat = ?",
                                            (game_id, seat)) as found:
                    r = await found.fetchone()
                if r is None or r[0] != held_by:
                    raise StaleVersion("bot.store.moved_on")
            await self._db.execute(
                "INSERT INTO actions (game_id, seq, seat, action, public, at, events) VALUES (?, ?, ?, ?, '[]', ?, ?)",
                (game_id, expected_version + 1, seat, action_json, now, json.dumps(events)),
            )
            if reader is not None:
                await self._mark_read(game_id, reader, expected_version + 1)
            if self._db.backend == "postgresql":  # every process's page hears it at commit (bot.store.changes)
                await self._db.execute("SELECT pg_notify(?, ?)", (CHANNEL, str(game_id)))
            self._db.moved(game_id)
        return expected_version + 1

    async def actions(self, game_id: int, since: int = 0) -> list[LoggedAction]:
        """The log after version ``since``, oldest first; ``Unreadable`` if an entry does not read."""
        async with self._db.reading(), self._db.execute(
            "SELECT seq, seat, action, public, at, events FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq",
            (game_id, since),
        ) as cur:
            rows = list(await cur.fetchall())
        return [logged_action(game_id, r) for r in rows]

    async def notices(self, game_id: int, seat: int, since: int) -> list[Notice]:
        """The seat's private notices produced after version ``since``, oldest first."""
        async with self._db.reading(), self._db.execute(
            "SELECT seq, events FROM actions WHERE game_id = ? AND seq > ? AND events IS NOT NULL ORDER BY seq",
            (game_id, since),
        ) as cur:
            rows = list(await cur.fetchall())
        return notices(game_id, seat, rows)

    async def moves_by_seat(self, game_id: int, seat: int) -> int:
        """How many logged moves this seat has made."""
        async with self._db.reading(), self._db.execute(
            "SELECT COUNT(*) FROM actions WHERE game_id = ? AND seat = ?", (game_id, seat)
        ) as cur:
            row = await cur.fetchone()
        assert row is not None  # COUNT(*) always answers one row
        return int(row[0])

    async def moves_per_seat(self, game_id: int) -> dict[int, int]:
        async with self._db.reading(), self._db.execute(
            "SELECT seat, COUNT(*) AS n FROM actions WHERE game_id = ? GROUP BY seat", (game_id,)
        ) as cur:
            return {r["seat"]: r["n"] async for r in cur}

    async def mark_read(self, game_id: int, seat: int, version: int) -> None:
        """The seat has been shown its notices up to ``version`` (the mark never moves backwards)."""
        async with self._db.writing():
            await self._mark_read(game_id, seat, version)

    async def _mark_read(self, game_id: int, seat: int, version: int) -> None:
        await self._db.execute("UPDATE seats SET notices_read = ? WHERE game_id = ? AND seat = ? AND notices_read < ?",
                               (version, game_id, seat, version))
