"""Fixtures for end-to-end tests: a Discord double on 127.0.0.1 and a guard on the bot's error logs."""

from __future__ import annotations

import logging

import pytest

from tests.discord_double import DiscordDouble
from tests.patience import ANSWER_SECONDS


class ErrorLog(logging.Handler):
    """Collects ERROR records (discord.py logs exceptions in handlers there instead of raising)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def take(self) -> list[logging.LogRecord]:
        out, self.records = self.records, []
        return out

    def describe(self) -> str:
        lines = []
        for r in self.records:
            lines.append(f"{r.name}: {r.getMessage()}")
            if r.exc_info:
                lines.append(logging.Formatter().formatException(r.exc_info))
        return "\n".join(lines)


@pytest.fixture
def error_log():
    handler = ErrorLog()
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield handler
    finally:
        root.removeHandler(handler)
    assert not handler.records, "the bot logged errors:\n" + handler.describe()


async def _started(threads: bool):
    """A started double; the test fails if the double saw a violation the test did not pop."""
    dbl = DiscordDouble(threads=threads, response_deadline=ANSWER_SECONDS)  # not Discord's 3 s: see tests.patience
    await dbl.start()
    try:
        yield dbl
    finally:
        await dbl.close()
    left = dbl.pop_violations()
    assert not left, "the double refused requests Discord would refuse:\n" + "\n".join(map(str, left))


@pytest.fixture
async def double(error_log):
    """A double where the bot may make no threads (games are played in their channel, the fallback, as
    before threads). ``threaded_double``: threads allowed."""
    async for dbl in _started(threads=False):
        yield dbl


@pytest.fixture
async def threaded_double(error_log):
    """A double where the bot may create public threads (a game per thread)."""
    async for dbl in _started(threads=True):
        yield dbl
