"""Undo in chat: the /undo command's flow and the button in the mover's private reply.

The button's custom id carries the game id (a ``DynamicItem``), so it keeps working after a
restart; the service decides everything (``GameService.undo``) and refuses privately.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import discord

from bot.chat.interactions import channel_of, user_of
from bot.play.service import Refusal
from bot.play.words import phrase

if TYPE_CHECKING:
    from bot.chat.app import PiazzaBot


async def take_back(bot: PiazzaBot, interaction: discord.Interaction, expected_game: int | None = None) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        post = await bot.service.undo(channel_of(interaction), user_of(interaction), expected_game=expected_game)
    except Refusal as exc:
        await bot.refuse(interaction, str(exc))
        return
    if post.unposted is not None:
        post.private_text = (post.private_text or "") + " " + phrase("bot.chat.unposted", why=post.unposted)
    await bot.send_private(interaction, post)


class UndoButton(discord.ui.DynamicItem[discord.ui.Button], template=r"piazza:undo:(?P<game>\d+)"):
    """In the mover's private reply after a move: takes that move back, if it still may be."""

    def __init__(self, game_id: int):
        super().__init__(discord.ui.Button(label=phrase("bot.undo.button"), style=discord.ButtonStyle.secondary,
                                           custom_id=f"piazza:undo:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: PiazzaBot = interaction.client  # type: ignore[assignment]
        await bot.guarded(interaction, take_back(bot, interaction, expected_game=self.game_id))
