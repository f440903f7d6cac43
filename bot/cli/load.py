"""The load figure of ``python -m bot bench``: many games played concurrently to the end through the
game service, in one or several processes sharing one database.

Per run: moves per second (all processes' moves over the wall time of the whole run), move latency
(``GameService.act``, p50/p99), the event loop's lag (a 5 ms ticker's lateness, p99/max, per
process) and the event loop's CPU time per move (the main thread's: a figure the machine's other
load hardly moves, unlike the lag). The titles and the worker processes (``bot.play.workers``)
are loaded before the clock starts, as the bot does before it logs in. Several processes: each plays its share of the games in a fresh interpreter
(``python -m bot.cli.load URL GAMES KEY TAG``) on the same database, started together.
The games are written into the database given: use a scratch one.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time

from bot.cli.demo import NAMES, default_players
from bot.play.collector import set_startup_aside
from bot.play.lobby import CAP_LIMIT, LobbyCaps
from bot.play.registry import titles
from bot.play.service import GameService, User
from bot.store import Store
from engines.core import Rng

TICK = 0.005


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))] if ordered else 0.0


async def _ticker(lags: list[float], stop: asyncio.Event) -> None:
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        start = loop.time()
        await asyncio.sleep(TICK)
        lags.append(max(0.0, (loop.time() - start - TICK) * 1000))


async def _one_game(service: GameService, key: str, channel: int, seed: int, latencies: list[float]) -> int:
    engine = titles()[key].engine
    users = [User(100 + i, NAMES[i]) for i in range(default_players(engine))]
    await service.create(None, channel, users[0], key, None)
    for u in users[1:]:
        await service.join(channel, u)
    post = await service.start(channel, users[0], seed=seed)
    by_id, rng, moves = {u.id: u for u in users}, Rng.from_seed(seed), 0
    while not post.finished:
        pending = await service.pending(channel)
        uid = rng.choice(sorted(pending))
        t0 = time.perf_counter()
        post = await service.act(channel, by_id[uid], rng.choice(pending[uid]))
        latencies.append((time.perf_counter() - t0) * 1000)
        moves += 1
    return moves


async def play(url: str, games: int, key: str, tag: int) -> dict:
    """``games`` games of ``key`` at once in this process; ``tag`` keeps channels apart between runs."""
    store = await Store.open(url)
    # many games of the same few users open at once: no caps on games waiting to start (bot.play.lobby)
    service = GameService(store, lobby_caps=LobbyCaps(per_user=CAP_LIMIT, per_channel=CAP_LIMIT))
    titles()  # what the bot does before it logs in (bot.chat.run): not part of the figure
    await service.workers.start()
    set_startup_aside()  # as the bot does before it logs in (bot.chat.run)
    latencies: list[float] = []
    lags: list[float] = []
    stop = asyncio.Event()
    ticker = asyncio.create_task(_ticker(lags, stop))
    t0, cpu0 = time.perf_counter(), time.thread_time()
    try:
        moves = await asyncio.gather(*(_one_game(service, key, tag * 1_000_000 + g, tag + g, latencies)
                                       for g in range(games)))
    finally:
        stop.set()
        await ticker
        await store.close()
        service.workers.shutdown()  # the process's pool of rules and drawing (bot.play.workers)
    return {"moves": sum(moves), "seconds": time.perf_counter() - t0, "latencies": latencies, "lags": lags,
            "loop_cpu_ms": (time.thread_time() - cpu0) * 1000}


def summary(runs: list[dict], wall: float, games: int) -> dict:
    latencies = [x for r in runs for x in r["latencies"]]
    lags = [x for r in runs for x in r["lags"]]
    moves = sum(r["moves"] for r in runs)
    return {"processes": len(runs), "games": games, "moves": moves, "moves_per_second": round(moves / wall, 1),
            "move_ms_p50": round(_pct(latencies, 0.5), 1), "move_ms_p99": round(_pct(latencies, 0.99), 1),
            "loop_lag_ms_p99": round(_pct(lags, 0.99), 1), "loop_lag_ms_max": round(max(lags, default=0.0), 1),
            "loop_cpu_ms_per_move": round(sum(r["loop_cpu_ms"] for r in runs) / max(moves, 1), 2)}


def load(url: str, games: int = 50, key: str = "torri", processes: int = 1) -> dict:
    """The figure for ``processes`` processes sharing ``games`` games on the database at ``url``."""
    tag = int(time.time()) % 1000 * 10 + 1
    if processes == 1:
        t0 = time.perf_counter()
        run = asyncio.run(play(url, games, key, tag))
        return summary([run], time.perf_counter() - t0, games)
    shares = [games // processes + (1 if i < games % processes else 0) for i in range(processes)]
    t0 = time.perf_counter()
    children = [subprocess.Popen([sys.executable, "-m", __name__, url, str(n), key, str(tag + i)],
                                 stdout=subprocess.PIPE, text=True) for i, n in enumerate(shares)]
    outs = [c.communicate()[0] for c in children]
    wall = time.perf_counter() - t0
    if any(c.returncode for c in children):
        raise RuntimeError("a load process failed")
    return summary([json.loads(o) for o in outs], wall, games)


if __name__ == "__main__":
    url, count, game_key, run_tag = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
    result = asyncio.run(play(url, count, game_key, run_tag))
    print(json.dumps(result))
    sys.stdout.flush()
    os._exit(0)  # the bots' pool is never started here, the workers' is shut down: nothing to wait for
