"""The ring of Leonardo's board as a player sees it at Discord's 550 px: the pawns large enough
to find at a glance, the last move's route thick enough to follow (real boards, the canvas's
own record of what it drew)."""

from __future__ import annotations

from leo_helpers import G, ready

from render.canvas import INLINE_WIDTH
from render.leonardo.renderer import draw_board
from render.leonardo.ring import cell_box

NAMES = ["Anne", "Bruno", "Carla", "Dario", "Elena", "Fabio"]


def _inline(px: float, canvas) -> float:
    return px * INLINE_WIDTH / canvas.width


def _pawns(canvas) -> dict[int, list[tuple[float, float, float, float]]]:
    """The pawns drawn on the ring, by the space they stand on (the legend's sample left out)."""
    out: dict[int, list[tuple[float, float, float, float]]] = {}
    for d in canvas.drawn:
        if d.kind == "piece" and d.what == "pawn":
            cx, cy = (d.box[0] + d.box[2]) / 2, (d.box[1] + d.box[3]) / 2
            for n in range(1, 33):
                x0, y0, x1, y1 = cell_box(n)
                if x0 <= cx < x1 and y0 <= cy < y1:
                    out.setdefault(n, []).append(d.box)
    return out


def test_a_pawn_alone_or_in_a_pair_stands_clearly_larger_than_the_least_key_piece():
    """One pawn on a space (4: '40 florins') and two on another (9: 'sanctuary'): each at least
    22 px at 550, where the key-piece least is 16."""
    state = ready(0, n=3, at={0: 4, 1: 9, 2: 9})
    for locale in ("en", "pt-BR", "it"):
        canvas = draw_board(G.view(state, None), NAMES[:3], locale)
        pawns = _pawns(canvas)
        assert sorted((n, len(b)) for n, b in pawns.items()) == [(4, 1), (9, 2)]
        for boxes in pawns.values():
            for x0, y0, x1, y1 in boxes:
                assert _inline(min(x1 - x0, y1 - y0), canvas) >= 22, (locale, boxes)

