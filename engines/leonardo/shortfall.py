"""The risk of running short (``evaluation``'s last term): what a firm short of florins is expected
to lose on its next few moves to rents and market payouts it cannot cover, by forced sales in the
engine's order or by bankruptcy, and what a bankrupt seat is worth before the end."""

from __future__ import annotations

from engines.leonardo.components import cards, space
from engines.leonardo.judging import MODEL
from engines.leonardo.model import Firm, State
from engines.leonardo.route import AHEAD, ROUTE, market_squares, next_spin, win_chance

RISK_TURNS = 8  # how many later moves the risk of running short looks at (florins change meanwhile)
STAKE_GUESS = 50  # a bettor's stake, guessed, for the risk of opening a market
BANKRUPTCY = 500  # with ``judging``'s bankruptcy_penalty: what a bankruptcy costs beyond the capital


def bankrupt() -> float:
    """A bankrupt seat's value before the end: nothing, or less with the bankruptcy penalty."""
    return -float(BANKRUPTCY) if MODEL.bankruptcy_penalty else 0.0


def risk(state: State, f: Firm, worth: float, later: int, owned: list) -> float:
    """What a firm short of florins is expected to lose on its next few moves: a rent (at its
    potential: the owner may add works of art meanwhile) or a market payout its florins cannot
    cover sells palazzi back at half their price, the works of art on them lost to the supply
    (the engine's order: fewest works first, then the cheapest), and one that even that cannot
    cover takes everything (bankruptcy). A market the firm opens may owe three times a winning
    stake (guessed as STAKE_GUESS florins a bettor)."""
    c = cards()
    florins = f.florins
    sales = None
    land, _ = next_spin(f.position if f.moved else 0)
    soon = min(later, RISK_TURNS) / ROUTE
    loss, safe = 0.0, 1.0
    for n, owner, bridge, _, rent in owned:
        if owner == f.id or bridge or rent <= florins:
            continue
        p = (1 / AHEAD if n in land else 0.0) + soon
        sales = forced_sales(state, f) if sales is None else sales
        loss += p * shortfall(rent - florins, sales, worth)
        safe *= 1 - min(p, 1.0)
    squares = market_squares()
    markets = sum(1 / AHEAD for n in land if n in squares) + soon * len(squares)
    if markets:
        for g in state.firms.values():
            if g.id == f.id or not g.active or g.florins < c.min_stake:
                continue
            owed = c.market_multiplier * min(g.florins, STAKE_GUESS)
            if owed > florins:
                sales = forced_sales(state, f) if sales is None else sales
                loss += markets * win_chance() * shortfall(owed - florins, sales, worth)
                safe *= 1 - min(markets * win_chance(), 1.0)
    ruin = max(worth, 0.0) + (BANKRUPTCY if MODEL.bankruptcy_penalty else 0)
    return min(loss, ruin * (1 - safe))  # one bankruptcy at most, however many threats


def forced_sales(state: State, f: Firm) -> list[tuple[int, int]]:
    """The forced sales in the engine's order, as (florins raised so far, capital lost so far)."""
    own = [n for n, o in state.owner.items() if o == f.id]
    own.sort(key=lambda n: (len(state.art.get(n, [])), space(n).price, n))
    out, raised, lost = [], 0, 0
    for n in own:
        half = (space(n).price or 0) // 2
        raised += half
        lost += half + sum(state.art.get(n, []))
        out.append((raised, lost))
    return out


def shortfall(short: int, sales: list[tuple[int, int]], worth: float) -> float:
    """The capital lost raising ``short`` florins by forced sales, or everything if they cannot."""
    for raised, lost in sales:
        if raised >= short:
            return lost
    return worth + (BANKRUPTCY if MODEL.bankruptcy_penalty else 0)
