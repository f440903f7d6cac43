"""Set-up, the Offer Phase, the order of construction, and the Round End."""

from __future__ import annotations

from engines.bella_vista.building import legal_placements
from engines.bella_vista.components import cards, components, offer_costs, setup_for
from engines.bella_vista.layout_rules import check_layout
from engines.bella_vista.state import Architect, BottomSlot, OfferEntry, Options, SetAside, State, card_value
from engines.bella_vista.town import named_layout, random_layout
from engines.core.game import Event
from engines.core.rng import Rng

ROUNDS = 8


def colour_name(seat: int | None) -> str:
    colours = components().colours
    return colours[3 if seat is None else seat].capitalize()


def new_state(seats: int, options: Options, seed: int | str) -> State:
    rng = Rng.from_seed(seed)
    key = random_layout(rng) if options.layout == "random" else named_layout(options.layout)
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


def offer(state: State, seat: int, cost: int | None, card: str) -> list[Event]:
    arch = state.architects[seat]
    arch.hand.remove(card)
    entry = OfferEntry(seat=seat, card=card, cost=cost)
    if cost is None:
        state.last.append(entry)
        text = f"{colour_name(seat)} cannot pay any free offer space and will build last."
    else:
        arch.coins -= cost
        state.bank += cost
        state.spaces[offer_costs(state.seats).index(cost)] = entry
        text = f"{colour_name(seat)} pays {cost} coin{'s' if cost != 1 else ''} for the {cost}-coin offer space."
    events = [Event(text=text), Event(text=f"You placed #{card} face-down.", to=seat)]
    state.offer_turn += 1
    if state.offer_turn == len(state.bottom):
        # The cards move into the construction order (one copy of each, so a state
        # reloaded from JSON behaves exactly like the one in memory).
        state.order = [e for e in state.spaces if e is not None] + state.last
        state.spaces = [None] * len(state.spaces)
        state.last = []
        state.build_pos = 0
        state.phase = "construction"
        events.append(Event(text=f"Round {state.round}: the Construction Phase begins."))
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
            if legal_placements(state, card_value(entry.card))[0]:
                return events
            entry.revealed = True
            entry.built = True
            roofed = entry.card.endswith("r")
            state.set_aside.append(SetAside(owner=entry.seat, height=card_value(entry.card), roofed=roofed))
            events.append(
                Event(text=f"{colour_name(entry.seat)} reveals #{entry.card}, but it fits nowhere: set aside.")
            )
            events += next_builder(state)
        elif state.phase == "neutral":
            if legal_placements(state, state.neutral_next)[0]:
                return events
            state.set_aside.append(SetAside(owner=None, height=state.neutral_next))
            events.append(Event(text=f"The neutral building #{state.neutral_next} fits nowhere: set aside."))
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
        return [Event(text="All Construction Cards have been played: the game is over.")]
    if state.seats == 3:
        state.phase = "neutral"
        last = state.order[-1].seat
        return [Event(text=f"{colour_name(last)} built last and now places the neutral building #{state.neutral_next}.")]
    return round_end(state)


def round_end(state: State) -> list[Event]:
    """A: cards to the bottom in ascending order (ties: the more expensive space first,
    i.e. the earlier in construction order); B: draw back up; C: refill contracts;
    D: a new Zoning Card."""
    ranked = sorted(enumerate(state.order), key=lambda p: (card_value(p[1].card), p[0]))
    for slot in state.bottom:
        if slot.card is not None:
            state.architects[slot.seat].discard.append(slot.card)
    state.bottom = [BottomSlot(seat=e.seat, card=e.card) for _, e in ranked]
    hand = setup_for(state.seats).hand
    drawn: list[Event] = []
    for seat, arch in enumerate(state.architects):
        new = []
        while len(arch.hand) + len(new) < hand and arch.deck:
            new.append(arch.deck.pop(0))
        arch.hand += new
        if new:
            drawn.append(Event(text="You draw " + ", ".join(f"#{c}" for c in new) + ".", to=seat))
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
    order = ", ".join(f"{colour_name(s.seat)} #{s.card}" for s in state.bottom)
    return [Event(text=f"Round {state.round} begins. Offer order: {order}.")] + drawn
