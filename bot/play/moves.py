"""Moves: a player's move typed in chat notation (or chosen from a menu), committed with the bots' moves
that follow it and one board showing them all; and the deadline, which ends a game before anything
else is played in it.

A menu's move carries what it was made for: the game (``expected_game``), the seat's decision
(``expected_decision``, a ``decision_token``) or, from menus of earlier releases, the game's version
(``expected_version``); a move made from a menu that no longer fits is refused, nothing changed.
Applying a move runs in a worker process (``bot.play.workers``); the commit checks, in its own
transaction, that no other move landed and that the seat is still the mover's (``Tables.record``).
"""

from __future__ import annotations

import logging
from typing import Any

from bot.play import presenting, workers
from bot.play.answers import Damaged, Post, Refusal, User, refusal
from bot.play.bot_play import Bots
from bot.play.metrics import MOVE_SECONDS
from bot.play.notify import Notices, news_text
from bot.play.outbox import Outbox
from bot.play.stored import Loaded
from bot.play.tables import Tables
from bot.play.words import phrase, say
from bot.store import GameRow, StaleVersion
from engines.core import SYSTEM, Msg, NotYourTurn, RuleError

log = logging.getLogger("piazza")

HINT = "?"  # the value of an autocomplete entry that only explains; /move refuses it


def out_of_date(why: Msg, row: GameRow | None = None) -> Refusal:
    return Refusal(say(row, Msg("bot.menu.out_of_date", why=why)))


class Moves:
    def __init__(self, tables: Tables, bots: Bots, outbox: Outbox, notices: Notices, pool: workers.Workers):
        self.tables, self.bots, self.outbox, self.notices = tables, bots, outbox, notices
        self.workers = pool

    async def act(self, channel_id: int, user: User, text: str, expected_version: int | None = None,
                  expected_decision: str | None = None, expected_game: int | None = None) -> Post:
        """Play one move typed in chat notation. From a menu, ``expected_game`` refuses the move if
        the channel's game is another by now, ``expected_decision`` (its ``decision_token``) if the
        caller's decision has changed since the menu was made, ``expected_version`` (menus of
        earlier releases) if the game has moved."""
        with MOVE_SECONDS.time():
            return await self._act(channel_id, user, text, expected_version, expected_decision, expected_game)

    async def _act(self, channel_id: int, user: User, text: str, expected_version: int | None,
                   expected_decision: str | None, expected_game: int | None) -> Post:
        async with self.tables.lock(channel_id):
            row, game = await self.tables.active_game(channel_id, expected_game)
            ended = await self.apply_deadline(row, game)
            if ended is not None:
                ended.private_text = phrase("bot.deadline.ended_first")
                return ended
            if expected_version is not None and expected_version != row.version:
                raise out_of_date(Msg("bot.menu.moved_on"))
            engine, state = game.engine, game.state
            seat = row.seat_of(user.id)
            if seat is None:
                raise Refusal(phrase("bot.play.not_playing"))
            waiting = sorted(engine.to_act(state))
            if expected_decision is not None:
                if seat not in waiting:
                    raise out_of_date(Msg("bot.menu.waiting", seats=waiting), row)
                notations = [c.notation for c in engine.choices(state, seat)]
                if expected_decision != await self.tables.decision(row, seat, notations):
                    raise out_of_date(Msg("bot.menu.changed"))
            if seat not in waiting:  # the core's refusal, before reading the move (which may not parse)
                raise Refusal(say(row, NotYourTurn("core.not_your_turn", waiting=waiting)))
            if text.strip() == HINT:
                raise Refusal(phrase("bot.play.hint_chosen"))
            try:  # pure rules, run in a worker process like the drawing
                action, new, events = await self.workers.run(workers.play, workers.ref(game.title), state, seat, text)
            except RuleError as exc:
                raise refusal(row, exc) from exc
            except workers.WorkersDown:
                log.error("game %s: the worker processes broke twice under one move; the move was refused", row.id)
                raise Refusal(phrase("bot.play.not_computed")) from None
            return await self.commit(row, game, new, events, seat, action, actor=user)

    async def commit(self, row: GameRow, game: Loaded, new: Any, events: list, seat: int, action: Any,
                     actor: User | None) -> Post:
        """Store the move; then the bots that owe a decision move, and one board shows it all."""
        engine = game.engine
        mover = None if seat == SYSTEM else seat  # shown its news with this move: read in the same transaction
        earlier = [] if mover is None else await self.tables.unread(row, seat)
        shown_before = row.announced == row.version  # the channel saw the board this move was made on
        try:
            lines = [await self.tables.record(row, game, new, events, seat, action, reader=mover)]
        except StaleVersion as exc:
            raise refusal(row, exc) from exc
        state = await self.bots.move(row, game, new, lines)
        post = await self.outbox.run_post(row, game, state, lines, shown_before)
        if mover is not None:  # the mover's news: any they had not seen, then this move's private events
            post.private_text = news_text(row, earlier, [say(row, e) for e in events if e.to == seat]) or None
        if actor is not None and seat != SYSTEM and not post.finished and seat in engine.to_act(state):
            post.choices = presenting.labelled(row, engine.choices(state, seat))
            post.decision = await self.tables.decision(row, seat, [c.notation for c in post.choices])
        return await self.outbox.publish(row, post)

    # --- the deadline ------------------------------------------------------------------------------
    async def apply_deadline(self, row: GameRow, game: Loaded) -> Post | None:
        """If the game's deadline has passed, the platform ends it (a logged SYSTEM action)."""
        if game.deadline is None or row.status != "active":
            return None
        if self.tables.clock() < game.deadline:
            return None
        engine = game.engine
        action = engine.action_adapter.validate_python({"kind": "time_up"})
        new, events = engine.apply(game.state, SYSTEM, action)
        return await self.commit(row, game, new, events, SYSTEM, action, actor=None)

    async def check_deadline(self, channel_id: int) -> Post | None:
        async with self.tables.lock(channel_id):
            row = await self.tables.store.games.open_in(channel_id)
            if row is None or row.status != "active":
                return None
            return await self.apply_deadline(row, self.tables.load(row))

    async def sweep_deadlines(self) -> None:
        """The watcher's part: every game whose deadline has passed ends (one process fires each).
        A game that fails is skipped (a damaged one with one warning); the others go on."""
        for game_id, channel_id in await self.tables.store.games.due(self.tables.clock()):
            try:
                async with self.tables.claim(game_id) as mine:  # one process fires it
                    if mine:
                        await self.check_deadline(channel_id)
            except Damaged as exc:
                self.tables.warn(exc)
            except Refusal as exc:  # a lost race (another process moved first) is no failure
                if isinstance(exc.__cause__, StaleVersion):
                    log.debug("the deadline of game %s: the game moved on meanwhile (it ends at the next sweep)", game_id)
                else:
                    log.exception("the deadline check of game %s failed", game_id)
            except Exception:
                log.exception("the deadline check of game %s failed", game_id)
