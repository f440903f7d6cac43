"""The readiness file (``PIAZZA_READY_FILE``): written after the watcher's rounds while the bot is
connected, removed when it stops; one it cannot write is a warning, and the watcher goes on."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path

from bot.chat.app import create_bot
from bot.chat.operations import Heartbeat
from bot.play.service import GameService
from bot.store import Store
from tests.discord_double import DiscordDouble


async def test_the_ready_file_follows_the_watcher(double: DiscordDouble, tmp_path: Path, caplog) -> None:
    store = await Store.open(tmp_path / "piazza.sqlite3")
    try:
        bot = create_bot(GameService(store), guild_id=double.guild.id, deadline_poll_seconds=0.05)
        bot.heartbeat = Heartbeat(tmp_path / "ready", "-")
        async with double.running(bot):
            for _ in range(100):
                if (tmp_path / "ready").exists():
                    break
                await asyncio.sleep(0.05)
            first = json.loads((tmp_path / "ready").read_text())
            await asyncio.sleep(1.2)  # at-second precision: a later round rewrites it
            assert json.loads((tmp_path / "ready").read_text())["at"] > first["at"]
        assert not (tmp_path / "ready").exists()  # a clean stop removes it
    finally:
        await store.close()


async def test_a_ready_file_that_cannot_be_written_is_a_warning(double: DiscordDouble, tmp_path: Path,
                                                              caplog) -> None:
    store = await Store.open(tmp_path / "piazza.sqlite3")
    try:
        bot = create_bot(GameService(store), guild_id=double.guild.id, deadline_poll_seconds=0.05)
        bot.heartbeat = Heartbeat(tmp_path / "no-such-folder" / "ready", "-")
        with caplog.at_level(logging.WARNING, logger="piazza"):
            async with double.running(bot):
                await asyncio.sleep(0.3)
                assert bot.watcher.is_running()  # several rounds, and still watching
        assert any("cannot write the readiness file" in r.getMessage() for r in caplog.records)
    finally:
        await store.close()
