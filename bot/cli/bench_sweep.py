"""The scheduler's sweep figure for ``python -m bot bench``: 10,000 open games, each with a running
turn clock, and the event-loop time of one watcher sweep (``GameService.sweep``: deadlines, bots,
turn clocks, outbox) when nothing is due, and when a few reminders are due.

Event-loop time is the CPU time of the loop's own thread (``time.thread_time``) during the sweep:
the store's queries run in aiosqlite's thread and do not count, as they do not hold up the loop.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.cli.demo import NAMES
from bot.play.registry import titles
from bot.play.service import GameService
from bot.store import Store
from bot.store.clocks import clock_text

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def _fill(path: Path, count: int, due: int) -> None:
    """``count`` active games of Le Torri di Bologna (3 seats, the first to move), written in one
    transaction; the first ``due`` have a reminder due now, the others in 24 h."""
    engine = titles()["torri"].engine
    snapshot = engine.new_game(3, engine.options_model(), 7).model_dump_json()
    now = clock_text(NOW)
    db = sqlite3.connect(path)
    with db:
        for i in range(count):
            cur = db.execute(
                "INSERT INTO games (guild_id, channel_id, game_key, options, seed, status, created_by, created_at,"
                " updated_at, version, snapshot, announced) VALUES (1, ?, 'torri', '{}', 'splitmix64:7', 'active',"
                " 1, ?, ?, 0, ?, 0)", (10_000 + i, now, now, snapshot))
            game_id = cur.lastrowid
            db.executemany("INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
                           [(game_id, s, 1 + s, NAMES[s]) for s in range(3)])
            db.execute("INSERT INTO game_clocks (game_id, hours, on_timeout) VALUES (?, 48, 'autopilot')",
                       (game_id,))
            at = NOW - timedelta(minutes=1) if i < due else NOW + timedelta(hours=24)
            db.execute("INSERT INTO seat_clocks (game_id, seat, moves, started, due, reminded, next_at)"
                       " VALUES (?, 0, 0, ?, ?, 0, ?)", (game_id, now, clock_text(NOW + timedelta(hours=48)),
                                                         clock_text(at)))
    db.close()


async def _measure(path: Path) -> tuple[float, float]:
    store = await Store.open(path)
    try:
        service = GameService(store, clock=lambda: NOW)
        cpu, wall = time.thread_time(), time.perf_counter()
        await service.sweep()
        return (time.thread_time() - cpu) * 1000, (time.perf_counter() - wall) * 1000
    finally:
        await store.close()


def sweep_figure(tmp: Path, count: int = 10_000, due: int = 10) -> dict:
    idle_path, due_path = tmp / "bench-sweep-idle.sqlite3", tmp / "bench-sweep-due.sqlite3"
    for path, n_due in ((idle_path, 0), (due_path, due)):
        asyncio.run(_create(path))
        _fill(path, count, n_due)
    asyncio.run(_measure(idle_path))  # a first sweep warms the caches and the code paths
    idle_loop, idle_wall = asyncio.run(_measure(idle_path))
    due_loop, due_wall = asyncio.run(_measure(due_path))
    return {"open_games": count, "loop_ms_nothing_due": round(idle_loop, 2), "wall_ms_nothing_due": round(idle_wall, 2),
            "reminders_due": due, "loop_ms_with_due": round(due_loop, 2), "wall_ms_with_due": round(due_wall, 2)}


async def _create(path: Path) -> None:
    store = await Store.open(path)  # the schema, migrated
    await store.close()
