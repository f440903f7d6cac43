"""Caps on games waiting to start, through the Discord double (issue 22.12): a fourth /new by one
person while three of their games wait is refused privately, naming those games with links to their
threads; no thread and no announcement are made. Starting one of them makes room again."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.discord_double import DiscordDouble
from tests.e2e.e2e_table import open_table
from tests.e2e.test_e2e_threads import open_in_thread


@pytest.fixture
async def table(threaded_double: DiscordDouble, tmp_path: Path):
    async with open_table(threaded_double, tmp_path / "piazza.sqlite3") as t:
        yield t


async def test_a_fourth_lobby_is_refused_naming_the_three(threaded_double: DiscordDouble, table) -> None:
    double = threaded_double
    alice, bob = double.user("alice"), double.user("bob")
    games = double.channel("games")
    opened = [await open_in_thread(double, games, alice, key) for key in ("torri", "bella_vista", "leonardo")]
    threads, posts = len(double.threads_of(games)), len(double.public(games))

    res = await double.slash(alice, games, "new", game="torri")
    assert res.ephemeral and not res.public, res.text
    assert res.text.startswith("You already have 3 games waiting to start"), res.text
    for thread, _, game_id in opened:
        assert f"#{game_id} ({thread.mention})" in res.text
    assert "/start" in res.text and "/abort" in res.text
    assert len(double.threads_of(games)) == threads and len(double.public(games)) == posts  # nothing made

    thread, announcement, game_id = opened[0]
    await double.press(bob, announcement, f"piazza:lobby:{game_id}:join")
    await double.slash(alice, thread, "start")  # one of the three begins: room for another
    await open_in_thread(double, games, alice, "torri")
