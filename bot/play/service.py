"""The transport-agnostic game service: create, join, leave, start, act, board, hand,
log, abort, games, suggestions. No discord objects in here.

Each call returns a ``Post`` saying what to show: public text, the public board image,
whom to mention, and private content for the caller only. Player mistakes raise
``Refusal`` (a sentence to show to that player alone); nothing changes on a refusal.
Moves on one channel are serialized by a lock; different games run concurrently.
Applying a move and drawing run in worker processes (``bot.play.workers``), so the event loop
(and Discord's heartbeat) never waits for the rules or for Pillow, nor for the GIL they hold.

With a ``publisher`` (``bot.play.outbox``), the service posts every public board itself, under
the channel's lock, and records what each channel has been shown. A stored game that no
longer loads is ``Damaged``: its players are refused, listings and sweeps skip it.

Every event of a move is logged as data; the private ones are their seat's notices, shown to
that seat once, with its next move or its next look (``Looking.hand``), never in public.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from bot.play import presenting, registry, workers
from bot.play.answers import Damaged, GameSummary, Post, Refusal, Shown, User, refusal
from bot.play.clock import parse_clock
from bot.play.locale import LANG_OPTION, game_lang, without_lang
from bot.play.looking import news_text
from bot.play.names import chat_name
from bot.play.options import OptionError, parse_hints, parse_options, split_options, typed_options
from bot.play.outbox import Publisher
from bot.play.places import Places
from bot.play.playback import replay_log
from bot.play.replace import Replacing
from bot.play.stored import Loaded, title_name
from bot.play.thinking import Thinkers
from bot.play.words import phrase, say
from bot.play.workers import Workers
from bot.store import GameRow, StaleVersion, Store, StoreError, deadline_text
from bot.store.claims import GAME, LEASE
from engines.core import SYSTEM, Msg, NotYourTurn, RuleError
from engines.core.rng import seed_text
from render.text import DEFAULT_LOCALE, LOCALES

__all__ = ["Damaged", "GameService", "GameSummary", "Post", "Refusal", "User"]

log = logging.getLogger("piazza")

MAX_SUGGESTIONS = 25
DEADLINE_WINDOW = timedelta(days=730)  # a deadline is at most two years ahead
HINT = "?"  # the value of an autocomplete entry that only explains; /move refuses it


def hint(key: str, **params) -> Shown:
    """An autocomplete entry that only explains (``bot.hint.*``); the chat layer cuts its length."""
    return Shown(notation=HINT, label=phrase(key, **params))


def out_of_date(why: Msg, row: GameRow | None = None) -> Refusal:
    return Refusal(say(row, Msg("bot.menu.out_of_date", why=why)))


class GameService(Replacing, Places):
    def __init__(
        self,
        store: Store,
        clock: Callable[[], datetime] | None = None,
        seeds: Callable[[], int | str] | None = None,
        publisher: Publisher | None = None,
        bot_budget: float | None = None,
        thinkers: Thinkers | None = None,
        workers: Workers | None = None,
    ):
        """``clock`` and ``seeds`` (where new games' seeds come from) can be given by
        tests that need a fixed date or a reproducible game; ``bot_budget`` (seconds a greedy or
        mcts bot thinks per decision; ``PIAZZA_BOT_BUDGET_MS`` otherwise) and ``thinkers`` (the
        worker pool bots think in; the process's own otherwise) by tests and the demo; ``workers``
        (the worker processes moves are applied and drawn in, ``bot.play.workers``; the process's
        own otherwise) by tests."""
        super().__init__(store, clock, seeds, publisher, bot_budget, thinkers, workers)

    # --- lobby --------------------------------------------------------------
    def check_new(self, game_key: str, options_text: str | None = None):
        """The title, options, deadline and hints of a new game, or a Refusal saying what is wrong
        (also called before a thread is made for the game)."""
        try:
            title = registry.get(game_key)
        except KeyError:
            known = ", ".join(sorted(registry.titles()))
            raise Refusal(phrase("bot.lobby.unknown_game", game=game_key, known=known)) from None
        engine = title.engine
        try:
            pairs = split_options(options_text)
            deadline = pairs.pop("deadline", None)
            if deadline is not None:
                deadline = self._parse_deadline(engine, deadline)
            hints = parse_hints(engine, pairs.pop("hints", None))
            clock = parse_clock(pairs.pop("clock", None), pairs.pop("on_timeout", None))
            options = parse_options(engine.options_model, pairs, engine.title)
            engine.check_options(options)
        except RuleError as exc:  # OptionError is one
            raise refusal(None, exc) from exc
        return title, options, deadline, hints, clock

    async def create(
        self, guild_id: int | None, channel_id: int, user: User, game_key: str, options_text: str | None = None,
        parent_id: int | None = None, lang: str = DEFAULT_LOCALE,
    ) -> Post:
        """Every option is checked here; only what depends on the player count waits for /start.
        ``parent_id``: the channel whose thread ``channel_id`` is (a game in its own thread).
        ``lang`` is the language of the game's public posts and boards, kept with its options."""
        if lang not in LOCALES:
            raise Refusal(phrase("bot.lobby.unknown_lang", given=lang, langs=", ".join(LOCALES)))
        title, options, deadline, hints, clock = self.check_new(game_key, options_text)
        engine = title.engine
        async with self._lock(channel_id):
            try:
                game_id = await self.store.games.create(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    game_key=game_key,
                    options={**options.model_dump(mode="json", exclude_defaults=True),
                             **({LANG_OPTION: lang} if lang != DEFAULT_LOCALE else {})},
                    seed=0,
                    creator_id=user.id,
                    creator_name=user.name,
                    deadline=deadline,
                    hints=hints,
                )
                await self.store.clocks.set_setting(game_id, clock.hours, clock.on_timeout)
            except StoreError as exc:
                raise refusal(None, exc) from exc
            if parent_id is not None:
                await self.store.places.set_place(game_id, parent_id)
        chosen = options.model_dump(mode="json", exclude_defaults=True)
        if hints:
            chosen["hints"] = "yes"
        if lang != DEFAULT_LOCALE:
            chosen[LANG_OPTION] = lang
        pairs_text = typed_options(chosen)
        ends = f"{datetime.fromisoformat(deadline):%Y-%m-%d %H:%M}" if deadline else None
        text = phrase("bot.lobby.opened", lang=lang, name=chat_name(user.name), title=engine.title,
                      low=engine.min_players,
                      high=engine.max_players,
                      options=Msg("bot.lobby.opened_options", pairs=pairs_text) if pairs_text else "",
                      ends=Msg("bot.lobby.opened_ends", when=ends) if ends else "")
        text += " " + self._clock_summary(clock, lang)
        return Post(public_text=text, game_id=game_id, lang=lang)

    def _parse_deadline(self, engine, text: str) -> str:
        """A date (UTC unless it says otherwise), after now and at most two years ahead."""
        if not engine.traits.deadline:
            raise OptionError("bot.deadline.none", title=engine.title)
        try:
            when = datetime.fromisoformat(text)
        except ValueError:
            raise OptionError("bot.deadline.unreadable", text=text) from None
        if when.tzinfo is None:
            when = when.replace(tzinfo=UTC)
        now = self._clock()
        if when <= now:
            raise OptionError("bot.deadline.past", text=text)
        latest = now + DEADLINE_WINDOW
        if when > latest:
            raise OptionError("bot.deadline.too_far", text=text, latest=f"{latest:%Y-%m-%d}")
        return deadline_text(when)

    async def join(self, channel_id: int, user: User) -> Post:
        async with self._lock(channel_id):
            row = await self._open_game(channel_id)
            engine = self._states.load(row).engine
            try:
                seat = await self.store.seats.add(row.id, user.id, user.name, engine.max_players)
            except StoreError as exc:
                raise refusal(row, exc) from exc
        lang = game_lang(row)
        text = phrase("bot.lobby.joined", lang=lang, name=chat_name(user.name), title=engine.title, seat=seat + 1,
                      seated=seat + 1)
        return Post(public_text=text, game_id=row.id, lang=lang)

    async def leave(self, channel_id: int, user: User) -> Post:
        async with self._lock(channel_id):
            row = await self._open_game(channel_id)
            self._states.load(row)
            try:
                status = await self.store.seats.remove(row.id, user.id)
            except StoreError as exc:
                raise refusal(row, exc) from exc
        closed = Msg("bot.lobby.left_closed") if status == "aborted" else ""
        lang = game_lang(row)
        return Post(public_text=phrase("bot.lobby.left", lang=lang, name=chat_name(user.name), closed=closed),
                    game_id=row.id, lang=lang)

    async def start(self, channel_id: int, user: User, seed: int | str | None = None) -> Post:
        async with self._lock(channel_id):
            row = await self._open_game(channel_id)
            game = self._states.load(row)
            if row.status != "lobby":
                raise Refusal(phrase("bot.lobby.already_started"))
            if row.seat_of(user.id) is None:
                raise Refusal(phrase("bot.lobby.seated_only"))
            engine = game.engine
            try:
                engine.check_players(len(row.seats), game.options)
            except RuleError as exc:
                raise Refusal(phrase("bot.lobby.too_few", row, why=exc.msg, seated=len(row.seats))) from exc
            seed = seed_text(self._seeds() if seed is None else seed)
            state = engine.new_game(len(row.seats), game.options, seed)
            try:  # refused if anyone joined or left meanwhile (another process on the same file)
                async with self.store.transaction() as tx:  # and the game held for this process
                    await tx.games.start(row.id, state.model_dump_json(), seed, seated=[s.user_id for s in row.seats],
                                         lobby=row.lobby)
                    await tx.claims.claim(GAME, str(row.id), self.owner, self._clock(), LEASE)
            except StaleVersion as exc:
                raise refusal(row, exc) from exc
            row.status, row.version, row.seed = "active", 0, seed
            self._states.remember(row.id, 0, state)
            lines = [presenting.begins_text(row, game, state)]
            state = await self._bots_move(row, game, state, lines)  # bots who decide first do so now
            post = await self._board_post(row, game, state, "\n".join(lines),
                                          presenting.waiting_users(row, game, state))
            return await self._publish(row, post)

    async def abort(self, channel_id: int, user: User, is_manager: bool = False) -> Post:
        """Abort belongs to the player who opened the game while still seated, or to whoever can
        manage the channel. It works on a damaged game too: that is how its channel is freed."""
        async with self._lock(channel_id):
            row = await self._open_game(channel_id)
            opener = user.id == row.created_by and row.seat_of(user.id) is not None
            if not (opener or is_manager):
                raise Refusal(phrase("bot.lobby.abort_refused"))
            await self.store.games.close(row.id, "aborted")
        lang = game_lang(row)
        return Post(public_text=phrase("bot.lobby.aborted", lang=lang, name=chat_name(user.name),
                                       title=title_name(row)), game_id=row.id, lang=lang)

    # --- playing ------------------------------------------------------------
    async def act(self, channel_id: int, user: User, text: str, expected_version: int | None = None,
                  expected_decision: str | None = None, expected_game: int | None = None) -> Post:
        """Play one move typed in chat notation. From a menu, ``expected_game`` refuses the move if
        the channel's game is another by now, ``expected_decision`` (its ``decision_token``) if the
        caller's decision has changed since the menu was made, ``expected_version`` (menus of
        earlier releases) if the game has moved."""
        async with self._lock(channel_id):
            row, game = await self._active_game(channel_id, expected_game)
            ended = await self._apply_deadline(row, game)
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
                if expected_decision != await self._decision(row, seat, [c.notation for c in engine.choices(state, seat)]):
                    raise out_of_date(Msg("bot.menu.changed"))
            if seat not in waiting:  # the core's refusal, before reading the move (which may not parse)
                not_yours = NotYourTurn("core.not_your_turn", waiting=waiting)
                raise Refusal(say(row, not_yours))
            if text.strip() == HINT:
                raise Refusal(phrase("bot.play.hint_chosen"))
            try:  # pure rules, run in a worker process like the drawing
                action, new, events = await self.workers.run(workers.play, workers.ref(game.title), state, seat, text)
            except RuleError as exc:
                raise refusal(row, exc) from exc
            except workers.WorkersDown:
                log.error("game %s: the worker processes broke twice under one move; the move was refused", row.id)
                raise Refusal(phrase("bot.play.not_computed")) from None
            return await self._commit(row, game, new, events, seat, action, actor=user)

    async def _commit(self, row: GameRow, game: Loaded, new, events, seat: int, action, actor: User | None) -> Post:
        """Store the move; then the bots that owe a decision move (``BotPlay``), and one board shows it all."""
        engine = game.engine
        mover = None if seat == SYSTEM else seat  # shown its news with this move: read in the same transaction
        earlier = [] if mover is None else await self._unread(row, seat)
        shown_before = row.announced == row.version  # the channel saw the board this move was made on
        try:
            lines = [await self._record(row, game, new, events, seat, action, reader=mover)]
        except StaleVersion as exc:
            raise refusal(row, exc) from exc
        state = await self._bots_move(row, game, new, lines)
        post = await self._run_post(row, game, state, lines, shown_before)
        if mover is not None:  # the mover's news: any they had not seen, then this move's private events
            post.private_text = news_text(row, earlier, [say(row, e) for e in events if e.to == seat]) or None
        if actor is not None and seat != SYSTEM and not post.finished and seat in engine.to_act(state):
            post.choices = presenting.labelled(row, engine.choices(state, seat))
            post.decision = await self._decision(row, seat, [c.notation for c in post.choices])
        return await self._publish(row, post)

    async def _apply_deadline(self, row: GameRow, game: Loaded) -> Post | None:
        """If the game's deadline has passed, the platform ends it (a logged SYSTEM action)."""
        if game.deadline is None or row.status != "active":
            return None
        if self._clock() < game.deadline:
            return None
        engine = game.engine
        action = engine.action_adapter.validate_python({"kind": "time_up"})
        new, events = engine.apply(game.state, SYSTEM, action)
        return await self._commit(row, game, new, events, SYSTEM, action, actor=None)

    async def check_deadline(self, channel_id: int) -> Post | None:
        async with self._lock(channel_id):
            row = await self.store.games.open_in(channel_id)
            if row is None or row.status != "active":
                return None
            return await self._apply_deadline(row, self._states.load(row))

    async def sweep(self) -> None:
        """What the bot's watcher runs at start-up and then at every poll: end the games whose
        deadline has passed, let bots that owe a decision move (``resume_bots``: after a restart),
        run the turn clocks (``run_clocks``), then post the boards channels have missed (``flush_outbox``).
        With several processes on one database, each piece is claimed by one of them (``_claim``).
        A game that fails is skipped (a damaged one with one warning); the others go on."""
        for game_id, channel_id in await self.store.games.due(self._clock()):
            try:
                async with self._claim(game_id) as mine:  # one process fires it
                    if mine:
                        await self.check_deadline(channel_id)
            except Damaged as exc:
                self._warn(exc)
            except Exception:
                log.exception("the deadline check of game %s failed", game_id)
        await self.resume_bots()
        await self.run_clocks()  # reminders, timeouts, away periods over (bot.play.clock)
        await self.flush_outbox()

    async def suggest(self, channel_id: int, user: User, typed: str) -> list[Shown]:
        """Autocomplete: the caller's legal moves matching what is typed (at most 25).
        Someone who cannot move now gets one entry saying why (choosing it is refused
        with the same reason), rather than a silent empty list."""
        row = await self.store.games.open_in(channel_id)
        if row is None and await self.store.places.open_under(channel_id):
            return [hint("bot.places.hint_threads")]  # the channel's games are in their threads
        if row is None or row.status != "active":
            return [hint("bot.hint.no_game")]
        try:
            game = self._states.load(row)
        except Damaged as exc:
            return [hint("bot.hint.damaged", what=exc.what)]
        engine, state = game.engine, game.state
        seat = row.seat_of(user.id)
        if seat is None:
            return [hint("bot.hint.not_playing")]
        if seat not in engine.to_act(state):
            waiting = Msg("bot.hint.not_your_turn", seats=sorted(engine.to_act(state)))
            return [Shown(notation=HINT, label=say(row, waiting))]
        words = typed.lower().split()
        out = []
        for choice in presenting.labelled(row, engine.choices(state, seat)):
            hay = f"{choice.notation} {choice.label}".lower()
            if all(w in hay for w in words):
                out.append(choice)
                if len(out) == MAX_SUGGESTIONS:
                    break
        return out

    async def pending(self, channel_id: int) -> dict[int, list[str]]:
        """Every user who owes a decision, with all their legal moves in notation
        (uncapped: the tests' random players use it). Bots are not users: they are not listed."""
        row, game = await self._active_game(channel_id)
        engine, state = game.engine, game.state
        owing = ((row.user_of(seat), seat) for seat in sorted(engine.to_act(state)))
        return {user: [engine.notation(state, a) for a in engine.legal_actions(state, seat)]
                for user, seat in owing if user is not None}

    # --- integrity ----------------------------------------------------------
    async def replay(self, game_id: int):
        """Rebuild a game from its seed and action log (the snapshot must equal it)."""
        row = await self.store.games.get(game_id)
        if row is None or row.snapshot is None:
            raise Refusal(phrase("bot.play.no_record", game=game_id))
        engine = registry.get(row.game_key).engine
        options = parse_options(engine.options_model, without_lang(row.options), engine.title)
        state = engine.new_game(len(row.seats), options, row.seed)
        return replay_log(engine, state, await self.store.log.actions(game_id))  # an undo takes back its move
