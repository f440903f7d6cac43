"""Issue 24 (an independent look at 550 px): the contracts name the neighborhoods ("Striped
Flower"), but a striped neighborhood's name vanished mid-game as soon as a building covered the
middle of its tile, although whole rows of the tile were still free. A name now goes wherever
its tile's free spaces hold it, else across the tile's edge into a Park, a River or bare ground."""

from __future__ import annotations

import pytest
from bv_render_helpers import GAME, NAMES, history

from engines.bella_vista import Options, terms
from render.bella_vista.draw import SMALL, line_height
from render.bella_vista.private import suggestions
from render.bella_vista.renderer import draw_board, draw_private
from render.text import catalog
from tests.render.layout_check import problems


def _shown(canvas, town, tile, name: str) -> bool:
    """Whether the name's words are written with their middle on the tile."""
    x0, y0 = town.x + tile.x * town.cell, town.y + tile.y * town.cell
    x1, y1 = x0 + tile.size * town.cell, y0 + tile.size * town.cell
    words = "".join(d.what for d in canvas.drawn if d.kind == "text"
                    and x0 <= (d.box[0] + d.box[2]) / 2 <= x1 and y0 <= (d.box[1] + d.box[3]) / 2 <= y1)
    return name.replace(" ", "") in words.replace(" ", "")


def _roomy(view, tile, rows: int) -> bool:
    """Whether ``rows`` whole rows of the tile, one after the other, are free of buildings."""
    built = {(c, r) for b in view.buildings for c, r in b.cells}
    free = [all((tile.x + i, tile.y + j) not in built for i in range(tile.size)) for j in range(tile.size)]
    return any(all(free[j:j + rows]) for j in range(tile.size - rows + 1))


@pytest.mark.parametrize("locale", ["en", "pt-BR", "it"])
def test_a_neighborhood_with_free_rows_keeps_its_name_on_the_board_and_the_hand(locale):
    cat = catalog(locale)
    checked = 0
    for seats in (2, 3, 4):
        for state in history(seats, Options().layout, seats)[::6]:
            for seat in (None, 0):
                view = GAME.view(state, seat)
                canvas = draw_board(view, NAMES[:seats], locale) if seat is None else draw_private(
                    view, NAMES[:seats], locale)
                if canvas is None:
                    continue
                assert problems(canvas) == [], (seats, state.round)
                for t in view.tiles:
                    if t.kind != "neighborhood":
                        continue
                    name = cat.text(terms.tile(t.code)).upper()
                    two_lines = len(name.split()) > 1
                    if _roomy(view, t, 2 if two_lines else 1) and not (seat == 0 and view.hand_places):
                        checked += 1
                        assert _shown(canvas, canvas.town, t, name), (seats, state.round, seat, name)
    assert checked > 50
    assert line_height(SMALL) * 2 + 6 <= 2 * 36  # (two lines of a name fit two rows of spaces)


def test_a_neighborhood_without_room_is_named_beside_it_with_a_pointer():
    """Late in a game buildings leave no room on a tile for its name: it goes across the tile's
    edge, else just beside the tile, on a Park, a River or bare ground. Over three seeded games
    the boards named 60% of their neighborhoods before issue 24, 83% with the name across the
    edge, 96% with it beside (the rest: every side of the tile taken), never over a building,
    a panel or another text."""
    cat = catalog("en")
    named = total = 0
    for seed in (1, 2, 3):
        for seats in (2, 3, 4):
            for state in history(seats, Options().layout, seed)[::8]:
                view = GAME.view(state, None)
                canvas = draw_board(view, NAMES[:seats])
                assert problems(canvas) == []
                town = canvas.town
                for t in view.tiles:
                    if t.kind == "neighborhood":
                        total += 1
                        named += _near(canvas, town, t, cat.text(terms.tile(t.code)).upper())
    assert named >= 0.9 * total, (named, total)


def _near(canvas, town, tile, name: str) -> bool:
    """Whether the name's words are written with their middle on the tile or within a label's
    reach of it."""
    reach = 90  # px: half a two-line label's width and its pointer
    x0, y0 = town.x + tile.x * town.cell - reach, town.y + tile.y * town.cell - reach
    x1, y1 = x0 + tile.size * town.cell + 2 * reach, y0 + tile.size * town.cell + 2 * reach
    words = "".join(d.what for d in canvas.drawn if d.kind == "text"
                    and x0 <= (d.box[0] + d.box[2]) / 2 <= x1 and y0 <= (d.box[1] + d.box[3]) / 2 <= y1)
    return name.replace(" ", "") in words.replace(" ", "")


def test_the_badge_of_the_building_placed_last_keeps_off_the_names():
    """The "+4" badge beside the building placed last was placed clear of texts only, so it could
    cover a corner of a name's white box (seen on an end board); a name's box now counts."""
    names = {catalog("en").text(terms.tile(code)).upper() for code in ("F", "Fs", "B", "Bs", "L", "Ls", "S", "Ss")}
    words = {w for n in names for w in n.split()}
    badges = 0
    for seed in (1, 2, 3):
        for seats in (2, 3, 4):
            for state in history(seats, Options().layout, seed)[::3]:
                canvas = draw_board(GAME.view(state, None), NAMES[:seats])
                boxes = [d.box for d in canvas.drawn if d.kind == "text" and set(d.what.split()) <= words]
                for b in (d.box for d in canvas.drawn if d.kind == "piece" and d.what == "badge"):
                    badges += 1
                    for t in boxes:  # the name's white box: its words and 6 px more each side
                        assert min(b[2], t[2] + 6) <= max(b[0], t[0] - 6) or min(b[3], t[3] + 6) <= max(b[1], t[1] - 6), (b, t)
    assert badges > 20


def test_on_the_hand_the_names_keep_off_the_pluses_while_there_is_room_elsewhere():
    """The hand's pluses (a card could cover this space) lay under the names: a fifth of them
    hidden over three seeded games. A name now takes a spot clear of them, else beside its tile,
    and covers them only with no room anywhere else: under a tenth hidden."""
    hidden = total = 0
    for seed in (1, 2, 3):
        for seats in (2, 3, 4):
            for state in history(seats, Options().layout, seed)[::5]:
                view = GAME.view(state, 0)
                canvas = draw_private(view, NAMES[:seats])
                if canvas is None or not view.hand_places:
                    continue
                assert problems(canvas) == []
                names = [d.box for d in canvas.drawn if d.kind == "piece" and d.what == "name"]
                for c, r in {(c, r) for h in view.hand_places for c, r in h.reach}:
                    x, y = canvas.town.centre(c, r)
                    total += 1
                    hidden += any(n[0] <= x <= n[2] and n[1] <= y <= n[3] for n in names)
    assert total > 1000 and hidden < total / 10, (hidden, total)


def test_on_the_hand_a_tile_with_nothing_built_keeps_its_name_on_it():
    """The names keep off the hand's pluses where they can; on a tile with nothing built (every
    space a plus) that sent FLOWER beside it onto a Park, read as "FLOWER PARK" by the second
    independent look. Such a tile keeps its name on it (a suggested spot's tag, which the name
    keeps clear of, is something on it)."""
    cat = catalog("en")
    checked = 0
    for seats in (2, 3, 4):
        for state in history(seats, Options().layout, seats)[::6]:
            view = GAME.view(state, 0)
            canvas = draw_private(view, NAMES[:seats], "en")
            if canvas is None or not view.hand_places:
                continue
            built = {(c, r) for b in view.buildings for c, r in b.cells}
            built |= {tuple(c) for cells, _ in suggestions(view) for c in cells}
            for t in view.tiles:
                cells = {(t.x + i, t.y + j) for i in range(t.size) for j in range(t.size)}
                if t.kind == "neighborhood" and not cells & built:
                    checked += 1
                    name = cat.text(terms.tile(t.code)).upper()
                    assert _shown(canvas, canvas.town, t, name), (seats, state.round, name)
    assert checked > 10


@pytest.mark.parametrize("locale", ["en", "pt-BR", "it"])
def test_the_badge_comes_before_the_names(locale):
    """A name beside its tile took the only free corner of the building placed last, and the
    badge saying what it earned was left out (the second independent look found a Portuguese end
    board without its "+4"; over three seeded games, every fourth position, 180 of 204 badges were
    drawn, 189 now). Here a four-seat board of seed 3 lost it in every language. The badge is
    placed first and the names keep off it."""
    state = history(4, Options().layout, 3)[52]
    canvas = draw_board(GAME.view(state, None), NAMES[:4], locale)
    assert any(d.what == "badge" for d in canvas.drawn) and problems(canvas) == []
