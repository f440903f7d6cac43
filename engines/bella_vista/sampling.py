"""Whole positions consistent with what one seat sees, for the AI players
(``BellaVista.sample_state``): everything the view shows is kept, everything the seat cannot
see is dealt again at random from what is still unseen.

Hidden from the seat, and dealt afresh in every sample:
- each other architect's hand, face-down offer cards and deck: one shuffle of that
  architect's cards the seat has not seen (the full set minus its buildings, the buildings
  set aside, and nothing else: a card is seen only once it is built or set aside);
- the seat's own deck order (its contents are known: its cards not in hand, on the board
  or built);
- the order of the Zoning deck and of the Contract deck (the cards not yet turned up).
The face-down card of an architect about to build gets a card that has somewhere to go (a
card with no place at all would have been set aside already). The generator is new, drawn
from the caller's ``rng`` (play never draws from it anyway).

What the view does not show but a state needs is public and rebuilt from it: each
architect's discard (its cards built before the last round end, minus those under the
board), the construction order and whose turn it is, the next neutral building.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import cast

from engines.bella_vista.building import placeable
from engines.bella_vista.components import cards, full_set, offer_costs
from engines.bella_vista.state import (
    Architect,
    BottomSlot,
    Building,
    OfferEntry,
    Phase,
    SetAside,
    State,
    card_value,
)
from engines.bella_vista.view import CardView, OfferSpaceView, View
from engines.core.rng import Rng, SplitMix64


@dataclass
class Base:
    """A view turned into a state once: the public facts in place, and what to deal."""

    state: State  # hidden places hold a placeholder card ("?") until dealt
    pools: list[list[str]]  # per seat: the cards the viewer has not seen, dealt to the places below
    places: list[list[tuple[str, int]]] = field(default_factory=list)  # per seat: face-down entries to fill
    hands: list[int] = field(default_factory=list)  # per seat: cards to deal into the hand
    builder: tuple[str, int] | None = None  # the face-down entry about to be built (it needs a place)
    zonings: list[str] = field(default_factory=list)  # Zoning Cards not yet turned up
    contracts: list[int] = field(default_factory=list)  # Contract Cards not yet turned up


_last: list = [None, None, None]  # (view, seat, base): a search samples one view many times


def sample_state(view: View, seat: int, rng: Rng) -> State:
    return deal(base(view, seat), random.Random(rng.next_u64()))


def base(view: View, seat: int) -> Base:
    """``base_of`` the view, kept for the last view asked (the same object: views are read,
    never changed)."""
    if _last[0] is not view or _last[1] != seat:
        _last[:] = [view, seat, base_of(view, seat)]
    return _last[2]


def deal(base: Base, r: random.Random) -> State:
    """One sample: the base with every hidden card dealt from its pool."""
    state = copy.deepcopy(base.state)
    state.rng = SplitMix64(state=r.getrandbits(64))
    for s, arch in enumerate(state.architects):
        pool = base.pools[s][:]
        r.shuffle(pool)
        places = base.places[s]
        for (where, i), code in zip(places, pool, strict=False):
            getattr(state, where)[i].card = code
        rest = pool[len(places):]
        arch.hand += rest[: base.hands[s]]
        arch.deck = rest[base.hands[s]:]
    if base.builder is not None:
        _give_a_placeable_card(state, base.builder)
    zonings, contracts = base.zonings[:], base.contracts[:]
    r.shuffle(zonings)
    r.shuffle(contracts)
    state.zoning_deck, state.contract_deck = zonings, contracts
    return state


def _give_a_placeable_card(state: State, where: tuple[str, int]) -> None:
    """The face-down card about to be built must fit somewhere: if the dealt one does not,
    swap it with the first of the architect's hidden cards that does."""
    entry = getattr(state, where[0])[where[1]]
    if placeable(state, card_value(entry.card))[0]:
        return
    arch = state.architects[entry.seat]
    for cards_ in (arch.hand, arch.deck):
        for i, code in enumerate(cards_):
            if placeable(state, card_value(code))[0]:
                cards_[i], entry.card = entry.card, code
                return


def _code(card: CardView) -> str:
    return f"{card.height}{'r' if card.roofed else ''}"


def _entry(space: OfferSpaceView) -> OfferEntry:
    assert space.seat is not None
    return OfferEntry(seat=space.seat, card=_code(space.card) if space.card else "?", cost=space.cost,
                      revealed=not space.face_down, built=space.built)


def base_of(view: View, seat: int) -> Base:
    """The state behind a view, as far as the seat knows it (see the module text)."""
    n, size = view.seats, view.tile_size
    town = [["."] * (view.columns // size) for _ in range(view.rows // size)]
    for t in view.tiles:
        town[t.y // size][t.x // size] = t.code
    buildings = [Building(owner=b.owner, colour=b.colour, roofed=b.roofed, height=b.height,
                          cells=tuple(sorted(row * view.columns + col for col, row in b.cells))) for b in view.buildings]
    set_aside = [SetAside(owner=x.owner, height=x.height, roofed=x.roofed) for x in view.set_aside]
    played: list[Counter] = [Counter() for _ in range(n)]
    standing: list[Building | SetAside] = [*buildings, *set_aside]
    for b in standing:
        if b.owner is not None:
            played[b.owner][f"{b.height}{'r' if b.roofed else ''}"] += 1
    spaces: list[OfferEntry | None] = [None] * len(offer_costs(n))
    last: list[OfferEntry] = []
    order: list[OfferEntry] = []
    if view.phase == "offers":
        spaces = [None if s.seat is None else _entry(s) for s in view.offer_spaces]
        last = [_entry(s) for s in view.last_slots]
    else:
        shown = [s for s in view.offer_spaces + view.last_slots if s.seat is not None]
        order = [_entry(s) for s in sorted(shown, key=lambda s: s.builds or 0)]
    built_now = [Counter(e.card for e in order if e.built and e.seat == s) for s in range(n)]
    bottom = [BottomSlot(seat=b.seat, card=None if b.card is None else _code(b.card)) for b in view.bottom]
    architects, pools, hands = [], [], []
    for s, a in enumerate(view.architects):
        under = Counter(b.card for b in bottom if b.seat == s and b.card is not None)
        discard = sorted((played[s] - under - built_now[s]).elements(), key=lambda c: (card_value(c), c))
        known = Counter(played[s])
        hand: list[str] = []
        if s == seat:
            hand = [_code(c) for c in view.hand or []]
            known += Counter(hand) + Counter(e.card for e in spaces + last + order if e and e.seat == s)
        pools.append(sorted((full_set(n) - known).elements(), key=lambda c: (card_value(c), c)))
        hands.append(a.hand - len(hand))
        architects.append(Architect(coins=a.coins, hand=hand, deck=[], discard=discard, contracts=a.contract_ids,
                                    contract_round=a.contract_round))
    places = [[(where, i) for where, entries in (("spaces", spaces), ("last", last), ("order", order))
               for i, e in enumerate(entries) if e is not None and e.card == "?" and e.seat == s] for s in range(n)]
    built = sum(e.built for e in order)
    build_pos = {"construction": built, "contract": built - 1, "neutral": len(order)}.get(view.phase, 0)
    builder = None
    if view.phase == "construction" and order[build_pos].card == "?":
        builder = ("order", build_pos)
    neutral = sum(1 for b in standing if b.owner is None)
    taken = {c for a in architects for c in a.contracts}
    row = [None if c is None else c.id for c in view.contracts]
    phase = cast(Phase, view.phase)  # the view's phase is copied from a State's (a Phase)
    state = State.model_construct(  # every value is built above from the (valid) view, as the model wants it
        seats=n, layout_name=view.layout, town=tuple(tuple(r) for r in town), rng=SplitMix64(state=0),
        round=view.round, phase=phase, bank=view.bank, architects=architects, bottom=bottom,
        offer_turn=view.offer_turn, spaces=spaces, last=last, order=order,
        build_pos=build_pos, zoning_deck=[], zoning=view.zoning.id, zoning_used=list(view.zoning_used),
        contract_deck=[], contract_row=row, height_objective=view.height_objective.id,
        grouping_objective=view.grouping_objective.id, buildings=buildings, set_aside=set_aside,
        neutral_next=neutral + 1, last_building=view.last_building,
        last_events=tuple(view.last_events),  # the board's caption of the last move
    )
    seen_zoning = {view.zoning.id, *view.zoning_used}
    return Base(
        state=state,
        pools=pools, places=places, hands=hands, builder=builder,
        zonings=[z.id for z in cards().zoning if z.id not in seen_zoning],
        contracts=[c.id for c in cards().contracts if c.id not in taken and c.id not in row],
    )
