"""The bank's auction of a palazzo or bridge the lander declined or could not afford:
sealed bids from every other firm with the minimum stake (RULINGS 18)."""

from __future__ import annotations

from engines.core.messages import Msg
from engines.leonardo import terms, turns
from engines.leonardo.components import cards, space
from engines.leonardo.economy import after, transfer
from engines.leonardo.events import event
from engines.leonardo.model import Auction, State
from engines.leonardo.steps import FINISH, Outcome


def start(state: State, number: int) -> Outcome:
    """The other firms with the minimum stake bid, sealed (phase ``auction``); with none,
    the turn ends."""
    firm = turns.current(state)
    bidders = [f.id for f in after(state, firm.id) if f.florins >= cards().min_stake]
    state.buy_space = None  # no longer offered, whether it is auctioned or stays with the bank
    if not bidders:
        return [event("leo.event.no_bidder", name=terms.place(number))], FINISH
    state.auction = Auction(space=number, bidders=bidders)
    state.phase = "auction"
    return [event("leo.event.auction", name=space(number).name, space=number, low=cards().min_stake)], None


def close(state: State) -> Outcome:
    """Every bid is in: the bids are opened; the highest buys, a tie going to the first
    bidder in turn order after the lander. Then the turn ends."""
    auction = state.auction
    assert auction is not None
    best = max(auction.bids.values())
    state.auction = None
    if best <= 0:
        return [event("leo.event.all_passed", name=terms.place(auction.space))], FINISH
    winner = next(s for s in auction.bidders if auction.bids[s] == best)
    bids = [Msg("leo.term.bid", firm=terms.firm(state.firms[s]), amount=auction.bids[s]) if auction.bids[s]
            else Msg("leo.term.bid_pass", firm=terms.firm(state.firms[s])) for s in auction.bidders]  # not "Andrea pass"
    transfer(state, winner, None, best)
    state.owner[auction.space] = winner
    return [event("leo.event.auction_won", bids=bids, firm=terms.firm(state.firms[winner]),
                  name=terms.place(auction.space), amount=best)], FINISH
