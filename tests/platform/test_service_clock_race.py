"""Issue 22 item 10: a turn clock's autopilot that loses its race to another process. Service A's
sweep finds a seat's clock run out and decides the autopilot's move; just before A stores it, the
player's own move lands through service B (another process on the same database). The outcome is
right (the player's move stands, the autopilot's is not stored) and A says so in one debug line,
not a traceback."""

import asyncio
import logging
from datetime import timedelta

import pytest

from bot.play.service import GameService
from bot.store import Store
from tests.platform.platform_helpers import NOW, Clock, StatementGate, by_id, seated_game


@pytest.fixture
async def two_processes(database):
    a, b = await Store.open(database), await Store.open(database)
    yield a, b
    await a.close()
    await b.close()


async def test_an_autopilot_that_loses_its_race_logs_one_debug_line(two_processes, caplog):
    a_store, b_store = two_processes
    clock = Clock()
    a, b = GameService(a_store, clock=clock, bot_budget=0.05), GameService(b_store, clock=clock)
    a.owner, b.owner = "host-a:all", "host-b:all"
    await seated_game(b, channel=1, key="torri", options="clock=2")
    owing = await b.pending(1)
    mover = by_id(next(iter(owing)))
    clock.now = NOW + timedelta(hours=3)  # the seat's 2 h clock has run out
    caplog.set_level(logging.DEBUG, logger="piazza")
    # the first transaction A begins after reading the seat's clock is the autopilot's move
    async with StatementGate(a_store, "BEGIN", after="SELECT seat, moves, started") as gate:
        sweep = asyncio.create_task(a.run_clocks())
        await gate.reached()
        await b.act(1, mover, owing[mover.id][0])  # the player moves first, in the other process
        gate.open()
        await sweep
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []
    lost = [r for r in caplog.records if r.levelno == logging.DEBUG and "moved on" in r.getMessage()]
    assert len(lost) == 1 and lost[0].exc_info is None, [r.getMessage() for r in caplog.records]
    row = await a_store.games.open_in(1)
    [entry] = await a_store.log.actions(row.id)
    assert row.version == 1 and entry.seat == row.seat_of(mover.id)  # the player's move, not the autopilot's
