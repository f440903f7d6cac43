"""Start the real bot: configuration from environment variables only."""

from __future__ import annotations

import asyncio
import os
import sys

import discord

ENV_TOKEN = "DISCORD_TOKEN"
ENV_GUILD = "PIAZZA_GUILD_ID"


def run() -> int:
    token = os.environ.get(ENV_TOKEN, "").strip()
    if not token:
        print(f"error: set {ENV_TOKEN} to your bot's token (Discord developer portal → Bot → Token).", file=sys.stderr)
        return 2
    guild_text = os.environ.get(ENV_GUILD, "").strip()
    try:
        guild_id = int(guild_text) if guild_text else None
    except ValueError:
        print(f"error: {ENV_GUILD} must be a server id (a number), not {guild_text!r}.", file=sys.stderr)
        return 2
    from bot.registry import titles
    from engines.core import DataError

    try:
        titles()  # load every game's data now: a bad data file stops start-up with its name
    except DataError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        return asyncio.run(_main(token, guild_id))
    except discord.LoginFailure:
        print(f"error: Discord refused the token in {ENV_TOKEN}; copy it again from the developer portal.",
              file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 0


async def _main(token: str, guild_id: int | None) -> int:
    from bot.discord_app import create_bot
    from bot.service import GameService
    from bot.store import Store

    discord.utils.setup_logging()
    store = await Store.open()
    try:
        bot = create_bot(GameService(store), guild_id=guild_id)
        async with bot:
            await bot.start(token)
    finally:
        await store.close()
    return 0
