"""Corporations variant: a proposal at the start of a turn, answered by every member
concerned; one refusal cancels it (RULINGS 32-39)."""

from __future__ import annotations

from engines.leonardo import terms
from engines.leonardo.economy import firm_of, merge_firms
from engines.leonardo.events import event
from engines.leonardo.model import Join, Merge, State
from engines.leonardo.steps import END_IF_ALONE, Outcome


def propose(state: State, seat: int, action: Join) -> Outcome:
    firm = firm_of(state, seat)
    target = firm_of(state, action.target)
    awaiting = [s for s in firm.members if s != seat] + list(target.members)
    state.proposed = True
    state.merge = Merge(proposer=firm.id, target=target.id, faction=action.faction, awaiting=awaiting)
    state.phase = "merge"
    return [event("leo.event.join_proposed", firm=terms.firm(firm), target=terms.firm(target),
                  faction=terms.faction(action.faction), leader=firm.id)], None


def answer(state: State, seat: int, accept: bool) -> Outcome:
    merge = state.merge
    assert merge is not None
    if not accept:
        state.merge = None
        state.phase = "start"
        return [event("leo.event.join_refused", seat=seat)], None
    merge.awaiting.remove(seat)
    events = [event("leo.event.join_accepted", seat=seat)]
    if merge.awaiting:
        return events, None
    a, b = state.firms[merge.proposer], state.firms[merge.target]
    merge_firms(state, a, b, merge.faction)
    state.merge = None
    state.phase = "start"
    events.append(event("leo.event.corporation_formed", members=list(a.members), faction=terms.faction(merge.faction),
                        leader=a.id))
    return events, END_IF_ALONE
