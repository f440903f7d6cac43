"""Where bots think: a pool of worker processes, one per core, shared by every game of the process.

An agent's search is pure Python: in a thread it would hold the GIL and stall the event loop (and
Discord's heartbeat), so each decision runs in another process. The worker gets the title's engine
class (it makes one engine per class), the seat's view, its legal actions and the bot's generator:
never the game's state. It answers the index of the chosen action among those legal actions and the
agent's reason (a message, for hints).

Time: the agent thinks a fixed amount of work for its budget (``work_budget``: what its title does
in that time on an idle 2-core machine), the same whatever the load, so a level keeps its strength
on a busy host; its safety cap is ``CAP_FACTOR`` times the budget, and never past the caller's
backstop: the caller stops waiting after the budget plus ``GRACE`` seconds and plays a random legal
move instead. A worker that overran goes on until its agent returns (a running process task cannot
be cancelled); the pool's other workers take the next decisions. The bot starts the pool before it
logs in (``start``; else the first decision does, each worker loading the titles' data first,
outside any decision's time). Each worker watches its parent (``bot.play.orphans``).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from bot.play.orphans import watch_parent
from engines.core import Game, Msg, Rng
from engines.core.agents import CAP_FACTOR, agent, work_budget

GRACE = 5.0  # seconds a decision may take beyond its budget before the caller gives up on it
WARM_UP_LIMIT = 120.0  # seconds the workers may take to start and load the titles' data

_engines: dict[type, Game] = {}


def cores() -> int:
    """The cores this process may run on (its affinity where the system says, else the machine's)."""
    affinity = getattr(os, "sched_getaffinity", None)
    return len(affinity(0)) if affinity else os.cpu_count() or 1


@dataclass(frozen=True)
class Thought:
    index: int  # of the chosen action among the legal actions the worker was given
    reason: Msg | None  # why, in one message (hints)


def _engine(cls: type) -> Game:
    engine = _engines.get(cls)
    if engine is None:
        engine = _engines[cls] = cls()
        engine.load_data()
    return engine


def _warm(classes: list[type]) -> int:
    """A worker's first task: every title's engine made and its data loaded."""
    for cls in classes:
        _engine(cls)
    time.sleep(0.1)  # keep this worker busy a moment, so the next warm-up task starts another one
    return os.getpid()


def safety_cap(budget_s: float) -> float:
    """Seconds a decision of ``budget_s`` may take before the agent stops its work: ``CAP_FACTOR``
    budgets, but a second short of the caller's backstop at most."""
    return min(CAP_FACTOR * budget_s, budget_s + GRACE - 1.0)


def think(cls: type, level: str, view: Any, seat: int, legal: list, rng: Rng, budget_s: float) -> Thought:
    """One decision, in a worker: the agent of ``level`` chooses among ``legal`` from ``view``."""
    engine = _engine(cls)
    budget = work_budget(engine, level, budget_s, time.perf_counter, cap=safety_cap(budget_s))
    decision = agent(level).decide(engine, view, seat, legal, rng, budget)
    for i, action in enumerate(legal):
        if action == decision.action:
            return Thought(i, decision.reason)
    raise ValueError(f"the {level} agent chose an action that is not legal")


class Thinkers:
    """The worker pool. ``decide`` raises whatever the agent raised, ``TimeoutError`` past the
    backstop, or ``BrokenProcessPool`` (the pool is then made afresh for the next decision)."""

    def __init__(self, workers: int | None = None, grace: float = GRACE):
        self.workers = workers or cores()
        self.grace = grace
        self._pool: ProcessPoolExecutor | None = None
        self._warm: list[Future] = []

    def _started(self, classes: list[type]) -> tuple[ProcessPoolExecutor, list[Future]]:
        if self._pool is None:
            context = multiprocessing.get_context("spawn")  # never fork a process that runs threads
            self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=context,
                                             initializer=watch_parent, initargs=(os.getpid(),))
            self._warm = [self._pool.submit(_warm, classes) for _ in range(self.workers)]
        return self._pool, self._warm

    async def start(self) -> None:
        """Start every worker and run its first task (each title's data loaded) now: at start-up,
        before logging in, so the first decision after a start does not wait for it."""
        from bot.play.registry import titles

        _, warm = self._started([type(t.engine) for t in titles().values()])
        await asyncio.wait_for(asyncio.gather(*(asyncio.wrap_future(f) for f in warm)), WARM_UP_LIMIT)

    def pids(self) -> list[int]:
        """The worker processes alive now (for tests and operations)."""
        processes = getattr(self._pool, "_processes", None) or {}
        return sorted(p for p in processes)

    async def decide(self, engine: Game, level: str, view: Any, seat: int, legal: list, rng: Rng,
                     budget_s: float) -> Thought:
        from bot.play.registry import titles

        pool, warm = self._started([type(t.engine) for t in titles().values()])
        try:
            await asyncio.wait_for(asyncio.gather(*(asyncio.wrap_future(f) for f in warm)), WARM_UP_LIMIT)
            future = pool.submit(think, type(engine), level, view, seat, legal, rng, budget_s)
            return await asyncio.wait_for(asyncio.wrap_future(future), budget_s + self.grace)
        except BrokenProcessPool:
            self._discard(pool)
            raise

    def _discard(self, pool: ProcessPoolExecutor) -> None:
        if self._pool is pool:
            self._pool, self._warm = None, []
            pool.shutdown(wait=False, cancel_futures=True)

    def shutdown(self) -> None:
        if self._pool is not None:
            self._discard(self._pool)


_shared: Thinkers | None = None


def shared() -> Thinkers:
    """The process's pool (made on first use)."""
    global _shared
    if _shared is None:
        _shared = Thinkers()
    return _shared
