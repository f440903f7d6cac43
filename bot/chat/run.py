"""Start the real bot: configuration from environment variables only.

Every way start-up can fail prints ONE line on stderr (``error: …``) and a status:
2 for something the operator must fix (token missing or refused, a bad setting, a bad
data file, a database that cannot be opened), 1 when Discord cannot be reached or
answers with an error (worth retrying later). Discord's own log lines come before it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import sqlite3
import sys

import aiohttp
import asyncpg
import discord

from bot.store.postgres import redacted
from engines.core import quote

ENV_TOKEN = "DISCORD_TOKEN"
ENV_GUILD = "PIAZZA_GUILD_ID"
REASON_LIMIT = 300
STOP_GRACE_SECONDS = 20.0  # SIGTERM: how long moves under way may take to finish (systemd waits 90 s)

# What a login or a first gateway connection raises when the network or Discord is not
# there (aiohttp's connection errors are OSErrors too).
UNREACHABLE = (OSError, aiohttp.ClientError, asyncio.TimeoutError, discord.GatewayNotFound)


class CannotStart(Exception):
    """A start-up failure already worded for the operator, with the exit status."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


def reason(exc: BaseException) -> str:
    """An exception as one short line (its class name when it has no message)."""
    return quote(str(exc) or type(exc).__name__, REASON_LIMIT)


def fail(message: str, status: int = 2) -> int:
    print(f"error: {message}", file=sys.stderr)
    return status


def _no_voice_warnings(record: logging.LogRecord) -> bool:
    """The bot never joins voice: discord.py's warnings about missing voice libraries are noise."""
    return "voice will NOT be supported" not in record.getMessage()


def run(shard_count: str | None = None, shard_ids: str | None = None) -> int:
    """``shard_count``/``shard_ids``: the command line's ``--shard-count``/``--shard-ids`` (else
    ``PIAZZA_SHARD_COUNT``/``PIAZZA_SHARD_IDS``; neither: unsharded)."""
    token = os.environ.get(ENV_TOKEN, "").strip()
    if not token:
        return fail(f"set {ENV_TOKEN} to your bot's token (Discord developer portal → Bot → Token).")
    guild_text = os.environ.get(ENV_GUILD, "").strip()
    try:
        guild_id = int(guild_text) if guild_text else None
    except ValueError:
        return fail(f"{ENV_GUILD} must be a server id (a number), not {quote(guild_text)!r}.")
    from bot.chat.shards import parse_shards
    from bot.play.bots import budget_from_env
    from bot.play.lobby import LobbyCaps
    from bot.play.registry import titles
    from bot.play.workers import workers_from_env
    from bot.store import default_target
    from bot.web.server import address_from_env
    from engines.core import DataError

    try:
        budget_from_env()
        workers_from_env()
        LobbyCaps.from_env()
        shards = parse_shards(shard_count, shard_ids)
        web = address_from_env()
    except ValueError as exc:
        return fail(str(exc))

    try:
        titles()  # every title's data, loaded and validated before any network
    except DataError as exc:
        return fail(str(exc))
    db = default_target()  # a SQLite file, or a PostgreSQL URL (checked when it is opened)
    if not isinstance(db, str) and not db.parent.is_dir():
        return fail(f"cannot open the database {db}: the folder {db.parent} does not exist.")
    try:
        return asyncio.run(_main(token, guild_id, shards, web))
    except discord.LoginFailure:
        return fail(f"Discord refused the token in {ENV_TOKEN}; copy it again from the developer portal.")
    except CannotStart as exc:
        return fail(str(exc), exc.status)
    except KeyboardInterrupt:
        return 0


async def _main(token: str, guild_id: int | None, shards=None, web=None) -> int:
    from bot.chat.app import create_bot
    from bot.chat.operations import Heartbeat, setup_logging
    from bot.play.collector import set_startup_aside
    from bot.play.service import GameService
    from bot.play.thinking import shared
    from bot.play.workers import shutdown_shared
    from bot.store import SchemaTooNew, Store, default_target

    shard_text = "-" if shards is None else ",".join(map(str, shards.ids))
    setup_logging(shard_text)
    logging.getLogger("discord.client").addFilter(_no_voice_warnings)
    try:
        store = await Store.open()
    except (sqlite3.Error, asyncpg.PostgresError, OSError, SchemaTooNew) as exc:
        raise CannotStart(f"cannot open the database {redacted(default_target())}: {reason(exc)}", 2) from exc
    service = None
    try:
        service = GameService(store)
        await service.warm_up()  # every pool started and warm (bot.play.workers, bot.play.thinking), before login
        bot = create_bot(service, guild_id=guild_id, shards=shards)
        set_startup_aside()  # the loop's longest pauses were full collections walking start-up's objects
        bot.heartbeat = Heartbeat.from_env(shard_text)
        loop = asyncio.get_running_loop()
        loop.add_signal_handler(signal.SIGTERM, lambda: loop.create_task(_stop(bot, service)))
        async with contextlib.AsyncExitStack() as stack:
            if web is not None:  # the live page and the operators' endpoints (bot.web)
                await stack.enter_async_context(_web(bot, service, store, web))
            await _connected(bot, token)
    finally:  # (bot.close stopped the watcher and the dispatcher first) the pools, then the database
        if service is not None:
            service.close_pools()
        shared().shutdown()  # the process's own pools, if anything else made them
        shutdown_shared()
        await store.close()
    return 0


@contextlib.asynccontextmanager
async def _web(bot, service, store, address):
    from bot.web.server import make_app, serving

    bot.web_url = address.base_url
    app = make_app(store, service.spectators, service.workers, lambda: bot.is_ready() and not bot.is_closed())
    site = serving(app, address.host, address.port)
    try:
        await site.__aenter__()
    except OSError as exc:  # the port is taken, or the address is not this machine's
        raise CannotStart(f"cannot serve the web page on {address.host}:{address.port}: {reason(exc)}", 2) from exc
    try:
        yield
    finally:
        await site.__aexit__(None, None, None)


async def _connected(bot, token: str) -> None:
    async with bot:
        try:
            await bot.start(token)
        except UNREACHABLE as exc:
            raise CannotStart(f"cannot reach Discord: {reason(exc)}", 1) from exc
        except discord.HTTPException as exc:
            raise CannotStart(f"Discord answered with an error: {reason(exc)}", 1) from exc


async def _stop(bot, service) -> None:
    """SIGTERM, in one order: let the moves under way finish (their boards posted), then ``bot.close``
    stops the watcher (its sweep under way finishes) and drains the dispatcher (bounded), then
    disconnects; ``_main`` closes the pools, then the store. A move that arrives meanwhile is whole or
    absent (one transaction), and whatever was not delivered stays in the outbox for the next start."""
    logging.getLogger("piazza").info("SIGTERM: finishing the moves under way, then stopping")
    await service.drain(STOP_GRACE_SECONDS)
    await bot.close()
