"""The palette PNG every image is sent as keeps the drawing: for every title, player count and
phase (a game under way, its end, and each seat's hand image), decoding what ``encode_png``
wrote gives back the RGB drawing with PSNR >= 45 dB and no channel off by more than 16, in
fewer bytes than the 24-bit reference."""

from __future__ import annotations

import math

import pytest
from PIL import Image

from bot.play.registry import titles
from engines.core.playout import playout
from engines.core.rng import SplitMix64
from render.common import encode_png, encode_png_rgb, fidelity

NAMES = ["Anne", "Bruno", "Chiara", "Dario", "Elena", "Fabio"]
MIN_PSNR_DB, MAX_CHANNEL_ERROR = 45.0, 16


def positions(key: str, players: int):
    """A game a third of the way through and its end, from a seeded random game."""
    engine = titles()[key].engine
    options = engine.options_model()
    states = [s for _, _, s, _ in playout(engine, engine.new_game(players, options, players), SplitMix64.from_seed(7))]
    return [states[len(states) // 3], states[-1]]


def cases():
    for key, title in titles().items():
        engine = title.engine
        for n in range(engine.min_players, engine.max_players + 1):
            try:
                engine.check_players(n, engine.options_model())
            except Exception:
                continue
            yield pytest.param(key, n, id=f"{key}-{n}p")


@pytest.mark.parametrize(("key", "players"), list(cases()))
def test_palette_png_is_visually_lossless_and_smaller(key: str, players: int) -> None:
    title = titles()[key]
    engine, renderer = title.engine, title.renderer
    names = NAMES[:players]
    checked = 0
    for state in positions(key, players):
        images = [renderer.board(engine.view(state, None), names)]
        images += [img for seat in range(players)
                   if (img := renderer.private(engine.view(state, seat), names)) is not None]
        for image in images:
            png = encode_png(image)
            psnr, worst = fidelity(image, png)
            assert psnr >= MIN_PSNR_DB and worst <= MAX_CHANNEL_ERROR, (key, players, image.size, psnr, worst)
            assert len(png) < len(encode_png_rgb(image)), (key, players, image.size)
            checked += 1
    assert checked >= 2


def test_fidelity_measure_sees_a_changed_pixel() -> None:
    """The measure itself: one pixel off by 40 in one channel fails the bound; identical passes."""
    image = Image.new("RGB", (64, 64), (200, 180, 160))
    assert fidelity(image, encode_png_rgb(image)) == (math.inf, 0)
    changed = image.copy()
    changed.putpixel((3, 3), (240, 180, 160))
    psnr, worst = fidelity(image, encode_png_rgb(changed))
    assert worst == 40 and psnr < math.inf
