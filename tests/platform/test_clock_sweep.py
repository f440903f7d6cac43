"""The scheduler over a real SQLite file: one indexed query returns only the clocks with work due, in
the order they fell due; one damaged game never stops the others' reminders; a game opened with the
clock off never gets a clock."""

from __future__ import annotations

import logging
import sqlite3
from datetime import timedelta

from bot.play.service import GameService
from bot.store import Store
from tests.platform.platform_helpers import NOW, Clock, seated_game


class Messenger:
    """The transport's side, recording what it was asked to deliver."""

    def __init__(self):
        self.channel: list[tuple[int, str, list[int]]] = []

    async def to_channel(self, channel_id, text, mentions, vote=None, lang=None, nonce=None):
        self.channel.append((channel_id, text, mentions))

    async def to_user(self, user_id, text, nonce=None):
        raise AssertionError("nobody opted in to DMs here")


async def test_only_due_clocks_come_back_in_the_order_they_fell_due(store):
    clock = Clock()
    service = GameService(store, clock=clock)
    await seated_game(service, channel=1, key="torri", options="clock=10")
    clock.now += timedelta(hours=1)
    await seated_game(service, channel=2, key="torri", options="clock=4")
    await seated_game(service, channel=3, key="torri", options="clock=off")
    assert await store.clocks.due(NOW + timedelta(hours=2)) == []
    due = await store.clocks.due(NOW + timedelta(hours=6))  # game 1 at 5 h, game 2 at 1 h + 2 h
    assert [(channel, seat) for _, channel, seat in due] == [(2, 0), (1, 0)]
    game3 = await store.games.open_in(3)
    assert await store.clocks.running(game3.id) == {}


async def test_a_damaged_game_does_not_stop_the_others_reminders(tmp_path, caplog):
    path = tmp_path / "piazza.sqlite3"
    clock = Clock()
    store = await Store.open(path)
    service = GameService(store, clock=clock)
    for channel in (1, 2, 3):
        await seated_game(service, channel=channel, key="torri", options="clock=10")
    await store.close()
    con = sqlite3.connect(path)
    con.execute("UPDATE games SET snapshot = '{\"towers\": 5}' WHERE channel_id = 2")
    con.commit()
    con.close()
    store = await Store.open(path)
    try:
        service = GameService(store, clock=clock)
        service.messenger = messenger = Messenger()
        clock.now += timedelta(hours=5, minutes=1)
        with caplog.at_level(logging.WARNING):
            await service.sweep()
            await service.sweep()
        assert sorted(c for c, _, _ in messenger.channel) == [1, 3]  # once each, past the damaged one
        assert len([r for r in caplog.records if "damaged" in r.getMessage()]) == 1
    finally:
        await store.close()


class Boards:
    """The transport's side of the outbox: the channel of every board posted, in order."""

    def __init__(self):
        self.channels: list[int] = []

    async def __call__(self, channel_id, post):
        self.channels.append(channel_id)


async def test_timeouts_missed_while_down_are_decided_in_the_order_they_fell_due(store):
    """Issue 22 item 7. Game 1's 48 h clock falls due at 48 h (its half-time reminder at 24 h); game 2,
    opened at 30 h with a 2 h clock, falls due at 32 h (its reminder at 31 h). The bot is down from
    the start to 50 h: game 2's timeout fell due first, though game 1's reminder time is earlier."""
    clock = Clock()
    service = GameService(store, clock=clock)
    await seated_game(service, channel=1, key="torri", options="clock=48")
    clock.now = NOW + timedelta(hours=30)
    await seated_game(service, channel=2, key="torri", options="clock=2")
    clock.now = NOW + timedelta(hours=50)
    due = await store.clocks.due(clock.now)
    assert [channel for _, channel, _ in due] == [2, 1]
    service.publisher = boards = Boards()
    await service.sweep()  # each timeout hands its decision to the autopilot, whose board is posted
    assert boards.channels == [2, 1]
