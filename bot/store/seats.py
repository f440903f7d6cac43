"""The lobby's writes, a part of the ``Store``: opening a game, taking and giving up seats (people
and bots), starting it. Each is one transaction; a refusal is a ``StoreError`` and writes nothing.

A bot's seat has no Discord user: it is stored with a negative user id, unique in its game
(Discord's ids are positive, so no person ever matches it), and its level. A game always keeps at
least one person seated: the last person cannot leave while bots are seated.
"""

from __future__ import annotations

import json
from contextlib import AbstractAsyncContextManager
from datetime import UTC, datetime
from typing import Any

from bot.store.claims import GAME, LEASE, Claims
from bot.store.records import GameRow, StaleVersion, StoreError


def now_text() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Seating(Claims):
    """Mixed into ``Store``, which provides the connection, its transactions and the row reader
    (a /start holds its game with the ``Claims`` part)."""

    _db: Any  # aiosqlite's connection or the PostgreSQL adapter (bot.store.postgres)
    integrity_errors: tuple[type[BaseException], ...]

    def _transaction(self) -> AbstractAsyncContextManager[None]:
        raise NotImplementedError

    async def _row(self, where: str, args: tuple) -> GameRow | None:
        raise NotImplementedError

    async def create_game(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game_key: str,
        options: dict,
        seed: int | str,
        creator_id: int,
        creator_name: str,
        deadline: str | None = None,
        hints: bool = False,
    ) -> int:
        try:
            async with self._transaction():
                now = now_text()
                cur = await self._db.execute(
                    "INSERT INTO games (guild_id, channel_id, game_key, options, seed, status, created_by,"
                    " created_at, updated_at, deadline, hints) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?)"
                    " RETURNING id",
                    (guild_id, channel_id, game_key, json.dumps(options, sort_keys=True), str(seed),
                     creator_id, now, now, deadline, int(hints)),
                )
                [(game_id,)] = await cur.fetchall()
                await self._db.execute(
                    "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, 0, ?, ?)",
                    (game_id, creator_id, creator_name),
                )
        except self.integrity_errors as exc:
            raise StoreError("bot.store.channel_taken") from exc
        return game_id

    async def _seatable(self, game_id: int, max_seats: int, user_id: int | None = None) -> GameRow:
        """The game, if its lobby has a free seat (and ``user_id`` is not seated yet), inside a
        transaction."""
        game = await self._locked_lobby(game_id)
        if game is None:
            raise StoreError("bot.store.join_started")
        if user_id is not None and game.seat_of(user_id) is not None:
            raise StoreError("bot.store.joined_already")
        if len(game.seats) >= max_seats:
            raise StoreError("bot.store.full", seats=max_seats)
        return game

    async def _locked_lobby(self, game_id: int) -> GameRow | None:
        """Inside a transaction: the game if it is a lobby, read after bumping its lobby version.
        The UPDATE takes the row's lock, so on PostgreSQL a racing lobby change of another process
        waits for this transaction and then reads what it wrote (SQLite's BEGIN IMMEDIATE already
        serializes writers)."""
        cur = await self._db.execute(
            "UPDATE games SET lobby = lobby + 1 WHERE id = ? AND status = 'lobby'", (game_id,))
        if cur.rowcount != 1:
            return None
        return await self._row("id = ?", (game_id,))

    async def _insert_seat(self, game_id: int, seat: int, user_id: int, name: str, bot: str | None) -> None:
        await self._db.execute(
            "INSERT INTO seats (game_id, seat, user_id, name, bot) VALUES (?, ?, ?, ?, ?)",
            (game_id, seat, user_id, name, bot),
        )
        await self._db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now_text(), game_id))

    async def add_seat(self, game_id: int, user_id: int, name: str, max_seats: int) -> int:
        async with self._transaction():
            game = await self._seatable(game_id, max_seats, user_id)
            seat = len(game.seats)
            await self._insert_seat(game_id, seat, user_id, name, None)
        return seat

    async def add_bot(self, game_id: int, level: str, name_for, max_seats: int) -> tuple[int, str]:
        """Seat a bot of ``level`` in the lobby; ``name_for(names seated)`` chooses its name. Returns
        (seat, name)."""
        async with self._transaction():
            game = await self._seatable(game_id, max_seats)
            seat = len(game.seats)
            name = name_for(game.names)
            user_id = min([s.user_id for s in game.seats] + [0]) - 1
            await self._insert_seat(game_id, seat, user_id, name, level)
        return seat, name

    async def remove_seat(self, game_id: int, user_id: int) -> str:
        """Leave a lobby (a person, or a bot by its user id); later seats move up so seats stay 0..n-1.
        Returns the new status (a lobby left empty is aborted). The last person seated cannot leave
        while bots are."""
        async with self._transaction():
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
                    await self._db.execute(
                        "UPDATE seats SET seat = ? WHERE game_id = ? AND seat = ?",
                        (s.seat - 1, game_id, s.seat),
                    )
            status = "aborted" if len(game.seats) == 1 else "lobby"
            await self._db.execute(
                "UPDATE games SET status = ?, updated_at = ? WHERE id = ?", (status, now_text(), game_id)
            )
        return status

    async def start_game(self, game_id: int, snapshot: str, seed: int | str, seated: list[int] | None = None,
                         lobby: int | None = None, holder: tuple[str, datetime] | None = None) -> None:
        """Store the first snapshot. ``lobby`` (the lobby version the snapshot was made at) and
        ``seated`` (the user ids in seat order it was made for) are checked in the same transaction,
        after the row is locked: if anyone joined or left meanwhile (in this process or another),
        nothing is written and StaleVersion says so. ``holder``: as for ``commit_move`` (the first
        board is being posted by this process)."""
        async with self._transaction():
            cur = await self._db.execute(
                "UPDATE games SET status = 'active', snapshot = ?, seed = ?, version = 0, updated_at = ?,"
                " lobby = lobby + 1 WHERE id = ? AND status = 'lobby' AND lobby = COALESCE(?, lobby)",
                (snapshot, str(seed), now_text(), game_id, lobby),
            )
            if cur.rowcount != 1:
                still = await self._row("id = ?", (game_id,))
                if still is not None and still.status == "lobby":
                    raise StaleVersion("bot.store.seats_changed")
                raise StaleVersion("bot.store.started_already")
            if seated is not None:
                async with self._db.execute(
                    "SELECT user_id FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
                ) as cur:
                    now_seated = [r[0] async for r in cur]
                if now_seated != seated:
                    raise StaleVersion("bot.store.seats_changed")
            if holder is not None:
                await self._hold(GAME, str(game_id), holder[0], holder[1], LEASE)
