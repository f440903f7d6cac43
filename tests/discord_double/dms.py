"""Direct messages in the double: the bot opens a DM channel with a user (``POST /users/@me/channels``)
and posts in it like in any channel. A user who does not take direct messages from the bot
(``double.close_dms(user)``) makes every post there fail as on Discord: 403, error 50007, "Cannot send
messages to this user" (not a violation: the bot cannot know before trying).

    double.close_dms(alice); double.dms(alice)   # what reached alice by DM, in order
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .models import Message, User, snowflake

if TYPE_CHECKING:
    from .server import DiscordDouble

CANNOT_DM = 50007


@dataclass
class DmChannel:
    id: int
    recipient: User

    def payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "type": 1, "last_message_id": None, "flags": 0,
                "recipients": [self.recipient.payload()]}


class DirectMessages:
    dm_channels: dict[int, DmChannel]
    dms_closed: set[int]

    def _register_dm_routes(self: DiscordDouble) -> None:  # type: ignore[misc]
        self.dm_channels, self.dms_closed = {}, set()
        self._route("POST", "/users/@me/channels", self._open_dm)

    async def _open_dm(self: DiscordDouble, request: web.Request) -> web.Response:  # type: ignore[misc]
        from .server import DoubleError, json_response

        body, _ = await self.read_body(request)
        uid = str(body.get("recipient_id", ""))
        user = self.user_by_id(int(uid)) if uid.isdigit() else None
        if user is None or user.bot:
            raise DoubleError(400, 50033, "Invalid Recipient(s)")
        found = next((c for c in self.dm_channels.values() if c.recipient.id == user.id), None)
        if found is None:
            found = DmChannel(snowflake(), user)
            self.dm_channels[found.id] = found
        return json_response(found.payload())

    def refuse_dm(self: DiscordDouble, cid: int) -> None:  # type: ignore[misc]
        """Called before a post in channel ``cid``: refused as Discord does if it is a closed DM."""
        from .server import DoubleError

        dm = self.dm_channels.get(cid)
        if dm is not None and dm.recipient.id in self.dms_closed:
            raise DoubleError(403, CANNOT_DM, "Cannot send messages to this user", record=False)

    def close_dms(self, user: User) -> None:
        self.dms_closed.add(user.id)

    def open_dms(self, user: User) -> None:
        self.dms_closed.discard(user.id)

    def dms(self: DiscordDouble, user: User) -> list[Message]:  # type: ignore[misc]
        """Every direct message the bot sent ``user``, in order."""
        ids = {c.id for c in self.dm_channels.values() if c.recipient.id == user.id}
        return sorted((m for m in self.messages.values() if m.channel_id in ids), key=lambda m: m.seq)
