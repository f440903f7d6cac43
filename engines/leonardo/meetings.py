"""Meetings: a marker that ends its turn on a space occupied by opposing pawns (RULINGS
23-25): the mover meets each of them in turn order."""

from __future__ import annotations

from engines.core.game import Event, event
from engines.leonardo import movement, terms, turns
from engines.leonardo.components import cards, space
from engines.leonardo.economy import after, palazzi_count, run_payments
from engines.leonardo.model import Firm, Payment, State, Why


def meet(state: State) -> list[Event]:
    """The mover meets each opponent on its space in turn order, after every other operation
    of its turn; on a sanctuary there is no meeting at all."""
    if state.order[state.slot] not in state.firms:
        return []  # the mover was rescued into a corporation: its marker left the board
    mover = turns.current(state)
    if not mover.active:
        return []
    others = [f for f in after(state, mover.id) if f.position == mover.position]
    if not others:
        return []
    if mover.position in cards().sanctuary:
        return [event("leo.event.sanctuary", name=space(mover.position).name, space=mover.position)]
    events: list[Event] = []
    for other in others:
        if mover.men and other.men:
            events += fight(state, mover, other)
        if mover.men and not other.men:
            events += tributes(state, mover, [other])
        elif other.men and not mover.men:
            events += tributes(state, other, [mover])
    return events


def fight(state: State, a: Firm, b: Firm) -> list[Event]:
    """Both spin; the higher removes one of the other's men (back to the deck); ties spin
    again; until one side has none."""
    events = [event("leo.event.combat", a=terms.firm(a), b=terms.firm(b))]
    while a.men and b.men:
        ra, rb = movement.machine(state), movement.machine(state)
        if ra == rb:
            events.append(event("leo.event.combat_tie", a=ra, b=rb))
            continue
        loser, winner = (b, a) if ra > rb else (a, b)
        loser.men -= 1
        state.men_deck += 1
        events.append(event("leo.event.combat_round", a=ra, b=rb, winner=terms.firm(winner),
                            loser=terms.firm(loser)))
    return events


def tributes(state: State, armed: Firm, payers: list[Firm]) -> list[Event]:
    """Every other player on the space pays the armed one 10 florins per palazzo it owns.
    A tribute is always covered by selling palazzi, but a rescue call would still resume
    the remaining tributes, then end the turn."""
    events: list[Event] = []
    payments = []
    for payer in payers:
        amount = cards().tribute_per_palazzo * palazzi_count(state, payer.id)
        if amount == 0:
            events.append(event("leo.event.no_tribute", payer=terms.firm(payer), payee=terms.firm(armed)))
        else:
            payments.append(Payment(payer=payer.id, payee=armed.id, amount=amount, why=Why(kind="tribute")))
    return events + run_payments(state, payments, resume="meet")
