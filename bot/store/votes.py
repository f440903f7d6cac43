"""Seats changing hands during a game, a part of the ``Store``: replacement votes, a seat handed to a
bot or left for a volunteer, taken over, handed to the autopilot for a while, and given back. Each
is one transaction; a refusal is a ``StoreError`` and writes nothing.

A seat a person gave up keeps its person in ``seat_keepers`` (``owner_id``, ``owner_name``) while a bot
holds it, so /back can return it; a volunteer who takes it over clears that (the seat is theirs now).
"""

from __future__ import annotations

import json
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from datetime import datetime

import aiosqlite

from bot.store.clocks import clock_text
from bot.store.records import StoreError


@dataclass(frozen=True)
class Vote:
    seat: int  # whose seat the vote would hand on
    outcome: str  # a bot level, or "volunteer"
    moves: int  # the seat's move count when the vote opened (a move by the seat ends the vote)
    ballots: list[int]  # user ids in favour
    opened_at: datetime | None = None  # its first ballot (None: opened before votes lapsed)


class Replacements:
    """Mixed into ``Store``, which provides the connection, its lock and its transactions."""

    _db: aiosqlite.Connection
    integrity_errors: tuple[type[BaseException], ...]

    def _transaction(self) -> AbstractAsyncContextManager[None]:
        raise NotImplementedError

    async def _keep(self, game_id: int, seat: int, **fields) -> None:
        raise NotImplementedError

    # --- votes ----------------------------------------------------------------------------
    async def vote(self, game_id: int) -> Vote | None:
        async with self._lock, self._db.execute(  # type: ignore[attr-defined]
            "SELECT seat, outcome, moves, ballots, opened_at FROM votes WHERE game_id = ?", (game_id,)
        ) as cur:
            r = await cur.fetchone()
        if r is None:
            return None
        opened = None if r["opened_at"] is None else datetime.fromisoformat(r["opened_at"])
        return Vote(r["seat"], r["outcome"], r["moves"], json.loads(r["ballots"]), opened)

    async def open_vote(self, game_id: int, seat: int, outcome: str, moves: int, voter: int, now: datetime) -> None:
        try:
            async with self._transaction():
                await self._db.execute(
                    "INSERT INTO votes (game_id, seat, outcome, moves, ballots, opened_at) VALUES (?, ?, ?, ?, ?, ?)",
                    (game_id, seat, outcome, moves, json.dumps([voter]), clock_text(now)),
                )
        except self.integrity_errors as exc:
            raise StoreError("bot.store.vote_open") from exc

    async def add_ballot(self, game_id: int, voter: int) -> list[int]:
        async with self._transaction():
            async with self._db.execute("SELECT ballots FROM votes WHERE game_id = ?", (game_id,)) as cur:
                r = await cur.fetchone()
            if r is None:
                raise StoreError("bot.store.vote_gone")
            ballots = json.loads(r["ballots"])
            if voter in ballots:
                raise StoreError("bot.store.voted_already")
            ballots.append(voter)
            await self._db.execute("UPDATE votes SET ballots = ? WHERE game_id = ?", (json.dumps(ballots), game_id))
        return ballots

    async def close_vote(self, game_id: int) -> None:
        async with self._transaction():
            await self._db.execute("DELETE FROM votes WHERE game_id = ?", (game_id,))

    # --- seats changing hands ------------------------------------------------------------------
    async def _seat(self, game_id: int, seat: int) -> aiosqlite.Row:
        async with self._db.execute(
            "SELECT user_id, name, bot FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat)
        ) as cur:
            r = await cur.fetchone()
        if r is None:
            raise StoreError("bot.store.not_seated")
        return r

    async def _set_seat(self, game_id: int, seat: int, user_id: int, name: str, bot: str | None) -> None:
        await self._db.execute("UPDATE seats SET user_id = ?, name = ?, bot = ? WHERE game_id = ? AND seat = ?",
                               (user_id, name, bot, game_id, seat))

    async def hand_to_bot(self, game_id: int, seat: int, level: str, name: str, vacant: bool) -> None:
        """A vote's outcome: a bot of ``level`` holds the seat (for good, or until a volunteer takes it
        over if ``vacant``); the person is remembered for /back. The vote closes."""
        async with self._transaction():
            r = await self._seat(game_id, seat)
            async with self._db.execute("SELECT MIN(user_id) FROM seats WHERE game_id = ?", (game_id,)) as cur:
                found = await cur.fetchone()
                lowest = found[0] if found is not None else 0
            if r["bot"] is None:
                await self._keep(game_id, seat, owner_id=r["user_id"], owner_name=r["name"])
            await self._keep(game_id, seat, vacant=int(vacant), streak=0, idle=0, away_until=None)
            await self._set_seat(game_id, seat, min(lowest, 0) - 1, name, level)
            await self._db.execute("DELETE FROM votes WHERE game_id = ?", (game_id,))

    async def take_over(self, game_id: int, user_id: int, name: str) -> int:
        """A volunteer takes the game's vacant seat (the lowest); returns it. The person it was taken
        from can no longer claim it back."""
        async with self._transaction():
            async with self._db.execute(
                "SELECT seat FROM seat_keepers WHERE game_id = ? AND vacant = 1 ORDER BY seat", (game_id,)
            ) as cur:
                r = await cur.fetchone()
            if r is None:
                raise StoreError("bot.store.no_vacancy")
            seat = r["seat"]
            await self._set_seat(game_id, seat, user_id, name, None)
            await self._keep(game_id, seat, vacant=0, owner_id=None, owner_name=None, streak=0, idle=0)
        return seat

    async def away(self, game_id: int, seat: int, level: str, until: datetime) -> None:
        """The seat's person hands it to the autopilot (a bot of ``level``) until ``until``."""
        async with self._transaction():
            r = await self._seat(game_id, seat)
            if r["bot"] is not None:
                raise StoreError("bot.store.away_already")
            await self._keep(game_id, seat, owner_id=r["user_id"], owner_name=r["name"],
                             away_until=clock_text(until), streak=0, idle=0)
            await self._db.execute("UPDATE seats SET bot = ? WHERE game_id = ? AND seat = ?", (level, game_id, seat))

    async def back(self, game_id: int, seat: int) -> None:
        """The seat's person takes it back from the bot holding it."""
        async with self._transaction():
            async with self._db.execute(
                "SELECT owner_id, owner_name FROM seat_keepers WHERE game_id = ? AND seat = ? AND owner_id IS NOT NULL",
                (game_id, seat),
            ) as cur:
                r = await cur.fetchone()
            if r is None:
                raise StoreError("bot.store.nothing_to_reclaim")
            await self._set_seat(game_id, seat, r["owner_id"], r["owner_name"], None)
            await self._keep(game_id, seat, owner_id=None, owner_name=None, away_until=None, vacant=0, streak=0,
                             idle=0)
