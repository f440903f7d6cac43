"""Moves are applied and boards drawn in worker processes (``bot.play.workers``): the same posts as
in threads, refusals that come back whole, a killed worker that loses no move, a bad task that
breaks the pool twice refused in one line, and no process left behind after shutdown."""

from __future__ import annotations

import asyncio
import os
import signal

import pytest

from bot.play import workers
from bot.play.service import GameService, Refusal
from bot.play.workers import Workers, WorkersDown, workers_from_env
from bot.store import Store
from engines.core import UnknownAction
from tests.patience import EVENT_SECONDS, SUBPROCESS_SECONDS
from tests.platform.platform_helpers import by_id, seated_game


def _suicide() -> None:  # a task that kills the worker running it (importable by the worker)
    os.kill(os.getpid(), signal.SIGKILL)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split()[2] != "Z"
    except FileNotFoundError:
        return False


@pytest.fixture
async def pool():
    one = Workers(1)
    yield one
    one.shutdown()


async def _game(tmp_path, name: str, pool: Workers):
    store = await Store.open(tmp_path / f"{name}.sqlite3")
    service = GameService(store, workers=pool)
    started = await seated_game(service, key="torri", players=3, seed=5)
    return store, service, started


async def test_processes_and_threads_give_the_same_posts_and_refusals(tmp_path, pool) -> None:
    threads = Workers(0)
    a_store, a, a_start = await _game(tmp_path, "threads", threads)
    b_store, b, b_start = await _game(tmp_path, "processes", pool)
    try:
        assert a_start.board_image == b_start.board_image and a_start.public_text == b_start.public_text
        for _ in range(6):
            pending = await a.pending(1)
            assert pending == await b.pending(1)
            mover = by_id(min(pending))
            moved = [await s.act(1, mover, pending[mover.id][0]) for s in (a, b)]
            assert moved[0].board_image == moved[1].board_image and moved[0].public_text == moved[1].public_text
            hands = [await s.hand(1, mover) for s in (a, b)]
            assert hands[0].private_image == hands[1].private_image
        refused = []
        for s in (a, b):
            with pytest.raises(Refusal) as exc:
                await s.act(1, by_id(min(await s.pending(1))), "no such move")
            refused.append(str(exc.value))
        assert refused[0] == refused[1] and "`no`" in refused[1]  # the refusal's params came back
        assert pool.pids() and workers.play.__module__ == "bot.play.workers"  # the moves went to the pool
        while not moved[0].finished:  # to the end: the final post's replay and reveal are made in the pool too
            pending = await a.pending(1)
            mover = by_id(min(pending))
            moved = [await s.act(1, mover, pending[mover.id][0]) for s in (a, b)]
        assert moved[1].finished and moved[0].attachments == moved[1].attachments
        assert [name for name, _ in moved[1].attachments] == [f"reveal-{moved[1].game_id}.txt",
                                                              f"replay-{moved[1].game_id}.gif",
                                                              f"story-{moved[1].game_id}.webp"]
    finally:
        await a_store.close()
        await b_store.close()


async def test_a_rule_error_comes_back_from_a_worker_with_its_key_and_params(tmp_path, pool) -> None:
    store, service, _ = await _game(tmp_path, "errors", pool)
    try:
        row, game = await service.tables.active_game(1)
        seat = min(game.engine.to_act(game.state))
        with pytest.raises(UnknownAction) as exc:
            await pool.run(workers.play, workers.ref(game.title), game.state, seat, "zz9")
        here = None
        try:
            game.engine.parse_action(game.state, seat, "zz9")
        except UnknownAction as error:
            here = error.msg
        assert here is not None and exc.value.msg == here and exc.value.msg.params  # key and params intact
    finally:
        await store.close()


async def test_a_worker_killed_under_a_move_loses_nothing(tmp_path, pool) -> None:
    """The worker is stopped, the move sent, the worker killed: the move is run again on a fresh
    pool and stored once."""
    store, service, started = await _game(tmp_path, "killed", pool)
    try:
        [old] = pool.pids()
        os.kill(old, signal.SIGSTOP)
        pending = await service.pending(1)
        mover = by_id(min(pending))
        move = asyncio.create_task(service.act(1, mover, pending[mover.id][0]))
        await asyncio.sleep(0.5)  # the move waits for the stopped worker (or is about to)
        assert not move.done()
        os.kill(old, signal.SIGKILL)
        moved = await asyncio.wait_for(move, EVENT_SECONDS)
        assert moved.version == started.version + 1 and moved.board_image
        assert len(await store.log.actions(moved.game_id)) == 1
        assert pool.started == 2 and old not in pool.pids() and not _alive(old)
    finally:
        await store.close()


async def test_a_task_that_breaks_the_pool_twice_is_one_error_and_the_pool_comes_back(pool) -> None:
    with pytest.raises(WorkersDown):
        await pool.run(_suicide)
    assert pool.started == 2
    assert await pool.run(os.getpid) != os.getpid()  # a third pool, working
    assert pool.started == 3


async def test_shutdown_leaves_no_worker_behind() -> None:
    two = Workers(2)
    await two.start()
    pids = two.pids()
    assert len(pids) == 2 and all(_alive(p) for p in pids)
    two.shutdown()
    assert two.pids() == [] and not any(_alive(p) for p in pids)


def test_the_setting_is_a_count_of_processes(monkeypatch) -> None:
    monkeypatch.setenv("PIAZZA_WORKERS", "0")
    assert workers_from_env() == 0 and Workers().processes == 0
    monkeypatch.setenv("PIAZZA_WORKERS", " 3 ")
    assert workers_from_env() == 3
    monkeypatch.delenv("PIAZZA_WORKERS")
    assert workers_from_env() == len(os.sched_getaffinity(0))
    for bad in ("two", "-1", "65"):
        monkeypatch.setenv("PIAZZA_WORKERS", bad)
        with pytest.raises(ValueError, match="PIAZZA_WORKERS must be a whole number of processes from 0") as exc:
            workers_from_env()
        assert "\n" not in str(exc.value)


PARENT = """
import asyncio, os, signal, sys
from bot.play.workers import Workers

async def main():
    pool = Workers(2)
    await pool.start()
    print(" ".join(map(str, pool.pids())), flush=True)
    os.kill(os.getpid(), signal.SIGKILL)  # no shutdown, no exit handlers: a crash

asyncio.run(main())
"""


def test_workers_do_not_outlive_a_parent_killed_with_sigkill(tmp_path) -> None:
    import subprocess
    import sys
    import time

    out = tmp_path / "pids.txt"
    with out.open("w") as f:  # a file, not a pipe: the workers would hold a pipe open as long as they live
        parent = subprocess.run([sys.executable, "-c", PARENT], stdout=f, stdin=subprocess.DEVNULL,
                                timeout=SUBPROCESS_SECONDS)
    assert parent.returncode == -signal.SIGKILL
    pids = [int(p) for p in out.read_text().split()]
    assert len(pids) == 2
    end = time.monotonic() + EVENT_SECONDS  # they notice within a poll; the bound only catches one that never does
    while any(_alive(p) for p in pids) and time.monotonic() < end:
        time.sleep(0.2)
    assert not any(_alive(p) for p in pids)
