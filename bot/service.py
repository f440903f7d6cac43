"""The transport-agnostic game service: create, join, leave, start, act, board, hand,
log, abort, games, suggestions. No discord objects in here.

Each call returns a ``Post`` saying what to show: public text, the public board PNG,
whom to mention, and private content for the caller only. Player mistakes raise
``Refusal`` (a sentence to show to that player alone); nothing changes on a refusal.
Moves on one channel are serialized by a lock; different games run concurrently.
Applying a move and rendering run in worker threads, so the event loop (and Discord's
heartbeat) never waits for the rules or for Pillow.
"""

from __future__ import annotations

import asyncio
import secrets
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from bot import registry
from bot.options import OptionError, describe_options, parse_options, split_options
from bot.sheet import score_sheet
from bot.store import GameRow, StaleVersion, Store, StoreError
from engines.core import SYSTEM, Choice, RuleError
from engines.core.rng import blake2b_seed, seed_text
from render.common import encode_png

MAX_SUGGESTIONS = 25
STATE_CACHE = 256  # parsed states kept in memory (the store holds every game)

HINT = "?"  # the value of an autocomplete entry that only explains; /move refuses it


def hint(text: str) -> Choice:
    return Choice(notation=HINT, label=text[:100])


def _play(engine, state, seat: int, text: str):
    action = engine.parse_action(state, seat, text)
    new, events = engine.apply(state, seat, action)
    return action, new, events


class Refusal(Exception):
    """Something a player asked for cannot be done; the message says why and what can."""


@dataclass(frozen=True)
class User:
    id: int
    name: str


@dataclass
class Post:
    """What the transport should deliver after a call."""

    public_text: str | None = None  # for the channel
    board_png: bytes | None = None  # the public board, for the channel
    mentions: list[int] = field(default_factory=list)  # users who owe a decision now
    private_text: str | None = None  # for the caller only
    private_png: bytes | None = None  # for the caller only (a hand of cards)
    choices: list[Choice] = field(default_factory=list)  # the caller's legal moves
    game_id: int | None = None
    version: int | None = None
    finished: bool = False


@dataclass
class GameSummary:
    game_id: int
    channel_id: int
    game_key: str
    title: str
    status: str
    names: list[str]
    waiting_for: list[int]  # user ids


class GameService:
    def __init__(
        self,
        store: Store,
        clock: Callable[[], datetime] | None = None,
        seeds: Callable[[], int | str] | None = None,
    ):
        """``clock`` and ``seeds`` (where new games' seeds come from) can be given by
        tests that need a fixed date or a reproducible game."""
        self.store = store
        self._clock = clock or (lambda: datetime.now(UTC))
        # 128 bits from the OS, for a generator whose outputs do not give its key away
        self._seeds = seeds or (lambda: blake2b_seed(secrets.token_hex(16)))
        self._locks: dict[int, asyncio.Lock] = {}
        self._states: OrderedDict[tuple[int, int], Any] = OrderedDict()  # (game, version) -> state

    # --- helpers ------------------------------------------------------------
    def _lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    async def _open_game(self, channel_id: int) -> GameRow:
        row = await self.store.open_game_in(channel_id)
        if row is None:
            raise Refusal("There is no game in this channel; start one with /new.")
        return row

    async def _active_game(self, channel_id: int) -> GameRow:
        row = await self._open_game(channel_id)
        if row.status != "active":
            raise Refusal(
                f"The game has not started yet ({len(row.seats)} seated); /join to take a seat, /start to begin."
            )
        return row

    def _state(self, row: GameRow):
        """The game's current state, parsed from its snapshot once per version. Engines
        never mutate a state they are given, so a cached state can be shared."""
        state = self._states.get((row.id, row.version))
        if state is None:
            state = registry.get(row.game_key).engine.State.model_validate_json(row.snapshot)
            self._remember(row.id, row.version, state)
        return state

    def _remember(self, row_id: int, version: int, state) -> None:
        self._states[(row_id, version)] = state
        if len(self._states) > STATE_CACHE:
            self._states.popitem(last=False)

    def _options(self, row: GameRow):
        title = registry.get(row.game_key)
        return parse_options(title.engine.Options, row.options, title.engine.title)

    def _waiting_users(self, row: GameRow, state) -> list[int]:
        engine = registry.get(row.game_key).engine
        return [u for u in (row.user_of(s) for s in sorted(engine.to_act(state))) if u is not None]

    def _who(self, row: GameRow, state, seat: int) -> str:
        engine = registry.get(row.game_key).engine
        return f"{row.names[seat]} ({engine.seat_label(state, seat)})"

    async def _render_board(self, row: GameRow, state) -> bytes:
        title = registry.get(row.game_key)
        view = title.engine.view(state, None)
        names = row.names
        return await asyncio.to_thread(lambda: encode_png(title.renderer.board(view, names)))

    async def _render_private(self, row: GameRow, state, seat: int) -> bytes | None:
        title = registry.get(row.game_key)
        view = title.engine.view(state, seat)
        names = row.names

        def draw() -> bytes | None:
            image = title.renderer.private(view, names)
            return None if image is None else encode_png(image)

        return await asyncio.to_thread(draw)

    def _status_text(self, row: GameRow, state) -> str:
        engine = registry.get(row.game_key).engine
        result = engine.result(state)
        if result is not None:
            return f"**{engine.title}** is over.\n" + score_sheet(result, row.names)
        return engine.summary(state)

    # --- lobby --------------------------------------------------------------
    async def create(
        self, guild_id: int | None, channel_id: int, user: User, game_key: str, options_text: str | None = None
    ) -> Post:
        try:
            title = registry.get(game_key)
        except KeyError as exc:
            raise Refusal(str(exc.args[0])) from exc
        engine = title.engine
        try:
            pairs = split_options(options_text)
            deadline = pairs.pop("deadline", None)
            if deadline is not None:
                deadline = self._parse_deadline(engine, deadline)
            options = parse_options(engine.Options, pairs, engine.title)
        except OptionError as exc:
            raise Refusal(str(exc)) from exc
        async with self._lock(channel_id):
            try:
                game_id = await self.store.create_game(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    game_key=game_key,
                    options=options.model_dump(mode="json", exclude_defaults=True),
                    seed=0,
                    creator_id=user.id,
                    creator_name=user.name,
                    deadline=deadline,
                )
            except StoreError as exc:
                raise Refusal(str(exc)) from exc
        chosen = options.model_dump(mode="json", exclude_defaults=True)
        extra = "".join(f" {k}={v}" for k, v in chosen.items())
        extra = f" Options:{extra}." if extra else ""
        if deadline:
            extra += f" It ends on {datetime.fromisoformat(deadline):%Y-%m-%d %H:%M} UTC at the latest."
        return Post(
            public_text=(
                f"**{user.name}** opened a game of **{engine.title}** "
                f"({engine.min_players}–{engine.max_players} players).{extra} "
                "Type /join to take a seat; /start when everyone is in."
            ),
            game_id=game_id,
        )

    def _parse_deadline(self, engine, text: str) -> str:
        if not engine.supports_deadline:
            raise OptionError(f"{engine.title} has no time limit option (deadline).")
        try:
            when = datetime.fromisoformat(text)
        except ValueError as exc:
            raise OptionError(
                f"Cannot read deadline {text!r}: use a date like 2026-12-31 or 2026-12-31T20:00 (UTC)."
            ) from exc
        if when.tzinfo is None:
            when = when.replace(tzinfo=UTC)
        if when <= self._clock():
            raise OptionError(f"The deadline {text!r} is already past.")
        return when.astimezone(UTC).isoformat(timespec="minutes")

    async def join(self, channel_id: int, user: User) -> Post:
        async with self._lock(channel_id):
            row = await self._open_game(channel_id)
            engine = registry.get(row.game_key).engine
            try:
                seat = await self.store.add_seat(row.id, user.id, user.name, engine.max_players)
            except StoreError as exc:
                raise Refusal(str(exc)) from exc
        return Post(
            public_text=f"**{user.name}** joined {engine.title} (seat {seat + 1}, {seat + 1} seated).",
            game_id=row.id,
        )

    async def leave(self, channel_id: int, user: User) -> Post:
        async with self._lock(channel_id):
            row = await self._open_game(channel_id)
            try:
                status = await self.store.remove_seat(row.id, user.id)
            except StoreError as exc:
                raise Refusal(str(exc)) from exc
        text = f"**{user.name}** left the game."
        if status == "aborted":
            text += " Nobody is seated any more, so the game is closed."
        return Post(public_text=text, game_id=row.id)

    async def start(self, channel_id: int, user: User, seed: int | str | None = None) -> Post:
        async with self._lock(channel_id):
            row = await self._open_game(channel_id)
            if row.status != "lobby":
                raise Refusal("The game has already started; /board shows it.")
            if row.seat_of(user.id) is None:
                raise Refusal("Only a seated player can start the game; /join first.")
            engine = registry.get(row.game_key).engine
            options = self._options(row)
            try:
                engine.check_players(len(row.seats), options)
            except RuleError as exc:
                raise Refusal(f"{exc} {len(row.seats)} seated so far; /join to take a seat.") from exc
            seed = seed_text(self._seeds() if seed is None else seed)
            state = engine.new_game(len(row.seats), options, seed)
            try:
                await self.store.start_game(row.id, state.model_dump_json(), seed)
            except StaleVersion as exc:
                raise Refusal(str(exc)) from exc
            row.status, row.version, row.seed = "active", 0, seed
            self._remember(row.id, 0, state)
            png = await self._render_board(row, state)
        seats = ", ".join(self._who(row, state, s.seat) for s in row.seats)
        return Post(
            public_text=f"**{engine.title}** begins: {seats}.\n{self._status_text(row, state)}",
            board_png=png,
            mentions=self._waiting_users(row, state),
            game_id=row.id,
            version=0,
        )

    # --- playing ------------------------------------------------------------
    async def act(self, channel_id: int, user: User, text: str, expected_version: int | None = None) -> Post:
        """Play one move typed in chat notation. ``expected_version`` (from a button or
        menu) refuses the move if the game has moved on since it was shown."""
        async with self._lock(channel_id):
            row = await self._active_game(channel_id)
            ended = await self._apply_deadline(row)
            if ended is not None:
                ended.private_text = "The game's deadline passed before your move, so the game has ended."
                return ended
            if expected_version is not None and expected_version != row.version:
                raise Refusal("That menu is out of date: the game has moved on. Open your hand again for the current moves.")
            engine = registry.get(row.game_key).engine
            state = self._state(row)
            seat = row.seat_of(user.id)
            if seat is None:
                raise Refusal("You are not playing in this game; you can follow it with /board.")
            waiting = sorted(engine.to_act(state))
            if seat not in waiting:
                who = ", ".join(self._who(row, state, s) for s in waiting) or "nobody"
                raise Refusal(f"It is not your turn: the game is waiting for {who}.")
            if text.strip() == HINT:
                raise Refusal("Type your move, or pick one from the list; /help shows the notation.")
            try:  # pure rules, run beside the event loop like the rendering
                action, new, events = await asyncio.to_thread(_play, engine, state, seat, text)
            except RuleError as exc:
                raise Refusal(str(exc)) from exc
            return await self._commit(row, new, events, seat, action, actor=user)

    async def _commit(self, row: GameRow, new, events, seat: int, action, actor: User | None) -> Post:
        engine = registry.get(row.game_key).engine
        public = [e.text for e in events if e.to is None]
        private = [e.text for e in events if e.to == seat and seat != SYSTEM]
        finished = engine.result(new) is not None
        try:
            version = await self.store.commit_move(
                row.id, row.version, seat,
                engine.action_adapter.dump_json(action).decode(),
                public, new.model_dump_json(), finished,
            )
        except StaleVersion as exc:
            raise Refusal(str(exc)) from exc
        row.version = version
        if finished:
            row.status = "finished"
        self._remember(row.id, version, new)
        png = await self._render_board(row, new)
        who = f"**{self._who(row, new, seat)}**: " if seat != SYSTEM else ""
        text = who + (" ".join(public) or "moved.") + "\n" + self._status_text(row, new)
        post = Post(
            public_text=text,
            board_png=png,
            mentions=[] if finished else self._waiting_users(row, new),
            private_text="\n".join(private) or None,
            game_id=row.id,
            version=version,
            finished=finished,
        )
        if actor is not None and seat != SYSTEM and not finished and seat in engine.to_act(new):
            post.choices = engine.choices(new, seat)
        return post

    async def _apply_deadline(self, row: GameRow) -> Post | None:
        """If the game's deadline has passed, the platform ends it (a logged SYSTEM action)."""
        if row.deadline is None or row.status != "active":
            return None
        if self._clock() < datetime.fromisoformat(row.deadline):
            return None
        engine = registry.get(row.game_key).engine
        state = self._state(row)
        action = engine.action_adapter.validate_python({"kind": "time_up"})
        new, events = engine.apply(state, SYSTEM, action)
        return await self._commit(row, new, events, SYSTEM, action, actor=None)

    async def check_deadline(self, channel_id: int) -> Post | None:
        async with self._lock(channel_id):
            row = await self.store.open_game_in(channel_id)
            if row is None:
                return None
            return await self._apply_deadline(row)

    async def suggest(self, channel_id: int, user: User, typed: str) -> list[Choice]:
        """Autocomplete: the caller's legal moves matching what is typed (at most 25).
        Someone who cannot move now gets one entry saying why (choosing it is refused
        with the same reason), rather than a silent empty list."""
        row = await self.store.open_game_in(channel_id)
        if row is None or row.status != "active":
            return [hint("No game is being played in this channel; /new opens one, /start begins it.")]
        engine = registry.get(row.game_key).engine
        state = self._state(row)
        seat = row.seat_of(user.id)
        if seat is None:
            return [hint("You are not playing in this game; /board shows it.")]
        waiting = sorted(engine.to_act(state))
        if seat not in waiting:
            who = ", ".join(self._who(row, state, s) for s in waiting) or "nobody"
            return [hint(f"Not your turn: waiting for {who}.")]
        words = typed.lower().split()
        out = []
        for choice in engine.choices(state, seat):
            hay = f"{choice.notation} {choice.label}".lower()
            if all(w in hay for w in words):
                out.append(choice)
                if len(out) == MAX_SUGGESTIONS:
                    break
        return out

    async def pending(self, channel_id: int) -> dict[int, list[str]]:
        """Every user who owes a decision, with all their legal moves in notation
        (uncapped: the demo's and the tests' random players use it)."""
        row = await self._active_game(channel_id)
        engine = registry.get(row.game_key).engine
        state = self._state(row)
        return {
            row.user_of(seat): [engine.notation(state, a) for a in engine.legal_actions(state, seat)]
            for seat in sorted(engine.to_act(state))
        }

    # --- looking ------------------------------------------------------------
    async def board(self, channel_id: int) -> Post:
        row = await self._open_game(channel_id)
        if row.status == "lobby":
            engine = registry.get(row.game_key).engine
            names = ", ".join(row.names)
            return Post(
                public_text=f"{engine.title} is waiting to start. Seated: {names}. /join, then /start.",
                game_id=row.id,
            )
        state = self._state(row)
        return Post(
            public_text=self._status_text(row, state),
            board_png=await self._render_board(row, state),
            mentions=[],
            game_id=row.id,
            version=row.version,
        )

    async def hand(self, channel_id: int, user: User) -> Post:
        """The caller's private view: text, a picture, and the legal moves if it is their turn."""
        row = await self._active_game(channel_id)
        seat = row.seat_of(user.id)
        if seat is None:
            raise Refusal("You are not playing in this game, so you have no hand; /board shows the public board.")
        engine = registry.get(row.game_key).engine
        state = self._state(row)
        view = engine.view(state, seat)
        post = Post(
            private_text=engine.private_text(view),
            private_png=await self._render_private(row, state, seat),
            game_id=row.id,
            version=row.version,
        )
        if seat in engine.to_act(state):
            post.choices = engine.choices(state, seat)
        return post

    async def log(self, channel_id: int, last: int = 20) -> str:
        row = await self._active_game(channel_id)
        entries = await self.store.actions(row.id)
        lines = []
        for entry in entries[-last:]:
            who = "⏰" if entry.seat == SYSTEM else row.names[entry.seat]
            lines.append(f"{entry.seq}. {who}: {' '.join(entry.public) or '(no public effect)'}")
        head = f"Moves {max(1, len(entries) - last + 1)}–{len(entries)} of {len(entries)}:" if entries else "No moves yet."
        return "\n".join([head, *lines])

    async def abort(self, channel_id: int, user: User, is_manager: bool = False) -> Post:
        async with self._lock(channel_id):
            row = await self._open_game(channel_id)
            if user.id != row.created_by and not is_manager:
                raise Refusal("Only the player who opened the game, or a server manager, can abort it.")
            await self.store.set_status(row.id, "aborted")
        engine = registry.get(row.game_key).engine
        return Post(public_text=f"**{user.name}** aborted the game of {engine.title}; no scores are kept.")

    async def games(self, guild_id: int | None) -> list[GameSummary]:
        out = []
        for row in await self.store.open_games(guild_id):
            engine = registry.get(row.game_key).engine
            waiting = self._waiting_users(row, self._state(row)) if row.status == "active" else []
            out.append(GameSummary(row.id, row.channel_id, row.game_key, engine.title, row.status, row.names, waiting))
        return out

    def help_text(self, game_key: str | None = None) -> str:
        keys = [game_key] if game_key else sorted(registry.titles())
        parts = []
        for key in keys:
            engine = registry.get(key).engine
            options = describe_options(engine.Options)
            if engine.supports_deadline:
                options += "\n`deadline` (none by default) — a date, e.g. 2026-12-31 or 2026-12-31T20:00 (UTC): the game ends then"
            parts.append(
                f"**{engine.title}** (`{key}`, {engine.min_players}–{engine.max_players} players)\n"
                f"{engine.help_text()}\nOptions: {options}"
            )
        return "\n\n".join(parts)

    # --- integrity ----------------------------------------------------------
    async def replay(self, game_id: int):
        """Rebuild a game from its seed and action log (the snapshot must equal it)."""
        row = await self.store.game(game_id)
        if row is None or row.snapshot is None:
            raise Refusal(f"Game {game_id} has no recorded play.")
        engine = registry.get(row.game_key).engine
        state = engine.new_game(len(row.seats), self._options(row), row.seed)
        for entry in await self.store.actions(game_id):
            action = engine.action_adapter.validate_json(entry.action)
            state, _ = engine.apply(state, entry.seat, action)
        return state
