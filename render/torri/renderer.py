"""Le Torri di Bologna: the board image, drawn from a view.

The image is 1100 px wide (the board on the left, the panel on the right) and as tall as the
board or the panel's content needs, so that Discord's 550 px inline preview halves every
size: the smallest text (20 px) stays 10 px and every pawn and chip (32 px and more) 16 px.
The static layer (the ground, the walls, the coordinates, the title and the legend) is drawn
once per wall shape, player count and height and cached with the smallest text and piece it
holds; each board copies it and draws the rest. Nothing in this game is hidden, so there is
no private image.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from engines.torri.board import layout
from engines.torri.model import View
from render.canvas import Canvas, Drawn
from render.text import DEFAULT_LOCALE, catalog, drawing_locale
from render.torri.blocks import Words, X, draw_panel, words
from render.torri.board import BOARD_W, LABEL, WIDTH, board_height, draw_ground, draw_pieces, frame
from render.torri.key import HEIGHT as KEY_HEIGHT
from render.torri.key import draw_key
from render.torri.panel import CAPTION_LINES, panel, tallest
from render.torri.pieces import FLOOR, GRID, TITLE
from render.torri.stamps import write

PANEL_TOP = 60  # below the title
PANEL_FOOT = 6  # kept under the panel's content
TALLEST = 900  # px: the tallest the image grows for a long last move (it stays landscape in the preview)


@dataclass(frozen=True)
class Static:
    image: Image.Image
    min_text: float
    min_piece: float
    drawn: tuple[Drawn, ...]


@lru_cache(maxsize=64)
def static_layer(shape: str, seats: int, height: int, locale: str = DEFAULT_LOCALE) -> Static:
    fr = frame(shape, seats, height)
    canvas = Canvas(WIDTH, height, FLOOR)
    draw_ground(canvas, fr)
    canvas.draw.rectangle((0, board_height(shape, seats), BOARD_W, height), fill=FLOOR)
    canvas.draw.line((BOARD_W, 0, BOARD_W, height), fill=GRID, width=2)
    w = Words(catalog(locale), [])
    write(canvas, (X, 14), w.say("torri.board.title"), TITLE, (30, 28, 26), bold=True)
    draw_key(canvas, w, LABEL, board_height(shape, seats), BOARD_W - LABEL - 8)
    return Static(canvas.image, canvas.min_text, canvas.min_piece, tuple(canvas.drawn))


@lru_cache(maxsize=64)
def image_height(shape: str, seats: int, locale: str = DEFAULT_LOCALE) -> int:
    """The same for every board of a game: the board and the key under it, or the panel at its
    tallest where that is taller (a small wall at a large table); taller still, where the image
    stays landscape, for a last move of four lines (a longer one closes up the panel: never cut)."""
    towers = len(layout(shape, seats).centrals)
    least = max(board_height(shape, seats) + KEY_HEIGHT, PANEL_TOP + tallest(seats, locale, towers) + PANEL_FOOT)
    roomy = PANEL_TOP + tallest(seats, locale, towers, CAPTION_LINES) + PANEL_FOOT
    return max(least, min(roomy, TALLEST))


def words_for(view: View, names: list[str], locale: str) -> Words:
    """How this board names its players: by name, with a mark each (initials, told apart)."""
    player_names = [names[s] if s < len(names) else "" for s in range(view.seats)]
    return Words(catalog(locale), player_names)


def panel_words(view: View, names: list[str], locale: str = DEFAULT_LOCALE) -> list[str]:
    """Every text the panel beside the board shows, top to bottom (the title and legend aside)."""
    return words(panel(words_for(view, names, locale), view))


def draw_board(view: View, names: list[str], locale: str = DEFAULT_LOCALE) -> Canvas:
    """The board everyone sees, with its drawing metrics (smallest text and piece)."""
    w = words_for(view, names, locale)
    tall = image_height(view.shape, view.seats, locale)
    blocks = panel(w, view, tall - PANEL_TOP - PANEL_FOOT)
    fr = frame(view.shape, view.seats, tall)
    static = static_layer(view.shape, view.seats, tall, locale)
    canvas = Canvas.over(static.image)
    canvas.min_text, canvas.min_piece = static.min_text, static.min_piece
    canvas.take(list(static.drawn))
    draw_pieces(canvas, fr, view)
    draw_panel(canvas, blocks, PANEL_TOP)
    return canvas


def draw_private(view: View, names: list[str], locale: str = DEFAULT_LOCALE) -> Canvas | None:
    """Nothing in this game is hidden: the board says it all, and chat the rest."""
    return None


class TorriRenderer:
    def board(self, view: View, names: list[str]) -> Image.Image:
        return draw_board(view, names, drawing_locale()).image  # the game's (drawing_in)

    def private(self, view: View, names: list[str]) -> Image.Image | None:
        drawn = draw_private(view, names, drawing_locale())
        return None if drawn is None else drawn.image
