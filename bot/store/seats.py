"""Seats: taking and giving up seats in a lobby (people and bots), and, during a game, a seat handed to
a bot or left for a volunteer, taken over, handed to the autopilot for a while, and given back. Each
method is one write; a refusal is a ``StoreError`` and writes nothing.

A bot's seat has no Discord user: it is stored with a negative user id, unique in its game
(Discord's ids are positive, so no person ever matches it), and its level. A game always keeps at
least one person seated: the last person cannot leave while bots are seated. A seat a person gave
up keeps its person in ``seat_keepers`` (``owner_id``, ``owner_name``) while a bot holds it, so
/back can return it; a volunteer who takes it over clears that (the seat is theirs now).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from bot.store.decoding import clock_text, now_text
from bot.store.games import read_game
from bot.store.keepers import keep
from bot.store.records import GameRow, Seat, StoreError


class Seats:
    def __init__(self, db: Any) -> None:
        self._db = db  # a scope: a transaction's, or the store's own (bot.store.transactions)

    # --- the lobby ------------------------------------------------------------------------------------
    async def _seatable(self, game_id: int, max_seats: int, user_id: int | None = None) -> GameRow:
        """The game, if its lobby has a free seat (and ``user_id`` is not seated yet), its row locked."""
        game = await self._locked_lobby(game_id)
        if game is None:
            raise StoreError("bot.store.join_started")
        if user_id is not None and game.seat_of(user_id) is not None:
            raise StoreError("bot.store.joined_already")
        if len(game.seats) >= max_seats:
            raise StoreError("bot.store.full", seats=max_seats)
        return game

    async def _locked_lobby(self, game_id: int) -> GameRow | None:
        """The game if it is a lobby, read after bumping its lobby version: the UPDATE takes the row's
        lock, so on PostgreSQL a racing lobby change of another process waits for this transaction and
        then reads what it wrote (SQLite's BEGIN IMMEDIATE already serializes writers)."""
        cur = await self._db.execute("UPDATE games SET lobby = lobby + 1 WHERE id = ? AND status = 'lobby'", (game_id,))
        if cur.rowcount != 1:
            return None
        return await read_game(self._db, "id = ?", (game_id,))

    async def _insert(self, game_id: int, seat: int, user_id: int, name: str, bot: str | None) -> None:
        await self._db.execute("INSERT INTO seats (game_id, seat, user_id, name, bot) VALUES (?, ?, ?, ?, ?)",
                               (game_id, seat, user_id, name, bot))
        await self._db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now_text(), game_id))

    async def add(self, game_id: int, user_id: int, name: str, max_seats: int) -> int:
        """A person takes the next seat of the lobby; returns it."""
        async with self._db.writing():
            game = await self._seatable(game_id, max_seats, user_id)
            seat = len(game.seats)
            await self._insert(game_id, seat, user_id, name, None)
        return seat

    async def add_bot(self, game_id: int, level: str, name_for, max_seats: int) -> tuple[int, str]:
        """Seat a bot of ``level`` in the lobby; ``name_for(names seated)`` chooses its name. Returns
        (seat, name)."""
        async with self._db.writing():
            game = await self._seatable(game_id, max_seats)
            seat, name = len(game.seats), name_for(game.names)
            await self._insert(game_id, seat, min([s.user_id for s in game.seats] + [0]) - 1, name, level)
        return seat, name

    async def remove(self, game_id: int, user_id: int) -> str:
        """Leave a lobby (a person, or a bot by its user id); later seats move up so seats stay 0..n-1.
        Returns the new status (a lobby left empty is aborted). The last person seated cannot leave
        while bots are."""
        async with self._db.writing():
            game = await self._locked_lobby(game_id)
            if game is None:
                raise StoreError("bot.store.seats_fixed")
            seat = game.seat_of(user_id)
            if seat is None:
                raise StoreError("bot.store.not_seated")
            people = [s for s in game.seats if not s.bot]
            if game.bot_seats and [s.user_id for s in people] == [user_id]:
                raise StoreError("bot.store.last_person")
            await self._db.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat))
            for s in game.seats:
                if s.seat > seat:
                    await self._db.execute("UPDATE seats SET seat = ? WHERE game_id = ? AND seat = ?",
                                           (s.seat - 1, game_id, s.seat))
            status = "aborted" if len(game.seats) == 1 else "lobby"
            await self._db.execute("UPDATE games SET status = ?, updated_at = ? WHERE id = ?",
                                   (status, now_text(), game_id))
        return status

    # --- seats changing hands during a game ----------------------------------------------------------------
    async def holder(self, game_id: int, seat: int) -> Seat:
        """Who holds the seat now (StoreError if the game has no such seat)."""
        async with self._db.reading(), self._db.execute(
            "SELECT seat, user_id, name, notices_read, bot FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat)
        ) as cur:
            r = await cur.fetchone()
        if r is None:
            raise StoreError("bot.store.not_seated")
        return Seat(r["seat"], r["user_id"], r["name"], r["notices_read"], r["bot"])

    async def _set(self, game_id: int, seat: int, user_id: int, name: str, bot: str | None) -> None:
        await self._db.execute("UPDATE seats SET user_id = ?, name = ?, bot = ? WHERE game_id = ? AND seat = ?",
                               (user_id, name, bot, game_id, seat))

    async def hand_to_bot(self, game_id: int, seat: int, level: str, name: str, vacant: bool) -> None:
        """A vote's outcome: a bot of ``level`` holds the seat (for good, or until a volunteer takes it
        over if ``vacant``); the person is remembered for /back."""
        async with self._db.writing():
            held = await self.holder(game_id, seat)
            async with self._db.execute("SELECT MIN(user_id) FROM seats WHERE game_id = ?", (game_id,)) as cur:
                found = await cur.fetchone()
            lowest = found[0] if found is not None and found[0] is not None else 0
            if held.bot is None:
                await keep(self._db, game_id, seat, owner_id=held.user_id, owner_name=held.name)
            await keep(self._db, game_id, seat, vacant=int(vacant), streak=0, idle=0, away_until=None)
            await self._set(game_id, seat, min(lowest, 0) - 1, name, level)

    async def take_over(self, game_id: int, user_id: int, name: str) -> int:
        """A volunteer takes the game's vacant seat (the lowest); returns it. The person it was taken
        from can no longer claim it back."""
        async with self._db.writing():
            async with self._db.execute(
                "SELECT seat FROM seat_keepers WHERE game_id = ? AND vacant = 1 ORDER BY seat", (game_id,)
            ) as cur:
                r = await cur.fetchone()
            if r is None:
                raise StoreError("bot.store.no_vacancy")
            seat = r["seat"]
            await self._set(game_id, seat, user_id, name, None)
            await keep(self._db, game_id, seat, vacant=0, owner_id=None, owner_name=None, streak=0, idle=0)
        return seat

    async def away(self, game_id: int, seat: int, level: str, until: datetime) -> None:
        """The seat's person hands it to the autopilot (a bot of ``level``) until ``until``."""
        async with self._db.writing():
            held = await self.holder(game_id, seat)
            if held.bot is not None:
                raise StoreError("bot.store.away_already")
            await keep(self._db, game_id, seat, owner_id=held.user_id, owner_name=held.name,
                       away_until=clock_text(until), streak=0, idle=0)
            await self._db.execute("UPDATE seats SET bot = ? WHERE game_id = ? AND seat = ?", (level, game_id, seat))

    async def back(self, game_id: int, seat: int) -> None:
        """The seat's person takes it back from the bot holding it."""
        async with self._db.writing():
            async with self._db.execute(
                "SELECT owner_id, owner_name FROM seat_keepers WHERE game_id = ? AND seat = ? AND owner_id IS NOT NULL",
                (game_id, seat),
            ) as cur:
                r = await cur.fetchone()
            if r is None:
                raise StoreError("bot.store.nothing_to_reclaim")
            await self._set(game_id, seat, r["owner_id"], r["owner_name"], None)
            await keep(self._db, game_id, seat, owner_id=None, owner_name=None, away_until=None, vacant=0, streak=0,
                       idle=0)
