"""The replay GIF: every frame as drawn, scaled to the replay's width and padded to the tallest
board, never stretched (issue 24: Bella Vista frames were squashed or stretched by up to 13% to the
first frame's size)."""

from __future__ import annotations

import io

from PIL import Image

from render.replay import WIDTH, animated_gif


class Boards:
    """A renderer whose boards are as tall as the view says: a short one, a tall one."""

    def board(self, view: int, names: list[str]) -> Image.Image:
        image = Image.new("RGB", (WIDTH, view), (240, 248, 244))
        image.paste((200, 30, 30), (0, 0, WIDTH, 40))  # a red band at the top of every board
        image.paste((30, 30, 200), (0, view - 40, 100, view))  # a blue block at its bottom left
        return image


def frames(data: bytes) -> list[Image.Image]:
    gif = Image.open(io.BytesIO(data))
    out = []
    for k in range(gif.n_frames):
        gif.seek(k)
        out.append(gif.convert("RGB"))
    return out


def test_frames_are_padded_to_the_tallest_board_never_stretched():
    short, tall = frames(animated_gif(Boards(), [400, 600, 400], ["A"]))[:2]
    assert short.size == tall.size == (WIDTH, 600)
    # the short board keeps its proportions: its bands stay 40 px, its bottom band ends at 400,
    # the rest is its background (stretched, the bottom band would sit at 540-600)
    assert short.getpixel((10, 20)) == (200, 30, 30) and short.getpixel((10, 39)) == (200, 30, 30)
    assert short.getpixel((10, 380)) == (30, 30, 200) and short.getpixel((10, 399)) == (30, 30, 200)
    assert short.getpixel((10, 450)) == (240, 248, 244) and short.getpixel((10, 590)) == (240, 248, 244)
    assert tall.getpixel((10, 590)) == (30, 30, 200)
