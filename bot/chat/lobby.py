"""A game is its own place, in chat: /new opens a public thread for the game (or, where the bot may
not make threads, plays in the channel and says so once), the lobby post's buttons (Join, Leave,
Add bot, Start), the Rematch button on the final post, and a deleted thread's game aborted.

The buttons are ``DynamicItem``s whose custom ids carry the game id, so they keep working after a
restart. Every post showing a lobby (the lobby post, and the announcement in the channel of a game
in its thread) is updated to show the seats as they are whenever they change, by a button or by a
typed command (``refresh_lobby``); the presser's answer is private (in their language); the posts, their buttons and notes are public (in the game's). Threads the bot posts in are reopened first if Discord archived them (``reopen``).
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Literal

import discord
from discord.ext import commands

from bot.chat.interactions import user_of
from bot.chat.views import clip
from bot.play.answers import Post
from bot.play.bots import has_hooks
from bot.play.effects import Edit
from bot.play.places import thread_name
from bot.play.service import Refusal
from bot.play.words import phrase

if TYPE_CHECKING:
    from bot.chat.app import PiazzaBot

log = logging.getLogger("piazza")

ARCHIVE_MINUTES: Literal[10080] = 10080  # a game's thread is archived by Discord after a week without messages
LOBBY_ACTS = {"join": "bot.places.join", "leave": "bot.places.leave", "bot": "bot.places.add_bot",
              "start": "bot.places.start"}
THREAD_ERRORS = (discord.HTTPException,)


def _who(interaction: discord.Interaction):
    return user_of(interaction)


async def reopen(channel) -> None:
    """A thread Discord archived after inactivity is reopened before the bot posts in it."""
    if isinstance(channel, discord.Thread) and channel.archived:
        await channel.edit(archived=False)


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button],
                  template=r"piazza:lobby:(?P<game>\d+):(?P<act>join|leave|bot|start)"):
    def __init__(self, game_id: int, act: str, lang: str | None = None):
        style = discord.ButtonStyle.primary if act in ("join", "start") else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=phrase(LOBBY_ACTS[act], lang=lang), style=style,
                                           custom_id=f"piazza:lobby:{game_id}:{act}"))
        self.game_id, self.act = game_id, act

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["game"]), match["act"])

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: PiazzaBot = interaction.client  # type: ignore[assignment]
        await bot.guarded(interaction, lobby_press(bot, interaction, self.game_id, self.act))


class RematchButton(discord.ui.DynamicItem[discord.ui.Button], template=r"piazza:rematch:(?P<game>\d+)"):
    def __init__(self, game_id: int, lang: str | None = None):
        super().__init__(discord.ui.Button(label=phrase("bot.places.rematch", lang=lang), style=discord.ButtonStyle.success,
                                           custom_id=f"piazza:rematch:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: PiazzaBot = interaction.client  # type: ignore[assignment]
        await bot.guarded(interaction, rematch_press(bot, interaction, self.game_id))


def lobby_view(game_id: int, lang: str, acts: tuple[str, ...] = tuple(LOBBY_ACTS)) -> discord.ui.View:
    """A lobby post's buttons, labelled in ``lang`` (the game's: the post is public)."""
    view = discord.ui.View(timeout=None)
    for act in acts:
        view.add_item(LobbyButton(game_id, act, lang))
    return view


async def refresh_lobby(bot: PiazzaBot, game_id: int) -> None:
    """Every post showing the game's lobby shows its seats as they are now; once the game has started
    or closed, without buttons. The seat change wrote the edits (effects, ``bot.play.places``); they
    are made now, and one that fails at the next sweep."""
    await bot.service.deliver_lobby(game_id)


def lobby_buttons(edit: Edit) -> discord.ui.View | None:
    """A lobby post's buttons as an edit leaves them: all, only Join (an announcement), or none."""
    return buttons_of(edit.game_id, edit.lang, edit.buttons)


def buttons_of(game_id: int, lang: str, buttons: str) -> discord.ui.View | None:
    """A lobby post's buttons by name: "lobby" all of them, "join" only Join, "" none."""
    if not buttons:
        return None
    return lobby_view(game_id, lang, ("join",) if buttons == "join" else tuple(LOBBY_ACTS))


def rematch_view(post: Post) -> discord.ui.View | None:
    if post.game_id is None or not post.finished:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(post.game_id, post.lang))  # on the final board: the game's language
    return view


async def _make_place(bot: PiazzaBot, interaction: discord.Interaction, post: Post, title: str,
                      parent: discord.abc.Snowflake | None, ping: list[int] | None = None) -> tuple[int, int | None, str]:
    """The game's thread in ``parent`` (a text channel), or ``parent`` itself where no thread may be
    made (then a note said once per channel and process). Returns (place, parent id, note); the note
    and a refusal are said in public, so in the game's language. A thread's first post (the lobby,
    mentioning ``ping``) is written with the game's move into it, and posted by ``_lobby_posts``."""
    assert post.game_id is not None
    game_id, lang = post.game_id, post.lang
    user = _who(interaction)
    if isinstance(parent, discord.TextChannel):
        try:
            thread = await parent.create_thread(name=thread_name(title, game_id, user.name),
                                                type=discord.ChannelType.public_thread,
                                                auto_archive_duration=ARCHIVE_MINUTES)
        except discord.Forbidden:
            note = "" if parent.id in bot.told_no_threads else phrase("bot.places.no_threads", lang=lang)
            bot.told_no_threads.add(parent.id)
            await bot.service.settle_place(game_id, parent.id, None)
            return parent.id, None, note
        except THREAD_ERRORS as exc:
            await bot.service.drop(game_id)
            raise Refusal(phrase("bot.places.thread_failed", lang=lang, why=exc.text or exc.status)) from exc
        await bot.service.settle_place(game_id, thread.id, parent.id, post.public_text or "", ping)
        return thread.id, parent.id, ""
    place = parent.id if parent is not None else interaction.channel_id
    assert place is not None
    await bot.service.settle_place(game_id, place, None)
    return place, None, ""


async def _lobby_posts(bot: PiazzaBot, interaction: discord.Interaction, post: Post, place: int,
                       parent_id: int | None, note: str, ping: list[int] | None = None) -> None:
    """The lobby post in the game's place, and the short announcement with a Join button (the
    interaction's public answer) in the channel when the place is a thread. The thread's post is an
    effect (``bot.play.places.Openings``): if Discord does not take it now, a later sweep posts it."""
    assert post.game_id is not None
    lang = post.lang
    if parent_id is None:
        head = "\n".join(t for t in (post.public_text, note) if t)  # kept above the seats when they change
        mentions = discord.AllowedMentions(everyone=False, roles=False,
                                           users=[discord.Object(id=u) for u in ping or []])
        lobby = await bot.service.lobby_text(post.game_id)
        text = clip("\n".join(t for t in (head, lobby, " ".join(f"<@{u}>" for u in ping or [])) if t))
        sent = await interaction.followup.send(text, view=lobby_view(post.game_id, lang), allowed_mentions=mentions,
                                               wait=True)
        await bot.service.keep_lobby_post(post.game_id, sent.channel.id, sent.id, head)
        return
    await bot.service.deliver_place(place)
    sent = await interaction.followup.send(clip(await bot.service.lobby_text(post.game_id, announcement=True)),
                                           view=lobby_view(post.game_id, lang, ("join",)), wait=True)
    await bot.service.keep_lobby_post(post.game_id, sent.channel.id, sent.id)  # where the button was pressed


def may_make_threads(interaction: discord.Interaction) -> bool:
    """Whether /new here opens a thread: a text channel where the bot may create public threads and
    post in them (the permissions Discord sends with the interaction)."""
    perms = interaction.app_permissions
    return (isinstance(interaction.channel, discord.TextChannel) and perms.create_public_threads
            and perms.send_messages_in_threads)


async def open_place(bot: PiazzaBot, interaction: discord.Interaction, game_key: str, options: str | None,
                     lang: str) -> None:
    """/new: in a thread of its own where the bot may make one, else in this channel (as before, said
    once per channel); ``lang``: the game's language. Refusals are private."""
    service = bot.service
    if not may_make_threads(interaction):
        channel_id = interaction.channel_id
        assert channel_id is not None
        try:
            post = await service.create(interaction.guild_id, channel_id, _who(interaction), game_key, options,
                                        lang=lang)
        except Refusal as exc:
            await bot.refuse(interaction, str(exc))
            return
        assert post.game_id is not None
        note = ""
        if isinstance(interaction.channel, discord.TextChannel) and channel_id not in bot.told_no_threads:
            bot.told_no_threads.add(channel_id)
            note = phrase("bot.places.no_threads", lang=lang)
        head = "\n".join(t for t in (post.public_text, note) if t)
        text = "\n".join(t for t in (head, await service.lobby_text(post.game_id)) if t)
        await interaction.response.send_message(clip(text), view=lobby_view(post.game_id, lang))
        shown = await interaction.original_response()
        await service.keep_lobby_post(post.game_id, channel_id, shown.id, head)
        return
    channel_id = interaction.channel_id
    assert channel_id is not None
    try:  # refused privately before the thread is made: bad options, or the caller or channel at its cap
        title = service.check_new(game_key, options)[0].engine.title
        await service.check_room(_who(interaction), channel_id)
    except Refusal as exc:
        await bot.refuse(interaction, str(exc))
        return
    await interaction.response.defer(thinking=True)  # public: the announcement
    placeholder = -interaction.id  # no channel has a negative id: the game's place until it is settled
    try:  # (the caps are checked again as the game is written: a racing /new may have taken the last room)
        post = await service.create(interaction.guild_id, placeholder, _who(interaction), game_key, options, lang=lang,
                                    opened_in=channel_id)
        assert post.game_id is not None
        place, parent_id, note = await _make_place(bot, interaction, post, title, interaction.channel)
    except Refusal as exc:  # Discord refused the thread: said in public, where the placeholder is
        await interaction.followup.send(clip(str(exc)))
        return
    await _lobby_posts(bot, interaction, post, place, parent_id, note)


async def lobby_press(bot: PiazzaBot, interaction: discord.Interaction, game_id: int, act: str) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    service, user = bot.service, _who(interaction)
    try:
        if interaction.user.bot and act == "join":
            raise Refusal(phrase("bot.places.no_bot_accounts"))
        row = await service.lobby_game(game_id)
        place = row.channel_id
        where = f"<#{place}>"
        title = service.check_new(row.game_key)[0].engine.title
        if act == "join":
            await service.join(place, user)
            ack = phrase("bot.places.joined", title=title, game=game_id, thread=where)
        elif act == "leave":
            await service.leave(place, user)
            ack = phrase("bot.places.left")
        elif act == "bot":
            engine = service.check_new(row.game_key)[0].engine
            await service.add_bot(place, user, "greedy" if has_hooks(engine) else "random")
            ack = phrase("bot.places.bot_added")
        else:
            post = await service.start(place, user)
            ack = phrase("bot.places.started_note", thread=where)
            if post.unposted is not None:
                ack += " " + phrase("bot.chat.unposted", why=post.unposted)
    except Refusal as exc:
        await bot.refuse(interaction, str(exc))
        return
    if interaction.message is not None and interaction.channel_id is not None:  # a post made before they were kept
        await service.keep_lobby_post(game_id, interaction.channel_id, interaction.message.id, refresh=True)
    await refresh_lobby(bot, game_id)
    await interaction.followup.send(clip(ack), ephemeral=True)


async def rematch_press(bot: PiazzaBot, interaction: discord.Interaction, game_id: int) -> None:
    """The first player to press opens the rematch (a new thread beside the old one); the others join it."""
    service, user = bot.service, _who(interaction)
    async with service.rematch_lock(game_id):  # two presses at once open one rematch
        try:
            target = await service.rematch_target(game_id, user)
        except Refusal as exc:
            await bot.refuse(interaction, str(exc))
            return
        if target is not None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            try:
                await service.join(target.channel_id, user)
            except Refusal as exc:
                await bot.refuse(interaction, str(exc))
                return
            title = service.check_new(target.game_key)[0].engine.title
            await refresh_lobby(bot, target.id)
            await interaction.followup.send(clip(phrase("bot.places.joined", title=title, game=target.id,
                                                        thread=f"<#{target.channel_id}>")), ephemeral=True)
            return
        try:  # refused privately before the thread is made
            await service.check_rematch_room(game_id, user)
        except Refusal as exc:
            await bot.refuse(interaction, str(exc))
            return
        await interaction.response.defer(thinking=True)
        old = await service.game_row(game_id)
        title = service.check_new(old.game_key)[0].engine.title
        try:
            post = await service.open_rematch(game_id, interaction.guild_id, -interaction.id, user)
            assert post.game_id is not None
            parent = None
            if old.parent_id is not None:
                parent = bot.get_channel(old.parent_id) or await bot.fetch_channel(old.parent_id)
            else:
                parent = bot.get_channel(old.channel_id) or await bot.fetch_channel(old.channel_id)
            others = [s.user_id for s in old.seats if not s.bot and s.user_id != user.id]
            place, parent_id, note = await _make_place(bot, interaction, post, title, parent, others)
        except Refusal as exc:
            await interaction.followup.send(clip(str(exc)))
            return
        await _lobby_posts(bot, interaction, post, place, parent_id, note, ping=others)


class Places(commands.Cog):
    """Listens for deleted threads: their games are aborted, so their channel is free again."""

    def __init__(self, bot: PiazzaBot):
        self.bot = bot

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """Threads deleted while the bot was away: their games are aborted too; so are games whose
        thread a stopped process never made."""
        try:
            await self.bot.service.drop_stranded()
        except Exception:
            log.exception("could not close the games left without a thread")
        for thread_id in await self.bot.service.threads_in_use():
            try:
                await self.bot.fetch_channel(thread_id)
            except discord.NotFound:
                await self.bot.service.place_gone(thread_id)
            except discord.HTTPException as exc:
                log.warning("could not check thread %s: %s", thread_id, exc)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        try:
            await self.bot.service.place_gone(payload.thread_id)
        except Exception:
            log.exception("could not close the game of deleted thread %s", payload.thread_id)
