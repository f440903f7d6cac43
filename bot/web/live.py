"""The page's live part: a Server-Sent Events stream per viewer that says "version N" whenever the game
moves (``id: N``, so a browser that reconnects sends ``Last-Event-ID`` and is told at once of what it
missed). No polling: the hub waits for the store's word that the game moved (``bot.store.changes``:
in-process on SQLite, LISTEN/NOTIFY on PostgreSQL), reads the game's row once, and writes the one
encoded event to each of its viewers' connections itself, a batch per turn of the event loop: no
viewer's task wakes for a move, so 200 viewers cost the loop a few milliseconds per move.

A viewer whose connection does not take what it is sent (more than ``BACKLOG`` bytes waiting) is
dropped: its browser reconnects and catches up by ``Last-Event-ID``. A stream opened on an address
that ``/web reset`` replaced ends at once.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
from dataclasses import dataclass, field

from aiohttp import web

from bot.play.metrics import SSE_VIEWERS
from bot.store import GameRow, Store

log = logging.getLogger("piazza")

BATCH = 10  # viewers written per turn of the event loop (~0.3 ms): a move's fan-out never holds the loop long
BACKLOG = 64 * 1024  # bytes a viewer's connection may hold unsent before the viewer is dropped
KEEPALIVE = 15.0  # seconds between comments on every stream (proxies close idle connections)
RETRY_MS = 1000  # how soon a browser reconnects after a dropped stream
QUIET = b": still here\n\n"


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


@functools.lru_cache(maxsize=64)
def event(version: int, over: bool) -> bytes:
    """The event that tells a version (encoded once for all the viewers of a move)."""
    data = json.dumps({"version": version, "over": over})
    return f"id: {version}\nevent: version\ndata: {data}\n\n".encode()


@dataclass(eq=False)
class Viewer:
    response: web.StreamResponse
    transport: asyncio.BaseTransport | None
    page: str
    told: int  # the version last told (-1: none)
    ended: asyncio.Future = field(default_factory=lambda: asyncio.get_running_loop().create_future())

    def end(self) -> None:
        if not self.ended.done():
            self.ended.set_result(None)

    async def send(self, data: bytes) -> None:
        """Write without waiting for a slow reader: one that has fallen behind is dropped."""
        transport = self.transport
        if transport is None or transport.is_closing() or not isinstance(transport, asyncio.WriteTransport) \
                or transport.get_write_buffer_size() > BACKLOG:
            self.end()
            return
        try:
            await self.response.write(data)  # (returns at once: the transport takes it, it is not paused)
        except (ConnectionResetError, RuntimeError):
            self.end()


class Hub:
    """The viewers of each game, and the newest state of each watched game, read once per move."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._now: dict[int, Now] = {}
        self._viewers: dict[int, set[Viewer]] = {}
        self._tasks: set[asyncio.Task] = set()
        self._stop = store.changes.listen(self.moved)
        self._quiet: asyncio.Task | None = None

    def close(self) -> None:
        self._stop()
        for task in [*self._tasks, *([self._quiet] if self._quiet else [])]:
            task.cancel()
        for viewers in self._viewers.values():
            for viewer in viewers:
                viewer.end()

    def moved(self, game_id: int) -> None:
        """The store's word (``bot.store.changes``): read the game once, then tell its viewers."""
        if game_id in self._viewers:
            self._spawn(self._refresh(game_id))

    def _spawn(self, work) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _refresh(self, game_id: int) -> None:
        try:
            row = await self.store.games.get(game_id)
            page = await self.store.pages.digest_of(game_id)
        except Exception:
            log.exception("the web page could not read game %s after a move", game_id)
            return
        if row is None or game_id not in self._viewers:
            return
        known = self._now.get(game_id)
        if known is not None and row.version < known.version:
            return  # a read that finished after a newer one's (two moves close together)
        now = self._now[game_id] = Now.of(row, page)
        for i, viewer in enumerate(list(self._viewers.get(game_id, ()))):
            await self._tell(viewer, now)
            if i % BATCH == BATCH - 1:
                await asyncio.sleep(0)  # let the loop run what else is due (Discord's heartbeat, timers)

    async def _tell(self, viewer: Viewer, now: Now) -> None:
        if now.page != viewer.page:
            viewer.end()  # the address was reset: the old one tells nothing more
        elif now.version != viewer.told:
            viewer.told = now.version
            await viewer.send(event(now.version, now.over))

    async def _keep_alive(self) -> None:
        while True:
            await asyncio.sleep(KEEPALIVE)
            for i, viewer in enumerate([v for viewers in self._viewers.values() for v in viewers]):
                await viewer.send(QUIET)
                if i % BATCH == BATCH - 1:
                    await asyncio.sleep(0)

    def count(self) -> int:
        return sum(len(v) for v in self._viewers.values())

    async def join(self, game_id: int, viewer: Viewer, row: GameRow) -> None:
        """A viewer joins: told the newest version at once unless it has it (``Last-Event-ID``)."""
        if self._quiet is None:
            self._quiet = asyncio.get_running_loop().create_task(self._keep_alive())
        self._viewers.setdefault(game_id, set()).add(viewer)
        joined = Now.of(row, viewer.page)
        if game_id not in self._now or joined.version > self._now[game_id].version:
            self._now[game_id] = joined
        await self._tell(viewer, self._now[game_id])

    def leave(self, game_id: int, viewer: Viewer) -> None:
        viewers = self._viewers.get(game_id)
        if viewers is not None:
            viewers.discard(viewer)
            if not viewers:
                self._viewers.pop(game_id, None)
                self._now.pop(game_id, None)


async def stream(request: web.Request, hub: Hub, row: GameRow, page: str) -> web.StreamResponse:
    """The stream of one viewer of ``row``'s game, opened on the address whose digest is ``page``. With
    ``Last-Event-ID`` equal to the newest version, nothing is sent until the next move."""
    response = web.StreamResponse(headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store",
                                           "X-Accel-Buffering": "no"})
    await response.prepare(request)
    seen = request.headers.get("Last-Event-ID", "")
    viewer = Viewer(response, request.transport, page, int(seen) if seen.isdigit() and len(seen) < 10 else -1)
    SSE_VIEWERS.inc()
    try:
        await response.write(f"retry: {RETRY_MS}\n\n".encode())
        await hub.join(row.id, viewer, row)
        await viewer.ended  # the hub writes; this waits until the stream ends (or the viewer leaves)
    except (ConnectionResetError, asyncio.CancelledError):
        pass  # the viewer left (aiohttp cancels the handler of a closed connection)
    finally:
        SSE_VIEWERS.dec()
        hub.leave(row.id, viewer)
    return response
