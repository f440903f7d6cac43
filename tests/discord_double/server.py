"""DiscordDouble: an aiohttp REST server and gateway on 127.0.0.1 that an unmodified discord.py client uses.

State lives here (guild, users, channels, synced commands, messages, interactions, violations);
the REST handlers are in ``rest.py`` and the user-side actions (slash, autocomplete, press) in ``actions.py``.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import mimetypes
import re
import time
import traceback
from collections.abc import Awaitable, Callable
from typing import Any

import discord
import yarl
from aiohttp import web

from .actions import UserActions
from .dms import DirectMessages
from .gateway import GUILD_MESSAGES, GatewaySession
from .guilds import DEFAULT_CHANNELS, Guilds
from .holds import Holds
from .limits import Errors
from .mentions import pings
from .models import (
    ADMINISTRATOR,
    ALL_PERMISSIONS,
    Attachment,
    Channel,
    InteractionRecord,
    Message,
    User,
    Version,
    Violation,
    snowflake,
)
from .permissions import Permissions
from .rest import RestRoutes
from .threads import Threads

Handler = Callable[..., Awaitable[web.StreamResponse]]

DEFAULT_ATTACHMENT_LIMIT = 10 * 1024 * 1024


class DoubleError(Exception):
    """Raised by a handler: becomes Discord's JSON error answer and a recorded violation."""

    def __init__(self, status: int, code: int, message: str, errors: Errors | None = None, record: bool = True):
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.errors = errors.tree if errors else None
        self.record = record


def invalid_form(errors: Errors) -> DoubleError:
    return DoubleError(400, 50035, "Invalid Form Body", errors)


def json_response(data: Any, status: int = 200) -> web.Response:
    # discord.py parses JSON only when Content-Type is exactly application/json (no charset).
    return web.Response(status=status, body=json.dumps(data).encode(), headers={"Content-Type": "application/json"})


def sniff_content_type(filename: str, data: bytes) -> str:
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    if data.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if data.startswith(b"GIF8"):
        return "image/gif"
    guess, _ = mimetypes.guess_type(filename)
    if guess:
        return guess + ("; charset=utf-8" if guess.startswith("text/") else "")
    return "application/octet-stream"


ANSWER_DEADLINE = 3.0  # Discord's: an interaction not answered within it is unknown (10062)
NONCE_WINDOW_SECONDS = 300.0  # Discord checks a nonce's uniqueness "in the past few minutes"


class DiscordDouble(RestRoutes, UserActions, Permissions, DirectMessages, Threads, Guilds, Holds):
    def __init__(
        self,
        *,
        guild_name: str = "Piazza Test Server",
        channels: tuple[str, ...] = DEFAULT_CHANNELS,
        users: tuple[str, ...] = ("alice", "bob", "carol", "dave", "erin"),
        bot_name: str = "Piazza",
        response_deadline: float = ANSWER_DEADLINE,
        token_lifetime: float = 15 * 60.0,
        attachment_size_limit: int = DEFAULT_ATTACHMENT_LIMIT,
        settle: float = 0.02,
        threads: bool = True,
    ) -> None:
        self.response_deadline = response_deadline
        self.token_lifetime = token_lifetime
        self.attachment_size_limit = attachment_size_limit
        self.settle_window = settle

        self.bot_user = User(snowflake(), bot_name, bot=True, permissions=ALL_PERMISSIONS)
        self.application_id = self.bot_user.id
        self.owner = User(snowflake(), "owner", permissions=ALL_PERMISSIONS | ADMINISTRATOR)
        self.threads_allowed = threads  # False: the bot may create no thread anywhere (Create Public Threads denied)
        self.guilds = []  # guilds.py: the first is ``guild``; ``add_guild`` adds more
        self.guild = self.add_guild(guild_name, channels=channels)
        self.users: dict[str, User] = {"owner": self.owner}
        for name in users:
            self.add_user(name)

        # application commands: scope (None = global, else guild id) -> (name, type) -> payload
        self.commands: dict[int | None, dict[tuple[str, int], dict[str, Any]]] = {}
        self.messages: dict[int, Message] = {}
        # enforce_nonce (rest.py): (author, nonce) -> (when, the message it made)
        self.nonces: dict[tuple[str | None, str], tuple[float, Message]] = {}
        self.nonce_window = NONCE_WINDOW_SECONDS
        self.threads: list[Channel] = []  # threads made by the bot (tests/discord_double/threads.py)
        self.interactions: dict[int, InteractionRecord] = {}
        self.violations: list[Violation] = []
        self.requests: list[tuple[str, str]] = []  # (method, path) of every REST call, in order
        self.token_seen: str | None = None

        self._touched: list[Message] = []
        self._seq = 0
        self._in_flight = 0
        self.overlapping = False  # True: a user action does not wait for the bot to go quiet first (load tests)
        self._last_activity = time.monotonic()
        self._sessions: list[GatewaySession] = []
        self._sessions_by_id: dict[str, GatewaySession] = {}
        self._commands_synced = asyncio.Event()
        self._routes: list[tuple[str, re.Pattern[str], Handler]] = []
        self._runner: web.AppRunner | None = None
        self._holds = []  # holds.py: requests a test keeps in flight
        self.remote_bots = False  # True: the bots are other processes (actions.py waits for their answers)
        self.port = 0
        self._saved: tuple[str, yarl.URL] | None = None
        self._register_routes()
        self._register_dm_routes()
        self._register_thread_routes()

    # ------------------------------------------------------------------ lifecycle

    async def start(self, *, patch: bool = True) -> DiscordDouble:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        app.router.add_route("*", "/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        if patch:
            self.patch_discord()
        return self

    def patch_discord(self) -> None:
        """Point discord.py's REST base and gateway at this double (undone by ``close``)."""
        if self._saved is None:
            self._saved = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
        discord.http.Route.BASE = self.api_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)

    async def close(self) -> None:
        for s in list(self._sessions):
            if not s.ws.closed:
                await s.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        if self._saved is not None:
            discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = self._saved
            self._saved = None

    async def __aenter__(self) -> DiscordDouble:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    # ------------------------------------------------------------------ directory

    def add_user(self, name: str, *, admin: bool = False, display: str | None = None, locale: str = "en-US") -> User:
        perms = ALL_PERMISSIONS | ADMINISTRATOR if admin else User(0, "").permissions
        user = User(snowflake(), name, permissions=perms, display=display, locale=locale)
        self.users[name] = user
        return user

    def user(self, name: str) -> User:
        return self.users[name]

    def user_by_id(self, uid: int) -> User | None:
        if uid == self.bot_user.id:
            return self.bot_user
        return next((u for u in self.users.values() if u.id == uid), None)

    def members(self) -> list[User]:
        return [self.bot_user, *self.users.values()]

    # ------------------------------------------------------------------ payloads

    def _message_payload(self, msg: Message) -> dict[str, Any]:
        v = msg.current
        created = dt.datetime.fromtimestamp(((msg.id >> 22) + 1420070400000) / 1000, dt.UTC)
        out: dict[str, Any] = {
            "id": str(msg.id), "channel_id": str(msg.channel_id), "guild_id": str(msg.guild_id),
            "author": msg.author.payload(), "content": v.content, "timestamp": created.isoformat(),
            "edited_timestamp": None if len(msg.versions) == 1 else dt.datetime.now(dt.UTC).isoformat(),
            "tts": False, "mention_everyone": False,
            "mentions": [self.user_by_id(u).payload() for u in msg.mentions() if self.user_by_id(u)],  # type: ignore[union-attr]
            "mention_roles": [], "attachments": [a.payload() for a in v.attachments], "embeds": v.embeds,
            "components": v.components, "pinned": False, "type": 0, "flags": v.flags,
        }
        if msg.nonce is not None:
            out["nonce"] = msg.nonce
        if msg.channel_id in self.dm_channels:
            del out["guild_id"]
        if msg.interaction_user is not None:
            out["webhook_id"] = str(self.application_id)
            out["application_id"] = str(self.application_id)
            out["type"] = 20 if msg.via == "callback" and msg.interaction_name else 0
            out["interaction_metadata"] = {
                "id": str(msg.interaction_id), "type": 2 if msg.interaction_name else 3,
                "user": msg.interaction_user.payload(),
                "authorizing_integration_owners": {"0": str(msg.guild_id)},
            }
        return out

    # ------------------------------------------------------------------ recording

    def _violation(self, status: int, code: int, message: str, route: str, errors: dict[str, Any] | None = None) -> None:
        self.violations.append(Violation(status, code, message, route, errors))

    def pop_violations(self) -> list[Violation]:
        out, self.violations = self.violations, []
        return out

    def _new_message(
        self, channel_id: int, data: dict[str, Any], files: list[Attachment], *, via: str,
        interaction: InteractionRecord | None = None, flags: int | None = None,
    ) -> Message:
        self._seq += 1
        version = Version(
            content=str(data.get("content") or ""),
            embeds=list(data.get("embeds") or []),
            components=list(data.get("components") or []),
            attachments=list(files),
            flags=int(data.get("flags") or 0) if flags is None else flags,
        )
        channel = self.channel_by_id(channel_id)
        msg = Message(
            id=snowflake(), channel_id=channel_id, guild_id=getattr(channel, "guild_id", self.guild.id), author=self.bot_user,
            versions=[version], via=via, seq=self._seq,
            interaction_id=interaction.id if interaction else None,
            interaction_user=interaction.user if interaction else None,
            interaction_name=interaction.name if interaction else None,
        )
        msg.pinged, msg.pinged_everyone = pings(version.content, data.get("allowed_mentions"))
        self.messages[msg.id] = msg
        self._touched.append(msg)
        return msg

    def _edit_message(self, msg: Message, data: dict[str, Any], files: list[Attachment]) -> Message:
        cur = msg.current
        attachments = list(cur.attachments)
        if "attachments" in data and data["attachments"] is not None:
            keep = {str(a.get("id")) for a in data["attachments"]}
            attachments = [a for a in cur.attachments if str(a.id) in keep]
        attachments += files
        flags = cur.flags
        if "flags" in data and data["flags"] is not None:
            # only SUPPRESS_EMBEDS / components-v2 can change; ephemeral never does
            flags = (cur.flags & (1 << 6)) | (int(data["flags"]) & ~(1 << 6))
        flags &= ~(1 << 7)  # an edit ends the "thinking" state
        new = Version(
            content=str(data["content"] or "") if "content" in data else cur.content,
            embeds=list(data["embeds"] or []) if "embeds" in data else cur.embeds,
            components=list(data["components"] or []) if "components" in data else cur.components,
            attachments=attachments,
            flags=flags,
        )
        if msg.loading:  # the answer to a deferred interaction notifies like a new message; other edits never do
            msg.pinged, msg.pinged_everyone = pings(new.content, data.get("allowed_mentions"))
        msg.versions.append(new)
        self._touched.append(msg)
        return msg

    async def _broadcast(self, event: str, data: dict[str, Any]) -> None:
        """A message event, to the shard of its guild (a direct message: shard 0)."""
        gid = int(data["guild_id"]) if data.get("guild_id") else None
        await self.dispatch_to_guild(gid, event, data, intent=GUILD_MESSAGES)

    async def _announce(self, msg: Message, *, created: bool) -> None:
        """Public messages reach the bot through the gateway too, as on Discord."""
        if msg.ephemeral:
            return
        await self._broadcast("MESSAGE_CREATE" if created else "MESSAGE_UPDATE", self._message_payload(msg))

    # ------------------------------------------------------------------ plumbing

    def _route(self, method: str, pattern: str, handler: Handler) -> None:
        regex = re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", pattern)
        self._routes.append((method, re.compile(f"^{regex}$"), handler))

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        self.requests.append((request.method, path))
        self._in_flight += 1
        self._last_activity = time.monotonic()
        try:
            held = self._caught(request.method, path)
            if held is not None and not held.answer and await held._wait():  # dropped: lost on the way
                if request.transport is not None:
                    request.transport.close()
                return web.Response(status=204)
            for method, regex, handler in self._routes:
                m = regex.match(path)
                if m and method == request.method:
                    answer = await handler(request, **m.groupdict())
                    if held is not None and held.answer and await held._wait():  # done, the answer lost
                        if request.transport is not None:
                            request.transport.close()
                    return answer
            raise DoubleError(404, 0, f"404: Not Found (the double has no route {request.method} {path})")
        except DoubleError as e:
            if e.record:
                self._violation(e.status, e.code, e.message, f"{request.method} {path}", e.errors)
            body: dict[str, Any] = {"code": e.code, "message": e.message}
            if e.errors is not None:
                body["errors"] = e.errors
            return json_response(body, e.status)
        except Exception as e:  # a bug in the double: never answer 5xx (discord.py would retry for seconds)
            self._violation(400, 0, f"double crashed: {e!r}\n{traceback.format_exc()}", f"{request.method} {path}")
            return json_response({"code": 0, "message": f"double crashed: {e!r}"}, 400)
        finally:
            self._in_flight -= 1
            self._last_activity = time.monotonic()

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(autoping=True)
        await ws.prepare(request)
        session = GatewaySession(self, ws)
        self._sessions.append(session)
        try:
            await session.run()
        finally:
            session.ready = False
            if not ws.closed:
                await ws.close()
        return ws

    def current_session(self, guild_id: int | None = None) -> GatewaySession:
        """The newest session running the shard of ``guild_id`` (by default the first guild's)."""
        found = self.sessions_for(self.guild.id if guild_id is None else guild_id)
        if not found:
            raise RuntimeError("No bot is connected to the double's gateway (for that guild's shard).")
        return found[-1]

    async def read_body(self, request: web.Request) -> tuple[dict[str, Any], list[Attachment]]:
        """JSON body, or multipart ``payload_json`` + ``files[n]`` as discord.py sends files."""
        ctype = request.headers.get("Content-Type", "")
        if not ctype.startswith("multipart/"):
            raw = await request.read()
            return (json.loads(raw) if raw else {}), []
        payload: dict[str, Any] = {}
        uploads: list[tuple[int, str, bytes, str | None]] = []
        reader = await request.multipart()
        async for part in reader:
            name = part.name or ""
            data = await part.read()  # type: ignore[union-attr]
            if name == "payload_json":
                payload = json.loads(data)
            elif m := re.match(r"files\[(\d+)\]", name):
                uploads.append((int(m.group(1)), part.filename or "file", bytes(data), part.headers.get("Content-Type")))
        described = {str(a.get("id")): a for a in payload.get("attachments") or []}
        files = []
        for index, filename, data, sent in sorted(uploads):
            meta = described.get(str(index), {})
            fname = meta.get("filename") or filename
            files.append(Attachment(snowflake(), fname, data, sniff_content_type(fname, data), sent, meta.get("description")))
        if "attachments" in payload:
            # entries for new uploads are consumed here; the rest name existing attachments to keep
            payload["attachments"] = [a for a in payload["attachments"] if str(a.get("id")) not in
                                      {str(i) for i, *_ in uploads}]
        return payload, files
