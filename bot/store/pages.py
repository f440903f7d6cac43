"""Games' pages on the web (``web_pages``): each game's address, a 128-bit token, looked up by its
SHA-256 (``digest``) so no comparison ever runs on the secret itself; a new token replaces the old."""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from bot.store.changes import CHANNEL
from bot.store.decoding import now_text

TOKEN_BYTES = 16  # 128 bits from the OS


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class Pages:
    def __init__(self, db: Any) -> None:
        self._db = db  # a scope: a transaction's, or the store's own (bot.store.transactions)

    async def token_of(self, game_id: int) -> str | None:
        """The game's address, if it has one."""
        async with self._db.reading(), self._db.execute("SELECT token FROM web_pages WHERE game_id = ?",
                                                        (game_id,)) as cur:
            r = await cur.fetchone()
        return None if r is None else str(r["token"])

    async def ensure(self, game_id: int) -> str:
        """The game's address, made now if it has none."""
        async with self._db.writing():
            found = await self.token_of(game_id)
            if found is not None:
                return found
            return await self._put(game_id)

    async def reset(self, game_id: int) -> str:
        """A new address for the game; the old one finds nothing from now on."""
        async with self._db.writing():
            await self._db.execute("DELETE FROM web_pages WHERE game_id = ?", (game_id,))
            token = await self._put(game_id)
            # the streams open on the old address hear of it, in every process (bot.store.changes)
            if self._db.backend == "postgresql":
                await self._db.execute("SELECT pg_notify(?, ?)", (CHANNEL, str(game_id)))
            self._db.moved(game_id)
            return token

    async def _put(self, game_id: int) -> str:
        token = new_token()
        await self._db.execute("INSERT INTO web_pages (game_id, token, token_hash, made_at) VALUES (?, ?, ?, ?)",
                               (game_id, token, digest(token), now_text()))
        return token

    async def progress_of(self, game_id: int) -> tuple[int, str, str | None] | None:
        """The game's version and status, and the digest of its address (None: it has none), in one
        read: what a live page tells after each move (None: no such game)."""
        async with self._db.reading(), self._db.execute(
                "SELECT g.version, g.status, p.token_hash FROM games g LEFT JOIN web_pages p ON p.game_id = g.id"
                " WHERE g.id = ?", (game_id,)) as cur:
            r = await cur.fetchone()
        if r is None:
            return None
        return int(r["version"]), str(r["status"]), None if r["token_hash"] is None else str(r["token_hash"])

    async def game_of(self, token: str) -> int | None:
        """The game whose address is ``token`` (None for a revoked or unknown one, alike)."""
        async with self._db.reading(), self._db.execute("SELECT game_id FROM web_pages WHERE token_hash = ?",
                                                        (digest(token),)) as cur:
            r = await cur.fetchone()
        return None if r is None else int(r["game_id"])
