"""Leonardo's colours for colour-blind players: the grounds every piece stands on stay far
from every player colour in every vision; districts and space kinds are muted, patterned and
never under a piece (test_leonardo_render.py checks the pixels around every piece)."""

from __future__ import annotations

import pytest

from render.leonardo.look import GROUNDS
from render.leonardo.ring import DISTRICT_LOOK, KIND_LOOK, band_tile
from render.palette import PLAYER_COLOURS
from tests.render.colour_science import ciede2000, worst_distance

GROUND_THRESHOLD = 20  # CIEDE2000, in normal vision and under protanopia, deuteranopia, tritanopia
BAND_THRESHOLD = 15  # CIEDE2000 in normal vision: a band never looks like a player's chip


@pytest.mark.parametrize("ground", GROUNDS)
@pytest.mark.parametrize("seat", range(len(PLAYER_COLOURS)))
def test_every_player_colour_stands_out_on_every_ground_in_every_vision(ground, seat):
    distance, vision = worst_distance(PLAYER_COLOURS[seat], ground)
    assert distance >= GROUND_THRESHOLD, (seat, ground, vision, round(distance, 1))


@pytest.mark.parametrize("name", [*DISTRICT_LOOK, *KIND_LOOK])
def test_band_colours_are_muted_away_from_every_player_colour(name):
    colour, _ = {**DISTRICT_LOOK, **KIND_LOOK}[name]
    for seat, player in enumerate(PLAYER_COLOURS):
        assert ciede2000(colour, player) >= BAND_THRESHOLD, (name, seat, round(ciede2000(colour, player), 1))


def test_each_district_has_a_pattern_of_its_own():
    """A district is told by its pattern (and the legend's space numbers), not by its colour
    alone: six districts, six patterns, none of them plain."""
    patterns = [pattern for _, pattern in DISTRICT_LOOK.values()]
    assert len(set(patterns)) == len(patterns) == 6 and "plain" not in patterns
    tiles = {band_tile(colour, pattern, 60, 30).tobytes() for colour, pattern in DISTRICT_LOOK.values()}
    grey = {band_tile((200, 200, 200), pattern, 60, 30).tobytes() for _, pattern in DISTRICT_LOOK.values()}
    assert len(tiles) == len(grey) == 6  # even with one colour for all, the patterns differ


def test_the_districts_and_bridges_bands_are_far_apart_in_tone():
    """Issue 24: S. Giovanni's and Oltrarno's tones were 8 CIEDE2000 apart, a bridge's waves 8
    from S. Spirito's; every two of the six districts and the bridges now differ by at least
    15 (the patterns still tell them apart without colour)."""
    tones = {**{d: c for d, (c, _) in DISTRICT_LOOK.items()}, "bridge": KIND_LOOK["bridge"][0]}
    names = list(tones)
    close = [(a, b, round(ciede2000(tones[a], tones[b]), 1)) for i, a in enumerate(names) for b in names[i + 1:]
             if ciede2000(tones[a], tones[b]) < 15]
    assert not close, close
