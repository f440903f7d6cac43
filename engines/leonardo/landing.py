"""The effect of the space a marker stops on: Piazza Maggiore (indemnity and an office),
a free palazzo or bridge (buy, or the bank's auction), an owned one (income or toll), a
market, an international event (RULINGS 15, 18-20, 26, 29)."""

from __future__ import annotations

from engines.core.game import Event
from engines.leonardo import movement, steps, terms, turns
from engines.leonardo.components import cards, office_at, space
from engines.leonardo.economy import active_firms, draw_office, income, pay, return_offices, transfer
from engines.leonardo.events import event
from engines.leonardo.model import State, Why
from engines.leonardo.steps import FINISH, Outcome


def land(state: State, number: int) -> Outcome:
    """The effect of the space the current marker stops on, then the end of the turn unless
    a decision is owed first (a purchase, an auction, a market, a rescue)."""
    c = cards()
    firm = turns.current(state)
    sp = space(number)
    events: list[Event] = []
    if number == 1:
        events += movement.indemnity(state, firm)
        if state.office_deck:
            office = office_at(draw_office(state))
            assert office is not None
            events.append(event("leo.event.office_drawn", firm=terms.firm(firm), office=office.title,
                                space=office.space))
            paid, more = pay(state, firm.id, None, office.price, Why(kind="office", space=office.space))
            events += more
            if paid:
                firm.offices.append(office.space)
            elif state.rescue is not None:  # the rescuer's corporation would hold the office
                state.rescue.resume = "office"
                state.rescue.office = office.space
                return events, None
            else:
                return_offices(state, [office.space])
        else:
            events.append(event("leo.event.no_office_left"))
    elif sp.buyable:
        owner = state.owner.get(number)
        if owner is None:
            if firm.florins >= (sp.price or 0):
                state.buy_space = number
                state.phase = "buy"
                return events, None
            events.append(event("leo.event.cannot_afford", firm=terms.firm(firm), name=sp.name, price=sp.price))
            return events, steps.auction(number)
        if owner != firm.id:
            if sp.kind == "bridge":
                events += pay(state, firm.id, owner, c.bridge_toll, Why(kind="toll", space=number))[1]
            else:
                events += pay(state, firm.id, owner, income(state, number), Why(kind="income", space=number))[1]
            if state.rescue is not None:
                return events, None
    elif sp.kind == "market":
        return events, steps.market(number)
    elif number in c.event_squares:
        events += draw_event(state)
    return events, FINISH


def draw_event(state: State) -> list[Event]:
    """The top international event; it goes back under the deck."""
    c = cards()
    card = state.event_deck.pop(0)
    state.event_deck.append(card)
    state.event_draws += 1
    if card == "nulla":
        return [event("leo.event.nulla")]
    faction = "guelfi" if card == "guelfa" else "ghibellini"
    paid = [f for f in active_firms(state) if f.faction == faction]
    for f in paid:
        transfer(state, None, f.id, c.event_payout)
    key = "leo.event.carta_guelfa" if card == "guelfa" else "leo.event.carta_ghibellina"
    return [event(key, amount=c.event_payout, firms=terms.listed([terms.firm(f) for f in paid]))]
