"""Which actions are legal, and the checks that refuse the others with a reason."""

from __future__ import annotations

from engines.core.errors import IllegalAction, quote
from engines.leonardo.components import PRODUCTS, cards, office_at, space
from engines.leonardo.economy import firm_name, firm_of, holdings
from engines.leonardo.model import (
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
    cap = cards().art_per_palazzo
    return {n: cap - len(state.art.get(n, [])) for n in holdings(state, firm.id)
            if space(n).palazzo and len(state.art.get(n, [])) < cap}


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
    c = cards()
    phase = state.phase
    if phase == "over":
        return []
    if phase == "factions":
        if seat in state.declared or not 0 <= seat < state.seats:
            return []
        return [Declare(faction="guelfi"), Declare(faction="ghibellini")]
    firm = firm_of(state, seat)
    leader = firm.id == seat and firm.active
    cur = state.order[state.slot]
    if phase in ("start", "place", "choose", "buy"):
        if not leader or firm.id != cur:
            return []
        if phase == "start":
            out: list = [Spin()]
            if not state.art_bought:
                out += [BuyArt(count=k) for k in range(1, max_art(state, firm) + 1)]
            if can_join(state, firm):
                for other in join_targets(state, firm):
                    out += [Join(target=other.id, faction="guelfi"), Join(target=other.id, faction="ghibellini")]
            return out
        if phase == "place":
            return [Place(space=n) for n in free_slots(state, firm)]
        if phase == "choose":
            return [Choose(steps=n) for n in state.spins]
        return [BuyPalazzo(), Decline()]
    if phase == "auction":
        a = state.auction
        if a is None or seat not in a.bidders or seat in a.bids:
            return []
        return [Bid(amount=x) for x in amounts(c.min_stake, firm.florins)] + [Pass()]
    if phase == "market":
        m = state.market
        if m is None or seat not in m.bettors or seat in m.bets:
            return []
        # "requiring their opponents to bet a sum": no pass on a market (RULINGS 26)
        stakes = amounts(c.min_stake, firm.florins)
        return [PlaceBet(product=p, stake=s) for p in PRODUCTS for s in stakes]
    if phase == "office":
        call = state.office
        if call is None or call.holder != seat:
            return []
        out = [UseOffice(move=d) for d in range(-5, 6)]
        office = office_at(call.space)
        if office is not None and office.price == 50 and state.firms[call.target].men > 0:
            out += [UseOffice(move=d, remove=True) for d in range(-5, 6)]
        return out
    if phase == "merge":
        if state.merge is None or seat not in state.merge.awaiting:
            return []
        return [Accept(), Refuse()]
    if phase == "rescue":
        call = state.rescue
        if call is None or seat not in call.rescuers or seat in call.answers:
            return []
        return [Rescue(), Pass()]
    return []


def _ref(text: str) -> IllegalAction:
    return IllegalAction(text)


PHASE_WORDS = {
    "factions": "everyone is writing down a faction",
    "start": "the start of a turn, before the spin",
    "place": "works of art are waiting to be displayed",
    "choose": "the corporation is choosing one of its spins",
    "buy": "the player who landed decides whether to buy",
    "auction": "an auction is under way",
    "market": "a market is open",
    "office": "an office holder decides on a marker",
    "merge": "a corporation proposal awaits its answers",
    "rescue": "a player who cannot pay waits to be rescued or to go bankrupt",
    "over": "the game is over",
}


def check(state: State, seat: int, action) -> None:
    """Raise IllegalAction, with a reason and what is allowed, unless ``action`` is legal.
    Every message quotes the player's move."""
    from engines.leonardo.notation import notation  # local: notation imports model only

    c = cards()
    kind = action.kind
    acts = legal(state, seat)
    phase = state.phase
    said = f'"{quote(notation(state, action))}"'
    if (kind == "bid" and phase == "auction" and acts) or (kind == "bet" and phase == "market" and acts):
        amount = action.amount if kind == "bid" else action.stake
        florins = firm_of(state, seat).florins
        if c.min_stake <= amount <= florins:
            return
        raise _ref(f"{said}: {amount} florins is not possible: the amount must be from {c.min_stake} to "
                   f"{florins} (your florins).")
    if action in acts:
        return
    allowed = _allowed_words(state, seat)
    if kind == "declare":
        if phase != "factions":
            raise _ref(f"{said}: factions were declared before the first turn; they cannot change now.")
        raise _ref(f"{said}: you have already declared your faction.")
    firm = firm_of(state, seat)
    if kind == "pass" and phase == "market" and acts:
        raise _ref(f"{said} is not possible on a market: its opener requires every opponent to bet a sum. "
                   f"Bet {c.min_stake} to {firm.florins} florins on gem, ivory, gold or spices, "
                   f"for example \"bet gem {c.min_stake}\".")
    if kind == "art" and phase == "start" and not state.art_bought:
        top = max_art(state, firm)
        raise _ref(
            f"{said}: you cannot buy {action.count} work(s) of art; "
            + f"at most {top} now, at least 1"
            + f" (up to {c.art_per_turn} a turn, {c.art_price} florins each, {len(state.art_supply)} left, "
            f"room on your palazzi for {sum(free_slots(state, firm).values())})."
        )
    if kind == "art" and phase in ("start", "place", "choose", "buy"):
        raise _ref(f"{said}: works of art are bought once, at the start of your turn before spinning. "
                   f"Now: {allowed}.")
    if kind == "place" and phase == "place":
        spots = ", ".join(str(n) for n in free_slots(state, firm)) or "none"
        raise _ref(f"{said}: you cannot place a work of art on space {action.space}; your palazzi with room "
                   f"are {spots}.")
    if kind == "move" and phase == "choose":
        raise _ref(f"{said}: the corporation's spins were {', '.join(map(str, state.spins))}; choose one of "
                   f"them, for example \"move {state.spins[0]}\".")
    if kind == "office" and phase == "office":
        if not -5 <= action.move <= 5:
            raise _ref(f"{said}: an office moves a marker at most 5 spaces, not {action.move:+d}; use -5 to +5.")
        if action.remove:
            raise _ref(f"{said}: only a 50-florin office removes a Man-at-Arms, and only from a player who "
                       "has one; leave out \"remove\".")
    if kind == "join":
        if not state.options.corporations:
            raise _ref(f"{said}: corporations are not part of this game (the variant was not chosen at the start).")
        if phase == "start" and state.proposed:
            raise _ref(f"{said}: you have already proposed a corporation this turn.")
        if phase == "start":
            raise _ref(f"{said}: you cannot join that seat; name the colour of an active opponent, for example "
                       f"{', '.join('join ' + firm_name(f).split('+')[0].lower() for f in join_targets(state, firm))}.")
    if kind == "rescue" and phase != "rescue":
        raise _ref(f"{said}: a rescue is offered only when a player cannot pay a debt, in the corporations "
                   f"variant. Now: {allowed}.")
    raise _ref(f"{said} is not possible now ({PHASE_WORDS[phase]}). Now: {allowed}.")


def _allowed_words(state: State, seat: int) -> str:
    from engines.leonardo.notation import notation  # local: notation imports model only

    acts = legal(state, seat)
    words = sorted({notation(state, a).split()[0] for a in acts})
    return ", ".join(words) if words else "nothing is owed by you"
