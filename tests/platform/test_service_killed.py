"""A process killed with SIGKILL in the middle of playing (a real process, a real PostgreSQL):
nothing it acknowledged is lost, no move is half-written, its claim on the game is taken over
once its lease ends, and the game goes on from another process."""

import asyncio
import os
import signal
import sys
from datetime import UTC, datetime

from bot.play.service import GameService
from bot.store import Store
from bot.store.claims import GAME, LEASE
from tests.patience import EVENT_SECONDS
from tests.platform.platform_helpers import by_id, seated_game


async def test_a_process_killed_mid_move_loses_nothing(postgres_url):
    store = await Store.open(postgres_url)
    try:
        starter = GameService(store)
        await seated_game(starter, channel=1, key="torri", players=2, seed=6)
        await store.claims.release(GAME, "1", starter.owner)  # (the game was opened on the worker's shard)
        worker = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.platform.move_worker", postgres_url, "1",
            stdout=asyncio.subprocess.PIPE, cwd=os.getcwd())
        owner = (await worker.stdout.readline()).decode().split()[1]
        acknowledged = 0
        while acknowledged < 4:  # it is moving: a move is under way at almost any moment
            acknowledged = int((await asyncio.wait_for(worker.stdout.readline(), EVENT_SECONDS)).split()[1])
        await asyncio.sleep(0.013)
        worker.send_signal(signal.SIGKILL)
        await worker.wait()

        row = await store.games.get(1)
        log = await store.log.actions(1)
        assert row.version >= acknowledged and len(log) == row.version  # nothing lost, nothing half-written
        assert [e.seq for e in log] == list(range(1, row.version + 1))
        checker = GameService(store)
        assert (await checker.replay(1)).model_dump_json() == row.snapshot
        assert [(i, o) for i, o, _ in await store.claims.held(GAME)] == [("1", owner)]  # the dead process's

        posts = []

        async def channel(channel_id, post):
            posts.append(post.version)

        now = datetime.now(UTC)
        other = GameService(store, clock=lambda: now, publisher=channel)
        other.owner = "another-host:all"
        await other.sweep()  # the dead process's lease runs: left alone
        assert posts == [] and [o for _, o, _ in await store.claims.held(GAME)] == [owner]
        later = GameService(store, clock=lambda: now + LEASE, publisher=channel)
        later.owner = "another-host:all"
        await later.sweep()  # its lease has ended: taken over, the board it may not have posted is posted
        assert posts == [row.version] and await store.games.lagging() == []
        pending = await later.pending(1)
        uid = sorted(pending)[0]
        assert (await later.act(1, by_id(uid), pending[uid][0])).version == row.version + 1
    finally:
        await store.close()
