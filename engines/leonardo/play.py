"""The handlers of the decisions: each applies one action (already checked) to the state and
returns the events it caused and what comes next (``steps.py``). Which phase accepts which
action, and the steps that follow, are the turn flow's table (``flow.py``)."""

from __future__ import annotations

from engines.core.messages import Msg
from engines.leonardo import auctions, corporations, markets, movement, offices, rescues, steps, terms
from engines.leonardo.components import cards, space
from engines.leonardo.economy import firm_of, transfer
from engines.leonardo.events import event
from engines.leonardo.model import Bet, State
from engines.leonardo.steps import FINISH, START_TURN, Outcome


def declare(state: State, seat: int, action) -> Outcome:
    state.declared[seat] = action.faction
    events = [event("leo.event.declared", seat=seat),
              event("leo.event.you_declared", to=seat, faction=terms.faction(action.faction))]
    if len(state.declared) < state.seats:
        return events, None
    for s, f in state.declared.items():
        state.firms[s].faction = f
    listed = [Msg("leo.term.seat_faction", seat=s, faction=terms.faction(state.declared[s]))
              for s in sorted(state.declared)]
    return events + [event("leo.event.factions", factions=listed)], START_TURN


def buy_art(state: State, seat: int, action) -> Outcome:
    c = cards()
    firm = firm_of(state, seat)
    transfer(state, firm.id, None, c.art_price * action.count)
    state.drawn = [state.art_supply.pop(0) for _ in range(action.count)]
    state.art_bought = True
    state.phase = "place"
    events = [event("leo.event.art_bought", firm=terms.firm(firm), count=action.count,
                    florins=c.art_price * action.count)]
    return events + [event("leo.event.art_drawn", to=m, values=list(state.drawn)) for m in firm.members], None


def place(state: State, seat: int, action) -> Outcome:
    firm = firm_of(state, seat)
    value = state.drawn.pop(0)
    state.art.setdefault(action.space, []).append(value)
    name = space(action.space).name
    events = [event("leo.event.art_placed", firm=terms.firm(firm), name=name, space=action.space,
                    count=len(state.art[action.space]))]
    events += [event("leo.event.art_value_placed", to=m, value=value, name=name) for m in firm.members]
    if not state.drawn:
        state.phase = "start"
    return events, None


def spin(state: State, seat: int, action) -> Outcome:
    return movement.spin(state)


def choose(state: State, seat: int, action) -> Outcome:
    chose = event("leo.event.chose", firm=terms.firm(firm_of(state, seat)), steps=action.steps)
    return [chose], steps.move(action.steps)


def buy(state: State, seat: int, action) -> Outcome:
    firm = firm_of(state, seat)
    number = state.buy_space
    assert number is not None
    sp = space(number)
    transfer(state, firm.id, None, sp.price or 0)
    state.owner[number] = firm.id
    state.buy_space = None
    return [event("leo.event.bought", firm=terms.firm(firm), name=sp.name, space=number, price=sp.price)], FINISH


def decline(state: State, seat: int, action) -> Outcome:
    number = state.buy_space
    assert number is not None
    declined = event("leo.event.declined", firm=terms.firm(firm_of(state, seat)), name=terms.place(number))
    return [declined], steps.auction(number)


def bid(state: State, seat: int, action) -> Outcome:
    assert state.auction is not None
    amount = action.amount if action.kind == "bid" else 0
    state.auction.bids[seat] = amount
    events = [event("leo.event.bid_sealed", seat=seat),
              event("leo.event.your_bid", to=seat, amount=amount or Msg("leo.term.pass"))]
    if len(state.auction.bids) < len(state.auction.bidders):
        return events, None
    opened, then = auctions.close(state)
    return events + opened, then


def bet(state: State, seat: int, action) -> Outcome:
    assert state.market is not None
    state.market.bets[seat] = Bet(product=action.product, stake=action.stake)
    events = [event("leo.event.bet_sealed", seat=seat),
              event("leo.event.your_bet", to=seat, stake=action.stake, product=terms.product(action.product))]
    if len(state.market.bets) < len(state.market.bettors):
        return events, None
    opened, then = markets.close(state)
    return events + opened, then


def answer_rescue(state: State, seat: int, action) -> Outcome:
    call = state.rescue
    assert call is not None
    call.answers[seat] = action.kind == "rescue"
    events = [event("leo.event.rescue_answered", firm=terms.firm(firm_of(state, seat))),
              event("leo.event.your_answer", to=seat, answer=terms.answer(call.answers[seat]))]
    if len(call.answers) < len(call.rescuers):
        return events, None
    settled, then = rescues.settle(state)
    return events + settled, then


def use_office(state: State, seat: int, action) -> Outcome:
    return offices.settle(state, action.move, action.remove)


def join(state: State, seat: int, action) -> Outcome:
    return corporations.propose(state, seat, action)


def answer_join(state: State, seat: int, action) -> Outcome:
    return corporations.answer(state, seat, action.kind == "accept")
