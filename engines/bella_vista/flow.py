"""Set-up, the Offer Phase, the order of construction, and the Round End."""

from __future__ import annotations

from engines.bella_vista.building import placeable
from engines.bella_vista.components import cards, components, offer_costs, setup_for
from engines.bella_vista.layout_rules import check_layout
from engines.bella_vista.state import (
    ROUNDS,
    Architect,
    BottomSlot,
    OfferEntry,
    Options,
    SetAside,
    State,
    card_roofed,
    card_value,
    event,
    msg,
    trusted,
)
from engines.bella_vista.terms import card
from engines.bella_vista.town import named_layout, random_layout
from engines.core.game import Event
from engines.core.rng import Rng


def new_state(seats: int, options: Options, rng: Rng) -> State:
    if options.layout == "random":
        key = random_layout(rng)  # valid by construction
    else:
        key = named_layout(options.layout)
        check_layout(key)
    row = setup_for(seats)
    deck = cards()
    zoning = [z.id for z in deck.zoning]
    rng.shuffle(zoning)
    height = rng.choice([o.id for o in deck.height_objectives])
    grouping = rng.choice([o.id for o in deck.grouping_objectives])
    contracts = [c.id for c in deck.contracts]
    rng.shuffle(contracts)
    architects = []
    for _ in range(seats):
        own = [str(v) for v in range(1, 9)]
        if row.sets == 2:
            own += [f"{v}r" for v in range(1, 9)]
        rng.shuffle(own)
        architects.append(Architect(coins=row.coins, hand=own[: row.hand], deck=own[row.hand :]))
    if seats == 2:
        first = rng.below(2)
        bottom = [BottomSlot(seat=s) for s in (first, 1 - first, 1 - first, first)]
    else:
        order = list(range(seats))
        rng.shuffle(order)
        bottom = [BottomSlot(seat=s) for s in order]
    return State(
        seats=seats,
        layout_name=options.layout,
        town=key,
        rng=rng,
        bank=components().coin_total - row.coins * seats,
        architects=architects,
        bottom=bottom,
        spaces=[None] * len(offer_costs(seats)),
        zoning_deck=zoning[1:],
        zoning=zoning[0],
        contract_deck=contracts[4:],
        contract_row=contracts[:4],
        height_objective=height,
        grouping_objective=grouping,
    )


def affordable(state: State, seat: int) -> list[int]:
    """Costs of the empty offer spaces the architect can pay."""
    coins = state.architects[seat].coins
    return [
        cost for cost, entry in zip(offer_costs(state.seats), state.spaces, strict=True)
        if entry is None and cost <= coins
    ]


def offer(state: State, seat: int, cost: int | None, code: str) -> list[Event]:
    arch = state.architects[seat]
    arch.hand.remove(code)
    entry = trusted(OfferEntry, seat=seat, card=code, cost=cost)  # checked by the caller
    if cost is None:
        state.last.append(entry)
        said = event("bv.event.offered_last", seat=seat)
    else:
        arch.coins -= cost
        state.bank += cost
        state.spaces[offer_costs(state.seats).index(cost)] = entry
        said = event("bv.event.offered", seat=seat, cost=cost)
    events = [said, event("bv.event.placed_face_down", to=seat, card=card(code))]
    state.offer_turn += 1
    if state.offer_turn == len(state.bottom):
        # The cards move into the construction order (one copy of each, so a state
        # reloaded from JSON behaves exactly like the one in memory).
        state.order = [e for e in state.spaces if e is not None] + state.last
        state.spaces = [None] * len(state.spaces)
        state.last = []
        state.build_pos = 0
        state.phase = "construction"
        events.append(event("bv.event.construction_begins", round=state.round))
        events += settle(state)
    return events


def current(state: State) -> OfferEntry:
    return state.order[state.build_pos]


def settle(state: State) -> list[Event]:
    """Run the steps nobody decides: a building that fits nowhere is set aside."""
    events: list[Event] = []
    while True:
        if state.phase == "construction":
            entry = current(state)
            if placeable(state, card_value(entry.card))[0]:
                return events
            entry.revealed = True
            entry.built = True
            roofed = card_roofed(entry.card)
            state.set_aside.append(trusted(SetAside, owner=entry.seat, height=card_value(entry.card), roofed=roofed))
            events.append(event("bv.event.set_aside", seat=entry.seat, card=card(entry.card)))
            events += next_builder(state)
        elif state.phase == "neutral":
            if placeable(state, state.neutral_next)[0]:
                return events
            state.set_aside.append(trusted(SetAside, owner=None, height=state.neutral_next))
            events.append(event("bv.event.neutral_set_aside", height=state.neutral_next))
            state.neutral_next += 1
            events += round_end(state)
        else:
            return events


def next_builder(state: State) -> list[Event]:
    """Move on after a construction (steps A-C done)."""
    state.build_pos += 1
    if state.build_pos < len(state.order):
        state.phase = "construction"
        return []
    if state.round == ROUNDS:
        state.phase = "over"
        return [event("bv.event.game_over")]
    if state.seats == 3:
        state.phase = "neutral"
        return [event("bv.event.neutral_turn", seat=state.order[-1].seat, height=state.neutral_next)]
    return round_end(state)


def round_end(state: State) -> list[Event]:
    """A: cards to the bottom in ascending order (ties: the more expensive space first,
    i.e. the earlier in construction order); B: draw back up; C: refill contracts;
    D: a new Zoning Card. Every architect hears privately what they drew (or that their
    deck is empty), so each seat's record holds its own draws."""
    ranked = sorted(enumerate(state.order), key=lambda p: (card_value(p[1].card), p[0]))
    for slot in state.bottom:
        if slot.card is not None:
            state.architects[slot.seat].discard.append(slot.card)
    state.bottom = [trusted(BottomSlot, seat=e.seat, card=e.card) for _, e in ranked]  # from the state's own cards
    hand = setup_for(state.seats).hand
    drawn: list[Event] = []
    for seat, arch in enumerate(state.architects):
        new: list[str] = []
        while len(arch.hand) + len(new) < hand and arch.deck:
            new.append(arch.deck.pop(0))
        arch.hand += new
        if new:
            drawn.append(event("bv.event.drew", to=seat, cards=[card(c) for c in new]))
        else:
            drawn.append(event("bv.event.drew_nothing", to=seat))
    for i, c in enumerate(state.contract_row):
        if c is None and state.contract_deck:
            state.contract_row[i] = state.contract_deck.pop(0)
    state.zoning_used.append(state.zoning)
    state.zoning = state.zoning_deck.pop(0)
    state.round += 1
    state.phase = "offers"
    state.offer_turn = 0
    state.spaces = [None] * len(state.spaces)
    state.last = []
    state.order = []
    state.build_pos = 0
    order = [msg("bv.term.offer_slot", seat=s.seat, card=card(s.card or "")) for s in state.bottom]
    return [event("bv.event.round_begins", round=state.round, order=order), *drawn]
