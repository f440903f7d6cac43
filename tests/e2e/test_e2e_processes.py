"""Whole bot processes (``python -m bot run``) on one PostgreSQL, against the double in this process.

Two processes running shards 0 and 1 of 2, with a guild on each shard: each becomes ready (its
heartbeat file), only shard 0's syncs the commands, a game in each guild is played to the end,
each guild's interactions go only to the process running its shard, every log line is JSON naming
the shard, and SIGTERM stops each cleanly (status 0, heartbeat removed).

One process SIGKILLed mid-move (its move stored, its board being posted: the double holds that
post) and started again: the move is in the log once, its board is posted by the start-up sweep
(the dead process's claim on the game taken back at once, not waited out), and play goes on.

Each process gets its own token, so the double can tell who did what (Discord would give every
shard the same token; the double accepts any).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.play.service import GameService
from bot.store import Store
from tests.discord_double import Channel, DiscordDouble
from tests.discord_double.guilds import shard_of
from tests.e2e.e2e_table import open_game
from tests.patience import SUBPROCESS_SECONDS

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]
COUNT = 2
OPTIONS = "max_rounds=1"  # Leonardo's shortest game


def remote(double: DiscordDouble) -> DiscordDouble:
    """The bots are other processes: the double sees only their requests, so it waits for each
    deferred answer's follow-up rather than for the bots to look idle."""
    double.remote_bots = True
    double.settle_window = 0.2
    return double


async def start_process(double: DiscordDouble, url: str, ready: Path, token: str,
                        shard: int | None = None, log: Path | None = None) -> asyncio.subprocess.Process:
    """A bot process (``python -m bot run``) against the double; its stderr piped, or written to ``log``."""
    sharding = "" if shard is None else f"'--shard-count', '{COUNT}', '--shard-ids', '{shard}'"
    script = (
        "import sys, discord, yarl\n"
        f"discord.http.Route.BASE = {double.api_base!r}\n"
        f"discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL({double.gateway_url!r})\n"
        "from bot.__main__ import main\n"
        f"sys.exit(main(['run', {sharding}]))\n")
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": token,
           "PIAZZA_DB": url, "PIAZZA_READY_FILE": str(ready), "PIAZZA_LOG_FORMAT": "json",
           "PIAZZA_BOT_BUDGET_MS": "50"}
    if log is not None:
        with log.open("wb") as out:  # (the child keeps its own copy of the descriptor)
            return await asyncio.create_subprocess_exec(sys.executable, "-c", script, env=env, cwd=ROOT, stderr=out)
    return await asyncio.create_subprocess_exec(sys.executable, "-c", script, env=env, cwd=ROOT,
                                                stderr=asyncio.subprocess.PIPE)


async def wait_ready(procs: list[asyncio.subprocess.Process], ready: list[Path],
                     timeout: float = SUBPROCESS_SECONDS) -> list[dict]:
    """Each process's heartbeat (written after its first sweep); on a timeout, or as soon as one of
    them exits first, their stderr."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if all(r.exists() for r in ready):
            return [json.loads(r.read_text()) for r in ready]
        if any(p.returncode is not None for p in procs):  # one exited before it was ready: say why now
            break
        await asyncio.sleep(0.05)
    for p in procs:
        if p.returncode is None:
            p.kill()
    raise AssertionError("\n".join([f"exit {await p.wait()}: "
                                     + ((await p.stderr.read()).decode()[-3000:] if p.stderr else "(stderr in its log)")
                                     for p in procs]))


async def stop(procs: list[asyncio.subprocess.Process]) -> list[str]:
    """SIGTERM each; every one exits 0; their stderr."""
    for p in procs:
        p.send_signal(signal.SIGTERM)
    codes = [await asyncio.wait_for(p.wait(), SUBPROCESS_SECONDS) for p in procs]
    errs = [(await p.stderr.read()).decode() for p in procs]  # type: ignore[union-attr]
    assert codes == [0] * len(procs), errs
    return errs


async def play_to_the_end(double: DiscordDouble, reader: GameService, channels: list[Channel]) -> None:
    """The players of every channel's game move in turn (one move per game in each round) until all are over."""
    users = {u.id: u for u in double.users.values()}
    open_ones = list(channels)
    for _ in range(200):
        for channel in list(open_ones):
            if await reader.store.games.open_in(channel.id) is None:
                open_ones.remove(channel)
                continue
            pending = await reader.pending(channel.id)
            uid = sorted(pending)[0]
            res = await double.slash(users[uid], channel, "move", action=pending[uid][0])
            assert res.private, res  # the mover's note: the move was answered
        if not open_ones:
            return
    raise AssertionError("the games did not end")


async def test_two_shards_play_a_guild_each_and_stop_cleanly(double: DiscordDouble, postgres_url: str,
                                                               tmp_path: Path) -> None:
    remote(double)
    first = shard_of(double.guild.id, COUNT)
    other = double.add_guild("Second Server", on_shard=(1 - first, COUNT))
    by_shard = {first: double.guild, 1 - first: other}
    tokens = [f"double-token-{i}" for i in range(COUNT)]
    ready = [tmp_path / f"ready-{i}" for i in range(COUNT)]
    procs = [await start_process(double, postgres_url, ready[i], tokens[i], shard=i) for i in range(COUNT)]
    try:
        beats = await wait_ready(procs, ready)
        assert [b["shards"] for b in beats] == ["0", "1"]
        await double.wait_synced()
        syncs = [r for r in double.requests if r[0] == "PUT" and r[1].endswith("/commands")]
        assert syncs == [("PUT", f"/applications/{double.application_id}/commands")]  # once, globally, by shard 0

        alice, bob = double.user("alice"), double.user("bob")
        channels = [double.channel("games", by_shard[i]) for i in range(COUNT)]
        for channel in channels:
            await open_game(double, channel, [alice, bob], "leonardo", "Leonardo (1988)", OPTIONS)
        store = await Store.open(postgres_url)
        try:
            await play_to_the_end(double, GameService(store), channels)
        finally:
            await store.close()
        for channel in channels:
            assert "🏆" in double.public(channel)[-1].content

        # every interaction went to the process running its guild's shard, and only there (only that
        # process ever held its token, so only it can have answered); each was answered
        assert len(double.interactions) > 10
        for rec in double.interactions.values():
            shard = shard_of(rec.channel.guild_id, COUNT)
            assert rec.delivered_to == ((shard, COUNT), tokens[shard]), rec
            assert rec.response_type is not None and (rec.response_type != 5 or rec.followups), rec
        # and each guild's boards were posted by its own process
        for shard, channel in enumerate(channels):
            posts = [m for m in double.messages.values() if m.channel_id == channel.id and m.via == "channel"]
            assert posts and {m.posted_by for m in posts} == {tokens[shard]}

        errs = await stop(procs)
        assert not any(r.exists() for r in ready)
        for shard, err in enumerate(errs):
            lines = [json.loads(line) for line in err.splitlines() if line.startswith("{")]
            assert lines and all(line["shard"] == str(shard) for line in lines)
            assert any("SIGTERM" in line["message"] for line in lines)
            assert any("set aside from the garbage collector" in line["message"] for line in lines)
            assert not [line for line in lines if line["level"] in ("ERROR", "CRITICAL")], err
    finally:
        for p in procs:
            if p.returncode is None:
                p.kill()
                await p.wait()


async def test_a_bot_killed_mid_move_loses_nothing(double: DiscordDouble, postgres_url: str, tmp_path: Path) -> None:
    remote(double)
    ready = tmp_path / "ready"
    alice, bob, games = double.user("alice"), double.user("bob"), double.channel("games")
    users = {alice.id: alice, bob.id: bob}
    procs = [await start_process(double, postgres_url, ready, "double-token-first")]
    store = await Store.open(postgres_url)
    try:
        await wait_ready(procs, [ready])
        await double.wait_synced()
        await open_game(double, games, [alice, bob], "leonardo", "Leonardo (1988)", OPTIONS)
        reader = GameService(store)
        before = await store.games.open_in(games.id)
        assert before is not None and before.announced == before.version
        pending = await reader.pending(games.id)
        uid = sorted(pending)[0]
        action = pending[uid][0]

        held = double.hold("POST", f"/channels/{games.id}/messages")  # the move's board
        move = asyncio.create_task(double.slash(users[uid], games, "move", action=action))
        await held.arrived()  # the move is stored; its board is on its way: kill the whole bot now
        procs[0].kill()
        assert await procs[0].wait() == -signal.SIGKILL
        held.drop()  # the post dies with the process: the channel never gets it
        move.cancel()  # its follow-up never comes
        with contextlib.suppress(asyncio.CancelledError):
            await move

        row = await store.games.open_in(games.id)
        assert row is not None and row.version == before.version + 1 and row.announced == before.version
        [(item, _, lease)] = await store.claims.held("game")  # the mover's claim: it keeps others off for minutes
        assert item == str(row.id) and datetime.fromisoformat(lease) > datetime.now(UTC) + timedelta(minutes=1)
        posts = len(double.public(games))

        ready.unlink()  # SIGKILL left it behind
        procs.append(await start_process(double, postgres_url, ready, "double-token-second"))
        await wait_ready(procs[1:], [ready])  # after the first sweep
        await double.settle()
        caught_up = double.public(games)[posts:]
        assert len(caught_up) == 1 and caught_up[0].posted_by == "double-token-second" and caught_up[0].images
        after = await store.games.open_in(games.id)
        assert after is not None and (after.version, after.announced) == (row.version, row.version)
        log = await store.log.actions(row.id)
        assert [e.seq for e in log] == list(range(1, row.version + 1))  # nothing lost, nothing doubled
        assert log[-1].seat == before.seat_of(uid)  # the killed move is the last, once
        assert await store.claims.held("game") == []  # taken back by the restarted process, and released

        pending = await reader.pending(games.id)  # play goes on
        uid = sorted(pending)[0]
        res = await double.slash(users[uid], games, "move", action=pending[uid][0])
        assert res.private and res.public and res.public[0].posted_by == "double-token-second"
        assert (await store.games.open_in(games.id)).version == row.version + 1  # type: ignore[union-attr]
        await stop(procs[1:])
    finally:
        await store.close()
        for p in procs:
            if p.returncode is None:
                p.kill()
                await p.wait()


async def test_a_board_discord_took_before_a_kill_is_not_posted_again(double: DiscordDouble, tmp_path: Path) -> None:
    """The bot is SIGKILLed after sending a board and before recording it: Discord made the message.
    The restarted bot sends that effect again with the same nonce (issue 23): Discord returns the
    message it has, so the channel shows that version's board once, and the game is not lagging."""
    remote(double)
    db, ready = str(tmp_path / "piazza.sqlite3"), tmp_path / "ready"
    alice, bob, games = double.user("alice"), double.user("bob"), double.channel("games")
    users = {alice.id: alice, bob.id: bob}
    procs = [await start_process(double, db, ready, "double-token-first")]
    store = await Store.open(db)
    try:
        await wait_ready(procs, [ready])
        await double.wait_synced()
        await open_game(double, games, [alice, bob], "leonardo", "Leonardo (1988)", OPTIONS)
        reader = GameService(store)
        before = await store.games.open_in(games.id)
        assert before is not None
        pending = await reader.pending(games.id)
        uid = sorted(pending)[0]

        held = double.hold("POST", f"/channels/{games.id}/messages", answer=True)  # the move's board, made
        move = asyncio.create_task(double.slash(users[uid], games, "move", action=pending[uid][0]))
        await held.arrived()
        procs[0].kill()
        assert await procs[0].wait() == -signal.SIGKILL
        held.drop()  # Discord took it: the message exists, the dead bot never heard
        move.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await move
        await double.settle()
        version = before.version + 1
        name = f"board-{before.id}-{version}"
        assert sum(name in a.filename for m in double.public(games) for a in m.current.attachments) == 1
        row = await store.games.open_in(games.id)
        assert row is not None and row.version == version and row.announced == before.version  # not recorded

        ready.unlink()  # SIGKILL left it behind
        procs.append(await start_process(double, db, ready, "double-token-second"))
        await wait_ready(procs[1:], [ready])  # after the first sweep, which sent it again
        await double.settle()
        assert sum(name in a.filename for m in double.public(games) for a in m.current.attachments) == 1
        after = await store.games.open_in(games.id)
        assert after is not None and (after.version, after.announced) == (version, version)
        assert await store.games.lagging() == []
        await stop(procs[1:])
    finally:
        await store.close()
        for p in procs:
            if p.returncode is None:
                p.kill()
                await p.wait()
