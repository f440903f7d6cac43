"""The operators' endpoints: ``/healthz`` (the event loop answers), ``/readyz`` (the database answers,
the Discord gateway is connected, the worker pool is up; 503 and the failing part otherwise) and
``/metrics`` (Prometheus' text format, ``bot.play.metrics``); and the event loop's lag, measured by a
timer that should fire every ``LAG_EVERY`` seconds."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from bot.play.metrics import LOOP_LAG, OPEN_GAMES
from bot.play.workers import Workers
from bot.store import Store

LAG_EVERY = 0.5  # seconds
READY_TIMEOUT = 2.0  # seconds the database may take to answer /readyz


async def measure_lag(every: float = LAG_EVERY) -> None:
    """Forever: how late a timer due every ``every`` seconds runs (``piazza_event_loop_lag_seconds``)."""
    loop = asyncio.get_running_loop()
    while True:
        due = loop.time() + every
        await asyncio.sleep(every)
        LOOP_LAG.observe(max(0.0, loop.time() - due))


class Health:
    def __init__(self, store: Store, pool: Workers, connected: Callable[[], bool]):
        self.store, self.pool, self.connected = store, pool, connected

    async def healthz(self, request: web.Request) -> web.Response:
        return web.Response(text="ok\n", headers={"Cache-Control": "no-store"})

    async def readyz(self, request: web.Request) -> web.Response:
        checks: dict[str, bool] = {}
        try:
            await asyncio.wait_for(self.store.ping(), READY_TIMEOUT)
            checks["database"] = True
        except Exception:
            checks["database"] = False
        checks["gateway"] = bool(self.connected())
        checks["workers"] = self.pool.processes == 0 or bool(self.pool.pids())
        ok = all(checks.values())
        return web.Response(status=200 if ok else 503, text=json.dumps(checks) + "\n",
                            content_type="application/json", headers={"Cache-Control": "no-store"})

    async def metrics(self, request: web.Request) -> web.Response:
        try:
            for status, n in (await self.store.games.counts()).items():
                OPEN_GAMES.labels(status=status).set(n)
        except Exception:  # the figures of the database are missing from this scrape, the others are there
            pass
        response = web.Response(body=generate_latest(), headers={"Cache-Control": "no-store"})
        response.content_type = CONTENT_TYPE_LATEST.split(";")[0]
        response.charset = "utf-8"
        return response
