"""The live events' fan-out thread (``bot.web.fanout``) on real loopback connections: each viewer gets
every event whole and in order, framed as its response is (chunked or not); a reader that takes
nothing is dropped without holding up the others; a released connection is the loop's again."""

from __future__ import annotations

import asyncio
import contextlib
import socket

import pytest

from bot.web.fanout import Fanout, framed


class Accepted(asyncio.Protocol):
    def __init__(self, accepted: asyncio.Queue) -> None:
        self.accepted = accepted

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.accepted.put_nowait(transport)


async def connect(port: int, accepted: asyncio.Queue, small: bool = False):
    """A client socket and the server's transport for it (small buffers: a reader that falls behind
    at once)."""
    client = socket.socket()
    if small:
        client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    client.setblocking(False)
    await asyncio.get_running_loop().sock_connect(client, ("127.0.0.1", port))
    transport = await accepted.get()
    if small:
        transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    return client, transport


@contextlib.asynccontextmanager
async def loopback():
    """A server on 127.0.0.1 and a way to open connections to it (``connect``'s pairs), every one
    closed at the end."""
    accepted: asyncio.Queue = asyncio.Queue()
    server = await asyncio.get_running_loop().create_server(lambda: Accepted(accepted), "127.0.0.1", 0)
    opened: list = []

    async def open_one(small: bool = False):
        pair = await connect(server.sockets[0].getsockname()[1], accepted, small)
        opened.append(pair)
        return pair

    try:
        yield open_one
    finally:
        for client, transport in opened:
            client.close()
            transport.close()
        server.close()
        await server.wait_closed()


async def read_exactly(client: socket.socket, size: int) -> bytes:
    loop, data = asyncio.get_running_loop(), b""
    while len(data) < size:
        more = await loop.sock_recv(client, size - len(data))
        assert more, f"the connection ended after {len(data)} of {size} bytes"
        data += more
    return data


@pytest.mark.asyncio
async def test_every_viewer_gets_every_event_whole_and_a_stalled_one_is_dropped() -> None:
    async with loopback() as open_one:
        await every_viewer_gets_every_event(*[await open_one(small) for small in (False, False, True)])


async def every_viewer_gets_every_event(fast_pair, plain_pair, stalled_pair) -> None:
    (fast, fast_side), (plain, plain_side), (stalled, stalled_side) = fast_pair, plain_pair, stalled_pair
    loop = asyncio.get_running_loop()
    fanout = Fanout()
    dropped, wrongly = loop.create_future(), []
    fast_out = fanout.attach(fast_side, True, lambda: wrongly.append("fast"))
    plain_out = fanout.attach(plain_side, False, lambda: wrongly.append("plain"))
    stalled_out = fanout.attach(stalled_side, True, lambda: dropped.done() or dropped.set_result(True))
    assert fast_out and plain_out and stalled_out
    try:
        events = [b"id: %d\nevent: version\ndata: %s\n\n" % (n, b"x" * 8000) for n in range(40)]
        for data in events:
            fanout.send([fast_out, plain_out, stalled_out], data)
        got_fast = await read_exactly(fast, sum(len(framed(d, True)) for d in events))
        got_plain = await read_exactly(plain, sum(len(d) for d in events))
        assert got_fast == b"".join(framed(d, True) for d in events)
        assert got_fast.startswith(b"%x\r\nid: 0\n" % len(events[0]))
        assert got_plain == b"".join(events)
        assert await dropped  # 320 KB sent to a reader with 8 KB of buffers that read none of it
        assert wrongly == []
        # what the stalled reader does get is the start of what was sent, then the connection's end
        rest = b""
        while more := await loop.sock_recv(stalled, 65536):
            rest += more
        assert len(rest) < sum(len(framed(d, True)) for d in events)
        assert rest == b"".join(framed(d, True) for d in events)[:len(rest)]
    finally:
        for outlet in (fast_out, plain_out, stalled_out):
            await fanout.release(outlet)
        fanout.close()
        await asyncio.to_thread(fanout._thread.join)  # the thread ends once every connection is released
    # released, the connection is the loop's again: a write from the loop still reaches the reader
    fast_side.write(b"after")
    assert await read_exactly(fast, 5) == b"after"


@pytest.mark.asyncio
async def test_a_closing_connection_is_not_attached() -> None:
    async with loopback() as open_one:
        _, side = await open_one()
        side.close()
        assert Fanout().attach(side, True, lambda: None) is None
        assert Fanout().attach(None, True, lambda: None) is None


@pytest.mark.asyncio
async def test_a_version_is_written_once_to_each_viewer() -> None:
    """The loop hands every move to every viewer of an address; the thread writes a version only to
    those not told it yet (a browser that came with ``Last-Event-ID`` 3 is not told 3 again)."""
    async with loopback() as open_one:
        await a_version_once(await open_one(), await open_one())


async def a_version_once(fresh_pair, resumed_pair) -> None:
    (fresh, fresh_side), (resumed, resumed_side) = fresh_pair, resumed_pair
    fanout = Fanout()
    fresh_out = fanout.attach(fresh_side, False, lambda: None)
    resumed_out = fanout.attach(resumed_side, False, lambda: None, told=3)
    assert fresh_out and resumed_out
    version = {n: b"id: %d\nevent: version\ndata: {}\n\n" % n for n in (3, 4)}
    try:
        fanout.send([fresh_out, resumed_out], version[3], 3)
        fanout.send([fresh_out, resumed_out], version[3], 3)  # (a second word of the same version)
        fanout.send([fresh_out, resumed_out], b": still here\n\n")  # (no version: written to all)
        fanout.send([fresh_out, resumed_out], version[4], 4)
        expected_fresh = version[3] + b": still here\n\n" + version[4]
        expected_resumed = b": still here\n\n" + version[4]
        assert await read_exactly(fresh, len(expected_fresh)) == expected_fresh
        assert await read_exactly(resumed, len(expected_resumed)) == expected_resumed
        assert (fresh_out.told, resumed_out.told) == (4, 4)
    finally:
        for outlet in (fresh_out, resumed_out):
            await fanout.release(outlet)
        fanout.close()
        await asyncio.to_thread(fanout._thread.join)
    # nothing else came before the connections were given back
    fresh_side.write(b"end")
    resumed_side.write(b"end")
    assert await read_exactly(fresh, 3) == b"end" and await read_exactly(resumed, 3) == b"end"
