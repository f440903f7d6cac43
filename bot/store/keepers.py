"""Who keeps each seat of a game being played (``seat_keepers``): the autopilot's streak for it and
whether that made it idle, an away period, the person a bot or a volunteer holds it for, a vacancy
waiting for a volunteer. ``keep`` is the one writer of a keeper's fields (``bot.store.seats`` uses it
when a seat changes hands)."""

from __future__ import annotations

from typing import Any

from bot.store.decoding import keeper
from bot.store.records import Keeper


async def keep(db: Any, game_id: int, seat: int, **fields: Any) -> None:
    """Set these fields of the seat's keeper (made if the seat has none yet), inside a write."""
    await db.execute("INSERT INTO seat_keepers (game_id, seat) VALUES (?, ?) ON CONFLICT DO NOTHING", (game_id, seat))
    sets = ", ".join(f"{k} = ?" for k in fields)
    await db.execute(f"UPDATE seat_keepers SET {sets} WHERE game_id = ? AND seat = ?", (*fields.values(), game_id, seat))


class Keepers:
    def __init__(self, db: Any) -> None:
        self._db = db  # a scope: a transaction's, or the store's own (bot.store.transactions)

    async def of(self, game_id: int) -> dict[int, Keeper]:
        async with self._db.reading(), self._db.execute(
            "SELECT seat, streak, auto_moves, idle, away_until, owner_id, owner_name, vacant FROM seat_keepers"
            " WHERE game_id = ?", (game_id,),
        ) as cur:
            return {r["seat"]: keeper(game_id, r) async for r in cur}

    async def autopiloted(self, game_id: int, seat: int, moves_after: int, idle_after: int) -> bool:
        """The autopilot played for the seat; returns whether the seat has just become idle (its
        ``idle_after``-th decision in a row)."""
        async with self._db.writing():
            async with self._db.execute(
                "SELECT streak, idle FROM seat_keepers WHERE game_id = ? AND seat = ?", (game_id, seat)
            ) as cur:
                r = await cur.fetchone()
            streak = (r["streak"] if r else 0) + 1
            became_idle = streak >= idle_after and not (r and r["idle"])
            await keep(self._db, game_id, seat, streak=streak, auto_moves=moves_after,
                       idle=int(became_idle or bool(r and r["idle"])))
        return became_idle

    async def came_back(self, game_id: int, seat: int) -> None:
        """The seat's person decided again: no streak, not idle."""
        async with self._db.writing():
            await keep(self._db, game_id, seat, streak=0, idle=0)
