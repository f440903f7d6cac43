"""Every worked EXAMPLE paragraph of the rulebook, set up and checked against its number."""

from __future__ import annotations

import pytest
from bv_helpers import GAME, TWO_PARKS_TOWN, act, new

from engines.bella_vista.contracts import eligible, meets
from engines.bella_vista.positions import (
    constructing_now,
    with_contract_row,
    with_hand,
    with_offer_order,
    with_town,
)
from engines.bella_vista.positions import with_building as put
from engines.bella_vista.scoring import grouping_score, height_score
from engines.core.errors import NotYourTurn
from engines.core.messages import Msg
from render.text import words

# Seats in a 4-architect game: 0 Red, 1 Blue, 2 Green, 3 Yellow.
ANDREA, BRUNO, ANNE, SOFIA = 0, 1, 2, 3


def _gain(state, seat, text):
    before = state.architects[seat].coins
    after, events = act(state, seat, text)
    return after.architects[seat].coins - before, after, events


def test_andrea_six_next_to_two_and_one_earns_five():
    # "ANDREA places his red Building #6 adjacent to a Building #2 and a Building #1. He earns 5 Coins"
    s = constructing_now(new(), [(ANDREA, "6")], zoning="Z9")  # no rivers: the Flower tile is far from them
    s = put(s, BRUNO, 2, "C1-D1-D2")
    s = put(s, ANNE, 1, "A3-B3-C3")
    gain, _, _ = _gain(s, ANDREA, "build B2-C2")
    assert gain == 2 * 1 + 3


def test_bruno_isolated_four_earns_three():
    # "BRUNO places his Building #4 in an isolated location, and earns 3 Coins."
    s = constructing_now(new(), [(BRUNO, "4")], zoning="Z9")
    s = put(s, ANNE, 1, "A3-B3-C3")
    gain, _, _ = _gain(s, BRUNO, "build B1-C1")  # diagonal to nothing, two rows above A3-C3
    assert gain == 3


def test_anne_six_next_to_six_and_two_earns_one():
    # "ANNE places her Building #6 adjacent to a Building #6 and a Building #2 ... earns 1 Coin"
    s = constructing_now(new(), [(ANNE, "6")], zoning="Z9")
    s = put(s, ANDREA, 6, "A2-A3")
    s = put(s, BRUNO, 2, "C1-D1-D2")
    gain, _, _ = _gain(s, ANNE, "build B2-C2")
    assert gain == 1


def test_offer_example_and_construction_order():
    s = new(4)
    s = with_offer_order(s, list((ANNE, BRUNO, ANDREA, SOFIA)))
    hand = {x: s.architects[x].hand[0] for x in range(4)}
    s, _ = act(s, ANNE, f"offer 3 #{hand[ANNE]}")  # "ANNE ... pays 3 Coins to take the 3rd Offer Space"
    s, _ = act(s, BRUNO, f"offer 5 #{hand[BRUNO]}")  # "pays 5 Coins to take the space before ANNE"
    s, _ = act(s, ANDREA, f"offer 7 #{hand[ANDREA]}")  # "ANDREA wants to build first, so he pays 7"
    # "the last architect will have only two options"
    assert {a.cost for a in GAME.legal_actions(s, SOFIA)} == {1, 0}
    s, _ = act(s, SOFIA, f"offer 0 #{hand[SOFIA]}")
    assert [e.seat for e in s.order] == [ANDREA, BRUNO, ANNE, SOFIA]
    assert [s.architects[x].coins for x in (ANNE, BRUNO, ANDREA, SOFIA)] == [20 - 3, 20 - 5, 20 - 7, 20]
    assert s.bank == 224 - 80 + 3 + 5 + 7
    assert GAME.to_act(s) == {ANDREA}


def _play_round(s, cards_costs):
    """Offers in bottom order with fixed cards and costs, then any legal builds."""
    for seat, card, cost in cards_costs:
        s.architects[seat].hand[0] = card
        s, _ = act(s, seat, f"offer {cost} #{card}")
    while s.phase in ("construction", "contract"):
        seat = next(iter(GAME.to_act(s)))
        action = GAME.legal_actions(s, seat)[-1] if s.phase == "contract" else GAME.legal_actions(s, seat)[0]
        s, _ = GAME.apply(s, seat, action)
    return s


@pytest.mark.parametrize("red_cost, blue_cost, expected", [(5, 3, ["red", "blue"]), (3, 5, ["blue", "red"])])
def test_round_end_ordering_green_red_blue_yellow(red_cost, blue_cost, expected):
    # "The lowest card is the Green #4 ... Red #6 and a Blue #6. Since Red paid more, ... Yellow #8"
    red, blue, green, yellow = 0, 1, 2, 3
    s = new(4, seed=3)
    s = with_offer_order(s, list((red, blue, green, yellow)))
    for seat, card in ((red, "6"), (blue, "6"), (green, "4"), (yellow, "8")):
        s = with_hand(s, seat, [card] + [c for c in s.architects[seat].hand if c != card][:2])
    s = _play_round(s, [(red, "6", red_cost), (blue, "6", blue_cost), (green, "4", 7), (yellow, "8", 0)])
    assert s.round == 2
    colours = ["red", "blue", "green", "yellow"]
    assert [colours[b.seat] for b in s.bottom] == ["green", *expected, "yellow"]
    assert [b.card for b in s.bottom] == ["4", "6", "6", "8"]
    assert GAME.to_act(s) == {green}  # shorter buildings choose first in the next Offer Phase


def test_two_architect_offer_sequence():
    anne, bruno = 0, 1
    s = new(2)
    s = with_offer_order(s, list((anne, bruno, bruno, anne)))
    h = [s.architects[x].hand for x in (0, 1)]
    s, _ = act(s, anne, f"offer 1 #{h[anne][0]}")  # "ANNE ... choosing to pay 1 Coin"
    s, _ = act(s, bruno, f"offer 0 #{h[bruno][0]}")  # "BRUNO takes the free space"
    assert GAME.to_act(s) == {bruno}  # "so BRUNO then has his second Offer Phase"
    s, _ = act(s, bruno, f"offer 3 #{h[bruno][1]}")  # "pays 3 Coins ... the space before ANNE's card"
    s, _ = act(s, anne, f"offer 5 #{h[anne][1]}")  # "ANNE then completes her second Offer Phase, paying 5"
    assert [e.seat for e in s.order] == [anne, bruno, anne, bruno]
    assert [e.cost for e in s.order] == [5, 3, 1, 0]
    assert s.architects[anne].coins == 30 - 1 - 5 and s.architects[bruno].coins == 30 - 3
    assert len(s.architects[anne].hand) == 3  # a hand of 5, two cards played


def test_two_architect_construction_sequence():
    anne, bruno = 0, 1
    s = new(2)
    # Earlier rounds: Bruno has 2 buildings on the striped Leaf and 2 on the border,
    # Anne 2 on the unstriped Leaf (one of them shorter, one taller than #4).
    s = put(s, bruno, 1, "Q8-R8-S8")
    s = put(s, bruno, 3, "Q7-R7")
    s = put(s, bruno, 5, "A1-B1")
    s = put(s, bruno, 7, "A3-A4")
    s = put(s, anne, 3, "N2-O2")
    s = put(s, anne, 7, "O4-P4")
    s = with_contract_row(s, [6, 5, 16, 3])  # striped Leaf, unstriped Leaf, border, Butterfly
    s = constructing_now(s, [(anne, "4"), (bruno, "6"), (anne, "4r"), (bruno, "8")], zoning="Z7")  # Community Parks
    # "ANNE ... places her Building #4. There are no adjacent Buildings, so she earns 3 Coins"
    gain, s, _ = _gain(s, anne, "build Q5-R5")
    assert gain == 3 and s.phase == "construction" and GAME.to_act(s) == {bruno}
    # "BRUNO places his Building #6 next to ANNE's, earning 4 Coins ... 3 Buildings in the striped Leaf"
    gain, s, _ = _gain(s, bruno, "build S5-T5")
    # He "meets the requirements" but does not take it: one Contract Card per round, and
    # he takes the border contract later in this round.
    assert gain == 4 and s.phase == "contract" and eligible(s, bruno) == [6]
    s, _ = act(s, bruno, "pass")
    # "ANNE plays her second Building #4. She earns only 1 Coin and takes a Contract Card"
    gain, s, _ = _gain(s, anne, "build P2-P3")
    assert gain == 1 and eligible(s, anne) == [5]
    assert s.buildings[-1].roofed and s.buildings[-1].colour == "green"
    s, _ = act(s, anne, "contract 5")
    # "BRUNO places his Building on the border of Town. He earns 3 Coins and takes ... 4 Buildings on the border"
    gain, s, _ = _gain(s, bruno, "build I1-J1")
    assert gain == 3 and eligible(s, bruno) == [6, 16]
    s, _ = act(s, bruno, "contract 16")
    assert s.architects[bruno].contracts == [16] and s.architects[anne].contracts == [5]


def test_two_architects_take_only_one_contract_per_round():
    # "Each architect may take only one Contract Card per round." / "All other game rules
    # remain unchanged!": a contract taken at the first construction of the round closes
    # step C for the second one, until the next round.
    anne, bruno = 0, 1
    s = new(2)
    s = put(s, bruno, 1, "Q8-R8-S8")
    s = put(s, bruno, 3, "Q7-R7")
    s = put(s, bruno, 5, "A1-B1")
    s = put(s, bruno, 7, "A3-A4")
    s = with_contract_row(s, [6, 5, 16, 3])
    s = constructing_now(s, [(anne, "4"), (bruno, "6"), (anne, "4r"), (bruno, "8")], zoning="Z7")
    _, s, _ = _gain(s, anne, "build Q5-R5")
    _, s, _ = _gain(s, bruno, "build S5-T5")
    s, _ = act(s, bruno, "contract 6")
    _, s, _ = _gain(s, anne, "build P2-P3")
    gain, s, events = _gain(s, bruno, "build I1-J1")  # now 4 on the border: contract 16 is met
    assert gain == 3 and meets(s, bruno, 16)
    assert s.phase == "offers" and s.round == 2  # no contract choice: the round ended
    assert events[0].params["again"] == Msg("bv.term.one_contract_per_round", contracts=[16], count=1)
    assert words(events[0]) == ("seat 2 reveals #8, builds at I1-J1 and earns 3 coins. That meets Contract 16 too, "
                                "but only one Contract Card may be taken per round.")
    assert s.architects[bruno].contracts == [6] and 16 in s.contract_row
    assert meets(s, bruno, 16) and 16 in eligible(s, bruno)  # a new round, a new contract (the refill is drawn)


def test_andrea_meets_two_contracts_but_takes_one():
    # "He has four Buildings on the border of Town and two Buildings spanning two adjacent
    # Neighborhood Tiles. He may only take one Contract Card"
    s = new(4)
    s = put(s, ANDREA, 1, "A1-B1-C1")  # border
    s = put(s, ANDREA, 3, "T5-T6")  # border
    s = put(s, ANDREA, 4, "T7-T8")  # border
    s = put(s, ANDREA, 5, "P5-Q5")  # spans Striped Flower and Striped Leaf
    s = with_contract_row(s, [15, 16, 1, 2])
    s = constructing_now(s, [(ANDREA, "6"), (BRUNO, "7")], zoning="Z8")  # no parks
    s, _ = act(s, ANDREA, "build L1-M1")  # spans Striped Butterfly and Leaf, on the border
    assert eligible(s, ANDREA) == [15, 16]
    s, _ = act(s, ANDREA, "contract 16")  # "picks the one that will earn him the most Coins"
    assert s.architects[ANDREA].contracts == [16] and s.contract_row == [15, None, 1, 2]
    assert GAME.to_act(s) == {BRUNO}
    with pytest.raises(NotYourTurn):
        act(s, ANDREA, "contract 15")


def test_largest_group_of_nine_spaces_earns_eighteen():
    # "The largest Group of Buildings of ANNE is made of 9 spaces, she earns 18 Coins (9 x 2)."
    s = new(4)
    s = put(s, ANNE, 1, "A1-B1-C1")  # 3 spaces
    s = put(s, ANNE, 3, "A2-A3")  # 2
    s = put(s, ANNE, 4, "B3-C3")  # 2
    s = put(s, ANNE, 5, "D3-D4")  # 2  -> one group of 9 spaces
    s = put(s, ANNE, 6, "Q5-R5")  # a smaller group elsewhere
    s = put(s, ANNE, 7, "Q6-R6")
    assert grouping_score(s, ANNE, "largest") == 18


def test_river_buildings_six_five_three_earn_fourteen():
    # "The Buildings #6, 5 and 3 of ANNE are adjacent to a River, she earns 14 Coins (3 + 6 + 5)."
    s = new(4)  # London: the two River tiles E5-L8 touch, so they are one River
    s = put(s, ANNE, 6, "D5-D6")
    s = put(s, ANNE, 5, "I4-J4")
    s = put(s, ANNE, 3, "M7-M8")
    s = put(s, ANNE, 8, "A1-B1")  # not next to the River
    assert height_score(s, ANNE, "rivers") == 14


def test_building_eight_next_to_two_parks_earns_sixteen():
    # "Anne's Building #8 is adjacent to two Park Tiles. She earns 8 Coins for each Park, for a total of 16"
    s = with_town(new(4), TWO_PARKS_TOWN)
    s = put(s, ANNE, 8, "E4-F4")
    assert height_score(s, ANNE, "parks") == 16
