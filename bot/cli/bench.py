"""``python -m bot bench``: the figures the README promises, measured on this machine.

Per game: per-move pipeline time (parse + engine apply + store commit + render + image
encode, i.e. ``GameService.act``) median and p95; the bare encode of the same board image
(``encode_image``: lossless WebP) as a baseline and the ratio between the two; the board's size as
sent; the same board as a 24-bit PNG-6 (the reference): its encode time and bytes, the ratios of
the image sent to it, and the fidelity of what is sent (lowest PSNR, largest channel error); random playouts per
second per player count (engine only: on the search path agents use, and checked through
``apply``); snapshot size; and, once, the process memory with
1,000 stored games open; and the scheduler's sweep over 10,000 open games (``bench_sweep``). ``--json`` prints the same figures as one JSON object.
"""

from __future__ import annotations

import asyncio
import json
import math
import multiprocessing
import statistics
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from bot.cli.bench_sweep import sweep_figure
from bot.cli.demo import NAMES, default_players, stored_game
from bot.play.registry import titles
from bot.play.service import GameService, User
from bot.store import Store
from engines.core import Rng
from engines.core.playout import fast_playout, play_to_end
from engines.core.rng import seed_text
from render.common import encode_image, encode_png_rgb, fidelity


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def _psnr(db: float | None) -> str:
    return "lossless" if db is None else f"{db:.1f}dB"


def _rss_mb() -> float:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def _pipeline(key: str, tmp: Path, games: int, store_url: str | None = None) -> dict:
    title = titles()[key]
    engine, renderer = title.engine, title.renderer
    store = await Store.open(store_url or tmp / f"bench-{key}.sqlite3")
    service = GameService(store)
    act_ms: list[float] = []
    encode_ms: list[float] = []
    reference_ms: list[float] = []
    sizes: list[int] = []
    reference_sizes: list[int] = []
    psnrs: list[float] = []
    worst: list[int] = []
    snapshots: list[int] = []
    await service.workers.start()  # as the bot does before it logs in: not part of any move's time
    try:
        for g in range(games):
            n = default_players(engine)
            users = [User(100 + i, NAMES[i]) for i in range(n)]
            channel = int(time.time() * 1000) % 10**9 * 100 + g  # apart from earlier runs on --store
            await service.create(None, channel, users[0], key, None)
            for u in users[1:]:
                await service.join(channel, u)
            post = await service.start(channel, users[0], seed=g)
            by_id = {u.id: u for u in users}
            rng = Rng.from_seed(g)
            while not post.finished:
                pending = await service.pending(channel)
                uid = rng.choice(sorted(pending))
                move = rng.choice(pending[uid])
                t0 = time.perf_counter()
                post = await service.act(channel, by_id[uid], move)
                act_ms.append((time.perf_counter() - t0) * 1000)
                sizes.append(len(post.board_image or b""))
                # the baseline: encoding the very same board image, nothing else, as sent
                # (lossless WebP) and as the 24-bit PNG-6 reference
                row, state = await stored_game(store, post.game_id)
                image = renderer.board(engine.view(state, None), row.names)
                t0 = time.perf_counter()
                sent = encode_image(image)
                t1 = time.perf_counter()
                reference = encode_png_rgb(image)
                t2 = time.perf_counter()
                encode_ms.append((t1 - t0) * 1000)
                reference_ms.append((t2 - t1) * 1000)
                reference_sizes.append(len(reference))
                psnr, error = fidelity(image, sent)
                psnrs.append(psnr)
                worst.append(error)
            snapshots.append(len((row.snapshot or "").encode()))
    finally:
        await store.close()
    med_act, med_enc = statistics.median(act_ms), statistics.median(encode_ms)
    med_ref = statistics.median(reference_ms)
    return {
        "moves_measured": len(act_ms),
        "pipeline_ms_median": round(med_act, 2),
        "pipeline_ms_p95": round(_pct(act_ms, 0.95), 2),
        "encode_ms_median": round(med_enc, 2),
        "pipeline_to_encode_ratio": round(med_act / med_enc, 2),
        "pipeline_to_reference_encode_ratio": round(med_act / med_ref, 2),
        "board_kb_median": round(statistics.median(sizes) / 1024, 1),
        "board_kb_max": round(max(sizes) / 1024, 1),
        "reference_encode_ms_median": round(med_ref, 2),
        "reference_png_kb_median": round(statistics.median(reference_sizes) / 1024, 1),
        "encode_time_ratio": round(med_enc / med_ref, 2),
        "bytes_ratio": round(statistics.median(sizes) / statistics.median(reference_sizes), 2),
        "psnr_db_min": None if math.isinf(min(psnrs)) else round(min(psnrs), 1),  # None: identical (JSON null)
        "max_channel_error": max(worst),
        "snapshot_bytes_final_median": int(statistics.median(snapshots)),
    }


def _playouts(key: str, seconds: float, checked: bool = False) -> dict[str, float]:
    """Random games per second by player count: on the search path agents use (``fast_playout``:
    moves played in place), or with ``checked`` through ``apply`` (a validated copy per move)."""
    engine = titles()[key].engine
    out = {}
    for n in range(engine.min_players, engine.max_players + 1):
        options = engine.options_model()
        try:
            engine.check_players(n, options)
        except Exception:
            continue
        done, seed, t0 = 0, 0, time.perf_counter()
        while time.perf_counter() - t0 < seconds or done == 0:
            if checked:
                play_to_end(engine, n, options, seed)
            else:
                fast_playout(engine, engine.new_game(n, options, seed), Rng.from_seed(seed ^ 0x5DEECE66D))
            done += 1
            seed += 1
        out[str(n)] = round(done / (time.perf_counter() - t0), 2)
    return out


def _memory_in_fresh_process(tmp: Path, count: int) -> dict:
    """Measured in a new process, so earlier figures' caches do not inflate it."""
    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=1, mp_context=ctx) as pool:
        return pool.submit(_memory_sync, str(tmp), count).result()


def _memory_sync(tmp: str, count: int) -> dict:
    return asyncio.run(_memory(Path(tmp), count))


async def _memory(tmp: Path, count: int) -> dict:
    """Store ``count`` started games, open them all through the service, report RSS."""
    key = next(iter(titles()))
    engine = titles()[key].engine
    baseline = _rss_mb()  # every game's code and data loaded, no game open
    path = tmp / "bench-memory.sqlite3"
    store = await Store.open(path)
    base = engine.new_game(default_players(engine), engine.options_model(), 7)
    snapshot = base.model_dump_json()
    for i in range(count):
        gid = await store.games.create(guild_id=1, channel_id=10_000 + i, game_key=key, options={}, creator_id=1,
                                      creator_name="Anne")
        for j in range(1, default_players(engine)):
            await store.seats.add(gid, 1 + j, NAMES[j], engine.max_players)
        await store.games.start(gid, snapshot, seed_text(i))
    await store.close()
    store = await Store.open(path)
    service = GameService(store)
    listed = await service.games(1)  # loads every row and every game's state
    after = _rss_mb()
    await store.close()
    return {"games_open": len(listed), "rss_mb_baseline": round(baseline, 1), "rss_mb_with_games_open": round(after, 1),
            "db_file_kb": round(path.stat().st_size / 1024, 1)}


def bench(game_key: str | None = None, as_json: bool = False, quick: bool = False, store: str | None = None,
          load_games: int = 0, load_processes: tuple[int, ...] = (1,)) -> int:
    """``store``: the database the move pipeline (and the load figure) use (a temporary SQLite file
    by default; a scratch database: games are written into it). ``load_games``: also the load
    figure (``bot.cli.load``), that many games at once, for each count of ``load_processes``."""
    table = titles()
    keys = [game_key] if game_key else list(table)
    figures: dict = {"games": {}, "store": "sqlite" if store is None or not store.startswith("postgres") else "postgresql"}
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        if load_games:
            from bot.cli.load import load

            url = store or str(tmp / "load.sqlite3")
            figures["load"] = [load(url, load_games, game_key or "torri", n) for n in load_processes]
        for key in keys:
            entry = asyncio.run(_pipeline(key, tmp, 1 if quick else 3, store))
            entry["playouts_per_second"] = _playouts(key, 0.2 if quick else 2.0)
            entry["playouts_per_second_checked"] = _playouts(key, 0.2 if quick else 2.0, checked=True)
            figures["games"][key] = entry
        figures["memory"] = _memory_in_fresh_process(tmp, 50 if quick else 1000)
        figures["sweep"] = sweep_figure(tmp, 1000 if quick else 10_000)
    if as_json:
        print(json.dumps(figures, indent=2))
        return 0
    print(f"{'game':<12} {'pipe med':>9} {'pipe p95':>9} {'encode':>8} {'ratio':>6} {'board KB':>8} "
          f"{'KB max':>7} {'snapshot':>9}  playouts/s by players")
    for key, e in figures["games"].items():
        plays = ", ".join(f"{n}p {v}" for n, v in e["playouts_per_second"].items())
        print(f"{key:<12} {e['pipeline_ms_median']:>7.1f}ms {e['pipeline_ms_p95']:>7.1f}ms "
              f"{e['encode_ms_median']:>6.1f}ms {e['pipeline_to_encode_ratio']:>6.2f} "
              f"{e['board_kb_median']:>8.1f} {e['board_kb_max']:>7.1f} "
              f"{e['snapshot_bytes_final_median']:>8}B  {plays}")
    print(f"\n{'game':<12} {'PNG-6 ms':>9} {'PNG-6 KB':>9} {'sent ms':>8} {'sent KB':>8} {'time x':>7} "
          f"{'bytes x':>8} {'PSNR min':>9} {'max err':>8}")
    for key, e in figures["games"].items():
        print(f"{key:<12} {e['reference_encode_ms_median']:>9.1f} {e['reference_png_kb_median']:>9.1f} "
              f"{e['encode_ms_median']:>8.1f} {e['board_kb_median']:>8.1f} {e['encode_time_ratio']:>7.2f} "
              f"{e['bytes_ratio']:>8.2f} {_psnr(e['psnr_db_min']):>10} {e['max_channel_error']:>8}")
    for f in figures.get("load", []):
        print(f"load: {f['games']} games, {f['processes']} process(es) on {figures['store']}: "
              f"{f['moves_per_second']} moves/s, move p50 {f['move_ms_p50']} ms / p99 {f['move_ms_p99']} ms, "
              f"loop lag p99 {f['loop_lag_ms_p99']} ms / max {f['loop_lag_ms_max']} ms, "
              f"loop CPU {f['loop_cpu_ms_per_move']} ms/move")
    m = figures["memory"]
    print(f"memory: {m['games_open']} stored games open -> RSS {m['rss_mb_with_games_open']} MB "
          f"(baseline with no game open: {m['rss_mb_baseline']} MB; SQLite file {m['db_file_kb']} KB)")
    w = figures["sweep"]
    print(f"scheduler sweep, {w['open_games']} open games with running clocks: event loop {w['loop_ms_nothing_due']} ms"
          f" (wall {w['wall_ms_nothing_due']} ms) with nothing due; {w['loop_ms_with_due']} ms"
          f" (wall {w['wall_ms_with_due']} ms) with {w['reminders_due']} reminders due")
    return 0


if __name__ == "__main__":
    sys.exit(bench())
