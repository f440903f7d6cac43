"""REST routes of the double: login, command sync, interaction callbacks, webhooks, channel messages."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .limits import Errors, validate_autocomplete, validate_command_list, validate_message
from .mentions import validate_allowed_mentions
from .models import EPHEMERAL, LOADING, Attachment, Guild, InteractionRecord, Message

if TYPE_CHECKING:
    from .server import DiscordDouble

# initial-response types each interaction type may use (Discord's rules)
ALLOWED_RESPONSES = {2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 4: {8}, 5: {4, 5, 6, 7}}
KEPT_FLAGS = EPHEMERAL | (1 << 2) | (1 << 12) | (1 << 15)  # ephemeral, suppress embeds/notifications, v2


def _server():
    from . import server

    return server


class RestRoutes:
    def _register_routes(self: DiscordDouble) -> None:  # type: ignore[misc]
        r = self._route
        r("GET", "/users/@me", self._get_me)
        r("GET", "/oauth2/applications/@me", self._get_app)
        r("GET", "/gateway", self._get_gateway)
        r("GET", "/gateway/bot", self._get_gateway)
        r("GET", "/users/{uid}", self._get_user)
        r("GET", "/guilds/{gid}", self._get_guild)
        r("GET", "/guilds/{gid}/channels", self._get_guild_channels)
        r("GET", "/guilds/{gid}/members/{uid}", self._get_member)
        for scope in ("/applications/{app}/commands", "/applications/{app}/guilds/{gid}/commands"):
            r("PUT", scope, self._put_commands)
            r("GET", scope, self._get_commands)
        r("POST", "/interactions/{iid}/{token}/callback", self._callback)
        r("POST", "/webhooks/{app}/{token}", self._followup)
        r("GET", "/webhooks/{app}/{token}/messages/{mid}", self._webhook_get)
        r("PATCH", "/webhooks/{app}/{token}/messages/{mid}", self._webhook_edit)
        r("DELETE", "/webhooks/{app}/{token}/messages/{mid}", self._webhook_delete)
        r("GET", "/channels/{cid}", self._get_channel)
        r("POST", "/channels/{cid}/typing", self._typing)
        r("GET", "/channels/{cid}/messages", self._channel_history)
        r("POST", "/channels/{cid}/messages", self._channel_post)
        r("GET", "/channels/{cid}/messages/{mid}", self._channel_get)
        r("PATCH", "/channels/{cid}/messages/{mid}", self._channel_edit)
        r("DELETE", "/channels/{cid}/messages/{mid}", self._channel_delete)

    # ------------------------------------------------------------------ login & directory

    async def _get_me(self: DiscordDouble, request: web.Request) -> web.Response:  # type: ignore[misc]
        auth = request.headers.get("Authorization", "")
        if not auth.startswith("Bot ") or len(auth) <= 4:
            raise _server().DoubleError(401, 0, "401: Unauthorized")
        self.token_seen = auth[4:]
        return _server().json_response({**self.bot_user.payload(), "verified": True, "mfa_enabled": False,
                                        "flags": 0, "locale": "en-US", "email": None})

    async def _get_app(self: DiscordDouble, request: web.Request) -> web.Response:  # type: ignore[misc]
        return _server().json_response({
            "id": str(self.application_id), "name": self.bot_user.name, "icon": None, "description": "",
            "rpc_origins": [], "bot_public": True, "bot_require_code_grant": False, "bot": self.bot_user.payload(),
            "owner": self.owner.payload(), "summary": "", "verify_key": "0" * 64, "team": None, "flags": 0,
            "approximate_guild_count": len(self.guilds), "tags": [], "redirect_uris": [],
        })

    async def _get_gateway(self: DiscordDouble, request: web.Request) -> web.Response:  # type: ignore[misc]
        return _server().json_response({
            "url": self.gateway_url, "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
        })

    async def _get_user(self: DiscordDouble, request: web.Request, uid: str) -> web.Response:  # type: ignore[misc]
        user = self.user_by_id(int(uid)) if uid.isdigit() else None
        if user is None:
            raise _server().DoubleError(404, 10013, "Unknown User")
        return _server().json_response(user.payload())

    def _check_guild(self: DiscordDouble, gid: str) -> Guild:  # type: ignore[misc]
        guild = self.guild_by_id(int(gid)) if gid.isdigit() else None
        if guild is None:
            raise _server().DoubleError(404, 10004, "Unknown Guild")
        return guild

    async def _get_guild(self: DiscordDouble, request: web.Request, gid: str) -> web.Response:  # type: ignore[misc]
        payload = self._guild_payload(guild=self._check_guild(gid))
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            payload.pop(key, None)
        return _server().json_response(payload)

    async def _get_guild_channels(self: DiscordDouble, request: web.Request, gid: str) -> web.Response:  # type: ignore[misc]
        return _server().json_response([c.payload() for c in self._check_guild(gid).channels])

    async def _get_member(self: DiscordDouble, request: web.Request, gid: str, uid: str) -> web.Response:  # type: ignore[misc]
        self._check_guild(gid)
        user = self.user_by_id(int(uid)) if uid.isdigit() else None
        if user is None:
            raise _server().DoubleError(404, 10007, "Unknown Member")
        return _server().json_response(self._member_payload(user))

    # ------------------------------------------------------------------ commands

    def _scope(self: DiscordDouble, app: str, gid: str | None) -> int | None:  # type: ignore[misc]
        if app != str(self.application_id):
            raise _server().DoubleError(403, 50001, "Missing Access")
        if gid is not None:
            self._check_guild(gid)
            return int(gid)
        return None

    async def _put_commands(self: DiscordDouble, request: web.Request, app: str, gid: str | None = None) -> web.Response:  # type: ignore[misc]
        scope = self._scope(app, gid)
        body, _ = await self.read_body(request)
        if not isinstance(body, list):
            errors = Errors()
            errors.add([], "BASE_TYPE_ARRAY", "Must be an array.")
            raise _server().invalid_form(errors)
        errors = Errors()
        validate_command_list(errors, body)
        if errors:
            raise _server().invalid_form(errors)
        old = self.commands.get(scope, {})
        stored: dict[tuple[str, int], dict[str, Any]] = {}
        for cmd in body:
            key = (cmd["name"], cmd.get("type", 1))
            cid = old[key]["id"] if key in old else str(_server().snowflake())
            out = {
                "type": 1, "default_member_permissions": None, "dm_permission": True, "nsfw": False,
                "contexts": None, "integration_types": [0], "options": [], **cmd,
                "id": cid, "application_id": str(self.application_id), "version": str(_server().snowflake()),
            }
            if scope is not None:
                out["guild_id"] = str(scope)
            stored[key] = out
        self.commands[scope] = stored
        self._commands_synced.set()
        return _server().json_response(list(stored.values()))

    async def _get_commands(self: DiscordDouble, request: web.Request, app: str, gid: str | None = None) -> web.Response:  # type: ignore[misc]
        scope = self._scope(app, gid)
        return _server().json_response(list(self.commands.get(scope, {}).values()))

    # ------------------------------------------------------------------ interactions

    def _check_message(self: DiscordDouble, data: dict[str, Any], files: list[Attachment], *, creating: bool,  # type: ignore[misc]
                       limit: int | None = None) -> None:
        errors = Errors()
        validate_message(errors, data, creating=creating, n_files=len(files))
        validate_allowed_mentions(errors, data)
        if errors:
            raise _server().invalid_form(errors)
        limit = self.attachment_size_limit if limit is None else limit
        for f in files:
            if len(f.data) > limit:
                raise _server().DoubleError(413, 40005, f"Request entity too large ({f.filename}: {len(f.data)} > {limit})")
        if creating and not (data.get("content") or data.get("embeds") or files or data.get("components")
                             or data.get("sticker_ids") or data.get("poll")):
            raise _server().DoubleError(400, 50006, "Cannot send an empty message")

    async def _callback(self: DiscordDouble, request: web.Request, iid: str, token: str) -> web.Response:  # type: ignore[misc]
        srv = _server()
        rec = self.interactions.get(int(iid)) if iid.isdigit() else None
        if rec is None or rec.token != token:
            raise srv.DoubleError(404, 10062, "Unknown interaction")
        if rec.response_type is not None:
            raise srv.DoubleError(400, 40060, "Interaction has already been acknowledged.")
        if time.monotonic() - rec.created > self.response_deadline:
            raise srv.DoubleError(404, 10062, "Unknown interaction")
        body, files = await self.read_body(request)
        rtype = body.get("type")
        data = body.get("data") or {}
        if rtype not in ALLOWED_RESPONSES.get(rec.type, set()):
            errors = Errors()
            errors.add(["type"], "INTERACTION_CALLBACK_TYPE_INVALID",
                       f"Response type {rtype} is not valid for interaction type {rec.type}.")
            raise srv.invalid_form(errors)
        msg: Message | None = None
        created = False
        if rtype == 4:
            self._check_message(data, files, creating=True)
            msg = self._new_message(rec.channel.id, data, files, via="callback", interaction=rec,
                                    flags=int(data.get("flags") or 0) & KEPT_FLAGS)
            created = True
        elif rtype == 5:
            flags = LOADING | (int(data.get("flags") or 0) & EPHEMERAL)
            msg = self._new_message(rec.channel.id, {}, [], via="callback", interaction=rec, flags=flags)
            created = True
        elif rtype == 6:
            msg = rec.source_message
        elif rtype == 7:
            self._check_message(data, files, creating=False)
            assert rec.source_message is not None
            msg = self._edit_message(rec.source_message, data, files)
        elif rtype == 8:
            errors = Errors()
            validate_autocomplete(errors, data.get("choices"))
            if errors:
                raise srv.invalid_form(errors)
            rec.choices = list(data["choices"])
        elif rtype == 9:
            errors = Errors()
            if not data.get("custom_id") or len(data["custom_id"]) > 100:
                errors.add(["data", "custom_id"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
            if not data.get("title") or len(data["title"]) > 45:
                errors.add(["data", "title"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 45 in length.")
            if not 1 <= len(data.get("components") or []) <= 5:
                errors.add(["data", "components"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
            if errors:
                raise srv.invalid_form(errors)
            rec.modal = data
        rec.response_type = rtype
        rec.responded_at = time.monotonic()
        rec.original = msg
        if msg is not None and rtype in (4, 7):
            await self._announce(msg, created=created)
        if request.query.get("with_response") not in ("1", "true", "True"):
            return web.Response(status=204)
        out: dict[str, Any] = {
            "interaction": {
                "id": str(rec.id), "type": rec.type, "activity_instance_id": None,
                "response_message_id": str(msg.id) if msg else None,
                "response_message_loading": rtype == 5,
                "response_message_ephemeral": bool(msg and msg.ephemeral),
            },
            "resource": {"type": rtype},
        }
        if msg is not None and rtype in (4, 5, 7):
            out["resource"]["message"] = self._message_payload(msg)
        return srv.json_response(out)

    def _by_token(self: DiscordDouble, app: str, token: str) -> InteractionRecord:  # type: ignore[misc]
        srv = _server()
        if app != str(self.application_id):
            raise srv.DoubleError(404, 10015, "Unknown Webhook")
        rec = next((r for r in self.interactions.values() if r.token == token), None)
        if rec is None or time.monotonic() - rec.created > self.token_lifetime:
            raise srv.DoubleError(401, 50027, "Invalid Webhook Token")
        if rec.response_type is None or rec.type == 4:
            raise srv.DoubleError(404, 10015, "Unknown Webhook")
        return rec

    def _webhook_target(self: DiscordDouble, rec: InteractionRecord, mid: str) -> Message:  # type: ignore[misc]
        if mid == "@original":
            msg = rec.original
        else:
            msg = self.messages.get(int(mid)) if mid.isdigit() else None
            if msg is not None and msg.interaction_id != rec.id and msg is not rec.original:
                msg = None
        if msg is None or msg.deleted:
            raise _server().DoubleError(404, 10008, "Unknown Message")
        return msg

    async def _followup(self: DiscordDouble, request: web.Request, app: str, token: str) -> web.Response:  # type: ignore[misc]
        rec = self._by_token(app, token)
        data, files = await self.read_body(request)
        self._check_message(data, files, creating=True)
        original = rec.original
        if rec.response_type == 5 and original is not None and original.loading and len(original.versions) == 1:
            # After a deferred "thinking" response, the first follow-up replaces the loading message
            # (and keeps the ephemerality chosen by the defer).
            msg = self._edit_message(original, data, files)
            created = False
        else:
            flags = int(data.get("flags") or 0) & KEPT_FLAGS
            msg = self._new_message(rec.channel.id, data, files, via="followup", interaction=rec, flags=flags)
            created = True
        rec.followups.append(msg)
        await self._announce(msg, created=created)
        # for interaction follow-ups Discord behaves as if wait=true: the message always comes back
        return _server().json_response(self._message_payload(msg))

    async def _webhook_get(self: DiscordDouble, request: web.Request, app: str, token: str, mid: str) -> web.Response:  # type: ignore[misc]
        rec = self._by_token(app, token)
        return _server().json_response(self._message_payload(self._webhook_target(rec, mid)))

    async def _webhook_edit(self: DiscordDouble, request: web.Request, app: str, token: str, mid: str) -> web.Response:  # type: ignore[misc]
        rec = self._by_token(app, token)
        msg = self._webhook_target(rec, mid)
        return await self._edit_from_request(request, msg)

    async def _edit_from_request(self: DiscordDouble, request: web.Request, msg: Message) -> web.Response:  # type: ignore[misc]
        """An edit, through a webhook or the channel route: checked, applied, announced."""
        data, files = await self.read_body(request)
        self._check_message(data, files, creating=False)
        self._edit_message(msg, data, files)
        self._check_not_empty(msg)
        await self._announce(msg, created=False)
        return _server().json_response(self._message_payload(msg))

    def _check_not_empty(self: DiscordDouble, msg: Message) -> None:  # type: ignore[misc]
        v = msg.current
        if not (v.content or v.embeds or v.attachments or v.components):
            msg.versions.pop()
            raise _server().DoubleError(400, 50006, "Cannot send an empty message")

    async def _webhook_delete(self: DiscordDouble, request: web.Request, app: str, token: str, mid: str) -> web.Response:  # type: ignore[misc]
        rec = self._by_token(app, token)
        msg = self._webhook_target(rec, mid)
        await self._delete(msg)
        return web.Response(status=204)

    async def _delete(self: DiscordDouble, msg: Message) -> None:  # type: ignore[misc]
        msg.deleted = True
        self._touched.append(msg)
        if not msg.ephemeral:
            await self._broadcast("MESSAGE_DELETE", {"id": str(msg.id), "channel_id": str(msg.channel_id),
                                                     "guild_id": str(msg.guild_id)})

    # ------------------------------------------------------------------ channels

    def _chan(self: DiscordDouble, cid: str):  # type: ignore[misc]
        ch = self.channel_by_id(int(cid)) if cid.isdigit() else None
        if ch is None:
            raise _server().DoubleError(404, 10003, "Unknown Channel")
        return ch

    def _chan_message(self: DiscordDouble, cid: str, mid: str) -> Message:  # type: ignore[misc]
        ch = self._chan(cid)
        msg = self.messages.get(int(mid)) if mid.isdigit() else None
        if msg is None or msg.channel_id != ch.id or msg.deleted or msg.ephemeral:
            raise _server().DoubleError(404, 10008, "Unknown Message")
        return msg

    async def _get_channel(self: DiscordDouble, request: web.Request, cid: str) -> web.Response:  # type: ignore[misc]
        return _server().json_response(self._chan(cid).payload())

    async def _typing(self: DiscordDouble, request: web.Request, cid: str) -> web.Response:  # type: ignore[misc]
        self._chan(cid)
        return web.Response(status=204)

    async def _channel_history(self: DiscordDouble, request: web.Request, cid: str) -> web.Response:  # type: ignore[misc]
        ch = self._chan(cid)
        limit = int(request.query.get("limit", 50))
        msgs = [m for m in self.messages.values() if m.channel_id == ch.id and not m.deleted and not m.ephemeral]
        msgs.sort(key=lambda m: m.id, reverse=True)
        return _server().json_response([self._message_payload(m) for m in msgs[:limit]])

    async def _channel_post(self: DiscordDouble, request: web.Request, cid: str) -> web.Response:  # type: ignore[misc]
        ch = self._chan(cid)
        self.refuse_dm(ch.id)
        if getattr(ch, "send_denied", False):
            raise _server().DoubleError(403, 50013, "Missing Permissions", record=False)
        if getattr(ch, "archived", False):  # see threads.py: the bot must reopen its thread first
            raise _server().DoubleError(400, 50083, "Thread is archived")
        data, files = await self.read_body(request)
        self._check_message(data, files, creating=True)
        token = request.headers.get("Authorization", "").removeprefix("Bot ") or None
        author = str(self.bot_user.id)  # every token of the double is the one bot (its shards, its restarts)
        earlier = self.nonce_seen(author, data)
        if earlier is not None:  # Discord: "that message will be returned and no new message will be created"
            return _server().json_response(self._message_payload(earlier))
        flags = int(data.get("flags") or 0) & (KEPT_FLAGS & ~EPHEMERAL)
        msg = self._new_message(ch.id, data, files, via="channel", flags=flags)
        msg.posted_by = token
        self.remember_nonce(author, data, msg)
        await self._announce(msg, created=True)
        return _server().json_response(self._message_payload(msg))

    def nonce_seen(self: DiscordDouble, author: str | None, data: dict[str, Any]) -> Message | None:  # type: ignore[misc]
        """Discord's ``enforce_nonce``: "If true and nonce is present, it will be checked for uniqueness in
        the past few minutes. If another message was created by the same author with the same nonce, that
        message will be returned and no new message will be created." The window is ``nonce_window``
        seconds (Discord says only "a few minutes"); past it, the same nonce makes a new message."""
        nonce = data.get("nonce")
        if nonce is None or not data.get("enforce_nonce"):
            return None
        found = self.nonces.get((author, str(nonce)))
        if found is None or time.monotonic() - found[0] > self.nonce_window:
            return None
        return found[1]

    def remember_nonce(self: DiscordDouble, author: str | None, data: dict[str, Any], msg: Message) -> None:  # type: ignore[misc]
        nonce = data.get("nonce")
        if nonce is not None:
            msg.nonce = str(nonce)
            if data.get("enforce_nonce"):
                self.nonces[(author, str(nonce))] = (time.monotonic(), msg)

    async def _channel_get(self: DiscordDouble, request: web.Request, cid: str, mid: str) -> web.Response:  # type: ignore[misc]
        return _server().json_response(self._message_payload(self._chan_message(cid, mid)))

    async def _channel_edit(self: DiscordDouble, request: web.Request, cid: str, mid: str) -> web.Response:  # type: ignore[misc]
        msg = self._chan_message(cid, mid)
        return await self._edit_from_request(request, msg)

    async def _channel_delete(self: DiscordDouble, request: web.Request, cid: str, mid: str) -> web.Response:  # type: ignore[misc]
        await self._delete(self._chan_message(cid, mid))
        return web.Response(status=204)
