"""The outbox: a board the channel missed is posted once, later, with every missed move's text.

A move whose board Discord refused stays played; its player hears why; the bot's watcher posts
the board when Discord takes it again (or the next move's board carries the missed move). A
move stored just before a crash (committed, never posted) is posted when the bot starts again."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.play import presenting
from tests.discord_double import Channel, DiscordDouble, Message
from tests.e2e.e2e_table import boards, open_game, open_table
from tests.patience import EVENT_SECONDS


class Clock:
    """The service's clock (its retry back-off reads it), moved by the test."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


async def new_boards(double: DiscordDouble, channel: Channel, seen: int, wait: float = EVENT_SECONDS) -> list[Message]:
    """The boards posted after the first ``seen``, once some arrive (or ``wait`` s pass: a short wait
    where none may come, ``EVENT_SECONDS`` where one must)."""
    end = time.monotonic() + wait
    while time.monotonic() < end:
        await double.settle()
        if len(boards(double, channel)) > seen:
            break
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.3)  # a few more watcher polls: nothing else may come
    await double.settle()
    return boards(double, channel)[seen:]


async def move_of(table, channel: Channel, double: DiscordDouble):
    pending = await table.service.pending(channel.id)
    uid = sorted(pending)[0]
    return next(u for u in double.users.values() if u.id == uid), pending[uid][0]


async def public_lines(table, game_id: int) -> list[str]:
    """Each logged move's public words (its events, worded as the bot words them)."""
    row = await table.service.store.games.get(game_id)
    return [" ".join(presenting.public_lines(row, a)) for a in await table.service.store.log.actions(game_id)]


async def test_a_refused_board_is_posted_once_when_discord_takes_it_again(double: DiscordDouble,
                                                                         tmp_path: Path) -> None:
    clock = Clock()
    async with open_table(double, tmp_path / "piazza.sqlite3", clock=clock, deadline_poll_seconds=0.05) as table:
        alice, bob, games = double.user("alice"), double.user("bob"), double.channel("games")
        await open_game(double, games, [alice, bob], "bella_vista", "Bella Vista", None)
        game = await table.service.store.games.open_in(games.id)
        seen = len(boards(double, games))

        games.send_denied = True
        actor, move = await move_of(table, games, double)
        res = await double.slash(actor, games, "move", action=move)
        assert res.ephemeral and not res.public
        assert "Saved, but I could not post the board in this channel: I lack a permission here" \
            in res.text, res.text
        assert await new_boards(double, games, seen, wait=0.3) == []  # the watcher tried: still refused

        games.send_denied = False
        clock.now += timedelta(minutes=2)  # past the back-off
        [late] = await new_boards(double, games, seen)
        [missed] = await public_lines(table, game.id)
        assert missed in late.content and late.images
        assert late.mentions() == set(await table.service.pending(games.id)) == late.pinged
        row = await table.service.store.games.get(game.id)
        assert row.announced == row.version == 1


async def test_the_next_board_carries_the_move_whose_board_was_missed(double: DiscordDouble, tmp_path: Path) -> None:
    async with open_table(double, tmp_path / "piazza.sqlite3") as table:  # the watcher polls once a minute
        alice, bob, games = double.user("alice"), double.user("bob"), double.channel("games")
        await open_game(double, games, [alice, bob], "bella_vista", "Bella Vista", None)
        game = await table.service.store.games.open_in(games.id)
        seen = len(boards(double, games))
        games.send_denied = True
        actor, move = await move_of(table, games, double)
        await double.slash(actor, games, "move", action=move)
        games.send_denied = False

        actor, move = await move_of(table, games, double)
        res = await double.slash(actor, games, "move", action=move)
        assert "You played" in res.text and "could not post" not in res.text
        [board] = await new_boards(double, games, seen)
        first, second = await public_lines(table, game.id)
        assert board.content.startswith("Moves since the last board:\n")
        assert board.content.index(first) < board.content.index(second)
        assert (await table.service.store.games.get(game.id)).announced == 2


async def test_moves_stored_just_before_a_crash_are_posted_at_start_up(double: DiscordDouble, tmp_path: Path) -> None:
    from bot.play.service import GameService
    from bot.store import Store

    db = tmp_path / "piazza.sqlite3"
    alice, bob, games = double.user("alice"), double.user("bob"), double.channel("games")
    async with open_table(double, db) as table:
        await open_game(double, games, [alice, bob], "bella_vista", "Bella Vista", None)
    seen = len(boards(double, games))

    # what a crash right after two commits leaves: the moves stored, their boards never posted
    store = await Store.open(db)
    crashed = GameService(store)
    for _ in range(2):
        pending = await crashed.pending(games.id)
        uid = sorted(pending)[0]
        await crashed.act(games.id, next(u for u in (alice, bob) if u.id == uid), pending[uid][0])
    game = await store.games.open_in(games.id)
    await store.close()

    async with open_table(double, db) as table:
        [board] = await new_boards(double, games, seen)  # exactly one, not one per missed move
        for line in await public_lines(table, game.id):
            assert line in board.content
        waiting = set(await table.service.pending(games.id))
        assert board.mentions() == waiting == board.pinged  # whoever owes a decision now is pinged
        assert (await table.service.store.games.get(game.id)).announced == 2
    async with open_table(double, db):  # a second restart posts nothing more
        assert await new_boards(double, games, seen + 1, wait=0.3) == []


async def test_a_channel_that_holds_no_messages_is_a_reason_not_a_crash(double: DiscordDouble,
                                                                       tmp_path: Path) -> None:
    """The publisher asked to post in a category (a channel without messages) says why, in words,
    instead of failing on a channel object that has no send()."""
    from bot.play.answers import Post
    from bot.play.outbox import Unposted

    category = double.add_channel("lounges", kind=4)
    async with open_table(double, tmp_path / "piazza.sqlite3") as table:
        try:
            await table.bot.publish(category.id, Post(public_text="a board", game_id=1, version=1))
        except Unposted as exc:
            assert str(exc) == "This channel cannot hold messages."
        else:
            raise AssertionError("the post was not refused")
    assert double.public(category) == []
