"""The dispatcher: the one code that delivers what the bot says because of a change (``bot.store.effects``).

A collaborator that changes a game writes an effect row in the change's transaction; the
dispatcher delivers a channel's effects in order, under the channel's lock, and records each
delivery. Each kind has a *handler* that composes the post at delivery (``compose``; None when
there is nothing left to say) and records what its delivery means (``delivered``, in the
transaction that marks the row delivered). Boards are the first kind (``bot.play.outbox``).

Before a send, the row is marked in flight (committed), and stays so until it is delivered: after a
crash, a refusal or an error, that send may have reached Discord (a timeout can hide a success), so
the row is sent again with the same ``nonce``, and Discord (``enforce_nonce``, within a few minutes)
returns the message it already has instead of making a second one. A send
Discord refused (``Unposted``) or that failed is tried again at the next sweep, then after 1, 2, 4 ...
minutes, at most an hour apart; a restart, or a new effect in the channel, retries at once. A
channel's later effects wait behind a refused one (its order is kept), but for a direct message:
one that fails holds only the same user's later ones, never the channel's posts.

It runs where a change was made (the change's own post, ``deliver``), at start-up and at every
watcher poll (``sweep``), and when woken after a commit that wrote effects with nobody delivering
them (``wake``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, Protocol

from bot.play.answers import Damaged, Post
from bot.play.tables import Tables
from bot.play.words import phrase
from bot.store import Repositories
from bot.store.decoding import clock_text
from bot.store.effects import Effect

log = logging.getLogger("piazza")

RETRY_FIRST = timedelta(minutes=1)
RETRY_MAX = timedelta(hours=1)

# (channel id, post with its nonce) -> Sent (or None: delivered, nothing known of the message);
# raises Unposted (or anything) otherwise
Publisher = Callable[[int, Post], Awaitable[Any]]

BOARD, NOTICE, DM, EDIT = "board", "notice", "dm", "edit"  # routes: the publisher; the messenger's channel post;
# its DM; its edits of posts the bot made before (``Delivery.edits``)


@dataclass
class Edit:
    """A post the bot made before, to show ``text`` now (an edit is idempotent: always the latest state).
    ``buttons``: the lobby's buttons it keeps ("lobby": all of them; "join": only Join; "": none),
    labelled in ``lang``."""

    channel_id: int
    message_id: int
    text: str
    game_id: int
    lang: str
    buttons: str = ""


class Messenger(Protocol):
    """The transport's notices in a channel (``Unposted`` when it cannot) and direct messages
    (``Undelivered`` when the user does not take them); ``nonce`` as for boards."""

    def to_channel(self, channel_id: int, text: str, mentions: list[int], vote: tuple[int, int] | None = None,
                   lang: str | None = None, nonce: str | None = None,
                   buttons: tuple[int, str] | None = None) -> Awaitable[Any]: ...

    def to_user(self, user_id: int, text: str, nonce: str | None = None) -> Awaitable[Any]: ...

    def edit(self, edit: Edit) -> Awaitable[Any]:
        """Edit a post (``Unposted`` when Discord refused or could not be reached; a post that is gone
        is not an error: there is nothing left to show)."""
        ...


class Undelivered(Exception):
    """A direct message did not reach the user (they do not take DMs from the bot)."""


@dataclass
class Delivery:
    """What a handler composed: the post, how it goes (``route``), and the payload recorded with its
    send. A DM (``route`` DM, to ``effect.user_id``) the user does not take goes to the effect's
    channel instead, mentioning them; ``vote``: a notice's button to vote to replace that seat;
    ``edits`` (route EDIT): the posts to edit, in order; ``buttons``: (game, "lobby" or "join") a
    notice's lobby buttons, as ``Edit.buttons``; ``fallback``: what the channel is told instead
    of a DM the user does not take (None: the DM's own text; private news gives only a marker)."""

    post: Post
    payload: dict[str, Any]
    route: str = BOARD
    vote: tuple[int, int] | None = None
    edits: list[Edit] = field(default_factory=list)
    fallback: str | None = None
    buttons: tuple[int, str] | None = None


class Unposted(Exception):
    """The post did not reach the channel; the message says why, in words for the player."""


class DirectUnposted(Unposted):
    """A direct message did not reach Discord (it holds only that user's later DMs, not the channel)."""


@dataclass
class Sent:
    """What the transport knows of a delivered create: its message, and whether this send made it
    (False: Discord returned the message an earlier send with the same nonce made)."""

    message_id: int | None = None
    fresh: bool = True
    version: int | None = None  # a board's: the game version the delivered message shows, if known
    by_dm: bool = False  # a DM's: it reached the user (False: the channel was told instead)


class Handler(Protocol):
    async def compose(self, effect: Effect, live: Post | None) -> Delivery | None:
        """The post to deliver and the payload to record with its send (what it shows); None: nothing
        left to say (the row is dropped). ``live``: the post the change itself made, if it is this one's."""
        ...

    async def delivered(self, tx: Repositories, effect: Effect, post: Post, sent: Sent) -> None:
        """Record what the delivery means, in the transaction that marks the row delivered."""
        ...


def retry_delay(attempts: int) -> timedelta:
    """After the ``attempts``-th failed send: at once (the next sweep), then 1, 2, 4 ... minutes, at most 1 h."""
    if attempts <= 1:
        return timedelta(0)
    return min(RETRY_FIRST * 2 ** (attempts - 2), RETRY_MAX)


class Dispatcher:
    def __init__(self, tables: Tables, publisher: Publisher | None = None, messenger: Messenger | None = None):
        self.tables, self.store = tables, tables.store
        self.publisher, self.messenger = publisher, messenger
        self.handlers: dict[str, Handler] = {}
        self._woken: asyncio.Task | None = None

    def handles(self, kind: str, handler: Handler) -> None:
        self.handlers[kind] = handler

    async def deliver(self, channel_id: int, live: Post | None = None) -> Post | None:
        """Deliver the channel's effects in order (the caller holds the channel's lock). ``live``: the
        post the caller's change made; it is delivered as its game's board, and returned with
        ``unposted`` saying why if it (or an effect before it) did not go out."""
        if self.publisher is None and self.messenger is None:
            return live
        held: set[int] = set()  # users whose direct message failed: their later ones wait (their order)
        for effect in await self.store.effects.pending(channel_id):
            if effect.user_id in held:
                continue
            mine = live if live is not None and effect.game_id == live.game_id and effect.kind == BOARD else None
            why, private = await self._one(effect, mine)
            if why is None:
                continue
            if private and effect.user_id is not None:  # a DM holds only that user's later DMs
                held.add(effect.user_id)
                continue
            if live is not None:  # the channel's later effects wait behind it (order is kept)
                live.unposted = why
            break
        return live

    async def _one(self, effect: Effect, live: Post | None) -> tuple[str | None, bool]:
        """Deliver one effect: why it did not go out (None: it did), and whether it was a direct message."""
        handler = self.handlers.get(effect.kind)
        now = self.tables.clock()
        if (self.publisher if effect.kind == BOARD else self.messenger) is None:
            return None, False  # no transport for it here (tests, the CLI): it waits, and holds nothing up
        try:
            composed = None if handler is None else await handler.compose(effect, live)
        except Damaged as exc:  # tried again an hour later (a damaged game's channel is its own)
            self.tables.warn(exc)
            await self.store.effects.failed(effect.id, now + RETRY_MAX)
            return phrase("bot.chat.our_side"), False
        if composed is None or handler is None:
            await self.store.effects.delivered(effect.id, None, now)  # nothing left to say
            return None, False
        post, payload = composed.post, composed.payload
        post.nonce = effect.nonce
        await self.store.effects.sending(effect.id, payload)
        why, private = None, False
        try:
            sent = await self._send(effect, composed)
        except Unposted as exc:
            why, private = str(exc), isinstance(exc, DirectUnposted)
        except Exception:
            log.exception("could not deliver %s %s in channel %s", effect.kind, effect.id, effect.channel_id)
            why = phrase("bot.chat.our_side")
        if why is not None:
            await self.store.effects.failed(effect.id, self.tables.clock() + retry_delay(effect.attempts + 1))
            return why, private
        sent = sent if isinstance(sent, Sent) else Sent()
        effect.payload = payload
        async with self.store.transaction() as tx:
            await tx.effects.delivered(effect.id, sent.message_id, self.tables.clock())
            await handler.delivered(tx, effect, post, sent)
        return None, False

    async def _send(self, effect: Effect, composed: Delivery) -> Any:
        post = composed.post
        if composed.route == BOARD:
            assert self.publisher is not None
            return await self.publisher(effect.channel_id, post)
        assert self.messenger is not None
        if composed.route == EDIT:
            for edit in composed.edits:
                await self.messenger.edit(edit)
            return None
        text = post.public_text or ""
        if composed.route == DM and effect.user_id is not None:
            try:
                sent = await self.messenger.to_user(effect.user_id, text, nonce=post.nonce)
            except Undelivered:
                log.info("user %s does not take direct messages: the channel is told instead", effect.user_id)
            except Unposted as exc:  # Discord could not be reached: the DM is tried again (it may have arrived)
                raise DirectUnposted(str(exc)) from exc
            except Exception:  # the channel is told instead
                log.exception("a direct message to user %s failed", effect.user_id)
            else:
                sent = sent if isinstance(sent, Sent) else Sent()
                sent.by_dm = True
                return sent
            text = composed.fallback if composed.fallback is not None else text
            mentions = [effect.user_id]
        else:
            mentions = post.mentions
        more = {"buttons": composed.buttons} if composed.buttons else {}
        return await self.messenger.to_channel(effect.channel_id, text, mentions, vote=composed.vote, lang=post.lang,
                                               nonce=post.nonce, **more)

    async def sweep(self) -> None:
        """Every channel with effects due: delivered in order, each game's by one process (its claim)."""
        if self.publisher is None and self.messenger is None:
            return
        for channel_id in await self.store.effects.channels_due(self.tables.clock()):
            try:
                await self._sweep_channel(channel_id)
            except Exception:
                log.exception("could not deliver the effects of channel %s", channel_id)

    async def _sweep_channel(self, channel_id: int) -> None:
        async with self.tables.lock(channel_id), AsyncExitStack() as claims:
            pending = await self.store.effects.pending(channel_id)  # as they are now no move can interleave
            now = clock_text(self.tables.clock())
            if not any(e.next_try <= now for e in pending):  # (one due behind a DM that waits goes now)
                return
            for game_id in sorted({e.game_id for e in pending if e.game_id is not None}):
                if not await claims.enter_async_context(self.tables.claim(game_id)):
                    return  # another process is delivering (or moving) there
            await self.deliver(channel_id, None)

    def wake(self) -> None:
        """A commit wrote effects nobody is delivering now: a sweep soon (one at a time)."""
        if (self.publisher is None and self.messenger is None) or (self._woken is not None and not self._woken.done()):
            return
        self._woken = asyncio.get_running_loop().create_task(self.sweep())

    async def drain(self, timeout: float) -> bool:
        """Shutdown: let a woken sweep finish, at most ``timeout`` s (the rest stays in the outbox)."""
        if self._woken is None or self._woken.done():
            return True
        try:
            await asyncio.wait_for(asyncio.shield(self._woken), timeout)
        except TimeoutError:
            return False
        return True

