"""What a player waits for, measured end to end: the real bot (discord.py, the service, SQLite,
the renderers) against the loopback Discord double, with G games played at once.

Each game is opened with /new in its own channel and played in the thread the bot makes for it.
Each round, one move is typed in every game at the same moment (the double lets these
interactions overlap instead of waiting for the bot to go quiet between users) (``/move`` by whoever owes a
decision, a legal move picked by a seeded generator); the double's clock (``time.monotonic``,
the same for both sides) stamps the interaction, its acknowledgement, and the public post that
carries the new board. Reported per concurrency: interaction acknowledged p50/p95, move applied
and board posted p50/p95, and the bytes uploaded per move (every attachment of every message the
move produced). Titles take turns across the games.

    python -m bot bench --e2e            # 1 and 20 concurrent games, 12 moves each
    python -m tests.e2e.latency --games 1,20 --moves 12 [--json]

It needs the test double, so it runs from a source checkout (the wheel does not ship tests/).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
from pathlib import Path

from bot.play.registry import titles
from engines.core import Rng
from tests.discord_double import DiscordDouble
from tests.e2e.e2e_table import Table


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


async def measure(games: int, moves: int, seed: int = 1) -> dict:
    """Play ``moves`` rounds of one move in each of ``games`` games at once; the figures in ms/KB."""
    keys = list(titles())
    channels = tuple(f"game-{i}" for i in range(games))
    users = tuple(f"p{i}{side}" for i in range(games) for side in "ab")
    double = DiscordDouble(channels=channels, users=users, response_deadline=30.0)
    await double.start()
    ack, posted, uploaded = [], [], []
    try:
        with tempfile.TemporaryDirectory() as tmp:
            table = Table(double, Path(tmp) / "latency.sqlite3", seed=seed)
            await table.start()
            try:
                seats = []
                for i, name in enumerate(channels):
                    parent = double.channel(name)
                    a, b = double.user(f"p{i}a"), double.user(f"p{i}b")
                    await double.slash(a, parent, "new", game=keys[i % len(keys)])
                    [channel] = double.threads_of(parent)  # each game lives in its own thread
                    await double.slash(b, channel, "join")
                    await double.slash(a, channel, "start")
                    seats.append((channel, {a.id: a, b.id: b}))
                rng = Rng.from_seed(seed)
                double.overlapping = True  # the moves of one round reach the bot together
                async def one_move(channel, players) -> None:
                    pending = await table.service.pending(channel.id)
                    if not pending:
                        return  # this game is over
                    uid = rng.choice(sorted(pending))
                    res = await double.slash(players[uid], channel, "move", action=rng.choice(pending[uid]))
                    rec = res.interaction
                    if rec.responded_at is not None:
                        ack.append((rec.responded_at - rec.created) * 1000)
                    mine = [m for m in res.messages if m.channel_id == channel.id]  # not the other games'
                    boards = [m for m in mine if m.images and not m.ephemeral and not m.deleted]
                    if boards:
                        first = min(m.versions[0].at for m in boards)
                        posted.append((first - rec.created) * 1000)
                    uploaded.append(sum(len(a.data) for m in mine for a in m.current.attachments))

                for _ in range(moves):
                    await asyncio.gather(*(one_move(channel, players) for channel, players in seats))
            finally:
                await table.stop()
    finally:
        await double.close()
    return {
        "games": games,
        "moves": len(uploaded),
        "ack_ms_p50": round(statistics.median(ack), 1),
        "ack_ms_p95": round(_pct(ack, 0.95), 1),
        "board_posted_ms_p50": round(statistics.median(posted), 1),
        "board_posted_ms_p95": round(_pct(posted, 0.95), 1),
        "kb_uploaded_per_move": round(statistics.mean(uploaded) / 1024, 1),
    }


def table_text(rows: list[dict]) -> str:
    lines = ["| concurrent games | moves | acknowledged p50 / p95 | board posted p50 / p95 | KB uploaded per move |",
             "|---:|---:|---:|---:|---:|"]
    for r in rows:
        lines.append(f"| {r['games']} | {r['moves']} | {r['ack_ms_p50']} / {r['ack_ms_p95']} ms "
                     f"| {r['board_posted_ms_p50']} / {r['board_posted_ms_p95']} ms | {r['kb_uploaded_per_move']} |")
    return "\n".join(lines)


def run(concurrency: list[int], moves: int, as_json: bool) -> int:
    rows = [asyncio.run(measure(g, moves)) for g in concurrency]
    print(json.dumps({"e2e": rows}, indent=2) if as_json else table_text(rows))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.e2e.latency", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="1,20", help="concurrent games, comma separated (default 1,20)")
    parser.add_argument("--moves", type=int, default=12, help="moves per game (default 12)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    return run([int(g) for g in args.games.split(",")], args.moves, args.json)


if __name__ == "__main__":
    sys.exit(main())
