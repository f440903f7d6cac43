"""Whole positions consistent with what one seat sees (``Game.sample_state``), for agents.

Everything public is copied from the view. What the seat cannot see is dealt afresh from the
agent's generator: the works of art it has not seen (the other firms' palazzi, the face-down
supply, the tiles another firm is placing) from the tiles still unseen; the unknown top of the
office deck and of the event deck, each from the cards not known to be elsewhere; the factions
declared by others before everyone has declared; the sealed bids, bets and rescue answers other
firms have already made (invented: a bid around the palazzo's price or a pass (``judging``: other
models the arena compares), a bet on any
product with a modest stake, either answer). The generator of the sample is a new one, seeded
from the agent's, so the future spins are invented too. ``view(sample, seat) == view`` always.

The dealing itself uses a local ``random.Random`` seeded from the agent's generator: the same
choices for the same generator, at a fraction of the cost of drawing each card from it (an
agent samples thousands of positions per decision).
"""

from __future__ import annotations

import random
from collections import Counter

from engines.core.rng import Rng, SplitMix64
from engines.leonardo import bidding
from engines.leonardo.components import PRODUCTS, cards, space
from engines.leonardo.invariants import all_art
from engines.leonardo.judging import MODEL
from engines.leonardo.model import (
    Auction,
    Bet,
    Faction,
    Firm,
    Market,
    Options,
    RescueCall,
    State,
    View,
)

FACTIONS: tuple[Faction, Faction] = ("guelfi", "ghibellini")


def sample(view: View, seat: int, agent_rng: Rng) -> State:
    c = cards()
    rng = random.Random(agent_rng.next_u64())
    mine = next(f for f in view.firms if seat in f.members)
    firms = {f.id: Firm(id=f.id, members=list(f.members), florins=f.florins, faction=f.faction,
                        position=f.position, moved=f.moved, men=f.men, offices=list(f.offices),
                        active=f.active, out_turn=f.out_turn) for f in view.firms}
    declared = dict(view.factions)  # public once everyone has declared
    for s in view.declared:
        if s not in declared:  # before that, the seat knows its own only
            if s == seat:
                assert view.my_faction is not None
                declared[s] = view.my_faction
            else:
                declared[s] = FACTIONS[rng.randrange(2)]
    art, supply, drawn = _art(view, mine.id, rng)
    state = State(
        seats=view.seats, options=Options(max_rounds=view.max_rounds, corporations=view.corporations),
        rng=SplitMix64(state=rng.getrandbits(64)), bank=c.bank_florins - sum(f.florins for f in view.firms),
        firms=firms, order=list(view.order), first_spins=[dict(s) for s in view.first_spins],
        slot=view.order.index(view.current), round=view.round,
        turn=view.turn, phase=view.phase, declared=declared, owner=dict(view.owner), art=art,
        art_supply=supply, office_deck=_offices(view, rng), office_returned=len(view.offices_seen),
        event_deck=_events(view, rng), event_draws=view.event_draws, men_deck=view.men_left,
        art_bought=view.art_bought, proposed=view.proposed, drawn=drawn, spins=list(view.spins),
        buy_space=view.buy_space, end=view.end,
        office=view.office.model_copy() if view.office else None,
        merge=view.merge.model_copy(deep=True) if view.merge else None,
        last_seat=view.last_seat, last_events=view.last_events,  # the last move's public caption
        earlier=tuple(view.earlier),
    )
    if view.auction_space is not None:
        state.auction = Auction(space=view.auction_space, bidders=list(view.auction_bidders),
                                bids={s: _bid(view, s, mine.id, rng) for s in view.auction_decided})
    if view.market_space is not None:
        assert view.market_opener is not None
        state.market = Market(space=view.market_space, opener=view.market_opener, bettors=list(view.market_bettors),
                              bets={s: _bet(view, s, mine.id, rng) for s in view.market_decided})
    if view.rescue is not None:
        r = view.rescue
        assert r.why is not None
        answers = {s: view.my_rescue if s == mine.id else rng.randrange(2) == 1 for s in r.decided}
        state.rescue = RescueCall(debtor=r.debtor, creditor=r.creditor, amount=r.amount, why=r.why,
                                  shortfall=r.shortfall, rescuers=list(r.rescuers), answers=answers,
                                  resume=r.resume, office=r.office, payments=[p.model_copy() for p in r.payments])
    return state


def _art(view: View, firm_id: int, rng: random.Random) -> tuple[dict[int, list[int]], list[int], list[int]]:
    """The works of art on every palazzo, the face-down supply and the tiles being placed:
    the seat's own as it sees them, the others dealt from the tiles it has not seen."""
    unseen = all_art() - Counter(v for values in view.my_art.values() for v in values) - Counter(view.my_drawn)
    pool = list(unseen.elements())
    rng.shuffle(pool)
    art: dict[int, list[int]] = {}
    for number, count in sorted(view.art_counts.items()):
        art[number] = list(view.my_art[number]) if number in view.my_art else [pool.pop() for _ in range(count)]
    supply = [pool.pop() for _ in range(view.art_left)]
    drawn = list(view.my_drawn) if view.current == firm_id else pool  # another firm's: what is left
    return art, supply, drawn


def _offices(view: View, rng: random.Random) -> list[int]:
    """The office deck: the cards nobody knows the place of (not held, not being paid for,
    not seen going under the deck) shuffled, then the ones seen going under it."""
    elsewhere = {o for f in view.firms for o in f.offices} | set(view.offices_seen)
    if view.rescue is not None and view.rescue.office is not None:
        elsewhere.add(view.rescue.office)
    top = [o.space for o in cards().offices if o.space not in elsewhere]
    rng.shuffle(top)
    return top + list(view.offices_seen)


def _events(view: View, rng: random.Random) -> list[str]:
    """The event deck: its unknown top (the cards never drawn since the start) shuffled, then
    the cards drawn so far in their order under it (the whole deck once it has come round)."""
    if view.event_draws >= view.event_left:
        return list(view.events_seen)
    e = cards().events
    whole = Counter(nulla=e.nulla, guelfa=e.guelfa, ghibellina=e.ghibellina)
    top = list((whole - Counter(view.events_seen)).elements())
    rng.shuffle(top)
    return top + list(view.events_seen)


def _bid(view: View, firm_id: int, mine: int, rng: random.Random) -> int:
    """A sealed bid already made: the seat's own, or an invented one: a pass, or up to a little
    over the palazzo's price (kept); ``bidding``'s models where the arena compares (``judging``)."""
    if firm_id == mine:
        assert view.my_bid is not None
        return view.my_bid
    florins = next(f.florins for f in view.firms if f.id == firm_id)
    assert view.auction_space is not None
    price = space(view.auction_space).price or 0
    if MODEL.sensible_bids:
        return bidding.draw(price, florins, rng)
    if MODEL.uniform_bids:
        return bidding.draw_from(bidding.uniform(florins), rng)
    low = cards().min_stake
    top = min(florins, price + price // 5)
    if rng.randrange(3) == 0 or top < low:
        return 0
    return low + rng.randrange(top - low + 1)


def _bet(view: View, firm_id: int, mine: int, rng: random.Random) -> Bet:
    """A sealed bet already placed: the seat's own, or an invented one."""
    if firm_id == mine:
        assert view.my_bet is not None
        return view.my_bet
    florins = next(f.florins for f in view.firms if f.id == firm_id)
    low = cards().min_stake
    stake = low + rng.randrange(max(1, min(florins, 4 * low) - low + 1))
    return Bet(product=PRODUCTS[rng.randrange(len(PRODUCTS))], stake=stake)
