"""The page's live part: a Server-Sent Events stream per viewer that says "version N" whenever the game
moves (``id: N``, so a browser that reconnects sends ``Last-Event-ID`` and is told at once of what it
missed). No polling: the stream waits for the store's word that the game moved (``bot.store.changes``:
in-process on SQLite, LISTEN/NOTIFY on PostgreSQL), then reads the game's row once for every viewer
of it (``Hub``) and wakes them.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from aiohttp import web

from bot.play.metrics import SSE_VIEWERS
from bot.store import GameRow, Store

log = logging.getLogger("piazza")

WAKE_BATCH = 20  # viewers woken per turn of the event loop: a move's fan-out never holds the loop long
KEEPALIVE = 15.0  # seconds between comments on a quiet stream (proxies close idle connections)
RETRY_MS = 1000  # how soon a browser reconnects after a dropped stream


@dataclass(frozen=True)
class Now:
    """What a stream tells: the game's newest version and whether it is over; and the digest of the
    game's address (a stream opened on an older one ends)."""

    version: int
    over: bool
    page: str | None

    @classmethod
    def of(cls, row: GameRow, page: str | None) -> Now:
        return cls(row.version, row.status == "finished", page)


class Hub:
    """The newest version of each watched game, read once per move, and an event its viewers wait on."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._now: dict[int, Now] = {}
        self._waiting: dict[int, set[asyncio.Future]] = {}
        self._viewers: dict[int, int] = {}
        self._tasks: set[asyncio.Task] = set()
        self._stop = store.changes.listen(self.moved)

    def close(self) -> None:
        self._stop()
        for task in self._tasks:
            task.cancel()

    def moved(self, game_id: int) -> None:
        """The store's word (``bot.store.changes``): read the game once, then wake its viewers, a batch
        per turn of the event loop."""
        if game_id in self._viewers:
            task = asyncio.get_running_loop().create_task(self._refresh(game_id))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _refresh(self, game_id: int) -> None:
        try:
            row = await self.store.games.get(game_id)
            page = await self.store.pages.digest_of(game_id)
        except Exception:
            log.exception("the web page could not read game %s after a move", game_id)
            return
        if row is not None and game_id in self._now:
            self._now[game_id] = Now.of(row, page)
        waiting = list(self._waiting.pop(game_id, ()))
        for i, waiter in enumerate(waiting):
            if not waiter.done():
                waiter.set_result(None)
            if i % WAKE_BATCH == WAKE_BATCH - 1:
                await asyncio.sleep(0)  # let the loop run what else is due (Discord's heartbeat, timers)

    async def follow(self, game_id: int, row: GameRow, page: str) -> Callable[[], Awaitable[Now]]:
        """A viewer joins (on the address whose digest is ``page``): returns ``next()``, which answers
        the game's state once it differs from what was last answered (the first call: at once)."""
        self._viewers[game_id] = self._viewers.get(game_id, 0) + 1
        joined = Now.of(row, page)
        if game_id not in self._now or joined.version > self._now[game_id].version:
            self._now[game_id] = joined
        told: list[Now | None] = [None]

        async def next_now() -> Now:
            while True:
                now = self._now[game_id]
                if now != told[0]:
                    told[0] = now
                    return now
                waiter = asyncio.get_running_loop().create_future()
                waiting = self._waiting.setdefault(game_id, set())
                waiting.add(waiter)
                try:
                    await waiter
                finally:
                    waiting.discard(waiter)

        return next_now

    def leave(self, game_id: int) -> None:
        left = self._viewers.get(game_id, 1) - 1
        if left <= 0:
            self._viewers.pop(game_id, None)
            self._now.pop(game_id, None)
            self._waiting.pop(game_id, None)
        else:
            self._viewers[game_id] = left


@functools.lru_cache(maxsize=64)
def event(now: Now) -> bytes:  # (``now.page`` stays on the server)
    """The event that tells ``now`` (encoded once for all the viewers of a move)."""
    data = json.dumps({"version": now.version, "over": now.over})
    return f"id: {now.version}\nevent: version\ndata: {data}\n\n".encode()


async def stream(request: web.Request, hub: Hub, row: GameRow, page: str) -> web.StreamResponse:
    """The stream of one viewer of ``row``'s game, opened on the address whose digest is ``page``; it
    ends when the game gets a new address (``/web reset``). With ``Last-Event-ID`` equal to the newest
    version, nothing is sent until the next move."""
    response = web.StreamResponse(headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store",
                                           "X-Accel-Buffering": "no"})
    await response.prepare(request)
    next_now = await hub.follow(row.id, row, page)
    SSE_VIEWERS.inc()
    try:
        await response.write(f"retry: {RETRY_MS}\n\n".encode())
        seen = request.headers.get("Last-Event-ID", "")
        first = await next_now()
        if not (seen.isdigit() and int(seen) == first.version):
            await response.write(event(first))
        while True:
            try:
                async with asyncio.timeout(KEEPALIVE):  # (not wait_for: no task made per viewer and move)
                    now = await next_now()
            except TimeoutError:
                await response.write(b": still here\n\n")
                continue
            if now.page != page:
                break  # the address was reset: the old one tells nothing more
            await response.write(event(now))
    except (ConnectionResetError, asyncio.CancelledError):
        pass  # the viewer left (aiohttp cancels the handler of a closed connection)
    finally:
        SSE_VIEWERS.dec()
        hub.leave(row.id)
    return response
