"""Every Bella Vista image reads at Discord's inline width: texts at least 10 px tall and key
pieces (buildings, chips, cards) at least 16 px wide once the image is 550 px wide, measured
from the renderer's own layout; panels never overlap each other or the town's tiles."""

from __future__ import annotations

import pytest
from bv_render_helpers import GAME, NAMES, apart, moments, readable

from render.bella_vista.renderer import draw_board, draw_private

CASES = [(2, "new_york", 1), (2, "random", 2), (3, "rome", 3), (3, "random", 4), (4, "london", 5),
         (4, "random", 6), (4, "bangkok", 7), (3, "paris", 8), (2, "berlin", 9)]


@pytest.mark.parametrize("seats,layout,seed", CASES)
def test_every_board_reads_at_550_px_and_its_panels_stay_apart(seats, layout, seed):
    found = moments(seats, layout, seed)
    assert {"start", "offers", "construction", "final"} <= set(found)
    for state in found.values():
        view = GAME.view(state, None)
        canvas = draw_board(view, NAMES[:seats])
        readable(canvas)
        apart(canvas, view)


@pytest.mark.parametrize("seats,layout,seed", CASES[:5])
def test_every_hand_image_reads_at_550_px_and_its_panels_stay_apart(seats, layout, seed):
    for name, state in moments(seats, layout, seed).items():
        if name == "final":
            continue
        for seat in range(seats):
            view = GAME.view(state, seat)
            canvas = draw_private(view, NAMES[:seats])
            readable(canvas)
            apart(canvas, view)
