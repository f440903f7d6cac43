"""Where the CPU work of a move runs: the rules (reading and applying a move, a seat's view and legal
actions) and the drawing (a board or a hand, drawn and encoded), in a pool of worker processes.

Why processes: in a thread, the rules and Pillow's drawing hold the GIL, and the event loop (and
Discord's heartbeat) waits for it. With 50 games played at once that stalled the loop up to 160 ms.
In worker processes the loop only pickles what goes each way (a state of 1-3 KB and a move, the
new state and its events or an image back): tens of microseconds (``python -m bot bench --load``).

The final post's replay, reveal and story (every board, or every move, of the game again) run here too.
What a task is given: the title (``ref``: its key and classes; each worker has its own registry,
loaded once when it starts), the state (1-3 KB pickled: cheaper to send than a view, up to 21 KB) and the move; never
an engine. Views are made in the worker. It sends back what the rules or the
renderer returned; a ``RuleError`` comes back whole (it pickles with its key and params).

Failures: the tasks are pure (nothing is stored before they return), so a task whose pool broke
(a worker killed) is run once more on a fresh pool; a second break raises ``WorkersDown`` (the
caller refuses the move with one line; nothing changed).

Size: ``PIAZZA_WORKERS`` processes (default: the cores this process may use; ``0``: threads, as
before this pool). One pool per process, shared by every service, started at start-up (``start``)
or by the first task; separate from the bots' thinking pool (``bot.play.thinking``), whose searches
take up to their whole budget and would queue people's moves behind them.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from bot.play.metrics import WORKERS_BUSY
from bot.play.orphans import watch_parent
from bot.play.thinking import cores
from engines.core import quote
from render.common import encode_image
from render.text import drawing_in

ENV_WORKERS = "PIAZZA_WORKERS"
TitleRef = tuple[str, type, type]
MAX_WORKERS = 64
T = TypeVar("T")
_made: dict[TitleRef, Any] = {}


class WorkersDown(RuntimeError):
    """The pool broke twice under one task (a worker killed each time)."""


def workers_from_env() -> int:
    """``PIAZZA_WORKERS``: how many worker processes (0: threads); the cores when unset."""
    text = os.environ.get(ENV_WORKERS, "").strip()
    if not text:
        return cores()
    if not text.isdigit() or int(text) > MAX_WORKERS:
        raise ValueError(f"{ENV_WORKERS} must be a whole number of processes from 0 (threads) to {MAX_WORKERS}, "
                         f"not {quote(text)!r}.")
    return int(text)


# --- the tasks (run in a worker; with 0 workers, in a thread) ---------------------------------
def ref(title: Any) -> TitleRef:
    """What a task is told of a title: its key and its engine's and renderer's classes (by name)."""
    return title.key, type(title.engine), type(title.renderer)


def _title(which: TitleRef):
    """The title in this process: the registry's, or (a title registered at run time, as tests do)
    one made here from its classes, once."""
    from bot.play.registry import Title, titles

    title = _made.get(which)
    if title is None:
        key, engine_cls, renderer_cls = which
        title = titles().get(key)
        if title is None or (type(title.engine), type(title.renderer)) != (engine_cls, renderer_cls):
            engine = engine_cls()
            engine.load_data()
            title = Title(key, engine, renderer_cls())
        _made[which] = title
    return title


def _init(parent: int) -> None:
    """A worker's start: every title's data and every language's words loaded, once; and a watch on
    its parent, by pid (a pool's workers do not notice their parent's death: a bot killed with
    SIGKILL would leave them behind for good; one whose parent died before it started exits at once)."""
    from bot.play.registry import titles

    watch_parent(parent)
    titles()


def _warm() -> int:
    return os.getpid()


def play(which: TitleRef, state: Any, seat: int, text: str) -> tuple[Any, Any, list]:
    """A move typed in notation, read and applied: the action, the new state and its events."""
    engine = _title(which).engine
    action = engine.parse_action(state, seat, text)
    new, events = engine.apply(state, seat, action)
    return action, new, events


def apply(which: TitleRef, state: Any, seat: int, action: Any) -> tuple[Any, list]:
    return _title(which).engine.apply(state, seat, action)


def sight(which: TitleRef, state: Any, seat: int) -> tuple[Any, list]:
    """What a seat may see and may do: all an agent is given."""
    engine = _title(which).engine
    return engine.view(state, seat), engine.legal_actions(state, seat)


def board(which: TitleRef, state: Any, names: list[str], lang: str) -> bytes:
    """The public board (drawn from the public view of ``state``), in ``lang``, as an encoded image (``encode_image``)."""
    title = _title(which)
    view = title.engine.view(state, None)
    with drawing_in(lang):
        return encode_image(title.renderer.board(view, names))


def private(which: TitleRef, state: Any, seat: int, names: list[str], lang: str) -> bytes | None:
    """The private picture of ``seat`` (None: the title has none for it), in ``lang``, as an encoded image."""
    title = _title(which)
    view = title.engine.view(state, seat)
    with drawing_in(lang):
        image = title.renderer.private(view, names)
    return None if image is None else encode_image(image)


def _loaded(which: TitleRef, row: Any):
    """A finished game's title and options in this worker (its state is passed on its own)."""
    from bot.play.locale import without_lang
    from bot.play.options import parse_options
    from bot.play.stored import Loaded

    title = _title(which)
    options = parse_options(title.engine.options_model, without_lang(row.options), title.engine.title)
    return Loaded(title, options, None, None)


def replay(which: TitleRef, row: Any, entries: list) -> bytes:
    """The game's animated replay (``bot.play.replays``): every board of the game again.
    ``Unreplayable`` if the record does not play back (``bot.play.stored.replaying``)."""
    from bot.play.replays import replay_gif
    from bot.play.stored import REPLAY_ERRORS, Unreplayable

    try:
        return replay_gif(row, _loaded(which, row), entries)
    except REPLAY_ERRORS as exc:
        raise Unreplayable(type(exc).__name__) from None


def reveal(which: TitleRef, row: Any, state: Any, entries: list) -> str:
    """A finished game's reveal file (``bot.play.reveal``): the whole game replayed for its record.
    ``Unreplayable`` if the record does not play back or its events' words do not fit."""
    from bot.play.reveal import reveal_text
    from bot.play.stored import REPLAY_ERRORS, Unreplayable

    try:
        return reveal_text(row, _loaded(which, row), state, entries)
    except REPLAY_ERRORS as exc:
        raise Unreplayable(type(exc).__name__) from None


def story(which: TitleRef, row: Any, entries: list, title: str, round_word: str, lang: str) -> tuple[Any, bytes]:
    """A finished game's story (``bot.play.story``): every position judged again, and the chart of each
    seat's chance, drawn in ``lang``. ``Unreplayable`` if the record does not play back."""
    from bot.play.playback import new_state
    from bot.play.stored import REPLAY_ERRORS, Unreplayable
    from bot.play.story import chart, judge

    loaded = _loaded(which, row)
    try:
        curve = judge(loaded.engine, new_state(row, loaded), entries)
    except REPLAY_ERRORS as exc:
        raise Unreplayable(type(exc).__name__) from None
    with drawing_in(lang):
        return curve, chart(curve, row.names, title, round_word)


# --- the pool ----------------------------------------------------------------------------------
class Workers:
    """``run(task, *args)``: the task's answer (or what it raised), computed off the event loop."""

    def __init__(self, processes: int | None = None):
        self.processes = workers_from_env() if processes is None else processes
        self._pool: ProcessPoolExecutor | None = None
        self.started = 0  # pools made so far (the tests read it)

    def _started(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context("spawn")  # never fork a process that runs threads
            self._pool = ProcessPoolExecutor(self.processes, mp_context=context, initializer=_init,
                                             initargs=(os.getpid(),))
            self.started += 1
        return self._pool

    async def start(self) -> None:
        """Start every worker and load its titles now (at start-up: else the first moves wait for it)."""
        if self.processes:
            pool = self._started()
            await asyncio.gather(*(asyncio.wrap_future(pool.submit(_warm)) for _ in range(self.processes)))

    async def run(self, task: Callable[..., T], *args: Any) -> T:
        WORKERS_BUSY.inc()  # (bot.play.metrics: the pool's queue and work, for operators)
        try:
            return await self._run(task, *args)
        finally:
            WORKERS_BUSY.dec()

    async def _run(self, task: Callable[..., T], *args: Any) -> T:
        if self.processes == 0:
            return await asyncio.to_thread(task, *args)
        for attempt in (1, 2):
            pool = self._started()
            try:
                return await asyncio.wrap_future(pool.submit(task, *args))
            except BrokenProcessPool:
                self._discard(pool)
                if attempt == 2:
                    raise WorkersDown("the worker processes broke twice under one task") from None
        raise AssertionError("unreachable")

    def pids(self) -> list[int]:
        """The worker processes alive now (for tests and operations)."""
        processes = getattr(self._pool, "_processes", None) or {}
        return sorted(p for p in processes)

    def _discard(self, pool: ProcessPoolExecutor) -> None:
        if self._pool is pool:
            self._pool = None
            pool.shutdown(wait=False, cancel_futures=True)

    def shutdown(self) -> None:
        """Stop the workers (after their tasks under way); the next task starts a fresh pool."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True)


_shared: Workers | None = None


def shared() -> Workers:
    """The process's pool (made on first use, sized by ``PIAZZA_WORKERS``)."""
    global _shared
    if _shared is None:
        _shared = Workers()
    return _shared


def shutdown_shared() -> None:
    if _shared is not None:
        _shared.shutdown()
