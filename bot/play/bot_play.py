"""Bots at the table (a part of ``GameService``): seating and removing them in the lobby, their
moves, and hints.

After every commit (a person's move, a start, a resumed game) the service lets the bots that owe a
decision decide, one worker process each (``bot.play.thinking``), from their seat's view only, and
plays their moves through the same gate, validation and log as a person's; it goes on while bots
owe decisions (sealed simultaneous ones too), so a run of bot moves shares one post with the last
board. A bot whose agent raises, or overruns its budget, plays a random legal move instead, with
one warning in the log (naming the game, the seat and what went wrong, never what the bot knew).
The watcher resumes any game left waiting on a bot (a restart, a failure), at start-up and every
poll.

Hints: in a game opened with ``hints=yes``, a player who owes a decision may ask privately for the
greedy player's choice from their own view, with its reason in one line.
"""

from __future__ import annotations

import asyncio
import logging

from bot.play import presenting, workers
from bot.play.answers import Damaged, Post, Refusal, User, refusal
from bot.play.bots import LEVELS, bot_name, bot_rng, has_hooks, needs_hooks
from bot.play.locale import game_lang
from bot.play.looking import Looking
from bot.play.names import chat_name
from bot.play.outbox import moves_text
from bot.play.stored import Loaded
from bot.play.words import phrase, say
from bot.store import GameRow, StaleVersion, StoreError
from bot.store.claims import GAME, LEASE
from engines.core import SYSTEM, Msg, NotYourTurn, RuleError

log = logging.getLogger("piazza")

LONGEST_RUN = 1000  # bot moves in one run at most (a game of bots alone ends long before); the watcher resumes


def _why(exc: BaseException, budget: float, grace: float) -> str:
    """What went wrong with an agent, for the log: its kind only (its message might quote the position)."""
    if isinstance(exc, TimeoutError):
        return f"no answer within its budget of {budget:g} s and {grace:g} s more"
    return f"its agent raised {type(exc).__name__}"


def _seated(row: GameRow, user: User) -> int:
    seat = row.seat_of(user.id)
    if seat is None:
        raise Refusal(phrase("bot.play.not_playing"))
    return seat


def _owes(row: GameRow, game: Loaded, seat: int) -> None:
    waiting = sorted(game.engine.to_act(game.state))
    if seat not in waiting:
        raise Refusal(say(row, NotYourTurn("core.not_your_turn", waiting=waiting)))


class BotPlay(Looking):
    async def _apply_deadline(self, row: GameRow, game: Loaded) -> Post | None:
        raise NotImplementedError  # the service's: a game whose deadline has passed ends before anything else

    # --- the lobby --------------------------------------------------------------
    async def add_bot(self, channel_id: int, user: User, level: str) -> Post:
        """A seated player seats a bot of ``level`` in the lobby."""
        async with self._lock(channel_id):
            row, game = await self._lobby_for(channel_id, user)
            engine = game.engine
            if level not in LEVELS:
                raise Refusal(phrase("bot.bots.unknown_level", level=level, levels=", ".join(LEVELS)))
            if needs_hooks(level) and not has_hooks(engine):
                raise Refusal(phrase("bot.bots.level_unavailable", title=engine.title, level=level))
            try:
                seat, name = await self.store.seats.add_bot(row.id, level, lambda taken: bot_name(level, taken),
                                                      engine.max_players)
            except StoreError as exc:
                raise refusal(row, exc) from exc
        lang = game_lang(row)
        return Post(public_text=phrase("bot.bots.added", lang=lang, name=chat_name(user.name), bot=chat_name(name),
                                       title=engine.title, seat=seat + 1, seated=seat + 1), game_id=row.id, lang=lang)

    async def remove_bot(self, channel_id: int, user: User, name: str | None = None) -> Post:
        """A seated player removes a bot from the lobby: the one named (its first name is enough),
        or the last one seated."""
        async with self._lock(channel_id):
            row, _ = await self._lobby_for(channel_id, user)
            bots = [s for s in row.seats if s.bot]
            if not bots:
                raise Refusal(phrase("bot.bots.none"))
            if name is None or not name.strip():
                seat = bots[-1]
            else:
                wanted = name.strip().casefold()
                found = [s for s in bots if wanted in (s.name.casefold(), s.name.split(" ")[0].casefold())]
                if not found:
                    seated = ", ".join(chat_name(s.name) for s in bots)
                    raise Refusal(phrase("bot.bots.unknown", name=name, bots=seated))
                seat = found[0]
            try:
                status = await self.store.seats.remove(row.id, seat.user_id)
            except StoreError as exc:
                raise refusal(row, exc) from exc
        assert status == "lobby"  # a person is still seated: the caller
        lang = game_lang(row)
        return Post(public_text=phrase("bot.bots.removed", lang=lang, name=chat_name(user.name),
                                       bot=chat_name(seat.name)), game_id=row.id, lang=lang)

    async def _lobby_for(self, channel_id: int, user: User) -> tuple[GameRow, Loaded]:
        row = await self._open_game(channel_id)
        game = self._states.load(row)
        if row.status != "lobby":
            raise Refusal(phrase("bot.bots.lobby_only"))
        if row.seat_of(user.id) is None:
            raise Refusal(phrase("bot.bots.seated_only"))
        return row, game

    # --- storing a move ---------------------------------------------------------------
    async def _record(self, row: GameRow, game: Loaded, new, events, seat: int, action, reader: int | None) -> str:
        """Store one move (anyone's) and return its public line; StaleVersion if another landed first."""
        engine = game.engine
        finished = engine.result(new) is not None
        async with self.store.transaction() as tx:  # the game held for this process with the move
            version = await tx.log.append(
                row.id, row.version, seat, engine.action_adapter.dump_json(action).decode(),
                [e.model_dump(mode="json") for e in events], new.model_dump_json(), finished, reader=reader)
            await tx.claims.claim(GAME, str(row.id), self.owner, self._clock(), LEASE)
        row.version = version
        if finished:
            row.status = "finished"
        self._states.remember(row.id, version, new)
        lang = game_lang(row)
        return presenting.move_line(row, game, new, seat, [say(row, e, lang) for e in events if e.to is None])

    async def _run_post(self, row: GameRow, game: Loaded, state, lines: list[str], shown_before: bool) -> Post:
        """The board after a run of moves (``lines``), with every move the channel has not seen."""
        if self.publisher is not None and not shown_before:
            head = await self._moves_since_shown(row, game, state)
        else:
            head = moves_text(lines)
        finished = game.engine.result(state) is not None
        return await self._board_post(row, game, state, head,
                                      [] if finished else presenting.waiting_users(row, game, state))

    # --- bots' moves --------------------------------------------------------------------
    def _bots_owing(self, row: GameRow, game: Loaded, state) -> list[int]:
        if game.engine.result(state) is not None:
            return []
        return [s for s in sorted(game.engine.to_act(state)) if row.bot_of(s)]

    async def _bots_move(self, row: GameRow, game: Loaded, state, lines: list[str]):
        """Every bot that owes a decision decides (those owing at once, in parallel) and moves, until
        no bot owes one; each move's line is appended to ``lines``. Returns the state reached."""
        engine = game.engine
        for _ in range(LONGEST_RUN):
            owing = self._bots_owing(row, game, state)
            if not owing:
                break
            if game.deadline is not None and self._clock() >= game.deadline:
                action = engine.action_adapter.validate_python({"kind": "time_up"})
                new, events = engine.apply(state, SYSTEM, action)
                lines.append(await self._record(row, game, new, events, SYSTEM, action, reader=None))
                return new
            chosen = await asyncio.gather(*(self._bot_choice(row, game, state, s) for s in owing))
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
                    lines.append(await self._record(row, game, new, events, seat, action, reader=None))
                except StaleVersion:  # another process moved this game: it carries on from there
                    return state
                state = new
        return state

    async def _bot_choice(self, row: GameRow, game: Loaded, state, seat: int, level: str | None = None):
        """The action of the bot in ``seat`` (or of an agent of ``level`` for that seat); a random legal
        one (and one warning) if its agent fails or overruns."""
        level = level or row.bot_of(seat) or "random"
        view, legal = await self.workers.run(workers.sight, workers.ref(game.title), state, seat)
        rng = bot_rng(row.seed, seat, row.version)
        budget = self._budget(level)
        try:
            thought = await self.thinkers.decide(game.engine, level, view, seat, legal, rng, budget)
            return legal[thought.index]
        except Exception as exc:
            log.warning("game %s: the %s bot in seat %s played a random legal move: %s", row.id, level, seat + 1,
                        _why(exc, budget, self.thinkers.grace))
            return rng.choice(legal)

    def _budget(self, level: str) -> float:
        return 0.0 if level == "random" else self.bot_budget

    async def play_bots(self, channel_id: int) -> Post | None:
        """If a bot owes a decision in this channel's game (after a restart, or a failure), the bots
        move now and their board is posted; None if no bot owes anything. With several processes,
        the one that claims the game moves them; it reads the game again once it holds it
        (another may have moved them just before)."""
        async with self._lock(channel_id):
            owing = await self._bots_owing_in(channel_id)
            if owing is None:
                return None
            async with self._claim(owing[0].id) as mine:
                owing = await self._bots_owing_in(channel_id) if mine else None
                if owing is None:
                    return None
                row, game = owing
                shown_before = row.announced == row.version
                lines: list[str] = []
                state = await self._bots_move(row, game, game.state, lines)
                if not lines:
                    return None
                return await self._publish(row, await self._run_post(row, game, state, lines, shown_before))

    async def _bots_owing_in(self, channel_id: int) -> tuple[GameRow, Loaded] | None:
        row = await self.store.games.open_in(channel_id)
        if row is None or row.status != "active":
            return None
        game = self._states.load(row)
        return (row, game) if self._bots_owing(row, game, game.state) else None

    async def resume_bots(self) -> None:
        """The watcher's part: every game being played with bots whose bot owes a decision moves on.
        A game that fails is skipped (a damaged one with one warning); the others go on."""
        for game_id, channel_id in await self.store.games.with_bots():
            try:
                await self.play_bots(channel_id)
            except Damaged as exc:
                self._warn(exc)
            except Exception:
                log.exception("the bots of game %s could not move", game_id)

    async def advise(self, channel_id: int, user: User, level: str) -> str:
        """The move (in notation) an agent of ``level`` chooses for the caller, as it would for a bot in
        their seat (the demo's players)."""
        row, game = await self._active_game(channel_id)
        seat = _seated(row, user)
        _owes(row, game, seat)
        return game.engine.notation(game.state, await self._bot_choice(row, game, game.state, seat, level))

    # --- hints ----------------------------------------------------------------------------
    async def hint(self, channel_id: int, user: User) -> Post:
        """The greedy player's choice for the caller's decision, from the caller's view, privately."""
        row, game = await self._active_game(channel_id)
        engine, state = game.engine, game.state
        seat = _seated(row, user)
        if not has_hooks(engine):
            raise Refusal(phrase("bot.advice.unavailable", title=engine.title))
        if not row.hints:
            raise Refusal(phrase("bot.advice.off"))
        _owes(row, game, seat)
        view, legal = await self.workers.run(workers.sight, workers.ref(game.title), state, seat)
        try:
            thought = await self.thinkers.decide(engine, "greedy", view, seat, legal,
                                                 bot_rng(row.seed, seat, row.version), self.bot_budget)
        except Exception as exc:
            log.warning("game %s: no hint for seat %s: %s", row.id, seat + 1,
                        _why(exc, self.bot_budget, self.thinkers.grace))
            raise Refusal(phrase("bot.advice.failed")) from None
        why = Msg("bot.advice.why", reason=thought.reason) if thought.reason is not None else ""
        move = engine.notation(state, legal[thought.index])
        return Post(private_text=phrase("bot.advice.suggestion", row, move=move, why=why), game_id=row.id)
