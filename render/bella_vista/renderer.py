"""Bella Vista renderer: the public board and a seat's hand image, drawn from a ``View`` only.

The board, top to bottom: a header (title, round of eight, phase; who must act; the last
move in words), the town at the left, and panels (architects with their coins, offer board,
Zoning card, contracts, objectives, key) beside the town where they fit and below it in two
columns. Once the game is over the panels are the final scores with every category, the
objectives, the contracts each architect took (where the board's height holds them) and the
key. A player always appears as their colour chip with their mark, and their name.

Everything is drawn 1100 px wide, twice the 550 px Discord shows inline, and every size is
chosen for that: text at least 20 px (10 inline), chips and buildings at least 32 px (16).
The ``Canvas`` of each image remembers its smallest text and piece for the tests.
"""

from __future__ import annotations

from PIL import Image

from engines.bella_vista import terms
from engines.bella_vista.components import cards
from engines.bella_vista.view import ContractView
from engines.bella_vista.viewing import contract_words
from render.bella_vista.blocks import (
    Block,
    contracts,
    objectives,
    standings,
    zoning,
)
from render.bella_vista.draw import WIDTH, new_canvas
from render.bella_vista.key import key
from render.bella_vista.layout import arrange
from render.bella_vista.names import neighborhood_names
from render.bella_vista.offers import offer_board
from render.bella_vista.page import Header, Page, caption, frame, must, must_lines, paste_town, status
from render.bella_vista.private import draw_hand
from render.bella_vista.scores import scores
from render.bella_vista.taken import taken
from render.bella_vista.town import badge, buildings
from render.canvas import Canvas
from render.text import drawing_locale

FACE_UP = 4  # contracts face up in a row: the room the contracts panel keeps on every board


GROW = (64, 48, 32, 16, 8, 0)  # px more per row of the end board's scores, the most that keeps its height


def board_blocks(view, page: Page, grow: int = 0, told: str = "") -> list[Block]:
    """The board's panels in order; on the end board, ``told``: with the contracts each
    architect took ("full", "compact"; where the room the end board keeps holds them)."""
    w, people = page.words, page.people
    the_key = key(view, people, w, page.tile_name)
    symbol_of = {t.code: t.symbol for t in view.tiles}.get
    if view.scores:
        tie = w.msg(view.tie_break) if view.tie_break is not None else ""
        took = taken(view, people, w, lambda c: w.msg(contract_words(c)), symbol_of, page.tile_name,
                     told == "compact") if told else None
        return [scores(view, people, w, tie, grow), objectives(view, w)] + ([took] if took else []) + [the_key]
    every_zoning = tuple(w.msg(terms.zoning(z.id)) for z in cards().zoning)
    threshold = next((c.threshold for c in view.contracts if c is not None), 3 if view.seats == 2 else 2)
    every_contract = tuple(ContractView(id=c.id, kind=c.kind, threshold=threshold, value=c.value,
                                        neighborhoods=list(c.neighborhoods)) for c in cards().contracts)
    return [
        standings(view, people, w),
        offer_board(view, people, w),
        zoning(view, w, w.msg(terms.zoning(view.zoning.id)), every_zoning),
        contracts(view, w, lambda c: w.msg(contract_words(c)), symbol_of, page.tile_name, every=every_contract,
                  slots=FACE_UP),
        objectives(view, w),
        the_key,
    ]


def draw_board(view, names: list[str], locale: str = "en") -> Canvas:
    """The public board (a seat's view draws the same board, with its own face-down cards)."""
    page = Page.of(view, names, locale)
    w = page.words
    head = Header("Bella Vista", status(view, w), (("", must(view, w)), (w("last_move"), caption(view, w))),
                  (must_lines(view, w, page.people), 2))
    town, rects = frame(view, head.height(page.people) + 14)
    placed, height = arrange(town, rects, board_blocks(view, page))
    if view.scores:  # the end board: the scores right below the town whatever the seats, as large as
        # the height of the boards before it allows (the picture never jumps from one board to the next)
        playing = view.model_copy(update={"scores": None, "tie_break": None})
        kept = arrange(town, rects, board_blocks(playing, page))[1]
        tries = [(t, g) for t in ("full", "compact") for g in GROW if g >= 16] + [("", g) for g in GROW]
        for told, grow in tries:  # the contracts taken, unless the scores' figures would be no larger than text
            placed, height = arrange(town, rects, board_blocks(view, page, grow, told))
            if height <= kept:
                break
        height = max(height, kept)
    canvas = new_canvas(WIDTH, height)
    canvas.town = town
    head.draw(canvas, page.people)
    paste_town(canvas, town, view, page)
    panels = [(x, y, x + width, y + tall) for _, x, y, width, tall in placed]
    buildings(canvas, town, view, page.people)
    badge(canvas, town, view, panels)  # before the names, which keep off it: what the last move earned comes first
    neighborhood_names(canvas, town, view, page.tile_name, panels=panels)
    for block, x, y, width, tall in placed:
        block.draw(canvas, x, y, width)
        canvas.panels.append((x, y, width, tall))
    return canvas


def draw_private(view, names: list[str], locale: str = "en") -> Canvas | None:
    """The seat's hand image (None for a spectator)."""
    if view.seat is None or view.hand is None:
        return None
    return draw_hand(view, names, locale)


class BellaVistaRenderer:
    """Pure: a ``View`` in, an image out."""

    def board(self, view, names: list[str]) -> Image.Image:
        return draw_board(view, names, drawing_locale()).image  # the game's (drawing_in)

    def private(self, view, names: list[str]) -> Image.Image | None:
        canvas = draw_private(view, names, drawing_locale())
        return None if canvas is None else canvas.image


__all__ = ["BellaVistaRenderer", "draw_board", "draw_private"]
