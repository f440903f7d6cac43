"""Holding one request in flight, to know exactly where a bot is when a test strikes.

``double.hold("POST", "/channels/{cid}/messages")`` catches the next request on that route; the bot
waits for Discord's answer while the test does what it must (say, SIGKILL the bot's process:
it is known to be mid-post, its move stored and its board not shown). Then ``release()`` lets the
request through, or ``drop()`` loses it as a network would (the connection closes, nothing is
posted). ``hold(..., answer=True)`` holds the answer instead: Discord made the message, the bot has
not heard (``drop()`` then loses only the answer)::

    held = double.hold("POST", f"/channels/{games.id}/messages")
    move = asyncio.create_task(double.slash(alice, games, "move", action="..."))
    await held.arrived()          # the bot is mid-post now
    process.kill(); held.drop()
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tests.patience import EVENT_SECONDS

if TYPE_CHECKING:
    from .server import DiscordDouble

WAIT = EVENT_SECONDS  # a held request arrives when the bot gets there; the bound catches a hang only


@dataclass
class Hold:
    method: str
    pattern: re.Pattern[str]
    _arrived: asyncio.Event = field(default_factory=asyncio.Event)
    _decided: asyncio.Event = field(default_factory=asyncio.Event)
    dropped: bool = False
    answer: bool = False  # held after Discord acted, before its answer: drop() loses only the answer

    def matches(self, method: str, path: str) -> bool:
        return method == self.method and self.pattern.fullmatch(path) is not None

    async def arrived(self, timeout: float = WAIT) -> None:
        """Until the held request has come in (the bot is waiting for its answer)."""
        await asyncio.wait_for(self._arrived.wait(), timeout)

    def release(self) -> None:
        """The request goes through as usual."""
        self._decided.set()

    def drop(self) -> None:
        """The request is lost: nothing happens, and its connection is closed."""
        self.dropped = True
        self._decided.set()

    async def _wait(self) -> bool:
        """Called by the double for the caught request: True if it is dropped."""
        self._arrived.set()
        await self._decided.wait()
        return self.dropped


class Holds:
    _holds: list[Hold]

    def hold(self: DiscordDouble, method: str, path: str, answer: bool = False) -> Hold:  # type: ignore[misc]
        """Catch the next ``method`` request on ``path`` (``{name}`` matches one path segment); with
        ``answer``, after the double acted on it (a message made), before its answer goes back."""
        regex = re.sub(r"\{(\w+)\}", r"[^/]+", path)
        held = Hold(method, re.compile(regex), answer=answer)
        self._holds.append(held)
        return held

    def _caught(self, method: str, path: str) -> Hold | None:
        """The hold waiting for this request, if any (each catches one request)."""
        found = next((h for h in self._holds if h.matches(method, path)), None)
        if found is not None:
            self._holds.remove(found)
        return found
