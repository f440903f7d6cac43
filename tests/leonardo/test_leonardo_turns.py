"""One test per rule of the turn: set-up, route, indemnity, offices, purchases, auctions,
bridges, incomes and works of art. Expected numbers come from the rulebook and data."""

from __future__ import annotations

import pytest
from leo_helpers import G, do, ready, said

from engines.core.errors import IllegalAction, RuleError
from engines.leonardo.components import cards, space
from engines.leonardo.economy import income
from engines.leonardo.model import Options
from engines.leonardo.positions import clear_board, started
from render.text import words


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup(players):
    c = cards()
    state = G.new_game(players, Options(), 7)
    assert [f.florins for f in state.firms.values()] == [250] * players
    assert state.bank == c.bank_florins - 250 * players
    owned = sorted(state.owner.values())
    assert owned == list(range(players))  # one palazzo each
    assert all(space(n).palazzo for n in state.owner)  # bridges are set aside
    assert len(state.art_supply) == 40 and len(state.office_deck) == 8
    assert len(state.event_deck) == 17 and state.men_deck == 12
    assert all(f.position == 1 for f in state.firms.values())
    assert state.phase == "factions" and G.to_act(state) == set(range(players))


def test_starting_order_highest_spin_then_left_to_right():
    for seed in range(30):
        state = G.new_game(4, Options(), seed)
        first = state.order[0]
        assert state.order == [(first + i) % 4 for i in range(4)]
        spins = state.first_spins[-1]
        best = max(spins.values())
        assert [s for s, v in spins.items() if v == best] == [first]
        assert all(sorted(r) == sorted(k for k, v in state.first_spins[i - 1].items()
                                       if v == max(state.first_spins[i - 1].values()))
                   for i, r in enumerate(state.first_spins) if i)  # a tie spins again, among the tied


def test_first_move_counts_piazza_maggiore_as_a_space():
    state = ready(0, roll=6)
    state, _ = do(state, 0, "spin")
    assert state.firms[0].position == 6  # spaces 1..6: the start is the first of six
    assert state.phase == "buy" and state.firms[0].florins == 250


def test_first_spin_of_one_stays_on_piazza_maggiore_without_indemnity():
    state = ready(0, roll=1)
    state, _ = do(state, 0, "spin")
    f = state.firms[0]
    assert f.position == 1 and f.florins == 250 and f.offices == [] and not f.moved
    assert f.men == 1  # a 1 still brings a Man-at-Arms
    assert state.order[state.slot] != 0


def test_passing_piazza_maggiore_pays_the_indemnity():
    state = ready(0, pos=30, roll=5)
    state, _ = do(state, 0, "spin")
    assert state.firms[0].position == 3
    assert state.firms[0].florins == 250 + 100
    assert len(state.office_deck) == 8  # passing draws no office


def test_stopping_on_piazza_maggiore_pays_indemnity_and_draws_an_office():
    state = ready(0, pos=28, roll=5)
    top = state.office_deck[0]
    price = next(o.price for o in cards().offices if o.space == top)
    state, _ = do(state, 0, "spin")
    f = state.firms[0]
    assert f.position == 1 and f.offices == [top]
    assert f.florins == 250 + 100 - price
    assert state.office_deck[-1] != top and len(state.office_deck) == 7


def test_a_30_florin_office_moves_the_marker_up_to_5_spaces():
    state = ready(0, pos=4, roll=5)
    state.office_deck.remove(9)
    state.firms[1].offices = [9]  # Priore del Cenacolo, 30 florins
    state.firms[0].men = 1
    state, _ = do(state, 0, "spin")
    assert state.phase == "office" and G.to_act(state) == {1}
    acts = G.legal_actions(state, 1)
    assert len(acts) == 11 and not any(a.remove for a in acts)
    with pytest.raises(IllegalAction) as err:
        do(state, 1, "office +6")
    assert words(err.value) == "`office +6`: an office moves a marker at most 5 spaces, not +6; use -5 to +5."
    with pytest.raises(IllegalAction) as err:
        do(state, 1, "office 0 remove")
    assert err.value.msg.key == "leo.error.office_remove"
    state, _ = do(state, 1, "office +3")
    assert state.firms[0].position == 12 and state.phase == "buy" and G.to_act(state) == {0}


def test_a_50_florin_office_also_removes_a_man_at_arms():
    state = ready(0, pos=2, roll=5)
    state.office_deck.remove(7)
    state.firms[1].offices = [7]
    state.firms[0].men = 1
    state.men_deck = 11
    state.event_deck.remove("nulla")
    state.event_deck.insert(0, "nulla")
    state, _ = do(state, 0, "spin")
    assert G.to_act(state) == {1}
    state, _ = do(state, 1, "office 0 remove")
    assert state.firms[0].men == 0 and state.men_deck == 12
    assert state.firms[0].position == 7


def test_own_office_does_not_trigger():
    state = ready(0, pos=4, roll=5)
    state.office_deck.remove(9)
    state.firms[0].offices = [9]
    state, _ = do(state, 0, "spin")
    assert state.phase == "start" and state.order[state.slot] != 0


def test_buying_a_palazzo_from_the_bank():
    state = ready(0, pos=20, roll=3)
    bank = state.bank
    state, _ = do(state, 0, "spin")
    assert state.buy_space == 23 and G.to_act(state) == {0}
    state, _ = do(state, 0, "buy")
    assert state.owner[23] == 0 and state.firms[0].florins == 250 - 90 and state.bank == bank + 90


def _declined(n=3):
    state = ready(0, pos=20, roll=3, n=n)
    state, _ = do(state, 0, "spin")
    state, _ = do(state, 0, "decline")
    return state


def test_declined_palazzo_goes_to_a_sealed_auction_among_the_others():
    state = _declined()
    assert state.phase == "auction" and G.to_act(state) == {1, 2}
    state, _ = do(state, 2, "bid 45")
    assert G.to_act(state) == {1}
    state, _ = do(state, 1, "bid 30")
    assert state.owner[23] == 2
    assert [state.firms[s].florins for s in range(3)] == [250, 250, 205]


def test_a_palazzo_declined_and_auctioned_is_named_with_its_space_as_on_the_board():
    """Issue 24: "Andrea buys Via della Scala for 50 florins" left a newcomer looking for Via
    della Scala on a ring that shows numbers; every message about the palazzo now gives its space."""
    state = ready(0, pos=20, roll=3)
    state, _ = do(state, 0, "spin")
    state, declined = do(state, 0, "decline")
    state, _ = do(state, 2, "bid 45")
    state, won = do(state, 1, "pass")
    assert "declines Via Larga (23)." in said(declined), said(declined)
    assert "buys Via Larga (23) for 45 florins." in said(won), said(won)
    passed = _declined()
    passed, _ = do(passed, 1, "pass")
    passed, events = do(passed, 2, "pass")
    assert "Via Larga (23) stays with the bank" in said(events), said(events)


def test_an_auction_told_before_places_had_their_number_still_reads_in_every_language():
    """Events stored before the palazzo became a term (a plain name) keep their words, and the
    board, which looks for a place in the last move's events, passes them by."""
    from engines.core.messages import Msg
    from engines.leonardo.model import Event
    from render.leonardo.route import named

    old = Event(key="leo.event.auction_won", params={
        "bids": [Msg("leo.term.bid", firm=Msg("leo.term.firm", members=[2], size=1), amount=45)],
        "firm": Msg("leo.term.firm", members=[2], size=1), "name": "Via Larga", "amount": 45})
    for locale, text in (("en", "buys Via Larga for 45 florins."), ("pt-BR", "compra Via Larga por 45 florins."),
                         ("it", "compra Via Larga per 45 fiorini.")):
        assert words(old, locale=locale).endswith(text), (locale, words(old, locale=locale))
    state = ready(0, n=3)
    state.last_events = (old,)
    assert named(G.view(state, None)) == set()


def test_auction_tie_goes_to_the_first_bidder_after_the_lander():
    state = _declined()
    first = state.auction.bidders[0]
    assert first == next(s for s in state.order[state.order.index(0) + 1:] + state.order if s != 0)
    state, _ = do(state, 1, "bid 40")
    state, _ = do(state, 2, "bid 40")
    assert state.owner[23] == first


def test_auction_where_everyone_passes_leaves_the_palazzo_with_the_bank():
    state = _declined()
    state, _ = do(state, 1, "pass")
    state, _ = do(state, 2, "pass")
    assert 23 not in state.owner and state.phase == "start"


def test_bids_start_at_5_and_are_limited_by_florins():
    state = _declined()
    state.firms[1].florins = 100
    for amount in (101, 4):
        with pytest.raises(IllegalAction) as err:
            do(state, 1, f"bid {amount}")
        assert err.value.msg.params | {"move": None} == {"move": None, "amount": amount, "low": 5, "high": 100}
    state, _ = do(state, 1, "bid 77")  # any amount in range, not only the listed ones
    assert state.auction.bids[1] == 77


def test_a_player_who_cannot_afford_it_sends_it_to_auction():
    state = ready(0, pos=20, roll=3)
    state.firms[0].florins = 50
    state, _ = do(state, 0, "spin")
    assert state.phase == "auction" and G.to_act(state) == {1, 2}


def test_bridge_toll_for_passing_over_and_for_stopping():
    state = ready(0, pos=10, roll=5)
    state.owner[13] = 1
    state, _ = do(state, 0, "spin")
    assert state.firms[0].position == 15
    assert state.firms[0].florins == 245 and state.firms[1].florins == 255
    state = ready(0, pos=10, roll=3)
    state.owner[13] = 1
    state, _ = do(state, 0, "spin")
    assert state.firms[0].florins == 245 and state.phase == "start"


def test_bridges_are_bought_like_palazzi():
    state = ready(0, pos=2, roll=3)
    state, _ = do(state, 0, "spin")
    assert state.buy_space == 5
    state, _ = do(state, 0, "buy")
    assert state.owner[5] == 0 and state.firms[0].florins == 200


def test_income_table_and_doubling_for_a_whole_district():
    state = clear_board(started())
    state.owner[27] = 1
    got = []
    for k in range(5):
        state.art[27] = [50] * k
        got.append(income(state, 27))
    assert got == [50, 100, 150, 200, 400]  # a 100-florin palazzo
    state.art[27] = []
    state.owner[4] = 1
    assert income(state, 4) == 20  # half of 40 with no art
    for n in (30, 31, 32):
        state.owner[n] = 1
    assert income(state, 27) == 100 and income(state, 31) == 70


def test_landing_on_an_opponents_palazzo_pays_its_income():
    state = ready(0, pos=24, roll=3)
    state.owner[27] = 1
    state.art[27] = [30, 30]
    state.art_supply = state.art_supply[2:]
    state, _ = do(state, 0, "spin")
    assert state.firms[0].florins == 100 and state.firms[1].florins == 400


def test_buying_and_placing_works_of_art():
    state = ready(0)
    state.owner.update({2: 0, 4: 0})
    state.art[4] = [30, 30, 30]
    state.art_supply = state.art_supply[3:]
    assert max(a.count for a in G.legal_actions(state, 0) if a.kind == "art") == 4
    state, _ = do(state, 0, "art 3")
    assert state.firms[0].florins == 100 and state.phase == "place" and len(state.drawn) == 3
    assert {a.space for a in G.legal_actions(state, 0)} == {2, 4}
    state, _ = do(state, 0, "place 4")
    with pytest.raises(IllegalAction) as err:
        do(state, 0, "place 4")  # at most 4 on a palazzo
    assert words(err.value).endswith("your palazzi with room are 2.")
    state, _ = do(state, 0, "place 2")
    state, _ = do(state, 0, "place 2")
    assert len(state.art[4]) == 4 and len(state.art[2]) == 2 and state.phase == "start"
    with pytest.raises(IllegalAction) as err:
        do(state, 0, "art 1")
    assert err.value.msg.key == "leo.error.art_once"


def test_works_of_art_limited_by_florins_room_and_supply():
    state = ready(0)
    with pytest.raises(IllegalAction) as err:
        do(state, 0, "art 1")  # no palazzo to display it
    assert err.value.msg.params["top"] == 0 and "at most 0 now" in words(err.value)
    state.owner.update({2: 0, 6: 0})
    state.firms[0].florins = 120
    with pytest.raises(IllegalAction) as err:
        do(state, 0, "art 3")
    assert err.value.msg.params["top"] == 2
    state.firms[0].florins = 250
    state.art[2] = state.art_supply[1:5]
    state.art_supply = state.art_supply[:1]
    assert [a.count for a in G.legal_actions(state, 0) if a.kind == "art"] == [1]  # one tile left
    state.art[6] = state.art_supply[:1] * 4
    assert not [a for a in G.legal_actions(state, 0) if a.kind == "art"]  # no room left


def test_works_of_art_cannot_be_bought_after_spinning():
    state = ready(0, pos=20, roll=3)
    state.owner[2] = 0
    state, _ = do(state, 0, "spin")
    with pytest.raises(RuleError):
        do(state, 0, "art 1")


def test_works_of_art_never_move():
    state = ready(0)
    state.owner.update({2: 0, 4: 0})
    state, _ = do(state, 0, "art 1")
    state, _ = do(state, 0, "place 2")
    assert G.legal_actions(state, 0)[0].kind == "spin"
    assert all(a.kind in ("spin", "join") for a in G.legal_actions(state, 0))


def test_office_powers_do_not_chain():
    state = ready(0, pos=4, roll=5)
    state.office_deck.remove(9)
    state.office_deck.remove(11)
    state.firms[1].offices = [9]
    state.firms[2].offices = [11]
    state, _ = do(state, 0, "spin")
    state, _ = do(state, 1, "office +2")  # onto Mercato Grande, whose office Green holds
    assert state.firms[0].position == 11 and state.phase == "market"
    assert G.to_act(state) == {1, 2}


def test_a_seat_that_owes_nothing_has_no_legal_action():
    state = ready(0)
    assert G.legal_actions(state, 1) == [] and G.legal_actions(state, 2) == []
