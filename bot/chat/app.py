"""The thin discord.py layer: the client, its delivery, and the flows its commands
(``bot.chat.commands``, a Cog) and components (``bot.chat.views``) share.

No game logic here: every callback reads what the user asked, calls the game service,
and delivers the ``Post`` it returns (private content as ephemeral replies). Public boards
go out through ``PiazzaBot.publish``, which the service calls itself (``bot.play.outbox``), so a
board Discord refused is posted again later. Slow work is deferred first (Discord allows 3
seconds). Every interaction ends with an answer: an unexpected error gets a short apology
and one logged traceback. A post pings exactly the users it names as owing a decision.

The watcher is a ``discord.ext.tasks`` loop: at start-up and then every poll it runs the
service's ``sweep`` (games past their deadline end, boards channels missed are posted).
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import secrets
from collections.abc import Awaitable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.chat.commands import Commands
from bot.chat.delivery import DELIVERY_ERRORS, why_unposted
from bot.chat.interactions import channel_of, user_of
from bot.chat.lobby import LobbyButton, Places, RematchButton, refresh_lobby, rematch_view, reopen
from bot.chat.messenger import ChatMessenger
from bot.chat.operations import Heartbeat
from bot.chat.ratings import RatingCommands
from bot.chat.replace_button import ReplaceButton
from bot.chat.seats import SeatCommands
from bot.chat.shards import Shards
from bot.chat.translator import Translator, Tree
from bot.chat.undo import UndoButton
from bot.chat.views import (
    MENU_LIMIT,
    LegacyMovePicker,
    MovePicker,
    TurnButton,
    clip,
    private_view,
    turn_view,
)
from bot.play.effects import Sent, Unposted
from bot.play.locale import from_discord, set_reader
from bot.play.metrics import INTERACTIONS
from bot.play.service import GameService, Post, Refusal
from bot.play.tables import owner_name
from bot.play.words import phrase
from render.common import IMAGE_SUFFIX

log = logging.getLogger("piazza")

DEADLINE_POLL_SECONDS = 60
SWEEP_GRACE_SECONDS = 10.0  # a shutdown lets a sweep under way (and its posts) finish this long
INTERACTION_GRACE_SECONDS = 10.0  # and the interactions under way (their follow-ups, lobby refreshes)
# the names discord.py gives the tasks that run an interaction's handler (commands, buttons, menus)
INTERACTION_TASKS = ("CommandTree-invoker", "discord-ui-view-dispatch-", "discord-ui-dynamic-item-")


def mention_line(post: Post) -> str:
    """Whose turn it is, with the time each has left (``Post.turn_left``): "⏳ Your move, @bob — 47 h left."
    (people with the same time left share a line); without a clock, "Your move: @bob"."""
    if not post.mentions:
        return ""
    by_left: dict[str, list[int]] = {}
    for user in post.mentions:
        by_left.setdefault(post.turn_left.get(user, ""), []).append(user)
    lines = [phrase("bot.board.your_move_left", lang=post.lang, left=left, mentions=" ".join(f"<@{u}>" for u in users))
             if left else phrase("bot.board.your_move", lang=post.lang, mentions=" ".join(f"<@{u}>" for u in users))
             for left, users in by_left.items()]
    return "\n" + "\n".join(lines)


def board_file(post: Post) -> discord.File | None:
    if post.board_image is None:
        return None
    return discord.File(io.BytesIO(post.board_image), filename=f"board-{post.game_id}-{post.version}{IMAGE_SUFFIX}")


def shown_version(message: discord.Message, game_id: int | None) -> int | None:
    """The game version a board message shows (from its image's name, ``board_file``), if it is one."""
    for attachment in message.attachments:
        name = attachment.filename.removesuffix(IMAGE_SUFFIX)
        head, _, version = name.rpartition("-")
        if head == f"board-{game_id}" and version.isascii() and version.isdigit():
            return int(version)
    return None


def pings(post: Post) -> discord.AllowedMentions:
    """Exactly the users the post asks for a decision; never roles, @everyone or anyone named."""
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(id=u) for u in post.mentions])


def counted(interaction: discord.Interaction, outcome: str) -> None:
    """``piazza_interactions_total`` (``bot.play.metrics``): a command by its name, a component by
    the kind in its custom id (``piazza:undo:42`` is ``undo``), once per interaction."""
    if "outcome" in interaction.extras:
        return
    interaction.extras["outcome"] = outcome
    command = interaction.command
    if command is not None:
        name = command.qualified_name
    else:
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        name = "component:" + (custom_id.split(":")[1] if custom_id.count(":") >= 1 else "other")
    INTERACTIONS.labels(command=name[:40], outcome=outcome).inc()


class PiazzaBot(commands.Bot):
    def __init__(self, service: GameService, guild_id: int | None = None,
                 deadline_poll_seconds: float = DEADLINE_POLL_SECONDS, shards: Shards | None = None):
        intents = discord.Intents.none()
        intents.guilds = True  # no privileged intents
        sharding: dict[str, Any] = {} if shards is None else {"shard_count": shards.count, "shard_ids": list(shards.ids)}
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         allowed_mentions=discord.AllowedMentions.none(),  # a send that names nobody pings nobody
                         tree_cls=Tree,  # answers each interaction in its presser's language
                         **sharding)
        self.shards_run = shards
        self.heartbeat: Heartbeat | None = None  # the readiness file (bot.chat.operations), set by run
        self.web_url: str | None = None  # the web page's public base URL (bot.web), set by run when it is on
        self.service = service
        service.publisher = self.publish
        service.messenger = ChatMessenger(self)  # reminders and DMs (bot.play.notify)
        self.guild_id = guild_id
        self.told_no_threads: set[int] = set()
        self._sweeping = False  # the watcher is in a sweep (a shutdown lets it finish)  # channels told once that their games are played in them
        self.watcher.change_interval(seconds=deadline_poll_seconds)
        self.tree.error(self.on_app_command_error)

    async def setup_hook(self) -> None:
        await self.tree.set_translator(Translator())
        await self.add_cog(Commands(self))
        await self.add_cog(SeatCommands(self))
        await self.add_cog(RatingCommands(self))
        await self.add_cog(Places(self))
        self.add_dynamic_items(TurnButton, MovePicker, LegacyMovePicker, ReplaceButton, UndoButton, LobbyButton,
                               RematchButton)
        if self.shards_run is not None and not self.shards_run.syncs_commands:
            pass  # the process running shard 0 syncs the commands for every shard (bot.chat.shards)
        elif self.guild_id:
            guild = discord.Object(id=self.guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        self.watcher.start()

    async def close(self) -> None:
        """Stop in one order: the interactions under way (a /join's lobby refresh after its answer, say)
        finish, within ``INTERACTION_GRACE_SECONDS``; the watcher (its sweep under way finishes, within ``SWEEP_GRACE_SECONDS``;
        else it is cancelled and its clean-up runs while the database is still open), then the
        dispatcher's woken sweep (bounded: what is left stays in the outbox for the next start), then
        Discord. The caller closes the pools and the database after."""
        await self.finish_interactions(INTERACTION_GRACE_SECONDS)
        await self.stop_watching(SWEEP_GRACE_SECONDS)
        await self.service.dispatcher.drain(SWEEP_GRACE_SECONDS)
        if self.heartbeat is not None:
            self.heartbeat.clear()
        await super().close()

    async def finish_interactions(self, grace: float) -> None:
        """Wait until no interaction's handler runs (those that arrive meanwhile too), at most ``grace``
        s: discord.py runs each in a task of its own, named for what it handles."""
        loop = asyncio.get_running_loop()
        end = loop.time() + grace
        while loop.time() < end:
            running = [t for t in asyncio.all_tasks() if not t.done() and t is not asyncio.current_task()
                       and t.get_name().startswith(INTERACTION_TASKS)]
            if not running:
                return
            await asyncio.wait(running, timeout=end - loop.time())

    async def stop_watching(self, grace: float) -> None:
        """The watcher stops: between sweeps at once; during one, after it ends (at most ``grace`` s,
        then it is cancelled). Either way its task has ended when this returns."""
        task = self.watcher.get_task()
        if task is None or task.done():
            return
        if self._sweeping:
            self.watcher.stop()  # after this sweep
            await asyncio.wait({task}, timeout=grace)
        if not task.done():
            task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    @tasks.loop(seconds=DEADLINE_POLL_SECONDS)
    async def watcher(self) -> None:
        """At start-up and then every poll: games past their deadline end (one indexed query
        finds them), and boards that channels missed (a failed post, a crash right after a move)
        are posted."""
        self._sweeping = True
        try:
            await self.service.sweep()
        except Exception:  # keep watching: a loop stops at its first unhandled error
            log.exception("the sweep failed")
            return
        finally:
            self._sweeping = False
        if self.heartbeat is not None:
            try:
                self.heartbeat.beat()  # ready: connected, and the database answers
            except OSError as exc:  # a readiness file that cannot be written must not stop the watcher
                log.warning("cannot write the readiness file %s: %s", self.heartbeat.path, exc)

    @watcher.before_loop
    async def _ready_to_watch(self) -> None:
        await self.wait_until_ready()

    async def on_app_command_error(self, interaction: discord.Interaction,
                                   error: app_commands.AppCommandError) -> None:
        await self.apologize(interaction, getattr(error, "original", error))

    async def on_app_command_completion(self, interaction: discord.Interaction, command: Any) -> None:
        if "outcome" not in interaction.extras:  # not refused: done
            counted(interaction, "done")

    # --- delivery -------------------------------------------------------------
    async def publish(self, channel_id: int, post: Post) -> Sent:
        """The service's publisher: post a board to its channel, or raise Unposted saying why. With the
        post's ``nonce`` (its effect's, ``bot.play.effects``), Discord returns the message an earlier send
        with that nonce made, if any (``Sent.fresh`` False), instead of making a second one."""
        try:
            channel = self.get_channel(channel_id) or await self.fetch_channel(channel_id)
            if not isinstance(channel, discord.abc.Messageable):  # a category or a forum: no messages
                raise Unposted(phrase("bot.chat.not_text"))
            await reopen(channel)  # a game's thread Discord archived after a quiet week
            files = [f for f in [board_file(post)] if f is not None]
            files += [discord.File(io.BytesIO(data), filename=name) for name, data in post.attachments]
            content = clip((post.public_text or "") + await self.web_line(post) + mention_line(post))
            message = await channel.send(
                content=content, nonce=post.nonce or secrets.randbits(64),  # (discord.py's own default)
                files=files or discord.utils.MISSING,
                view=turn_view(post) or rematch_view(post) or discord.utils.MISSING,
                allowed_mentions=pings(post),
            )
        except DELIVERY_ERRORS as exc:
            log.warning("could not post to channel %s: %s", channel_id, exc)
            raise Unposted(why_unposted(exc)) from exc
        if post.game_id is not None:  # reminders link to the newest board
            await self.service.board_posted(post.game_id, message.jump_url)
        return Sent(message.id, fresh=message.content == content, version=shown_version(message, post.game_id))

    async def web_line(self, post: Post) -> str:
        """A game's first board links to its web page, when the page is on (``bot.web``)."""
        if self.web_url is None or post.game_id is None or post.version != 0:
            return ""
        token = await self.service.spectators.address(post.game_id)
        return "\n" + phrase("bot.web.link", lang=post.lang, url=f"{self.web_url}/g/{token}")

    async def send_private(self, interaction: discord.Interaction, post: Post, header: str = "",
                           undo: bool = False) -> None:
        text = "\n".join(t for t in (header, post.private_text) if t) or phrase("bot.play.done")
        if len(post.choices) > MENU_LIMIT:
            text += "\n" + phrase("bot.play.menu_cut", shown=MENU_LIMIT, count=len(post.choices))
        files = []
        if post.private_image is not None:
            files.append(discord.File(io.BytesIO(post.private_image), filename=f"hand{IMAGE_SUFFIX}"))
        view = private_view(post)
        if undo and post.game_id is not None and not post.finished:  # after a move: the mover may take it back
            view = view or discord.ui.View(timeout=None)
            view.add_item(UndoButton(post.game_id))
        await interaction.followup.send(clip(text), files=files, view=view or discord.utils.MISSING, ephemeral=True)

    async def refuse(self, interaction: discord.Interaction, reason: str) -> None:
        counted(interaction, "refused")
        if interaction.response.is_done():
            await interaction.followup.send(clip(reason), ephemeral=True)
        else:
            await interaction.response.send_message(clip(reason), ephemeral=True)

    async def apologize(self, interaction: discord.Interaction, error: BaseException) -> None:
        """The one answer to an unexpected error: a traceback in the log, a short apology."""
        log.error("interaction %s failed", interaction.id, exc_info=error)
        counted(interaction, "failed")
        try:
            await self.refuse(interaction, phrase("bot.chat.apology"))
        except DELIVERY_ERRORS as exc:
            log.warning("could not apologize for interaction %s: %s", interaction.id, exc)

    async def guarded(self, interaction: discord.Interaction, work: Awaitable[None]) -> None:
        """Run a button's or menu's work, in its presser's language; an unexpected error still ends
        with an answer."""
        set_reader(from_discord(interaction.locale))
        try:
            await work
        except Exception as exc:
            await self.apologize(interaction, exc)

    # --- shared flows -----------------------------------------------------------
    async def announce(self, interaction: discord.Interaction, call: Awaitable[Post], lobby: bool = False) -> None:
        """Quick lobby calls: the service's public text is the reply; a refusal stays private. ``lobby``:
        the call changed the seats, which every post showing the lobby then shows."""
        try:
            post = await call
        except Refusal as exc:
            await self.refuse(interaction, str(exc))
            return
        if post.told:  # the channel is told by the outbox (already, unless Discord refused): the caller hears it is done
            await interaction.response.send_message(clip(phrase("bot.play.done")), ephemeral=True)
        else:
            await interaction.response.send_message(clip(post.public_text or phrase("bot.play.done")))
        if lobby and post.game_id is not None:
            await refresh_lobby(self, post.game_id)

    async def show_board(self, interaction: discord.Interaction, call: Awaitable[Post], ack: str,
                         lobby: bool = False) -> None:
        """Slow calls that end in a public board (which the service posts): deferred privately,
        so a refusal stays private; the caller gets a short note. ``lobby``: the call started a game,
        whose lobby posts then say so and lose their buttons."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            post = await call
        except Refusal as exc:
            await self.refuse(interaction, str(exc))
            return
        if post.version is None:  # a lobby: its text, not a board, so not the outbox's
            try:
                await self.publish(channel_of(interaction), post)
            except Unposted as exc:
                post.unposted = str(exc)
        if post.unposted is not None:
            ack = phrase("bot.chat.unposted", why=post.unposted)
        await interaction.followup.send(clip(ack), ephemeral=True)
        if lobby and post.game_id is not None:
            await refresh_lobby(self, post.game_id)

    async def play(self, interaction: discord.Interaction, text: str, expected_game: int | None = None,
                   **expected) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            post = await self.service.act(channel_of(interaction), user_of(interaction), text,
                                          expected_game=expected_game, **expected)
        except Refusal as exc:
            await self.refuse(interaction, str(exc))
            return
        header = phrase("bot.play.played", move=text)
        if post.unposted is not None:
            header += " " + phrase("bot.chat.unposted", why=post.unposted)
        await self.send_private(interaction, post, header=header, undo=True)

    async def send_hand(self, interaction: discord.Interaction, expected_game: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            post = await self.service.hand(channel_of(interaction), user_of(interaction), expected_game=expected_game)
        except Refusal as exc:
            await self.refuse(interaction, str(exc))
            return
        await self.send_private(interaction, post)


class ShardedPiazzaBot(PiazzaBot, commands.AutoShardedBot):
    """The bot running some of Discord's shards (``bot.chat.shards``): discord.py's AutoShardedBot."""


def create_bot(service: GameService, *, guild_id: int | None = None,
               deadline_poll_seconds: float = DEADLINE_POLL_SECONDS, shards: Shards | None = None) -> PiazzaBot:
    """The bot; ``deadline_poll_seconds`` is how often it ends games past their deadline and
    posts boards channels missed (``GameService.sweep``); ``shards``: run these of Discord's
    shards (an AutoShardedBot), None for one unsharded connection."""
    if shards is None:
        return PiazzaBot(service, guild_id, deadline_poll_seconds)
    service.owner = owner_name(",".join(map(str, shards.ids)))  # its claims, apart from the other shards'
    return ShardedPiazzaBot(service, guild_id, deadline_poll_seconds, shards)
