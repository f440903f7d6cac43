"""The engine's shortcuts for speed, each checked against the plain way of doing the same:
the state's deep copy against pydantic's, the town geometry (bit masks, placements made on
demand) against a brute-force enumeration from the town rows, the moves built without
validation against validated ones, and remembered legal placements against fresh ones."""

from __future__ import annotations

import copy

import pytest
from pydantic import BaseModel

from engines.bella_vista import BellaVista, Options, State
from engines.bella_vista.building import legal_placements, occupied, standing
from engines.bella_vista.components import components
from engines.bella_vista.contracts import tally
from engines.bella_vista.geometry import _geometry, geometry
from engines.bella_vista.layout_rules import TILE_COUNTS, check_layout
from engines.bella_vista.scoring import standings
from engines.bella_vista.state import (
    BottomSlot,
    BuildAction,
    NeutralAction,
    OfferAction,
    SetAside,
    event,
    msg,
    trusted,
)
from engines.bella_vista.terms import card
from engines.bella_vista.town import RANDOM_HEIGHT, RANDOM_WIDTH, enclosed, named_layout, random_layout
from engines.core.game import event as core_event
from engines.core.grid import flood, has_holes, neighbours
from engines.core.messages import Msg
from engines.core.playout import fast_playout, playout
from engines.core.rng import Rng, scripted
from tests.bella_vista.bv_helpers import random_states

GAME = BellaVista()


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_deep_copy_equals_pydantics_and_shares_nothing_that_changes(seats):
    for i, state in enumerate(random_states(seats, 40 + seats)):
        mine = copy.deepcopy(state)
        theirs = BaseModel.__deepcopy__(state)  # pydantic's own
        assert mine == theirs and mine.model_dump_json() == state.model_dump_json()
        if i % 5 or GAME.result(state) is not None:
            continue
        before = state.model_dump_json()
        seat = min(GAME.to_act(state))
        GAME.advance(mine, seat, GAME.legal_actions(mine, seat)[-1])  # plays in place on the copy
        for arch in mine.architects:
            arch.hand.append("9")
            arch.contracts.append(99)
        for entry in mine.order + mine.last + [e for e in mine.spaces if e]:
            entry.revealed = not entry.revealed
        mine.rng.next_u64()
        mine.buildings.append(mine.buildings[0] if mine.buildings else None)
        assert state.model_dump_json() == before


def test_the_deep_copy_keeps_a_scripted_generator_apart():
    state = GAME.new_game(4, Options(), 3)
    state.rng = scripted([1, 2], state.rng)
    twin = copy.deepcopy(state)
    assert twin.rng.below(5) == 1 and state.rng.queue == [1, 2]


def _brute_force(key) -> dict:
    """Every placement of every footprint, straight from the town rows: spaces as (col, row),
    with the tiles, border, Parks and Rivers worked out cell by cell."""
    size = components().tile_size
    code_at = {}
    for ty, row in enumerate(key):
        for tx, code in enumerate(row):
            if code != ".":
                for dy in range(size):
                    for dx in range(size):
                        code_at[(tx * size + dx, ty * size + dy)] = (code, tx, ty)
    hood = {c for c, (code, _, _) in code_at.items() if code not in "PR"}
    groups = {}  # tile (tx, ty) of a Park or River -> the tiles of its separate Park or River
    for kind in "PR":
        tiles = {(tx, ty) for ty, row in enumerate(key) for tx, code in enumerate(row) if code == kind}
        for t in tiles:
            groups[t] = frozenset(flood([t], tiles))
    grid = [(x, y) for x in range(len(key[0]) * size) for y in range(len(key) * size)]
    found = {}
    for fp in components().buildings:
        forms = set()
        for mirror in (1, -1):
            cells = [(mirror * x, y) for x, y in fp.cells]
            for _ in range(4):
                cells = [(-y, x) for x, y in cells]
                mx, my = min(x for x, _ in cells), min(y for _, y in cells)
                forms.add(frozenset((x - mx, y - my) for x, y in cells))
        for form in forms:
            for ox, oy in grid:  # the top-left corner of the form's box: any space of the grid
                cells = frozenset((ox + x, oy + y) for x, y in form)
                if not cells <= hood:
                    continue
                near = {n for x, y in cells for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))} - cells
                found[cells] = {
                    "shape": fp.shape,
                    "tiles": {code_at[c][1:] for c in cells},
                    "border": any(n not in code_at for n in near),
                    "around": {n for n in near if n in code_at},
                    "park": any(code_at.get(n, "?")[0] == "P" for n in near),
                    "river": any(code_at.get(n, "?")[0] == "R" for n in near),
                    "parks": {groups[code_at[n][1:]] for n in near if code_at.get(n, "?")[0] == "P"},
                    "rivers": {groups[code_at[n][1:]] for n in near if code_at.get(n, "?")[0] == "R"},
                }
    return found


@pytest.mark.parametrize("town", ["london", "rome", "paris"] + [f"random {seed}" for seed in (1, 7, 19, 23)])
def test_the_geometry_matches_a_brute_force_enumeration(town):
    key = named_layout(town) if " " not in town else random_layout(Rng.from_seed(int(town.split()[1])))
    _geometry.cache_clear()
    geo = geometry(key)
    expected = _brute_force(key)
    cols = geo.columns
    mine = {}
    for p in geo.placements:
        cells = frozenset((c % cols, c // cols) for c in p.cells)
        tiles = {(geo.tiles[t].tx, geo.tiles[t].ty) for t in p.tiles}
        around = {(c % cols, c // cols) for c in p.around}
        group = {i: frozenset((geo.tiles[t].tx, geo.tiles[t].ty) for t in g) for i, g in enumerate(geo.park_groups)}
        river = {i: frozenset((geo.tiles[t].tx, geo.tiles[t].ty) for t in g) for i, g in enumerate(geo.river_groups)}
        mine[cells] = {"shape": p.shape, "tiles": tiles, "border": p.border, "around": around, "park": p.park,
                       "river": p.river, "parks": {group[i] for i in p.parks}, "rivers": {river[i] for i in p.rivers}}
        assert list(p.parks) == sorted(p.parks) and list(p.rivers) == sorted(p.rivers)
        assert p.park == bool(p.parks) and p.river == bool(p.rivers)
        assert geo.placement_of(p.cells) is p and geo.by_mask[p.mask] == p.index
        assert p.mask == sum(1 << c for c in p.cells) and p.label == "-".join(p.names)
        assert geo.placements.names_of(p.index) == p.names
    assert len(mine) == len(geo.placements) == len(expected)
    assert mine == expected


def test_moves_and_pieces_built_without_validation_equal_validated_ones():
    for made, checked in ((trusted(BuildAction, cells=("B3", "C3")), BuildAction(cells=("B3", "C3"))),
                          (trusted(NeutralAction, cells=("A1", "A2", "A3")), NeutralAction(cells=("A1", "A2", "A3"))),
                          (trusted(OfferAction, cost=None, card="6r"), OfferAction(cost=None, card="6r")),
                          (trusted(BottomSlot, seat=1, card="5r"), BottomSlot(seat=1, card="5r")),
                          (trusted(SetAside, owner=None, height=3), SetAside(owner=None, height=3)),
                          (trusted(SetAside, height=6, owner=2, roofed=True), SetAside(owner=2, height=6, roofed=True))):
        assert made == checked and hash(made) == hash(checked) and list(made.__dict__) == list(checked.__dict__)
        assert made.model_dump_json() == checked.model_dump_json()
        assert made.model_fields_set == checked.model_fields_set


def test_an_offer_entry_built_without_validation_dumps_as_a_validated_one():
    from engines.bella_vista.state import OfferEntry

    made, checked = trusted(OfferEntry, seat=1, card="6r", cost=None), OfferEntry(seat=1, card="6r", cost=None)
    assert made == checked and made.model_dump_json() == checked.model_dump_json()
    assert made.model_fields_set == checked.model_fields_set


def test_remembered_legal_placements_are_fresh_copies():
    state = GAME.new_game(4, Options(layout="berlin"), 5)
    for _, _, after, _ in playout(GAME, state, Rng.from_seed(6)):
        if after.phase == "construction" and after.buildings:
            state = after
            break
    height = int(state.order[state.build_pos].card.rstrip("r"))
    first, forced = legal_placements(state, height)
    first.clear()  # a caller's list is its own
    again, _ = legal_placements(state, height)
    geometry(state.town).memo.pop("legal")
    fresh, fresh_forced = legal_placements(state, height)
    assert again == fresh and forced == fresh_forced and fresh


def test_a_state_reloaded_from_json_finds_its_buildings():
    state = None
    for state in random_states(3, 77):
        if len(state.buildings) > 6:
            break
    assert state is not None
    _geometry.cache_clear()
    reloaded = State.model_validate_json(state.model_dump_json())
    assert GAME.view(reloaded, 0) == GAME.view(state, 0)
    seat = min(GAME.to_act(reloaded))
    assert GAME.legal_actions(reloaded, seat) == GAME.legal_actions(state, seat)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_standing_buildings_kept_while_a_game_plays_on_in_place_equal_fresh_ones(seats):
    """``standing`` and ``occupied`` add the newest building to the kept answer when the
    same list grew by one (the search's in-place games): always what a fresh pass finds."""
    state = GAME.new_game(seats, Options(), 70 + seats)
    rng = Rng.from_seed(seats)
    grown = 0
    while GAME.result(state) is None:
        seat = min(GAME.to_act(state))
        actions = GAME.legal_actions(state, seat)
        before = len(state.buildings)
        GAME.advance(state, seat, actions[rng.below(len(actions))])
        kept, occ = standing(state), occupied(state)
        grown += len(state.buildings) > before
        geometry(state.town).memo.pop("standing")
        fresh = standing(state)
        assert kept == fresh and [p.cells for p in fresh] == [b.cells for b in state.buildings]
        assert occ == occupied(state) == sum(1 << c for b in state.buildings for c in b.cells)
    assert grown > 10


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_random_action_is_the_listed_action_the_same_draw_picks(seats):
    """``random_action`` (the playout's draw without listing every placement) gives the
    very action ``legal_actions(...)[rng.below(n)]`` gives, and uses the generator alike:
    the same distribution, uniform over the legal actions, in every phase."""
    phases = set()
    for seed in range(3):
        state = GAME.new_game(seats, Options(), 90 + seed)
        mover = Rng.from_seed(seed)
        while GAME.result(state) is None:
            seat = min(GAME.to_act(state))
            actions = GAME.legal_actions(state, seat)
            for k in range(4):  # a few draws from generators in the same state
                ours, theirs = Rng.from_seed(1000 * seed + k), Rng.from_seed(1000 * seed + k)
                assert GAME.random_action(state, seat, ours) == actions[theirs.below(len(actions))]
                assert ours == theirs
            phases.add(state.phase)
            GAME.advance(state, seat, actions[mover.below(len(actions))])
    assert phases >= {"offers", "construction"} | ({"neutral"} if seats == 3 else set())


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_fast_playout_plays_the_game_the_listed_draws_play(seats):
    """``fast_playout`` draws with ``random_action``: the same game, move for move, as
    drawing from ``legal_actions`` with the same generator."""
    for seed in range(3):
        start = GAME.new_game(seats, Options(), 120 + seed)
        fast, moves = fast_playout(GAME, start, Rng.from_seed(seed))
        state, rng, listed = start.model_copy(deep=True), Rng.from_seed(seed), 0
        while GAME.result(state) is None:
            acting = sorted(GAME.to_act(state))
            seat = acting[rng.below(len(acting))]
            actions = GAME.legal_actions(state, seat)
            GAME.advance(state, seat, actions[rng.below(len(actions))])
            listed += 1
        assert (fast, moves) == (state, listed)


def test_messages_made_without_validation_equal_validated_ones():
    for key, params in (("bv.term.offer_slot", {"seat": 2, "card": "#6r"}), ("bv.term.bank_short", {"coins": 0}),
                        ("bv.term.on_border", {})):
        ours, theirs = msg(key, **params), Msg(key, **params)
        assert ours == theirs and ours.model_dump_json() == theirs.model_dump_json()
        assert ours.model_fields_set == theirs.model_fields_set and list(ours.__dict__) == list(theirs.__dict__)


def test_events_made_without_validation_equal_the_cores():
    for key, to, params in (("bv.event.built", None, {"seat": 1, "coins": 3, "short": ""}),
                            ("bv.event.drew", 2, {"cards": [card("5")]}), ("bv.event.game_over", None, {})):
        ours, core = event(key, to=to, **params), core_event(key, to=to, **params)
        assert ours == core and ours.model_dump_json() == core.model_dump_json()
        assert ours.model_fields_set == core.model_fields_set and ours.msg == core.msg


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_tallies_kept_while_a_game_plays_on_in_place_equal_fresh_ones(seats):
    """``tally`` adds the newest building to the kept answer when the same list grew by
    one: always what a fresh count over the buildings finds (``scoring.standings``)."""
    state = GAME.new_game(seats, Options(), 140 + seats)
    rng = Rng.from_seed(seats)
    while GAME.result(state) is None:
        seat = min(GAME.to_act(state))
        actions = GAME.legal_actions(state, seat)
        GAME.advance(state, seat, actions[rng.below(len(actions))])
        kept = [tally(state, s) for s in range(seats)]
        assert kept == [x.tally for x in standings(state)]
        geometry(state.town).memo.pop("tallies")
        assert [tally(state, s) for s in range(seats)] == kept


def test_enclosed_places_are_the_grids_holes():
    """The random town's hole test (bit masks) answers as ``grid.has_holes`` for places
    inside its box, holes or none; every random town passes ``check_layout``."""
    rng = Rng.from_seed(8)
    box = [(x, y) for x in range(RANDOM_WIDTH) for y in range(RANDOM_HEIGHT)]
    holes = 0
    for size in (3, 8, 12, 15, 20, 26):
        for _ in range(150):
            spots = set(box)
            while len(spots) > size:
                spots.discard(box[rng.below(len(box))])
            assert enclosed(spots) == has_holes(spots), sorted(spots)
            holes += enclosed(spots)
    assert holes > 50
    for seed in range(300):
        check_layout(random_layout(Rng.from_seed(seed)))


def _town_by_hand(rng: Rng):
    """``random_layout`` as first written, places as (x, y) pairs: the draws and the town
    that every stored random game was made with."""
    while True:
        spots: set[tuple[int, int]] = set()
        frontier = {(rng.below(RANDOM_WIDTH), rng.below(RANDOM_HEIGHT))}
        spot = frontier.pop()
        while True:
            spots.add(spot)
            frontier.discard(spot)
            frontier.update(n for n in neighbours(spot)
                            if 0 <= n[0] < RANDOM_WIDTH and 0 <= n[1] < RANDOM_HEIGHT and n not in spots)
            if len(spots) == 15:
                break
            spot = rng.choice(sorted(frontier))
        if not has_holes(spots):
            break
    codes = [code for code, n in TILE_COUNTS.items() for _ in range(n)]
    rng.shuffle(codes)
    x0, y0 = min(x for x, _ in spots), min(y for _, y in spots)
    grid = [["."] * (max(x for x, _ in spots) - x0 + 1) for _ in range(max(y for _, y in spots) - y0 + 1)]
    for (x, y), code in zip(sorted(spots, key=lambda p: (p[1], p[0])), codes, strict=True):
        grid[y - y0][x - x0] = code
    return tuple(tuple(r) for r in grid)


def test_random_towns_are_the_towns_first_drawn_from_the_same_seeds():
    for seed in range(400):
        ours, theirs = Rng.from_seed(seed), Rng.from_seed(seed)
        assert random_layout(ours) == _town_by_hand(theirs) and ours == theirs


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_fast_playout_ends_as_the_checked_game_with_the_same_draws(seats):
    """``fast_playout`` (drawn actions, in place) and the gate's game (``apply`` on a copy
    per move, actions from the list) with the same generator: the same final state."""
    for seed in range(2):
        start = GAME.new_game(seats, Options(), 160 + seed)
        fast, moves = fast_playout(GAME, start, Rng.from_seed(seed))
        steps = list(playout(GAME, start, Rng.from_seed(seed)))
        assert (_played(fast), moves) == (_played(steps[-1][2]), len(steps))


def _played(state: State) -> dict:
    """The state but for the caption's record of the last move, which the search's
    ``advance`` does not keep (it never shows a board)."""
    return state.model_dump(exclude={"last_events"})


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_advance_in_place_plays_what_apply_plays_action_by_action(seats):
    played = 0
    for seed in range(4):
        start = GAME.new_game(seats, Options(), 180 + seed)
        mine = start.model_copy(deep=True)
        for seat, action, after, _ in playout(GAME, start, Rng.from_seed(seed)):
            GAME.advance(mine, seat, action)
            assert _played(mine) == _played(after), (seed, action)
            played += 1
    assert played > 100


def test_fields_set_in_place_as_pydantic_sets_them():
    """The models the rules change in place set a field as pydantic does (the value, the
    name marked as set, no validation); a name that is no field is refused as pydantic does."""
    state = GAME.new_game(3, Options(), 5)
    ours, theirs = copy.deepcopy(state), copy.deepcopy(state)
    for model, setter in ((ours, setattr), (theirs, BaseModel.__setattr__)):
        setter(model, "phase", "construction")
        setter(model, "bank", 7)
        setter(model.architects[1], "coins", 0)
    assert ours == theirs and ours.model_fields_set == theirs.model_fields_set
    assert ours.architects[1].model_fields_set == theirs.architects[1].model_fields_set
    assert ours.model_dump_json() == theirs.model_dump_json()
    with pytest.raises(ValueError, match="no field"):
        ours.architects[0].nope = 1
