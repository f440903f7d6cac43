"""The lobby: opening a game (its options checked), people and bots taking and leaving seats, the start
(bots who decide first do so at once), and abort.

Each write checks what it depends on in its own transaction: the lobby is still open, the asker
is seated, the seats a /start made its first position for are still those (``bot.store.seats``,
``Games.start``), so a racing change in another process refuses the later one and writes nothing.

Caps (``LobbyCaps``): one person may have 3 games waiting to start (``PIAZZA_LOBBIES_PER_USER``), one
channel 10 (``PIAZZA_LOBBIES_PER_CHANNEL``; a manager too), each /new making a public thread and an
announcement. They are counted in the transaction that opens the game, after its gates
(``Games.gate``), so two processes racing at the cap open one game, not two.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.play import presenting, registry
from bot.play.answers import Post, Refusal, User, refusal
from bot.play.boards import Boards
from bot.play.bot_play import Bots
from bot.play.bots import LEVELS, bot_name, has_hooks, needs_hooks
from bot.play.clock import parse_clock
from bot.play.locale import LANG_OPTION, game_lang
from bot.play.names import chat_name
from bot.play.options import OptionError, parse_hints, parse_options, split_options, typed_options
from bot.play.outbox import Outbox
from bot.play.stored import Loaded, title_name
from bot.play.tables import Tables
from bot.play.turn_clocks import summary
from bot.play.words import phrase
from bot.store import GameRow, Repositories, StaleVersion, StoreError, deadline_text
from bot.store.claims import GAME, LEASE
from engines.core import Msg, RuleError, quote
from engines.core.rng import seed_text
from render.text import DEFAULT_LOCALE, LOCALES

DEADLINE_WINDOW = timedelta(days=730)  # a deadline is at most two years ahead
ENV_PER_USER, ENV_PER_CHANNEL = "PIAZZA_LOBBIES_PER_USER", "PIAZZA_LOBBIES_PER_CHANNEL"
CAP_LIMIT = 100_000  # the largest cap one may set


@dataclass(frozen=True)
class LobbyCaps:
    """How many games may wait to start at once: opened by one person, and opened from one channel."""

    per_user: int = 3
    per_channel: int = 10

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> LobbyCaps:
        """``PIAZZA_LOBBIES_PER_USER`` and ``PIAZZA_LOBBIES_PER_CHANNEL`` (whole numbers, 1 to 100000),
        the defaults where unset; a bad value raises ValueError saying so."""
        env = os.environ if environ is None else environ
        caps = {}
        for name, field in ((ENV_PER_USER, "per_user"), (ENV_PER_CHANNEL, "per_channel")):
            text = env.get(name, "").strip()
            if not text:
                continue
            if not (text.isascii() and text.isdigit() and len(text) <= 6 and 1 <= int(text) <= CAP_LIMIT):
                raise ValueError(f"{name} must be a whole number from 1 to {CAP_LIMIT}, not {quote(text)!r}.")
            caps[field] = int(text)
        return cls(**caps)


async def check_room(repos: Any, user: User, opened_in: int, caps: LobbyCaps) -> None:
    """A Refusal naming the caller's games waiting to start if they have ``caps.per_user`` of them, or
    if channel ``opened_in`` has ``caps.per_channel``. ``repos``: a transaction's repositories (after
    its gates: the counts then hold until it ends), or the store's own for a check ahead of it."""
    mine = await repos.games.lobbies(opener=user.id)
    if len(mine) >= caps.per_user:
        raise Refusal(phrase("bot.lobby.cap_user", count=len(mine), games=_listed(mine)))
    here = await repos.games.lobbies(opened_in=opened_in)
    if len(here) >= caps.per_channel:
        yours = Msg("bot.lobby.cap_yours", games=_listed(mine)) if mine else ""
        raise Refusal(phrase("bot.lobby.cap_channel", count=len(here), yours=yours))


async def lobby_changed(tx: Repositories, game_id: int, now: datetime) -> None:
    """In the transaction of a seat change (join, leave, a bot added or removed, start, abort): every
    post showing the game's lobby is to show it as it is now (an effect per channel with such posts,
    ``bot.play.places``)."""
    for channel_id in sorted({c for c, _, _ in await tx.places.lobby_posts(game_id)}):
        await tx.effects.lobby(game_id, channel_id, now)


async def gate(tx: Any, user: User, opened_in: int) -> None:
    """The scopes a new game is counted in, held until the transaction ends (``Games.gate``)."""
    await tx.games.gate(f"user:{user.id}", f"channel:{opened_in}")


def _listed(rows: list[GameRow]) -> str:
    """``Bella Vista #12 (<#thread>), …``: each game with a link to its place (once it has one)."""
    return ", ".join(phrase("bot.lobby.cap_game", title=title_name(r), game=r.id,
                            where=Msg("bot.lobby.cap_where", place=f"<#{r.channel_id}>") if r.channel_id > 0 else "")
                     for r in rows)


class Lobby:
    def __init__(self, tables: Tables, bots: Bots, boards: Boards, outbox: Outbox, seeds: Callable[[], int | str],
                 caps: LobbyCaps | None = None):
        self.tables, self.bots, self.boards, self.outbox = tables, bots, boards, outbox
        self.store = tables.store
        self.seeds = seeds  # where new games' seeds come from
        self.caps = caps or LobbyCaps()

    async def check_room(self, user: User, opened_in: int) -> None:
        """Ahead of /new (before its thread is made): a Refusal if the caller or the channel is at its
        cap. The transaction that opens the game checks again."""
        await check_room(self.store, user, opened_in, self.caps)

    # --- a new game ---------------------------------------------------------------------------------
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
                deadline = self.parse_deadline(engine, deadline)
            hints = parse_hints(engine, pairs.pop("hints", None))
            clock = parse_clock(pairs.pop("clock", None), pairs.pop("on_timeout", None))
            options = parse_options(engine.options_model, pairs, engine.title)
            engine.check_options(options)
        except RuleError as exc:  # OptionError is one
            raise refusal(None, exc) from exc
        return title, options, deadline, hints, clock

    def parse_deadline(self, engine, text: str) -> str:
        """A date (UTC unless it says otherwise), after now and at most two years ahead."""
        if not engine.traits.deadline:
            raise OptionError("bot.deadline.none", title=engine.title)
        try:
            when = datetime.fromisoformat(text)
        except ValueError:
            raise OptionError("bot.deadline.unreadable", text=text) from None
        if when.tzinfo is None:
            when = when.replace(tzinfo=UTC)
        now = self.tables.clock()
        if when <= now:
            raise OptionError("bot.deadline.past", text=text)
        latest = now + DEADLINE_WINDOW
        if when > latest:
            raise OptionError("bot.deadline.too_far", text=text, latest=f"{latest:%Y-%m-%d}")
        return deadline_text(when)

    async def create(self, guild_id: int | None, channel_id: int, user: User, game_key: str,
                     options_text: str | None = None, parent_id: int | None = None, lang: str = DEFAULT_LOCALE,
                     opened_in: int | None = None) -> Post:
        """Every option is checked here; only what depends on the player count waits for /start.
        ``parent_id``: the channel whose thread ``channel_id`` is (a game in its own thread).
        ``lang`` is the language of the game's public posts and boards, kept with its options.
        ``opened_in``: the channel /new was typed in, whose cap counts the game (``parent_id``, else
        ``channel_id``, unless said: a game opened in a placeholder place until its thread is made)."""
        if opened_in is None:
            opened_in = parent_id if parent_id is not None else channel_id
        if lang not in LOCALES:
            raise Refusal(phrase("bot.lobby.unknown_lang", given=lang, langs=", ".join(LOCALES)))
        title, options, deadline, hints, clock = self.check_new(game_key, options_text)
        engine = title.engine
        async with self.tables.lock(channel_id):
            try:  # the game, its clock and its place, together or not at all
                async with self.store.transaction() as tx:  # counted after the gates: a refusal writes nothing
                    await gate(tx, user, opened_in)
                    await check_room(tx, user, opened_in, self.caps)
                    game_id = await tx.games.create(
                        guild_id=guild_id, channel_id=channel_id, game_key=game_key,
                        options={**options.model_dump(mode="json", exclude_defaults=True),
                                 **({LANG_OPTION: lang} if lang != DEFAULT_LOCALE else {})},
                        creator_id=user.id, creator_name=user.name, deadline=deadline, hints=hints,
                        opened_in=opened_in)
                    await tx.clocks.set_setting(game_id, clock.hours, clock.on_timeout)
                    if parent_id is not None:
                        await tx.places.set_place(game_id, parent_id)
            except StoreError as exc:
                raise refusal(None, exc) from exc
        chosen = options.model_dump(mode="json", exclude_defaults=True)
        if hints:
            chosen["hints"] = "yes"
        if lang != DEFAULT_LOCALE:
            chosen[LANG_OPTION] = lang
        pairs_text = typed_options(chosen)
        ends = f"{datetime.fromisoformat(deadline):%Y-%m-%d %H:%M}" if deadline else None
        text = phrase("bot.lobby.opened", lang=lang, name=chat_name(user.name), title=engine.title,
                      low=engine.min_players, high=engine.max_players,
                      options=Msg("bot.lobby.opened_options", pairs=pairs_text) if pairs_text else "",
                      ends=Msg("bot.lobby.opened_ends", when=ends) if ends else "")
        text += " " + summary(clock, lang)
        return Post(public_text=text, game_id=game_id, lang=lang)

    # --- seats --------------------------------------------------------------------------------------
    async def join(self, channel_id: int, user: User) -> Post:
        async with self.tables.lock(channel_id):
            row = await self.tables.open_game(channel_id)
            engine = self.tables.load(row).engine
            try:  # still a lobby, with a free seat, without the caller: checked as the seat is taken
                async with self.store.transaction() as tx:
                    seat = await tx.seats.add(row.id, user.id, user.name, engine.max_players)
                    await lobby_changed(tx, row.id, self.tables.clock())
            except StoreError as exc:
                raise refusal(row, exc) from exc
        lang = game_lang(row)
        text = phrase("bot.lobby.joined", lang=lang, name=chat_name(user.name), title=engine.title, seat=seat + 1,
                      seated=seat + 1)
        return Post(public_text=text, game_id=row.id, lang=lang)

    async def leave(self, channel_id: int, user: User) -> Post:
        async with self.tables.lock(channel_id):
            row = await self.tables.open_game(channel_id)
            self.tables.load(row)
            try:
                async with self.store.transaction() as tx:
                    status = await tx.seats.remove(row.id, user.id)
                    await lobby_changed(tx, row.id, self.tables.clock())
            except StoreError as exc:
                raise refusal(row, exc) from exc
        closed = Msg("bot.lobby.left_closed") if status == "aborted" else ""
        lang = game_lang(row)
        return Post(public_text=phrase("bot.lobby.left", lang=lang, name=chat_name(user.name), closed=closed),
                    game_id=row.id, lang=lang)

    async def _lobby_for(self, channel_id: int, user: User) -> tuple[GameRow, Loaded]:
        row = await self.tables.open_game(channel_id)
        game = self.tables.load(row)
        _lobby_seated(row, user)
        return row, game

    async def add_bot(self, channel_id: int, user: User, level: str) -> Post:
        """A seated player seats a bot of ``level`` in the lobby."""
        async with self.tables.lock(channel_id):
            row, game = await self._lobby_for(channel_id, user)
            engine = game.engine
            if level not in LEVELS:
                raise Refusal(phrase("bot.bots.unknown_level", level=level,
                                    levels=", ".join(phrase(f"bot.level.{lv}") for lv in LEVELS)))  # as the menu names them
            if needs_hooks(level) and not has_hooks(engine):
                raise Refusal(phrase("bot.bots.level_unavailable", title=engine.title, level=level))
            try:
                async with self.store.transaction() as tx:  # the caller still seated in a lobby with room
                    _lobby_seated(await tx.games.locked(row.id), user)
                    seat, name = await tx.seats.add_bot(row.id, level, lambda taken: bot_name(level, taken, game_lang(row)),
                                                        engine.max_players)
                    await lobby_changed(tx, row.id, self.tables.clock())
            except StoreError as exc:
                raise refusal(row, exc) from exc
        lang = game_lang(row)
        return Post(public_text=phrase("bot.bots.added", lang=lang, name=chat_name(user.name), bot=chat_name(name),
                                       title=engine.title, seat=seat + 1, seated=seat + 1), game_id=row.id, lang=lang)

    async def remove_bot(self, channel_id: int, user: User, name: str | None = None) -> Post:
        """A seated player removes a bot from the lobby: the one named (its first name is enough),
        or the last one seated."""
        async with self.tables.lock(channel_id):
            row, _ = await self._lobby_for(channel_id, user)
            try:
                async with self.store.transaction() as tx:  # chosen among the bots seated now
                    now = _lobby_seated(await tx.games.locked(row.id), user)
                    seat = _bot_named(now, name)
                    status = await tx.seats.remove(row.id, seat.user_id)
                    await lobby_changed(tx, row.id, self.tables.clock())
            except StoreError as exc:
                raise refusal(row, exc) from exc
        assert status == "lobby"  # a person is still seated: the caller
        lang = game_lang(row)
        return Post(public_text=phrase("bot.bots.removed", lang=lang, name=chat_name(user.name),
                                       bot=chat_name(seat.name)), game_id=row.id, lang=lang)

    # --- start and abort ------------------------------------------------------------------------------
    async def start(self, channel_id: int, user: User, seed: int | str | None = None) -> Post:
        async with self.tables.lock(channel_id):
            row = await self.tables.open_game(channel_id)
            game = self.tables.load(row)
            if row.status != "lobby":
                raise Refusal(phrase("bot.lobby.already_started"))
            if row.seat_of(user.id) is None:
                raise Refusal(phrase("bot.lobby.seated_only"))
            engine = game.engine
            try:
                engine.check_players(len(row.seats), game.options)
            except RuleError as exc:
                raise Refusal(phrase("bot.lobby.too_few", row, why=exc.msg, seated=len(row.seats))) from exc
            seed = seed_text(self.seeds() if seed is None else seed)
            state = engine.new_game(len(row.seats), game.options, seed)
            secret = self.bots.secrets()  # the bots draw from this, never from the seed (a record may show it)
            try:  # refused if anyone joined or left meanwhile (in this process or another)
                async with self.store.transaction() as tx:
                    await tx.games.start(row.id, state.model_dump_json(), seed, seated=[s.user_id for s in row.seats],
                                         lobby=row.lobby, bot_secret=secret)
                    await tx.claims.claim(GAME, str(row.id), self.tables.owner, self.tables.clock(), LEASE)
                    await lobby_changed(tx, row.id, self.tables.clock())  # its posts say it started
                    await tx.effects.board(row.id, row.channel_id, 0, self.tables.clock())  # its first board
            except StaleVersion as exc:
                raise refusal(row, exc) from exc
            row.status, row.version, row.seed, row.bot_secret = "active", 0, seed, row.bot_secret or secret
            self.tables.states.remember(row.id, 0, state)
            lines = [presenting.begins_text(row, game, state)]
            state = await self.bots.move(row, game, state, lines)  # bots who decide first do so now
            post = await self.boards.post(row, game, state, "\n".join(lines), presenting.waiting_users(row, game, state))
            return await self.outbox.publish(row, post)

    async def abort(self, channel_id: int, user: User, is_manager: bool = False) -> Post:
        """Abort belongs to the player who opened the game while still seated, or to whoever can
        manage the channel. It works on a damaged game too: that is how its channel is freed."""
        async with self.tables.lock(channel_id):
            row = await self.tables.open_game(channel_id)
            async with self.store.transaction() as tx:  # the opener still seated, the game still open
                now = await tx.games.locked(row.id)
                opener = now is not None and user.id == now.created_by and now.seat_of(user.id) is not None
                if not (opener or is_manager):
                    raise Refusal(phrase("bot.lobby.abort_refused"))
                if not await tx.games.close(row.id, "aborted"):
                    raise Refusal(phrase("bot.lobby.no_game"))
                await lobby_changed(tx, row.id, self.tables.clock())  # its posts say it is closed
        lang = game_lang(row)
        return Post(public_text=phrase("bot.lobby.aborted", lang=lang, name=chat_name(user.name),
                                       title=title_name(row)), game_id=row.id, lang=lang)


def _lobby_seated(row: GameRow | None, user: User) -> GameRow:
    if row is None or row.status != "lobby":
        raise Refusal(phrase("bot.bots.lobby_only"))
    if row.seat_of(user.id) is None:
        raise Refusal(phrase("bot.bots.seated_only"))
    return row


def _bot_named(row: GameRow, name: str | None):
    bots = [s for s in row.seats if s.bot]
    if not bots:
        raise Refusal(phrase("bot.bots.none"))
    if name is None or not name.strip():
        return bots[-1]
    wanted = name.strip().casefold()
    found = [s for s in bots if wanted in (s.name.casefold(), s.name.split(" ")[0].casefold())]
    if not found:
        raise Refusal(phrase("bot.bots.unknown", name=name, bots=", ".join(chat_name(s.name) for s in bots)))
    return found[0]
