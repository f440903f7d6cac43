"""Leonardo (1988): the public board and a player's hand, drawn from views.

The board (1092 x 908 px, about 550 x 457 once Discord shows it): the 32-space route as a
ring (``render/leonardo/ring.py``), and in its centre the round, who must act, the last
move, the players' table and a legend (``render/leonardo/panel.py``, ``legend.py``); the hand image shows
a player's palazzi with the works of art on each (``render/leonardo/hand.py``). Whatever
never changes is drawn once per locale and pasted.
"""

from __future__ import annotations

from functools import cache

from PIL import Image

from engines.leonardo.model import View
from render.leonardo.hand import draw_hand
from render.leonardo.legend import draw_key, static_panel
from render.leonardo.look import LeoCanvas, style
from render.leonardo.panel import draw_panel
from render.leonardo.ring import draw_ring, static_ring
from render.palette import SHAPES
from render.text import drawing_locale


@cache
def static_layer(locale: str = "en") -> LeoCanvas:
    """The ring with nothing on it and the panel's legend (never drawn on afterwards)."""
    canvas = static_ring(locale)
    layer = LeoCanvas.over(canvas.image)
    layer.inherit(canvas)
    static_panel(layer, locale)
    return layer


def seat_marks(names: list[str], seats: int) -> list[str]:
    """Each seat's shape (``render.palette.SHAPES``), which its pieces and chips show."""
    return [SHAPES[s % len(SHAPES)] for s in range(seats)]


def draw_board(view: View, names: list[str], locale: str = "en") -> LeoCanvas:
    canvas = LeoCanvas.copy_of(static_layer(locale))
    chips = seat_marks(names, view.seats)
    draw_ring(canvas, view, chips, locale)
    draw_panel(canvas, view, names, chips, style(names, locale), locale)
    draw_key(canvas, view, locale)
    return canvas


def draw_private(view: View, names: list[str], locale: str = "en") -> LeoCanvas | None:
    return draw_hand(view, names, seat_marks(names, view.seats), style(names, locale), locale)


class LeonardoRenderer:
    def board(self, view: View, names: list[str]) -> Image.Image:
        return draw_board(view, names, drawing_locale()).image  # the game's (drawing_in)

    def private(self, view: View, names: list[str]) -> Image.Image | None:
        canvas = draw_private(view, names, drawing_locale())
        return None if canvas is None else canvas.image
