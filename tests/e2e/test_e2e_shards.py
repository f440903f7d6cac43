"""Two bot processes' worth of clients (shards 0 and 1 of 2, each with its own store) on one
PostgreSQL database, against the double, which routes each guild to shard (guild_id >> 22) % 2 as
Discord does: the guild's shard plays a game to the end, the other never sees it (it gets the
other guild); only shard 0's process syncs the commands; a deadline due while both watch fires
exactly once."""

from __future__ import annotations

import asyncio
import contextlib
from datetime import UTC, datetime, timedelta

from bot.chat.app import create_bot
from bot.chat.shards import Shards
from bot.play.service import GameService
from bot.store import Store
from tests.discord_double import DiscordDouble
from tests.e2e.e2e_table import SEED, open_game
from tests.patience import eventually

COUNT = 2


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@contextlib.asynccontextmanager
async def two_processes(double: DiscordDouble, url: str, clock=None, poll: float = 60.0):
    """The two shards' bots, started one after the other (as processes would be)."""
    async with contextlib.AsyncExitStack() as stack:
        bots = []
        for shard in range(COUNT):
            store = await Store.open(url)
            stack.push_async_callback(store.close)
            service = GameService(store, clock=clock, seeds=lambda: SEED)
            bot = create_bot(service, guild_id=double.guild.id, deadline_poll_seconds=poll,
                             shards=Shards(COUNT, (shard,)))
            await stack.enter_async_context(double.running(bot))
            bots.append(bot)
        yield bots


def owner_of(double: DiscordDouble, bots) -> tuple:
    shard = (double.guild.id >> 22) % COUNT
    return bots[shard], bots[1 - shard]


async def test_the_guild_is_played_on_its_shard_only(double: DiscordDouble, postgres_url: str) -> None:
    second = double.add_guild("Second Server", on_shard=(1 - (double.guild.id >> 22) % COUNT, COUNT))
    async with two_processes(double, postgres_url) as bots:
        owner, other = owner_of(double, bots)
        assert [g.id for g in owner.guilds] == [double.guild.id]  # each shard got its guild's GUILD_CREATE only
        assert [g.id for g in other.guilds] == [second.id]
        syncs = [r for r in double.requests if r[0] == "PUT" and r[1].endswith("/commands")]
        assert len(syncs) == 1  # by the process running shard 0 only
        alice, bob, games = double.user("alice"), double.user("bob"), double.channel("games")
        await open_game(double, games, [alice, bob], "leonardo", "Leonardo (1988)", "max_rounds=1")
        users = {alice.id: alice, bob.id: bob}
        for _ in range(200):
            if await owner.service.store.games.open_in(games.id) is None:
                break
            pending = await owner.service.pending(games.id)
            uid = sorted(pending)[0]
            res = await double.slash(users[uid], games, "move", action=pending[uid][0])
            assert res.public or res.ephemeral
        else:
            raise AssertionError("the game did not end")
        assert "🏆" in double.public(games)[-1].content
        shard = (double.guild.id >> 22) % COUNT  # every interaction went to the guild's shard only
        assert {rec.delivered_to for rec in double.interactions.values()} == {((shard, COUNT), "double-token")}
        row = (await other.service.store.games.open_all()) or None
        assert row is None  # the other process reads the same database: nothing left open


async def test_a_deadline_due_while_both_run_fires_once(double: DiscordDouble, postgres_url: str) -> None:
    clock = Clock()
    async with two_processes(double, postgres_url, clock=clock, poll=0.05) as bots:
        owner, _ = owner_of(double, bots)
        alice, bob, games = double.user("alice"), double.user("bob"), double.channel("games")
        await open_game(double, games, [alice, bob], "leonardo", "Leonardo (1988)", "deadline=2026-11-29T18:00")
        posts = len(double.public(games))
        # past the deadline, before any turn clock's work (a reminder at 24 h, the autopilot at 48 h);
        # a clock that fell due too would end the game all the same (``run_clocks`` checks the date first)
        clock.now += timedelta(hours=7)
        # (the game ends before its board is drawn and posted; drawing can take seconds on a loaded machine)
        await eventually(lambda: len(double.public(games)) > posts, what="the final board")
        assert await owner.service.store.games.open_in(games.id) is None
        await asyncio.sleep(0.5)  # both watchers run several more times
        await double.settle()
        finals = double.public(games)[posts:]
        assert len(finals) == 1 and "🏆" in finals[0].content
        [row] = [g for g in [await owner.service.store.games.get(1)] if g]
        log = await owner.service.store.log.actions(row.id)
        assert sum('"time_up"' in e.action for e in log) == 1
