"""The record in chat: ``/export`` (the game's JSON file, for the caller alone) and ``/replay``
(the animated image: for the caller alone while the game is played, public once it is over)."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import discord

from bot.chat.interactions import channel_of, user_of
from bot.chat.views import clip
from bot.play.service import Post, Refusal

if TYPE_CHECKING:
    from bot.chat.app import PiazzaBot


def files_of(post: Post) -> list[discord.File]:
    return [discord.File(io.BytesIO(data), filename=name) for name, data in post.attachments]


async def send_export(bot: PiazzaBot, interaction: discord.Interaction) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        post = await bot.service.export(channel_of(interaction), user_of(interaction))
    except Refusal as exc:
        await bot.refuse(interaction, str(exc))
        return
    await interaction.followup.send(clip(post.private_text or ""), files=files_of(post), ephemeral=True)


async def send_replay(bot: PiazzaBot, interaction: discord.Interaction) -> None:
    channel = channel_of(interaction)
    try:
        public = await bot.service.replay_is_public(channel)
    except Refusal as exc:
        await bot.refuse(interaction, str(exc))
        return
    await interaction.response.defer(ephemeral=not public, thinking=True)
    try:
        post = await bot.service.replay_image(channel, user_of(interaction))
    except Refusal as exc:  # its record no longer plays back (a damaged game)
        await bot.refuse(interaction, str(exc))
        return
    text = post.public_text if post.public_text is not None else post.private_text
    await interaction.followup.send(clip(text or ""), files=files_of(post), ephemeral=post.public_text is None)
