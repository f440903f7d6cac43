"""Ratings and the story end to end through the Discord double (issue 26), in each title: a finished game's
final board names each player's rating change and tells the story (refused by /story during play, told again
after); /leaderboard and /stats answer privately, never ping, escape names, and show only the games of the
server they are asked in."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.play.service import User
from tests.discord_double import DiscordDouble
from tests.e2e.e2e_table import open_game, open_table


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


# each title with options that keep its game short (the story judges every move of it)
TITLES = {
    "leonardo": ("Leonardo (1988)", "max_rounds=1"),
    "torri": ("Le Torri di Bologna", "max_rounds=15"),
    "bella_vista": ("Bella Vista", None),  # eight rounds, always
}
OTHER = {"leonardo": "torri", "torri": "bella_vista", "bella_vista": "leonardo"}  # a title nobody played


async def play_out(double: DiscordDouble, table, channel, users) -> None:
    by_id = {u.id: u for u in users}
    for _ in range(1000):
        if await table.service.store.games.open_in(channel.id) is None:
            return
        pending = await table.service.pending(channel.id)
        uid = sorted(pending)[0]
        res = await double.slash(by_id[uid], channel, "move", action=pending[uid][0])
        assert res.public or res.ephemeral
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("key", list(TITLES))
async def test_leaderboard_and_stats_after_a_finished_game(double: DiscordDouble, tmp_path: Path, key: str) -> None:
    title, options = TITLES[key]
    other_title = TITLES[OTHER[key]][0]
    clock = Clock()
    second = double.add_guild("Other Server")  # before the bot connects
    elsewhere = double.channel("games", second)
    async with open_table(double, tmp_path / "piazza.sqlite3", clock=clock) as table:
        alice, bob, carol = double.user("alice"), double.user("bob"), double.user("carol")
        games = double.channel("games")
        res = await double.slash(carol, games, "story")
        assert res.ephemeral and not res.public and "No game has finished in this channel yet" in res.text
        await open_game(double, games, [alice, bob], key, title, options)
        res = await double.slash(carol, games, "story")  # it would tell what is hidden
        assert res.ephemeral and not res.public and "once it is over" in res.text
        await play_out(double, table, games, [alice, bob])
        final = double.public(games)[-1]
        assert "\n🏆 " in final.content and "Ratings in this server" in final.content  # who won, and ratings
        assert "each seat's chance of finishing first" in final.content  # (a short game: maybe no turning point)
        assert ("The turning points:\nRound " in final.content) != ("No move changed a chance" in final.content)
        assert not re.search(r" (\d+)% → \1%", final.content)  # a turning point changes a chance visibly
        assert any(a.filename.startswith("story-") for a in final.attachments)

        res = await double.slash(carol, games, "story")  # told again, for everyone
        assert not res.ephemeral and "each seat's chance of finishing first" in res.text
        assert [a.filename.split("-")[0] for a in res.original.attachments] == ["story"]
        assert len(res.images) == 1 and not res.original.pinged

        # another server's game, with a player who is never seated here: it never shows in this one
        service = table.service
        zed, yan = User(4242, "Elsewhere Zed"), User(4343, "Elsewhere Yan")
        await service.create(second.id, elsewhere.id, zed, key, options or "")
        await service.join(elsewhere.id, yan)
        await service.start(elsewhere.id, zed)
        by_id = {zed.id: zed, yan.id: yan}
        for _ in range(1000):  # played through the service: the double syncs the commands to one server
            if await service.store.games.open_in(elsewhere.id) is None:
                break
            pending = await service.pending(elsewhere.id)
            uid = sorted(pending)[0]
            await service.act(elsewhere.id, by_id[uid], pending[uid][0])
        assert {r.guild_id for r in await service.store.ratings.every()} == {double.guild.id, second.id}

        # the other server's game is rated there: its leaderboard has it, and nothing of this one
        assert {r.guild_id for r in await service.store.ratings.every() if r.name.startswith("Elsewhere")} == {second.id}
        # (asked of the service: the double syncs the commands to the first server only)
        there = await service.leaderboard(second.id, key, zed.id, lambda player: None, "en")
        assert "Elsewhere Zed" in there and "Alice" not in there and "Bob" not in there

        res = await double.slash(carol, games, "leaderboard", game=key)
        assert res.ephemeral and not res.public
        text = res.text
        assert title in text and "Alice" in text and "Bob" in text and "Elsewhere" not in text
        assert "<@" not in text and "1 game" in text
        assert not res.original.pinged

        res = await double.slash(carol, games, "leaderboard", game=OTHER[key])
        assert res.ephemeral and f"Nobody has finished a game of **{other_title}**" in res.text

        ranks: dict[str, int] = {}  # who won here, as the ratings stored it (seed-dependent)
        for row in await service.store.ratings.every():
            if row.guild_id == double.guild.id:
                ranks[row.player] = row.rank
        best = min(ranks.values())
        for user, rival in ((alice, "Bob"), (bob, "Alice")):
            res = await double.slash(carol, games, "stats", player=user)
            assert res.ephemeral and not res.public
            assert f"**{title}**: rating" in res.text and f"most often against **{rival}**" in res.text
            assert len(res.images) == 1  # the rating history chart
            if ranks[str(user.id)] == best:
                assert "1 win" in res.text, res.text
            else:
                assert "0 wins" in res.text and "best game" not in res.text, res.text
        winners = [u for u in (alice, bob) if ranks[str(u.id)] == best]
        if len(winners) == 1:  # a shared victory has no margin
            res = await double.slash(carol, games, "stats", player=winners[0])
            assert "best game: won by a margin of" in res.text and f"<#{games.id}>" in res.text
        res = await double.slash(carol, games, "stats")
        assert res.ephemeral and "no finished game in this server yet" in res.text
