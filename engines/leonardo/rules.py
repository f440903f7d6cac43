"""Which actions are legal, and the checks that refuse the others with a reason (a
``leo.error.*`` message quoting the move and saying what is allowed instead)."""

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


def legal(state: State, seat: int) -> list:
    """Every legal action of a seat that owes a decision (the core's gate checked it). The
    actions are frozen and shared between calls."""
    phase = state.phase
    if phase == "factions":
        return list(DECLARES)
    firm = firm_of(state, seat)
    if phase == "start":
        out: list = [SPIN]
        if not state.art_bought:
            out += _art(max_art(state, firm))
        if can_join(state, firm):
            for other in join_targets(state, firm):
                out += _joins(other.id)
        return out
    if phase == "place":
        return [_place(n) for n in free_slots(state, firm)]
    if phase == "choose":
        return [_choose(n) for n in state.spins]
    if phase == "buy":
        return list(BUY_OR_DECLINE)
    if phase == "auction":
        return list(_bids(firm.florins))
    if phase == "market":
        # "requiring their opponents to bet a sum": no pass on a market (RULINGS 26)
        return list(_bets(firm.florins))
    if phase == "office":
        call = state.office
        assert call is not None
        office = office_at(call.space)
        if office is not None and office.price == 50 and state.firms[call.target].men > 0:
            return list(OFFICE_MOVES + OFFICE_REMOVALS)
        return list(OFFICE_MOVES)
    if phase == "merge":
        return list(ANSWERS)
    if phase == "rescue":
        return list(RESCUE_ANSWERS)
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
    """A quick yes for the commonest legal actions (what ``legal`` lists in every such case),
    before building the list: ``check`` runs on every action."""
    kind, phase = action.kind, state.phase
    if kind in PLAIN.get(phase, ()):
        return True
    if kind == "place" and phase == "place":
        return action.space in free_slots(state, firm_of(state, seat))
    if kind == "art" and phase == "start":
        return not state.art_bought and 1 <= action.count <= max_art(state, firm_of(state, seat))
    return False


def check(state: State, seat: int, action) -> None:
    """Raise IllegalAction, with a reason and what is allowed, unless ``action`` is legal.
    Every message quotes the move."""
    from engines.leonardo.notation import notation  # local: notation imports the rules' helpers

    c = cards()
    kind = action.kind
    phase = state.phase
    if (kind == "bid" and phase == "auction") or (kind == "bet" and phase == "market"):
        amount = action.amount if kind == "bid" else action.stake
        florins = firm_of(state, seat).florins
        if c.min_stake <= amount <= florins:
            return
        raise IllegalAction("leo.error.amount", move=notation(state, action), amount=amount, low=c.min_stake,
                            high=florins)
    if plainly_legal(state, seat, action) or action in legal(state, seat):
        return
    said = notation(state, action)
    allowed = allowed_words(state, seat)
    if kind == "declare":
        raise IllegalAction("leo.error.declared_late", move=said)
    firm = firm_of(state, seat)
    if kind == "pass" and phase == "market":
        raise IllegalAction("leo.error.market_pass", move=said, low=c.min_stake, high=firm.florins)
    if kind == "art" and phase == "start" and not state.art_bought:
        raise IllegalAction("leo.error.art_count", move=said, count=action.count, top=max_art(state, firm),
                            per_turn=c.art_per_turn, price=c.art_price, left=len(state.art_supply),
                            room=sum(free_slots(state, firm).values()))
    if kind == "art" and phase in ("start", "place", "choose", "buy"):
        raise IllegalAction("leo.error.art_once", move=said, allowed=allowed)
    if kind == "place" and phase == "place":
        raise IllegalAction("leo.error.place", move=said, space=action.space,
                            spots=terms.listed(list(free_slots(state, firm))))
    if kind == "move" and phase == "choose":
        raise IllegalAction("leo.error.choose", move=said, spins=list(state.spins), example=f"move {state.spins[0]}")
    if kind == "office" and phase == "office":
        if not -5 <= action.move <= 5:
            raise IllegalAction("leo.error.office_range", move=said, steps=action.move)
        if action.remove:
            raise IllegalAction("leo.error.office_remove", move=said)
    if kind == "join":
        if not state.options.corporations:
            raise IllegalAction("leo.error.no_corporations", move=said)
        if phase == "start" and state.proposed:
            raise IllegalAction("leo.error.proposed", move=said)
        if phase == "start":
            raise IllegalAction("leo.error.join_target", move=said,
                                examples=[f"join {COLOURS[f.id]}" for f in join_targets(state, firm)])
    if kind == "rescue" and phase != "rescue":
        raise IllegalAction("leo.error.no_rescue", move=said, allowed=allowed)
    raise IllegalAction("leo.error.not_now", move=said, phase=terms.phase(phase), allowed=allowed)


def allowed_words(state: State, seat: int) -> list[str] | Msg:
    """The first words of the seat's legal moves (language-neutral notation)."""
    from engines.leonardo.notation import notation

    words = sorted({notation(state, a).split()[0] for a in legal(state, seat)})
    return words or Msg("leo.term.nothing_owed")
