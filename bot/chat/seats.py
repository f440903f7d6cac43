"""The slash commands about waiting and seats changing hands, as one ``commands.Cog``: /notify,
/mygames, /vote replace, /takeover, /back and /away. Each calls the game service (``bot.play.clock``,
``bot.play.notify``, ``bot.play.replace``) and answers; refusals and personal answers are private."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.chat.interactions import channel_of, user_of
from bot.chat.translator import named, words
from bot.chat.views import clip
from bot.play.replace import OUTCOME_WORDS, OUTCOMES

if TYPE_CHECKING:
    from bot.chat.app import PiazzaBot

ON_OFF = [app_commands.Choice(name=words("bot.choice.on"), value="on"),
          app_commands.Choice(name=words("bot.choice.off"), value="off")]
BY = [app_commands.Choice(name=words(OUTCOME_WORDS[o]), value=o) for o in OUTCOMES]


class SeatCommands(commands.Cog):
    def __init__(self, bot: PiazzaBot):
        self.bot = bot
        self.service = bot.service

    @app_commands.command(name=named("bot.name.notify"), description=words("bot.command.notify"))
    @app_commands.rename(dm=named("bot.name.dm"))
    @app_commands.describe(dm=words("bot.command.notify_dm"))
    @app_commands.choices(dm=ON_OFF)
    async def notify(self, interaction: discord.Interaction, dm: app_commands.Choice[str]):
        text = await self.service.set_notify(user_of(interaction), dm.value == "on")
        await interaction.response.send_message(clip(text), ephemeral=True)

    @app_commands.command(name=named("bot.name.mygames"), description=words("bot.command.mygames"))
    @app_commands.guild_only()
    async def mygames(self, interaction: discord.Interaction):
        text = await self.service.my_games(interaction.guild_id, user_of(interaction))
        await interaction.response.send_message(clip(text), ephemeral=True)

    votes = app_commands.Group(name=named("bot.name.vote"), description=words("bot.command.vote"),
                               guild_only=True)

    @votes.command(name=named("bot.name.replace"), description=words("bot.command.vote_replace"))
    @app_commands.rename(player=named("bot.name.player"), by=named("bot.name.by"))
    @app_commands.describe(player=words("bot.command.vote_replace_player"), by=words("bot.command.vote_replace_by"))
    @app_commands.choices(by=BY)
    async def vote_replace(self, interaction: discord.Interaction, player: discord.User,
                           by: app_commands.Choice[str] | None = None):
        call = self.service.vote_replace(channel_of(interaction), user_of(interaction), player.id,
                                         by.value if by else None)
        await self.bot.announce(interaction, call)

    @app_commands.command(name=named("bot.name.takeover"), description=words("bot.command.takeover"))
    @app_commands.guild_only()
    async def takeover(self, interaction: discord.Interaction):
        await self.bot.announce(interaction, self.service.take_over(channel_of(interaction), user_of(interaction)))

    @app_commands.command(name=named("bot.name.back"), description=words("bot.command.back"))
    @app_commands.guild_only()
    async def back(self, interaction: discord.Interaction):
        await self.bot.announce(interaction, self.service.back(channel_of(interaction), user_of(interaction)))

    @app_commands.command(name=named("bot.name.away"), description=words("bot.command.away"))
    @app_commands.rename(hours=named("bot.name.hours"))
    @app_commands.describe(hours=words("bot.command.away_hours"))
    @app_commands.guild_only()
    async def away(self, interaction: discord.Interaction, hours: int):
        await self.bot.announce(interaction,
                                self.service.away(channel_of(interaction), user_of(interaction), hours))
