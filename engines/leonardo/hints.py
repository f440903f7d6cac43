"""Why an agent's move is good, in one message (``Game.explain``, ``leo.hint.*``), from the
seat's view only: what the move buys or keeps, and the margin the agent expects."""

from __future__ import annotations

from collections import Counter

from engines.core.messages import Msg
from engines.leonardo import terms
from engines.leonardo.components import cards, district_spaces, space
from engines.leonardo.invariants import all_art
from engines.leonardo.model import View
from engines.leonardo.movement import step


def explain(view: View, seat: int, action, value: float | None) -> Msg | None:
    reason = _reason(view, seat, action)
    if value is None:
        return reason
    margin = round(value)
    return Msg("leo.hint.outlook", reason=reason or "", margin=margin) if reason else \
        Msg("leo.hint.margin", margin=margin)


def _reason(view: View, seat: int, action) -> Msg | None:
    c = cards()
    k = action.kind
    mine = next(f for f in view.firms if seat in f.members)
    if k == "art":
        unseen = all_art() - Counter(v for vals in view.my_art.values() for v in vals) - Counter(view.my_drawn)
        mean = round(sum(unseen.elements()) / max(1, sum(unseen.values())))
        return Msg("leo.hint.art", count=action.count, mean=mean, price=c.art_price)
    if k == "place":
        shown = view.art_counts.get(action.space, 0) + 1
        return Msg("leo.hint.place", name=space(action.space).name, rent=rent(view, action.space, mine.id, shown))
    if k == "buy" and view.buy_space:
        return Msg("leo.hint.buy", name=space(view.buy_space).name, rent=rent(view, view.buy_space, mine.id, 0))
    if k == "decline" and view.buy_space:
        return Msg("leo.hint.decline", name=space(view.buy_space).name)
    if k == "bid" and view.auction_space:
        sp = space(view.auction_space)
        return Msg("leo.hint.bid", amount=action.amount, name=sp.name, price=sp.price)
    if k == "pass" and view.auction_space:
        return Msg("leo.hint.pass_bid", name=space(view.auction_space).name)
    if k == "bet":
        return Msg("leo.hint.bet", stake=action.stake)
    if k == "spin":
        return Msg("leo.hint.spin", florins=mine.florins)
    if k == "office" and view.office:
        target = next(f for f in view.firms if f.id == view.office.target)
        dest = step(target.position, action.move)
        return Msg("leo.hint.office", firm=terms.firm(target), name=space(dest).name, space=dest)
    return None


def rent(view: View, number: int, owner: int, shown: int) -> int:
    """What a visitor pays on palazzo ``number`` owned by ``owner`` with ``shown`` works of
    art (a bridge: its toll), from a view."""
    c = cards()
    sp = space(number)
    if not sp.palazzo:
        return c.bridge_toll
    value = (sp.price or 0) // 2 * c.income_multipliers[min(shown, c.art_per_palazzo)]
    district = district_spaces(sp.district) if sp.district else ()
    if district and all(n == number or view.owner.get(n) == owner for n in district):
        value *= c.district_multiplier
    return value
