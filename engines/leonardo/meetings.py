"""Meetings: a marker that ends its turn on a space occupied by opposing pawns (RULINGS
23-25). The rulebook looks at every player on the space: nobody armed, nothing; one armed,
every other player there pays it a tribute of 10 florins per palazzo; two armed, they fight
until one has no Man-at-Arms left, and the tribute follows. On the sanctuaries (9, 17)
combat is forbidden, the tribute is not."""

from __future__ import annotations

from engines.core.game import Event
from engines.leonardo import movement, terms, turns
from engines.leonardo.components import cards, space
from engines.leonardo.economy import after, palazzi_count, run_payments
from engines.leonardo.events import event
from engines.leonardo.model import Firm, Payment, State, Why
from engines.leonardo.steps import NEXT_TURN, Outcome


def finish(state: State, _: int = 0) -> Outcome:
    """The turn's last operations: the meeting on the mover's space, then the end of the
    game or the next turn (unless a tribute waits for a rescue)."""
    events = meet(state)
    return events, (None if state.rescue is not None else NEXT_TURN)


def meet(state: State) -> list[Event]:
    """The meeting on the mover's space, after every other operation of its turn."""
    if state.order[state.slot] not in state.firms:
        return []  # the mover was rescued into a corporation: its marker left the board
    mover = turns.current(state)
    if not mover.active:
        return []
    present = [mover] + [f for f in after(state, mover.id) if f.position == mover.position]
    if len(present) == 1:
        return []
    events: list[Event] = []
    armed = [f for f in present if f.men]  # the mover first, then in turn order
    if len(armed) > 1 and mover.position in cards().sanctuary:
        return [event("leo.event.sanctuary", name=space(mover.position).name, space=mover.position)]
    while len(armed) > 1:
        events += fight(state, armed[0], armed[1])
        armed = [f for f in armed if f.men]
    if armed:
        events += tributes(state, armed[0], [f for f in present if f is not armed[0]])
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
