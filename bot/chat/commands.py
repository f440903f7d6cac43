"""The slash commands, as one ``commands.Cog``: each reads what the user asked, calls the game
service through the bot's shared flows (``PiazzaBot.announce``, ``show_board``, ``play``,
``send_hand``) and answers. Descriptions are catalog words (``bot.command.*``); the game choices
are the registry's titles (read when this module is imported, after ``run`` has checked the data).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.chat.interactions import channel_of, user_of
from bot.chat.lobby import open_place
from bot.chat.records import send_export, send_replay
from bot.chat.translator import named, words
from bot.chat.undo import take_back
from bot.chat.views import clip
from bot.play import registry
from bot.play.bots import LEVELS as BOT_LEVELS
from bot.play.locale import game_default
from bot.play.service import HINT, Refusal
from bot.play.words import phrase

if TYPE_CHECKING:
    from bot.chat.app import PiazzaBot

log = logging.getLogger("piazza")

GAMES = [app_commands.Choice(name=t.engine.title, value=k) for k, t in registry.titles().items()]
LEVEL_WORDS = {"random": "bot.level.random", "greedy": "bot.level.greedy", "mcts": "bot.level.mcts"}
LEVELS = [app_commands.Choice(name=words(LEVEL_WORDS[level]), value=level) for level in BOT_LEVELS]
LANGS = [app_commands.Choice(name=words("bot.language.en"), value="en"),
         app_commands.Choice(name=words("bot.language.pt_br"), value="pt-BR"),
         app_commands.Choice(name=words("bot.language.it"), value="it")]


def can_view(interaction: discord.Interaction, channel_id: int) -> bool:
    """Whether the caller may see this channel of the server (its threads follow their parent)."""
    guild = interaction.guild
    channel = guild.get_channel_or_thread(channel_id) if guild is not None else None
    member = interaction.user
    if channel is None or not isinstance(member, discord.Member):
        return False
    return channel.permissions_for(member).view_channel


class Commands(commands.Cog):
    def __init__(self, bot: PiazzaBot):
        self.bot = bot
        self.service = bot.service

    @app_commands.command(name=named("bot.name.new"), description=words("bot.command.new"))
    @app_commands.rename(game=named("bot.name.game"), options=named("bot.name.options"), lang=named("bot.name.lang"))
    @app_commands.describe(game=words("bot.command.new_game"), options=words("bot.command.new_options"),
                           lang=words("bot.command.new_lang"))
    @app_commands.choices(game=GAMES, lang=LANGS)
    @app_commands.guild_only()
    async def new(self, interaction: discord.Interaction, game: app_commands.Choice[str], options: str | None = None,
                  lang: app_commands.Choice[str] | None = None):
        language = lang.value if lang is not None else game_default(interaction.guild_locale)
        await open_place(self.bot, interaction, game.value, options, language)

    @app_commands.command(name=named("bot.name.join"), description=words("bot.command.join"))
    @app_commands.guild_only()
    async def join(self, interaction: discord.Interaction):
        await self.bot.announce(interaction, self.service.join(channel_of(interaction), user_of(interaction)),
                                lobby=True)

    @app_commands.command(name=named("bot.name.leave"), description=words("bot.command.leave"))
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction):
        await self.bot.announce(interaction, self.service.leave(channel_of(interaction), user_of(interaction)),
                                lobby=True)

    bots = app_commands.Group(name=named("bot.name.bot"), description=words("bot.command.bot"), guild_only=True)

    @bots.command(name=named("bot.name.add"), description=words("bot.command.bot_add"))
    @app_commands.rename(level=named("bot.name.level"))
    @app_commands.describe(level=words("bot.command.bot_add_level"))
    @app_commands.choices(level=LEVELS)
    async def bot_add(self, interaction: discord.Interaction, level: app_commands.Choice[str]):
        await self.bot.announce(interaction,
                                self.service.add_bot(channel_of(interaction), user_of(interaction), level.value),
                                lobby=True)

    @bots.command(name=named("bot.name.remove"), description=words("bot.command.bot_remove"))
    @app_commands.rename(name=named("bot.name.bot_name"))
    @app_commands.describe(name=words("bot.command.bot_remove_name"))
    async def bot_remove(self, interaction: discord.Interaction, name: str | None = None):
        await self.bot.announce(interaction,
                                self.service.remove_bot(channel_of(interaction), user_of(interaction), name),
                                lobby=True)

    @app_commands.command(name=named("bot.name.start"), description=words("bot.command.start"))
    @app_commands.guild_only()
    async def start(self, interaction: discord.Interaction):
        await self.bot.show_board(interaction, self.service.start(channel_of(interaction), user_of(interaction)),
                                  phrase("bot.chat.started"), lobby=True)

    @app_commands.command(name=named("bot.name.move"), description=words("bot.command.move"))
    @app_commands.rename(action=named("bot.name.action"))
    @app_commands.describe(action=words("bot.command.move_action"))
    @app_commands.guild_only()
    async def move(self, interaction: discord.Interaction, action: str):
        await self.bot.play(interaction, action)

    @move.autocomplete("action")
    async def move_autocomplete(self, interaction: discord.Interaction, current: str):
        try:
            choices = await self.service.suggest(channel_of(interaction), user_of(interaction), current)
        except Refusal:
            return []
        except Exception:  # discord.py would only log it, and the list would fail to load
            log.exception("autocomplete failed for interaction %s", interaction.id)
            return [app_commands.Choice(name=clip(phrase("bot.hint.failed"), 100), value=HINT)]
        return [app_commands.Choice(name=clip(c.label or c.notation, 100), value=clip(c.notation, 100))
                for c in choices]

    @app_commands.command(name=named("bot.name.hint"), description=words("bot.command.hint"))
    @app_commands.guild_only()
    async def hint(self, interaction: discord.Interaction):
        await interaction.response.defer(ephemeral=True, thinking=True)  # the helper thinks up to a second
        try:
            post = await self.service.hint(channel_of(interaction), user_of(interaction))
        except Refusal as exc:
            await self.bot.refuse(interaction, str(exc))
            return
        await self.bot.send_private(interaction, post)

    @app_commands.command(name=named("bot.name.undo"), description=words("bot.undo.command"))
    @app_commands.guild_only()
    async def undo(self, interaction: discord.Interaction):
        await take_back(self.bot, interaction)

    @app_commands.command(name=named("bot.name.export"), description=words("bot.record.export_command"))
    @app_commands.guild_only()
    async def export(self, interaction: discord.Interaction):
        await send_export(self.bot, interaction)

    @app_commands.command(name=named("bot.name.replay"), description=words("bot.replays.command"))
    @app_commands.guild_only()
    async def replay(self, interaction: discord.Interaction):
        await send_replay(self.bot, interaction)

    @app_commands.command(name=named("bot.name.board"), description=words("bot.command.board"))
    @app_commands.guild_only()
    async def board(self, interaction: discord.Interaction):
        await self.bot.show_board(interaction, self.service.board(channel_of(interaction)),
                                  phrase("bot.chat.board_posted"))

    @app_commands.command(name=named("bot.name.hand"), description=words("bot.command.hand"))
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction):
        await self.bot.send_hand(interaction)

    @app_commands.command(name=named("bot.name.log"), description=words("bot.command.log"))
    @app_commands.guild_only()
    async def log_(self, interaction: discord.Interaction):
        try:
            text = await self.service.log(channel_of(interaction))
        except Refusal as exc:
            await self.bot.refuse(interaction, str(exc))
            return
        await interaction.response.send_message(clip(text), ephemeral=True)

    @app_commands.command(name=named("bot.name.abort"), description=words("bot.command.abort"))
    @app_commands.guild_only()
    async def abort(self, interaction: discord.Interaction):
        perms = interaction.permissions
        is_manager = perms.manage_channels or perms.manage_guild
        await self.bot.announce(interaction,
                                self.service.abort(channel_of(interaction), user_of(interaction), is_manager),
                                lobby=True)

    web = app_commands.Group(name=named("bot.name.web"), description=words("bot.command.web"), guild_only=True)

    @web.command(name=named("bot.name.web_link"), description=words("bot.command.web_link"))
    async def web_link(self, interaction: discord.Interaction):
        await self._web(interaction, reset=False)

    @web.command(name=named("bot.name.web_reset"), description=words("bot.command.web_reset"))
    async def web_reset(self, interaction: discord.Interaction):
        await self._web(interaction, reset=True)

    async def _web(self, interaction: discord.Interaction, reset: bool) -> None:
        """The game's page address, privately; reset: a new one, said in the channel (bot.web)."""
        if self.bot.web_url is None:
            await self.bot.refuse(interaction, phrase("bot.web.off"))
            return
        perms = interaction.permissions
        try:
            token = await self.service.spectators.channel_address(
                channel_of(interaction), reset, perms.manage_channels or perms.manage_guild)
        except Refusal as exc:
            await self.bot.refuse(interaction, str(exc))
            return
        url = f"{self.bot.web_url}/g/{token}"
        if reset:
            await interaction.response.send_message(phrase("bot.web.reset_done", url=url))
        else:
            await interaction.response.send_message(phrase("bot.web.link", url=url), ephemeral=True)

    @app_commands.command(name=named("bot.name.games"), description=words("bot.command.games"))
    @app_commands.guild_only()
    async def games(self, interaction: discord.Interaction):
        rows = [g for g in await self.service.games(interaction.guild_id) if can_view(interaction, g.channel_id)]
        if not rows:
            await interaction.response.send_message(phrase("bot.chat.no_games"), ephemeral=True)
            return
        lines = []
        for g in rows:
            waiting = " ".join(f"<@{u}>" for u in g.waiting_for)
            if waiting:
                state = phrase("bot.chat.game_waiting", mentions=waiting)
            else:
                state = phrase("bot.chat.game_lobby" if g.status == "lobby" else "bot.chat.game_active")
            lines.append(phrase("bot.chat.game_line", channel=g.channel_id, title=g.title, names=", ".join(g.names),
                                state=state))
        await interaction.response.send_message(clip("\n".join(lines)), ephemeral=True)

    @app_commands.command(name=named("bot.name.help"), description=words("bot.command.help"))
    @app_commands.rename(game=named("bot.name.game"))
    @app_commands.describe(game=words("bot.command.help_game"))
    @app_commands.choices(game=GAMES)
    async def help_(self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None):
        first, *more = self.service.help_pages(game.value if game else None)
        await interaction.response.send_message(embed=discord.Embed(title=phrase("bot.help.title"), description=first),
                                                ephemeral=True)
        for page in more:  # a help longer than one embed: the rest, in order (none today)
            await interaction.followup.send(embed=discord.Embed(description=page), ephemeral=True)
