"""Effects: what the bot will say or edit because of a change (the transactional outbox).

A collaborator that changes a game writes the effect in the change's own transaction; the
dispatcher (``bot.play.effects``) is the one reader that delivers them, a channel's in id order.
A board is one row per game while it waits (a later move updates the waiting row's version: one
board then shows every move since the last one shown), unless a send of it began (``in_flight``):
that one may have reached Discord (even if the send failed: a timeout can hide a success), so it
keeps its nonce, and the next move waits in a row of its own.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from bot.store.decoding import clock_text

BOARD = "board"
LOBBY = "lobby"
NEWS = "news"


@dataclass
class Effect:
    id: int
    channel_id: int
    kind: str
    nonce: str
    game_id: int | None = None
    user_id: int | None = None
    payload: dict[str, Any] = field(default_factory=dict)
    attempts: int = 0
    in_flight: bool = False
    next_try: str = ""


def _payload(text: Any) -> dict[str, Any]:
    """A stored payload; one that does not read is empty (its handler then has nothing to say)."""
    try:
        value = json.loads(text)
    except (TypeError, ValueError):
        return {}
    return value if isinstance(value, dict) else {}


def _effect(r: Any) -> Effect:
    return Effect(id=r["id"], channel_id=r["channel_id"], kind=r["kind"], nonce=f"{r['id']}.{r['nonce']}",
                  game_id=r["game_id"], user_id=r["user_id"], payload=_payload(r["payload"]),
                  attempts=r["attempts"], in_flight=bool(r["in_flight"]), next_try=r["next_try"])


class Effects:
    def __init__(self, db: Any) -> None:
        self._db = db  # a scope: a transaction's, or the store's own (bot.store.transactions)

    # --- writing (in the transaction of the change) ----------------------------------------------------
    async def add(self, kind: str, channel_id: int, payload: dict[str, Any], now: datetime,
                  game_id: int | None = None, user_id: int | None = None) -> int:
        async with self._db.writing():
            cur = await self._db.execute(
                "INSERT INTO effects (game_id, channel_id, user_id, kind, payload, nonce, created, next_try)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (game_id, channel_id, user_id, kind, json.dumps(payload, sort_keys=True), secrets.token_hex(6),
                 clock_text(now), clock_text(now)))
            [(effect_id,)] = await cur.fetchall()
            return int(effect_id)

    async def board(self, game_id: int, channel_id: int, version: int, now: datetime, again: bool = False) -> int:
        """The game's channel is owed the board of ``version``: the game's waiting board row (no send
        of it begun) now shows it, due at once; or a new row. ``again``: asked for (/board) though the
        channel may have it."""
        payload = json.dumps({"version": version, "again": True} if again else {"version": version}, sort_keys=True)
        async with self._db.writing():
            cur = await self._db.execute(
                "UPDATE effects SET payload = ?, next_try = ? WHERE game_id = ? AND kind = ?"
                " AND delivered_at IS NULL AND in_flight = 0 RETURNING id",
                (payload, clock_text(now), game_id, BOARD))
            found = list(await cur.fetchall())
            if found:
                return int(found[0][0])
            return await self.add(BOARD, channel_id, json.loads(payload), now, game_id=game_id)

    async def lobby(self, game_id: int, channel_id: int, now: datetime) -> None:
        """The game's lobby posts in ``channel_id`` are to show the game as it is now: one waiting row
        per game and channel (its edit reads the game when it is made, so one row is enough), due at once."""
        async with self._db.writing():
            cur = await self._db.execute(
                "UPDATE effects SET next_try = ? WHERE game_id = ? AND channel_id = ? AND kind = ?"
                " AND delivered_at IS NULL AND in_flight = 0 RETURNING id",
                (clock_text(now), game_id, channel_id, LOBBY))
            if not list(await cur.fetchall()):
                await self.add(LOBBY, channel_id, {}, now, game_id=game_id)

    async def news(self, game_id: int, channel_id: int, user_id: int, payload: dict[str, Any], now: datetime) -> None:
        """A player's private news by DM: one waiting row per game and player (a later board's news,
        which includes the earlier one's, replaces its payload), due at once."""
        text = json.dumps(payload, sort_keys=True)
        async with self._db.writing():
            cur = await self._db.execute(
                "UPDATE effects SET payload = ?, next_try = ? WHERE game_id = ? AND user_id = ? AND kind = ?"
                " AND delivered_at IS NULL AND in_flight = 0 RETURNING id",
                (text, clock_text(now), game_id, user_id, NEWS))
            if not list(await cur.fetchall()):
                await self.add(NEWS, channel_id, payload, now, game_id=game_id, user_id=user_id)

    async def owe_board(self, game_id: int, channel_id: int, version: int, now: datetime) -> bool:
        """A board row for a game whose channel lags and has none waiting (a game stored before the
        outbox, or left behind): True if one was added."""
        async with self._db.writing():
            async with self._db.execute(
                "SELECT id FROM effects WHERE game_id = ? AND kind = ? AND delivered_at IS NULL", (game_id, BOARD)
            ) as cur:
                if await cur.fetchone() is not None:
                    return False
            await self.add(BOARD, channel_id, {"version": version}, now, game_id=game_id)
            return True

    # --- the dispatcher's ----------------------------------------------------------------------------
    async def pending(self, channel_id: int) -> list[Effect]:
        """The channel's effects not yet delivered, in order."""
        async with self._db.reading(), self._db.execute(
            "SELECT * FROM effects WHERE channel_id = ? AND delivered_at IS NULL ORDER BY id", (channel_id,)
        ) as cur:
            return [_effect(r) async for r in cur]

    async def channels_due(self, now: datetime) -> list[int]:
        """Channels with an effect due at ``now`` (in the order their oldest one was written)."""
        async with self._db.reading(), self._db.execute(
            "SELECT channel_id, MIN(id) AS oldest FROM effects WHERE delivered_at IS NULL AND next_try <= ?"
            " GROUP BY channel_id ORDER BY oldest", (clock_text(now),)
        ) as cur:
            return [r[0] async for r in cur]

    async def sending(self, effect_id: int, payload: dict[str, Any]) -> None:
        """A send begins: from now on it may reach Discord (``payload``: what it shows)."""
        async with self._db.writing():
            await self._db.execute(
                "UPDATE effects SET in_flight = 1, attempts = attempts + 1, payload = ? WHERE id = ?",
                (json.dumps(payload, sort_keys=True), effect_id))

    async def failed(self, effect_id: int, next_try: datetime) -> None:
        """Discord refused it (or could not be reached): tried again at ``next_try``. It stays in flight
        (a timeout may hide a message made), so it keeps its nonce and is never merged into."""
        async with self._db.writing():
            await self._db.execute("UPDATE effects SET next_try = ? WHERE id = ?",
                                   (clock_text(next_try), effect_id))

    async def delivered(self, effect_id: int, message_id: int | None, now: datetime) -> None:
        """Delivered as ``message_id``; None: dropped, nothing left to say."""
        async with self._db.writing():
            await self._db.execute(
                "UPDATE effects SET in_flight = 0, message_id = ?, delivered_at = ? WHERE id = ?",
                (message_id, clock_text(now), effect_id))

    async def get(self, effect_id: int) -> Effect | None:
        async with self._db.reading(), self._db.execute("SELECT * FROM effects WHERE id = ?", (effect_id,)) as cur:
            r = await cur.fetchone()
        return None if r is None else _effect(r)
