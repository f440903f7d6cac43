"""Two real bot processes (``python -m bot run --shard-count 2 --shard-ids i``) on one PostgreSQL,
against the double in this process: each becomes ready (its heartbeat file), only shard 0's syncs
the commands, a game in the guild is played through its shard's process, every log line is JSON
naming the shard, and SIGTERM stops each cleanly (status 0,
heartbeat removed)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from pathlib import Path

import pytest

from bot.play.service import GameService
from bot.store import Store
from tests.discord_double import DiscordDouble
from tests.e2e.e2e_table import open_game

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]


async def start_process(double: DiscordDouble, url: str, shard: int, ready: Path) -> asyncio.subprocess.Process:
    script = (
        "import sys, discord, yarl\n"
        f"discord.http.Route.BASE = {double.api_base!r}\n"
        f"discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL({double.gateway_url!r})\n"
        "from bot.__main__ import main\n"
        f"sys.exit(main(['run', '--shard-count', '2', '--shard-ids', '{shard}']))\n")
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "double-token",
           "PIAZZA_DB": url, "PIAZZA_GUILD_ID": str(double.guild.id), "PIAZZA_READY_FILE": str(ready),
           "PIAZZA_LOG_FORMAT": "json", "PIAZZA_BOT_BUDGET_MS": "50"}
    return await asyncio.create_subprocess_exec(sys.executable, "-c", script, env=env, cwd=ROOT,
                                                stderr=asyncio.subprocess.PIPE)


async def wait_for(path: Path, timeout: float = 60.0) -> dict:
    for _ in range(int(timeout / 0.05)):
        if path.exists():
            return json.loads(path.read_text())
        await asyncio.sleep(0.05)
    raise TimeoutError(f"{path} never appeared")


async def test_two_processes_play_and_stop_cleanly(double: DiscordDouble, postgres_url: str, tmp_path: Path) -> None:
    double.settle_window = 1.0  # the bots are other processes: the double sees only their requests
    ready = [tmp_path / "ready-0", tmp_path / "ready-1"]
    procs = [await start_process(double, postgres_url, i, ready[i]) for i in range(2)]
    try:
        try:
            beats = [await wait_for(r) for r in ready]
        except TimeoutError:
            for p in procs:
                p.kill()
            raise AssertionError("\n".join([(await p.stderr.read()).decode()[-3000:] for p in procs])) from None
        assert [b["shards"] for b in beats] == ["0", "1"]
        await double.wait_synced()
        assert len([r for r in double.requests if r[0] == "PUT" and r[1].endswith("/commands")]) == 1

        alice, bob, games = double.user("alice"), double.user("bob"), double.channel("games")
        await open_game(double, games, [alice, bob], "leonardo", "Leonardo (1988)", "max_rounds=1")
        store = await Store.open(postgres_url)
        try:
            reader = GameService(store)
            users = {alice.id: alice, bob.id: bob}
            for _ in range(200):
                if await store.open_game_in(games.id) is None:
                    break
                pending = await reader.pending(games.id)
                uid = sorted(pending)[0]
                await double.slash(users[uid], games, "move", action=pending[uid][0])
            assert await store.open_game_in(games.id) is None
        finally:
            await store.close()
        await double.settle()
        assert "is over" in double.public(games)[-1].content
        for p in procs:
            p.send_signal(signal.SIGTERM)
        codes = [await asyncio.wait_for(p.wait(), 30) for p in procs]
        errs = [(await p.stderr.read()).decode() for p in procs]
        assert codes == [0, 0], errs
        assert not any(r.exists() for r in ready)
        owner = (double.guild.id >> 22) % 2
        lines = [json.loads(line) for line in errs[owner].splitlines() if line.startswith("{")]
        assert lines and all(line["shard"] == str(owner) for line in lines)
        assert any("SIGTERM" in line["message"] for line in lines)
        assert not [line for line in lines if line["level"] in ("ERROR", "CRITICAL")], errs[owner]
    finally:
        for p in procs:
            if p.returncode is None:
                p.kill()
                await p.wait()
