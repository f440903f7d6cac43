"""Chat notation, help, summary and the component data files."""

from __future__ import annotations

import pytest
from leo_helpers import G

from engines.core.data import DataError, load_file
from engines.core.errors import UnknownAction
from engines.core.messages import Msg
from engines.leonardo.components import Board, Cards, board, cards
from engines.leonardo.model import Bid, BuyArt, Declare, Join, Pass, Place, PlaceBet, Spin, UseOffice
from engines.leonardo.positions import started
from render.text import words


@pytest.mark.parametrize("text,action", [
    ("spin", Spin()),
    ("art 2", BuyArt(count=2)),
    ("place 14", Place(space=14)),
    ("bid 35", Bid(amount=35)),
    ("  PASS ", Pass()),
    ("bet gem 20", PlaceBet(product="gem", stake=20)),
    ("bet oro 5", PlaceBet(product="gold", stake=5)),
    ("office +3", UseOffice(move=3)),
    ("office move -2 remove", UseOffice(move=-2, remove=True)),
    ("office skip", UseOffice()),
    ("office remove", UseOffice(remove=True)),
    ("guelfi", Declare(faction="guelfi")),
    ("declare ghibellino", Declare(faction="ghibellini")),
    ("join B ghibellini", Join(target=1, faction="ghibellini")),
    ("join orange", Join(target=5, faction="guelfi")),  # the proposer's own faction by default
])
def test_parse(text, action):
    state = started(6, seed=1)
    assert G.parse_action(state, 0, text) == action


@pytest.mark.parametrize("text", ["", "bet diamonds 5", "art two", "join pink", "office +3 twice", "move"])
def test_unreadable_moves_are_explained(text):
    state = started(3)
    with pytest.raises(UnknownAction) as err:
        G.parse_action(state, 0, text)
    assert "could not read" in words(err.value) or "is empty" in words(err.value)


def test_help_status_glosses_and_private_lines():
    state = started(3)
    assert "bet gem 20" in words(Msg("leo.help")) and "office +3" in words(Msg("leo.help"))
    cur = state.order[state.slot]
    assert [words(m) for m in G.status(state)] == [
        "Leonardo: round 1/12", f"seat {cur + 1} to play", "buying works of art or spinning"]
    glosses = {c.notation: c.gloss and words(c.gloss) for c in G.choices(state, cur)}
    assert glosses["spin"] == "spin the Machina de la Sorte and move"
    state.owner[2] = cur
    glosses = {c.notation: words(c.gloss) for c in G.choices(state, cur)}
    assert glosses["art 1"] == "draw 1 work of art face down for 50 florins"
    assert glosses["art 2"] == "draw 2 works of art face down for 100 florins"
    assert [words(m) for m in G.private_lines(G.view(state, cur))] == [
        f"seat {cur + 1}: faction {'Guelfi' if cur % 2 == 0 else 'Ghibellini'}.", "No works of art displayed."]
    assert [words(m) for m in G.private_lines(G.view(state, None))] == ["Spectators have no private information."]


def test_board_data_matches_the_rulebook():
    b, c = board(), cards()
    kinds = [s.kind for s in b.spaces]
    assert kinds.count("square") == 6 and kinds.count("market") == 3 and kinds.count("street") == 12
    assert kinds.count("alley") == 7 and kinds.count("bridge") == 4
    assert [s.number for s in b.spaces if s.kind == "market"] == [3, 11, 24]
    assert {7, 9, 17, 22, 28} <= {s.number for s in b.spaces if s.kind == "square"}
    assert b.spaces[0].name == "Piazza Maggiore"
    assert all(40 <= s.price <= 100 for s in b.spaces if s.palazzo)
    assert len({s.district for s in b.spaces if s.district}) == 6
    assert c.lose_all == [4, 7, 9, 11]
    assert c.income_multipliers == [1, 2, 3, 4, 8]
    deck = len(c.offices) + c.events.nulla + c.events.guelfa + c.events.ghibellina + c.men_at_arms + 23
    assert deck == 60
    assert {o.price for o in c.offices} == {30, 50}


def test_bad_data_files_name_the_file_and_the_key(tmp_path):
    bad = tmp_path / "board.toml"
    bad.write_text('[[districts]]\nid = "x"\nname = "X"\ncolour = [1, 2, 3]\n[[spaces]]\nnumber = 1\n'
                   'name = "P"\nkind = "castle"\n')
    with pytest.raises(DataError, match=r"board.toml.*spaces.0.kind"):
        load_file(bad, Board)
    bad = tmp_path / "cards.toml"
    bad.write_text("starting_florins = 'lots'\n")
    with pytest.raises(DataError, match="cards.toml: key starting_florins"):
        load_file(bad, Cards)


def test_an_unknown_product_names_the_four_products():
    with pytest.raises(UnknownAction) as err:
        G.parse_action(started(3), 0, "bet diamonds 5")
    assert words(err.value) == ("I could not read `bet diamonds 5`: `diamonds` is not a product; bet on `gem`, "
                                "`ivory`, `gold` or `spices`, for example `bet gem 20`.")


@pytest.mark.parametrize("text", ["bid ٣٥", "bet gem ２０", "art ²", "office +³", "place 1_4", "bid 35\u200b",
                                  "move 7" + "0" * 12, "bid ３5"])
def test_only_ascii_digits_and_letters_are_read(text):
    state = started(3)
    before = state.model_dump()
    with pytest.raises(UnknownAction) as exc:
        G.parse_action(state, 0, text)
    assert "\n" not in words(exc.value) and state.model_dump() == before


def test_a_huge_multiline_input_is_quoted_on_one_short_line():
    with pytest.raises(UnknownAction) as exc:
        G.parse_action(started(3), 0, "bid\n" + "35 " * 4000)
    message = words(exc.value)
    assert "\n" not in message and len(message) < 300 and "`bid 35 35" in message and "…" in message
