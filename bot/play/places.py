"""Where a game is played (a part of ``GameService``): its own thread, the lobby as one post, the
rematch.

A game opened with /new in a text channel lives in a thread of that channel (its ``channel_id`` is
the thread, ``parent_id`` the channel); any number of them run off one channel. In the channel
itself, the commands that need a game say which threads hold the channel's games. A thread deleted
by a moderator aborts its game (``place_gone``). The lobby post lists the seats as they fill
(``lobby_text``). A rematch has the same options, a new seed and a new place; its bots are seated
again at their levels, and each player of the old game takes a seat with one click.
"""

from __future__ import annotations

import asyncio
import logging

from bot.play.answers import Post, Refusal, User, refusal
from bot.play.bots import bot_name
from bot.play.locale import game_lang
from bot.play.names import chat_name, chat_names
from bot.play.replays import Replaying
from bot.play.stored import title_name
from bot.play.words import phrase
from bot.store import GameRow, StoreError

log = logging.getLogger("piazza")

THREAD_NAME_LIMIT = 100  # Discord's limit on a thread's name


def thread_name(title: str, game_id: int | None, opener: str) -> str:
    """``Bella Vista #12 · Anne`` (without the number until the game has one)."""
    number = f" #{game_id}" if game_id is not None else ""
    return f"{title}{number} · {opener}"[:THREAD_NAME_LIMIT]


class Places(Replaying):
    async def _open_game(self, channel_id: int, expected_game: int | None = None) -> GameRow:
        """As before; in a channel whose games are played in threads, the refusal names the threads."""
        if expected_game is None and await self.store.games.open_in(channel_id) is None:
            under = await self.store.places.open_under(channel_id)
            if under:
                threads = " ".join(f"<#{g.channel_id}>" for g in under)
                raise Refusal(phrase("bot.places.go_to_thread", count=len(under), threads=threads))
        return await super()._open_game(channel_id, expected_game)

    def rematch_lock(self, game_id: int) -> asyncio.Lock:
        """Held while a game's rematch is opened or joined (a negative key: never a channel's)."""
        return self._lock(-game_id)

    async def game_row(self, game_id: int) -> GameRow:
        row = await self.store.games.get(game_id)
        if row is None:
            raise Refusal(phrase("bot.play.button_ended"))
        return row

    async def lobby_game(self, game_id: int) -> GameRow:
        """A lobby button's game, while it is its place's open game."""
        row = await self.game_row(game_id)
        current = await self.store.games.open_in(row.channel_id)
        if current is None or current.id != game_id:
            raise Refusal(phrase("bot.play.button_ended"))
        return row

    async def is_playing(self, channel_id: int) -> bool:
        """Whether a game is open in this channel or thread."""
        return await self.store.games.open_in(channel_id) is not None

    async def lobby_text(self, game_id: int, announcement: bool = False) -> str:
        """The lobby post: the game, who is seated, and what the buttons do (or that it has started);
        ``announcement``: the short post in the channel of a game in its thread. In the game's language."""
        return self._lobby_text(await self.game_row(game_id), announcement)

    def _lobby_text(self, row: GameRow, announcement: bool) -> str:
        lang = game_lang(row)
        where = f" <#{row.channel_id}>" if row.parent_id is not None else ""
        if row.status not in ("lobby", "active"):  # over, aborted or damaged: only its title and number
            return phrase("bot.places.closed", lang=lang, title=title_name(row), game=row.id) + where
        engine = self._states.load(row).engine
        names = ", ".join(chat_names(row.names))
        if announcement and row.status == "lobby":
            return phrase("bot.places.announced", lang=lang, name=chat_names(row.names)[0], title=engine.title, game=row.id,
                          thread=f"<#{row.channel_id}>", names=names)
        key = "bot.places.lobby" if row.status == "lobby" else "bot.places.started"
        return phrase(key, lang=lang, title=engine.title, game=row.id, names=names, seated=len(row.seats),
                      low=engine.min_players, high=engine.max_players) + where

    async def keep_lobby_post(self, game_id: int, channel_id: int, message_id: int, head: str = "") -> None:
        """A post that shows the game's lobby below ``head``: ``lobby_posts`` lists it from now on."""
        await self.store.places.keep_lobby_post(game_id, channel_id, message_id, head)

    async def lobby_posts(self, row: GameRow) -> list[tuple[int, int, str, bool]]:
        """Every post showing the lobby of ``row``'s game, as it should read now: (channel, message, text,
        whether it is an announcement: a post outside the game's place, which only offers to join)."""
        out = []
        for channel_id, message_id, head in await self.store.places.lobby_posts(row.id):
            announcement = channel_id != row.channel_id
            seats = self._lobby_text(row, announcement)
            out.append((channel_id, message_id, "\n".join(t for t in (head, seats) if t), announcement))
        return out

    async def threads_in_use(self) -> list[int]:
        """The threads of every open game played in one (checked at start-up: one deleted while the
        bot was away has its game aborted)."""
        return [g.channel_id for g in await self.store.games.open_all() if g.parent_id is not None]

    async def place_gone(self, channel_id: int) -> int | None:
        """A thread (or channel) was deleted: its open game is aborted, so nothing waits on it."""
        async with self._lock(channel_id):
            row = await self.store.games.open_in(channel_id)
            if row is None:
                return None
            await self.store.games.close(row.id, "aborted")
        log.info("game %s aborted: its thread %s was deleted", row.id, channel_id)
        return row.id

    async def settle_place(self, game_id: int, channel_id: int, parent_id: int | None) -> None:
        """A game opened in a placeholder place moves to its thread (or, without one, to the channel
        itself); refused, and the game dropped, if that channel already has an open game."""
        row = await self.game_row(game_id)
        try:
            await self.store.places.set_place(game_id, parent_id, row.rematch_of, channel_id=channel_id)
        except StoreError as exc:
            await self.store.games.close(game_id, "aborted")
            raise refusal(None, exc) from exc

    async def drop(self, game_id: int) -> None:
        """A game whose place could not be made is closed (it never had a post)."""
        await self.store.games.close(game_id, "aborted")

    async def rematch_target(self, game_id: int, user: User) -> GameRow | None:
        """The open rematch of a game to join, or None if one must be opened. Only its players may ask."""
        old = await self.game_row(game_id)
        if old.status != "finished":
            raise Refusal(phrase("bot.places.rematch_unfinished"))
        if old.seat_of(user.id) is None:
            raise Refusal(phrase("bot.places.rematch_players_only"))
        return await self.store.places.open_rematch(game_id)

    async def open_rematch(self, game_id: int, guild_id: int | None, channel_id: int, user: User) -> Post:
        """A rematch of ``game_id`` in ``channel_id`` (a placeholder until ``settle_place``): the same
        options and hints, its bots seated again; the caller is seated, the other players join with a click."""
        old = await self.game_row(game_id)
        game = self._states.load(old)
        engine = game.engine
        async with self._lock(channel_id):
            try:
                new_id = await self.store.games.create(guild_id=guild_id, channel_id=channel_id,
                                                      game_key=old.game_key, options=old.options, seed=0,
                                                      creator_id=user.id, creator_name=user.name, hints=old.hints)
                await self.store.places.set_place(new_id, None, rematch_of=old.id)  # its place is settled next
                for seat in old.seats:
                    if seat.bot:
                        await self.store.seats.add_bot(new_id, seat.bot, lambda taken, lv=seat.bot: bot_name(lv, taken),
                                                 engine.max_players)
            except StoreError as exc:
                raise refusal(None, exc) from exc
        lang = game_lang(old)  # the rematch keeps the options, its language with them
        return Post(public_text=phrase("bot.places.rematch_opened", lang=lang, name=chat_name(user.name),
                                       title=engine.title, old=old.id), game_id=new_id, lang=lang)
