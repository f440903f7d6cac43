"""/web link and /web reset through the Discord double: the first board links to the page, /web link
answers the address privately, /web reset is a manager's and posts the new address, after which the
old one answers 404; without a web server both say it is off."""

from __future__ import annotations

import re
from pathlib import Path

import aiohttp

from bot.web.server import bound_port, make_app, serving
from tests.discord_double import DiscordDouble
from tests.e2e.e2e_table import open_game, open_table

LINK = re.compile(r"<(http://127\.0\.0\.1:\d+/g/[A-Za-z0-9_-]+)>")


async def test_web_link_and_reset(double: DiscordDouble, tmp_path: Path) -> None:
    alice, bob = double.user("alice"), double.user("bob")
    games = double.channel("games")
    async with open_table(double, tmp_path / "piazza.sqlite3") as table, aiohttp.ClientSession() as http:
        res = await double.slash(alice, games, "web link")
        assert res.ephemeral and "not switched on" in res.text, res.text

        service = table.service
        app = make_app(service.store, service.spectators, service.workers, lambda: True)
        async with serving(app, "127.0.0.1", 0) as runner:
            table.bot.web_url = f"http://127.0.0.1:{bound_port(runner)}"
            first = await open_game(double, games, [alice, bob], "torri", "Torri", None)
            [url] = LINK.findall(first.content)
            assert "Watch this game on the web" in first.content

            res = await double.slash(bob, games, "web link")
            assert res.ephemeral and LINK.findall(res.text) == [url]

            res = await double.slash(bob, games, "web reset")  # a player, not a manager
            assert res.ephemeral and not res.public and "manage the channel" in res.text
            async with http.get(url) as r:
                assert r.status == 200

            res = await double.slash(double.owner, games, "web reset")
            assert not res.ephemeral and "new web address" in res.text
            [new] = LINK.findall(res.text)
            assert new != url
            async with http.get(url) as r:
                assert r.status == 404
            async with http.get(new) as r:
                assert r.status == 200 and "Le Torri di Bologna" in await r.text()
