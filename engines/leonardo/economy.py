"""Money: incomes, payments, forced sales, bankruptcy and capital."""

from __future__ import annotations

from engines.leonardo.components import cards, district_spaces, space
from engines.leonardo.model import COLOURS, Faction, Firm, RescueCall, State


def seat_name(seat: int) -> str:
    return COLOURS[seat].capitalize()


def firm_name(firm: Firm) -> str:
    return "+".join(seat_name(s) for s in firm.members)


def firm_of(state: State, seat: int) -> Firm:
    for firm in state.firms.values():
        if seat in firm.members:
            return firm
    raise KeyError(seat)


def active_firms(state: State) -> list[Firm]:
    """Active firms in turn order, starting from the first player."""
    return [state.firms[s] for s in state.order if s in state.firms and state.firms[s].active]


def after(state: State, firm_id: int) -> list[Firm]:
    """The other active firms in turn order, starting after ``firm_id``."""
    i = state.order.index(firm_id)
    seq = state.order[i + 1:] + state.order[:i]
    return [state.firms[s] for s in seq if s in state.firms and state.firms[s].active]


def holdings(state: State, firm_id: int) -> list[int]:
    return sorted(n for n, o in state.owner.items() if o == firm_id)


def palazzi_count(state: State, firm_id: int) -> int:
    """Palazzi (streets and alleys) owned; bridges are not palazzi."""
    return sum(1 for n in holdings(state, firm_id) if space(n).palazzo)


def owns_district(state: State, firm_id: int, district: str) -> bool:
    return all(state.owner.get(n) == firm_id for n in district_spaces(district))


def income(state: State, number: int) -> int:
    """What a visitor stopping on an owned street or alley pays its owner."""
    sp = space(number)
    assert sp.palazzo and sp.price is not None
    c = cards()
    value = sp.price // 2 * c.income_multipliers[len(state.art.get(number, []))]
    owner = state.owner.get(number)
    if owner is not None and sp.district and owns_district(state, owner, sp.district):
        value *= c.district_multiplier
    return value


def capital(state: State, firm: Firm) -> dict[str, int]:
    if not firm.active:
        return {"florins": 0, "palazzi": 0, "art": 0}
    own = holdings(state, firm.id)
    return {
        "florins": firm.florins,
        "palazzi": sum(space(n).price or 0 for n in own),
        "art": sum(sum(state.art.get(n, [])) for n in own),
    }


def transfer(state: State, payer: int | None, payee: int | None, amount: int) -> None:
    """Move florins; None is the bank."""
    if payer is None:
        state.bank -= amount
    else:
        state.firms[payer].florins -= amount
    if payee is None:
        state.bank += amount
    else:
        state.firms[payee].florins += amount


def sell_back(state: State, firm: Firm, number: int, out: list[str]) -> None:
    """Sell a palazzo or bridge back to the bank at half its price; its works of art go back
    to the bank's face-down supply."""
    price = space(number).price or 0
    del state.owner[number]
    returned = state.art.pop(number, [])
    if returned:
        state.art_supply.extend(returned)
        state.rng.shuffle(state.art_supply)
    transfer(state, None, firm.id, price // 2)
    extra = f" with {len(returned)} work(s) of art" if returned else ""
    out.append(f"{firm_name(firm)} sells {space(number).name} ({number}){extra} back to the bank for {price // 2} florins.")


def pay(state: State, debtor: int, creditor: int | None, amount: int, why: str, out: list[str]) -> bool:
    """``debtor`` pays ``amount`` to ``creditor`` (None: the bank), selling palazzi if it
    must, going bankrupt if even that is not enough. Returns whether the debtor paid. With the
    corporations variant a debtor that cannot pay may instead wait for a rescue (RULINGS 40):
    it returns False with ``state.rescue`` set, and the caller records how its turn resumes."""
    if amount <= 0:
        return state.firms[debtor].active
    firm = state.firms[debtor]
    to = "the bank" if creditor is None else firm_name(state.firms[creditor])
    if not firm.active:
        transfer(state, None, creditor, amount)
        out.append(f"The bank pays {to} {amount} florins ({why}) for the bankrupt {firm_name(firm)}.")
        return False
    raisable = firm.florins + sum((space(n).price or 0) // 2 for n in holdings(state, debtor))
    if firm.florins < amount and raisable >= amount:
        # forced sales: palazzi without works of art first, then the cheapest
        for number in sorted(holdings(state, debtor), key=lambda n: (len(state.art.get(n, [])), space(n).price, n)):
            if firm.florins >= amount:
                break
            sell_back(state, firm, number, out)
    if firm.florins >= amount:
        transfer(state, debtor, creditor, amount)
        out.append(f"{firm_name(firm)} pays {to} {amount} florins ({why}).")
        return True
    if offer_rescue(state, firm, creditor, amount, why, out):
        return False
    out.append(f"{firm_name(firm)} cannot pay {amount} florins ({why}) and goes bankrupt.")
    settle_bankruptcy(state, firm, creditor, amount, out)
    return False


def settle_bankruptcy(state: State, firm: Firm, creditor: int | None, amount: int, out: list[str]) -> None:
    """The debtor leaves the game and the bank pays the creditor in full (RULINGS 30)."""
    bankrupt(state, firm, out)
    transfer(state, None, creditor, amount)
    if creditor is not None:
        out.append(f"The bank pays {firm_name(state.firms[creditor])} the {amount} florins in full.")


def offer_rescue(state: State, firm: Firm, creditor: int | None, amount: int, why: str, out: list[str]) -> bool:
    """Corporations variant (RULINGS 40): instead of going bankrupt at once, the debtor waits
    for the others who can pay the shortfall in florins to `rescue` it or `pass`. Returns
    whether the game now waits (phase ``rescue``)."""
    if not state.options.corporations:
        return False
    shortfall = amount - firm.florins
    rescuers = [f.id for f in after(state, firm.id) if f.florins >= shortfall]
    if not rescuers:
        return False
    state.rescue = RescueCall(debtor=firm.id, creditor=creditor, amount=amount, why=why,
                              shortfall=shortfall, rescuers=rescuers)
    state.phase = "rescue"
    names = ", ".join(firm_name(state.firms[r]) for r in rescuers)
    out.append(f"{firm_name(firm)} cannot pay {amount} florins ({why}): {shortfall} florins short. "
               f"Before bankruptcy, {names} may rescue {firm_name(firm)} (pay the {shortfall} florins "
               "and form a corporation) or pass.")
    return True


def merge_firms(state: State, a: Firm, b: Firm, faction: Faction | None) -> None:
    """Firm ``b`` joins firm ``a``: members and every possession pooled, ``a``'s marker stays."""
    a.members = a.members + b.members
    a.florins += b.florins
    a.men += b.men
    a.offices = a.offices + b.offices
    a.faction = faction
    for number, owner in list(state.owner.items()):
        if owner == b.id:
            state.owner[number] = a.id
    del state.firms[b.id]


def bankrupt(state: State, firm: Firm, out: list[str]) -> None:
    """Return florins, works of art, palazzi, offices and men-at-arms; leave the game."""
    own = holdings(state, firm.id)
    for number in own:
        del state.owner[number]
        state.art_supply.extend(state.art.pop(number, []))
    if own:
        state.rng.shuffle(state.art_supply)
        out.append(f"{firm_name(firm)} returns {len(own)} palazzi and bridges, with their works of art, to the bank.")
    transfer(state, firm.id, None, firm.florins)
    state.office_deck.extend(firm.offices)
    firm.offices = []
    state.men_deck += firm.men
    firm.men = 0
    firm.active = False
    firm.out_turn = state.turn
    out.append(f"{firm_name(firm)} withdraws from the game.")
