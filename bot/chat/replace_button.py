"""The button on an idle notice: "Vote to replace …", a ballot for replacing that seat's player (by the
autopilot's level), as ``/vote replace`` would cast it. A ``DynamicItem`` whose custom id carries the
game and the seat, so it keeps working after a restart."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import discord

from bot.chat.interactions import channel_of, user_of
from bot.play.words import phrase

if TYPE_CHECKING:
    from bot.chat.app import PiazzaBot


class ReplaceButton(discord.ui.DynamicItem[discord.ui.Button], template=r"piazza:replace:(?P<game>\d+):(?P<seat>\d+)"):
    def __init__(self, game_id: int, seat: int, lang: str | None = None):
        super().__init__(discord.ui.Button(label=phrase("bot.replace.button", lang=lang), style=discord.ButtonStyle.secondary,
                                           custom_id=f"piazza:replace:{game_id}:{seat}"))
        self.game_id, self.seat = game_id, seat

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["game"]), int(match["seat"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: PiazzaBot = interaction.client  # type: ignore[assignment]
        call = bot.service.vote_replace_seat(channel_of(interaction), user_of(interaction), self.game_id, self.seat)
        await bot.guarded(interaction, bot.announce(interaction, call))


def replace_view(game_id: int, seat: int, lang: str | None = None) -> discord.ui.View:
    """The idle notice's button, labelled in ``lang`` (the game's: the notice is public)."""
    view = discord.ui.View(timeout=None)
    view.add_item(ReplaceButton(game_id, seat, lang))
    return view
