"""What a seat (or a spectator) may see of a Leonardo position: the public board, counts
for what lies face down, and the seat's own secrets. Everything an agent needs to rebuild a
whole position consistent with it (``sampling.py``) is here, and nothing hidden."""

from __future__ import annotations

from engines.leonardo.economy import firm_of, holdings
from engines.leonardo.model import FirmView, RescueInfo, State, View


def view(state: State, seat: int | None, to_act: list[int]) -> View:
    firms = []
    for f in state.firms.values():
        own = holdings(state, f.id)
        firms.append(FirmView(id=f.id, members=f.members, florins=f.florins, faction=f.faction, position=f.position,
                              men=f.men, offices=f.offices, active=f.active, palazzi=own,
                              art_count=sum(len(state.art.get(n, [])) for n in own), moved=f.moved,
                              out_turn=f.out_turn))
    auction, market, rescue = state.auction, state.market, state.rescue
    draws, events = state.event_draws, state.event_deck
    v = View(
        seat=seat, seats=state.seats, round=state.round, max_rounds=state.options.max_rounds,
        turn=state.turn, phase=state.phase, current=state.order[state.slot],
        to_act=to_act, firms=firms, owner=dict(state.owner),
        art_counts={n: len(v) for n, v in state.art.items() if v}, declared=sorted(state.declared),
        art_left=len(state.art_supply), office_left=len(state.office_deck),
        event_left=len(events), men_left=state.men_deck, buy_space=state.buy_space,
        auction_space=auction.space if auction else None,
        auction_decided=sorted(auction.bids) if auction else [],
        market_space=market.space if market else None,
        market_decided=sorted(market.bets) if market else [],
        office=state.office.model_copy() if state.office else None,
        merge=state.merge.model_copy(deep=True) if state.merge else None, spins=list(state.spins),
        rescue=RescueInfo(debtor=rescue.debtor, creditor=rescue.creditor, amount=rescue.amount,
                          shortfall=rescue.shortfall, rescuers=list(rescue.rescuers), decided=sorted(rescue.answers),
                          why=rescue.why, resume=rescue.resume, office=rescue.office,
                          payments=[p.model_copy() for p in rescue.payments]) if rescue else None,
        over=state.phase == "over", end=state.end,
        factions=dict(state.declared) if len(state.declared) == state.seats else {},
        order=list(state.order), first_spins=[dict(spins) for spins in state.first_spins],
        corporations=state.options.corporations, art_bought=state.art_bought,
        proposed=state.proposed, auction_bidders=list(auction.bidders) if auction else [],
        market_opener=market.opener if market else None, market_bettors=list(market.bettors) if market else [],
        event_draws=draws, events_seen=list(events[len(events) - draws:] if draws < len(events) else events),
        offices_seen=state.office_deck[len(state.office_deck) - state.office_returned:],
        last_seat=state.last_seat, last_events=[e.msg for e in state.last_events], earlier=list(state.earlier),
    )
    if seat is not None and 0 <= seat < state.seats:
        firm = firm_of(state, seat)
        v.my_art = {n: list(state.art[n]) for n in holdings(state, firm.id) if state.art.get(n)}
        if state.order[state.slot] == firm.id:
            v.my_drawn = list(state.drawn)
        v.my_faction = firm.faction or state.declared.get(seat)
        if auction and firm.id in auction.bids:
            v.my_bid = auction.bids[firm.id]
        if market and firm.id in market.bets:
            v.my_bet = market.bets[firm.id]
            v.my_bet_passed = v.my_bet is None
        if rescue and firm.id in rescue.answers:
            v.my_rescue = rescue.answers[firm.id]
    return v
