"""What every part of the game service shares: the store, the clock, where seeds come from,
one lock per channel, the parsed states, and the lookups every call starts with.

``GameService`` is this plus its parts, each a class on top of the one before: ``Outbox``
(posting boards), ``Looking`` (what players look at), ``BotPlay`` (bots at the table, hints), then
the service itself (lobby and play).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
import secrets
import socket
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime

from bot.play.answers import Damaged, Refusal
from bot.play.bots import budget_from_env
from bot.play.presenting import Drawn
from bot.play.stored import Loaded, States
from bot.play.thinking import Thinkers, shared
from bot.play.words import phrase
from bot.play.workers import Workers
from bot.play.workers import shared as shared_workers
from bot.store import GameRow, Store
from bot.store.claims import GAME, LEASE
from engines.core.rng import blake2b_seed

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


class ServiceBase:
    def __init__(
        self,
        store: Store,
        clock: Callable[[], datetime] | None = None,
        seeds: Callable[[], int | str] | None = None,
        bot_budget: float | None = None,
        thinkers: Thinkers | None = None,
        workers: Workers | None = None,
    ):
        self.store = store
        # seconds a greedy or mcts bot thinks per decision (PIAZZA_BOT_BUDGET_MS when not given)
        self.bot_budget = budget_from_env() if bot_budget is None else bot_budget
        self.thinkers = thinkers or shared()  # the worker processes bots think in
        self.workers = workers or shared_workers()  # the worker processes moves are applied and drawn in
        self._clock: Callable[[], datetime] = clock or (lambda: datetime.now(UTC))
        # 128 bits from the OS, for a generator whose outputs do not give its key away
        self._seeds: Callable[[], int | str] = seeds or (lambda: blake2b_seed(secrets.token_hex(16)))
        self._locks: dict[int, asyncio.Lock] = {}
        self._states = States()
        self.drawn = Drawn(256)  # boards and hands by game version: about 12 MB at 30-50 KB each
        self._warned: set[int] = set()
        # who holds this service's claims on scheduled work (bot.store.claims): see ``owner_name``
        self.owner = owner_name()

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

    # --- helpers ------------------------------------------------------------
    @asynccontextmanager
    async def _claim(self, game_id: int) -> AsyncIterator[bool]:
        """Scheduled work on one game (its deadline, its lagging board, its bots), done by one
        process only: yields whether this service got it (no other process holds an unexpired
        lease on the game, ``bot.store.claims``); released when the block ends."""
        mine = await self.store.claims.claim(GAME, str(game_id), self.owner, self._clock(), LEASE)
        try:
            yield mine
        finally:
            if mine:
                await self.store.claims.release(GAME, str(game_id), self.owner)

    def _lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    async def _open_game(self, channel_id: int, expected_game: int | None = None) -> GameRow:
        """The channel's open game; with ``expected_game`` (a button's or menu's game id), refused
        unless it is still that game."""
        row = await self.store.games.open_in(channel_id)
        if expected_game is not None and (row is None or row.id != expected_game):
            raise Refusal(phrase("bot.play.button_ended"))
        if row is None:
            raise Refusal(phrase("bot.lobby.no_game"))
        return row

    async def _active_game(self, channel_id: int, expected_game: int | None = None) -> tuple[GameRow, Loaded]:
        row = await self._open_game(channel_id, expected_game)
        game = self._states.load(row)
        if row.status != "active":
            raise Refusal(phrase("bot.lobby.not_started", seated=len(row.seats)))
        return row, game

    def _warn(self, exc: Damaged) -> None:
        """One warning per damaged game and process (the sweeps run every minute)."""
        if exc.game_id not in self._warned:
            self._warned.add(exc.game_id)
            log.warning("game %s is damaged and skipped: %s", exc.game_id, exc.what)

    async def _decision(self, row: GameRow, seat: int, notations: list[str]) -> str:
        return decision_token(await self.store.log.moves_by_seat(row.id, seat), notations)
