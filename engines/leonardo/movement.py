"""The Machina de la Sorte and the marker's move: men-at-arms on a 1 or 2, the first move
from Piazza Maggiore, the indemnity and the bridge tolls on the way, an office holder's
call on arrival (RULINGS 14-17, 19)."""

from __future__ import annotations

from engines.core.game import Event
from engines.core.messages import Msg
from engines.leonardo import steps, terms, turns
from engines.leonardo.components import bridges, cards, office_at, space
from engines.leonardo.economy import after, pay, transfer
from engines.leonardo.events import event
from engines.leonardo.model import Firm, OfficeCall, State, Why
from engines.leonardo.steps import FINISH, NEXT_TURN, Outcome

ROUTE = 32


def machine(state: State) -> int:
    """One spin of the Machina de la Sorte (1 to 12)."""
    c = cards()
    return state.rng.randint(c.machine_low, c.machine_high)


def step(position: int, delta: int) -> int:
    return (position - 1 + delta) % ROUTE + 1


def spin(state: State) -> Outcome:
    """Every member of the firm spins; a corporation whose spins differ chooses one."""
    firm = turns.current(state)
    results = [machine(state) for _ in firm.members]
    if len(firm.members) == 1:
        return [event("leo.event.spin", firm=terms.firm(firm), number=results[0])], steps.move(results[0])
    spins = [Msg("leo.term.seat_number", seat=m, number=n) for m, n in zip(firm.members, results, strict=True)]
    events = [event("leo.event.spins", firm=terms.firm(firm), spins=spins)]
    if len(set(results)) > 1:
        state.spins = sorted(set(results))
        state.phase = "choose"
        return events, None
    return events, steps.move(results[0])


def indemnity(state: State, firm: Firm) -> list[Event]:
    """Piazza Maggiore's indemnity, passing or stopping (none for a corporation, RULINGS 39)."""
    if len(firm.members) > 1:
        return [event("leo.event.no_indemnity", firm=terms.firm(firm))]
    transfer(state, None, firm.id, cards().indemnity)
    return [event("leo.event.indemnity", firm=terms.firm(firm), amount=cards().indemnity)]


def go(state: State, n: int) -> Outcome:
    """Move the current marker ``n`` spaces (taking a Man-at-Arms first on a 1 or 2); it
    arrives next, unless it stays on Piazza Maggiore or an unpaid toll ends its turn."""
    c = cards()
    if state.spins:
        state.spins = []
    firm = turns.current(state)
    events: list[Event] = []
    if n in c.man_at_arms_numbers:
        if firm.men >= c.men_per_player * len(firm.members):
            events.append(event("leo.event.men_full", firm=terms.firm(firm)))
        elif state.men_deck == 0:
            events.append(event("leo.event.men_empty"))
        else:
            state.men_deck -= 1
            firm.men += 1
            events.append(event("leo.event.man_taken", firm=terms.firm(firm), men=firm.men))
    if not firm.moved:
        firm.moved = True
        path, dest = list(range(2, n)), n
        if n == 1:
            firm.moved = False
            events.append(event("leo.event.stays", firm=terms.firm(firm)))
            return events, NEXT_TURN  # no meeting on the starting place
    else:
        path = [step(firm.position, k) for k in range(1, n)]
        dest = step(firm.position, n)
    crossings = bridges()
    for number in path:
        if number == 1:
            events += indemnity(state, firm)
        elif number in crossings:
            owner = state.owner.get(number)
            if owner is not None and owner != firm.id:
                paid, more = pay(state, firm.id, owner, c.bridge_toll, Why(kind="toll", space=number))
                events += more
                if not paid:  # a rescue call resumes with finish (RULINGS 40)
                    return events, (FINISH if state.rescue is None else None)
    firm.position = dest
    events.append(event("leo.event.moved", firm=terms.firm(firm), steps=n, name=space(dest).name, space=dest))
    return events, steps.arrive(dest)


def arrive(state: State, number: int) -> Outcome:
    """An opponent holding this space's office decides on the marker first (RULINGS 17);
    otherwise the space takes effect."""
    firm = turns.current(state)
    office = office_at(number)
    if office is not None:
        for other in after(state, firm.id):
            if number in other.offices:
                state.office = OfficeCall(space=number, holder=other.id, target=firm.id)
                state.phase = "office"
                return [event("leo.event.office_call", holder=terms.firm(other), office=office.title,
                              price=office.price, firm=terms.firm(firm))], None
    return [], steps.land(number)
