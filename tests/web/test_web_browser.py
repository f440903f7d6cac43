"""The game's web page in a real browser: Debian's Chromium driven by Playwright, the bot connected to
the loopback Discord double. The page shows the board, follows a move played in Discord within a
second, scrubs back from the keyboard, shows the reveal only after the end, and logs no console error
and no failed request. With PIAZZA_WEB_SHOTS set to a folder, it also saves screenshots at 1280 and 390
px there (how docs/images/web-*.png were taken)."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
from pathlib import Path

import pytest

from bot.web.server import bound_port, make_app, serving
from tests.discord_double import DiscordDouble
from tests.e2e.e2e_table import open_game, open_table
from tests.web.web_helpers import play_one

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
SHOTS = Path(os.environ["PIAZZA_WEB_SHOTS"]) if os.environ.get("PIAZZA_WEB_SHOTS") else None
LIVE = 1.0  # seconds: the bound from a move to the page showing it
WAIT_MS = 30_000  # the generous overall bound of any one wait (a busy 2-core machine); the waits are for events

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium not found (apt-get install chromium)")


async def shoot(page, name: str) -> None:
    if SHOTS is None:
        return
    try:
        SHOTS.mkdir(parents=True, exist_ok=True)
    except OSError:
        return
    await page.screenshot(path=str(SHOTS / name), full_page=True)


async def test_the_page_in_a_browser(double: DiscordDouble, tmp_path: Path) -> None:
    from playwright.async_api import async_playwright

    players = [double.user("alice"), double.user("bob")]
    games = double.channel("games")
    async with open_table(double, tmp_path / "piazza.sqlite3") as table:
        service = table.service
        app = make_app(service.store, service.spectators, service.workers, lambda: table.bot.is_ready())
        async with serving(app, "127.0.0.1", 0) as runner:
            table.bot.web_url = f"http://127.0.0.1:{bound_port(runner)}"
            first = await open_game(double, games, players, "torri", "Torri", None)
            [url] = re.findall(r"<(http://127\.0\.0\.1:\d+/g/[A-Za-z0-9_-]+)>", first.content)

            async with async_playwright() as pw:
                browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                   args=["--no-sandbox", "--disable-gpu"])
                context = await browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
                page = await context.new_page()
                problems: list[str] = []
                page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}")
                        if m.type in ("error", "warning") else None)
                page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
                page.on("requestfailed", lambda r: problems.append(f"failed: {r.url} {r.failure}"))
                page.on("response", lambda r: problems.append(f"status {r.status}: {r.url}") if r.status >= 400 else None)

                await page.goto(url)
                heading = page.locator("#heading")
                await page.wait_for_function("() => document.getElementById('board').naturalWidth > 0", timeout=WAIT_MS)
                assert await heading.text_content() == "Move 0 of 0"
                alt = await page.locator("#board").get_attribute("alt")
                assert alt.startswith("Le Torri di Bologna board after move 0") and "Waiting for" in alt, alt
                assert await page.locator("#ended").count() == 0
                await page.wait_for_function("() => document.getElementById('live').textContent.startsWith('Live')",
                                             timeout=WAIT_MS)  # the stream is open

                # a move played in Discord: the page shows it within a second
                pending = await service.pending(games.id)
                mover = next(u for u in players if u.id in pending)
                loop = asyncio.get_running_loop()
                res = await double.slash(mover, games, "move", action=pending[mover.id][0])
                assert res.public, res
                moved = loop.time()
                await page.wait_for_function("() => document.getElementById('heading').textContent === 'Move 1 of 1'",
                                             timeout=WAIT_MS, polling="raf")
                took = loop.time() - moved
                print(f"the page showed the move {took * 1000:.0f} ms after its answer")  # (the report's figure)
                assert took < LIVE, f"the page showed the move {took:.3f} s after it was answered"
                await page.wait_for_function("() => document.getElementById('board').complete", timeout=WAIT_MS)
                await shoot(page, "page-1280.png")

                # scrub back from the keyboard, then forward again
                await page.keyboard.press("ArrowLeft")
                await page.wait_for_function("() => document.getElementById('heading').textContent === 'Move 0 of 1'",
                                             timeout=WAIT_MS)
                assert (await page.locator("#board").get_attribute("src")).endswith("/v/0.webp")
                assert await page.locator("#scrub").input_value() == "0"
                await page.locator("#scrub").focus()
                await page.keyboard.press("ArrowRight")  # the slider's own keys
                await page.wait_for_function("() => document.getElementById('heading').textContent === 'Move 1 of 1'",
                                             timeout=WAIT_MS)
                assert await page.locator("#ended").count() == 0 and await page.locator("#reveal").count() == 0
                assert await page.locator("#story").count() == 0 and await page.locator("#chart").count() == 0

                # the phone's width
                await page.set_viewport_size({"width": 390, "height": 844})
                width = await page.evaluate("document.documentElement.scrollWidth")
                assert width <= 390, f"the page scrolls sideways at 390 px ({width} px wide)"
                await shoot(page, "page-390.png")
                await page.set_viewport_size({"width": 1280, "height": 900})

                # played to the end (through the service, which the page hears the same way): the reveal appears
                while await play_one(service, games.id):
                    pass
                await page.wait_for_selector("#reveal", timeout=WAIT_MS)
                final = await service.store.games.get((await service.store.places.last_in(games.id)).id)
                assert await heading.text_content() == f"Move {final.version} of {final.version}"
                reveal = await page.evaluate("fetch(document.getElementById('reveal').href).then(r => r.text())")
                assert "Le Torri di Bologna" in reveal
                await page.wait_for_function("() => document.getElementById('replay').complete", timeout=WAIT_MS)
                # and the story (issue 26): the chart of each seat's chance, drawn, and its turning points
                await page.wait_for_function("() => { const c = document.getElementById('chart');"
                                             " return c && c.complete && c.naturalWidth === 550; }", timeout=WAIT_MS)
                assert "How it went" in await page.locator("#story").text_content()
                assert await page.locator("#turns").count() == 1
                await shoot(page, "page-1280-final.png")
                assert not problems, problems
                await context.close()
                await browser.close()
