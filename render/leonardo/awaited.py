"""What the game waits for, in the words the board's "To act" line and the hand share, and who
has already decided where everyone decides in secret at once; from the public view."""

from __future__ import annotations

from engines.core.messages import Msg
from engines.leonardo import terms
from engines.leonardo.components import cards, palazzi, space
from engines.leonardo.model import FirmView, View


def _firm(f: FirmView) -> Msg:
    return Msg("leo.term.firm", members=list(f.members), size=len(f.members))


def _firm_of(view: View, firm_id: int) -> FirmView:
    return next(f for f in view.firms if f.id == firm_id)


def stake(view: View) -> Msg:
    """What the game waits for, from the public view."""
    p = view.phase
    if p == "buy" and view.buy_space:
        sp = space(view.buy_space)
        return Msg("leo.status.buy", name=sp.name, space=sp.number, price=sp.price)
    if p == "auction" and view.auction_space:
        return Msg("leo.status.auction", name=space(view.auction_space).name, space=view.auction_space)
    if p == "market" and view.market_space:
        return Msg("leo.status.market", name=space(view.market_space).name)
    if p == "office" and view.office:  # the holder is named just before
        sp = space(view.office.space)
        return Msg("leo.board.stake_office", firm=_firm(_firm_of(view, view.office.target)), name=sp.name,
                   space=sp.number, steps=5)
    if p == "rescue" and view.rescue:
        r = view.rescue
        return Msg("leo.status.rescue", firm=_firm(_firm_of(view, r.debtor)), shortfall=r.shortfall, amount=r.amount)
    if p == "merge" and view.merge:
        return Msg("leo.status.merge", firm=_firm(_firm_of(view, view.merge.proposer)),
                   target=_firm(_firm_of(view, view.merge.target)))
    if p == "choose":
        return Msg("leo.status.choose", spins=list(view.spins))
    if p == "start" and not _may_buy_art(view):  # "buying works of art or spinning" with 0 florins: the fifteenth look
        return Msg("leo.term.phase_spin")
    return terms.phase(p)


def _may_buy_art(view: View) -> bool:
    """Whether the player whose turn it is could buy a work of art now: none bought yet this turn,
    one left in the bank, its price in florins and a palazzo of theirs with room for it."""
    c = cards()
    firm = next((f for f in view.firms if view.current in f.members), None)
    if firm is None or view.art_bought or view.art_left <= 0 or firm.florins < c.art_price:
        return False
    return any(view.art_counts.get(n, 0) < c.art_per_palazzo for n in firm.palazzi if n in palazzi())


def decided_seats(view: View) -> list[int]:
    if view.phase == "factions":
        return list(view.declared)
    if view.phase == "auction":
        return list(view.auction_decided)
    if view.phase == "market":
        return list(view.market_decided)
    if view.phase == "rescue" and view.rescue:
        return list(view.rescue.decided)
    return []


__all__ = ["decided_seats", "stake"]
