"""The game's web page over HTTP: its address (unguessable, reset by /web reset, every unknown
address the same 404), its headers, its versions, the live stream, and the operators' endpoints."""

from __future__ import annotations

import asyncio
import io
import json
from html import escape

import aiohttp
import pytest
from PIL import Image

from bot.play import workers
from bot.play.answers import Refusal
from bot.play.locale import reading
from bot.play.registry import get
from bot.play.spectate import seen_at
from tests.web.web_helpers import play_one, served, start_game

LIVE_BOUND = 10.0  # seconds: generous on a busy 2-core machine; the live path itself is event-driven


async def get_text(session: aiohttp.ClientSession, url: str, **kw) -> tuple[int, dict, bytes]:
    async with session.get(url, **kw) as r:
        return r.status, dict(r.headers), await r.read()


async def test_the_address_the_headers_and_the_versions(tmp_path) -> None:
    async with served(str(tmp_path / "piazza.sqlite3")) as web, aiohttp.ClientSession() as http:
        service = web.service
        game_id = await start_game(service, 1, "torri", 2)
        token = await service.store.pages.ensure(game_id)
        assert len(token) >= 22 and await service.store.pages.ensure(game_id) == token
        await play_one(service, 1)

        status, headers, body = await get_text(http, f"{web.url}/g/{token}")
        assert status == 200, body
        assert headers["Referrer-Policy"] == "no-referrer" and headers["X-Content-Type-Options"] == "nosniff"
        assert "script-src 'self'" in headers["Content-Security-Policy"] and "unsafe-inline" not in headers[
            "Content-Security-Policy"]
        assert "Set-Cookie" not in headers
        html = body.decode()
        assert "<script src=\"/static/page.js" in html and "<script>" not in html
        assert "Move 1 of 1" in html

        status, _, body = await get_text(http, f"{web.url}/g/{token}/v/0.json",
                                         headers={"Accept-Language": "it-IT,it;q=0.9,en;q=0.5"})
        data = json.loads(body)
        assert status == 200 and data["version"] == 0 and data["latest"] == 1 and data["heading"] == "Mossa 0 di 1"

        status, headers, image = await get_text(http, f"{web.url}/g/{token}/v/1.webp")
        assert status == 200 and headers["Content-Type"] == "image/webp" and image[:4] == b"RIFF"

        # every address that is not a page's answers the same 404, whatever was wrong with it
        nonsense = [f"/g/{'A' * 22}", "/g/x", f"/g/{token}/v/2.json", f"/g/{token}/v/-1.json",
                    f"/g/{token}/reveal.txt", f"/g/{token}/replay.gif", "/static/secret.js"]
        answers = {(await get_text(http, web.url + path))[::2] for path in nonsense}
        assert answers == {(404, b"404: Not Found\n")}, answers

        new = await service.store.pages.reset(game_id)
        assert new != token
        assert (await get_text(http, f"{web.url}/g/{token}"))[::2] == (404, b"404: Not Found\n")
        assert (await get_text(http, f"{web.url}/g/{new}"))[0] == 200

        async with http.post(f"{web.url}/g/{new}") as r:
            assert r.status == 405


async def test_a_move_reaches_the_stream_and_last_event_id_resumes(tmp_path) -> None:
    async with served(str(tmp_path / "piazza.sqlite3")) as web, aiohttp.ClientSession() as http:
        service = web.service
        game_id = await start_game(service, 1, "bella_vista", 2)
        token = await service.store.pages.ensure(game_id)
        async with http.get(f"{web.url}/g/{token}/events") as stream:
            assert stream.headers["Content-Type"] == "text/event-stream"

            async def next_event() -> dict:
                fields: dict = {}
                async for raw in stream.content:
                    line = raw.decode().rstrip("\n")
                    if not line:
                        if "data" in fields:
                            return fields
                        continue
                    name, _, value = line.partition(": ")
                    fields[name] = value
                raise AssertionError("the stream ended")

            first = await asyncio.wait_for(next_event(), LIVE_BOUND)
            assert first["id"] == "0" and json.loads(first["data"]) == {"version": 0, "over": False}
            loop = asyncio.get_running_loop()
            moved_at = loop.time()
            await play_one(service, 1)
            second = await asyncio.wait_for(next_event(), LIVE_BOUND)
            assert second["id"] == "1" and second["event"] == "version"
            assert loop.time() - moved_at < LIVE_BOUND
        # a browser that reconnects having seen version 1 is not told it again; one that saw 0 is
        async with http.get(f"{web.url}/g/{token}/events", headers={"Last-Event-ID": "0"}) as stream:
            text = b""
            while b"id: 1" not in text:
                text += await asyncio.wait_for(stream.content.readany(), LIVE_BOUND)


async def test_the_board_served_is_the_spectators(tmp_path) -> None:
    """The image of a version is byte for byte the public view's drawing of that version."""
    async with served(str(tmp_path / "piazza.sqlite3")) as web, aiohttp.ClientSession() as http:
        service = web.service
        game_id = await start_game(service, 1, "leonardo", 3)
        token = await service.store.pages.ensure(game_id)
        for _ in range(3):
            await play_one(service, 1)
        row = await service.store.games.get(game_id)
        entries = await service.store.log.actions(game_id)
        title = get("leonardo")
        for version in range(row.version + 1):
            _, _, served_image = await get_text(http, f"{web.url}/g/{token}/v/{version}.webp")
            with reading("en"):
                expected = seen_at(workers.ref(title), row, entries, version, "en")["image"]
            assert served_image == expected


async def test_health_readiness_and_metrics(tmp_path) -> None:
    async with served(str(tmp_path / "piazza.sqlite3"), connected=False) as web, aiohttp.ClientSession() as http:
        assert (await get_text(http, f"{web.url}/healthz"))[::2] == (200, b"ok\n")
        status, _, body = await get_text(http, f"{web.url}/readyz")
        assert status == 503 and json.loads(body)["gateway"] is False and json.loads(body)["database"] is True
        await start_game(web.service, 1, "torri", 2)
        await play_one(web.service, 1)
        status, headers, body = await get_text(http, f"{web.url}/metrics")
        text = body.decode()
        assert status == 200 and headers["Content-Type"].startswith("text/plain")
        assert 'piazza_open_games{status="active"} 1.0' in text
        for name in ("piazza_move_seconds_count", "piazza_board_draw_seconds_count", "piazza_web_viewers",
                     "piazza_event_loop_lag_seconds_count", "piazza_workers_busy", "piazza_interactions_total"):
            assert name in text, name


async def test_a_move_in_another_process_reaches_the_stream_on_postgresql(postgres_url) -> None:
    """Two bot processes on one PostgreSQL database (two stores, each with its own pool and listening
    connection): a move made through one reaches a viewer of the other's page (LISTEN/NOTIFY)."""
    from bot.play.service import GameService
    from bot.store import Store

    async with served(postgres_url) as web, aiohttp.ClientSession() as http:
        other = await Store.open(postgres_url)
        try:
            service = GameService(other)
            game_id = await start_game(service, 1, "torri", 2)
            token = await web.service.store.pages.ensure(game_id)
            async with http.get(f"{web.url}/g/{token}/events") as stream:
                text = b""
                while b"id: 0" not in text:
                    text += await asyncio.wait_for(stream.content.readany(), LIVE_BOUND)
                await play_one(service, 1)
                while b"id: 1" not in text:
                    text += await asyncio.wait_for(stream.content.readany(), LIVE_BOUND)
        finally:
            await other.close()


async def test_a_reset_ends_the_streams_of_the_old_address(tmp_path) -> None:
    async with served(str(tmp_path / "piazza.sqlite3")) as web, aiohttp.ClientSession() as http:
        service = web.service
        game_id = await start_game(service, 1, "torri", 2)
        old = await service.store.pages.ensure(game_id)
        async with http.get(f"{web.url}/g/{old}/events") as stream:
            text = b""
            while b"id: 0" not in text:
                text += await asyncio.wait_for(stream.content.readany(), LIVE_BOUND)
            new = await service.spectators.channel_address(1, reset=True, is_manager=True)
            assert new != old
            while (chunk := await asyncio.wait_for(stream.content.readany(), LIVE_BOUND)) != b"":
                text += chunk  # (the stream ends: nothing more is told on the old address)
            assert b"id: 1" not in text
        # a non-manager cannot reset; the new address follows the game
        with pytest.raises(Refusal):
            await service.spectators.channel_address(1, reset=True, is_manager=False)
        assert await service.spectators.channel_address(1) == new


async def test_the_limits_per_address(tmp_path) -> None:
    """Over the rate, 429 (and nothing is read); over the live streams an address may hold, 429."""
    from bot.web.guard import Buckets, Streams

    clock = [0.0]
    buckets = Buckets(rate=1.0, burst=3, clock=lambda: clock[0])
    async with served(str(tmp_path / "piazza.sqlite3"), buckets=buckets) as web, aiohttp.ClientSession() as http:
        statuses = [(await get_text(http, f"{web.url}/healthz"))[0] for _ in range(4)]
        assert statuses == [200, 200, 200, 429]
        clock[0] += 1.0  # one second: one more request
        assert (await get_text(http, f"{web.url}/healthz"))[0] == 200
    streams = Streams(limit=1)
    assert streams.open("a") and not streams.open("a") and streams.open("b")
    streams.close("a")
    assert streams.open("a")


async def test_a_damaged_game_is_a_404_and_the_others_are_served(tmp_path, caplog) -> None:
    import sqlite3

    db = tmp_path / "piazza.sqlite3"
    async with served(str(db)) as web, aiohttp.ClientSession() as http:
        service = web.service
        damaged = await start_game(service, 1, "torri", 2)
        healthy = await start_game(service, 2, "torri", 2)
        bad, good = await service.store.pages.ensure(damaged), await service.store.pages.ensure(healthy)
        con = sqlite3.connect(db)
        con.execute("UPDATE games SET options = 'max_rounds=3' WHERE id = ?", (damaged,))
        con.commit()
        con.close()
        for path in ("", "/v/0.json", "/v/0.webp"):
            assert (await get_text(http, f"{web.url}/g/{bad}{path}"))[::2] == (404, b"404: Not Found\n"), path
            assert (await get_text(http, f"{web.url}/g/{good}{path}"))[0] == 200, path
    assert sum("damaged" in r.getMessage() for r in caplog.records) == 1


async def test_the_story_shows_after_the_end_never_before(tmp_path) -> None:
    """The story of the game (issue 26: the chart of each seat's chance, its turning points) is on the page
    of a finished game, in the page's language, and nowhere on the page of a running one (the judge
    saw every secret)."""
    async with served(str(tmp_path / "piazza.sqlite3")) as web, aiohttp.ClientSession() as http:
        service = web.service
        game_id = await start_game(service, 1, "leonardo", 2, options="max_rounds=1")
        token = await service.store.pages.ensure(game_id)
        base = f"{web.url}/g/{token}"
        await play_one(service, 1)
        status, _, body = await get_text(http, base)
        assert status == 200 and 'id="story"' not in body.decode() and "story.webp" not in body.decode()
        status, _, body = await get_text(http, f"{base}/v/1.json")
        assert status == 200 and "story" not in json.loads(body) and "turns" not in json.loads(body)
        assert (await get_text(http, f"{base}/story.webp"))[::2] == (404, b"404: Not Found\n")

        while await play_one(service, 1):
            pass
        row = await service.store.games.get(game_id)
        assert row.status == "finished"
        status, _, body = await get_text(http, base, headers={"Accept-Language": "en"})
        html = body.decode()
        assert status == 200 and '<section id="story"' in html and f'src="/g/{token}/story.webp"' in html
        assert "How it went" in html and "chance of finishing first" in html
        data = json.loads((await get_text(http, f"{base}/v/{row.version}.json", headers={"Accept-Language": "en"}))[2])
        assert data["story"] == f"/g/{token}/story.webp"
        turns = data["turns"]
        if turns:  # each turning point is on the page, a round and a seat's chance before and after
            assert all(t.startswith("Round ") and "% → " in t for t in turns), turns
            assert all(f"<li>{escape(t)}</li>" in html for t in turns)
        else:
            assert "No move changed a chance" in html
        status, headers, chart = await get_text(http, f"{base}/story.webp", headers={"Accept-Language": "en"})
        assert status == 200 and headers["Content-Type"] == "image/webp" and chart[:4] == b"RIFF"
        assert Image.open(io.BytesIO(chart)).width == 550

        # in the browser's language: the words and the chart
        status, _, body = await get_text(http, base, headers={"Accept-Language": "it"})
        assert status == 200 and "Com&#x27;è andata" in body.decode()
        data = json.loads((await get_text(http, f"{base}/v/{row.version}.json", headers={"Accept-Language": "it"}))[2])
        assert all(t.startswith("Giro ") for t in data["turns"])
        status, _, italian = await get_text(http, f"{base}/story.webp", headers={"Accept-Language": "it"})
        assert status == 200 and italian != chart  # its title and axis are worded in Italian
