"""Corporations variant: the end of a rescue call (RULINGS 40), and the interrupted turn
going on."""

from __future__ import annotations

from engines.core.messages import Msg
from engines.leonardo import terms
from engines.leonardo.economy import merge_firms, return_offices, run_payments, settle_bankruptcy, transfer
from engines.leonardo.events import event
from engines.leonardo.model import RescueCall, State
from engines.leonardo.steps import FINISH, NEXT_TURN, Outcome


def settle(state: State) -> Outcome:
    """Every possible rescuer has answered: the first in turn order after the debtor who said
    `rescue` pays the shortfall and absorbs the debtor; if all passed, the bankruptcy
    proceeds as without the variant. Then the interrupted turn goes on."""
    call = state.rescue
    assert call is not None
    state.rescue = None
    debtor = state.firms[call.debtor]
    answers = [Msg("leo.term.answer", firm=terms.firm(state.firms[r]), answer=terms.answer(call.answers[r]))
               for r in call.rescuers]
    winner = next((r for r in call.rescuers if call.answers[r]), None)
    why = terms.why(call.why)
    if winner is None:
        events = [event("leo.event.nobody_rescues", answers=answers, firm=terms.firm(debtor), amount=call.amount,
                        why=why)]
        events += settle_bankruptcy(state, debtor, call.creditor, call.amount)
        if call.resume == "office" and call.office is not None:
            return_offices(state, [call.office])
        return resume(state, call, events)
    rescuer = state.firms[winner]
    own = call.amount - call.shortfall
    assert debtor.florins == own
    transfer(state, debtor.id, call.creditor, own)
    transfer(state, rescuer.id, call.creditor, call.shortfall)
    events = [event("leo.event.rescued", answers=answers, rescuer=terms.firm(rescuer), firm=terms.firm(debtor),
                    payee=terms.firm_or_bank(state, call.creditor), amount=call.amount, why=why, own=own,
                    shortfall=call.shortfall)]
    joined = terms.firm(debtor)
    merge_firms(state, rescuer, debtor, rescuer.faction)
    if call.resume == "office" and call.office is not None:
        rescuer.offices.append(call.office)
    assert rescuer.faction is not None
    events.append(event("leo.event.rescue_merged", firm=joined, leader=rescuer.id, members=list(rescuer.members),
                        faction=terms.faction(rescuer.faction)))
    return resume(state, call, events)


def resume(state: State, call: RescueCall, events: list) -> Outcome:
    """What the interrupted turn still had to do after the payment (``events`` so far)."""
    if call.resume == "payments":  # a market's payments, then the meetings and the next turn
        events += run_payments(state, call.payments, resume="payments")
        return events, (None if state.rescue is not None else FINISH)
    if call.resume == "meet":  # the meeting's other tributes, then the next turn
        events += run_payments(state, call.payments, resume="meet")
        return events, (None if state.rescue is not None else NEXT_TURN)
    # the debtor was the mover (toll, income, office price): its turn ends
    return events, FINISH
