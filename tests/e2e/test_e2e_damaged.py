"""Damaged game rows through the real client: after a restart on a file where four games were
damaged (snapshot, options JSON, game key, deadline), /games lists the healthy games only, the
watcher still ends a healthy game at its deadline, the damaged games' players are refused in
one line, and a manager's /abort frees each channel for a new game."""

from __future__ import annotations

import logging
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.discord_double import DiscordDouble
from tests.e2e.e2e_clock import until
from tests.e2e.e2e_table import open_game, open_table

DAMAGE = {
    "snapshot": "UPDATE games SET snapshot = '{\"firms\": 1}' WHERE channel_id = ?",
    "options": "UPDATE games SET options = 'max_rounds=3' WHERE channel_id = ?",
    "game key": "UPDATE games SET game_key = 'chess' WHERE channel_id = ?",
    "deadline": "UPDATE games SET deadline = '31/12/2026' WHERE channel_id = ?",
}


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


async def test_damaged_games_fail_alone(double: DiscordDouble, tmp_path: Path, caplog) -> None:
    db = tmp_path / "piazza.sqlite3"
    alice, bob, owner = double.user("alice"), double.user("bob"), double.user("owner")
    channels = {kind: double.add_channel(kind.replace(" ", "-")) for kind in DAMAGE}
    healthy = double.channel("games")
    clock = Clock()
    async with open_table(double, db, clock=clock):
        for channel in [*channels.values(), healthy]:
            await open_game(double, channel, [alice, bob], "leonardo", "Leonardo (1988)", "deadline=2026-12-01")
    con = sqlite3.connect(db)
    for kind, sql in DAMAGE.items():
        con.execute(sql, (channels[kind].id,))
    con.commit()
    con.close()

    caplog.set_level(logging.WARNING, logger="piazza")
    async with open_table(double, db, clock=clock, deadline_poll_seconds=0.05) as table:
        listed = (await double.slash(bob, double.channel("general"), "games")).text
        assert healthy.mention in listed and not any(c.mention in listed for c in channels.values()), listed

        for kind, channel in channels.items():
            res = await double.slash(alice, channel, "move", action="spin")
            assert res.ephemeral and not res.public and "cannot be loaded any more" in res.text, (kind, res.text)
            assert "\n" not in res.original.text
            res = await double.slash(bob, channel, "abort")  # a player who did not open it: no
            assert res.ephemeral and "Only the player who opened" in res.text

        clock.now += timedelta(days=3)  # the healthy game's deadline passes: the watcher ends it
        await until(double, lambda: "🏆" in double.public(healthy)[-1].content)
        assert "🏆" in double.public(healthy)[-1].content
        assert await table.service.store.games.open_in(healthy.id) is None

        for kind, channel in channels.items():
            res = await double.slash(owner, channel, "abort")  # whoever can manage the channel
            assert not res.ephemeral and "aborted" in res.text, (kind, res.text)
            res = await double.slash(alice, channel, "new", game="leonardo")
            assert not res.ephemeral and "opened a game" in res.text
            await double.slash(alice, channel, "abort")  # closed again: one person may have 3 games waiting

    warned = [r.getMessage() for r in caplog.records if "damaged" in r.getMessage()]
    assert len(warned) == len(DAMAGE), warned  # one warning per game, however many sweeps ran


async def test_a_damaged_record_entry_is_refused_in_one_line(double: DiscordDouble, tmp_path: Path) -> None:
    """Issue 22 item 3 through the real client: the newest entry of a game's record, one Alice has not
    seen, has events that are no longer JSON. /board (catching up), /log, /hand, /undo, /export and
    /replay say in one line that the game is damaged, /mygames lists her other game only, and nothing
    is logged as an error."""
    db = tmp_path / "piazza.sqlite3"
    alice, bob = double.user("alice"), double.user("bob")
    damaged, other = double.channel("games"), double.add_channel("more-games")
    async with open_table(double, db) as table:
        await open_game(double, damaged, [alice, bob], "torri", "Le Torri di Bologna", None)
        await open_game(double, other, [alice, bob], "torri", "Le Torri di Bologna", None)
        mover = alice
        while mover is alice:  # until Bob made the newest move (Alice has not seen its events)
            pending = await table.service.pending(damaged.id)
            mover = alice if alice.id in pending else bob
            await double.slash(mover, damaged, "move", action=pending[mover.id][0])
    con = sqlite3.connect(db)
    con.execute("UPDATE actions SET events = 'not json' WHERE game_id = (SELECT id FROM games WHERE channel_id = ?)"
                " AND seq = (SELECT version FROM games WHERE channel_id = ?)", (damaged.id, damaged.id))
    con.execute("UPDATE games SET announced = 0 WHERE channel_id = ?", (damaged.id,))
    con.commit()
    con.close()
    async with open_table(double, db):
        for command in ("board", "log", "hand", "undo", "export", "replay"):
            res = await double.slash(alice, damaged, command)
            assert res.ephemeral and not res.public and "cannot be loaded any more" in res.text, (command, res.text)
            assert "\n" not in res.text
        listed = await double.slash(alice, other, "mygames")
        assert other.mention in listed.text and damaged.mention not in listed.text, listed.text
