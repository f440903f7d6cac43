"""The lossless WebP every image is sent as keeps the drawing: for every title, player count and
moment of a game (its start, its middle, its end; the board and each seat's hand image), decoding
what ``encode_image`` wrote gives back the RGB drawing with PSNR >= 45 dB and no channel off by more
than 16 (lossless: identical), in fewer bytes than the 24-bit PNG-6 reference, and in the format its
file name says. How many fewer bytes, and how fast, is measured by ``python -m bot bench``."""

from __future__ import annotations

import io
import math

import pytest
from PIL import Image

from bot.play.registry import titles
from engines.core.playout import playout
from engines.core.rng import SplitMix64
from render.common import IMAGE_SUFFIX, encode_image, encode_png_rgb, fidelity

NAMES = ["Anne", "Bruno", "Chiara", "Dario", "Elena", "Fabio"]
MIN_PSNR_DB, MAX_CHANNEL_ERROR = 45.0, 16
FORMAT_OF_SUFFIX = {".webp": "WEBP", ".png": "PNG"}


def positions(key: str, players: int):
    """The start of a seeded random game, its middle and its end."""
    engine = titles()[key].engine
    start = engine.new_game(players, engine.options_model(), players)
    states = [start] + [s for _, _, s, _ in playout(engine, start, SplitMix64.from_seed(7))]
    return [states[0], states[len(states) // 2], states[-1]]


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
def test_image_sent_is_visually_lossless_and_smaller(key: str, players: int) -> None:
    title = titles()[key]
    engine, renderer = title.engine, title.renderer
    names = NAMES[:players]
    checked = 0
    for state in positions(key, players):
        images = [renderer.board(engine.view(state, None), names)]
        images += [img for seat in range(players)
                   if (img := renderer.private(engine.view(state, seat), names)) is not None]
        for image in images:
            sent = encode_image(image)
            psnr, worst = fidelity(image, sent)
            assert psnr >= MIN_PSNR_DB and worst <= MAX_CHANNEL_ERROR, (key, players, image.size, psnr, worst)
            assert len(sent) < len(encode_png_rgb(image)), (key, players, image.size)
            with Image.open(io.BytesIO(sent)) as decoded:
                assert decoded.format == FORMAT_OF_SUFFIX[IMAGE_SUFFIX]
            checked += 1
    assert checked >= 3


def test_fidelity_measure_sees_a_changed_pixel() -> None:
    """The measure itself: one pixel off by 40 in one channel fails the bound; identical passes."""
    image = Image.new("RGB", (64, 64), (200, 180, 160))
    assert fidelity(image, encode_png_rgb(image)) == (math.inf, 0)
    changed = image.copy()
    changed.putpixel((3, 3), (240, 180, 160))
    psnr, worst = fidelity(image, encode_png_rgb(changed))
    assert worst == 40 and psnr < math.inf


def test_fidelity_measure_fails_a_lossy_encoding_of_a_board() -> None:
    """A bad encoder (lossy WebP at quality 50, which smears the text) fails the bound on a real
    board: the test above would catch an encoder that changed the picture."""
    title = titles()["torri"]
    state = positions("torri", 2)[1]
    image = title.renderer.board(title.engine.view(state, None), NAMES[:2])
    buf = io.BytesIO()
    image.save(buf, format="WEBP", quality=50)
    psnr, worst = fidelity(image, buf.getvalue())
    assert not (psnr >= MIN_PSNR_DB and worst <= MAX_CHANNEL_ERROR), (psnr, worst)
