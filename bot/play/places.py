"""Where games are played: each game in its own thread (the channel's games listed in an announcement),
the posts that show a lobby, and rematches.

/new in a channel makes a public thread named after the game and its opener; the game is played
there, its lobby post with Join, Add bot and Start buttons first. In the channel, an announcement
links to it. A finished game's final post offers a rematch: the same title, options and hints in
a new place; its bots are seated again at their levels, and each player of the old game takes a
seat with one click.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta

from bot.play.answers import Post, Refusal, User, refusal
from bot.play.bots import bot_name
from bot.play.effects import EDIT, NOTICE, Delivery, Dispatcher, Edit, Sent
from bot.play.lobby import LobbyCaps, check_room, gate
from bot.play.locale import game_lang
from bot.play.names import chat_name, chat_names
from bot.play.stored import title_name
from bot.play.tables import Tables
from bot.play.words import phrase
from bot.store import GameRow, Repositories, StoreError
from bot.store.effects import LOBBY, Effect

log = logging.getLogger("piazza")

THREAD_NAME_LIMIT = 100  # Discord's limit on a thread's name
STRANDED_AFTER = timedelta(minutes=10)  # far longer than making a thread takes, even on a busy machine
OPENING = "opening"  # the kind of effect: a game's first post in its new thread (its lobby, with the buttons)


def thread_name(title: str, game_id: int | None, opener: str) -> str:
    """``Bella Vista #12 · Anne`` (without the number until the game has one)."""
    number = f" #{game_id}" if game_id is not None else ""
    return f"{title}{number} · {opener}"[:THREAD_NAME_LIMIT]


def rematch_channel(old: GameRow) -> int:
    """The channel a rematch of ``old`` is opened from (where its thread is made)."""
    return old.parent_id if old.parent_id is not None else old.channel_id


class Places:
    """Also the lobby kind of effect (``bot.play.effects``): a seat change writes one per channel with
    posts of the game (``bot.play.lobby.lobby_changed``); its delivery edits them to show the game as
    it is then (so a late or repeated edit is still right)."""

    def __init__(self, tables: Tables, dispatcher: Dispatcher, caps: LobbyCaps | None = None):
        self.tables, self.dispatcher = tables, dispatcher
        self.store = tables.store
        self.caps = caps or LobbyCaps()  # a rematch is a new game waiting to start, counted like /new's
        dispatcher.handles(LOBBY, self)
        self.openings = Openings(self, dispatcher)

    def rematch_lock(self, game_id: int) -> asyncio.Lock:
        """Held while a game's rematch is opened or joined (a negative key: never a channel's)."""
        return self.tables.lock(-game_id)

    # --- lobby posts ----------------------------------------------------------------------------------
    async def lobby_text(self, game_id: int, announcement: bool = False) -> str:
        """The lobby post: the game, who is seated, and what the buttons do (or that it has started);
        ``announcement``: the short post in the channel of a game in its thread. In the game's language."""
        return self.lobby_text_of(await self.tables.game_row(game_id), announcement)

    def lobby_text_of(self, row: GameRow, announcement: bool) -> str:
        """``lobby_text`` of a row already read (the lobby post's edits and its first post compare it)."""
        lang = game_lang(row)
        where = f" <#{row.channel_id}>" if row.parent_id is not None else ""
        if row.status not in ("lobby", "active"):  # over, aborted or damaged: only its title and number
            return phrase("bot.places.closed", lang=lang, title=title_name(row), game=row.id) + where
        engine = self.tables.load(row).engine
        names = ", ".join(chat_names(row.names))
        if announcement and row.status == "lobby":
            return phrase("bot.places.announced", lang=lang, name=chat_names(row.names)[0], title=engine.title,
                          game=row.id, thread=f"<#{row.channel_id}>", names=names)
        key = "bot.places.lobby" if row.status == "lobby" else "bot.places.started"
        return phrase(key, lang=lang, title=engine.title, game=row.id, names=names, seated=len(row.seats),
                      low=engine.min_players, high=engine.max_players) + where

    async def keep_lobby_post(self, game_id: int, channel_id: int, message_id: int, head: str = "",
                              refresh: bool = False) -> None:
        """A post that shows the game's lobby below ``head``: ``lobby_posts`` lists it from now on.
        ``refresh``: it may show an older state (a post made before posts were kept), so it is edited
        (``deliver_lobby``)."""
        async with self.store.transaction() as tx:
            await tx.places.keep_lobby_post(game_id, channel_id, message_id, head)
            if refresh:
                await tx.effects.lobby(game_id, channel_id, self.tables.clock())

    async def lobby_posts(self, row: GameRow) -> list[tuple[int, int, str, bool]]:
        """Every post showing the lobby of ``row``'s game, as it should read now: (channel, message, text,
        whether it is an announcement: a post outside the game's place, which only offers to join)."""
        out = []
        for channel_id, message_id, head in await self.store.places.lobby_posts(row.id):
            announcement = channel_id != row.channel_id
            seats = self.lobby_text_of(row, announcement)
            out.append((channel_id, message_id, "\n".join(t for t in (head, seats) if t), announcement))
        return out

    async def compose(self, effect: Effect, live: Post | None) -> Delivery | None:
        """The edits of the game's posts in the effect's channel, as the game is now."""
        row = await self.store.games.get(effect.game_id) if effect.game_id is not None else None
        if row is None:
            return None
        edits = [Edit(channel_id, message_id, text, row.id, game_lang(row),
                      ("join" if announcement else "lobby") if row.status == "lobby" else "")
                 for channel_id, message_id, text, announcement in await self.lobby_posts(row)
                 if channel_id == effect.channel_id]
        if not edits:
            return None
        return Delivery(Post(game_id=row.id, lang=game_lang(row)), {}, EDIT, edits=edits)

    async def delivered(self, tx: Repositories, effect: Effect, post: Post, sent: Sent) -> None:
        """Nothing more to record."""

    async def deliver_lobby(self, game_id: int) -> None:
        """After a seat change: the edits it wrote, in each channel with posts of the game (under that
        channel's lock, in order with the channel's other effects); one that fails waits for the next sweep."""
        for channel_id in sorted({c for c, _, _ in await self.store.places.lobby_posts(game_id)}):
            async with self.tables.lock(channel_id):
                await self.dispatcher.deliver(channel_id)

    # --- threads ------------------------------------------------------------------------------------
    async def threads_in_use(self) -> list[int]:
        """The threads of every open game played in one (checked at start-up: one deleted while the
        bot was away has its game aborted)."""
        return [g.channel_id for g in await self.store.games.open_all() if g.parent_id is not None]

    async def place_gone(self, channel_id: int) -> int | None:
        """A thread (or channel) was deleted: its open game is aborted, so nothing waits on it."""
        async with self.tables.lock(channel_id):
            row = await self.store.games.open_in(channel_id)
            if row is None or not await self.store.games.close(row.id, "aborted"):
                return None
        log.info("game %s aborted: its thread %s was deleted", row.id, channel_id)
        return row.id

    async def settle_place(self, game_id: int, channel_id: int, parent_id: int | None, head: str = "",
                           ping: list[int] | None = None) -> None:
        """A game opened in a placeholder place moves to its thread (or, without one, to the channel
        itself); refused, and the game dropped, if that channel already has an open game. In a thread,
        its first post (``head`` above the lobby, mentioning ``ping``) is an effect written with the move
        (``Openings``): ``deliver_place`` posts it, and one that does not go out is posted at a later sweep."""
        row = await self.tables.game_row(game_id)
        try:
            async with self.store.transaction() as tx:
                await tx.places.set_place(game_id, parent_id, row.rematch_of, channel_id=channel_id)
                if parent_id is not None:
                    await tx.effects.add(OPENING, channel_id, {"head": head, "ping": ping or []}, self.tables.clock(),
                                         game_id=game_id)
        except StoreError as exc:
            await self.store.games.close(game_id, "aborted")
            raise refusal(None, exc) from exc

    async def deliver_place(self, channel_id: int) -> str | None:
        """The effects waiting in a game's new place (its first post), under the place's lock: why they
        did not all go out (they are tried again at the next sweep), or None."""
        async with self.tables.lock(channel_id):
            live = Post()
            await self.dispatcher.deliver(channel_id, live)
            return live.unposted

    async def drop_stranded(self) -> list[int]:
        """At start-up: games left in a placeholder place by a process stopped while it made their
        thread are closed, so they no longer count against their opener's and channel's caps (nobody
        could /abort them: they have no place)."""
        before = (datetime.now(UTC) - STRANDED_AFTER).isoformat(timespec="seconds")  # as created_at is written
        dropped = await self.store.places.drop_stranded(before)
        for game_id in dropped:
            log.info("game %s aborted: its thread was never made", game_id)
        return dropped

    async def drop(self, game_id: int) -> None:
        """A game whose place could not be made is closed (it never had a post)."""
        await self.store.games.close(game_id, "aborted")

    # --- rematches ----------------------------------------------------------------------------------
    async def check_rematch_room(self, game_id: int, user: User) -> None:
        """Ahead of opening a rematch (before its thread is made): a Refusal if the caller or the
        channel it would be opened from is at its cap. The transaction that opens it checks again."""
        await check_room(self.store, user, rematch_channel(await self.tables.game_row(game_id)), self.caps)

    async def rematch_target(self, game_id: int, user: User) -> GameRow | None:
        """The open rematch of a game to join, or None if one must be opened. Only its players may ask."""
        old = await self.tables.game_row(game_id)
        if old.status != "finished":
            raise Refusal(phrase("bot.places.rematch_unfinished"))
        if old.seat_of(user.id) is None:
            raise Refusal(phrase("bot.places.rematch_players_only"))
        return await self.store.places.open_rematch(game_id)

    async def open_rematch(self, game_id: int, guild_id: int | None, channel_id: int, user: User) -> Post:
        """A rematch of ``game_id`` in ``channel_id`` (a placeholder until ``settle_place``): the same
        options and hints, its bots seated again; the caller is seated, the other players join with a click."""
        old = await self.tables.game_row(game_id)
        engine = self.tables.load(old).engine
        opened_in = rematch_channel(old)
        async with self.tables.lock(channel_id):
            try:  # the new game, its place and its bots, together or not at all (and within the caps)
                async with self.store.transaction() as tx:
                    await gate(tx, user, opened_in)
                    await check_room(tx, user, opened_in, self.caps)
                    new_id = await tx.games.create(guild_id=guild_id, channel_id=channel_id, game_key=old.game_key,
                                                   options=old.options, creator_id=user.id, creator_name=user.name,
                                                   hints=old.hints, opened_in=opened_in)
                    await tx.places.set_place(new_id, None, rematch_of=old.id)  # its place is settled next
                    for seat in old.seats:
                        if seat.bot:
                            await tx.seats.add_bot(new_id, seat.bot, lambda taken, lv=seat.bot: bot_name(lv, taken, game_lang(old)),
                                                   engine.max_players)
            except StoreError as exc:
                raise refusal(None, exc) from exc
        lang = game_lang(old)  # the rematch keeps the options, its language with them
        return Post(public_text=phrase("bot.places.rematch_opened", lang=lang, name=chat_name(user.name),
                                       title=engine.title, old=old.id), game_id=new_id, lang=lang)


class Openings:
    """The opening kind of effect: a game's first post in its thread, its lobby with the buttons
    (``Places.settle_place`` writes it). Delivered, the post is kept (``lobby_posts``) so seat changes
    edit it; if the seats changed while it was on its way, an edit follows at once."""

    def __init__(self, places: Places, dispatcher: Dispatcher):
        self.places = places
        dispatcher.handles(OPENING, self)

    async def compose(self, effect: Effect, live: Post | None) -> Delivery | None:
        p = effect.payload
        head, ping = p.get("head"), p.get("ping")
        if not (isinstance(head, str) and isinstance(ping, list) and all(isinstance(u, int) for u in ping)
                and effect.game_id is not None):
            return None  # a row that does not read: nothing to say
        row = await self.places.store.games.get(effect.game_id)
        if row is None or row.status not in ("lobby", "active") or row.channel_id != effect.channel_id:
            return None  # closed (or moved) before its first post went out: nothing to show there
        shows = self.places.lobby_text_of(row, False)
        text = "\n".join(t for t in (head, shows, " ".join(f"<@{u}>" for u in ping)) if t)
        post = Post(public_text=text, mentions=list(ping), game_id=row.id, lang=game_lang(row))
        buttons = (row.id, "lobby") if row.status == "lobby" else None
        return Delivery(post, {**p, "shows": shows}, NOTICE, buttons=buttons)

    async def delivered(self, tx: Repositories, effect: Effect, post: Post, sent: Sent) -> None:
        """The post is kept as the game's lobby post; an edit is owed if the game changed since it was composed."""
        if effect.game_id is None or sent.message_id is None:
            return
        await tx.places.keep_lobby_post(effect.game_id, effect.channel_id, sent.message_id, effect.payload["head"])
        row = await tx.games.get(effect.game_id)
        if row is not None and self.places.lobby_text_of(row, False) != effect.payload.get("shows"):
            await tx.effects.lobby(effect.game_id, effect.channel_id, self.places.tables.clock())
