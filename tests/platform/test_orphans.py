"""Issue 22 item 5: no process of ours outlives the bot. A real process owning both pools (the bots'
thinking and the moves' workers, started as the bot starts them) is killed with SIGKILL; every child
it had (the pools' workers and multiprocessing's resource tracker) exits on its own."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GONE_WITHIN = 60.0  # seconds: a worker checks its parent every second; generous for a loaded machine

OWNER = """
import asyncio, os, sys
from multiprocessing import resource_tracker
from bot.play.thinking import Thinkers
from bot.play.workers import Workers

async def main():
    thinkers, workers = Thinkers(2), Workers(2)
    await workers.start()
    await thinkers.start()
    tracker = getattr(resource_tracker._resource_tracker, "_pid", None)
    found = thinkers.pids() + workers.pids() + ([tracker] if tracker else [])
    with open(sys.argv[1] + ".part", "w") as out:
        out.write(" ".join(map(str, found)))
    os.replace(sys.argv[1] + ".part", sys.argv[1])
    await asyncio.sleep(3600)

asyncio.run(main())
"""


def alive(pid: int) -> bool:
    """Running (a zombie waiting for its reaper has exited)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return False
    return state not in ("Z", "X")


async def test_the_pools_children_exit_when_the_bot_is_killed(tmp_path: Path) -> None:
    listing = tmp_path / "children"
    owner = await asyncio.create_subprocess_exec(  # (no pipes: a child left behind would hold them open)
        sys.executable, "-c", OWNER, str(listing), cwd=ROOT, stdout=asyncio.subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        end = time.monotonic() + 120  # spawning four workers on a loaded machine
        while not listing.exists() and time.monotonic() < end and owner.returncode is None:
            await asyncio.sleep(0.05)
        children = [int(p) for p in listing.read_text().split()]
        assert len(children) >= 4 and all(alive(p) for p in children), children  # 2 thinking, 2 workers (+ tracker)
        owner.send_signal(signal.SIGKILL)
        assert await owner.wait() == -signal.SIGKILL
        end = time.monotonic() + GONE_WITHIN
        while any(alive(p) for p in children) and time.monotonic() < end:
            await asyncio.sleep(0.1)
        assert [p for p in children if alive(p)] == []
    finally:
        if owner.returncode is None:
            owner.kill()
            await owner.wait()
