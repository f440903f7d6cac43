"""The gateway websocket: HELLO, heartbeats, IDENTIFY/RESUME, READY + GUILD_CREATE, then dispatches.

Sharding as Discord does it: an IDENTIFY may carry ``shard: [shard_id, shard_count]``; that session
then gets only the guilds with ``(guild_id >> 22) % shard_count == shard_id`` (in READY, as
GUILD_CREATE, and their events and interactions)."""

from __future__ import annotations

import asyncio
import json
import secrets
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from .server import DiscordDouble

HEARTBEAT_INTERVAL_MS = 41250
GUILD_MESSAGES = 1 << 9


class GatewaySession:
    def __init__(self, double: DiscordDouble, ws: web.WebSocketResponse) -> None:
        self.double = double
        self.ws = ws
        self.seq = 0
        self.session_id: str | None = None
        self.intents = 0
        self.ready = False
        self.lock = asyncio.Lock()
        self.shard: tuple[int, int] | None = None  # (shard_id, shard_count) from IDENTIFY
        self.token: str | None = None  # the bot's token from IDENTIFY (tells test processes apart)

    def owns(self, guild_id: int) -> bool:
        """Discord's routing: a guild's events go to shard (guild_id >> 22) % shard_count."""
        return self.shard is None or (guild_id >> 22) % self.shard[1] == self.shard[0]

    @property
    def open(self) -> bool:
        return not self.ws.closed

    async def send(self, op: int, d: Any, t: str | None = None) -> None:
        payload: dict[str, Any] = {"op": op, "d": d, "s": None, "t": t}
        async with self.lock:
            if op == 0:
                self.seq += 1
                payload["s"] = self.seq
            if not self.ws.closed:
                await self.ws.send_str(json.dumps(payload))

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        await self.send(0, data, event)

    async def run(self) -> None:
        await self.send(10, {"heartbeat_interval": HEARTBEAT_INTERVAL_MS})
        async for msg in self.ws:
            if msg.type != WSMsgType.TEXT:
                if msg.type == WSMsgType.ERROR:
                    break
                continue
            frame = json.loads(msg.data)
            op, d = frame.get("op"), frame.get("d")
            if op == 1:
                await self.send(11, None)
            elif op == 2:
                await self._identify(d)
            elif op == 6:
                await self._resume(d)
            elif op == 8:
                await self._request_members(d)
            elif op in (3, 4):
                pass  # presence / voice state: nothing to do
            else:
                self.double._violation(400, 4001, f"Unknown gateway opcode {op}", "gateway")

    async def _identify(self, d: dict[str, Any]) -> None:
        dbl = self.double
        token = str(d.get("token") or "").removeprefix("Bot ")
        if not token:
            await self.ws.close(code=4004, message=b"Authentication failed.")
            return
        dbl.token_seen = token
        self.intents = int(d.get("intents") or 0)
        shard = d.get("shard")
        if shard is not None:
            if not (isinstance(shard, list) and len(shard) == 2 and 0 <= shard[0] < shard[1]):
                await self.ws.close(code=4010, message=b"Invalid shard.")
                return
            self.shard = (int(shard[0]), int(shard[1]))
        self.token = token
        self.session_id = secrets.token_hex(16)
        dbl._sessions_by_id[self.session_id] = self
        owned = [g for g in dbl.guilds if self.owns(g.id)]
        ready: dict[str, Any] = {
            "v": 10,
            "user": {**dbl.bot_user.payload(), "verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in owned],
            "session_id": self.session_id,
            "resume_gateway_url": dbl.gateway_url,
            "application": {"id": str(dbl.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "user_settings": {},
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
        }
        if d.get("shard"):
            ready["shard"] = d["shard"]
        await self.dispatch("READY", ready)
        for guild in owned:
            await self.dispatch("GUILD_CREATE", dbl._guild_payload(self.intents, guild))
        self.ready = True

    async def _resume(self, d: dict[str, Any]) -> None:
        old = self.double._sessions_by_id.get(d.get("session_id"))
        if old is None:
            await self.send(9, False)
            return
        self.session_id = old.session_id
        self.seq = old.seq
        self.intents = old.intents
        self.shard = old.shard
        self.token = old.token
        self.double._sessions_by_id[self.session_id] = self
        self.ready = True
        await self.dispatch("RESUMED", {})

    async def _request_members(self, d: dict[str, Any]) -> None:
        dbl = self.double
        members = [dbl._member_payload(u) for u in dbl.members()]
        chunk: dict[str, Any] = {
            "guild_id": str(d.get("guild_id") or dbl.guild.id),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if d.get("nonce"):
            chunk["nonce"] = d["nonce"]
        await self.dispatch("GUILD_MEMBERS_CHUNK", chunk)
