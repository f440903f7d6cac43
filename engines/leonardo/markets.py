"""Markets: the opener requires every other firm with the minimum stake to bet, sealed;
the machine names the product that pays three times the stake, or the lose-all levy
(RULINGS 26-28)."""

from __future__ import annotations

from engines.core.messages import Msg
from engines.leonardo import movement, terms, turns
from engines.leonardo.components import cards, space
from engines.leonardo.economy import after, run_payments
from engines.leonardo.events import event
from engines.leonardo.model import Market, Payment, State, Why
from engines.leonardo.steps import FINISH, Outcome


def start(state: State, number: int) -> Outcome:
    """The other firms with the minimum stake bet, sealed (phase ``market``); with none,
    the turn ends."""
    firm = turns.current(state)
    bettors = [f.id for f in after(state, firm.id) if f.florins >= cards().min_stake]
    events = [event("leo.event.market_opened", firm=terms.firm(firm), name=space(number).name)]
    if not bettors:
        return events + [event("leo.event.no_bettor")], FINISH
    state.market = Market(space=number, opener=firm.id, bettors=bettors)
    state.phase = "market"
    return events, None


def close(state: State) -> Outcome:
    """Every bet is in: the bets are opened, the opener spins, losing stakes go to the
    opener first, then the opener pays the winners; then the turn ends (unless a payment
    waits for a rescue)."""
    c = cards()
    market = state.market
    assert market is not None
    bets = [(s, b) for s in market.bettors if (b := market.bets.get(s)) is not None]
    shown = [Msg("leo.term.bet", firm=terms.firm(state.firms[s]), stake=b.stake, product=terms.product(b.product))
             for s, b in bets]
    number = movement.machine(state)
    product = c.product_of(number)
    outcome = Msg("leo.term.product_wins", product=terms.product(product)) if product else Msg("leo.term.lose_all")
    events = [event("leo.event.market_result", bets=shown or Msg("leo.term.no_bets"), number=number,
                    outcome=outcome)]
    opener = market.opener
    payments = [Payment(payer=s, payee=opener, amount=b.stake, why=Why(kind="bet"))
                for s, b in bets if b.product != product]
    payments += [Payment(payer=opener, payee=s, amount=c.market_multiplier * b.stake, why=Why(kind="winning_bet"))
                 for s, b in bets if b.product == product]
    state.market = None
    events += run_payments(state, payments, resume="payments")
    return events, (None if state.rescue is not None else FINISH)
