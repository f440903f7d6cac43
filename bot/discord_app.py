"""The thin discord.py layer: slash commands, a persistent button and a move menu.

No game logic here: every callback reads what the user asked, calls the game service,
and delivers the ``Post`` it returns (public posts to the channel, private content as
ephemeral replies). Slow work is deferred first (Discord allows 3 seconds). Buttons and
menus are ``DynamicItem``s whose custom ids carry the game id (and version), so they
keep working after a restart without any state held in a View.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from collections.abc import Awaitable

import discord
from discord import app_commands
from discord.ext import commands

from bot import registry
from bot.service import GameService, Post, Refusal, User

log = logging.getLogger("piazza")

CONTENT_LIMIT = 2000
MENU_LIMIT = 25
DEADLINE_POLL_SECONDS = 60
UNPOSTED = ("It is stored, but I could not post the board in this channel: check that I may send messages "
            "and attach files here.")


def clip(text: str | None, limit: int = CONTENT_LIMIT) -> str | None:
    if text is None or len(text) <= limit:
        return text
    return text[: limit - 1] + "…"


def user_of(interaction: discord.Interaction) -> User:
    return User(interaction.user.id, interaction.user.display_name)


def mention_line(post: Post) -> str:
    if not post.mentions:
        return ""
    return "\nYour move: " + " ".join(f"<@{u}>" for u in post.mentions)


def board_file(post: Post) -> discord.File | None:
    if post.board_png is None:
        return None
    return discord.File(io.BytesIO(post.board_png), filename=f"board-{post.game_id}-{post.version}.png")


class TurnButton(discord.ui.DynamicItem[discord.ui.Button], template=r"piazza:turn:(?P<game>\d+)"):
    """Under every board: opens the presser's private view and move menu, ephemerally."""

    def __init__(self, game_id: int):
        super().__init__(
            discord.ui.Button(
                label="My hand / my move", style=discord.ButtonStyle.primary, custom_id=f"piazza:turn:{game_id}"
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: PiazzaBot = interaction.client  # type: ignore[assignment]
        await bot.send_hand(interaction, expected_game=self.game_id)


class MovePicker(discord.ui.DynamicItem[discord.ui.Select], template=r"piazza:pick:(?P<game>\d+):(?P<version>\d+)"):
    """A private menu of the presser's legal moves, valid only for the version it was made for."""

    def __init__(self, game_id: int, version: int, post: Post | None = None):
        options = [
            discord.SelectOption(label=clip(c.label, 100), value=clip(c.notation, 100))
            for c in (post.choices[:MENU_LIMIT] if post else [])
        ] or [discord.SelectOption(label="(no moves)", value="-")]
        super().__init__(
            discord.ui.Select(
                placeholder="Choose your move…", options=options, custom_id=f"piazza:pick:{game_id}:{version}"
            )
        )
        self.game_id = game_id
        self.version = version

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: PiazzaBot = interaction.client  # type: ignore[assignment]
        values = (interaction.data or {}).get("values") or []
        await bot.play(interaction, values[0] if values else "", expected_version=self.version,
                       expected_game=self.game_id)


def private_view(post: Post) -> discord.ui.View | None:
    if not post.choices or post.game_id is None or post.version is None:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(MovePicker(post.game_id, post.version, post))
    return view


def turn_view(post: Post) -> discord.ui.View | None:
    if post.game_id is None or post.finished:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(TurnButton(post.game_id))
    return view


class PiazzaBot(commands.Bot):
    def __init__(self, service: GameService, guild_id: int | None = None,
                 deadline_poll_seconds: float = DEADLINE_POLL_SECONDS):
        intents = discord.Intents.none()
        intents.guilds = True  # no privileged intents
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None)
        self.service = service
        self.guild_id = guild_id
        self.deadline_poll_seconds = deadline_poll_seconds
        self._deadline_task: asyncio.Task | None = None
        add_commands(self)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(TurnButton, MovePicker)
        if self.guild_id:
            guild = discord.Object(id=self.guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        self._deadline_task = asyncio.create_task(self._watch_deadlines())

    async def close(self) -> None:
        if self._deadline_task is not None:
            self._deadline_task.cancel()
        await super().close()

    # --- delivery -------------------------------------------------------------
    async def post_public(self, channel: discord.abc.Messageable, post: Post) -> bool:
        """Post to the channel; False (and a log line) if Discord refused it, for example for a
        missing permission. The move is already stored by then, so callers tell the player."""
        try:
            await self._send_public(channel, post)
        except discord.HTTPException as exc:
            log.warning("could not post to channel %s: %s", getattr(channel, "id", "?"), exc)
            return False
        return True

    async def _send_public(self, channel: discord.abc.Messageable, post: Post) -> None:
        await channel.send(
            content=clip((post.public_text or "") + mention_line(post)),
            file=board_file(post) or discord.utils.MISSING,
            view=turn_view(post) or discord.utils.MISSING,
            allowed_mentions=discord.AllowedMentions(users=True, roles=False, everyone=False),
        )

    async def send_private(self, interaction: discord.Interaction, post: Post, header: str = "") -> None:
        text = "\n".join(t for t in (header, post.private_text) if t) or "Done."
        if len(post.choices) > MENU_LIMIT:
            text += f"\n(The menu shows {MENU_LIMIT} of {len(post.choices)} moves; /move lists them all as you type.)"
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
        """Slow calls that end in a public board: deferred privately (so a refusal stays
        private), then the board goes to the channel and the caller gets a short note."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            post = await call
        except Refusal as exc:
            await self.refuse(interaction, str(exc))
            return
        if not await self.post_public(interaction.channel, post):
            ack = UNPOSTED
        await interaction.followup.send(ack, ephemeral=True)

    async def play(self, interaction: discord.Interaction, text: str, expected_version: int | None = None,
                   expected_game: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            if expected_game is not None:
                await self._check_game(interaction, expected_game)
            post = await self.service.act(interaction.channel_id, user_of(interaction), text, expected_version)
        except Refusal as exc:
            await self.refuse(interaction, str(exc))
            return
        header = f"Played `{text}`."
        if not await self.post_public(interaction.channel, post):
            header += " " + UNPOSTED
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
            raise Refusal("This button belongs to a game that has ended; /board shows the current game, if any.")

    async def _watch_deadlines(self) -> None:
        """Games with a date limit end when it passes, even if nobody moves."""
        await self.wait_until_ready()
        while not self.is_closed():
            try:
                for game in await self.service.games(None):
                    post = await self.service.check_deadline(game.channel_id)
                    channel = self.get_channel(game.channel_id)
                    if post is not None and channel is not None:
                        await self.post_public(channel, post)
            except Exception:  # keep watching; one bad game must not stop the others
                log.exception("deadline check failed")
            await asyncio.sleep(self.deadline_poll_seconds)


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
                             "The game has started; the board is in the channel.")

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
        return [app_commands.Choice(name=clip(c.label, 100), value=clip(c.notation, 100)) for c in choices]

    @tree.command(name="board", description="Show the current board of this channel's game.")
    @app_commands.guild_only()
    async def board(interaction: discord.Interaction):
        await bot.show_board(interaction, service.board(interaction.channel_id),
                             "Posted the current board in the channel.")

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

    @tree.command(name="abort", description="End this channel's game without scores (its creator or a manager).")
    @app_commands.guild_only()
    async def abort(interaction: discord.Interaction):
        perms = interaction.permissions
        is_manager = perms.manage_channels or perms.manage_guild
        await bot.announce(interaction, service.abort(interaction.channel_id, user_of(interaction), is_manager))

    @tree.command(name="games", description="List the open games in this server.")
    @app_commands.guild_only()
    async def games(interaction: discord.Interaction):
        rows = await service.games(interaction.guild_id)
        if not rows:
            await interaction.response.send_message("No open games in this server; /new starts one.", ephemeral=True)
            return
        lines = []
        for g in rows:
            waiting = " ".join(f"<@{u}>" for u in g.waiting_for)
            state = f"waiting for {waiting}" if waiting else g.status
            lines.append(f"<#{g.channel_id}> — {g.title}: {', '.join(g.names)} ({state})")
        await interaction.response.send_message(
            clip("\n".join(lines)), ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    @tree.command(name="help", description="How to play: commands and move notation.")
    @app_commands.describe(game="Which game (all if omitted)")
    @app_commands.choices(game=game_choices)
    async def help_(interaction: discord.Interaction, game: app_commands.Choice[str] | None = None):
        text = service.help_text(game.value if game else None)
        intro = ("/new opens a game, /join takes a seat, /start begins; then /move (with autocomplete) "
                 "or the button under each board. /hand shows your private hand, /board the board, /log the record.")
        embed = discord.Embed(title="Piazza", description=clip(intro + "\n\n" + text, 4096))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @tree.error
    async def on_app_command_error(interaction: discord.Interaction, error: app_commands.AppCommandError):
        log.exception("command failed", exc_info=error)
        try:
            await bot.refuse(interaction, "Something went wrong on our side. /board shows the game as it stands; try again.")
        except discord.HTTPException:
            pass


def create_bot(service: GameService, *, guild_id: int | None = None,
               deadline_poll_seconds: float = DEADLINE_POLL_SECONDS) -> PiazzaBot:
    """The bot; ``deadline_poll_seconds`` is how often games with a date limit are checked."""
    return PiazzaBot(service, guild_id, deadline_poll_seconds)
