"""What can go wrong delivering to Discord, and how a player is told."""

from __future__ import annotations

import aiohttp
import discord

from bot.play.words import phrase

DELIVERY_ERRORS = (TimeoutError, discord.HTTPException, aiohttp.ClientError, OSError)  # Discord refused or unreachable


def why_unposted(exc: BaseException) -> str:
    """What a player is told when their board did not reach the channel."""
    if isinstance(exc, discord.Forbidden):
        return phrase("bot.chat.forbidden")
    if isinstance(exc, discord.NotFound):
        return phrase("bot.chat.not_found")
    if isinstance(exc, discord.HTTPException):
        return phrase("bot.chat.refused", status=exc.status, reason=exc.text or phrase("bot.chat.no_reason"))
    return phrase("bot.chat.unreachable")
