"""Private news for any seat, and the action log kept as data.

A Bella Vista round ends on one architect's move, and every architect draws: the draws for the
others are stored as their private notices (with the version that produced them and a read mark)
and shown at the top of their next /hand, once. They never reach a public post or /log. The log
keeps each action's events as JSON and words them when read; rows stored before keep their English.
"""

import json
import sqlite3

from bot.play.service import GameService
from bot.play.words import say
from bot.store import MIGRATIONS, Notice, Store
from engines.core import Msg
from render.text import words
from tests.platform.platform_helpers import ANNE, BRUNO, by_id, seated_game

SINCE = "Since your last look:"


async def play_until_someone_else_is_told(service, channel=1, limit=300):
    """First legal moves until a move sends a private event to a seat other than the mover's.
    Returns (the mover, that seat, its stored events for the seat, every post's public text)."""
    public = []
    for _ in range(limit):
        pending = await service.pending(channel)
        mover = by_id(sorted(pending)[0])
        post = await service.act(channel, mover, pending[mover.id][0])
        public.append(post.public_text)
        row = await service.store.games.open_in(channel)
        [entry] = await service.store.log.actions(row.id, since=row.version - 1)
        told = {e["to"] for e in entry.events if e["to"] not in (None, entry.seat)}
        if told:
            seat = min(told)
            return mover, seat, [e for e in entry.events if e["to"] == seat], public
    raise AssertionError("no move told another seat anything")


async def test_a_round_end_draw_reaches_the_other_architect_once(service):
    await seated_game(service, players=2, seed=3)
    mover, seat, drawn, public = await play_until_someone_else_is_told(service)
    other = by_id(next(u for u in (ANNE.id, BRUNO.id) if u != mover.id))
    row = await service.store.games.open_in(1)
    assert row.seat_of(other.id) == seat
    lines = [words(Msg.of(e)) for e in drawn]

    notices = await service.store.log.notices(row.id, seat, since=0)
    assert [n.event for n in notices if n.version == row.version] == drawn  # stored, with its version

    hand = (await service.hand(1, other)).private_text
    first = hand.splitlines()
    assert first[0] == SINCE and all(line in first for line in lines), hand
    assert (await service.store.games.open_in(1)).seats[seat].notices_read == row.version  # the read mark
    again = (await service.hand(1, other)).private_text
    assert SINCE not in again and not any(line in again for line in lines)  # shown once

    log = await service.log(1)
    assert not any(line in text for line in lines for text in [log, *public])


async def test_the_movers_own_news_comes_with_the_move_and_not_again(service):
    await seated_game(service, players=2, seed=3)
    pending = await service.pending(1)
    mover = by_id(sorted(pending)[0])
    post = await service.act(1, mover, pending[mover.id][0])  # a Bella Vista offer: the card, privately
    row = await service.store.games.open_in(1)
    [entry] = await service.store.log.actions(row.id)
    private = [words(Msg.of(e)) for e in entry.events if e["to"] == entry.seat]
    assert private and post.private_text == "\n".join(private)
    assert not any(p in post.public_text for p in private)
    assert SINCE not in (await service.hand(1, mover)).private_text
    assert await service.store.log.notices(row.id, entry.seat, since=row.seats[entry.seat].notices_read) == []


def schema_3_database(path) -> None:
    """A file at schema version 3 with one game whose logged move holds its English in `public`."""
    con = sqlite3.connect(path)
    for script in MIGRATIONS[:3]:
        con.executescript(script)
    con.execute("PRAGMA user_version = 3")
    con.commit()
    con.close()


async def test_the_log_words_events_when_read_and_keeps_old_english(tmp_path):
    path = tmp_path / "piazza.sqlite3"
    schema_3_database(path)
    store = await Store.open(path)  # upgrades to the events column
    try:
        service = GameService(store)
        await seated_game(service, players=2, seed=3)
        row = await store.games.open_in(1)
        con = sqlite3.connect(path)  # a move logged the old way: English, no events
        con.execute("INSERT INTO actions (game_id, seq, seat, action, public, at) VALUES (?, 1, 0, '{}', ?, 'x')",
                    (row.id, json.dumps(["Anne did an old thing."])))
        con.execute("UPDATE games SET version = 1 WHERE id = ?", (row.id,))
        con.commit()
        con.close()
        assert "1. Anne did an old thing." in (await service.log(1)).splitlines()  # named once (issue 28)

        con = sqlite3.connect(path)
        con.execute("UPDATE games SET version = 0 WHERE id = ?", (row.id,))
        con.execute("DELETE FROM actions")
        con.commit()
        con.close()
        pending = await service.pending(1)
        mover = by_id(sorted(pending)[0])
        post = await service.act(1, mover, pending[mover.id][0])
        stored = sqlite3.connect(path).execute("SELECT public, events FROM actions").fetchone()
        assert stored[0] == "[]"
        events = json.loads(stored[1])
        assert events and all(set(e) == {"key", "params", "to"} for e in events)
        row = await store.games.get(row.id)
        public = [say(row, Msg.of(e)) for e in events if e["to"] is None]  # as chat names players
        line = (await service.log(1)).splitlines()[1]
        said = " ".join(public)
        assert line == (f"1. {said}" if mover.name in said else f"1. {mover.name}: {said}")  # named once
        assert public[0] in post.public_text  # the board: one event per line (issue 28, item 8)
    finally:
        await store.close()


async def test_notices_are_read_up_to_a_version_and_never_back(database):
    store = await Store.open(database)
    try:
        gid = await store.games.create(guild_id=1, channel_id=1, game_key="x", options={}, seed=1, creator_id=11,
                                      creator_name="Anne")
        await store.seats.add(gid, 12, "Bruno", 4)
        await store.games.start(gid, "{}", seed=1)
        told = [{"key": f"t.{n}", "params": {}, "to": 1} for n in ("a", "b")]
        await store.log.append(gid, 0, 0, "{}", [told[0]], "{}", False)
        await store.log.append(gid, 1, 0, "{}", [told[1]], "{}", False)
        assert await store.log.notices(gid, 1, since=0) == [Notice(1, told[0]), Notice(2, told[1])]
        await store.log.mark_read(gid, 1, 2)
        await store.log.mark_read(gid, 1, 1)  # an older mark changes nothing
        assert (await store.games.get(gid)).seats[1].notices_read == 2
    finally:
        await store.close()


async def test_news_waiting_for_a_player_comes_with_their_next_move(service):
    await seated_game(service, players=2, seed=3)
    mover, seat, drawn, _ = await play_until_someone_else_is_told(service)
    other = by_id(next(u for u in (ANNE.id, BRUNO.id) if u != mover.id))
    for _ in range(50):  # the mover may have more to do before the other architect's turn
        pending = await service.pending(1)
        if other.id in pending:
            break
        await service.act(1, mover, pending[mover.id][0])
    post = await service.act(1, other, pending[other.id][0])
    lines = post.private_text.splitlines()
    assert lines[0] == SINCE and lines[1:1 + len(drawn)] == [words(Msg.of(e)) for e in drawn], post.private_text
    row = await service.store.games.open_in(1)
    assert row.seats[seat].notices_read == row.version  # marked with the move itself
    assert SINCE not in (await service.hand(1, other)).private_text
