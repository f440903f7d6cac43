"""Turn clocks: each game's clock setting (``game_clocks``) and each waiting seat's running clock
(``seat_clocks``).

Times are UTC ISO text to the second (``clock_text``), so text order is time order and one indexed
query (``due``) finds every clock the scheduler has work for.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from bot.store.decoding import clock_text, game_clock, seat_clock
from bot.store.records import GameClock, SeatClock

__all__ = ["Clocks", "clock_text"]


class Clocks:
    def __init__(self, db: Any) -> None:
        self._db = db  # a scope: a transaction's, or the store's own (bot.store.transactions)

    # --- a game's clock -------------------------------------------------------------------------------
    async def set_setting(self, game_id: int, hours: int | None, on_timeout: str) -> None:
        async with self._db.writing():
            await self._db.execute(
                "INSERT INTO game_clocks (game_id, hours, on_timeout) VALUES (?, ?, ?) ON CONFLICT (game_id)"
                " DO UPDATE SET hours = excluded.hours, on_timeout = excluded.on_timeout",
                (game_id, hours, on_timeout),
            )

    async def setting(self, game_id: int) -> GameClock | None:
        """The game's clock setting; None for a game stored before clocks (the service's default)."""
        async with self._db.reading(), self._db.execute(
            "SELECT hours, on_timeout, board_url FROM game_clocks WHERE game_id = ?", (game_id,)
        ) as cur:
            r = await cur.fetchone()
        return None if r is None else game_clock(r)

    async def set_board_url(self, game_id: int, url: str) -> None:
        async with self._db.writing():
            await self._db.execute("UPDATE game_clocks SET board_url = ? WHERE game_id = ?", (url, game_id))

    # --- seats' clocks --------------------------------------------------------------------------------
    async def running(self, game_id: int) -> dict[int, SeatClock]:
        async with self._db.reading(), self._db.execute(
            "SELECT seat, moves, started, due, reminded, next_at FROM seat_clocks WHERE game_id = ?", (game_id,)
        ) as cur:
            return {r["seat"]: seat_clock(game_id, r) async for r in cur}

    async def sync(self, game_id: int, owing: dict[int, int], started: datetime, due: datetime,
                   first_at: datetime) -> dict[int, SeatClock]:
        """The seats of ``owing`` (seat -> its move count now) each keep the clock of the decision they
        owe (the same move count), or start a new one due at ``due``; every other clock of the game
        stops. Returns the running clocks."""
        async with self._db.writing():
            now = await self.running(game_id)
            for seat, clock in now.items():
                if owing.get(seat) != clock.moves:
                    await self._db.execute("DELETE FROM seat_clocks WHERE game_id = ? AND seat = ?", (game_id, seat))
            for seat, moves in owing.items():
                if seat in now and now[seat].moves == moves:
                    continue
                await self._db.execute(
                    "INSERT INTO seat_clocks (game_id, seat, moves, started, due, reminded, next_at)"
                    " VALUES (?, ?, ?, ?, ?, 0, ?)",
                    (game_id, seat, moves, clock_text(started), clock_text(due), clock_text(first_at)),
                )
            return await self.running(game_id)

    async def step(self, game_id: int, seat: int, moves: int, was_at: datetime, reminded: int,
                   next_at: datetime) -> bool:
        """A reminder went out for the decision the seat owes at ``moves``, whose clock had work due at
        ``was_at``: the next one is at ``next_at``. False (nothing written) if the seat decided or the
        step was taken meanwhile."""
        async with self._db.writing():
            cur = await self._db.execute(
                "UPDATE seat_clocks SET reminded = ?, next_at = ? WHERE game_id = ? AND seat = ? AND moves = ?"
                " AND next_at = ?",
                (reminded, clock_text(next_at), game_id, seat, moves, clock_text(was_at)),
            )
            return cur.rowcount == 1

    async def due(self, now: datetime) -> list[tuple[int, int, int]]:
        """(game id, channel id, seat) of every seat clock with work due at ``now`` or earlier (a
        reminder, a timeout) and every away period over, in the order that work fell due: a timeout
        when the clock ran out (the reminders it passed while the bot was down are not sent), a
        reminder (or, once overdue with ``on_timeout=wait``, a reminder again) at its own time; at
        one moment, timeouts first. One query on the ``seat_clocks_next`` and ``seat_keepers_away``
        indexes."""
        at = clock_text(now)
        async with self._db.reading(), self._db.execute(
            "SELECT g.id, g.channel_id, d.seat FROM ("
            " SELECT game_id, seat, CASE WHEN due <= ? AND next_at <= due THEN due ELSE next_at END AS at,"
            " CASE WHEN due <= ? AND next_at <= due THEN 0 ELSE 1 END AS later"
            " FROM seat_clocks WHERE next_at <= ?"
            " UNION ALL SELECT game_id, seat, away_until AS at, 1 AS later FROM seat_keepers"
            " WHERE away_until IS NOT NULL AND away_until <= ?"
            ") d JOIN games g ON g.id = d.game_id WHERE g.status = 'active' ORDER BY d.at, d.later, g.id, d.seat",
            (at, at, at, at),
        ) as cur:
            return [(r[0], r[1], r[2]) async for r in cur]
