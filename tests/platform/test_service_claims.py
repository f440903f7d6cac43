"""Scheduled work with several processes on one database (two services, two stores, as two
processes would have): each deadline, lagging board and bots' turn is claimed by one of them, and
a dead process's claim is taken over once its lease ends. On both backends."""

import asyncio
import logging
from datetime import timedelta

import pytest

from bot.play.service import GameService
from bot.store import Store
from bot.store.claims import GAME
from bot.store.claims import LEASE as CLAIM_LEASE
from tests.platform.platform_helpers import ANNE, BRUNO, NOW, Clock


class Channel:
    """A publisher that takes a while (Discord does), recording every board it is given."""

    def __init__(self, posts: list):
        self.posts = posts

    async def __call__(self, channel_id, post):
        await asyncio.sleep(0.05)
        self.posts.append((channel_id, post.version))


@pytest.fixture
async def two_processes(database):
    clock, posts = Clock(), []
    a, b = await Store.open(database), await Store.open(database)
    first, second = GameService(a, clock=clock, publisher=Channel(posts)), GameService(b, clock=clock, publisher=Channel(posts))
    first.owner, second.owner = "host-a:all", "host-b:all"  # two processes (on two hosts, or two shards)
    yield first, second, clock, posts
    await a.close()
    await b.close()


async def test_a_claim_is_held_until_released_or_its_lease_ends(store):
    lease = timedelta(minutes=2)
    assert await store.claims.claim("deadline", "7", "p1", NOW, lease)
    assert not await store.claims.claim("deadline", "7", "p2", NOW + timedelta(minutes=1), lease)  # held
    assert await store.claims.claim("deadline", "8", "p2", NOW, lease)  # another item is free
    assert await store.claims.claim("deadline", "7", "p1", NOW + timedelta(minutes=1), lease)  # renewed by its owner
    assert not await store.claims.claim("deadline", "7", "p2", NOW + timedelta(minutes=2), lease)  # renewal counted
    assert await store.claims.claim("deadline", "7", "p2", NOW + timedelta(minutes=3), lease)  # p1 died: taken over
    await store.claims.release("deadline", "7", "p1")  # not p1's any more: nothing removed
    assert [(i, o) for i, o, _ in await store.claims.held("deadline")] == [("7", "p2"), ("8", "p2")]
    await store.claims.release("deadline", "7", "p2")
    assert await store.claims.claim("deadline", "7", "p3", NOW, lease)


async def test_racing_claims_from_two_processes_grant_one(database):
    stores = [await Store.open(database) for _ in range(2)]
    try:
        for item in range(10):
            got = await asyncio.gather(*(s.claims.claim("deadline", str(item), f"p{i}", NOW, CLAIM_LEASE)
                                         for i, s in enumerate(stores)))
            assert sorted(got) == [False, True]
    finally:
        for s in stores:
            await s.close()


async def test_a_deadline_due_while_two_processes_sweep_fires_once(two_processes, caplog):
    a, b, clock, posts = two_processes
    await a.create(7, 1, ANNE, "leonardo", "deadline=2026-11-30")
    await b.join(1, BRUNO)
    await a.start(1, ANNE, seed=4)
    posts.clear()
    clock.now = NOW + timedelta(days=2)
    with caplog.at_level(logging.ERROR, logger="piazza"):
        await asyncio.gather(a.sweep(), b.sweep())
    row = await a.store.games.get(1)
    log = await a.store.log.actions(row.id)
    assert row.status == "finished" and [e.seq for e in log if '"time_up"' in e.action] == [row.version]
    assert posts == [(1, row.version)]  # its board once, by one of them
    assert caplog.records == []  # neither was refused halfway
    assert await a.store.claims.held(GAME) == []  # released


async def test_a_lagging_board_is_posted_once_by_two_processes(two_processes):
    a, b, clock, posts = two_processes
    await a.create(7, 1, ANNE, "torri")
    await a.join(1, BRUNO)
    quiet = GameService(a.store, clock=clock)  # a third process, whose posting failed: the board is owed
    quiet.owner = "host-c:all"
    await quiet.start(1, ANNE, seed=4)
    assert await a.store.games.lagging() == [1]
    clock.now += CLAIM_LEASE  # and which died: its hold on the game has run out
    await asyncio.gather(a.sweep(), b.sweep())
    assert posts == [(1, 0)] and await a.store.games.lagging() == []


async def test_a_dead_process_claim_is_taken_over_after_its_lease(two_processes):
    a, b, clock, posts = two_processes
    await a.create(7, 1, ANNE, "leonardo", "deadline=2026-11-30")
    await a.join(1, BRUNO)
    await a.start(1, ANNE, seed=4)
    clock.now = NOW + timedelta(days=2)
    assert await a.store.claims.claim(GAME, "1", a.owner, clock.now, CLAIM_LEASE)  # then a is killed
    await b.sweep()
    assert (await b.store.games.get(1)).status == "active"  # a's lease still runs: b leaves it
    clock.now += CLAIM_LEASE
    await b.sweep()
    row = await b.store.games.get(1)
    assert row.status == "finished" and posts[-1] == (1, row.version)
    assert await b.store.claims.held(GAME) == []


async def test_a_move_being_posted_is_not_posted_again_by_another_process(two_processes):
    """Process a's player moves; while its board is being posted, process b's watcher finds the game
    lagging. The move's commit holds the game for a, so b leaves it; a's own watcher may still
    retry it (its own claim)."""
    a, b, clock, posts = two_processes
    await a.create(7, 1, ANNE, "torri")
    await a.join(1, BRUNO)
    await a.start(1, ANNE, seed=4)
    pending = await a.pending(1)
    uid = sorted(pending)[0]
    user = ANNE if uid == ANNE.id else BRUNO
    moving = asyncio.create_task(a.act(1, user, pending[uid][0]))
    while not await b.store.games.lagging():  # committed, its board not shown yet
        await asyncio.sleep(0.002)
    await b.sweep()
    await moving
    assert posts == [(1, 0), (1, 1)]
    assert [(i, o) for i, o, _ in await b.store.claims.held(GAME)] == [("1", a.owner)]
