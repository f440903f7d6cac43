"""The readiness file (``PIAZZA_READY_FILE``): written after the watcher's rounds while the bot is
connected, removed when it stops; one it cannot write is a warning, and the watcher goes on."""

from __future__ import annotations

import json
import logging
from pathlib import Path

from bot.chat.app import create_bot
from bot.chat.operations import Heartbeat
from bot.play.service import GameService
from bot.store import Store
from tests.discord_double import DiscordDouble
from tests.patience import eventually


async def test_the_ready_file_follows_the_watcher(double: DiscordDouble, tmp_path: Path, caplog) -> None:
    store = await Store.open(tmp_path / "piazza.sqlite3")
    try:
        bot = create_bot(GameService(store), guild_id=double.guild.id, deadline_poll_seconds=0.05)
        bot.heartbeat = Heartbeat(tmp_path / "ready", "-")
        async with double.running(bot):
            await eventually(lambda: (tmp_path / "ready").exists(), what="the readiness file")
            first = json.loads((tmp_path / "ready").read_text())
            # at-second precision: a round a second or more later rewrites it
            await eventually(lambda: json.loads((tmp_path / "ready").read_text())["at"] > first["at"],
                             what="a later round's readiness file")
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
                warned = lambda: sum("cannot write the readiness file" in r.getMessage()  # noqa: E731
                                     for r in caplog.records)
                await eventually(lambda: warned() >= 2, what="two rounds' warnings")
                assert bot.watcher.is_running()  # several rounds, and still watching
    finally:
        await store.close()
