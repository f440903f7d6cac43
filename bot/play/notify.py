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
written in the transaction of the change they tell of, delivered by the dispatcher. News by DM is
still sent at once (not yet through the outbox).
"""

from __future__ import annotations

import logging

from bot.play import presenting
from bot.play.answers import Post, User
from bot.play.effects import NOTICE, Delivery, Dispatcher, Messenger, Sent, Undelivered
from bot.play.locale import game_lang, reading
from bot.play.stored import title_name
from bot.play.tables import Tables
from bot.play.words import phrase
from bot.store import GameRow, Notice, Repositories
from bot.store.effects import Effect

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

    async def dm(self, user_id: int, text: str) -> bool:
        """A DM to a player who opted in; False (so the caller falls back to the channel) when they did
        not, there is no messenger, or Discord refused it."""
        if self.messenger is None or not await self.store.settings.wants_dm(user_id):
            return False
        try:
            await self.messenger.to_user(user_id, text)
        except Undelivered:
            log.info("user %s does not take direct messages: the channel is told instead", user_id)
            return False
        except Exception:
            log.exception("a direct message to user %s failed", user_id)
            return False
        return True

    async def markers(self, row: GameRow, post: Post) -> None:
        """Every board post carries, for each person with unread private news, a marker in the channel
        (or their news by DM if they opted in)."""
        marks = await self.store.games.get(row.id)  # read marks as stored now (the mover's moved with the move)
        if marks is None:
            return
        marks.version = row.version
        found = []
        for seat in sorted(s.seat for s in row.seats):
            user_id = row.user_of(seat)
            if user_id is None:
                continue
            notices = await self.tables.unread(marks, seat)
            if not notices:
                continue
            with reading(game_lang(row)):  # a DM's reader is not the presser: the game's language
                news = phrase("bot.notify.news_dm", title=title_name(row), link=channel_link(row))
                news += "\n" + news_text(row, notices, [])
            if await self.dm(user_id, news):
                await self.store.log.mark_read(row.id, seat, notices[-1].version)
                continue
            found.append(phrase("bot.notify.marker", row, game_lang(row), seat=seat))
        if found:
            post.public_text = "\n".join([post.public_text or "", *found])
