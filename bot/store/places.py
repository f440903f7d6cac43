"""Where games are played: a game in a thread of which channel, the open games of a channel's threads,
a channel's last game, a game's open rematch, and the posts that show a game's lobby."""

from __future__ import annotations

from typing import Any

from bot.store.decoding import now_text
from bot.store.games import read_game, read_games
from bot.store.records import GameRow, StoreError


class Places:
    def __init__(self, db: Any) -> None:
        self._db = db  # a scope: a transaction's, or the store's own (bot.store.transactions)

    async def last_in(self, channel_id: int) -> GameRow | None:
        """The newest game of a channel or thread, whatever its status (a finished game's record)."""
        async with self._db.reading():
            return await read_game(self._db, "id = (SELECT MAX(id) FROM games WHERE channel_id = ?)", (channel_id,))

    async def open_under(self, parent_id: int) -> list[GameRow]:
        """The open games played in threads of this channel, oldest first."""
        async with self._db.reading():
            return await read_games(self._db, "parent_id = ? AND status IN ('lobby', 'active')", (parent_id,))

    async def open_rematch(self, game_id: int) -> GameRow | None:
        """The rematch of a game, while its lobby is open."""
        async with self._db.reading():
            return await read_game(self._db, "id = (SELECT MAX(id) FROM games WHERE rematch_of = ? AND status = 'lobby')",
                                   (game_id,))

    async def set_place(self, game_id: int, parent_id: int | None, rematch_of: int | None = None,
                        channel_id: int | None = None) -> None:
        """The game is played in ``channel_id`` (unchanged if None), a thread of ``parent_id`` (None: in
        a channel); it is a rematch of ``rematch_of``. StoreError if that channel has an open game."""
        try:
            async with self._db.writing():
                await self._db.execute(
                    "UPDATE games SET parent_id = ?, rematch_of = ?, channel_id = COALESCE(?, channel_id) WHERE id = ?",
                    (parent_id, rematch_of, channel_id, game_id))
        except self._db.integrity_errors as exc:
            raise StoreError("bot.store.channel_taken") from exc

    async def drop_stranded(self, before: str) -> list[int]:
        """Close every lobby still in a placeholder place (a negative channel id: its thread was never
        made, the process stopped in between) that was opened before ``before`` (UTC ISO text, as
        ``created_at``); their ids. A game of another process being made right now is newer."""
        async with self._db.writing(), self._db.execute(
            "UPDATE games SET status = 'aborted', updated_at = ? WHERE status = 'lobby' AND channel_id < 0"
            " AND created_at < ? RETURNING id", (now_text(), before),
        ) as cur:
            return sorted([r[0] async for r in cur])

    async def keep_lobby_post(self, game_id: int, channel_id: int, message_id: int, head: str = "") -> None:
        """A post showing the game's lobby (its seats and buttons) under ``head``, to update when they
        change; a post already kept keeps its head."""
        async with self._db.writing():
            await self._db.execute("INSERT INTO lobby_posts (game_id, channel_id, message_id, head) VALUES (?, ?, ?, ?)"
                                   " ON CONFLICT (game_id, message_id) DO NOTHING",
                                   (game_id, channel_id, message_id, head))

    async def lobby_posts(self, game_id: int) -> list[tuple[int, int, str]]:
        """The posts showing a game's lobby, as (channel id, message id, head), oldest first."""
        async with self._db.reading(), self._db.execute(
            "SELECT channel_id, message_id, head FROM lobby_posts WHERE game_id = ? ORDER BY message_id", (game_id,)
        ) as cur:
            return [(int(r[0]), int(r[1]), str(r[2])) async for r in cur]
