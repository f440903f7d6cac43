"""The walls as grid shapes: loading, validation, defaults and the shape option."""

import pytest
from pydantic import ValidationError

from engines.core.errors import RuleError
from engines.core.messages import Msg
from engines.torri import Options, Torri
from engines.torri.board import ShapeSpec, default_shape, layout, shape_names
from render.text import words

GAME = Torri()


def test_default_shapes_by_player_count():
    assert [default_shape(n) for n in (2, 3, 4)] == ["small", "medium", "large"]
    # 2 players: one central tower; 3 and 4: both
    assert list(layout("small", 2).centrals.values()) == ["Asinelli"]
    assert sorted(layout("medium", 3).centrals.values()) == ["Asinelli", "Garisenda"]
    assert sorted(layout("large", 4).centrals.values()) == ["Asinelli", "Garisenda"]


def test_wall_sizes_grow_with_players():
    sizes = [len(layout(default_shape(n), n).squares) for n in (2, 3, 4)]
    assert sizes[0] < sizes[1] < sizes[2]


@pytest.mark.parametrize("name", ["small", "medium", "large", "far", "bend"])
def test_every_shape_keeps_central_towers_inside_with_a_gap(name):
    lay = layout(name, 4 if name != "small" else 2)
    for sq in lay.centrals:
        assert len(lay.neighbours[sq]) == 4
    squares = list(lay.centrals)
    if len(squares) == 2:
        (c1, r1), (c2, r2) = (lay.coords[s] for s in squares)
        assert abs(c1 - c2) + abs(r1 - r2) >= 2


def test_central_towers_near_the_middle_of_default_shapes():
    for n in (2, 3, 4):
        lay = layout(default_shape(n), n)
        cols = [lay.coords[s][0] for s in lay.centrals]
        rows = [lay.coords[s][1] for s in lay.centrals]
        assert abs(sum(cols) / len(cols) - (lay.width - 1) / 2) <= 0.5
        assert abs(sum(rows) / len(rows) - (lay.height - 1) / 2) <= 0.5


@pytest.mark.parametrize(
    "bad, words",
    [
        ("....\n.A..\n....\n#..#\n#..#\n##.#", "bottleneck"),
        ("......\n.A....\n......\n......\n##.###\n##.###", "bottleneck"),
        ("........\n.A......\n........\n...##...\n...##...\n........\n........", "loops"),
        ("..#..\n.A#..\n..#..", "connected"),
        ("....\n.AG.\n....", "between"),
        ("A...\n....", "four sides"),
        ("....\n....", "exactly one A"),
        ("..x.\n.A..\n....", "unknown"),
    ],
)
def test_bad_shapes_are_refused_at_load(bad, words):
    with pytest.raises(ValidationError) as exc:
        ShapeSpec(description="x", map=bad)
    assert words in str(exc.value)


def test_shape_option_starts_from_another_shape():
    state = GAME.new_game(3, Options(shape="far"), 1)
    assert state.shape == "far"
    assert set(state.towers) == set(layout("far", 3).centrals)
    assert "far" in shape_names() and "bend" in shape_names()


def test_unknown_shape_and_one_tower_shape_refused_for_three():
    with pytest.raises(RuleError) as exc:  # refused when a game is opened, in the catalog's words (issue 28)
        GAME.new_game(3, Options(shape="moon"), 1)
    assert exc.value.msg.key == "torri.error.unknown_shape"
    with pytest.raises(RuleError) as exc:  # a shape typed by a player is quoted on one short line
        GAME.new_game(3, Options(shape="moon\n" * 2000), 1)
    assert "moon\nmoon" not in words(exc.value) and len(words(exc.value)) < 300
    with pytest.raises(RuleError) as exc:
        GAME.new_game(3, Options(shape="small"), 1)
    assert exc.value.msg == Msg("torri.error.one_central", shape="small", seats=3)
    assert words(exc.value) == ("The `small` shape has only one central tower; with 3 players choose a shape "
                                "with both the Asinelli and the Garisenda.")


def test_check_options_refuses_an_unknown_shape_with_the_shapes_and_the_input_on_one_line():
    GAME.check_options(Options(shape="Far"))
    with pytest.raises(RuleError) as exc:
        GAME.check_options(Options.model_construct(shape="moon\n" * 2000))
    assert exc.value.msg.key == "torri.error.unknown_shape"
    said = words(exc.value)
    assert said.startswith("There is no wall shape `moon moon") and said.endswith(
        "choose one of bend, far, large, medium and small.")
    assert "\n" not in said and len(said) < 200


def test_two_players_on_a_two_tower_shape_use_only_the_asinelli():
    state = GAME.new_game(2, Options(shape="medium"), 1)
    assert list(state.towers) == ["C4"]
    assert state.builders == ["C4", "C4"]


def test_player_count_limits():
    with pytest.raises(RuleError):
        GAME.new_game(1, Options(), 1)
    with pytest.raises(RuleError):
        GAME.new_game(5, Options(), 1)
