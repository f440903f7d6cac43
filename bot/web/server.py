"""The web server: a game's page and its parts under ``/g/<token>``, the page's script and style under
``/static``, and the operators' ``/healthz``, ``/readyz`` and ``/metrics``.

``piazza run`` serves it when ``PIAZZA_WEB`` names an address (``0.0.0.0:8080``); ``PIAZZA_WEB_URL``
is the public base URL the game's thread links to (default ``http://<address>``). An unknown token,
a revoked one, a game not started, a version it does not have, a reveal or story before the end: one
and the same 404.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.resources
import os
import re
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass

from aiohttp import web

from bot.play.answers import Damaged
from bot.play.locale import game_lang
from bot.play.spectate import Spectators, Unseen
from bot.play.stored import Unreplayable
from bot.play.workers import Workers
from bot.store import GameRow, Store
from bot.store.pages import digest
from bot.web import guard, live, page
from bot.web.health import Health, measure_lag
from engines.core import quote

ENV_WEB = "PIAZZA_WEB"
ENV_WEB_URL = "PIAZZA_WEB_URL"
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
STATIC = {"page.js": "text/javascript", "page.css": "text/css", "icon.svg": "image/svg+xml"}
HUB = web.AppKey("hub", live.Hub)
WARN: web.AppKey[Callable[[Damaged], None]] = web.AppKey("warn")
VERSION_CACHE = "private, max-age=60"  # a version's board and words change only if a seat changes hands


@dataclass(frozen=True)
class Address:
    host: str
    port: int
    base_url: str  # what links to a page start with (no slash at the end)


def address_from_env() -> Address | None:
    """``PIAZZA_WEB`` (``host:port``; unset: no web server) and ``PIAZZA_WEB_URL``; ValueError with
    a sentence for the operator on a value that does not read."""
    text = os.environ.get(ENV_WEB, "").strip()
    if not text:
        return None
    host, sep, port = text.rpartition(":")
    if not sep or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"{ENV_WEB} must be an address and port such as 0.0.0.0:8080, not {quote(text)!r}.")
    host = host.strip("[]") or "0.0.0.0"
    base = os.environ.get(ENV_WEB_URL, "").strip().rstrip("/") or f"http://{text}"
    if not base.startswith(("http://", "https://")):
        raise ValueError(f"{ENV_WEB_URL} must start with http:// or https://, not {quote(base)!r}.")
    return Address(host, int(port), base)


def page_url(base_url: str, token: str) -> str:
    return f"{base_url}/g/{token}"


class Site:
    """The routes' handlers, each handed what it needs."""

    def __init__(self, store: Store, spectators: Spectators, hub: live.Hub, streams: guard.Streams):
        self.store, self.spectators, self.hub, self.streams = store, spectators, hub, streams

    async def _row(self, request: web.Request) -> GameRow:
        token = request.match_info["token"]
        if not TOKEN.fullmatch(token):
            raise web.HTTPNotFound()
        game_id = await self.store.pages.game_of(token)
        if game_id is None:
            raise web.HTTPNotFound()
        try:
            return await self.spectators.game(game_id)
        except Unseen:
            raise web.HTTPNotFound() from None

    async def _sight(self, request: web.Request, version: int | None):
        row = await self._row(request)
        lang = page.language(request.headers.get("Accept-Language"), game_lang(row))
        try:
            return await self.spectators.sight(row, version, lang)
        except Unseen:
            raise web.HTTPNotFound() from None

    @staticmethod
    def _version(request: web.Request) -> int:
        text = request.match_info["version"]
        if not text.isdigit() or len(text) > 9:
            raise web.HTTPNotFound()
        return int(text)

    @staticmethod
    def _base(request: web.Request) -> str:
        return f"/g/{request.match_info['token']}"

    async def _turns(self, sight) -> list[str] | None:
        """The story's turning points of a game that is over (None before the end: nothing of it shows)."""
        if not sight.over:
            return None
        row = await self.spectators.game(sight.game_id)
        turns, _ = await self.spectators.story(row, sight.lang)
        return turns

    async def html(self, request: web.Request) -> web.Response:
        sight = await self._sight(request, None)
        return web.Response(text=page.html_page(sight, self._base(request), await self._turns(sight)), content_type="text/html",
                            charset="utf-8", headers={"Cache-Control": "no-store", "Content-Language": sight.lang,
                                                      "Vary": "Accept-Language"})

    async def version_json(self, request: web.Request) -> web.Response:
        sight = await self._sight(request, self._version(request))
        cache = "no-store" if sight.version == sight.latest else VERSION_CACHE
        return web.json_response(page.sight_json(sight, self._base(request), await self._turns(sight)),
                                 headers={"Cache-Control": cache, "Vary": "Accept-Language"})

    async def version_image(self, request: web.Request) -> web.Response:
        sight = await self._sight(request, self._version(request))
        return web.Response(body=sight.image, content_type="image/webp",
                            headers={"Cache-Control": VERSION_CACHE, "Vary": "Accept-Language"})

    async def events(self, request: web.Request) -> web.StreamResponse:
        row = await self._row(request)
        address = request.remote or "-"
        if not self.streams.open(address):
            return web.Response(status=429, text="429: too many live streams from this address\n",
                                headers={"Retry-After": "30"})
        try:
            return await live.stream(request, self.hub, row, digest(request.match_info["token"]))
        finally:
            self.streams.close(address)

    async def reveal(self, request: web.Request) -> web.Response:
        row = await self._row(request)
        try:
            text = await self.spectators.reveal(row)
        except Unseen:
            raise web.HTTPNotFound() from None
        return web.Response(body=text, content_type="text/plain", charset="utf-8",
                            headers={"Cache-Control": VERSION_CACHE})

    async def replay(self, request: web.Request) -> web.Response:
        row = await self._row(request)
        try:
            data = await self.spectators.replay(row)
        except Unseen:
            raise web.HTTPNotFound() from None
        return web.Response(body=data, content_type="image/gif", headers={"Cache-Control": VERSION_CACHE})

    async def story(self, request: web.Request) -> web.Response:
        row = await self._row(request)
        lang = page.language(request.headers.get("Accept-Language"), game_lang(row))
        try:
            _, chart = await self.spectators.story(row, lang)
        except Unseen:
            raise web.HTTPNotFound() from None
        return web.Response(body=chart, content_type="image/webp",
                            headers={"Cache-Control": VERSION_CACHE, "Vary": "Accept-Language"})

    async def static(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in STATIC:
            raise web.HTTPNotFound()
        body = importlib.resources.files("bot.web").joinpath("static", name).read_bytes()
        return web.Response(body=body, content_type=STATIC[name], charset=None if name.endswith(".svg") else "utf-8",
                            headers={"Cache-Control": "public, max-age=3600"})


@web.middleware
async def unreadable(request: web.Request, handler) -> web.StreamResponse:
    """A game whose record no longer reads (``Damaged``, ``Unreplayable``): its page is a 404 like any
    other missing one, and the log says so once per game (``Tables.warn``)."""
    try:
        return await handler(request)
    except Damaged as exc:
        request.app[WARN](exc)
    except Unreplayable:
        pass
    raise web.HTTPNotFound()


def make_app(store: Store, spectators: Spectators, pool: Workers, connected: Callable[[], bool],
             buckets: guard.Buckets | None = None, streams: guard.Streams | None = None) -> web.Application:
    """The application; ``connected`` says whether the Discord gateway is (``/readyz``); ``buckets`` and
    ``streams``: the per-address limits (``bot.web.guard``'s by default)."""
    app = web.Application(middlewares=[guard.guard(buckets or guard.Buckets()), unreadable])
    app[WARN] = spectators.tables.warn
    app.on_response_prepare.append(guard.headers)
    hub = live.Hub(store)
    site, health = Site(store, spectators, hub, streams or guard.Streams()), Health(store, pool, connected)
    app[HUB] = hub
    app.router.add_get("/g/{token}", site.html)
    app.router.add_get("/g/{token}/v/{version}.json", site.version_json)
    app.router.add_get("/g/{token}/v/{version}.webp", site.version_image)
    app.router.add_get("/g/{token}/events", site.events)
    app.router.add_get("/g/{token}/reveal.txt", site.reveal)
    app.router.add_get("/g/{token}/replay.gif", site.replay)
    app.router.add_get("/g/{token}/story.webp", site.story)
    app.router.add_get("/static/{name}", site.static)
    app.router.add_get("/healthz", health.healthz)
    app.router.add_get("/readyz", health.readyz)
    app.router.add_get("/metrics", health.metrics)

    async def lag(app: web.Application) -> AsyncIterator[None]:
        await store.hear_other_processes()  # PostgreSQL: every process's moves (bot.store.changes)
        task = asyncio.get_running_loop().create_task(measure_lag())
        yield
        task.cancel()
        hub.close()

    app.cleanup_ctx.append(lag)
    return app


@contextlib.asynccontextmanager
async def serving(app: web.Application, host: str, port: int) -> AsyncIterator[web.AppRunner]:
    """The application listening on ``host:port`` (port 0: any free one) until the block ends."""
    runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)  # no access log: an address is a secret
    await runner.setup()
    site = web.TCPSite(runner, host, port)
    await site.start()
    try:
        yield runner
    finally:
        await runner.cleanup()


def bound_port(runner: web.AppRunner) -> int:
    """The port a runner listens on (what port 0 became)."""
    for site in runner.sites:
        server = getattr(site, "_server", None)
        if server is not None and server.sockets:
            return int(server.sockets[0].getsockname()[1])
    raise RuntimeError("not listening")
