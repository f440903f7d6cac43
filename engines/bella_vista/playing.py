"""The four decisions of an architect (an offer, a construction, a contract choice, the
neutral building): each checked against the rules, refused with a message that says what
is allowed instead, then played on the state (already a private copy)."""

from __future__ import annotations

from typing import Any

from engines.bella_vista import flow, terms
from engines.bella_vista.building import coins_earned, occupied, place, placeable
from engines.bella_vista.components import components, contract_card, offer_costs, setup_for
from engines.bella_vista.contracts import eligible, met
from engines.bella_vista.flow import current
from engines.bella_vista.geometry import geometry, shape_of
from engines.bella_vista.notation import notation, placement_named
from engines.bella_vista.state import (
    BuildAction,
    ContractAction,
    NeutralAction,
    OfferAction,
    State,
    card_roofed,
    card_value,
    event,
    hand_order,
)
from engines.core.errors import IllegalAction
from engines.core.game import Event
from engines.core.messages import Msg

EXPECTED = {"offers": "offer", "construction": "build", "neutral": "neutral", "contract": "contract"}


def play(state: State, seat: int, action) -> list[Event]:
    expected = EXPECTED[state.phase]
    if action.kind != expected and not (state.phase == "contract" and action.kind == "pass"):
        raise IllegalAction("bv.error.wrong_phase", input=notation(action), must=Msg(f"bv.term.must_{expected}"))
    if isinstance(action, OfferAction):
        return offer(state, seat, action)
    if isinstance(action, BuildAction):
        return build(state, seat, action)
    if isinstance(action, NeutralAction):
        return neutral(state, seat, action)
    return contract(state, seat, action)


def offer(state: State, seat: int, action: OfferAction) -> list[Event]:
    arch = state.architects[seat]
    if action.card not in arch.hand:
        raise IllegalAction("bv.error.not_in_hand", card=terms.card(action.card), input=notation(action),
                            hand=[terms.card(c) for c in hand_order(arch.hand)])
    costs = offer_costs(state.seats)
    if action.cost is None:
        can = flow.affordable(state, seat)
        if can:
            raise IllegalAction("bv.error.cannot_go_last", input=notation(action), free=terms.free_spaces(can))
    elif action.cost not in costs:
        raise IllegalAction("bv.error.no_such_space", cost=action.cost, input=notation(action), costs=costs,
                            free=terms.free_spaces(flow.affordable(state, seat)))
    elif state.spaces[costs.index(action.cost)] is not None:
        raise IllegalAction("bv.error.space_taken", cost=action.cost, input=notation(action),
                            free=terms.free_spaces(flow.affordable(state, seat)))
    elif action.cost > arch.coins:
        raise IllegalAction("bv.error.too_poor", coins=arch.coins, cost=action.cost, input=notation(action),
                            free=terms.free_spaces(flow.affordable(state, seat)))
    return flow.offer(state, seat, action.cost, action.card)


def placement(state: State, height: int, action: BuildAction | NeutralAction) -> tuple[int, bool]:
    """The placement these spaces name for a building of this height, and whether the
    Zoning Card cannot be met (forced); refused if it is not a legal placement now."""
    geo = geometry(state.town)
    ps, forced = placeable(state, height)
    idx = placement_named(state.town, action.cells)
    if idx is None or geo.placements.shapes[idx] != shape_of(height):
        shape = components().buildings[height - 1].shape
        raise IllegalAction("bv.error.wrong_shape", height=height, place="-".join(action.cells),
                            input=notation(action), shape=terms.shape(shape))
    if idx not in ps:
        p = geo.placements[idx]
        text = notation(action)
        if p.mask & occupied(state):
            raise IllegalAction("bv.error.occupied", place=p.label, input=text)
        if forced:
            raise IllegalAction("bv.error.not_on_border", height=height, place=p.label, input=text)
        raise IllegalAction("bv.error.breaks_zoning", place=p.label, zoning=terms.zoning(state.zoning), input=text)
    return idx, forced


def build(state: State, seat: int, action: BuildAction) -> list[Event]:
    entry = current(state)
    height = card_value(entry.card)
    idx, forced = placement(state, height, action)
    p = geometry(state.town).placements[idx]
    gain = 0 if forced else coins_earned(state, p, height)
    entry.revealed = True
    entry.built = True
    place(state, seat, height, card_roofed(entry.card), idx)
    shown: dict[str, Any] = {"seat": seat, "card": terms.card(entry.card), "roofed": terms.roofed_clause(entry.card), "place": p.label}
    if forced:
        events = [event("bv.event.built_forced", where=terms.border_clause(p.border), **shown)]
        return events + flow.next_builder(state) + flow.settle(state)
    paid = min(gain, state.bank)
    state.bank -= paid
    state.architects[seat].coins += paid
    short = Msg("bv.term.bank_short", coins=paid) if paid < gain else ""
    can = met(state, seat)
    again: Msg | str = ""
    if can and state.architects[seat].contract_round == state.round:
        again = Msg("bv.term.one_contract_per_round", contracts=can, count=len(can))
        can = []
    events = [event("bv.event.built", coins=paid, short=short, again=again, **shown)]
    if can:
        state.phase = "contract"
        return events
    return events + flow.next_builder(state) + flow.settle(state)


def contract(state: State, seat: int, action) -> list[Event]:
    if isinstance(action, ContractAction):
        can = eligible(state, seat)
        if action.id not in can:
            key = "bv.error.contract_not_face_up" if action.id not in state.contract_row else "bv.error.contract_not_met"
            raise IllegalAction(key, id=action.id, input=notation(action), can=can)
        state.contract_row[state.contract_row.index(action.id)] = None
        state.architects[seat].contracts.append(action.id)
        state.architects[seat].contract_round = state.round
        card = contract_card(action.id)
        words = terms.contract(card.kind, card.neighborhoods, setup_for(state.seats).contract_threshold)
        events = [event("bv.event.took_contract", seat=seat, id=action.id, contract=words, value=card.value)]
    else:
        events = [event("bv.event.passed", seat=seat)]
    return events + flow.next_builder(state) + flow.settle(state)


def neutral(state: State, seat: int, action: NeutralAction) -> list[Event]:
    height = state.neutral_next
    idx, forced = placement(state, height, action)
    place(state, None, height, False, idx)
    state.neutral_next += 1
    p = geometry(state.town).placements[idx]
    how = Msg("bv.term.neutral_forced", where=terms.border_clause(p.border)) if forced else ""
    events = [event("bv.event.placed_neutral", seat=seat, height=height, place=p.label, forced=how)]
    return events + flow.round_end(state) + flow.settle(state)
