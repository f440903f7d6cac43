"""The legal placements of a building read from masks of anchors (``placement_set.py``),
checked against the placement rule applied to each ``Placement`` in turn."""

from __future__ import annotations

import pytest

from engines.bella_vista import BellaVista, State
from engines.bella_vista.building import coins_earned, place, placeable
from engines.bella_vista.components import zoning_card
from engines.bella_vista.geometry import geometry, shape_of
from tests.bella_vista.bv_helpers import random_states

GAME = BellaVista()


def _placements_by_hand(state: State, height: int) -> tuple[list[int], bool]:
    """The placement rule straight from each ``Placement``: the Zoning Card on free spaces,
    else free on the border, else free anywhere (forced)."""
    geo = geometry(state.town)
    card = zoning_card(state.zoning)
    occ = sum(1 << c for b in state.buildings for c in b.cells)
    allowed = {geo.tile_of_code[c] for c in card.neighborhoods}
    rule = {"subsidized": lambda p: p.tiles <= allowed, "community_parks": lambda p: p.park,
            "no_parks": lambda p: not p.park, "no_rivers": lambda p: not p.river,
            "no_borders": lambda p: not p.border}[card.kind]
    free = [p for p in geo.placements if p.shape == shape_of(height) and not p.mask & occ]
    ok = [p.index for p in free if rule(p)]
    if ok:
        return ok, False
    return [p.index for p in free if p.border] or [p.index for p in free], True


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_placement_sets_read_from_masks_list_what_each_placement_says(seats):
    """``placeable`` works on masks of the anchors of each footprint orientation: the same
    placements as the rule applied placement by placement, every Zoning Card (the forced
    ones: the next test); its k-th element and its membership agree with the listed indices."""
    cards_seen: set[str] = set()
    for seed in range(3):
        for i, state in enumerate(random_states(seats, 200 + 10 * seats + seed)):
            if state.phase not in ("construction", "neutral") or i % 2:
                continue
            height = int(state.order[state.build_pos].card.rstrip("r")) if state.phase == "construction" \
                else state.neutral_next
            found, forced = placeable(state, height)
            expected, expected_forced = _placements_by_hand(state, height)
            assert (list(found), forced) == (expected, expected_forced)
            assert len(found) == len(expected) and [found[k] for k in range(len(found))] == expected
            listed = set(expected)
            assert all((index in found) == (index in listed) for index in range(len(geometry(state.town).placements)))
            cards_seen.add(state.zoning)
    assert len(cards_seen) >= 6, cards_seen


@pytest.mark.parametrize("zoning", ["Z3", "Z7", "Z9"])
def test_placement_sets_fall_back_as_each_placement_says(zoning):
    """Buildings put on every placement the Zoning Card allows, then on every border one:
    the forced placements on the border, then anywhere free, then none, as the rule
    applied placement by placement (random games never get there)."""
    state = next(s for s in random_states(4, 31) if s.phase == "construction")
    state.zoning = zoning
    steps = set()
    while True:
        found, forced = placeable(state, 5)
        expected, expected_forced = _placements_by_hand(state, 5)
        assert (list(found), forced) == (expected, expected_forced)
        assert [found[k] for k in range(len(found))] == expected
        geo = geometry(state.town)
        steps.add((forced, bool(found) and all(geo.placements[i].border for i in found), bool(found)))
        if not found:
            break
        place(state, None, 5, False, found[0])
    assert {(True, True, True), (True, False, True), (True, False, False)} <= steps  # border, anywhere, none
    assert any(not forced for forced, _, _ in steps)


def test_coins_earned_are_counted_from_the_standing_buildings_cells():
    """Coins a build earns (``coins_earned``, which skips the buildings when nothing stands
    next to the placement) against a count over every standing building's cells."""
    for state in random_states(2, 61):
        if state.phase != "construction":
            continue
        height = int(state.order[state.build_pos].card.rstrip("r"))
        geo = geometry(state.town)
        for i in placeable(state, height)[0]:
            p = geo.placements[i]
            near = {c + d for c in p.cells for d in (1, -1, geo.columns, -geo.columns)
                    if 0 <= c + d < geo.columns * geo.rows and (d not in (1, -1) or (c + d) // geo.columns == c // geo.columns)}
            heights = [b.height for b in state.buildings if near & set(b.cells) - set(p.cells)]
            shorter = sum(h < height for h in heights)
            assert coins_earned(state, p, height) == shorter + (3 if shorter == len(heights) else 0)
