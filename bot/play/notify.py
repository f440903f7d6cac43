"""Telling players things outside their own button presses: reminders, notices in a game's channel
(an idle player, an away period over), and private news a move by someone else caused (a card drawn
at round end, a won auction).

The transport gives the service a *messenger*: "post this text to channel N, pinging these users"
(``Unposted`` when it cannot) and "send this to user U privately" (``Undelivered`` when the user
does not take direct messages, Discord's error 50007). A player who opted in with /notify gets
reminders and their news by DM; everyone else, and anyone whose DM is refused, gets them in the
game's channel: a reminder with a mention, news only as a marker ("something new for you — press
My hand") in the next board posted, never its content.

Notices in a channel (an idle player, an away period over) are effects (``bot.play.effects``):
written in the transaction of the change they tell of, delivered by the dispatcher. News by DM is an
effect too, written as the board that carries the news is composed (so a board owed after a crash
writes it again), and counted as read once the DM arrived.
"""

from __future__ import annotations

import logging

from bot.play import presenting
from bot.play.answers import Post, User
from bot.play.effects import DM, NOTICE, Delivery, Dispatcher, Messenger, Sent, Undelivered
from bot.play.locale import game_lang, reading
from bot.play.stored import title_name
from bot.play.tables import Tables
from bot.play.words import phrase
from bot.store import GameRow, Notice, Repositories
from bot.store.effects import NEWS, Effect

NOTICE_KIND = "notice"

log = logging.getLogger("piazza")


__all__ = ["Messenger", "Notices", "Undelivered", "channel_link", "news_text"]


def channel_link(row: GameRow) -> str:
    return f"https://discord.com/channels/{row.guild_id or '@me'}/{row.channel_id}"


def news_text(row: GameRow, earlier: list[Notice], now: list[str]) -> str:
    """A seat's news: the notices it had not seen (under a header), then its move's own lines."""
    head = [phrase("bot.play.since_last_look"), *(presenting.notice_line(row, n) for n in earlier)]
    return "\n".join((head if earlier else []) + now)


class Notices:
    """The messenger (set by the transport) and who wants what by DM; and the notice kind of effect
    (``bot.play.effects``): a notice of its own in a game's channel, worded when written."""

    def __init__(self, tables: Tables, dispatcher: Dispatcher, messenger: Messenger | None = None):
        self.tables, self.dispatcher = tables, dispatcher
        self.store = tables.store
        self.messenger = messenger
        dispatcher.handles(NOTICE_KIND, self)
        self.news_kind = News(self, dispatcher)

    # --- notices as effects -------------------------------------------------------------------------
    async def write(self, tx: Repositories, row: GameRow, text: str, mentions: list[int],
                    vote: tuple[int, int] | None = None) -> None:
        """In the transaction of the change it tells of: a notice in the game's channel (``vote``: a
        button to vote to replace that seat), in the game's language; ``deliver`` sends it."""
        await tx.effects.add(NOTICE_KIND, row.channel_id, {"text": text, "mentions": mentions,
                                                           "vote": list(vote) if vote else None,
                                                           "lang": game_lang(row)},
                             self.tables.clock(), game_id=row.id)

    async def deliver(self, channel_id: int) -> None:
        """The channel's effects, in order (the caller holds the channel's lock)."""
        await self.dispatcher.deliver(channel_id)

    async def compose(self, effect: Effect, live: Post | None) -> Delivery | None:
        p = effect.payload
        text, mentions, vote = p.get("text"), p.get("mentions") or [], p.get("vote")
        if not isinstance(text, str) or not all(isinstance(u, int) for u in mentions):
            return None  # a row that does not read: nothing to say
        post = Post(public_text=text, mentions=list(mentions))
        if isinstance(p.get("lang"), str):
            post.lang = p["lang"]
        seat_vote = (int(vote[0]), int(vote[1])) if isinstance(vote, list) and len(vote) == 2 else None
        return Delivery(post, p, NOTICE, vote=seat_vote)

    async def delivered(self, tx: Repositories, effect: Effect, post: Post, sent: Sent) -> None:
        """Nothing more to record."""

    async def set_notify(self, user: User, dm: bool) -> str:
        """/notify: reminders and private news by DM (``dm``) or in the game's channel."""
        await self.store.settings.set_dm(user.id, dm)
        return phrase("bot.notify.dm_on" if dm else "bot.notify.dm_off")

    async def news(self, row: GameRow, seat: int) -> str:
        """The seat's unread notices under "Since your last look:"; then they count as read."""
        notices = await self.tables.unread(row, seat)
        if not notices:
            return ""
        await self.store.log.mark_read(row.id, seat, notices[-1].version)
        return news_text(row, notices, [])

    async def markers(self, row: GameRow, post: Post) -> None:
        """Every board post carries, for each person with unread private news, a marker in the channel;
        one who opted in gets their news by DM instead (a news effect, ``bot.play.effects``: counted as
        read once the DM arrives; a DM they do not take puts the marker in the channel)."""
        marks = await self.store.games.get(row.id)  # read marks as stored now (the mover's moved with the move)
        if marks is None:
            return
        marks.version = row.version
        found, wrote = [], False
        for seat in sorted(s.seat for s in row.seats):
            user_id = row.user_of(seat)
            if user_id is None:
                continue
            notices = await self.tables.unread(marks, seat)
            if not notices:
                continue
            marker = phrase("bot.notify.marker", row, game_lang(row), seat=seat)
            if self.messenger is not None and await self.store.settings.wants_dm(user_id):
                with reading(game_lang(row)):  # a DM's reader is not the presser: the game's language
                    news = phrase("bot.notify.news_dm", title=title_name(row), link=channel_link(row))
                    news += "\n" + news_text(row, notices, [])
                await self.store.effects.news(row.id, row.channel_id, user_id,
                                              {"seat": seat, "version": notices[-1].version, "text": news,
                                               "marker": marker, "lang": game_lang(row)}, self.tables.clock())
                wrote = True
                continue
            found.append(marker)
        if found:
            post.public_text = "\n".join([post.public_text or "", *found])
        if wrote:  # delivered after the board if this board is the change's own; otherwise soon
            self.dispatcher.wake()

    async def compose_news(self, effect: Effect) -> Delivery | None:
        """A news DM, unless the seat has seen it meanwhile (My hand) or changed hands."""
        p = effect.payload
        seat, version, text, marker = p.get("seat"), p.get("version"), p.get("text"), p.get("marker")
        if not (isinstance(seat, int) and isinstance(version, int) and isinstance(text, str)
                and isinstance(marker, str) and effect.game_id is not None and effect.user_id is not None):
            return None  # a row that does not read: nothing to say
        row = await self.store.games.get(effect.game_id)
        if row is None or row.user_of(seat) != effect.user_id:
            return None
        if next((s.notices_read for s in row.seats if s.seat == seat), 0) >= version:
            return None
        post = Post(public_text=text, mentions=[effect.user_id], game_id=row.id, lang=game_lang(row))
        return Delivery(post, p, DM, fallback=marker)


class News:
    """The news kind of effect: a player's private news by DM (``Notices.markers`` writes it)."""

    def __init__(self, notices: Notices, dispatcher: Dispatcher):
        self.notices = notices
        dispatcher.handles(NEWS, self)

    async def compose(self, effect: Effect, live: Post | None) -> Delivery | None:
        return await self.notices.compose_news(effect)

    async def delivered(self, tx: Repositories, effect: Effect, post: Post, sent: Sent) -> None:
        """Read once the DM arrived; the marker in the channel leaves it unread (My hand shows it)."""
        if sent.by_dm and effect.game_id is not None:
            await tx.log.mark_read(effect.game_id, int(effect.payload["seat"]), int(effect.payload["version"]))
