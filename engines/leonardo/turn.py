"""The flow of a turn: spin, move, land, the space's effect, meetings, next turn."""

from __future__ import annotations

from engines.leonardo.components import cards, office_at, space
from engines.leonardo.economy import (
    active_firms,
    after,
    firm_name,
    firm_of,
    income,
    merge_firms,
    palazzi_count,
    pay,
    seat_name,
    settle_bankruptcy,
    transfer,
)
from engines.leonardo.model import Auction, Firm, Market, OfficeCall, Payment, RescueCall, State

ROUTE = 32


def current(state: State) -> Firm:
    return state.firms[state.order[state.slot]]


def machine(state: State) -> int:
    c = cards()
    return state.rng.randint(c.machine_low, c.machine_high)


def step(position: int, delta: int) -> int:
    return (position - 1 + delta) % ROUTE + 1


def start_turn(state: State, out: list[str]) -> None:
    state.phase = "start"
    state.art_bought = False
    state.proposed = False
    state.drawn = []
    state.spins = []
    state.buy_space = None
    state.auction = state.market = state.office = state.merge = state.rescue = None
    out.append(f"Round {state.round}: {firm_name(current(state))} to play.")


def spin(state: State, out: list[str]) -> None:
    firm = current(state)
    results = [machine(state) for _ in firm.members]
    if len(firm.members) > 1:
        names = ", ".join(f"{seat_name(m)} {n}" for m, n in zip(firm.members, results, strict=True))
        out.append(f"{firm_name(firm)} spin the Machina de la Sorte: {names}.")
        if len(set(results)) > 1:
            state.spins = sorted(set(results))
            state.phase = "choose"
            return
    else:
        out.append(f"{firm_name(firm)} spins the Machina de la Sorte: {results[0]}.")
    move(state, results[0], out)


def indemnity(state: State, firm: Firm, out: list[str]) -> None:
    if len(firm.members) > 1:
        out.append(f"{firm_name(firm)} is a corporation and receives no indemnity.")
        return
    transfer(state, None, firm.id, cards().indemnity)
    out.append(f"{firm_name(firm)} receives the {cards().indemnity}-florin indemnity of Piazza Maggiore.")


def move(state: State, n: int, out: list[str]) -> None:
    c = cards()
    state.spins = []
    firm = current(state)
    if n in c.man_at_arms_numbers:
        if firm.men >= c.men_per_player * len(firm.members):
            out.append(f"{firm_name(firm)} already has the most men-at-arms allowed.")
        elif state.men_deck == 0:
            out.append("No Man-at-Arms card is left.")
        else:
            state.men_deck -= 1
            firm.men += 1
            out.append(f"{firm_name(firm)} takes a Man-at-Arms card ({firm.men} now).")
    if not firm.moved:
        firm.moved = True
        path, dest = list(range(2, n)), n
        if n == 1:
            firm.moved = False
            out.append(f"{firm_name(firm)} counts Piazza Maggiore as the first space and stays there.")
            finish(state, out, meet_=False)
            return
    else:
        path = [step(firm.position, k) for k in range(1, n)]
        dest = step(firm.position, n)
    for number in path:
        if number == 1:
            indemnity(state, firm, out)
        elif space(number).kind == "bridge":
            owner = state.owner.get(number)
            if owner is not None and owner != firm.id:
                if not pay(state, firm.id, owner, c.bridge_toll, f"toll of {space(number).name}", out):
                    if state.rescue is None:  # a rescue call resumes with finish (RULINGS 40)
                        finish(state, out)
                    return
    firm.position = dest
    out.append(f"{firm_name(firm)} moves {n} to {space(dest).name} ({dest}).")
    arrive(state, dest, out)


def arrive(state: State, number: int, out: list[str]) -> None:
    firm = current(state)
    office = office_at(number)
    if office is not None:
        for other in after(state, firm.id):
            if number in other.offices:
                state.office = OfficeCall(space=number, holder=other.id, target=firm.id)
                state.phase = "office"
                out.append(
                    f"{firm_name(other)}, holder of the {office.title} ({office.price} florins), "
                    f"decides on {firm_name(firm)}'s marker."
                )
                return
    resolve(state, number, out)


def resolve(state: State, number: int, out: list[str]) -> None:
    """The effect of the space the current marker stops on."""
    c = cards()
    firm = current(state)
    sp = space(number)
    if number == 1:
        indemnity(state, firm, out)
        if state.office_deck:
            office = office_at(state.office_deck.pop(0))
            assert office is not None
            out.append(f"{firm_name(firm)} draws the office {office.title} (space {office.space}).")
            if pay(state, firm.id, None, office.price, f"price of the {office.title}", out):
                firm.offices.append(office.space)
            elif state.rescue is not None:  # the rescuer's corporation would hold the office
                state.rescue.resume = "office"
                state.rescue.office = office.space
                return
            else:
                state.office_deck.append(office.space)
        else:
            out.append("No public office is left to draw.")
    elif sp.buyable:
        owner = state.owner.get(number)
        if owner is None:
            if firm.florins >= (sp.price or 0):
                state.buy_space = number
                state.phase = "buy"
                return
            out.append(f"{firm_name(firm)} cannot afford {sp.name} ({sp.price} florins).")
            start_auction(state, number, out)
            return
        if owner != firm.id:
            if sp.kind == "bridge":
                pay(state, firm.id, owner, c.bridge_toll, f"toll of {sp.name}", out)
            else:
                pay(state, firm.id, owner, income(state, number), f"income of {sp.name}", out)
            if state.rescue is not None:
                return
    elif sp.kind == "market":
        start_market(state, number, out)
        return
    elif number in c.event_squares:
        draw_event(state, out)
    finish(state, out)


def draw_event(state: State, out: list[str]) -> None:
    c = cards()
    card = state.event_deck.pop(0)
    state.event_deck.append(card)
    if card == "nulla":
        out.append("International event: NULLA DI FATTO, nothing happens.")
        return
    faction = "guelfi" if card == "guelfa" else "ghibellini"
    label = "CARTA GUELFA" if card == "guelfa" else "CARTA GHIBELLINA"
    paid = [f for f in active_firms(state) if f.faction == faction]
    for f in paid:
        transfer(state, None, f.id, c.event_payout)
    names = ", ".join(firm_name(f) for f in paid) or "nobody"
    out.append(f"International event: {label}, the bank pays {c.event_payout} florins to each of the "
               f"{faction.capitalize()}: {names}.")


def start_auction(state: State, number: int, out: list[str]) -> None:
    firm = current(state)
    bidders = [f.id for f in after(state, firm.id) if f.florins >= cards().min_stake]
    if not bidders:
        out.append(f"Nobody can bid for {space(number).name}; it stays with the bank.")
        finish(state, out)
        return
    state.buy_space = None
    state.auction = Auction(space=number, bidders=bidders)
    state.phase = "auction"
    out.append(f"The bank auctions {space(number).name} ({number}) from {cards().min_stake} florins: sealed bids.")


def settle_auction(state: State, out: list[str]) -> None:
    auction = state.auction
    assert auction is not None
    best = max(auction.bids.values())
    sp = space(auction.space)
    if best <= 0:
        out.append(f"Every bidder passes: {sp.name} stays with the bank.")
    else:
        winner = next(s for s in auction.bidders if auction.bids[s] == best)
        shown = ", ".join(f"{firm_name(state.firms[s])} {auction.bids[s] or 'pass'}" for s in auction.bidders)
        transfer(state, winner, None, best)
        state.owner[auction.space] = winner
        out.append(f"Bids: {shown}. {firm_name(state.firms[winner])} buys {sp.name} for {best} florins.")
    state.auction = None
    finish(state, out)


def start_market(state: State, number: int, out: list[str]) -> None:
    firm = current(state)
    bettors = [f.id for f in after(state, firm.id) if f.florins >= cards().min_stake]
    out.append(f"{firm_name(firm)} opens the {space(number).name}.")
    if not bettors:
        out.append("Nobody can bet; the market closes.")
        finish(state, out)
        return
    state.market = Market(space=number, opener=firm.id, bettors=bettors)
    state.phase = "market"


def settle_market(state: State, out: list[str]) -> None:
    c = cards()
    market = state.market
    assert market is not None
    bets = [(s, b) for s in market.bettors if (b := market.bets.get(s)) is not None]
    shown = ", ".join(f"{firm_name(state.firms[s])} {b.stake} on {b.product}" for s, b in bets) or "no bets"
    number = machine(state)
    product = c.product_of(number)
    opener = market.opener
    out.append(f"Bets: {shown}. The machine gives {number}: "
               + (f"{product} wins." if product else "Balzello Perditutto, the opener takes every bet."))
    payments = [Payment(payer=s, payee=opener, amount=b.stake, why="market bet")
                for s, b in bets if b.product != product]
    payments += [Payment(payer=opener, payee=s, amount=c.market_multiplier * b.stake, why="winning market bet")
                 for s, b in bets if b.product == product]
    state.market = None
    if run_payments(state, payments, out):
        return
    finish(state, out)


def run_payments(state: State, payments: list[Payment], out: list[str]) -> bool:
    """Make the payments in order; returns True when one of them waits for a rescue (the
    rest are kept with the rescue call). Payers and payees are seats: a rescue may have
    merged one into a corporation, which then pays or is paid."""
    for i, p in enumerate(payments):
        payer = firm_of(state, p.payer).id
        payee = None if p.payee is None else firm_of(state, p.payee)
        if payee is not None and (payee.id == payer or not payee.active):
            continue  # a corporation does not pay itself
        pay(state, payer, None if payee is None else payee.id, p.amount, p.why, out)
        if state.rescue is not None:
            state.rescue.resume = "payments"
            state.rescue.payments = payments[i + 1:]
            return True
    return False


def settle_office(state: State, move_by: int, remove: bool, out: list[str]) -> None:
    call = state.office
    assert call is not None
    target = state.firms[call.target]
    holder = state.firms[call.holder]
    state.office = None
    if remove:
        target.men -= 1
        state.men_deck += 1
        out.append(f"{firm_name(holder)} removes a Man-at-Arms from {firm_name(target)}.")
    if move_by:
        target.position = step(target.position, move_by)
        out.append(f"{firm_name(holder)} moves {firm_name(target)} {move_by:+d} to "
                   f"{space(target.position).name} ({target.position}).")
    else:
        out.append(f"{firm_name(holder)} leaves {firm_name(target)}'s marker where it is.")
    resolve(state, target.position, out)


def meet(state: State, out: list[str], rest: list[int] | None = None) -> None:
    """Meetings on the mover's space, after every other operation of the turn. ``rest``:
    the firms still to meet when a rescue interrupted the meetings."""
    c = cards()
    if state.order[state.slot] not in state.firms:
        return  # the mover was rescued into a corporation: its marker left the board
    mover = current(state)
    if rest is None:
        if not mover.active or mover.position in c.sanctuary:
            if mover.active and any(f.position == mover.position for f in after(state, mover.id)):
                out.append(f"Sanctuary on {space(mover.position).name}: no meeting.")
            return
        rest = [f.id for f in after(state, mover.id)]
    for i, fid in enumerate(rest):
        if not mover.active:
            return
        other = state.firms.get(fid)
        if other is None or not other.active or other.position != mover.position:
            continue
        if mover.men and other.men:
            fight(state, mover, other, out)
        if mover.men and not other.men:
            tribute(state, other, mover, out)
        elif other.men and not mover.men:
            tribute(state, mover, other, out)
        if state.rescue is not None:
            state.rescue.resume = "meet"
            state.rescue.meet_rest = rest[i + 1:]
            return


def fight(state: State, a: Firm, b: Firm, out: list[str]) -> None:
    out.append(f"Combat between {firm_name(a)} and {firm_name(b)}.")
    while a.men and b.men:
        ra, rb = machine(state), machine(state)
        if ra == rb:
            out.append(f"  {ra} against {rb}: spin again.")
            continue
        loser, winner = (b, a) if ra > rb else (a, b)
        loser.men -= 1
        state.men_deck += 1
        out.append(f"  {ra} against {rb}: {firm_name(winner)} wins, {firm_name(loser)} loses a Man-at-Arms.")


def tribute(state: State, payer: Firm, payee: Firm, out: list[str]) -> None:
    amount = cards().tribute_per_palazzo * palazzi_count(state, payer.id)
    if amount == 0:
        out.append(f"{firm_name(payer)} owns no palazzo and owes {firm_name(payee)} no tribute.")
        return
    pay(state, payer.id, payee.id, amount, "tribute to the men-at-arms", out)


def finish(state: State, out: list[str], meet_: bool = True) -> None:
    if meet_:
        meet(state, out)
        if state.rescue is not None:
            return
    if end_if_alone(state, out):
        return
    advance(state, out)


def settle_rescue(state: State, out: list[str]) -> None:
    """Every possible rescuer has answered (RULINGS 40): the first in turn order after the
    debtor who said `rescue` pays the shortfall and absorbs the debtor; if all passed, the
    bankruptcy proceeds as without the variant. Then the interrupted turn goes on."""
    call = state.rescue
    assert call is not None
    state.rescue = None
    debtor = state.firms[call.debtor]
    shown = ", ".join(f"{firm_name(state.firms[r])} {'rescue' if call.answers[r] else 'pass'}"
                      for r in call.rescuers)
    winner = next((r for r in call.rescuers if call.answers[r]), None)
    if winner is None:
        out.append(f"Answers: {shown}. Nobody rescues {firm_name(debtor)}, who cannot pay {call.amount} "
                   f"florins ({call.why}) and goes bankrupt.")
        settle_bankruptcy(state, debtor, call.creditor, call.amount, out)
        if call.resume == "office" and call.office is not None:
            state.office_deck.append(call.office)
    else:
        rescuer = state.firms[winner]
        to = "the bank" if call.creditor is None else firm_name(state.firms[call.creditor])
        own = call.amount - call.shortfall
        assert debtor.florins == own
        transfer(state, debtor.id, call.creditor, own)
        transfer(state, rescuer.id, call.creditor, call.shortfall)
        out.append(f"Answers: {shown}. {firm_name(rescuer)} rescues {firm_name(debtor)}: {to} receives the "
                   f"{call.amount} florins ({call.why}), {own} from {firm_name(debtor)} and {call.shortfall} "
                   f"from {firm_name(rescuer)}.")
        debtor_name = firm_name(debtor)
        merge_firms(state, rescuer, debtor, rescuer.faction)
        if call.resume == "office" and call.office is not None:
            rescuer.offices.append(call.office)
        out.append(f"{debtor_name} joins {seat_name(rescuer.id)}: the corporation {firm_name(rescuer)} is formed "
                   f"({rescuer.faction}); it travels with {seat_name(rescuer.id)}'s marker and receives no "
                   "more indemnity.")
    resume(state, call, out)


def resume(state: State, call: RescueCall, out: list[str]) -> None:
    """What the interrupted turn still had to do after the payment."""
    if call.resume == "payments":
        if run_payments(state, call.payments, out):
            return
        finish(state, out)
    elif call.resume == "meet":
        meet(state, out, call.meet_rest)
        if state.rescue is not None or end_if_alone(state, out):
            return
        advance(state, out)
    else:  # the debtor was the mover (toll, income, office price): its turn ends
        finish(state, out)


def end_if_alone(state: State, out: list[str]) -> bool:
    alive = active_firms(state)
    if len(alive) <= 1:
        state.phase = "over"
        if not alive:
            state.end_reason = "Everyone went bankrupt."
        elif len(alive[0].members) == 1:
            state.end_reason = f"{firm_name(alive[0])} eliminated every opponent."
        else:  # opponents may have joined rather than gone bankrupt
            state.end_reason = (f"{firm_name(alive[0])} is the last corporation standing: every opponent "
                                "went bankrupt or joined it.")
        out.append("Game over: " + state.end_reason)
        return True
    return False


def advance(state: State, out: list[str]) -> None:
    n = len(state.order)
    slot = state.slot
    while True:
        slot = (slot + 1) % n
        if slot == 0:
            state.round += 1
        seat = state.order[slot]
        if seat in state.firms and state.firms[seat].active:
            break
    state.slot = slot
    state.turn += 1
    if state.round > state.options.max_rounds:
        state.round = state.options.max_rounds
        state.phase = "over"
        state.end_reason = f"The {state.options.max_rounds} agreed rounds are over."
        out.append("Game over: " + state.end_reason)
        return
    start_turn(state, out)
