"""The live events' fan-out, off the event loop: one thread of its own writes each event to every
viewer's connection, so a move watched by 200 viewers costs the bot's loop one hand-over, not 200
socket writes (each a system call that also runs the loopback or network stack: 20-50 µs).

A viewer's connection is handed over once its stream's headers and first bytes are sent
(``attach``): the thread writes on a duplicate of the socket's descriptor, so the descriptor it
writes on cannot be closed and reused by another connection under it. Each event is written whole
or the connection is shut: a reader that has not taken what it was sent (the kernel's buffer full,
a send that would block or takes part of an event) is dropped, and its browser reconnects and
catches up by ``Last-Event-ID``. The loop is told of a dropped viewer through ``gone``; a viewer's
stream ends only after ``release`` has given its connection back, so the stream's last bytes
(aiohttp's end of the chunked body) always come after the thread's last event.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import queue
import socket
import threading
from collections.abc import Callable, Iterable


class Outlet:
    """One viewer's connection as the fan-out thread writes to it (only that thread touches ``sock``
    once it is attached)."""

    __slots__ = ("sock", "chunked", "gone", "shut", "told")

    def __init__(self, sock: socket.socket, chunked: bool, gone: Callable[[], None], told: int = -1) -> None:
        self.sock, self.chunked, self.gone, self.shut = sock, chunked, gone, False
        self.told = told  # the version last written (-1: none), so that none is written twice


def framed(data: bytes, chunked: bool) -> bytes:
    """``data`` as one piece of the response's body (a chunk of a chunked body, or as it is)."""
    return b"%x\r\n%s\r\n" % (len(data), data) if chunked else data


class Fanout:
    """The thread that writes the live events, and its queue of work (the loop only puts)."""

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._closed = False
        self._held = 0  # connections attached and not yet released (the thread ends with none held)
        self._lock = threading.Lock()

    def attach(self, transport: asyncio.BaseTransport | None, chunked: bool,
               gone: Callable[[], None], told: int = -1) -> Outlet | None:
        """Take over writing to ``transport``'s connection, whose reader has version ``told`` (-1:
        none); ``None`` if it cannot be (closing, no socket, bytes still waiting in the transport's
        own buffer that the thread would overtake)."""
        if self._closed or not isinstance(transport, asyncio.WriteTransport) or transport.is_closing() \
                or transport.get_write_buffer_size():
            return None
        raw = transport.get_extra_info("socket")
        if raw is None or transport.get_extra_info("sslcontext") is not None:
            return None
        try:
            sock = socket.socket(fileno=os.dup(raw.fileno()))
        except OSError:
            return None
        sock.setblocking(False)  # (as asyncio keeps it already: a send never waits for a slow reader)
        if self._thread is None:
            self._loop = asyncio.get_running_loop()
            self._thread = threading.Thread(target=self._run, name="piazza-fanout", daemon=True)
            self._thread.start()
        with self._lock:
            self._held += 1
        return Outlet(sock, chunked, gone, told)

    def send(self, outlets: Iterable[Outlet], data: bytes, version: int | None = None) -> None:
        """Write ``data`` to each of ``outlets`` (in the order sends were asked; returns at once); with
        a ``version``, only to those not yet told it (the check is the thread's: the loop only puts)."""
        self._jobs.put((list(outlets), data, version))

    async def release(self, outlet: Outlet) -> None:
        """Give ``outlet``'s connection back, once every event asked for it before is written."""
        if self._thread is None or not self._thread.is_alive():
            outlet.sock.close()
            return
        done = asyncio.get_running_loop().create_future()
        self._jobs.put((outlet, done, None))
        await done

    def close(self) -> None:
        """Stop the thread once every connection it holds is released (streams end after this)."""
        self._closed = True
        if self._thread is not None:
            self._jobs.put(None)

    def _run(self) -> None:
        closing = False
        while not closing or self._held:
            job = self._jobs.get()
            if job is None:
                closing = True
                continue
            first, second, version = job
            if isinstance(first, Outlet):  # a release
                first.sock.close()
                with self._lock:
                    self._held -= 1
                self._call(_settle, second)
                continue
            pieces = {flag: framed(second, flag) for flag in (False, True)}
            for outlet in first:
                if not outlet.shut and (version is None or outlet.told != version):
                    if version is not None:
                        outlet.told = version
                    self._write(outlet, pieces[outlet.chunked])

    def _write(self, outlet: Outlet, piece: bytes) -> None:
        try:
            sent = outlet.sock.send(piece)
        except OSError:  # would block, reset, broken pipe: the viewer is gone or too slow
            sent = -1
        if sent != len(piece):
            outlet.shut = True
            with contextlib.suppress(OSError):
                outlet.sock.shutdown(socket.SHUT_RDWR)  # (a part of an event sent: nothing may follow it)
            self._call(outlet.gone)

    def _call(self, callback, *args) -> None:
        assert self._loop is not None
        with contextlib.suppress(RuntimeError):  # the loop has closed: nobody is waiting any more
            self._loop.call_soon_threadsafe(callback, *args)


def _settle(done: asyncio.Future) -> None:
    if not done.done():
        done.set_result(None)
