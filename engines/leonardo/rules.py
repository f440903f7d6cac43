"""Which actions are legal in each phase, and the checks that refuse the others with a reason
(a ``leo.error.*`` message quoting the move and saying what is allowed instead). Which phase
accepts which action is the turn flow's table (``flow.py``)."""

from __future__ import annotations

from functools import cache, lru_cache

from engines.core.errors import IllegalAction
from engines.core.messages import Msg
from engines.leonardo import terms
from engines.leonardo.components import PRODUCTS, cards, office_at, palazzi
from engines.leonardo.economy import firm_of, holdings
from engines.leonardo.model import (
    COLOURS,
    Accept,
    Bid,
    BuyArt,
    Choose,
    Declare,
    Decline,
    Firm,
    Join,
    Pass,
    Place,
    PlaceBet,
    Refuse,
    Rescue,
    Spin,
    State,
    UseOffice,
)
from engines.leonardo.model import Buy as BuyPalazzo
from engines.leonardo.notation import notation


def free_slots(state: State, firm: Firm) -> dict[int, int]:
    """Own palazzi (streets and alleys) that can still display works of art."""
    cap, numbers, art = cards().art_per_palazzo, palazzi(), state.art
    out = {}
    for n in holdings(state, firm.id):
        if n in numbers:
            shown = len(art[n]) if n in art else 0
            if shown < cap:
                out[n] = cap - shown
    return out


def max_art(state: State, firm: Firm) -> int:
    c = cards()
    return min(c.art_per_turn, len(state.art_supply), firm.florins // c.art_price,
               sum(free_slots(state, firm).values()))


def amounts(low: int, high: int) -> list[int]:
    """Representative amounts for a bid or a stake: the minimum, a few steps, all-in."""
    if high < low:
        return []
    return sorted({a for a in (low, 10, 25, 50, 100, high // 2, high) if low <= a <= high})


def can_join(state: State, firm: Firm) -> bool:
    return state.options.corporations and not state.proposed


def join_targets(state: State, firm: Firm) -> list[Firm]:
    return [f for f in state.firms.values() if f.active and f.id != firm.id]


# --- the legal actions of each phase (the turn flow's table names them, ``flow.py``) ------
def legal_declares(state: State, seat: int) -> list:
    return list(DECLARES)


def legal_start(state: State, seat: int) -> list:
    """Spin; buy works of art first, once a turn; propose a corporation, once a turn."""
    firm = firm_of(state, seat)
    out: list = [SPIN]
    if not state.art_bought:
        out += _art(max_art(state, firm))
    if can_join(state, firm):
        for other in join_targets(state, firm):
            out += _joins(other.id)
    return out


def legal_places(state: State, seat: int) -> list:
    return [_place(n) for n in free_slots(state, firm_of(state, seat))]


def legal_choices(state: State, seat: int) -> list:
    return [_choose(n) for n in state.spins]


def legal_buy(state: State, seat: int) -> list:
    return list(BUY_OR_DECLINE)


def legal_bids(state: State, seat: int) -> list:
    return list(_bids(firm_of(state, seat).florins))


def legal_bets(state: State, seat: int) -> list:
    # "requiring their opponents to bet a sum": no pass on a market (RULINGS 26)
    return list(_bets(firm_of(state, seat).florins))


def legal_office(state: State, seat: int) -> list:
    call = state.office
    assert call is not None
    office = office_at(call.space)
    if office is not None and office.price == 50 and state.firms[call.target].men > 0:
        return list(OFFICE_MOVES + OFFICE_REMOVALS)
    return list(OFFICE_MOVES)


def legal_answers(state: State, seat: int) -> list:
    return list(ANSWERS)


def legal_rescue(state: State, seat: int) -> list:
    return list(RESCUE_ANSWERS)


def nothing(state: State, seat: int) -> list:
    return []


DECLARES = (Declare(faction="guelfi"), Declare(faction="ghibellini"))
SPIN = Spin()
BUY_OR_DECLINE = (BuyPalazzo(), Decline())
OFFICE_MOVES = tuple(UseOffice(move=d) for d in range(-5, 6))
OFFICE_REMOVALS = tuple(UseOffice(move=d, remove=True) for d in range(-5, 6))
ANSWERS = (Accept(), Refuse())
RESCUE_ANSWERS = (Rescue(), Pass())


@cache
def _art(most: int) -> tuple:
    return tuple(BuyArt(count=k) for k in range(1, most + 1))


@cache
def _joins(target: int) -> tuple:
    return Join(target=target, faction="guelfi"), Join(target=target, faction="ghibellini")


@cache
def _place(number: int) -> Place:
    return Place(space=number)


@cache
def _choose(steps: int) -> Choose:
    return Choose(steps=steps)


@lru_cache(maxsize=4096)
def _bids(florins: int) -> tuple:
    return tuple(Bid(amount=x) for x in amounts(cards().min_stake, florins)) + (Pass(),)


@lru_cache(maxsize=4096)
def _bets(florins: int) -> tuple:
    stakes = amounts(cards().min_stake, florins)
    return tuple(PlaceBet(product=p, stake=s) for p in PRODUCTS for s in stakes)


PLAIN = {"factions": ("declare",), "start": ("spin",), "buy": ("buy", "decline"), "auction": ("pass",),
         "merge": ("accept", "refuse"), "rescue": ("rescue", "pass")}


def plainly_legal(state: State, seat: int, action) -> bool:
    """A quick yes for the commonest legal actions (what the phase's legal actions list in
    every such case), before building the list: the refusal check runs on every action."""
    kind, phase = action.kind, state.phase
    if kind in PLAIN.get(phase, ()):
        return True
    if kind == "place" and phase == "place":
        return action.space in free_slots(state, firm_of(state, seat))
    if kind == "art" and phase == "start":
        return not state.art_bought and 1 <= action.count <= max_art(state, firm_of(state, seat))
    return False


# --- refusals ------------------------------------------------------------------------------
# An action the phase accepts may still be refused for what it says (an amount, a space, a
# number of steps, a target): each check below returns True when the action is legal, and
# raises IllegalAction with the reason when it is not (False: refuse it as not accepted now).
# An action the phase does not accept now is refused by ``not_now``, the one place of those.
def check_amount(state: State, seat: int, action) -> bool:
    """A bid or a stake: at least the minimum, at most the firm's florins."""
    c = cards()
    amount = action.amount if action.kind == "bid" else action.stake
    florins = firm_of(state, seat).florins
    if not c.min_stake <= amount <= florins:
        raise IllegalAction("leo.error.amount", move=notation(state, action), amount=amount, low=c.min_stake,
                            high=florins)
    return True


def check_art(state: State, seat: int, action) -> bool:
    if plainly_legal(state, seat, action):
        return True
    c, firm = cards(), firm_of(state, seat)
    raise IllegalAction("leo.error.art_count", move=notation(state, action), count=action.count,
                        top=max_art(state, firm), per_turn=c.art_per_turn, price=c.art_price,
                        left=len(state.art_supply), room=sum(free_slots(state, firm).values()))


def check_place(state: State, seat: int, action) -> bool:
    if plainly_legal(state, seat, action):
        return True
    raise IllegalAction("leo.error.place", move=notation(state, action), space=action.space,
                        spots=terms.listed(list(free_slots(state, firm_of(state, seat)))))


def check_choice(state: State, seat: int, action) -> bool:
    if action.steps in state.spins:
        return True
    raise IllegalAction("leo.error.choose", move=notation(state, action), spins=list(state.spins),
                        example=f"move {state.spins[0]}")


def check_office(state: State, seat: int, action) -> bool:
    if action in legal_office(state, seat):
        return True
    said = notation(state, action)
    if not -5 <= action.move <= 5:
        raise IllegalAction("leo.error.office_range", move=said, steps=action.move)
    if action.remove:
        raise IllegalAction("leo.error.office_remove", move=said)
    return False


def check_join(state: State, seat: int, action) -> bool:
    if action in legal_start(state, seat):
        return True
    raise IllegalAction("leo.error.join_target", move=notation(state, action),
                        examples=[f"join {COLOURS[f.id]}" for f in join_targets(state, firm_of(state, seat))])


def not_now(state: State, seat: int, action, allowed: list[str] | Msg) -> IllegalAction:
    """The refusal of an action the phase does not accept now (``allowed``: the first words
    of the seat's legal moves), with its reason where there is a more precise one than "not
    now": a faction declared late, a pass on a market, works of art twice in a turn, a
    corporation without the variant or twice in a turn, a rescue nobody asked for."""
    c, kind, phase = cards(), action.kind, state.phase
    said = notation(state, action)
    if kind == "declare":
        return IllegalAction("leo.error.declared_late", move=said)
    if kind == "pass" and phase == "market":
        return IllegalAction("leo.error.market_pass", move=said, low=c.min_stake, high=firm_of(state, seat).florins)
    if kind == "art" and phase in ("start", "place", "choose", "buy"):
        return IllegalAction("leo.error.art_once", move=said, allowed=allowed)
    if kind == "join" and not state.options.corporations:
        return IllegalAction("leo.error.no_corporations", move=said)
    if kind == "join" and phase == "start" and state.proposed:
        return IllegalAction("leo.error.proposed", move=said)
    if kind == "rescue":
        return IllegalAction("leo.error.no_rescue", move=said, allowed=allowed)
    return IllegalAction("leo.error.not_now", move=said, phase=terms.phase(phase), allowed=allowed)
