"""The slash commands about finished games, as one ``commands.Cog``: ``/leaderboard game:`` and ``/stats
[player]`` (``bot.play.leaderboard``), private to the caller, naming people as the server shows them
now (escaped); ``/story`` (``bot.play.stories``), public, for the channel's last finished game. None
pings anyone."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.chat.commands import GAMES
from bot.chat.interactions import channel_of
from bot.chat.records import files_of
from bot.chat.translator import named, words
from bot.chat.views import clip
from bot.play.answers import Post, Refusal
from bot.play.locale import reader

if TYPE_CHECKING:
    from bot.chat.app import PiazzaBot

QUIET = discord.AllowedMentions.none()


def names_in(guild: discord.Guild | None):
    """A player id to the name the server shows now (None for a bot's, or someone who left)."""

    def name_of(player: str) -> str | None:
        if guild is None or not player.isdigit():
            return None
        member = guild.get_member(int(player))
        return None if member is None else member.display_name

    return name_of


class RatingCommands(commands.Cog):
    def __init__(self, bot: PiazzaBot):
        self.bot = bot
        self.service = bot.service

    @app_commands.command(name=named("bot.name.leaderboard"), description=words("bot.command.leaderboard"))
    @app_commands.rename(game=named("bot.name.game"))
    @app_commands.describe(game=words("bot.command.leaderboard_game"))
    @app_commands.choices(game=GAMES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: app_commands.Choice[str]):
        assert interaction.guild_id is not None  # guild_only
        text = await self.service.leaderboard(interaction.guild_id, game.value, interaction.user.id,
                                              names_in(interaction.guild), reader())
        await interaction.response.send_message(clip(text), ephemeral=True, allowed_mentions=QUIET)

    @app_commands.command(name=named("bot.name.stats"), description=words("bot.command.stats"))
    @app_commands.rename(player=named("bot.name.player"))
    @app_commands.describe(player=words("bot.command.stats_player"))
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, player: discord.User | None = None):
        assert interaction.guild_id is not None  # guild_only
        await interaction.response.defer(ephemeral=True, thinking=True)
        text, charts = await self.service.stats(interaction.guild_id, (player or interaction.user).id,
                                                names_in(interaction.guild), reader())
        await interaction.followup.send(clip(text), files=files_of(Post(attachments=charts)), ephemeral=True,
                                        allowed_mentions=QUIET)

    @app_commands.command(name=named("bot.name.story"), description=words("bot.command.story"))
    @app_commands.guild_only()
    async def story(self, interaction: discord.Interaction):
        channel = channel_of(interaction)
        try:
            await self.service.story_game(channel)  # a refusal first, privately
        except Refusal as exc:
            await self.bot.refuse(interaction, str(exc))
            return
        await interaction.response.defer(thinking=True)  # the whole game is judged again (in a worker)
        try:
            post = await self.service.story(channel)
        except Refusal as exc:  # its record no longer plays back (a damaged game)
            await self.bot.refuse(interaction, str(exc))
            return
        await interaction.followup.send(clip(post.public_text or ""), files=files_of(post), allowed_mentions=QUIET)
