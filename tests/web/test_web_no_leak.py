"""Nothing hidden reaches the web page, at any version: seeded games of every title and player count
are played to the end, and at every version every byte the page serves (the HTML while it is the
newest, the version's JSON and its board image) is compared with what a spectator gets: the image
byte for byte with the public view's drawing, made here from the engine alone; the words must hold no
private event's text and none of the position's secrets that the public words do not also hold."""

from __future__ import annotations

import json

import aiohttp
import pytest

from bot.play.locale import without_lang
from bot.play.options import parse_options
from bot.play.playback import replay_log
from bot.play.registry import get, titles
from bot.play.reveal import plain_style
from engines.core import Msg
from render.common import encode_image
from render.text import catalog, drawing_in
from bot.web.guard import Buckets
from tests.web.web_helpers import play_one, served, start_game

pytestmark = pytest.mark.slow
GAMES = [(key, n) for key, title in sorted(titles().items())
         for n in range(title.engine.min_players, title.engine.max_players + 1)]
MOVES_MAX = 400  # a game longer than this is cut (none of the seeded ones is)


def spectators_image(key: str, row, entries, version: int, lang: str) -> bytes:
    """The public board of ``version``: the engine's state replayed, its spectator's view, drawn."""
    title = get(key)
    options = parse_options(title.engine.options_model, without_lang(row.options), title.engine.title)
    state = replay_log(title.engine, title.engine.new_game(len(row.seats), options, row.seed),
                       [e for e in entries if e.seq <= version])
    with drawing_in(lang):
        return encode_image(title.renderer.board(title.engine.view(state, None), row.names)), state


def secrets_of(key: str, row, entries, state, lang: str) -> set[str]:
    """The words of every private event so far and of what the position hides."""
    words, style = catalog(lang), plain_style(row, lang)
    found = {words.text(Msg.of(e), style) for entry in entries for e in (entry.events or []) if e.get("to") is not None}
    found |= {words.text(m, style) for m in get(key).engine.hidden_at_end(state)}
    return {s for s in found if len(s) > 3}


def public_words(row, entries, lang: str) -> str:
    words, style = catalog(lang), plain_style(row, lang)
    return "\n".join(words.text(Msg.of(e), style) for entry in entries for e in entry.public_events())


@pytest.mark.parametrize("key,players", GAMES)
async def test_every_version_serves_only_what_a_spectator_sees(tmp_path, key: str, players: int) -> None:
    # this test reads every version of a game as fast as the machine allows: no rate limit here (it
    # answered 429 on a quick machine; the limit itself is tested in test_web_page.py)
    unlimited = Buckets(rate=1e9, burst=10**9)
    async with served(str(tmp_path / "piazza.sqlite3"), buckets=unlimited) as web, aiohttp.ClientSession() as http:
        service = web.service
        game_id = await start_game(service, 1, key, players, seed=1000 + players)
        token = await service.store.pages.ensure(game_id)
        base = f"{web.url}/g/{token}"
        served_at: dict[int, bytes] = {}  # version -> every byte served for it
        for _ in range(MOVES_MAX):
            row = await service.store.games.get(game_id)
            parts = []
            for path in ("", f"/v/{row.version}.json", f"/v/{row.version}.webp"):
                async with http.get(base + path, headers={"Accept-Language": "en"}) as r:
                    assert r.status == 200, (path, r.status)
                    parts.append(await r.read())
            served_at[row.version] = b"\0".join(parts)
            if not await play_one(service, 1):
                break
        final = await service.store.games.get(game_id)
        assert final.status == "finished"
        entries = await service.store.log.actions(game_id)
        for version in range(final.version + 1):
            async with http.get(f"{base}/v/{version}.json") as r:
                data = await r.read()
            async with http.get(f"{base}/v/{version}.webp") as r:
                image = await r.read()
            expected, state = spectators_image(key, final, entries, version, "en")
            assert image == expected, f"version {version}: the image is not the public view's"
            if version in served_at:
                assert served_at[version].endswith(b"\0" + expected)
            if version == final.version:
                continue  # the end: the reveal shows what was hidden, on purpose
            seen = [e for e in entries if e.seq <= version]
            text = json.loads(data)
            words = "\n".join([*text["status"], *text["waiting"], *text["log"], text["alt"], text["heading"]])
            html = served_at.get(version, b"").decode("utf-8", "replace")
            public = public_words(final, seen, "en")
            for secret in secrets_of(key, final, seen, state, "en"):
                if secret in public:
                    continue
                assert secret not in words, f"version {version}: {secret!r} served"
                assert secret not in html, f"version {version}: {secret!r} in the page"
        async with http.get(f"{base}/reveal.txt") as r:
            assert r.status == 200
