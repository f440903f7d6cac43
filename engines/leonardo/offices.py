"""An office holder's decision on a marker that landed on the office's space: move it up
to 5 spaces either way, and with a 50-florin office remove one of its men-at-arms
(RULINGS 17). The displacement is not a move: the space where the marker ends takes effect."""

from __future__ import annotations

from engines.core.game import Event
from engines.leonardo import movement, steps, terms
from engines.leonardo.components import space
from engines.leonardo.events import event
from engines.leonardo.model import State
from engines.leonardo.steps import Outcome


def settle(state: State, move_by: int, remove: bool) -> Outcome:
    call = state.office
    assert call is not None
    target = state.firms[call.target]
    holder = state.firms[call.holder]
    state.office = None
    events: list[Event] = []
    if remove:
        target.men -= 1
        state.men_deck += 1
        events.append(event("leo.event.man_removed", holder=terms.firm(holder), firm=terms.firm(target)))
    if move_by:
        target.position = movement.step(target.position, move_by)
        events.append(event("leo.event.office_moved", holder=terms.firm(holder), firm=terms.firm(target),
                            steps=move_by, name=space(target.position).name, space=target.position))
    else:
        events.append(event("leo.event.office_left", holder=terms.firm(holder), firm=terms.firm(target)))
    return events, steps.land(target.position)
