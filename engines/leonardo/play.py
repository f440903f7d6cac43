"""Applying one action (already checked by ``rules.check``) to the state: each handler
returns the events it caused."""

from __future__ import annotations

from engines.core.game import Event
from engines.core.messages import Msg
from engines.leonardo import auctions, corporations, markets, movement, offices, rescues, terms, turns
from engines.leonardo.components import cards, space
from engines.leonardo.economy import firm_of, transfer
from engines.leonardo.events import event
from engines.leonardo.model import Bet, State


def play(state: State, seat: int, action) -> list[Event]:
    return HANDLERS[action.kind](state, seat, action)


def _declare(state: State, seat: int, action) -> list[Event]:
    state.declared[seat] = action.faction
    events = [event("leo.event.declared", seat=seat),
              event("leo.event.you_declared", to=seat, faction=terms.faction(action.faction))]
    if len(state.declared) < state.seats:
        return events
    for s, f in state.declared.items():
        state.firms[s].faction = f
    listed = [Msg("leo.term.seat_faction", seat=s, faction=terms.faction(state.declared[s]))
              for s in sorted(state.declared)]
    return events + [event("leo.event.factions", factions=listed)] + turns.start_turn(state)


def _art(state: State, seat: int, action) -> list[Event]:
    c = cards()
    firm = firm_of(state, seat)
    transfer(state, firm.id, None, c.art_price * action.count)
    state.drawn = [state.art_supply.pop(0) for _ in range(action.count)]
    state.art_bought = True
    state.phase = "place"
    events = [event("leo.event.art_bought", firm=terms.firm(firm), count=action.count,
                    florins=c.art_price * action.count)]
    return events + [event("leo.event.art_drawn", to=m, values=list(state.drawn)) for m in firm.members]


def _place(state: State, seat: int, action) -> list[Event]:
    firm = firm_of(state, seat)
    value = state.drawn.pop(0)
    state.art.setdefault(action.space, []).append(value)
    name = space(action.space).name
    events = [event("leo.event.art_placed", firm=terms.firm(firm), name=name, space=action.space,
                    count=len(state.art[action.space]))]
    events += [event("leo.event.art_value_placed", to=m, value=value, name=name) for m in firm.members]
    if not state.drawn:
        state.phase = "start"
    return events


def _spin(state: State, seat: int, action) -> list[Event]:
    return movement.spin(state)


def _choose(state: State, seat: int, action) -> list[Event]:
    events = [event("leo.event.chose", firm=terms.firm(firm_of(state, seat)), steps=action.steps)]
    return events + movement.move(state, action.steps)


def _buy(state: State, seat: int, action) -> list[Event]:
    firm = firm_of(state, seat)
    number = state.buy_space
    assert number is not None
    sp = space(number)
    transfer(state, firm.id, None, sp.price or 0)
    state.owner[number] = firm.id
    state.buy_space = None
    events = [event("leo.event.bought", firm=terms.firm(firm), name=sp.name, space=number, price=sp.price)]
    return events + turns.finish(state)


def _decline(state: State, seat: int, action) -> list[Event]:
    number = state.buy_space
    assert number is not None
    events = [event("leo.event.declined", firm=terms.firm(firm_of(state, seat)), name=space(number).name)]
    return events + auctions.start(state, number)


def _bid(state: State, seat: int, action) -> list[Event]:
    assert state.auction is not None
    amount = action.amount if action.kind == "bid" else 0
    state.auction.bids[seat] = amount
    events = [event("leo.event.bid_sealed", seat=seat),
              event("leo.event.your_bid", to=seat, amount=amount or Msg("leo.term.pass"))]
    if len(state.auction.bids) == len(state.auction.bidders):
        events += auctions.settle(state)
    return events


def _bet(state: State, seat: int, action) -> list[Event]:
    assert state.market is not None
    state.market.bets[seat] = Bet(product=action.product, stake=action.stake)
    events = [event("leo.event.bet_sealed", seat=seat),
              event("leo.event.your_bet", to=seat, stake=action.stake, product=terms.product(action.product))]
    if len(state.market.bets) == len(state.market.bettors):
        events += markets.settle(state)
    return events


def _rescue(state: State, seat: int, action) -> list[Event]:
    call = state.rescue
    assert call is not None
    call.answers[seat] = action.kind == "rescue"
    events = [event("leo.event.rescue_answered", firm=terms.firm(firm_of(state, seat))),
              event("leo.event.your_answer", to=seat, answer=terms.answer(call.answers[seat]))]
    if len(call.answers) == len(call.rescuers):
        events += rescues.settle(state)
    return events


def _pass(state: State, seat: int, action) -> list[Event]:
    """A pass answers a rescue call or an auction (never a market: RULINGS 26)."""
    if state.phase == "rescue":
        return _rescue(state, seat, action)
    return _bid(state, seat, action)


def _office(state: State, seat: int, action) -> list[Event]:
    return offices.settle(state, action.move, action.remove)


def _join(state: State, seat: int, action) -> list[Event]:
    return corporations.propose(state, seat, action)


def _answer(state: State, seat: int, action) -> list[Event]:
    return corporations.answer(state, seat, action.kind == "accept")


HANDLERS = {
    "declare": _declare, "art": _art, "place": _place, "spin": _spin, "move": _choose, "buy": _buy,
    "decline": _decline, "bid": _bid, "bet": _bet, "pass": _pass, "office": _office, "join": _join,
    "accept": _answer, "refuse": _answer, "rescue": _rescue,
}
