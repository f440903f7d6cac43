"""The tables: where every call of the game service starts. One lock per channel (a channel's moves,
its bots and its board happen one at a time), the parsed states by game version, the lookups
(the channel's open game, a button's game), the claims on scheduled work, storing one move, and one
warning per damaged game.

Stored values are read back at one boundary: the store decodes rows (``bot.store.decoding``) and
this turns what did not read into ``Damaged`` for that game alone (``read_back``), as ``States``
does for a row's options, game key, deadline, seed and snapshot.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
import socket
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from datetime import datetime
from typing import Any

from bot.play import presenting
from bot.play.answers import Damaged, Refusal
from bot.play.locale import game_lang
from bot.play.rating_games import rate_game
from bot.play.stored import Loaded, States
from bot.play.words import phrase
from bot.store import GameRow, LoggedAction, Notice, Repositories, Store, Unreadable
from bot.store.claims import GAME, LEASE
from engines.core import Msg

log = logging.getLogger("piazza")
ENV_INSTANCE = "PIAZZA_INSTANCE"


def decision_token(moves_by_seat: int, notations: list[str]) -> str:
    """Names one decision of one seat: how many moves the seat has made, and a short hash of
    its legal moves. A menu made for it stays valid while both are unchanged, however many
    other players decide meanwhile."""
    digest = hashlib.sha256("\n".join(notations).encode()).hexdigest()[:10]
    return f"{moves_by_seat}.{digest}"


def owner_name(shards: str = "all") -> str:
    """The name this process's claims are held under: its host and its shards (``PIAZZA_INSTANCE``
    if set). Stable across restarts on purpose: a process restarted after a crash takes its own
    claims back at once (their boards are posted at start-up) rather than waiting out the lease;
    two processes on one host run different shards (or set different ``PIAZZA_INSTANCE``)."""
    return os.environ.get(ENV_INSTANCE, "").strip() or f"{socket.gethostname()}:{shards}"


@contextmanager
def read_back() -> Iterator[None]:
    """Around a read of stored values: one that does not read makes its game ``Damaged``."""
    try:
        yield
    except Unreadable as exc:
        raise Damaged(exc.game_id, Msg(exc.key, **exc.params)) from None


class Tables:
    def __init__(self, store: Store, clock: Callable[[], datetime], owner: str | None = None):
        self.store = store
        self.clock = clock
        self.owner = owner or owner_name()  # who holds this service's claims (bot.store.claims)
        self.states = States()
        self._locks: dict[int, asyncio.Lock] = {}
        self._warned: set[int] = set()

    # --- channels ---------------------------------------------------------------------------------
    def lock(self, channel_id: int) -> asyncio.Lock:
        """A channel's lock (a negative key is a game's rematch, never a channel)."""
        return self._locks.setdefault(channel_id, asyncio.Lock())

    async def drain(self, timeout: float) -> bool:
        """Wait until no channel's work is under way (a move, its bots, its board), at most
        ``timeout`` seconds; True if none is. For a clean shutdown."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while any(lock.locked() for lock in self._locks.values()):
            if loop.time() >= end:
                return False
            await asyncio.sleep(0.02)
        return True

    @asynccontextmanager
    async def claim(self, game_id: int) -> AsyncIterator[bool]:
        """Scheduled work on one game (its deadline, its lagging board, its bots, its clocks), done
        by one process only: yields whether this service got it (no other process holds an
        unexpired lease on the game, ``bot.store.claims``); released when the block ends."""
        mine = await self.store.claims.claim(GAME, str(game_id), self.owner, self.clock(), LEASE)
        try:
            yield mine
        finally:
            if mine:
                await self.store.claims.release(GAME, str(game_id), self.owner)

    # --- games ------------------------------------------------------------------------------------
    def load(self, row: GameRow) -> Loaded:
        return self.states.load(row)

    async def open_game(self, channel_id: int, expected_game: int | None = None) -> GameRow:
        """The channel's open game; with ``expected_game`` (a button's or menu's game id), refused
        unless it is still that game. In a channel whose games are played in threads, the refusal
        names the threads."""
        row = await self.store.games.open_in(channel_id)
        if expected_game is not None and (row is None or row.id != expected_game):
            raise Refusal(phrase("bot.play.button_ended"))
        if row is None:
            under = await self.store.places.open_under(channel_id)
            if under:
                threads = " ".join(f"<#{g.channel_id}>" for g in under)
                raise Refusal(phrase("bot.places.go_to_thread", count=len(under), threads=threads))
            raise Refusal(phrase("bot.lobby.no_game"))
        return row

    async def active_game(self, channel_id: int, expected_game: int | None = None) -> tuple[GameRow, Loaded]:
        row = await self.open_game(channel_id, expected_game)
        game = self.load(row)
        if row.status != "active":
            raise Refusal(phrase("bot.lobby.not_started", seated=len(row.seats)))
        return row, game

    async def game_row(self, game_id: int) -> GameRow:
        row = await self.store.games.get(game_id)
        if row is None:
            raise Refusal(phrase("bot.play.button_ended"))
        return row

    async def lobby_game(self, game_id: int) -> GameRow:
        """A lobby button's game, while it is its place's open game."""
        row = await self.game_row(game_id)
        current = await self.store.games.open_in(row.channel_id)
        if current is None or current.id != game_id:
            raise Refusal(phrase("bot.play.button_ended"))
        return row

    async def is_playing(self, channel_id: int) -> bool:
        """Whether a game is open in this channel or thread."""
        return await self.store.games.open_in(channel_id) is not None

    def warn(self, exc: Damaged) -> None:
        """One warning per damaged game and process (the sweeps run every minute)."""
        if exc.game_id not in self._warned:
            self._warned.add(exc.game_id)
            log.warning("game %s is damaged and skipped: %s", exc.game_id, exc.what)

    # --- its record ---------------------------------------------------------------------------------
    async def entries(self, row: GameRow, since: int = 0) -> list[LoggedAction]:
        """The game's log after version ``since`` (``Damaged`` if an entry does not read)."""
        with read_back():
            return await self.store.log.actions(row.id, since=since)

    async def unread(self, row: GameRow, seat: int) -> list[Notice]:
        """The seat's private notices it has not been shown (events addressed to it, whoever's move
        produced them), up to the row's version."""
        mark = next((s.notices_read for s in row.seats if s.seat == seat), 0)
        with read_back():
            found = await self.store.log.notices(row.id, seat, since=mark)
        return [n for n in found if n.version <= row.version]

    async def decision(self, row: GameRow, seat: int, notations: list[str]) -> str:
        return decision_token(await self.store.log.moves_by_seat(row.id, seat), notations)

    async def record(self, row: GameRow, game: Loaded, new: Any, events: list, seat: int, action: Any,
                     reader: int | None) -> str:
        """Store one move (anyone's) and return its public line: StaleVersion if another move landed
        first, or the seat changed hands since ``row`` was read. The game is held for this process
        in the same transaction (``bot.store.claims``: the board it is about to post), and so are the
        players' rating changes if the move ends the game."""
        line, _ = await self.record_with(row, game, new, events, seat, action, reader)
        return line

    async def record_with(self, row: GameRow, game: Loaded, new: Any, events: list, seat: int, action: Any,
                          reader: int | None, also: Callable[[Repositories], Awaitable[Any]] | None = None
                          ) -> tuple[str, Any]:
        """``record``, with ``also(tx)`` written in the same transaction (what the move causes); returns
        the move's line and what ``also`` returned."""
        engine = game.engine
        finished = engine.result(new) is not None
        held_by = next((s.user_id for s in row.seats if s.seat == seat), None)  # who the move was decided for
        async with self.store.transaction() as tx:
            version = await tx.log.append(
                row.id, row.version, seat, engine.action_adapter.dump_json(action).decode(),
                [e.model_dump(mode="json") for e in events], new.model_dump_json(), finished, reader=reader,
                held_by=held_by)
            await tx.claims.claim(GAME, str(row.id), self.owner, self.clock(), LEASE)
            await tx.effects.board(row.id, row.channel_id, version, self.clock())  # the channel is owed its board
            if finished:  # the players' ratings change with the final move (bot.play.rating_games)
                await rate_game(tx, row.id, engine.result(new))
            extra = None if also is None else await also(tx)
        row.version = version
        if finished:
            row.status = "finished"
        self.states.remember(row.id, version, new)
        lang = game_lang(row)
        public = presenting.told_words(row, [e.msg for e in events if e.to is None], lang)
        return presenting.move_line(row, game, new, seat, public), extra
