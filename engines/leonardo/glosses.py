"""What each legal action costs or earns, as autocomplete shows it (``leo.gloss.*``)."""

from __future__ import annotations

from engines.core.messages import Msg
from engines.leonardo import terms
from engines.leonardo.components import cards, space
from engines.leonardo.model import State
from engines.leonardo.movement import step


def gloss(state: State, seat: int, action) -> Msg | None:
    c = cards()
    k = action.kind
    if k == "art":
        return Msg("leo.gloss.art", count=action.count, florins=action.count * c.art_price)
    if k == "place":
        return Msg("leo.gloss.place", name=space(action.space).name, count=len(state.art.get(action.space, [])),
                   most=c.art_per_palazzo)
    if k == "buy" and state.buy_space:
        sp = space(state.buy_space)
        return Msg("leo.gloss.buy", name=sp.name, space=sp.number, price=sp.price)
    if k == "decline":
        return Msg("leo.gloss.decline", low=c.min_stake)
    if k == "bid":
        return Msg("leo.gloss.bid", amount=action.amount)
    if k == "bet":
        first, second = c.products[action.product]
        return Msg("leo.gloss.bet", stake=action.stake, wins=c.market_multiplier * action.stake, first=first,
                   second=second)
    if k == "office" and state.office:
        dest = step(state.firms[state.office.target].position, action.move)
        return Msg("leo.gloss.office_remove" if action.remove else "leo.gloss.office", name=space(dest).name,
                   space=dest)
    if k == "move":
        return Msg("leo.gloss.move", steps=action.steps)
    if k == "spin":
        return Msg("leo.gloss.spin")
    if k == "join":
        return Msg("leo.gloss.join", firm=terms.firm(state.firms[action.target]),
                   faction=terms.faction(action.faction))
    if k == "declare":
        return Msg("leo.gloss.declare", faction=terms.faction(action.faction))
    if k == "rescue" and state.rescue:
        r = state.rescue
        return Msg("leo.gloss.rescue", shortfall=r.shortfall, amount=r.amount, firm=terms.firm(state.firms[r.debtor]))
    if k == "pass" and state.rescue:
        return Msg("leo.gloss.pass_rescue", firm=terms.firm(state.firms[state.rescue.debtor]))
    if k == "pass":
        return Msg("leo.gloss.pass_bid")
    if k in ("accept", "refuse") and state.merge:
        key = "leo.gloss.accept" if k == "accept" else "leo.gloss.refuse"
        return Msg(key, firm=terms.firm(state.firms[state.merge.proposer]), faction=terms.faction(state.merge.faction))
    return None
