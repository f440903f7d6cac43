"""Bots at the table: their moves, and hints.

After every commit (a person's move, a start, a resumed game) the bots that owe a decision decide,
one worker process each (``bot.play.thinking``), from their seat's view only, and their moves go
through the same gate, validation and log as a person's; it goes on while bots owe decisions
(sealed simultaneous ones too), so a run of bot moves shares one post with the last board. A bot
whose agent raises, or overruns its budget, plays a random legal move instead, with one warning
in the log (naming the game, the seat and what went wrong, never what the bot knew). The watcher
resumes any game left waiting on a bot (a restart, a failure), at start-up and every poll.

Hints: in a game opened with ``hints=yes``, a player who owes a decision may ask privately for the
greedy player's choice from their own view, with its reason in one line.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from bot.play import workers
from bot.play.answers import Damaged, Post, Refusal, User
from bot.play.bots import bot_rng, bot_secret, has_hooks
from bot.play.outbox import Outbox
from bot.play.stored import Loaded
from bot.play.tables import Tables
from bot.play.thinking import Thinkers
from bot.play.words import phrase, say
from bot.store import GameRow, StaleVersion
from engines.core import SYSTEM, Msg, NotYourTurn, RuleError

log = logging.getLogger("piazza")

LONGEST_RUN = 1000  # bot moves in one run at most (a game of bots alone ends long before); the watcher resumes


def _why(exc: BaseException, budget: float, grace: float) -> str:
    """What went wrong with an agent, for the log: its kind only (its message might quote the position)."""
    if isinstance(exc, TimeoutError):
        return f"no answer within its budget of {budget:g} s and {grace:g} s more"
    return f"its agent raised {type(exc).__name__}"


def seated(row: GameRow, user: User) -> int:
    seat = row.seat_of(user.id)
    if seat is None:
        raise Refusal(phrase("bot.play.not_playing"))
    return seat


def owes(row: GameRow, game: Loaded, seat: int) -> None:
    waiting = sorted(game.engine.to_act(game.state))
    if seat not in waiting:
        raise Refusal(say(row, NotYourTurn("core.not_your_turn", waiting=waiting)))


class Bots:
    def __init__(self, tables: Tables, outbox: Outbox, pool: workers.Workers, thinkers: Thinkers, budget: float,
                 secrets: Callable[[], str] = bot_secret):
        self.tables, self.outbox = tables, outbox
        self.workers, self.thinkers = pool, thinkers
        self.budget = budget  # seconds a greedy or mcts bot thinks per decision
        self.secrets = secrets  # where new games' bots' secrets come from

    async def secret(self, row: GameRow) -> str:
        """The key of the game's bots' generators; a game stored before there were secrets gets one now."""
        if row.bot_secret is None:
            row.bot_secret = await self.tables.store.games.keep_bot_secret(row.id, self.secrets())
        return row.bot_secret

    def owing(self, row: GameRow, game: Loaded, state: Any) -> list[int]:
        if game.engine.result(state) is not None:
            return []
        return [s for s in sorted(game.engine.to_act(state)) if row.bot_of(s)]

    async def move(self, row: GameRow, game: Loaded, state: Any, lines: list[str]) -> Any:
        """Every bot that owes a decision decides (those owing at once, in parallel) and moves, until
        no bot owes one; each move's line is appended to ``lines``. Returns the state reached."""
        engine = game.engine
        for _ in range(LONGEST_RUN):
            owing = self.owing(row, game, state)
            if not owing:
                break
            if game.deadline is not None and self.tables.clock() >= game.deadline:
                action = engine.action_adapter.validate_python({"kind": "time_up"})
                new, events = engine.apply(state, SYSTEM, action)
                lines.append(await self.tables.record(row, game, new, events, SYSTEM, action, reader=None))
                return new
            chosen = await asyncio.gather(*(self.choice(row, game, state, s) for s in owing))
            for i, (seat, action) in enumerate(zip(owing, chosen, strict=True)):
                if i and seat not in engine.to_act(state):  # an earlier answer settled this decision
                    break
                try:
                    new, events = await self.workers.run(workers.apply, workers.ref(game.title), state, seat, action)
                except RuleError:
                    if i == 0:  # chosen among this very position's legal actions: a bug of the rules
                        raise
                    break  # decided on a position that has changed since: decide again
                try:
                    lines.append(await self.tables.record(row, game, new, events, seat, action, reader=None))
                except StaleVersion:  # another process moved this game: it carries on from there
                    return state
                state = new
        return state

    async def choice(self, row: GameRow, game: Loaded, state: Any, seat: int, level: str | None = None) -> Any:
        """The action of the bot in ``seat`` (or of an agent of ``level`` for that seat); a random legal
        one (and one warning) if its agent fails or overruns."""
        level = level or row.bot_of(seat) or "random"
        view, legal = await self.workers.run(workers.sight, workers.ref(game.title), state, seat)
        rng = bot_rng(await self.secret(row), seat, row.version)
        budget = 0.0 if level == "random" else self.budget
        try:
            thought = await self.thinkers.decide(game.engine, level, view, seat, legal, rng, budget)
            return legal[thought.index]
        except Exception as exc:
            log.warning("game %s: the %s bot in seat %s played a random legal move: %s", row.id, level, seat + 1,
                        _why(exc, budget, self.thinkers.grace))
            return rng.choice(legal)

    async def play(self, channel_id: int) -> Post | None:
        """If a bot owes a decision in this channel's game (after a restart, or a failure), the bots
        move now and their board is posted; None if no bot owes anything. With several processes,
        the one that claims the game moves them; it reads the game again once it holds it
        (another may have moved them just before)."""
        async with self.tables.lock(channel_id):
            owing = await self._owing_in(channel_id)
            if owing is None:
                return None
            async with self.tables.claim(owing[0].id) as mine:
                owing = await self._owing_in(channel_id) if mine else None
                if owing is None:
                    return None
                row, game = owing
                shown_before = row.announced == row.version
                lines: list[str] = []
                state = await self.move(row, game, game.state, lines)
                if not lines:
                    return None
                return await self.outbox.publish(row, await self.outbox.run_post(row, game, state, lines, shown_before))

    async def _owing_in(self, channel_id: int) -> tuple[GameRow, Loaded] | None:
        row = await self.tables.store.games.open_in(channel_id)
        if row is None or row.status != "active":
            return None
        game = self.tables.load(row)
        return (row, game) if self.owing(row, game, game.state) else None

    async def resume(self) -> None:
        """The watcher's part: every game being played with bots whose bot owes a decision moves on.
        A game that fails is skipped (a damaged one with one warning); the others go on."""
        for game_id, channel_id in await self.tables.store.games.with_bots():
            try:
                await self.play(channel_id)
            except Damaged as exc:
                self.tables.warn(exc)
            except StaleVersion:  # a lost race: another process moved the game on (it carries on from there)
                log.debug("the bots of game %s: the game moved on meanwhile", game_id)
            except Exception:
                log.exception("the bots of game %s could not move", game_id)

    async def advise(self, channel_id: int, user: User, level: str) -> str:
        """The move (in notation) an agent of ``level`` chooses for the caller, as it would for a bot in
        their seat (the demo's players)."""
        row, game = await self.tables.active_game(channel_id)
        seat = seated(row, user)
        owes(row, game, seat)
        return game.engine.notation(game.state, await self.choice(row, game, game.state, seat, level))

    async def hint(self, channel_id: int, user: User) -> Post:
        """The greedy player's choice for the caller's decision, from the caller's view, privately."""
        row, game = await self.tables.active_game(channel_id)
        engine, state = game.engine, game.state
        seat = seated(row, user)
        if not has_hooks(engine):
            raise Refusal(phrase("bot.advice.unavailable", title=engine.title))
        if not row.hints:
            raise Refusal(phrase("bot.advice.off"))
        owes(row, game, seat)
        view, legal = await self.workers.run(workers.sight, workers.ref(game.title), state, seat)
        try:
            thought = await self.thinkers.decide(engine, "greedy", view, seat, legal,
                                                 bot_rng(await self.secret(row), seat, row.version), self.budget)
        except Exception as exc:
            log.warning("game %s: no hint for seat %s: %s", row.id, seat + 1, _why(exc, self.budget, self.thinkers.grace))
            raise Refusal(phrase("bot.advice.failed")) from None
        why = Msg("bot.advice.why", reason=thought.reason) if thought.reason is not None else Msg("bot.advice.no_reason")
        move = engine.notation(state, legal[thought.index])
        return Post(private_text=phrase("bot.advice.suggestion", row, move=move, why=why), game_id=row.id)
