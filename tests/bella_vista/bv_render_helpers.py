"""Boards to draw in the image tests (every state of seeded random games, picked by phase), and\nwhat every image must satisfy (readable at 550 px, panels and their texts apart)."""

from __future__ import annotations

from functools import cache

from engines.bella_vista import BellaVista, Options
from engines.core.playout import playout
from engines.core.rng import Rng
from render.bella_vista.town import LABEL_H, LABEL_W
from render.canvas import MIN_PIECE_INLINE, MIN_TEXT_INLINE

SPACE = 3  # px at least between two texts side by side (a chip's mark and the words after it: 4)

GAME = BellaVista()
NAMES = ["Anne", "Bartholomew the Long-Named Architect", "Carla", "Dmitri"]


@cache
def history(seats: int, layout: str, seed: int) -> tuple:
    """Every state of one random game, the starting one first."""
    state = GAME.new_game(seats, Options(layout=layout), seed)
    return (state, *(after for _, _, after, _ in playout(GAME, state, Rng.from_seed(seed))))


def moments(seats: int, layout: str, seed: int) -> dict[str, object]:
    """The start, the first state of each phase after it (offers of round 2, construction,
    contract choice, neutral building), a state from the middle, and the end."""
    states = history(seats, layout, seed)
    out = {"start": states[0], "middle": states[len(states) // 2], "final": states[-1]}
    for s in states[1:]:
        key = s.phase if s.phase != "offers" or s.round > 1 else None
        if key and key != "over" and key not in out:
            out[key] = s
    return out


def readable(canvas) -> None:
    assert canvas.inline_text() >= MIN_TEXT_INLINE, canvas.inline_text()
    assert canvas.inline_piece() >= MIN_PIECE_INLINE, canvas.inline_piece()


def apart(canvas, view) -> None:
    """No two panels overlap, none covers a tile or the town's row numbers and column letters,
    all lie inside the image; no two texts drawn in the panels overlap or run together (at
    least a space apart side by side)."""
    town = canvas.town
    side = view.tile_size * town.cell
    tiles = [(town.x + t.x * town.cell, town.y + t.y * town.cell, side, side) for t in view.tiles]
    labels = [(town.x - LABEL_W, town.y, LABEL_W, town.rows * town.cell),
              (town.x, town.y - LABEL_H, town.columns * town.cell, LABEL_H)]
    panels = canvas.panels
    for i, (x, y, w, h) in enumerate(panels):
        assert 0 <= x and x + w <= canvas.width and 0 <= y and y + h <= canvas.height, (x, y, w, h)
        for other in panels[i + 1:] + tiles + labels:
            ox, oy, ow, oh = other
            assert x + w <= ox or ox + ow <= x or y + h <= oy or oy + oh <= y, ((x, y, w, h), other)
    inside = [(text, box) for text, box in zip(canvas.texts, canvas.boxes, strict=True)
              if any(box[0] < x + w and x < box[2] and box[1] < y + h and y < box[3] for x, y, w, h in panels)]
    for i, (text, (l0, t0, r0, b0)) in enumerate(inside):
        for other, (l1, t1, r1, b1) in inside[i + 1:]:
            assert r0 + SPACE <= l1 or r1 + SPACE <= l0 or b0 <= t1 or b1 <= t0, (text, other)
