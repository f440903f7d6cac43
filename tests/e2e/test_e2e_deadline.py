"""A game created with a date limit ends on its own when the date passes: the bot's watcher
applies the platform's ``time_up`` and posts the final board and scores in the channel, with
nobody moving (Leonardo's "maximum time agreed among the players before the start")."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.discord_double import DiscordDouble
from tests.e2e.e2e_clock import until
from tests.e2e.e2e_table import open_game, open_table


class Clock:
    """The service's clock, moved by the test (the bot reads dates only through it)."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


async def test_an_untouched_game_ends_at_its_deadline(double: DiscordDouble, tmp_path: Path) -> None:
    clock = Clock()
    async with open_table(double, tmp_path / "piazza.sqlite3", clock=clock, deadline_poll_seconds=0.05) as table:
        alice, bob, games = double.user("alice"), double.user("bob"), double.channel("games")
        await open_game(double, games, [alice, bob], "leonardo", "Leonardo (1988)",
                        "deadline=2026-11-30T18:00 max_rounds=20")
        posts = len(double.public(games))
        await asyncio.sleep(0.2)  # the watcher runs, but the date has not come
        assert len(double.public(games)) == posts

        clock.now += timedelta(days=2)
        await until(double, lambda: len(double.public(games)) > posts)
        [final] = double.public(games)[posts:]
        assert "🏆" in final.content and final.images
        assert "<@" not in final.content  # nobody is asked to move any more
        assert await table.service.store.games.open_in(games.id) is None

        res = await double.slash(alice, games, "move", action="spin")
        assert res.ephemeral and not res.public and "/new" in res.text
