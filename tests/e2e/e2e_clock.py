"""Shared pieces of the turn-clock tests: a clock the test moves, and waiting for the watcher."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from tests.discord_double import Channel, DiscordDouble, Message
from tests.patience import eventually

POLL = 0.05  # the watcher's period in these tests (seconds)


class Clock:
    """The service's clock, moved by the test (the bot reads dates only through it)."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


async def until(double: DiscordDouble, done: Callable[[], bool]) -> None:
    """Until ``done()``, the double settled before each check (``tests.patience``)."""
    await eventually(done, double.settle, POLL, "what the watcher should have done")


async def sweeps(double: DiscordDouble, count: int = 5) -> None:
    """Let the watcher run a few more times."""
    for _ in range(count):
        await asyncio.sleep(POLL)
        await double.settle()


def reminders(double: DiscordDouble, channel: Channel) -> list[Message]:
    return [m for m in double.public(channel) if m.content.startswith("⏰")]


def autopiloted(double: DiscordDouble, channel: Channel) -> list[Message]:
    return [m for m in double.public(channel) if "by the autopilot" in m.content]
