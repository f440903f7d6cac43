"""One test per rule of the rulebook (zoning, adjacency, border, contracts, round end,
3- and 2-architect specifics, objectives, tie-breaks)."""

from __future__ import annotations

import pytest
from bv_helpers import GAME, act, new, offer_any

from engines.bella_vista.building import legal_placements, place
from engines.bella_vista.components import cards
from engines.bella_vista.contracts import meets
from engines.bella_vista.geometry import geometry
from engines.bella_vista.positions import (
    constructing_now,
    placement,
    with_coins,
    with_contract_row,
    with_offer_order,
    with_tile_filled,
)
from engines.bella_vista.positions import square as cell
from engines.bella_vista.positions import with_building as put
from engines.bella_vista.town import named_layout
from engines.core.errors import IllegalAction
from engines.core.messages import Msg
from render.text import words

# --- independent geometry, straight from the town rows (not the engine's tables) ----------

def _grid(state):
    size = 4
    rows = state.town
    out = {}
    for ty, row in enumerate(rows):
        for tx, code in enumerate(row):
            if code != ".":
                for dy in range(size):
                    for dx in range(size):
                        out[(tx * size + dx, ty * size + dy)] = code
    return out


def _cells(label):
    return [(ord(c[0]) - 65, int(c[1:]) - 1) for c in label.split("-")]


def _next_to(cells, grid, pred):
    own = set(cells)
    for x, y in cells:
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n not in own and pred(grid.get(n)):
                return True
    return False


def _on_border(cells, grid):
    return any(
        n not in grid for x, y in cells for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
    )


ZONING_TESTS = {
    "Z1": lambda cells, g: all(g[c].endswith("s") for c in cells),
    "Z2": lambda cells, g: all(len(g[c]) == 1 for c in cells),
    "Z3": lambda cells, g: all(g[c][0] == "F" for c in cells),
    "Z4": lambda cells, g: all(g[c][0] == "B" for c in cells),
    "Z5": lambda cells, g: all(g[c][0] == "L" for c in cells),
    "Z6": lambda cells, g: all(g[c][0] == "S" for c in cells),
    "Z7": lambda cells, g: _next_to(cells, g, lambda k: k == "P"),
    "Z8": lambda cells, g: not _next_to(cells, g, lambda k: k == "P"),
    "Z9": lambda cells, g: not _next_to(cells, g, lambda k: k == "R"),
    "Z10": lambda cells, g: not _on_border(cells, g),
}


@pytest.mark.parametrize("zoning", sorted(ZONING_TESTS))
@pytest.mark.parametrize("layout", ["london", "rome"])
def test_each_zoning_card(zoning, layout):
    s = constructing_now(new(4, layout=layout), [(0, "5"), (1, "1")], zoning=zoning)
    if layout == "london":
        s = put(s, 2, 3, "A1-B1")
    grid = _grid(s)
    legal = {a.cells for a in GAME.legal_actions(s, 0)}
    assert legal
    every = {tuple(p.label.split("-")) for p in geometry(s.town).placements if p.shape == "two"}
    for cells in every:
        coords = _cells("-".join(cells))
        free = not any(cell(s, c) in {x for b in s.buildings for x in geometry(s.town).placement_of(b.cells).cells}
                       for c in cells)
        ok = free and ZONING_TESTS[zoning](coords, grid) and all(grid[c] not in "PR" for c in coords)
        assert (cells in legal) == ok, (zoning, cells)
    refused = sorted(every - legal)[0]
    before = s.model_dump_json()
    with pytest.raises(IllegalAction) as err:
        act(s, 0, "build " + "-".join(refused))
    assert err.value.msg.key in ("bv.error.occupied", "bv.error.breaks_zoning")
    assert "-".join(refused) in words(err.value)
    assert s.model_dump_json() == before


def test_subsidized_building_may_span_tiles_on_the_card():
    # Z1 striped: P5-Q5 spans Striped Flower and Striped Leaf; L4-L5 spans Bs and a River: refused.
    s = constructing_now(new(4), [(0, "5")], zoning="Z1")
    legal = {"-".join(a.cells) for a in GAME.legal_actions(s, 0)}
    assert "P5-Q5" in legal and "D4-D5" not in legal  # D4 is the unstriped Flower


def test_no_building_on_park_or_river():
    s = constructing_now(new(4), [(0, "5")], zoning="Z7")
    with pytest.raises(IllegalAction) as err:
        act(s, 0, "build E1-F1")
    assert err.value.msg.key == "bv.error.wrong_shape"
    assert words(err.value) == ("Building #5 cannot stand on E1-F1 (`build E1-F1`): it covers 2 spaces side by side, "
                                "on Neighborhood spaces only (no Park or River).")


def test_adjacency_is_orthogonal_not_diagonal():
    s = constructing_now(new(4), [(0, "6")], zoning="Z9")
    s = put(s, 1, 2, "C3-D3-D4")
    s2 = constructing_now(new(4), [(0, "6")], zoning="Z9")
    s2 = put(s2, 1, 5, "C3-D3")  # touches A2-B2 only at the corner B2/C3
    before = s2.architects[0].coins
    after, _ = act(s2, 0, "build A2-B2")
    assert after.architects[0].coins - before == 3  # isolated: the diagonal building does not count
    before = s.architects[0].coins
    after, _ = act(s, 0, "build B2-C2")
    assert after.architects[0].coins - before == 1 + 3  # C2 sits right above C3


def test_border_definition():
    london = geometry(named_layout("london"))
    assert len(london.border) == 2 * (20 + 12) - 4  # the outer ring of a full rectangle
    rome = geometry(named_layout("rome"))
    # Rome's first row of tiles is ". P F . ."; the F tile's right column (L1..L4) faces no tile.
    right_edge = {cell_no for cell_no in range(rome.columns * rome.rows)
                  if cell_no % rome.columns == 11 and cell_no // rome.columns < 4}
    assert right_edge <= rome.border
    # A space next to a Park or a River is not on the border.
    s = new(4)
    assert cell(s, "D2") not in london.border and cell(s, "A2") in london.border


def test_forced_border_placement_earns_nothing_and_no_contract():
    s = constructing_now(new(4), [(0, "5"), (1, "5")], zoning="Z3")  # Flowers only...
    s = with_tile_filled(s, "F", owners=[1, 2, 3])  # ...and both are full
    s = with_tile_filled(s, "Fs", owners=[1, 2, 3])
    s = with_contract_row(s, [16, 15, 1, 2])
    for height, label in ((3, "T5-T6"), (4, "T7-T8"), (6, "N12-O12")):
        s = put(s, 0, height, label)
    ps, forced = legal_placements(s, 5)
    assert forced and all(geometry(s.town).placements[i].border for i in ps)
    with pytest.raises(IllegalAction) as err:
        act(s, 0, "build N2-O2")
    assert err.value.msg.key == "bv.error.not_on_border" and "must go on the border" in words(err.value)
    coins = s.architects[0].coins
    s, events = act(s, 0, "build I1-J1")
    assert s.architects[0].coins == coins and s.phase == "construction" and GAME.to_act(s) == {1}
    assert meets(s, 0, 16)  # he now has 4 border buildings, yet took no contract
    assert s.architects[0].contracts == [] and events[0].key == "bv.event.built_forced"
    assert words(events[0]) == ("seat 1 reveals #5; the Zoning Card cannot be met, so it is built on the border "
                                "at I1-J1: no coins, no contract.")


def _cover(s, code):
    """Cover a tile with neutral #5s: more buildings than a game has, so no position builder
    makes this; it reaches the fallbacks random games never reach (RULINGS.md)."""
    geo = geometry(s.town)
    t = geo.tiles[geo.tile_of_code[code]]
    for y in range(t.ty * 4, t.ty * 4 + 4):
        for x in range(t.tx * 4, t.tx * 4 + 4, 2):
            place(s, None, 5, False, placement(s, f"{chr(65 + x)}{y + 1}-{chr(66 + x)}{y + 1}"))


def test_when_border_is_full_any_free_space_and_else_set_aside():
    s = constructing_now(new(4), [(0, "5"), (1, "5")], zoning="Z5")  # Leaves: both full
    for code in ("F", "Bs", "L", "Ss", "Ls", "B", "S"):  # every tile that touches London's border
        _cover(s, code)
    ps, forced = legal_placements(s, 5)
    geo = geometry(s.town)
    assert forced and ps and all(geo.tiles[geo.cell_tile[geo.placements[i].cells[0]]].code == "Fs" for i in ps)
    built, events = act(s, 0, "build N6-O6")  # inside the Striped Flower, far from the border
    assert words(events[0]) == ("seat 1 reveals #5; the Zoning Card cannot be met, so it is built off the border "
                                "(no free border placement is left) at N6-O6: no coins, no contract.")
    _cover(s, "Fs")
    s.zoning = "Z3"
    s.build_pos = 0
    from engines.bella_vista import flow

    events = flow.settle(s)
    assert [x.owner for x in s.set_aside] == [0, 1] and s.round == 2
    assert [e.key for e in events[:3]] == ["bv.event.set_aside", "bv.event.set_aside", "bv.event.round_begins"]
    assert words(events[0]) == "seat 1 reveals #5, but it fits nowhere: set aside."


def test_contract_tile_needs_buildings_entirely_on_the_tile():
    s = new(4)
    s = put(s, 0, 3, "A1-B1")  # Flower
    s = put(s, 0, 4, "D3-D4")  # Flower
    assert meets(s, 0, 1)
    s = new(4)
    s = put(s, 0, 3, "A1-B1")
    s = put(s, 0, 4, "D4-D5")  # spans Flower and Striped Sun: "NOT built entirely on EITHER tile"
    assert not meets(s, 0, 1)


def test_contract_thresholds_of_three_with_two_architects():
    s = new(2)
    s = put(s, 0, 3, "A1-B1")
    s = put(s, 0, 4, "D3-D4")
    assert not meets(s, 0, 1)
    s = put(s, 0, 5, "A3-B3", roofed=True)
    assert meets(s, 0, 1)
    for cid, labels in ((17, ["D5-D6", "I4-J4"]), (18, ["D1-D2", "I1-I2"])):
        s2 = new(2)
        for i, label in enumerate(labels):
            s2 = put(s2, 1, 3 + i, label)
        assert not meets(s2, 1, cid)
        s2 = put(s2, 1, 7, "M7-M8" if cid == 17 else "P3-P4")
        assert meets(s2, 1, cid)
        s4 = new(4)
        for i, label in enumerate(labels):
            s4 = put(s4, 1, 3 + i, label)
        assert meets(s4, 1, cid)


def test_contract_two_and_four_neighborhoods():
    by_id = {c.id: c for c in cards().contracts}
    assert by_id[9].neighborhoods == ["F", "Bs"]
    s = new(4)
    s = put(s, 0, 3, "A1-B1")  # Flower
    assert not meets(s, 0, 9)
    s = put(s, 0, 4, "K2-L2")  # Striped Butterfly... K2 and L2 are both in I-L
    assert meets(s, 0, 9)
    assert by_id[13].neighborhoods == ["F", "Bs", "L", "Ss"]
    assert not meets(s, 0, 13)
    s = put(s, 0, 5, "N2-O2")  # Leaf
    s = put(s, 0, 6, "A6-B6")  # Striped Sun
    assert meets(s, 0, 13)
    s2 = new(4)
    s2 = put(s2, 0, 3, "L2-M2")  # spans Striped Butterfly and Leaf: counts for neither
    s2 = put(s2, 0, 4, "A1-B1")
    assert not meets(s2, 0, 9)


def test_contract_spanning_border_river_park():
    s = new(4)
    s = put(s, 0, 3, "L2-M2")
    assert not meets(s, 0, 15)
    s = put(s, 0, 4, "P6-Q6")
    assert meets(s, 0, 15)
    s = new(4)
    for i, label in enumerate(["A2-A3", "C1-D1", "T6-T7"]):
        s = put(s, 0, 3 + i, label)
    assert not meets(s, 0, 16)
    s = put(s, 0, 7, "N12-O12")
    assert meets(s, 0, 16)
    s = new(4)
    s = put(s, 0, 3, "D5-D6")
    assert not meets(s, 0, 17) and not meets(s, 0, 18)
    s = put(s, 0, 4, "I4-J4")  # next to the River (below) and the Park (left of I4 is H4)
    assert meets(s, 0, 17) and not meets(s, 0, 18)
    s = put(s, 0, 5, "D1-D2")
    assert meets(s, 0, 18)


def _finish_round(s):
    while s.phase == "offers":
        s, _ = offer_any(s)
    while s.phase in ("construction", "contract"):
        seat = next(iter(GAME.to_act(s)))
        acts = GAME.legal_actions(s, seat)
        s, _ = GAME.apply(s, seat, acts[0])
    return s


def test_contract_refill_draw_back_and_new_zoning():
    s = new(4, seed=5)
    s = with_contract_row(s, [18, 17, 16, 15])
    deck_top = s.contract_deck[:1]
    s = put(s, 0, 3, "D5-D6")
    s = put(s, 0, 4, "I4-J4")  # Red meets 17 (2 by the River) as soon as it builds
    next_zoning = s.zoning_deck[0]
    s = with_offer_order(s, [0, 1, 2, 3])
    s, _ = offer_any(s)
    for _ in range(3):
        s, _ = offer_any(s)
    s.zoning = "Z10"
    while s.phase in ("construction", "contract"):
        seat = next(iter(GAME.to_act(s)))
        if s.phase == "contract":
            take = 17 if seat == 0 else None
            s, _ = act(s, seat, f"contract {take}" if take and 17 in s.contract_row else "pass")
        else:
            s, _ = GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
    assert s.round == 2
    assert 17 in s.architects[0].contracts
    assert s.contract_row == [18, deck_top[0], 16, 15]  # the taken card's slot refilled from the deck
    assert all(len(a.hand) == 3 for a in s.architects)
    assert [len(a.deck) for a in s.architects] == [2, 4, 4, 4]  # Red's two buildings took two of its cards
    assert s.zoning_used == ["Z10"] and s.zoning == next_zoning  # "Draw a new Zoning Card"


def test_hands_shrink_once_decks_are_empty():
    s = new(4, seed=2)
    sizes = []
    while s.phase != "over":
        sizes.append(len(s.architects[0].hand))
        s = _finish_round(s)
    assert sizes == [3, 3, 3, 3, 3, 3, 2, 1]  # 8 cards: 3 in hand, 5 drawn after rounds 1-5


def test_cannot_pay_goes_last():
    s = with_offer_order(new(4, seed=4), [0, 1, 2, 3])
    s = with_coins(s, {1: 0})
    s, _ = act(s, 0, f"offer 0 #{s.architects[0].hand[0]}")
    card = s.architects[1].hand[0]
    assert [a.cost for a in GAME.legal_actions(s, 1)] == [None] * 3
    with pytest.raises(IllegalAction) as err:
        act(s, 1, f"offer 1 #{card}")
    assert words(err.value) == (f"You have 0 coins and cannot pay the 1-coin space (`offer 1 #{card}`): "
                                "open and affordable: none.")
    s, _ = act(s, 1, f"offer last #{card}")
    last = f"offer last #{s.architects[2].hand[0]}"
    with pytest.raises(IllegalAction) as err:
        act(s, 2, last)
    assert err.value.msg == Msg("bv.error.cannot_go_last", input=last, free=Msg("bv.term.spaces", costs=[7, 5, 3, 1]))
    assert words(err.value) == (f"You can still afford an open offer space, so you cannot go last (`{last}`): "
                                "choose one of 7, 5, 3 and 1.")
    s, _ = offer_any(s)
    s, _ = offer_any(s)
    assert [e.seat for e in s.order][-1] == 1 and s.order[-1].cost is None


def test_three_architects_neutral_building_ascending_under_zoning():
    s = new(3, seed=6)
    assert [x.cost for x in GAME.view(s, None).offer_spaces] == [6, 4, 2, 0]
    for rnd in (1, 2):
        while s.phase == "offers":
            s, _ = offer_any(s)
        while s.phase in ("construction", "contract"):
            seat = next(iter(GAME.to_act(s)))
            s, _ = GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
        assert s.phase == "neutral" and GAME.to_act(s) == {s.order[-1].seat}
        grid = _grid(s)
        acts = GAME.legal_actions(s, s.order[-1].seat)
        ok = [a for a in acts if ZONING_TESTS[s.zoning](_cells("-".join(a.cells)), grid)]
        assert ok == acts
        coins = [a.coins for a in s.architects]
        s, _ = GAME.apply(s, s.order[-1].seat, acts[0])
        neutral = [b for b in s.buildings if b.owner is None]
        assert [b.height for b in neutral] == list(range(1, rnd + 1)) and neutral[0].colour == "yellow"
        assert [a.coins for a in s.architects] == coins and s.round == rnd + 1


def test_two_architect_setup():
    s = new(2, seed=8)
    for a in s.architects:
        assert len(a.hand) == 5 and len(a.deck) == 11 and a.coins == 30
        assert sorted(a.hand + a.deck) == sorted([str(v) for v in range(1, 9)] + [f"{v}r" for v in range(1, 9)])
    seats = [b.seat for b in s.bottom]
    assert seats in ([0, 1, 1, 0], [1, 0, 0, 1])
    assert {tuple(b.seat for b in new(2, seed=k).bottom) for k in range(20)} == {(0, 1, 1, 0), (1, 0, 0, 1)}
    v = GAME.view(s, None)
    assert [x.cost for x in v.offer_spaces] == [7, 5, 3, 1, 0]
    assert [a.second_colour for a in v.architects] == ["green", "yellow"]


def test_bank_shortage_pays_what_is_left():
    s = constructing_now(new(4), [(0, "6")], zoning="Z9")
    s = put(s, 1, 2, "C1-D1-D2")
    s = put(s, 2, 1, "A3-B3-C3")
    s = with_coins(s, {1: s.architects[1].coins + s.bank - 2})  # the bank keeps only 2
    s, events = act(s, 0, "build B2-C2")  # would earn 5
    assert s.architects[0].coins == 20 + 2 and s.bank == 0
    assert words(events[0]) == "seat 1 reveals #6, builds at B2-C2 and earns 2 coins (the bank had only 2)."


def test_build_choices_list_the_best_paying_placements_first():
    """Autocomplete shows 25 entries at a time: the list must open on the richest placements."""
    from engines.bella_vista import BellaVista, Options
    from engines.core import Rng
    from engines.core.playout import random_move

    game = BellaVista()
    seen = 0
    for seed in range(6):
        state, rng = game.new_game(3, Options(), seed), Rng.from_seed(seed)
        while game.result(state) is None:
            if state.phase == "construction":
                seat = min(game.to_act(state))
                gains = [c.gloss.params["coins"] for c in game.choices(state, seat) if c.gloss.key == "bv.gloss.build"]
                assert gains == sorted(gains, reverse=True)
                seen += len(set(gains)) > 1
            seat, action = random_move(game, state, rng)
            state, _ = game.apply(state, seat, action)
    assert seen > 0, "no construction offered placements paying different amounts"
