"""Kill -9 loop (issue 23): a real bot process (``python -m bot run``, its worker pools on) against the
loopback Discord double, SIGKILLed at a random moment after a move is sent, then started again, over
and over; the double counts the boards posted per game version (their images are named
``board-<game>-<version>``): every version must have exactly one board (0 doubled, 0 missing).

    python -m tests.soak.kill_loop --kills 30                      # SQLite
    python -m tests.soak.kill_loop --kills 10 --postgres            # a throwaway PostgreSQL server
    python -m tests.soak.kill_loop --kills 10 --db postgresql://…   # that PostgreSQL database

Prints one line per kill and a summary (JSON with ``--json``); exits 1 if a board is doubled or missing.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import json
import random
import re
import signal
import sys
import tempfile
import time
from pathlib import Path

from bot.play.service import GameService
from bot.store import Store
from tests.discord_double import DiscordDouble
from tests.e2e.e2e_table import open_game
from tests.e2e.test_e2e_processes import remote, start_process, wait_ready

BOARD = re.compile(r"board-(\d+)-(\d+)\.")


def board_counts(double: DiscordDouble) -> collections.Counter:
    counts: collections.Counter = collections.Counter()
    for message in double.messages.values():
        if message.deleted or message.ephemeral:
            continue
        for attachment in message.current.attachments:
            found = BOARD.match(attachment.filename)
            if found:
                counts[(int(found[1]), int(found[2]))] += 1
    return counts


async def run(kills: int, db: str | None, seed: int) -> dict:
    rng = random.Random(seed)
    double = remote(DiscordDouble(threads=False))
    await double.start()
    tmp = Path(tempfile.mkdtemp(prefix="piazza-kill-"))
    url = db or str(tmp / "piazza.sqlite3")
    ready = tmp / "ready"
    alice, bob, games = double.user("alice"), double.user("bob"), double.channel("games")
    users = {alice.id: alice, bob.id: bob}
    store = await Store.open(url)
    reader = GameService(store)
    logs = Path(tempfile.mkdtemp(prefix="piazza-kill-logs-"))  # each bot process's stderr, kept
    print(f"bot logs in {logs}", flush=True)
    proc = await start_process(double, url, ready, "kill-loop", log=logs / "bot-0.log")
    started = time.monotonic()
    killed = moves_sent = 0
    try:
        await wait_ready([proc], [ready])
        await double.wait_synced()
        while killed < kills:
            row = await store.games.open_in(games.id)
            if row is None:
                await open_game(double, games, [alice, bob], "torri", "Le Torri di Bologna", None)
                continue
            pending = await reader.pending(games.id)
            if not pending:
                await asyncio.sleep(0.05)
                continue
            uid = sorted(pending)[0]
            move = asyncio.create_task(double.slash(users[uid], games, "move", action=rng.choice(pending[uid])))
            moves_sent += 1
            if rng.random() < 0.5:  # half the moves are let through, so games move on between kills
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(move, 60)
                continue
            await asyncio.sleep(rng.uniform(0.0, 0.4))  # somewhere in the move, its board, or after
            proc.send_signal(signal.SIGKILL)
            await proc.wait()
            move.cancel()
            with contextlib.suppress(BaseException):
                await move
            killed += 1
            ready.unlink(missing_ok=True)
            proc = await start_process(double, url, ready, f"kill-loop-{killed}", log=logs / f"bot-{killed}.log")
            await wait_ready([proc], [ready])  # after its first sweep: what the dead one owed is posted
            await double.settle()
            print(f"kill {killed}: game {row.id} at version {(await store.games.get(row.id)).version}", flush=True)
        proc.send_signal(signal.SIGTERM)
        await asyncio.wait_for(proc.wait(), 60)
        await double.settle()
        counts = board_counts(double)
        doubled = sorted(k for k, n in counts.items() if n > 1)
        missing = []  # every version of every game has its board (each move's is posted before the next)
        for game_id in sorted({g for g, _ in counts} | {r.id for r in await store.games.open_all()}):
            game = await store.games.get(game_id)
            if game is not None and game.status in ("active", "finished"):
                missing += [(game_id, v) for v in range(game.version + 1) if (game_id, v) not in counts]
        shown = sorted(counts)
        return {"backend": "postgresql" if url.startswith("postgres") else "sqlite", "kills": killed,
                "moves_sent": moves_sent, "boards": sum(counts.values()), "versions_shown": len(shown),
                "doubled": doubled, "missing": missing, "seconds": round(time.monotonic() - started)}
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
        await store.close()
        await double.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=30)
    parser.add_argument("--db", help="a postgresql:// URL (default: a new SQLite file)")
    parser.add_argument("--postgres", action="store_true", help="on a throwaway server (tests/postgres_server.py)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    server = None
    if args.postgres:
        from tests.postgres_server import Server

        server = Server().start()
        args.db = server.fresh_database()
    try:
        result = asyncio.run(run(args.kills, args.db, args.seed))
    finally:
        if server is not None:
            server.stop()
    print(json.dumps(result) if args.json else result)
    return 1 if result["doubled"] or result["missing"] else 0


if __name__ == "__main__":
    sys.exit(main())
