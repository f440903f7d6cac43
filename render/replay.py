"""The animated replay of a game: frames drawn from public views, and one animated GIF.

Pure drawing: it takes the title's renderer (``board(view, names)``), the public views to show
and the players' names, and returns bytes. Which states become frames is the caller's choice
(``bot.play.replays``: one frame per move, thinned evenly to ``MAX_FRAMES``); here every frame is
scaled to ``WIDTH`` pixels (its height in proportion), padded below to the tallest frame (never
stretched), and quantized to one shared palette so the file stays small (the GIF stores only what
changes from one frame to the next).
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import Any

from PIL import Image

WIDTH = 640  # pixels across every frame
FRAME_MS = 700  # each frame's time on screen
LAST_MS = 4000  # the final position stays longer
MAX_FRAMES = 100  # a longer game is thinned evenly (its first and last positions always kept)
COLOURS = 128


def pick(count: int, limit: int = MAX_FRAMES) -> list[int]:
    """Indices of ``count`` positions to show: all of them, or ``limit`` spread evenly, first and last kept."""
    if count <= limit:
        return list(range(count))
    return sorted({round(i * (count - 1) / (limit - 1)) for i in range(limit)})


def frame(renderer: Any, view: Any, names: list[str]) -> Image.Image:
    image = renderer.board(view, names).convert("RGB")
    if image.width != WIDTH:
        image = image.resize((WIDTH, max(1, round(image.height * WIDTH / image.width))), Image.Resampling.LANCZOS)
    return image


def padded(frames: list[Image.Image]) -> list[Image.Image]:
    """Every frame on a canvas as tall as the tallest, at the top, the rest in the commonest colour
    of the frame's last row (its background): a board is never stretched or squashed."""
    tallest = max(f.height for f in frames)
    out = []
    for f in frames:
        if f.height == tallest:
            out.append(f)
            continue
        counts = f.crop((0, f.height - 1, f.width, f.height)).getcolors(f.width) or [(1, (255, 255, 255))]
        background = max(counts, key=lambda c: c[0])[1]
        page = Image.new("RGB", (f.width, tallest), background if isinstance(background, tuple) else None)
        page.paste(f, (0, 0))
        out.append(page)
    return out


def animated_gif(renderer: Any, views: Iterable[Any], names: list[str]) -> bytes:
    """One GIF, a frame per view, every frame ``WIDTH`` wide and as tall as the tallest board
    (``padded``), all in one palette."""
    frames = [frame(renderer, v, names) for v in views]
    if not frames:
        raise ValueError("a replay needs at least one position")
    frames = padded(frames)
    palette = frames[-1].quantize(COLOURS, method=Image.Quantize.MEDIANCUT)
    indexed = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in frames]
    buf = io.BytesIO()
    durations = [FRAME_MS] * (len(indexed) - 1) + [LAST_MS]
    indexed[0].save(buf, format="GIF", save_all=True, append_images=indexed[1:], duration=durations, loop=0,
                    optimize=False, disposal=1)
    return buf.getvalue()
