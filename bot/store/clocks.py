"""Turn clocks, a part of the ``Store``: each game's clock setting, each waiting seat's running clock,
who keeps each seat (autopilot streaks, idle, away, the owner a bot replaced), and who wants their
news by DM. Each write is one transaction.

Times are UTC ISO text to the second (``clock_text``), so text order is time order and one indexed
query (``due_clocks``) finds every clock the scheduler has work for.
"""

from __future__ import annotations

import asyncio
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from datetime import UTC, datetime

import aiosqlite


def clock_text(when: datetime) -> str:
    return when.astimezone(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class GameClock:
    hours: int | None  # None: the clock is off
    on_timeout: str  # "autopilot" or "wait"
    board_url: str | None = None  # a link to the newest board posted


@dataclass(frozen=True)
class SeatClock:
    seat: int
    moves: int  # the seat's move count when this decision began
    started: datetime
    due: datetime
    reminded: int  # reminders sent for this decision (and overdue reminders in "wait")
    next_at: datetime


@dataclass(frozen=True)
class Keeper:
    seat: int
    streak: int = 0  # decisions in a row the autopilot played for the seat
    auto_moves: int = -1  # the seat's move count after the autopilot's last move for it
    idle: bool = False
    away_until: datetime | None = None
    owner_id: int | None = None  # the person a bot or a volunteer replaced
    owner_name: str | None = None
    vacant: bool = False  # waiting for a volunteer (/takeover); a bot keeps it meanwhile


def _when(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def _at(text: str) -> datetime:
    """A time the schema never leaves empty."""
    return datetime.fromisoformat(text)


class Clocks:
    """Mixed into ``Store``, which provides the connection, its lock and its transactions."""

    _db: aiosqlite.Connection
    _lock: asyncio.Lock

    def _transaction(self) -> AbstractAsyncContextManager[None]:
        raise NotImplementedError

    @property
    def _reading(self):
        return self._lock

    # --- a game's clock -------------------------------------------------------------
    async def set_game_clock(self, game_id: int, hours: int | None, on_timeout: str) -> None:
        async with self._transaction():
            await self._db.execute(
                "INSERT INTO game_clocks (game_id, hours, on_timeout) VALUES (?, ?, ?) ON CONFLICT (game_id)"
                " DO UPDATE SET hours = excluded.hours, on_timeout = excluded.on_timeout",
                (game_id, hours, on_timeout),
            )

    async def game_clock(self, game_id: int) -> GameClock | None:
        """The game's clock setting; None for a game stored before clocks (the service's default)."""
        async with self._reading, self._db.execute(
            "SELECT hours, on_timeout, board_url FROM game_clocks WHERE game_id = ?", (game_id,)
        ) as cur:
            r = await cur.fetchone()
        return None if r is None else GameClock(r["hours"], r["on_timeout"], r["board_url"])

    async def set_board_url(self, game_id: int, url: str) -> None:
        async with self._transaction():
            await self._db.execute("UPDATE game_clocks SET board_url = ? WHERE game_id = ?", (url, game_id))

    async def moves_per_seat(self, game_id: int) -> dict[int, int]:
        async with self._reading, self._db.execute(
            "SELECT seat, COUNT(*) AS n FROM actions WHERE game_id = ? GROUP BY seat", (game_id,)
        ) as cur:
            return {r["seat"]: r["n"] async for r in cur}

    # --- seats' clocks ------------------------------------------------------------------
    async def seat_clocks(self, game_id: int) -> dict[int, SeatClock]:
        async with self._reading:
            return await self._seat_clocks(game_id)

    async def _seat_clocks(self, game_id: int) -> dict[int, SeatClock]:
        async with self._db.execute(
            "SELECT seat, moves, started, due, reminded, next_at FROM seat_clocks WHERE game_id = ?", (game_id,)
        ) as cur:
            return {r["seat"]: SeatClock(r["seat"], r["moves"], _at(r["started"]), _at(r["due"]), r["reminded"],
                                         _at(r["next_at"])) async for r in cur}

    async def sync_clocks(self, game_id: int, owing: dict[int, int], started: datetime, due: datetime,
                          first_at: datetime) -> dict[int, SeatClock]:
        """The seats of ``owing`` (seat -> its move count now) each keep the clock of the decision they
        owe (the same move count), or start a new one due at ``due``; every other clock of the game
        stops. Returns the running clocks."""
        async with self._transaction():
            now = await self._seat_clocks(game_id)
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
            return await self._seat_clocks(game_id)

    async def clock_step(self, game_id: int, seat: int, moves: int, reminded: int, next_at: datetime) -> None:
        """A reminder went out for the decision the seat owed at ``moves``: the next one is at ``next_at``."""
        async with self._transaction():
            await self._db.execute(
                "UPDATE seat_clocks SET reminded = ?, next_at = ? WHERE game_id = ? AND seat = ? AND moves = ?",
                (reminded, clock_text(next_at), game_id, seat, moves),
            )

    async def due_clocks(self, now: datetime) -> list[tuple[int, int, int]]:
        """(game id, channel id, seat) of every seat clock with work due at ``now`` or earlier (a
        reminder, a timeout) and every away period over, in the order they fell due: one query on
        the ``seat_clocks_next`` and ``seat_keepers_away`` indexes."""
        at = clock_text(now)
        async with self._reading, self._db.execute(
            "SELECT g.id, g.channel_id, d.seat FROM ("
            " SELECT game_id, seat, next_at AS at FROM seat_clocks WHERE next_at <= ?"
            " UNION ALL SELECT game_id, seat, away_until AS at FROM seat_keepers"
            " WHERE away_until IS NOT NULL AND away_until <= ?"
            ") d JOIN games g ON g.id = d.game_id WHERE g.status = 'active' ORDER BY d.at, g.id, d.seat",
            (at, at),
        ) as cur:
            return [(r[0], r[1], r[2]) async for r in cur]

    # --- who keeps a seat ---------------------------------------------------------------
    async def keepers(self, game_id: int) -> dict[int, Keeper]:
        async with self._reading, self._db.execute(
            "SELECT seat, streak, auto_moves, idle, away_until, owner_id, owner_name, vacant FROM seat_keepers"
            " WHERE game_id = ?", (game_id,),
        ) as cur:
            return {r["seat"]: Keeper(r["seat"], r["streak"], r["auto_moves"], bool(r["idle"]),
                                      _when(r["away_until"]), r["owner_id"], r["owner_name"], bool(r["vacant"]))
                    async for r in cur}

    async def _keep(self, game_id: int, seat: int, **fields) -> None:
        await self._db.execute("INSERT INTO seat_keepers (game_id, seat) VALUES (?, ?) ON CONFLICT DO NOTHING",
                               (game_id, seat))
        sets = ", ".join(f"{k} = ?" for k in fields)
        await self._db.execute(f"UPDATE seat_keepers SET {sets} WHERE game_id = ? AND seat = ?",
                               (*fields.values(), game_id, seat))

    async def autopiloted(self, game_id: int, seat: int, moves_after: int, idle_after: int) -> bool:
        """The autopilot played for the seat; returns whether the seat has just become idle (its
        ``idle_after``-th decision in a row)."""
        async with self._transaction():
            async with self._db.execute(
                "SELECT streak, idle FROM seat_keepers WHERE game_id = ? AND seat = ?", (game_id, seat)
            ) as cur:
                r = await cur.fetchone()
            streak = (r["streak"] if r else 0) + 1
            became_idle = streak >= idle_after and not (r and r["idle"])
            await self._keep(game_id, seat, streak=streak, auto_moves=moves_after,
                             idle=int(became_idle or bool(r and r["idle"])))
        return became_idle

    async def came_back(self, game_id: int, seat: int) -> None:
        """The seat's person decided again: no streak, not idle."""
        async with self._transaction():
            await self._keep(game_id, seat, streak=0, idle=0)

    # --- news by DM ------------------------------------------------------------------------
    async def set_dm(self, user_id: int, on: bool) -> None:
        async with self._transaction():
            await self._db.execute(
                "INSERT INTO notify_prefs (user_id, dm) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET dm = ?",
                (user_id, int(on), int(on)),
            )

    async def wants_dm(self, user_id: int) -> bool:
        async with self._reading, self._db.execute(
            "SELECT dm FROM notify_prefs WHERE user_id = ?", (user_id,)
        ) as cur:
            r = await cur.fetchone()
        return bool(r and r["dm"])
