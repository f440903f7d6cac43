"""Closing the store while a transaction is under way (issue 22, the busy-machine section): at
shutdown the watcher's sweep can be mid-COMMIT when the database closes. The transaction must end
(committed, or rolled back) before the connection closes, so its task ends as cancelled or done,
never with the ROLLBACK failing on a closed connection ("no active connection" in the suite at
load 11-14; "Cannot operate on a closed database" in this test's order).

``Store.close`` takes the connection's lock first, so it waits for the transaction under way (this
test failed before: the ROLLBACK found the connection closed)."""

import asyncio
import sqlite3

import pytest

from bot.store import Store
from tests.patience import EVENT_SECONDS


async def test_the_store_closes_after_the_transaction_under_way(tmp_path):
    store = await Store.open(tmp_path / "piazza.sqlite3")
    held, release = asyncio.Event(), asyncio.Event()
    loop = asyncio.get_running_loop()

    def trace(sql: str) -> None:  # in aiosqlite's thread: hold the COMMIT until the test says
        if sql.lstrip().upper().startswith("COMMIT") and not release.is_set():
            loop.call_soon_threadsafe(held.set)
            asyncio.run_coroutine_threadsafe(release.wait(), loop).result(EVENT_SECONDS)

    await store._db.set_trace_callback(trace)

    async def sweep() -> None:  # a write, as the deadline sweep makes
        async with store.transaction() as tx:
            await tx.games.create(guild_id=7, channel_id=1, game_key="torri", options={}, seed=0,
                                  creator_id=11, creator_name="Anne")

    task = asyncio.create_task(sweep())
    await asyncio.wait_for(held.wait(), EVENT_SECONDS)  # the COMMIT is running in the thread
    closing = asyncio.create_task(store.close())  # shutdown: the database closes ...
    await asyncio.sleep(0)
    task.cancel()  # ... and the sweep is cancelled mid-COMMIT
    release.set()
    await asyncio.wait_for(closing, EVENT_SECONDS)
    try:
        await asyncio.wait_for(task, EVENT_SECONDS)
    except asyncio.CancelledError:
        pass  # cancelled and rolled back (or the COMMIT landed first): either is a clean end
    except (ValueError, sqlite3.Error) as exc:  # the ROLLBACK on a closed connection
        pytest.fail(f"the sweep's transaction outlived the connection: {type(exc).__name__}: {exc}")
