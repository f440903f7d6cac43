"""Component data: the files load, match the rulebook's counts, and bad data fails loudly."""

from __future__ import annotations

import pytest

from engines.bella_vista.components import Layouts, cards, components, layouts, offer_costs
from engines.bella_vista.geometry import geometry
from engines.bella_vista.layout_rules import check_layout, parse_layout
from engines.bella_vista.town import named_layout
from engines.core.data import DataError, load_file


def test_card_counts_match_the_components_list():
    c = cards()
    assert len(c.zoning) == 10 and len(c.contracts) == 18
    kinds = [z.kind for z in c.zoning]
    assert kinds.count("subsidized") == 6  # "SUBSIDIZED NEIGHBORHOODS (6 different cards)"
    assert {"community_parks", "no_parks", "no_rivers", "no_borders"} <= set(kinds)
    ck = [x.kind for x in c.contracts]
    assert ck.count("tile") == 8  # "(8 different cards)"
    assert sum(1 for x in c.contracts if x.kind == "tiles" and len(x.neighborhoods) == 2) == 4
    assert sum(1 for x in c.contracts if x.kind == "tiles" and len(x.neighborhoods) == 4) == 2
    assert {"spanning", "border", "river", "park"} <= set(ck)
    assert len(c.height_objectives) == 3 and len(c.grouping_objectives) == 3


def test_offer_board_sides_and_coins():
    two_four, three = offer_costs(4), offer_costs(3)
    assert len(two_four) == 5 and min(two_four) == 0 and max(two_four) == 7  # "5 Offer Spaces, worth 0 to 7"
    assert {1, 3, 5, 7} <= set(two_four)  # the examples pay 1, 3, 5 and 7
    assert len(three) == 4 and min(three) == 0 and max(three) == 6  # "4 Offer Spaces, worth 0 to 6"
    assert offer_costs(2) == two_four
    assert components().coin_total == 40 * 1 + 28 * 3 + 20 * 5


def test_every_building_fits_the_town():
    per_architect = sum(len(b.cells) for b in components().buildings)
    geo = geometry(named_layout("london"))
    hood = sum(1 for t in geo.cell_tile if t >= 0 and geo.tiles[t].kind == "neighborhood")
    assert hood == 8 * components().tile_size ** 2
    assert 4 * per_architect <= hood * 0.6  # 32 buildings leave room to spare
    assert all(len(b.cells) >= 2 for b in components().buildings)  # can span two tiles
    sizes = [len(b.cells) for b in components().buildings]
    assert sizes == sorted(sizes, reverse=True)  # shorter buildings are not smaller


def test_the_six_example_towns_are_valid():
    assert set(layouts().layouts) == {"london", "new_york", "rome", "bangkok", "berlin", "paris"}
    for name in layouts().layouts:
        check_layout(named_layout(name))


@pytest.mark.parametrize(
    "rows, problem",
    [
        (["F P Bs L P", "Ss R R Fs Ls", "P B P S"], "5 parks"),
        (["F P Bs L P", ". . . . .", "Ss R R Fs Ls", "P B P S P"], "connected"),
        (["F P Bs L P", "Ss . R Fs Ls", "P B P S P", ". R . . ."], "empty spaces"),
    ],
)
def test_bad_towns_are_refused(rows, problem):
    with pytest.raises(ValueError, match=problem):
        check_layout(parse_layout(rows))


def test_bad_data_file_names_the_file_and_key(tmp_path):
    bad = tmp_path / "layouts.toml"
    bad.write_text('[layouts.atlantis]\nrows = ["F P Bs L P", "Ss R R Fs Ls", "P B P S"]\n')
    with pytest.raises(DataError) as err:
        load_file(bad, Layouts)
    assert "layouts.toml" in str(err.value) and "atlantis" in str(err.value)
