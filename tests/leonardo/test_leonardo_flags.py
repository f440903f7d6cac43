"""The reveal and chance flags of every action kind (``Applied.revealed``, ``Applied.chance``),
and the secrets behind them: each case is a position, an action, and the expected flags."""

from __future__ import annotations

import re

import pytest
from leo_helpers import G, do, ready

from engines.core.game import SYSTEM, TimeUp
from engines.leonardo.flow import PHASES
from engines.leonardo.model import Options
from engines.leonardo.positions import next_event, next_office, next_spins, play, turn_of, with_florins


def _declare(last: bool):
    state = G.new_game(3, Options(), 1)
    for s in (0, 1) if last else (0,):
        state = do(state, s, "guelfi").state
    return state, 2 if last else 1, "ghibellini"


def _bought():  # Red is offered Via Larga (23)
    return do(ready(0, pos=20, roll=3), 0, "spin").state


def _auction(last: bool, text: str):
    state = do(_bought(), 0, "decline").state
    if last:
        state = do(state, 1, "bid 40").state
    return state, 2, text


def _market(last: bool):
    state = do(ready(0, pos=20, roll=[4, 2]), 0, "spin").state  # Mercato Vecchio, then the machine gives 2
    if last:
        state = do(state, 1, "bet gold 10").state
    return state, 2, "bet gem 20"


def _corporation(n: int = 5, **description):
    """Red and Blue formed a corporation this turn; Red may propose again."""
    state = play(ready(0, n=n, corporations=True, **description), "join blue", "accept").state
    state.proposed = False
    return state


def _proposal(art: bool):  # Red proposes to Blue, who owns Vicolo del Moro with art or without
    state = ready(0, n=4, corporations=True, owner={4: 1, 2: 0}, art={4: [150]} if art else {})
    return do(state, 0, "join blue").state


def _rescue(last: bool, text: str):
    state = ready(0, pos=24, n=4, roll=3, corporations=True, owner={27: 1, 2: 0}, art={27: [30, 50, 70, 100]},
                  florins={0: 10, 2: 500, 3: 500})
    state = do(state, 0, "spin").state
    if last:
        state = do(state, 2, "pass").state
    return state, 3, text


def _office():
    state = ready(0, pos=4, roll=5, offices={1: [9]})
    return do(state, 0, "spin").state, 1, "office +3"  # onto Via Tornabuoni (12), free: Red may buy


def _chosen():
    state = _corporation(n=4)
    state.firms[0].moved, state.firms[0].position = True, 30
    return do(next_spins(state, [2, 3]), 0, "spin").state, 0, "move 2"  # onto Via Guicciardini (32), free


def _known_office():
    """Red went bankrupt holding offices 9 and 28: they went under the deck, seen by all; Blue
    then stops on Piazza Maggiore and draws 9."""
    state = ready(0, pos=24, roll=3, owner={27: 1, 2: 0}, art={27: [30, 50, 70, 100]}, florins={0: 10},
                  offices={1: [3, 7, 11, 17, 22, 24], 0: [9, 28]})
    state = do(state, 0, "spin").state
    assert not state.firms[0].active and state.office_deck == [9, 28] and state.office_returned == 2
    state.firms[1].moved, state.firms[1].position = True, 28
    return next_spins(state, [5]), 1, "spin"


def _only_bidder(text: str):  # Red declines Via Larga; Green has no florins: Blue alone bids
    state = play(ready(0, pos=20, roll=3, florins={2: 0}), "spin", "decline").state
    assert G.to_act(state) == {1} and state.auction.bidders == [1]
    return state, 1, text


def _only_bettor():  # Red opens the Mercato Vecchio; Green has no florins: Blue alone bets
    state = do(ready(0, pos=20, roll=[4, 2], florins={2: 0}), 0, "spin").state
    assert state.market.bettors == [1]
    return state, 1, "bet gem 20"


def _only_rescuer(text: str):  # Red cannot pay Blue's rent; only Green can pay the shortfall
    state = ready(0, pos=24, n=4, roll=3, corporations=True, owner={27: 1, 2: 0}, art={27: [30, 50, 70, 100]},
                  florins={0: 10, 2: 500, 3: 100})
    state = do(state, 0, "spin").state
    assert state.rescue.rescuers == [2]
    return state, 2, text


def _office_unpaid():
    """Red and Blue's corporation chooses a move onto Piazza Maggiore and draws the Ambasciatore
    Imperiale (50 florins, face down until then); it has 10 florins, nobody can pay the other
    40: it goes bankrupt and the card goes back under the deck, seen by all."""
    state = with_florins(_corporation(n=4, at={0: 30}), {0: 10, 2: 30, 3: 30})
    state = play(next_spins(next_office(state, 7), [2, 3]), "spin").state
    return state, 0, "move 3"


CASES = {
    # action kind, situation: (position, seat, move), revealed, chance
    "declare, not the last": (lambda: _declare(False), False, False),
    "declare, the last one opens every faction": (lambda: _declare(True), True, False),
    "art: the buyer sees the values drawn": (lambda: (ready(0, owner={2: 0}), 0, "art 2"), True, False),
    "place": (lambda: (do(ready(0, owner={2: 0}), 0, "art 1").state, 0, "place 2"), False, False),
    "spin onto a free palazzo": (lambda: (ready(0, pos=20, roll=3), 0, "spin"), False, True),
    "spin onto an event: the card is turned": (lambda: (next_event(ready(0, pos=4, roll=3), "nulla"), 0, "spin"),
                                                True, True),
    "spin onto Piazza Maggiore: an office is drawn": (lambda: (ready(0, pos=28, roll=5), 0, "spin"), True, True),
    "spin onto Piazza Maggiore: an office seen going under the deck is drawn": (_known_office, False, True),
    "move, a corporation's choice": (_chosen, False, False),
    "move onto Piazza Maggiore: an office drawn, unpaid, goes back under the deck": (_office_unpaid, True, False),
    "buy": (lambda: (_bought(), 0, "buy"), False, False),
    "decline": (lambda: (_bought(), 0, "decline"), False, False),
    "bid, not the last": (lambda: _auction(False, "bid 30"), False, False),
    "bid, the last one opens the bids": (lambda: _auction(True, "bid 30"), True, False),
    "bid, the only bidder's: opened at once (issue 22)": (lambda: _only_bidder("bid 30"), True, False),
    "pass, the only bidder's: opened at once": (lambda: _only_bidder("pass"), True, False),
    "pass, the last one in an auction": (lambda: _auction(True, "pass"), True, False),
    "bet, not the last": (lambda: _market(False), False, False),
    "bet, the last one: bets opened, the machine spun": (lambda: _market(True), True, True),
    "bet, the only bettor's: opened at once": (_only_bettor, True, True),
    "office": (_office, False, False),
    "join": (lambda: (ready(0, n=4, corporations=True), 0, "join blue"), False, False),
    "accept, not the last": (lambda: (do(_corporation(), 0, "join green").state, 2, "accept"), False, False),
    "accept, the last one shows the partners' works of art": (lambda: (_proposal(art=True), 1, "accept"), True, False),
    "accept, the last one, no work of art to show": (lambda: (_proposal(art=False), 1, "accept"), False, False),
    "refuse": (lambda: (_proposal(art=True), 1, "refuse"), False, False),
    "rescue, not the last": (lambda: _rescue(False, "rescue"), False, False),
    "rescue, the last one opens the answers": (lambda: _rescue(True, "rescue"), True, False),
    "rescue, the only rescuer's: opened at once": (lambda: _only_rescuer("rescue"), True, False),
    "pass, the only rescuer's: opened at once, the art shuffled back": (lambda: _only_rescuer("pass"), True, True),
    "pass, the last answer to a rescue: bankruptcy shuffles the art back": (lambda: _rescue(True, "pass"), True, True),
    "time_up: the final reveal": (lambda: (ready(0), SYSTEM, None), True, False),
}


@pytest.mark.parametrize("case", list(CASES))
def test_reveal_and_chance_flags(case):
    build, revealed, chance = CASES[case]
    state, seat, text = build()
    action = TimeUp() if text is None else G.parse_action(state, seat, text)
    applied = G.apply(state, seat, action)
    assert (applied.revealed, applied.chance) == (revealed, chance)


def test_every_action_kind_has_a_case():
    kinds = {re.match(r"[a-z_]+", case).group(0) for case in CASES}
    assert kinds == {kind for phase in PHASES.values() for kind in phase.moves} | {"time_up"}


def test_secrets_name_who_knows_what():
    state = ready(0, owner={2: 0}, art={2: [150]})
    secrets = G.secrets(state)
    assert secrets["faction:1"] == ("ghibellini", None)  # public once everyone declared
    assert secrets["art:2"] == ([150], frozenset({0}))
    assert all(knew == frozenset() for name, (_, knew) in secrets.items() if name.startswith(("tile:", "office:")))
    top = state.art_supply[0]
    after = do(state, 0, "art 1").state
    assert G.secrets(after)[f"tile:{len(state.art_supply) - 1}"] == (top, frozenset({0}))  # the same tile, seen
    declaring = do(G.new_game(3, Options(), 1), 2, "guelfi").state
    assert G.secrets(declaring) == {**G.secrets(declaring), "faction:2": ("guelfi", frozenset({2}))}
    bidding = play(play(_bought(), "decline").state, "bid 40", seat=1).state
    assert G.secrets(bidding)["bid:1"] == (40, frozenset({1}))


def test_a_corporations_sealed_bid_is_known_to_its_members_as_their_views_show():
    state = turn_of(_corporation(n=4), 2)  # Red and Blue bid together: Red decides
    state.firms[2].moved, state.firms[2].position = True, 20
    state = do(do(next_spins(state, [3]), 2, "spin").state, 2, "decline").state
    assert G.to_act(state) == {0, 3}
    state = do(state, 0, "bid 40").state
    assert G.secrets(state)["bid:0"] == (40, frozenset({0, 1}))
    assert G.view(state, 1).my_bid == 40 and G.view(state, 3).my_bid is None
