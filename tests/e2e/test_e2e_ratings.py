"""Ratings and the story end to end through the Discord double (issue 26): a finished game's final board
names each player's rating change and tells the story (refused by /story during play, told again after); /leaderboard and /stats answer privately, never ping, escape names, and show
only the games of the server they are asked in."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.play.service import User
from tests.discord_double import DiscordDouble
from tests.e2e.e2e_table import open_game, open_table


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


async def play_out(double: DiscordDouble, table, channel, users) -> None:
    by_id = {u.id: u for u in users}
    for _ in range(300):
        if await table.service.store.games.open_in(channel.id) is None:
            return
        pending = await table.service.pending(channel.id)
        uid = sorted(pending)[0]
        res = await double.slash(by_id[uid], channel, "move", action=pending[uid][0])
        assert res.public or res.ephemeral
    raise AssertionError("the game did not end")


async def test_leaderboard_and_stats_after_a_finished_game(double: DiscordDouble, tmp_path: Path) -> None:
    clock = Clock()
    second = double.add_guild("Other Server")  # before the bot connects
    elsewhere = double.channel("games", second)
    async with open_table(double, tmp_path / "piazza.sqlite3", clock=clock) as table:
        alice, bob, carol = double.user("alice"), double.user("bob"), double.user("carol")
        games = double.channel("games")
        res = await double.slash(carol, games, "story")
        assert res.ephemeral and not res.public and "no finished game in this channel" in res.text
        await open_game(double, games, [alice, bob], "leonardo", "Leonardo (1988)", "max_rounds=1")
        res = await double.slash(carol, games, "story")  # it would tell what is hidden
        assert res.ephemeral and not res.public and "once it is over" in res.text
        await play_out(double, table, games, [alice, bob])
        final = double.public(games)[-1]
        assert "Game over" in final.content and "Ratings in this server" in final.content
        assert "each seat's chance of finishing first" in final.content  # (one round: maybe no turning point)
        assert ("The turning points:\nRound 1:" in final.content) != ("No move changed a chance" in final.content)
        assert not re.search(r" (\d+)% → \1%", final.content)  # a turning point changes a chance visibly
        assert any(a.filename.startswith("story-") for a in final.attachments)

        res = await double.slash(carol, games, "story")  # told again, for everyone
        assert not res.ephemeral and "each seat's chance of finishing first" in res.text
        assert [a.filename.split("-")[0] for a in res.original.attachments] == ["story"]
        assert len(res.images) == 1 and not res.original.pinged

        # another server's game, with a player who is never seated here: it never shows in this one
        service = table.service
        zed, yan = User(4242, "Elsewhere Zed"), User(4343, "Elsewhere Yan")
        await service.create(second.id, elsewhere.id, zed, "leonardo", "deadline=2026-12-01T18:00")
        await service.join(elsewhere.id, yan)
        await service.start(elsewhere.id, zed)
        clock.now += timedelta(days=3)
        assert (await service.check_deadline(elsewhere.id)).finished
        assert {r.guild_id for r in await service.store.ratings.every()} == {double.guild.id, second.id}

        res = await double.slash(carol, games, "leaderboard", game="leonardo")
        assert res.ephemeral and not res.public
        text = res.text
        assert "Leonardo (1988)" in text and "Alice" in text and "Bob" in text and "Elsewhere" not in text
        assert "<@" not in text and "1 game" in text
        assert not res.original.pinged

        res = await double.slash(carol, games, "leaderboard", game="torri")
        assert res.ephemeral and "Nobody has finished a game of **Le Torri di Bologna**" in res.text

        res = await double.slash(carol, games, "stats", player=alice)
        assert res.ephemeral and not res.public
        assert "**Leonardo (1988)**: rating" in res.text and "most often against **Bob**" in res.text
        assert len(res.images) == 1  # the rating history chart
        assert "0 victories" in res.text and "best game" not in res.text  # (this seed's game: Bob wins it)
        res = await double.slash(carol, games, "stats", player=bob)
        assert "1 victory" in res.text and "best game: won by" in res.text and f"<#{games.id}>" in res.text
        res = await double.slash(carol, games, "stats")
        assert res.ephemeral and "no finished game in this server yet" in res.text
