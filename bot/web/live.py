"""The page's live part: a Server-Sent Events stream per viewer that says "version N" whenever the game
moves (``id: N``, so a browser that reconnects sends ``Last-Event-ID`` and is told at once of what it
missed). No polling: the hub waits for the store's word that the game moved (``bot.store.changes``:
in-process on SQLite, LISTEN/NOTIFY on PostgreSQL), reads the game's version once, and hands the one
encoded event for all its viewers to the fan-out thread (``bot.web.fanout``), which writes it to
each viewer's connection not told it yet: no viewer's task wakes for a move, and the bot's loop makes
no socket write and no check per viewer (with 200 viewers those checks took 0.3-0.5 ms of the loop's
time at once, a third of its lag p99).

A viewer whose connection does not take what it is sent is dropped: its browser reconnects and
catches up by ``Last-Event-ID``. A stream opened on an address that ``/web reset`` replaced ends at
once.
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
from bot.web.fanout import Fanout, Outlet

log = logging.getLogger("piazza")

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

    @classmethod
    def read(cls, progress: tuple[int, str, str | None]) -> Now:
        version, status, page = progress  # (bot.store.pages.Pages.progress_of)
        return cls(version, status == "finished", page)


@functools.lru_cache(maxsize=64)
def event(version: int, over: bool) -> bytes:
    """The event that tells a version (encoded once for all the viewers of a move)."""
    data = json.dumps({"version": version, "over": over})
    return f"id: {version}\nevent: version\ndata: {data}\n\n".encode()


@dataclass(eq=False)
class Viewer:
    transport: asyncio.BaseTransport | None  # (the loop's, to see that the browser has gone)
    page: str
    told: int  # the version its browser had when it came (-1: none); then its outlet's ``told``
    outlet: Outlet | None = None  # its connection, once the fan-out writes to it
    ended: asyncio.Future = field(default_factory=lambda: asyncio.get_running_loop().create_future())

    def end(self) -> None:
        if not self.ended.done():
            self.ended.set_result(None)


class Hub:
    """The viewers of each game, by the address they came by, and the newest state of each watched
    game, read once per move. A move costs the loop one read and one hand-over per address, whatever
    the number of viewers: the fan-out thread skips those already told (``Outlet.told``)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._now: dict[int, Now] = {}
        self._viewers: dict[int, dict[str, set[Viewer]]] = {}  # game → its address's digest → viewers
        self._tasks: set[asyncio.Task] = set()
        self._stop = store.changes.listen(self.moved)
        self._quiet: asyncio.Task | None = None
        self.fanout = Fanout()

    def close(self) -> None:
        self._stop()
        for task in [*self._tasks, *([self._quiet] if self._quiet else [])]:
            task.cancel()
        for viewer in self._all():
            viewer.end()
        self.fanout.close()

    def _all(self) -> list[Viewer]:
        return [viewer for pages in self._viewers.values() for viewers in pages.values() for viewer in viewers]

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
            progress = await self.store.pages.progress_of(game_id)
            now = None if progress is None else Now.read(progress)
        except Exception:
            log.exception("the web page could not read game %s after a move", game_id)
            return
        if now is None or game_id not in self._viewers:
            return
        known = self._now.get(game_id)
        if known is not None and now.version < known.version:
            return  # a read that finished after a newer one's (two moves close together)
        self._now[game_id] = now
        for page, viewers in list(self._viewers.get(game_id, {}).items()):
            self._tell(page, viewers, now)

    def _tell(self, page: str, viewers: set[Viewer], now: Now) -> None:
        """Hand ``now``'s event to the fan-out for ``viewers``, who came by the address ``page`` (one
        job; the thread skips those told it already); if that address was reset, end their streams."""
        if now.page != page:
            for viewer in list(viewers):
                viewer.end()  # the old address tells nothing more
        elif viewers:
            self.fanout.send([outlet for viewer in viewers if (outlet := viewer.outlet)], event(now.version, now.over),
                             now.version)

    async def _keep_alive(self) -> None:
        # (and a viewer whose browser has gone without the fan-out seeing it yet ends here)
        while True:
            await asyncio.sleep(KEEPALIVE)
            self.fanout.send([outlet for viewer in self._all() if (outlet := _outlet(viewer))], QUIET)

    def join(self, game_id: int, viewer: Viewer, row: GameRow) -> None:
        """A viewer joins (its connection attached to the fan-out): told the newest version at once
        unless it has it (``Last-Event-ID``)."""
        if self._quiet is None:
            self._quiet = asyncio.get_running_loop().create_task(self._keep_alive())
        self._viewers.setdefault(game_id, {}).setdefault(viewer.page, set()).add(viewer)
        joined = Now.of(row, viewer.page)
        if game_id not in self._now or joined.version > self._now[game_id].version:
            self._now[game_id] = joined
        self._tell(viewer.page, {viewer}, self._now[game_id])

    def leave(self, game_id: int, viewer: Viewer) -> None:
        pages = self._viewers.get(game_id)
        viewers = None if pages is None else pages.get(viewer.page)
        if pages is None or viewers is None:
            return
        viewers.discard(viewer)
        if not viewers:
            pages.pop(viewer.page, None)
        if not pages:
            self._viewers.pop(game_id, None)
            self._now.pop(game_id, None)


def _outlet(viewer: Viewer) -> Outlet | None:
    """``viewer``'s connection while its browser is still there (``None`` and the viewer ended if not:
    its stream closes)."""
    if viewer.outlet is None or viewer.transport is None or viewer.transport.is_closing():
        viewer.end()
        return None
    return viewer.outlet


async def stream(request: web.Request, hub: Hub, row: GameRow, page: str) -> web.StreamResponse:
    """The stream of one viewer of ``row``'s game, opened on the address whose digest is ``page``. With
    ``Last-Event-ID`` equal to the newest version, nothing is sent until the next move."""
    response = web.StreamResponse(headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store",
                                           "X-Accel-Buffering": "no"})
    await response.prepare(request)
    seen = request.headers.get("Last-Event-ID", "")
    viewer = Viewer(request.transport, page, int(seen) if seen.isdigit() and len(seen) < 10 else -1)
    SSE_VIEWERS.inc()
    try:
        await response.write(f"retry: {RETRY_MS}\n\n".encode())  # (the headers go with it, from the loop)
        viewer.outlet = hub.fanout.attach(viewer.transport, response.headers.get("Transfer-Encoding") == "chunked",
                                          viewer.end, viewer.told)
        if viewer.outlet is not None:
            hub.join(row.id, viewer, row)
            await viewer.ended  # the fan-out writes; this waits until the stream ends (or the viewer leaves)
    except (ConnectionResetError, asyncio.CancelledError):
        pass  # the viewer left (aiohttp cancels the handler of a closed connection)
    finally:
        SSE_VIEWERS.dec()
        hub.leave(row.id, viewer)
        if viewer.outlet is not None:
            await hub.fanout.release(viewer.outlet)  # its last event written before the body's end
    return response
