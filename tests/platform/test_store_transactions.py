"""Transactions that always end, durable commits, and the upgrade of an older file.

aiosqlite runs every statement in its own thread: cancelling the task that awaits one does not
stop it. A move task cancelled at any statement of its transaction must leave the shared
connection clean (the next write, in any game, works) and the move either whole or absent."""

import asyncio
import sqlite3

import pytest

from bot.store import MIGRATIONS, NestedUse, Store
from tests.platform.platform_helpers import StatementGate, by_id, seated_game

MOVE_STATEMENTS = ["BEGIN IMMEDIATE", "UPDATE GAMES", "INSERT INTO ACTIONS", "COMMIT"]


async def first_pending(service, channel):
    pending = await service.pending(channel)
    uid = sorted(pending)[0]
    return by_id(uid), pending[uid][0]


async def whole_or_absent(service, before) -> bool:
    """The game is as before the move, or the move landed whole (log entry, snapshot, version).
    Returns whether it landed."""
    after = await service.store.games.get(before.id)
    log = await service.store.log.actions(before.id)
    if after.version == before.version:
        assert after.snapshot == before.snapshot and len(log) == before.version
        return False
    assert after.version == before.version + 1 and len(log) == after.version
    assert (await service.replay(before.id)).model_dump_json() == after.snapshot
    return True


@pytest.mark.sqlite_only  # aiosqlite's threads: PostgreSQL's side is the loop-steps test below
@pytest.mark.parametrize("statement", MOVE_STATEMENTS)
async def test_a_move_cancelled_at_any_statement_leaves_every_game_writable(service, statement):
    await seated_game(service, channel=1, seed=3)
    await seated_game(service, channel=2, seed=4)
    before = await service.store.games.open_in(1)
    user, move = await first_pending(service, 1)
    async with StatementGate(service.store, statement) as gate:
        task = asyncio.create_task(service.act(1, user, move))
        await gate.reached()  # the move task awaits this statement now
        task.cancel()
        gate.open()
        with pytest.raises(asyncio.CancelledError):
            await task
    other, other_move = await first_pending(service, 2)
    assert (await service.act(2, other, other_move)).version == 1  # a write in another game works
    landed = await whole_or_absent(service, before)
    assert landed == (statement == "COMMIT")  # a COMMIT already sent still lands
    user, move = await first_pending(service, 1)
    assert (await service.act(1, user, move)).version == before.version + 1 + landed  # the game goes on


async def test_commits_cancelled_after_every_number_of_loop_steps(store):
    """Cancel a commit after 0, 1, 2 ... event-loop steps until one completes uncancelled: at
    every step the connection stays usable (the next write in another game works) and the move
    is whole or absent."""
    game = await store.games.create(guild_id=7, channel_id=1, game_key="bella_vista", options={}, seed=0,
                                   creator_id=11, creator_name="Anne")
    await store.games.start(game, '{"n": 0}', seed=1)
    version = 0
    for steps in range(500):
        task = asyncio.create_task(
            store.log.append(game, version, 0, f'{{"n": {version + 1}}}', [], f'{{"n": {version + 1}}}', False))
        for _ in range(steps):
            await asyncio.sleep(0)
        if task.done():
            break
        task.cancel()
        try:
            await task
        except asyncio.CancelledError:
            pass
        row = await store.games.get(game)
        log = await store.log.actions(game)
        assert row.version in (version, version + 1) and len(log) == row.version
        assert row.snapshot == f'{{"n": {row.version}}}'
        version = row.version
        await store.games.create(guild_id=7, channel_id=100 + steps, game_key="bella_vista", options={}, seed=0,
                                creator_id=11, creator_name="Anne")  # another game's write
    else:
        pytest.fail("the commit never completed")
    assert steps > 3 and task.result() == version + 1


@pytest.mark.sqlite_only
async def test_commits_are_durable_on_power_loss(store):
    """WAL with synchronous=FULL: a move acknowledged to its player is on disk (NORMAL is not)."""
    async with store._db.execute("PRAGMA synchronous") as cur:
        assert (await cur.fetchone())[0] == 2  # FULL


async def test_games_stored_before_the_outbox_are_taken_as_shown(tmp_path):
    """Upgrading a file of schema 1: its games are not re-posted (only games that later miss a
    board are), and the new migration is applied once."""
    path = tmp_path / "old.sqlite3"
    con = sqlite3.connect(path)
    con.executescript(MIGRATIONS[0])
    con.execute("INSERT INTO games (guild_id, channel_id, game_key, options, seed, status, created_by, created_at,"
                " updated_at, version, snapshot) VALUES (7, 1, 'bella_vista', '{}', 3, 'active', 11, 'x', 'x', 5,"
                " '{}')")
    con.execute("PRAGMA user_version = 1")
    con.commit()
    con.close()
    store = await Store.open(path)
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        row = await store.games.open_in(1)
        assert row.announced == 5 and await store.games.lagging() == []
    finally:
        await store.close()


async def test_a_transaction_lands_whole_or_not_at_all(store):
    """What a collaborator writes in one ``store.transaction()`` (here a game, its clock and its
    place) lands together; an exception anywhere in the block leaves none of it."""
    with pytest.raises(RuntimeError):
        async with store.transaction() as tx:
            game = await tx.games.create(guild_id=7, channel_id=1, game_key="torri", options={}, creator_id=11,
                                         creator_name="Anne")
            await tx.clocks.set_setting(game, 10, "wait")
            await tx.places.set_place(game, 99)
            raise RuntimeError("the caller changed its mind")
    assert await store.games.open_in(1) is None and await store.clocks.setting(1) is None
    async with store.transaction() as tx:
        game = await tx.games.create(guild_id=7, channel_id=1, game_key="torri", options={}, creator_id=11,
                                     creator_name="Anne")
        await tx.clocks.set_setting(game, 10, "wait")
    row = await store.games.open_in(1)
    assert row.id == game and (await store.clocks.setting(game)).on_timeout == "wait"


async def test_the_stores_own_repositories_refuse_inside_its_transaction(store):
    """Inside a transaction only the transaction's repositories may be used: the store's own would
    wait for that very transaction on SQLite (or work outside it on PostgreSQL), so they refuse."""
    async with store.transaction() as tx:
        with pytest.raises(NestedUse):
            await store.games.get(1)
        with pytest.raises(NestedUse):
            async with store.transaction():
                pass
        assert await tx.games.get(1) is None  # the transaction's own work on
    assert await store.games.get(1) is None  # and the store's, after it
