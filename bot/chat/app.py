"""The thin discord.py layer: slash commands, a persistent button and a move menu.

No game logic here: every callback reads what the user asked, calls the game service,
and delivers the ``Post`` it returns (private content as ephemeral replies). Public boards
go out through ``PiazzaBot.publish``, which the service calls itself (``bot.play.outbox``), so a
board Discord refused is posted again later. Slow work is deferred first (Discord allows 3
seconds). Every interaction ends with an answer: an unexpected error gets a short apology
and one logged traceback. A post pings exactly the users it names as owing a decision.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from bot.chat.views import (
    MENU_LIMIT,
    LegacyMovePicker,
    MovePicker,
    TurnButton,
    clip,
    private_view,
    turn_view,
)
from bot.play import registry
from bot.play.outbox import Unposted
from bot.play.service import HINT, GameService, Post, Refusal, User
from bot.play.words import phrase

log = logging.getLogger("piazza")

DEADLINE_POLL_SECONDS = 60
DELIVERY_ERRORS = (TimeoutError, discord.HTTPException, aiohttp.ClientError, OSError)  # Discord refused or unreachable


def user_of(interaction: discord.Interaction) -> User:
    return User(interaction.user.id, interaction.user.display_name)


def mention_line(post: Post) -> str:
    if not post.mentions:
        return ""
    return "\n" + phrase("bot.board.your_move", mentions=" ".join(f"<@{u}>" for u in post.mentions))


def board_file(post: Post) -> discord.File | None:
    if post.board_png is None:
        return None
    return discord.File(io.BytesIO(post.board_png), filename=f"board-{post.game_id}-{post.version}.png")


def pings(post: Post) -> discord.AllowedMentions:
    """Exactly the users the post asks for a decision; never roles, @everyone or anyone named."""
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(id=u) for u in post.mentions])


def why_unposted(exc: BaseException) -> str:
    """What a player is told when their board did not reach the channel."""
    if isinstance(exc, discord.Forbidden):
        return phrase("bot.chat.forbidden")
    if isinstance(exc, discord.NotFound):
        return phrase("bot.chat.not_found")
    if isinstance(exc, discord.HTTPException):
        return phrase("bot.chat.refused", status=exc.status, reason=exc.text or phrase("bot.chat.no_reason"))
    return phrase("bot.chat.unreachable")


class PiazzaBot(commands.Bot):
    def __init__(self, service: GameService, guild_id: int | None = None,
                 deadline_poll_seconds: float = DEADLINE_POLL_SECONDS):
        intents = discord.Intents.none()
        intents.guilds = True  # no privileged intents
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         allowed_mentions=discord.AllowedMentions.none())  # a send that names nobody pings nobody
        self.service = service
        service.publisher = self.publish
        self.guild_id = guild_id
        self.deadline_poll_seconds = deadline_poll_seconds
        self._watch_task: asyncio.Task | None = None
        add_commands(self)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(TurnButton, MovePicker, LegacyMovePicker)
        if self.guild_id:
            guild = discord.Object(id=self.guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        self._watch_task = asyncio.create_task(self._watch())

    async def close(self) -> None:
        if self._watch_task is not None:
            self._watch_task.cancel()
        await super().close()

    # --- delivery -------------------------------------------------------------
    async def publish(self, channel_id: int, post: Post) -> None:
        """The service's publisher: post a board to its channel, or raise Unposted saying why."""
        try:
            channel = self.get_channel(channel_id) or await self.fetch_channel(channel_id)
            await channel.send(
                content=clip((post.public_text or "") + mention_line(post)),
                file=board_file(post) or discord.utils.MISSING,
                view=turn_view(post) or discord.utils.MISSING,
                allowed_mentions=pings(post),
            )
        except DELIVERY_ERRORS as exc:
            log.warning("could not post to channel %s: %s", channel_id, exc)
            raise Unposted(why_unposted(exc)) from exc

    async def send_private(self, interaction: discord.Interaction, post: Post, header: str = "") -> None:
        text = "\n".join(t for t in (header, post.private_text) if t) or phrase("bot.play.done")
        if len(post.choices) > MENU_LIMIT:
            text += "\n" + phrase("bot.play.menu_cut", shown=MENU_LIMIT, count=len(post.choices))
        files = []
        if post.private_png is not None:
            files.append(discord.File(io.BytesIO(post.private_png), filename="hand.png"))
        await interaction.followup.send(
            clip(text), files=files, view=private_view(post) or discord.utils.MISSING, ephemeral=True
        )

    async def refuse(self, interaction: discord.Interaction, reason: str) -> None:
        if interaction.response.is_done():
            await interaction.followup.send(clip(reason), ephemeral=True)
        else:
            await interaction.response.send_message(clip(reason), ephemeral=True)

    async def apologize(self, interaction: discord.Interaction, error: BaseException) -> None:
        """The one answer to an unexpected error: a traceback in the log, a short apology."""
        log.error("interaction %s failed", interaction.id, exc_info=error)
        try:
            await self.refuse(interaction, phrase("bot.chat.apology"))
        except DELIVERY_ERRORS as exc:
            log.warning("could not apologize for interaction %s: %s", interaction.id, exc)

    async def guarded(self, interaction: discord.Interaction, work: Awaitable[None]) -> None:
        """Run a button's or menu's work; an unexpected error still ends with an answer."""
        try:
            await work
        except Exception as exc:
            await self.apologize(interaction, exc)

    # --- shared flows -----------------------------------------------------------
    async def announce(self, interaction: discord.Interaction, call: Awaitable[Post]) -> None:
        """Quick lobby calls: the service's public text is the reply; a refusal stays private."""
        try:
            post = await call
        except Refusal as exc:
            await self.refuse(interaction, str(exc))
            return
        await interaction.response.send_message(clip(post.public_text))

    async def show_board(self, interaction: discord.Interaction, call: Awaitable[Post], ack: str) -> None:
        """Slow calls that end in a public board (which the service posts): deferred privately,
        so a refusal stays private; the caller gets a short note."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            post = await call
        except Refusal as exc:
            await self.refuse(interaction, str(exc))
            return
        if post.version is None:  # a lobby: its text, not a board, so not the outbox's
            try:
                await self.publish(interaction.channel_id, post)
            except Unposted as exc:
                post.unposted = str(exc)
        if post.unposted is not None:
            ack = phrase("bot.chat.unposted", why=post.unposted)
        await interaction.followup.send(clip(ack), ephemeral=True)

    async def play(self, interaction: discord.Interaction, text: str, expected_game: int | None = None,
                   **expected) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            if expected_game is not None:
                await self._check_game(interaction, expected_game)
            post = await self.service.act(interaction.channel_id, user_of(interaction), text, **expected)
        except Refusal as exc:
            await self.refuse(interaction, str(exc))
            return
        header = phrase("bot.play.played", move=text)
        if post.unposted is not None:
            header += " " + phrase("bot.chat.unposted", why=post.unposted)
        await self.send_private(interaction, post, header=header)

    async def send_hand(self, interaction: discord.Interaction, expected_game: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            if expected_game is not None:
                await self._check_game(interaction, expected_game)
            post = await self.service.hand(interaction.channel_id, user_of(interaction))
        except Refusal as exc:
            await self.refuse(interaction, str(exc))
            return
        await self.send_private(interaction, post)

    async def _check_game(self, interaction: discord.Interaction, game_id: int) -> None:
        current = await self.service.store.open_game_in(interaction.channel_id)
        if current is None or current.id != game_id:
            raise Refusal(phrase("bot.play.button_ended"))

    async def _watch(self) -> None:
        """At start-up and then every poll: games past their deadline end, and boards that
        channels missed (a failed post, a crash right after a move) are posted."""
        await self.wait_until_ready()
        while not self.is_closed():
            try:
                await self.service.sweep()
            except Exception:  # keep watching
                log.exception("the sweep failed")
            await asyncio.sleep(self.deadline_poll_seconds)


def can_view(interaction: discord.Interaction, channel_id: int) -> bool:
    """Whether the caller may see this channel of the server (its threads follow their parent)."""
    guild = interaction.guild
    channel = guild.get_channel_or_thread(channel_id) if guild is not None else None
    member = interaction.user
    if channel is None or not isinstance(member, discord.Member):
        return False
    return channel.permissions_for(member).view_channel


def add_commands(bot: PiazzaBot) -> None:
    service = bot.service
    tree = bot.tree
    game_choices = [app_commands.Choice(name=t.engine.title, value=k) for k, t in registry.titles().items()]

    @tree.command(name="new", description="Open a new game in this channel (one game per channel or thread).")
    @app_commands.describe(game="Which game", options="Options as name=value pairs, e.g. layout=rome")
    @app_commands.choices(game=game_choices)
    @app_commands.guild_only()
    async def new(interaction: discord.Interaction, game: app_commands.Choice[str], options: str | None = None):
        user = user_of(interaction)
        await bot.announce(interaction, service.create(interaction.guild_id, interaction.channel_id, user,
                                                       game.value, options))

    @tree.command(name="join", description="Take a seat in the game waiting in this channel.")
    @app_commands.guild_only()
    async def join(interaction: discord.Interaction):
        await bot.announce(interaction, service.join(interaction.channel_id, user_of(interaction)))

    @tree.command(name="leave", description="Give up your seat before the game starts.")
    @app_commands.guild_only()
    async def leave(interaction: discord.Interaction):
        await bot.announce(interaction, service.leave(interaction.channel_id, user_of(interaction)))

    @tree.command(name="start", description="Start the game with the players seated now.")
    @app_commands.guild_only()
    async def start(interaction: discord.Interaction):
        await bot.show_board(interaction, service.start(interaction.channel_id, user_of(interaction)),
                             phrase("bot.chat.started"))

    @tree.command(name="move", description="Play your move; the list shows your legal moves as you type.")
    @app_commands.describe(action="Your move in the game's notation (see /help)")
    @app_commands.guild_only()
    async def move(interaction: discord.Interaction, action: str):
        await bot.play(interaction, action)

    @move.autocomplete("action")
    async def move_autocomplete(interaction: discord.Interaction, current: str):
        try:
            choices = await service.suggest(interaction.channel_id, user_of(interaction), current)
        except Refusal:
            return []
        except Exception:  # discord.py would only log it, and the list would fail to load
            log.exception("autocomplete failed for interaction %s", interaction.id)
            return [app_commands.Choice(name=clip(phrase("bot.hint.failed"), 100), value=HINT)]
        return [app_commands.Choice(name=clip(c.label, 100), value=clip(c.notation, 100)) for c in choices]

    @tree.command(name="board", description="Show the current board of this channel's game.")
    @app_commands.guild_only()
    async def board(interaction: discord.Interaction):
        await bot.show_board(interaction, service.board(interaction.channel_id),
                             phrase("bot.chat.board_posted"))

    @tree.command(name="hand", description="Privately see your hand and your legal moves.")
    @app_commands.guild_only()
    async def hand(interaction: discord.Interaction):
        await bot.send_hand(interaction)

    @tree.command(name="log", description="The public record of the last moves (only you see it).")
    @app_commands.guild_only()
    async def log_(interaction: discord.Interaction):
        try:
            text = await service.log(interaction.channel_id)
        except Refusal as exc:
            await bot.refuse(interaction, str(exc))
            return
        await interaction.response.send_message(clip(text), ephemeral=True)

    @tree.command(name="abort", description="End this channel's game without scores (its opener or a manager).")
    @app_commands.guild_only()
    async def abort(interaction: discord.Interaction):
        perms = interaction.permissions
        is_manager = perms.manage_channels or perms.manage_guild
        await bot.announce(interaction, service.abort(interaction.channel_id, user_of(interaction), is_manager))

    @tree.command(name="games", description="List the open games in this server that you can see.")
    @app_commands.guild_only()
    async def games(interaction: discord.Interaction):
        rows = [g for g in await service.games(interaction.guild_id) if can_view(interaction, g.channel_id)]
        if not rows:
            await interaction.response.send_message(phrase("bot.chat.no_games"), ephemeral=True)
            return
        lines = []
        for g in rows:
            waiting = " ".join(f"<@{u}>" for u in g.waiting_for)
            state = phrase("bot.chat.game_waiting", mentions=waiting) if waiting else g.status
            lines.append(phrase("bot.chat.game_line", channel=g.channel_id, title=g.title, names=", ".join(g.names),
                                state=state))
        await interaction.response.send_message(clip("\n".join(lines)), ephemeral=True)

    @tree.command(name="help", description="How to play: commands and move notation.")
    @app_commands.describe(game="Which game (all if omitted)")
    @app_commands.choices(game=game_choices)
    async def help_(interaction: discord.Interaction, game: app_commands.Choice[str] | None = None):
        text = service.help_text(game.value if game else None)
        intro = phrase("bot.help.intro")
        embed = discord.Embed(title=phrase("bot.help.title"), description=clip(intro + "\n\n" + text, 4096))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @tree.error
    async def on_app_command_error(interaction: discord.Interaction, error: app_commands.AppCommandError):
        await bot.apologize(interaction, getattr(error, "original", error))


def create_bot(service: GameService, *, guild_id: int | None = None,
               deadline_poll_seconds: float = DEADLINE_POLL_SECONDS) -> PiazzaBot:
    """The bot; ``deadline_poll_seconds`` is how often it ends games past their deadline and
    posts boards channels missed (``GameService.sweep``)."""
    return PiazzaBot(service, guild_id, deadline_poll_seconds)
