"""Threads in the double: the bot creates public threads in a text channel (``POST
/channels/{id}/threads``), renames and reopens them (``PATCH /channels/{id}``), and posts in them
like in a channel; their permissions are their parent's. A test archives a thread (what Discord
does after a week of inactivity) or deletes it (a moderator), and denies thread creation in a
channel (the bot lacks Create Public Threads: 403 / 50013, as Discord answers).

Posting in an archived thread is refused (400 / 50083 "Thread is archived") and recorded as a
violation: the double is stricter than Discord, which reopens an unlocked thread for a member's
message, so a bot that passes here reopens its threads itself (which works on Discord either way).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .limits import Errors
from .models import Channel, snowflake

if TYPE_CHECKING:
    from .server import DiscordDouble

PUBLIC_THREAD = 11
CREATE_PUBLIC_THREADS = 1 << 35
THREAD_TYPES = (11, 12)
NAME_LIMIT = 100


def _bad(field: str, code: str, message: str) -> Errors:
    errors = Errors()
    errors.add([field], code, message)
    return errors


def _server():
    from . import server

    return server


class Threads:
    def _register_thread_routes(self: DiscordDouble) -> None:  # type: ignore[misc]
        self._route("POST", "/channels/{cid}/threads", self._create_thread)
        self._route("PATCH", "/channels/{cid}", self._edit_channel)

    def bot_permissions_in(self: DiscordDouble, channel: Channel) -> int:  # type: ignore[misc]
        """The bot's permissions in a channel (a thread: its parent's), as interactions carry them."""
        parent = self.channel_by_id(channel.parent_id) if channel.parent_id is not None else channel
        perms = self.bot_user.permissions
        if parent is not None and parent.threads_denied:
            perms &= ~CREATE_PUBLIC_THREADS
        return perms

    def threads_of(self: DiscordDouble, channel: Channel) -> list[Channel]:  # type: ignore[misc]
        return [t for t in self.threads if t.parent_id == channel.id]

    async def _dispatch_all(self: DiscordDouble, event: str, data: dict[str, Any]) -> None:  # type: ignore[misc]
        """A thread event, to the shard of the thread's guild."""
        await self.dispatch_to_guild(int(data["guild_id"]), event, data)

    async def archive(self: DiscordDouble, thread: Channel) -> None:  # type: ignore[misc]
        """Discord archives a thread after its inactivity period."""
        thread.archived = True
        await self._dispatch_all("THREAD_UPDATE", thread.payload())

    async def delete_thread(self: DiscordDouble, thread: Channel) -> None:  # type: ignore[misc]
        """A moderator deletes a thread (its messages go with it)."""
        self.threads.remove(thread)
        for msg in self.messages.values():
            if msg.channel_id == thread.id:
                msg.deleted = True
        await self._dispatch_all("THREAD_DELETE", {"id": str(thread.id), "guild_id": str(thread.guild_id),
                                                   "parent_id": str(thread.parent_id), "type": thread.kind})
        await self.settle()

    async def _create_thread(self: DiscordDouble, request: web.Request, cid: str) -> web.Response:  # type: ignore[misc]
        server = _server()
        parent = self._chan(cid)
        if parent.kind != 0:
            raise server.DoubleError(400, 50024, "Cannot execute action on this channel type")
        if parent.threads_denied:
            raise server.DoubleError(403, 50013, "Missing Permissions", record=False)
        data = json.loads(await request.text() or "{}")
        name = str(data.get("name") or "")
        if not 1 <= len(name) <= NAME_LIMIT:
            raise server.invalid_form(_bad("name", "BASE_TYPE_BAD_LENGTH", f"Must be between 1 and {NAME_LIMIT} in length."))
        kind = int(data.get("type") or 12)
        if kind not in THREAD_TYPES:
            raise server.invalid_form(_bad("type", "BASE_TYPE_CHOICES", "Value must be one of (11, 12)."))
        thread = Channel(snowflake(), name, parent.guild_id, kind=kind, parent_id=parent.id)
        self.threads.append(thread)
        await self._dispatch_all("THREAD_CREATE", {**thread.payload(), "newly_created": True})
        return server.json_response(thread.payload(), status=201)

    async def _edit_channel(self: DiscordDouble, request: web.Request, cid: str) -> web.Response:  # type: ignore[misc]
        server = _server()
        channel = self._chan(cid)
        data = json.loads(await request.text() or "{}")
        if channel.kind not in THREAD_TYPES:
            raise server.DoubleError(400, 50024, "Cannot execute action on this channel type")
        if "name" in data:
            name = str(data["name"] or "")
            if not 1 <= len(name) <= NAME_LIMIT:
                raise server.invalid_form(_bad("name", "BASE_TYPE_BAD_LENGTH",
                                               f"Must be between 1 and {NAME_LIMIT} in length."))
            channel.name = name
        if "archived" in data:
            channel.archived = bool(data["archived"])
        await self._dispatch_all("THREAD_UPDATE", channel.payload())
        return server.json_response(channel.payload())
