"""Boards through the outbox: every board a channel is owed reaches it once, even after a failed
post or a crash.

A change that moves a game on (a move, the bots' moves after it, an undo, a start, a timeout)
writes, in its own transaction, that the game's channel is owed the board of the new version (a
``board`` effect, ``bot.store.effects``); the store keeps, per game, the last version whose board
was posted (``announced``). The change then composes its board and hands it to the dispatcher
(``bot.play.effects``), which delivers it with the effect's nonce and records it as shown in one
transaction. A board that did not go out (Discord refused it, or the bot stopped right after storing
the move) leaves its effect waiting and its game lagging: the next board posted for that game (by
the next move, by /board, or by the dispatcher's sweep at start-up and at every watcher poll)
carries the public text of every move since the last board shown and mentions whoever owes a
decision now. A board whose send began before a crash is sent again with the same nonce: Discord
returns the message it already has.
"""

from __future__ import annotations

from typing import Any

from bot.play import presenting
from bot.play.answers import Post
from bot.play.boards import Boards, moves_text
from bot.play.effects import Delivery, Dispatcher, Publisher, Sent, Unposted
from bot.play.stored import Loaded
from bot.play.tables import Tables
from bot.store import GameRow, Repositories
from bot.store.effects import BOARD, Effect

__all__ = ["Outbox", "Publisher", "Unposted"]


class Outbox:
    """The board kind of effect: composing a board at delivery (the change's own, or the catch-up of a
    lagging game) and recording it as shown. Without a publisher (tests, the demo, the CLI) boards are
    only returned."""

    def __init__(self, tables: Tables, boards: Boards, dispatcher: Dispatcher):
        self.tables, self.boards, self.dispatcher = tables, boards, dispatcher
        self.store = tables.store
        dispatcher.handles(BOARD, self)

    @property
    def publisher(self) -> Publisher | None:
        return self.dispatcher.publisher

    async def publish(self, row: GameRow, post: Post, again: bool = False) -> Post:
        """Deliver ``post`` as the game's board through the dispatcher, if there is a publisher; on failure
        ``post.unposted`` says why. Called under the channel's lock, so a channel's boards go out in
        order. ``again``: the board was asked for (/board) though the channel has it already."""
        if self.publisher is None or post.version is None:
            return post
        # the change wrote this board's effect in its own transaction; /board asks for one here
        await self.store.effects.board(row.id, row.channel_id, post.version, self.tables.clock(), again=again)
        await self.dispatcher.deliver(row.channel_id, live=post)
        if post.unposted is None:
            row.announced = max(row.announced, post.version)
        return post

    # --- the handler ------------------------------------------------------------------------------
    async def compose(self, effect: Effect, live: Post | None) -> Delivery | None:
        row = None if effect.game_id is None else await self.store.games.get(effect.game_id)
        if row is None or row.status in ("lobby", "aborted"):
            return None
        if effect.in_flight:  # a send began (then failed, or the bot stopped): again, same nonce, as the catch-up
            post = await self.catch_up(row, self.tables.load(row))
            first = effect.payload.get("first", effect.payload.get("version"))  # what its first send showed
            return Delivery(post, {"version": row.version, "first": first})
        if live is not None and live.version is not None:
            if row.announced >= live.version and not effect.payload.get("again"):
                return None  # an earlier board of this delivery showed it already
            return Delivery(live, {"version": live.version})
        if not self.lags(row):
            return None  # shown meanwhile (or a /board whose post failed: its asker was told)
        return Delivery(await self.catch_up(row, self.tables.load(row)), {"version": row.version})

    async def delivered(self, tx: Repositories, effect: Effect, post: Post, sent: Sent) -> None:
        # Discord may have returned what an earlier send made: the version that message shows (if the
        # transport cannot tell, what its first send showed, the earliest it can show)
        version = post.version if sent.fresh else sent.version if sent.version is not None else \
            effect.payload.get("first", post.version)
        if effect.game_id is not None and isinstance(version, int):
            await tx.games.mark_announced(effect.game_id, version)

    # --- composing ----------------------------------------------------------------------------------
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
        """The sweep's part: every lagging game is owed a board (a game stored before the outbox, or
        whose in-flight resend turned out to be an earlier board), then the dispatcher delivers what
        is due."""
        if self.publisher is not None:  # (without one, the other kinds still go: notices, edits, DMs)
            for game_id in await self.store.games.lagging():
                row = await self.store.games.get(game_id)
                if row is not None:
                    await self.store.effects.owe_board(row.id, row.channel_id, row.version, self.tables.clock())
        await self.dispatcher.sweep()
