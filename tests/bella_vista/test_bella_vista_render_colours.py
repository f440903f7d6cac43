"""Colours of the Bella Vista images: every player colour stays at least 20 CIEDE2000 from each
colour it is drawn on and from the Park, the River and the neutral building, in normal vision
and under simulated protanopia, deuteranopia and tritanopia; buildings, chips and offer cards
wear the shared player colours, and a 2-architect roofed card looks like its building."""

from __future__ import annotations

from collections import Counter

import pytest
from bv_render_helpers import GAME, NAMES, history

from engines.bella_vista.view import BuildingView
from render.bella_vista.draw import TERRAIN, UNDER_PLAYERS, WHITE, BoardCanvas, People
from render.bella_vista.offers import card_face
from render.bella_vista.renderer import draw_board
from render.bella_vista.town import Town, building, main_cell
from render.palette import INK, ink_on, player_colour
from tests.render.colour_science import worst_distance

THRESHOLD = 20


@pytest.mark.parametrize("seat", range(4))
def test_a_player_colour_stays_apart_from_everything_it_is_drawn_on(seat):
    for name, colour in {**UNDER_PLAYERS, **TERRAIN}.items():
        distance, vision = worst_distance(player_colour(seat), colour)
        assert distance >= THRESHOLD, (seat, name, round(distance, 1), vision)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_buildings_wear_their_owners_player_colour(seats):
    final = history(seats, "random", 3)[-1]
    view = GAME.view(final, None)
    canvas = draw_board(view, NAMES[:seats])
    town = canvas.town
    for b in view.buildings:
        pixels = Counter()
        for col, row in b.cells:
            pixels.update(canvas.image.crop(town.box(col, row, 3)).get_flattened_data())
        if b.owner is not None:
            top = [c for c, _ in pixels.most_common(3)]  # the band, the white height cell (or roof), the ink
            assert player_colour(b.owner) in top, (b.label, b.owner, top)
            assert not any(player_colour(s) in pixels for s in range(seats) if s != b.owner)


def test_a_roofed_card_and_its_building_wear_the_same_colours():
    """The 2-architect second set: the owner's colour inside a white roof band, on the offer
    board and in the town alike (not the second colour on one and the first on the other)."""
    people = People(NAMES[:2], 2, str)
    canvas = BoardCanvas(300, 120, WHITE)
    town = Town(10, 10, 40, 2, 1)
    building(canvas, town, BuildingView(index=0, owner=1, colour="yellow", roofed=True, neutral=False, height=6,
                                        cells=[[0, 0], [1, 0]], label="A1-B1"), people, last=False)
    card_face(canvas, 150, 10, 84, 74, 1, "#6r", True, people)
    on_town = Counter(canvas.image.crop((10, 10, 90, 50)).get_flattened_data())
    on_card = Counter(canvas.image.crop((150, 10, 234, 84)).get_flattened_data())
    for pixels in (on_town, on_card):
        top = [c for c, _ in pixels.most_common(3)]
        assert set(top) == {player_colour(1), WHITE, INK}, top


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_owners_shape_on_a_building_is_a_solid_silhouette_half_a_space_wide_at_least(seats):
    """Two independent looks found the owner's shape on a building unreadable at 550 px: it was
    drawn in the building's own colour, so only its 2 px outline showed. Now it is solid, in ink
    or white (whichever reads on the colour), and at least half a space (9 px) across at 550 px."""
    final = history(seats, "random", 3)[-1]
    view = GAME.view(final, None)
    canvas = draw_board(view, NAMES[:seats])
    town = canvas.town
    owned = [b for b in view.buildings if b.owner is not None]
    assert owned
    for b in owned:
        cells = [tuple(c) for c in b.cells]
        solid = player_colour(b.owner) if b.roofed else ink_on(player_colour(b.owner))  # on white if roofed
        across = 0
        for col, row in cells:  # the shape sits on a cell other than the height's
            if (col, row) == main_cell(cells):
                continue
            crop = canvas.image.crop(town.box(col, row, 0))
            if crop.getpixel((crop.width // 2, crop.height // 2)) != solid:  # an outline leaves the middle empty
                continue
            xs, ys = zip(*[(x, y) for x in range(crop.width) for y in range(crop.height)
                           if crop.getpixel((x, y)) == solid], strict=True)
            across = max(across, max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
        assert across * 550 / canvas.image.width >= 9, (b.label, b.owner, across)  # half a space


def test_a_building_is_one_piece_of_its_owners_colour_the_second_set_white_inside_a_band_of_it():
    """Three independent looks found a second-set building told from the first only by a thin white
    band (invisible at 550 px); it became white inside a band of its owner's colour. Then the
    twentieth look read a first-set building as several pieces: its height stood on a white space
    and the other spaces wore the colour. Now a building of two spaces or more is one piece: the
    first set all its owner's colour, height's space included (the height in ink or white on it,
    whichever reads); the second set white inside a band of that colour, height's space included."""
    view = GAME.view(history(2, "random", 3)[-1], None)
    canvas = draw_board(view, NAMES[:2])
    town = canvas.town
    seen = set()
    for b in view.buildings:
        cells = [tuple(p) for p in b.cells]
        if len(cells) < 2:
            continue  # one space: the height on white beside the owner's half, in both sets
        colour = player_colour(b.owner)
        main = Counter(canvas.image.crop(town.box(*main_cell(cells), 3)).get_flattened_data())
        whole = sum((Counter(canvas.image.crop(town.box(c, r, 3)).get_flattened_data()) for c, r in cells), Counter())
        for pixels in (main, whole):  # the first set: the colour over most of it, the height's space too
            share = pixels[colour] / sum(pixels.values())
            assert (share >= 0.5) != b.roofed, (b.label, b.roofed, pixels.most_common(3))
        if b.roofed:  # the second: white round the height, inside a band of the colour
            assert min(main[WHITE], main[colour]) >= 100, (b.label, main.most_common(3))
        seen.add(b.roofed)
    assert seen == {True, False}


def test_a_roofed_buildings_height_stays_inside_its_band():
    """The twenty-first look saw a roofed building's height cross its band of colour: the figure
    was drawn as large as a first-set building's, taller than the white inside the band. Now no
    ink of the figure falls on the band round the height's space."""
    view = GAME.view(history(2, "random", 3)[-1], None)
    canvas = draw_board(view, NAMES[:2])
    town = canvas.town
    roofed = [b for b in view.buildings if b.roofed and len(b.cells) > 1]
    assert roofed
    for b in roofed:
        c, r = main_cell([tuple(p) for p in b.cells])
        outer, inner = town.box(c, r, 5), town.box(c, r, 9)  # the band: between the two
        on_band = [(x, y) for x in range(outer[0], outer[2] + 1) for y in range(outer[1], outer[3] + 1)
                   if not (inner[0] <= x <= inner[2] and inner[1] <= y <= inner[3])
                   and canvas.image.getpixel((x, y)) == INK]
        assert not on_band, (b.label, len(on_band))
