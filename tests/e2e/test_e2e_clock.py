"""The turn clock end to end through the Discord double, with an injected clock: the board shows the
time left, reminders go out at half time and at 90% exactly once (also across restarts, and only the
later one when the bot was down across both), a timeout is played by the autopilot in each title
(Leonardo's first decision is sealed and simultaneous: each seat runs its own clock), two in a row
make a seat idle (its notice's button opens a replacement vote), ``on_timeout=wait`` only reminds, and games whose clock ran out while the bot was
down are decided at start-up in the order they fell due."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.play import registry
from tests.discord_double import DiscordDouble
from tests.e2e.e2e_clock import POLL, Clock, autopiloted, reminders, sweeps, until
from tests.e2e.e2e_table import Table, boards, open_game, open_table

TITLES = {"bella_vista": "Bella Vista", "torri": "Le Torri di Bologna", "leonardo": "Leonardo (1988)"}


async def test_reminders_at_half_time_and_ninety_percent_once_across_restarts(double: DiscordDouble,
                                                                              tmp_path: Path) -> None:
    clock, db = Clock(), tmp_path / "piazza.sqlite3"
    alice, bob, games = double.user("alice"), double.user("bob"), double.channel("games")
    async with open_table(double, db, clock=clock, deadline_poll_seconds=POLL) as table:
        board = await open_game(double, games, [alice, bob], "torri", TITLES["torri"], "clock=10")
        # whose turn it is, said once (issue 28, item 7): the mention carries the clock
        assert board.content.endswith(f"⏳ Your move, <@{alice.id}> — 10 h left."), board.content
        assert "Waiting for" not in board.content and "waiting for" not in board.content, board.content
        [waiting] = await table.service.pending(games.id)
        assert waiting == alice.id
        await sweeps(double)
        assert not reminders(double, games)  # nothing is due yet

        clock.advance(hours=5, minutes=1)
        await until(double, lambda: len(reminders(double, games)) == 1)
        [first] = reminders(double, games)
        assert first.pinged == {alice.id} and "5 h left" in first.content  # 4 h 59 min, to the nearest hour
        assert board.id and f"/{games.id}/{board.id}" in first.content  # a jump link to the newest board
        await sweeps(double)
        assert len(reminders(double, games)) == 1
        await table.restart()
        await sweeps(double)
        assert len(reminders(double, games)) == 1  # sent once, also across a restart

        clock.advance(hours=4)
        await until(double, lambda: len(reminders(double, games)) == 2)
        second = reminders(double, games)[1]
        assert second.pinged == {alice.id} and "59 min left" in second.content
        await table.restart()
        await sweeps(double)
        assert len(reminders(double, games)) == 2
        assert not autopiloted(double, games)


async def test_a_reminder_due_while_the_bot_was_down_is_sent_once(double: DiscordDouble, tmp_path: Path) -> None:
    clock, db = Clock(), tmp_path / "piazza.sqlite3"
    alice, bob, games = double.user("alice"), double.user("bob"), double.channel("games")
    async with open_table(double, db, clock=clock, deadline_poll_seconds=POLL):
        await open_game(double, games, [alice, bob], "torri", TITLES["torri"], "clock=10")
    clock.advance(hours=9, minutes=30)  # both reminder points pass while the bot is down
    async with open_table(double, db, clock=clock, deadline_poll_seconds=POLL):
        await until(double, lambda: len(reminders(double, games)) >= 1)
        await sweeps(double, 10)
        [only] = reminders(double, games)
        assert "30 min left" in only.content and only.pinged == {alice.id}


@pytest.mark.parametrize("key", list(TITLES))
async def test_a_timeout_is_played_by_the_autopilot(double: DiscordDouble, tmp_path: Path, key: str) -> None:
    clock = Clock()
    alice, bob, carol, games = double.user("alice"), double.user("bob"), double.user("carol"), double.channel("games")
    engine = registry.get(key).engine
    async with open_table(double, tmp_path / "piazza.sqlite3", clock=clock, deadline_poll_seconds=POLL) as table:
        await open_game(double, games, [alice, bob, carol], key, TITLES[key], "clock=2")
        store = table.service.store
        row = await store.games.open_in(games.id)
        state = engine.state_model.model_validate_json(row.snapshot)
        owing = sorted(engine.to_act(state))
        if key == "leonardo":
            assert owing == [0, 1, 2]  # a sealed decision everyone takes at once
            res = await double.slash(alice, games, "move", action=(await table.service.pending(games.id))[alice.id][0])
            assert "You played" in res.text
        shown = len(boards(double, games))
        clock.advance(hours=2, minutes=1)
        timed_out = owing if key != "leonardo" else [1, 2]  # each waiting seat's clock runs out
        await until(double, lambda: len(autopiloted(double, games)) >= len(timed_out))
        post = autopiloted(double, games)[-1]
        row = await store.games.open_in(games.id)
        played = [a.seat for a in await store.log.actions(row.id)]
        names = {0: "Alice", 1: "Bob", 2: "Carol"}
        for seat in timed_out:
            assert seat in played
            assert f"Played for **{names[seat]}** by the autopilot after 2 h" in "\n".join(
                m.content for m in autopiloted(double, games)), post.content
        assert post.images and len(boards(double, games)) > shown
        state = engine.state_model.model_validate_json(row.snapshot)
        users = {0: alice, 1: bob, 2: carol}
        last = boards(double, games)[-1].content
        for seat in engine.to_act(state):  # whoever owes now has a fresh clock, said with their mention
            assert re.search(rf"⏳ Your move,( <@\d+>)* <@{users[seat].id}>( <@\d+>)* — 2 h left\.", last), last


async def test_two_timeouts_in_a_row_make_a_seat_idle_and_wait_only_reminds(double: DiscordDouble,
                                                                          tmp_path: Path) -> None:
    clock = Clock()
    alice, bob, games, other = double.user("alice"), double.user("bob"), double.channel("games"), double.channel("other")
    async with open_table(double, tmp_path / "piazza.sqlite3", clock=clock, deadline_poll_seconds=POLL) as table:
        await open_game(double, games, [alice, bob], "torri", TITLES["torri"], "clock=1")
        await open_game(double, other, [alice, bob], "torri", TITLES["torri"], "clock=1 on_timeout=wait")
        for turn in range(2):
            clock.advance(hours=1, minutes=1)
            await until(double, lambda turn=turn: len(autopiloted(double, games)) == turn + 1)
            pending = await table.service.pending(games.id)
            assert list(pending) == [bob.id]
            await double.slash(bob, games, "move", action=pending[bob.id][0])
        await until(double, lambda: any("💤" in m.content for m in double.public(games)))
        [idle] = [m for m in double.public(games) if "💤" in m.content]
        assert "💤 The autopilot has played 2 turns in a row for **Alice**" in idle.content, idle.content
        assert "/vote replace" in idle.content and not idle.pinged
        row = await table.service.store.games.open_in(games.id)
        res = await double.press(alice, idle, f"piazza:replace:{row.id}:0")  # not on oneself
        assert res.ephemeral and "cannot vote to replace yourself" in res.text
        res = await double.press(bob, idle, f"piazza:replace:{row.id}:0")  # Bob alone is the majority
        assert res.ephemeral and any("now plays the seat of **Alice**" in m.content for m in res.public)
        row = await table.service.store.games.open_in(games.id)
        assert row.bot_of(0) == "random" or row.bot_of(0) == "greedy"
        # the game with on_timeout=wait only reminds: its reminders and overdue notes, no move
        assert not autopiloted(double, other)
        row = await table.service.store.games.open_in(other.id)
        assert row.version == 0
        assert any("time is up" in m.content for m in reminders(double, other))


async def test_clocks_that_ran_out_while_the_bot_was_down_are_decided_at_start_up_in_order(
        double: DiscordDouble, tmp_path: Path) -> None:
    clock, db = Clock(), tmp_path / "piazza.sqlite3"
    alice, bob = double.user("alice"), double.user("bob")
    first, second = double.channel("other"), double.channel("games")
    async with open_table(double, db, clock=clock, deadline_poll_seconds=POLL):
        await open_game(double, first, [alice, bob], "torri", TITLES["torri"], "clock=1")
        clock.advance(minutes=10)
        await open_game(double, second, [alice, bob], "torri", TITLES["torri"], "clock=1")
    clock.advance(hours=3)
    async with open_table(double, db, clock=clock, deadline_poll_seconds=POLL):
        await until(double, lambda: autopiloted(double, first) and autopiloted(double, second))
        [a] = autopiloted(double, first)
        [b] = autopiloted(double, second)
        assert a.seq < b.seq  # the one that fell due first is decided first


async def test_clock_options_are_checked(double: DiscordDouble, tmp_path: Path) -> None:
    alice, games = double.user("alice"), double.channel("games")
    async with open_table(double, tmp_path / "piazza.sqlite3") as table:
        for text, why in (("clock=0", "from 1 to 2160"), ("clock=10000", "from 1 to 2160"),
                          ("clock=soon", "Cannot read `clock=soon`"), ("on_timeout=later", "Cannot read `on_timeout=later`")):
            res = await double.slash(alice, games, "new", game="torri", options=text)
            assert res.ephemeral and not res.public and why in res.text, res.text
            assert await table.service.store.games.open_in(games.id) is None
        res = await double.slash(alice, games, "new", game="torri", options="clock=off")
        assert "Turn clock: off." in res.original.content
        await double.slash(double.user("bob"), games, "join")
        board = only_board(await double.slash(alice, games, "start"))
        assert "⏳" not in board.content


def only_board(res):
    [board] = res.public
    return board


async def test_a_reminder_discord_took_as_the_bot_stopped_is_not_sent_again(double: DiscordDouble,
                                                                            tmp_path: Path) -> None:
    """Issue 23: the bot stops (its sweep cancelled, as a SIGKILL would leave it: the reminder sent,
    Discord's answer never heard). The next start sends that reminder's effect again with its nonce:
    Discord returns the message it made, and the player has one reminder."""
    clock, db = Clock(), tmp_path / "piazza.sqlite3"
    alice, bob, games = double.user("alice"), double.user("bob"), double.channel("games")
    table = Table(double, db, clock=clock, deadline_poll_seconds=POLL)
    await table.start()
    try:
        await open_game(double, games, [alice, bob], "torri", TITLES["torri"], "clock=10")
        held = double.hold("POST", f"/channels/{games.id}/messages", answer=True)
        clock.advance(hours=5, minutes=1)
        await held.arrived()  # the reminder is made; the bot waits for Discord's answer
        assert len(reminders(double, games)) == 1
        await table.bot.stop_watching(0)  # mid-send: its sweep is cancelled, nothing after the send runs
        held.drop()
    finally:
        await table.stop()
    async with open_table(double, db, clock=clock, deadline_poll_seconds=POLL) as again:
        await sweeps(double, 10)
        assert len(reminders(double, games)) == 1
        effects = await again.service.store.effects.pending(games.id)
        assert effects == []  # delivered: the message Discord returned


async def test_a_refused_reminder_is_sent_at_the_next_sweep(double: DiscordDouble, tmp_path: Path) -> None:
    """Issue 23: a reminder Discord refused (the bot lacked a permission for a while) is retried by the
    next sweep, not lost until the next reminder point."""
    clock, db = Clock(), tmp_path / "piazza.sqlite3"
    alice, bob, games = double.user("alice"), double.user("bob"), double.channel("games")
    async with open_table(double, db, clock=clock, deadline_poll_seconds=POLL) as table:
        await open_game(double, games, [alice, bob], "torri", TITLES["torri"], "clock=10")
        games.send_denied = True
        posts = double.requests.count(("POST", f"/channels/{games.id}/messages"))
        clock.advance(hours=5, minutes=1)
        # refused at once, and again at the next sweep; then the back-off: 1 min of the service's clock
        await until(double, lambda: double.requests.count(("POST", f"/channels/{games.id}/messages")) >= posts + 2)
        await sweeps(double)
        assert reminders(double, games) == []
        games.send_denied = False
        clock.advance(minutes=2)
        await until(double, lambda: len(reminders(double, games)) == 1)
        [late] = reminders(double, games)
        assert late.pinged == {alice.id} and "h left" in late.content
        await sweeps(double)
        assert len(reminders(double, games)) == 1
        assert await table.service.store.effects.pending(games.id) == []
