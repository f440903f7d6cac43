"""``bench --viewers N``: the web page under N live viewers of one game (the issue's figure: 200).

The bot's side runs here: a temporary SQLite store, the real service and the real web server on
127.0.0.1. The viewers run in another process (``python -m bot.cli.webbench``, N Server-Sent Events
streams read on plain sockets by one selector), so the bot's loop carries only the server's work.
That process stands for browsers on other machines, so it runs at niceness ``VIEWERS_NICE`` by
default: it takes the CPU the bot leaves, and does not compete with the bot's loop for the same
cores (``nice=0`` makes it compete, as 200 clients on the bot's own host would; ``idle`` puts it
under Linux's idle scheduling policy, which runs it only on a core nothing else wants, nearer
still to browsers that are not on the bot's machine at all). Moves are played at a steady pace, first
with no viewer, then with N, then with none again (the figures without viewers are both quiet
phases': what drifts as the game goes on cancels out); each move's commit time is taken where the
store tells its listeners (``bot.store.changes``), each viewer's receipt where its stream delivers
it (one machine, one wall clock). Figures: delivery p50/p95/max (commit to receipt, every viewer
and move) and the bot's event-loop lag p50/p99 (a timer due every ``TICK`` seconds) with and
without viewers. With 0 viewers (``bench_viewers(0, …)``) every phase is alike: the ratio of the
figures is the bench's own noise. ``rounds`` games (six unless told, one with ``--quick``) are
watched one after the other (``--viewers-rounds``), each a fresh game through the same three phases,
and their samples pooled: a lag p99 over six games rests on about 120 moves' bursts instead of 20
(each round's own ratio is reported too; about 200 s a run).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import selectors
import socket
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

MOVES = 20  # per phase
PACE = 0.5  # seconds between moves
TICK = 0.005  # seconds: the lag sampler's period (2,000 samples a phase: a p99 that is not one stray sample)
ROUNDS = 6  # games watched one after the other, their samples pooled (``--viewers-rounds``)
VIEWERS_NICE = 19  # the viewers' process's niceness (0 to 19): they stand for browsers elsewhere


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def _lag(samples: list[float], stop: asyncio.Event) -> None:
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        due = loop.time() + TICK
        await asyncio.sleep(TICK)
        samples.append(max(0.0, loop.time() - due))


async def _phase(service, channel: int, moves: int) -> tuple[list[float], int, float]:
    """``moves`` moves at ``PACE``, the loop's lag sampled meanwhile; returns the lags, the last version
    and the event loop's own CPU time per move (the main thread's, in ms: hardly moved by the machine's
    other load, unlike the lag)."""
    from bot.play.answers import User

    samples: list[float] = []
    stop = asyncio.Event()
    sampler = asyncio.get_running_loop().create_task(_lag(samples, stop))
    cpu = time.thread_time()
    for _ in range(moves):
        started = time.monotonic()
        pending = await service.pending(channel)
        user_id, notations = sorted(pending.items())[0]
        await service.act(channel, User(user_id, "player"), notations[0])
        await asyncio.sleep(max(0.0, PACE - (time.monotonic() - started)))
    cpu = (time.thread_time() - cpu) * 1000 / moves
    stop.set()
    await sampler
    row = await service.store.games.open_in(channel)
    assert row is not None  # (a Torri game lasts far longer than the benchmark's moves)
    return samples, row.version, cpu


async def _round(service, store, serve, channel: int, viewers: int, moves: int, nice: int, idle: bool) -> dict:
    """One game watched: ``moves`` moves without viewers, ``moves`` with them, ``moves`` without again (a
    fresh two-player Torri game in ``channel``; its commits are stamped where the store tells them)."""
    from bot.play.answers import User
    from bot.play.metrics import SSE_VIEWERS

    await service.create(1, channel, User(1, "Anne"), "torri")
    await service.join(channel, User(2, "Bruno"))
    await service.start(channel, User(1, "Anne"), seed=7)
    row = await store.games.open_in(channel)
    assert row is not None
    game_id = row.id

    # each move appends one entry (no bots here): the n-th commit after the start is version n
    counted, commits = [row.version], {}

    def stamp(moved: int) -> None:
        if moved == game_id:
            counted[0] += 1
            commits[counted[0]] = time.time()

    forget = store.changes.listen(stamp)
    url = f"{serve}/g/{await store.pages.ensure(game_id)}/events"
    quiet, first, quiet_cpu = await _phase(service, channel, moves)
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", __name__, url, str(viewers), str(first + moves), str(nice), "idle" if idle else "normal",
        stdout=asyncio.subprocess.PIPE)
    while SSE_VIEWERS._value.get() < viewers:  # every stream open (the gauge the server keeps)
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.5)
    watched, last, watched_cpu = await _phase(service, channel, moves)
    out, _ = await proc.communicate()
    for _ in range(moves):  # every stream closed (a move's word ends those whose browser left)
        if SSE_VIEWERS._value.get() == 0:
            break
        await _phase(service, channel, 1)
    # and the same number of moves without viewers again: the "without" figures are both quiet
    # phases', before and after, so that what changes as the game goes on cancels out
    after, _, after_cpu = await _phase(service, channel, moves)
    forget()
    report = json.loads(out)
    delays = [at - commits[int(v)] for v, ats in report["received"].items() if int(v) > first and int(v) in commits
              for at in ats]
    return {"quiet": quiet + after, "watched": watched, "delays": delays, "missing": viewers * (last - first) - len(delays),
            "quiet_cpu": (quiet_cpu + after_cpu) / 2, "watched_cpu": watched_cpu, "nice": report["nice"],
            "policy": report["policy"], "ratio": _pct(watched, 0.99) / max(_pct(quiet + after, 0.99), 1e-9)}


async def _bench(viewers: int, moves: int, nice: int, idle: bool = False, rounds: int = 1) -> dict:
    from bot.play.service import GameService
    from bot.store import Store
    from bot.web.guard import Buckets, Streams
    from bot.web.server import bound_port, make_app, serving

    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "bench.sqlite3")
        try:
            service = GameService(store)
            await service.workers.start()
            # the viewers share one address: the per-address limit is raised for them
            app = make_app(store, service.spectators, service.workers, lambda: True, Buckets(rate=1e6, burst=10**6),
                           Streams(viewers))
            async with serving(app, "127.0.0.1", 0) as runner:
                serve = f"http://127.0.0.1:{bound_port(runner)}"
                done = [await _round(service, store, serve, 1 + n, viewers, moves, nice, idle) for n in range(rounds)]
        finally:
            await store.close()
    quiet = [lag for one in done for lag in one["quiet"]]
    watched = [lag for one in done for lag in one["watched"]]
    delays = [delay for one in done for delay in one["delays"]]
    return {
        "viewers": viewers, "viewers_nice": done[0]["nice"], "viewers_policy": done[0]["policy"],
        "moves_per_phase": moves, "pace_s": PACE, "rounds": rounds,
        "delivery_ms_p50": round(_pct(delays, 0.5) * 1000, 1) if delays else None,
        "delivery_ms_p95": round(_pct(delays, 0.95) * 1000, 1) if delays else None,
        "delivery_ms_max": round(max(delays) * 1000, 1) if delays else None,
        "deliveries_missing": sum(one["missing"] for one in done),
        "loop_lag_ms_p50_without": round(_pct(quiet, 0.5) * 1000, 2),
        "loop_lag_ms_p99_without": round(_pct(quiet, 0.99) * 1000, 2),
        "loop_lag_ms_p50_with": round(_pct(watched, 0.5) * 1000, 2),
        "loop_lag_ms_p99_with": round(_pct(watched, 0.99) * 1000, 2),
        "loop_lag_p99_ratio_each_round": [round(one["ratio"], 2) for one in done],
        "loop_lag_samples_without": len(quiet), "loop_lag_samples_with": len(watched),
        "loop_cpu_ms_per_move_without": round(sum(one["quiet_cpu"] for one in done) / rounds, 2),
        "loop_cpu_ms_per_move_with": round(sum(one["watched_cpu"] for one in done) / rounds, 2),
        "load_average": os.getloadavg(),
    }


def bench_viewers(viewers: int, as_json: bool, quick: bool = False, nice: int | None = None,
                  idle: bool = False, rounds: int | None = None) -> int:
    from bot.play.workers import shutdown_shared

    nice = VIEWERS_NICE if nice is None else max(0, min(19, nice))
    rounds = (1 if quick else ROUNDS) if rounds is None else max(1, rounds)
    try:
        figures = asyncio.run(_bench(viewers, 8 if quick else MOVES, nice, idle, rounds))
    finally:
        shutdown_shared()
    if as_json:
        print(json.dumps(figures))
    else:
        for name, value in figures.items():
            print(f"{name:28} {value}")
    return 0


# --- the viewers' process ------------------------------------------------------------------------
EVENT = re.compile(rb"id: (\d+)\n(?:[^\n]+\n)*?\n")  # one whole event (any chunk framing around it)


def _viewers(url: str, count: int, until: int) -> dict[int, list[float]]:
    """``count`` streams of ``url`` read on plain sockets by one selector, each event's receipt time by
    its version: as little of the machine's time as a reader can take (the viewers stand for browsers
    elsewhere; an HTTP client library's per-line parsing took several times more)."""
    parts = urlsplit(url)
    request = (f"GET {parts.path} HTTP/1.1\r\nHost: {parts.netloc}\r\nAccept: text/event-stream\r\n"
               "Connection: close\r\n\r\n").encode()
    received: dict[int, list[float]] = {}
    chooser = selectors.DefaultSelector()
    for _ in range(count):
        sock = socket.create_connection((parts.hostname, parts.port))
        sock.sendall(request)
        sock.setblocking(False)
        chooser.register(sock, selectors.EVENT_READ, (sock, [b""]))  # (its bytes not yet read as events)
    while chooser.get_map():
        for key, _ in chooser.select():
            at = time.time()
            reader, pending = key.data
            try:
                data = reader.recv(65536)
            except BlockingIOError:
                continue
            pending[0] += data
            done, end = not data, 0
            for found in EVENT.finditer(pending[0]):
                version, end = int(found[1]), found.end()
                received.setdefault(version, []).append(at)
                done = done or version >= until
            pending[0] = pending[0][end:]
            if done:
                chooser.unregister(reader)
                reader.close()
    return received


if __name__ == "__main__":
    url_, count_, until_, nice_ = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    niceness = os.nice(nice_)  # (adds to the niceness it was started with; reported as it is)
    if sys.argv[5] == "idle":
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    policy = "idle" if os.sched_getscheduler(0) == os.SCHED_IDLE else "normal"  # (as it is, not as asked)
    print(json.dumps({"nice": niceness, "policy": policy, "received": _viewers(url_, count_, until_)}))
