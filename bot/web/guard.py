"""What every answer of the web server carries and what every request passes first: security headers
(no referrer, a Content-Security-Policy without inline scripts, nosniff, no framing), GET and HEAD
only, a per-address rate limit (a token bucket: ``burst`` requests at once, ``rate`` a second), and
at most ``STREAMS`` live streams open per address."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable

from aiohttp import web

HEADERS = {
    "Referrer-Policy": "no-referrer",  # a page's address is its key: never sent on to another site
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
                               "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Resource-Policy": "same-origin",
}
RATE = 20.0  # requests a second, per address, sustained
BURST = 120  # requests at once (a page and its files are 5; scrubbing the timeline fetches a version each)
STREAMS = 16  # live streams open at once per address (a household's tabs; behind a proxy, raise it)
FORGET = 600.0  # seconds after which an address's bucket is dropped (it is full again by then)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class Buckets:
    """A token bucket per client address."""

    def __init__(self, rate: float = RATE, burst: int = BURST, clock: Callable[[], float] = time.monotonic):
        self.rate, self.burst, self.clock = rate, burst, clock
        self._buckets: dict[str, tuple[float, float]] = {}

    def allow(self, address: str) -> bool:
        now = self.clock()
        if len(self._buckets) > 10_000:  # many addresses: drop the idle ones
            self._buckets = {a: b for a, b in self._buckets.items() if now - b[1] < FORGET}
        tokens, at = self._buckets.get(address, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - at) * self.rate)
        if tokens < 1:
            self._buckets[address] = (tokens, now)
            return False
        self._buckets[address] = (tokens - 1, now)
        return True


class Streams:
    """How many live streams each address holds open: at most ``limit``."""

    def __init__(self, limit: int = STREAMS):
        self.limit = limit
        self._open: dict[str, int] = {}

    def open(self, address: str) -> bool:
        held = self._open.get(address, 0)
        if held >= self.limit:
            return False
        self._open[address] = held + 1
        return True

    def close(self, address: str) -> None:
        held = self._open.get(address, 1) - 1
        if held <= 0:
            self._open.pop(address, None)
        else:
            self._open[address] = held


def guard(buckets: Buckets) -> Callable:
    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.method not in ("GET", "HEAD"):
            response: web.StreamResponse = web.Response(status=405, text="405: GET only\n",
                                                        headers={"Allow": "GET, HEAD"})
        elif not buckets.allow(request.remote or "-"):
            response = web.Response(status=429, text="429: too many requests\n", headers={"Retry-After": "5"})
        else:
            try:
                response = await handler(request)
            except web.HTTPException as exc:
                response = web.Response(status=exc.status, text=f"{exc.status}: {exc.reason}\n")
        return response

    return middleware


async def headers(request: web.Request, response: web.StreamResponse) -> None:
    """``on_response_prepare``: every answer, a stream's too, gets the headers before it goes out."""
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
