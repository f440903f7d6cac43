"""The outbox: every board a channel is owed reaches it once, even after a failed post or a crash.

The store keeps, per game, the last version whose board was posted (``announced``). The
service posts public boards through a *publisher* (the transport's "send this to channel N",
which raises ``Unposted`` with a reason a player can read) and records each success. A move
whose board did not go out (Discord refused it, or the bot stopped right after storing the
move) leaves its game lagging. The next board posted for that game, by the next move, by
/board, or by the sweep that runs at start-up and at every watcher poll, carries the public
text of every move since the last board shown and mentions whoever owes a decision now.

A failed post is retried at the next sweep, then after 1, 2, 4 ... minutes, at most an hour
apart; a restart retries at once.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import Any

from bot.play import presenting
from bot.play.answers import Damaged, Post
from bot.play.boards import Boards, moves_text
from bot.play.stored import Loaded
from bot.play.tables import Tables
from bot.play.words import phrase
from bot.store import GameRow

log = logging.getLogger("piazza")

# (channel id, post) -> None once the channel has it; raises Unposted (or anything) otherwise
Publisher = Callable[[int, Post], Awaitable[None]]

RETRY_FIRST = timedelta(minutes=1)
RETRY_MAX = timedelta(hours=1)


class Unposted(Exception):
    """The post did not reach the channel; the message says why, in words for the player."""


class Retries:
    """When each lagging game's board may be tried again (a doubling back-off)."""

    def __init__(self) -> None:
        self._next: dict[int, tuple[datetime, timedelta]] = {}

    def due(self, game_id: int, now: datetime) -> bool:
        entry = self._next.get(game_id)
        return entry is None or now >= entry[0]

    def failed(self, game_id: int, now: datetime) -> None:
        _, delay = self._next.get(game_id, (now, timedelta(0)))
        self._next[game_id] = (now + delay, min(max(delay * 2, RETRY_FIRST), RETRY_MAX))

    def succeeded(self, game_id: int) -> None:
        self._next.pop(game_id, None)


class Outbox:
    """Publishing a board under the channel's lock, recording it as shown, and catching up lagging
    games. Without a publisher (tests, the demo, the CLI) boards are only returned."""

    def __init__(self, tables: Tables, boards: Boards, publisher: Publisher | None = None):
        self.tables, self.boards = tables, boards
        self.store = tables.store
        self.publisher = publisher
        self._retries = Retries()

    async def publish(self, row: GameRow, post: Post) -> Post:
        """Post to the channel through the publisher, if there is one, and record it as shown;
        on failure ``post.unposted`` says why. Called under the channel's lock, so a channel's
        boards go out in order."""
        if self.publisher is None or post.version is None:
            return post
        try:
            await self.publisher(row.channel_id, post)
        except Unposted as exc:
            post.unposted = str(exc)
        except Exception:
            log.exception("could not post the board of game %s", row.id)
            post.unposted = phrase("bot.chat.our_side")
        if post.unposted is not None:
            self._retries.failed(row.id, self.tables.clock())
            return post
        self._retries.succeeded(row.id)
        await self.store.games.mark_announced(row.id, post.version)
        row.announced = max(row.announced, post.version)
        return post

    def lags(self, row: GameRow) -> bool:
        """The channel has not been shown this game's newest board (only known with a publisher)."""
        return self.publisher is not None and row.status != "lobby" and row.announced < row.version

    async def catch_up(self, row: GameRow, game: Loaded) -> Post:
        """The newest board with every move the channel missed, mentioning who owes a decision."""
        head = await self.boards.moves_since_shown(row, game, game.state)
        return await self.boards.post(row, game, game.state, head, presenting.waiting_users(row, game, game.state))

    async def run_post(self, row: GameRow, game: Loaded, state: Any, lines: list[str], shown_before: bool) -> Post:
        """The board after a run of moves (``lines``), with every move the channel has not seen."""
        if self.publisher is not None and not shown_before:
            head = await self.boards.moves_since_shown(row, game, state)
        else:
            head = moves_text(lines)
        finished = game.engine.result(state) is not None
        return await self.boards.post(row, game, state, head, [] if finished else presenting.waiting_users(row, game, state))

    async def flush(self) -> None:
        """Post the newest board of every lagging game whose retry is due (once per game)."""
        if self.publisher is None:
            return
        for game_id in await self.store.games.lagging():
            if not self._retries.due(game_id, self.tables.clock()):
                continue
            try:
                await self._flush_one(game_id)
            except Damaged as exc:
                self.tables.warn(exc)
            except Exception:
                log.exception("could not catch up game %s", game_id)
                self._retries.failed(game_id, self.tables.clock())

    async def _flush_one(self, game_id: int) -> None:
        row = await self.store.games.get(game_id)
        if row is None:
            return
        async with self.tables.lock(row.channel_id), self.tables.claim(game_id) as mine:
            row = await self.store.games.get(game_id)  # as it is now that no move can interleave
            if mine and row is not None and self.lags(row):  # (nor another process post it)
                await self.publish(row, await self.catch_up(row, self.tables.load(row)))
