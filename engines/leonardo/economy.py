"""Money: incomes, payments, forced sales, bankruptcy and capital. Each function that
changes the state returns the events it caused."""

from __future__ import annotations

from typing import Literal

from engines.core.game import Event
from engines.core.messages import Msg
from engines.leonardo import terms
from engines.leonardo.components import cards, district_spaces, palazzi, space
from engines.leonardo.events import event
from engines.leonardo.model import Faction, Firm, Payment, RescueCall, State, Why


def firm_of(state: State, seat: int) -> Firm:
    firm = state.firms.get(seat)
    if firm is not None and seat in firm.members:  # a single player, or a corporation's leader
        return firm
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
    return sorted([n for n, o in state.owner.items() if o == firm_id])


def palazzi_count(state: State, firm_id: int) -> int:
    """Palazzi (streets and alleys) owned; bridges are not palazzi."""
    numbers = palazzi()
    return sum(1 for n, o in state.owner.items() if o == firm_id and n in numbers)


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
    """Score categories (``leo.category.<id>``): florins, palazzi and bridges, works of art."""
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


def sell_back(state: State, firm: Firm, number: int) -> list[Event]:
    """Sell a palazzo or bridge back to the bank at half its price; its works of art go back
    to the bank's face-down supply."""
    price = space(number).price or 0
    del state.owner[number]
    returned = state.art.pop(number, [])
    if returned:
        state.art_supply.extend(returned)
        state.rng.shuffle(state.art_supply)
    transfer(state, None, firm.id, price // 2)
    art = Msg("leo.term.with_art", count=len(returned)) if returned else ""
    return [event("leo.event.sold_back", firm=terms.firm(firm), name=space(number).name, space=number, art=art,
                  florins=price // 2)]


def pay(state: State, debtor: int, creditor: int | None, amount: int, why: Why) -> tuple[bool, list[Event]]:
    """``debtor`` pays ``amount`` to ``creditor`` (None: the bank), selling palazzi if it
    must, going bankrupt if even that is not enough. Returns whether the debtor paid, and the
    events. With the corporations variant a debtor that cannot pay may instead wait for a
    rescue (RULINGS 40): it returns False with ``state.rescue`` set, and the caller records
    how its turn resumes."""
    firm = state.firms[debtor]
    if amount <= 0:
        return firm.active, []
    to = terms.firm_or_bank(state, creditor)
    if not firm.active:
        transfer(state, None, creditor, amount)
        return False, [event("leo.event.bank_pays_for", payee=to, amount=amount, why=terms.why(why),
                             firm=terms.firm(firm))]
    events: list[Event] = []
    raisable = firm.florins + sum((space(n).price or 0) // 2 for n in holdings(state, debtor))
    if firm.florins < amount and raisable >= amount:
        # forced sales: palazzi without works of art first, then the cheapest
        for number in sorted(holdings(state, debtor), key=lambda n: (len(state.art.get(n, [])), space(n).price, n)):
            if firm.florins >= amount:
                break
            events += sell_back(state, firm, number)
    if firm.florins >= amount:
        transfer(state, debtor, creditor, amount)
        if creditor is None:  # "pays the bank": its own sentence (Italian "alla banca", Portuguese "ao banco")
            return True, events + [event("leo.event.paid_bank", firm=terms.firm(firm), amount=amount, why=terms.why(why))]
        return True, events + [event("leo.event.paid", firm=terms.firm(firm), payee=to, amount=amount,
                                     why=terms.why(why))]
    called = offer_rescue(state, firm, creditor, amount, why)
    if called:
        return False, events + called
    events.append(event("leo.event.cannot_pay", firm=terms.firm(firm), amount=amount, why=terms.why(why)))
    return False, events + settle_bankruptcy(state, firm, creditor, amount)


def settle_bankruptcy(state: State, firm: Firm, creditor: int | None, amount: int) -> list[Event]:
    """The debtor leaves the game and the bank pays the creditor in full (RULINGS 30)."""
    events = bankrupt(state, firm)
    transfer(state, None, creditor, amount)
    if creditor is not None:
        events.append(event("leo.event.bank_pays_creditor", firm=terms.firm(state.firms[creditor]), amount=amount))
    return events


def offer_rescue(state: State, firm: Firm, creditor: int | None, amount: int, why: Why) -> list[Event]:
    """Corporations variant (RULINGS 40): instead of going bankrupt at once, the debtor waits
    for the others who can pay the shortfall in florins to `rescue` it or `pass`. Returns the
    call's event if the game now waits (phase ``rescue``), else nothing."""
    if not state.options.corporations:
        return []
    shortfall = amount - firm.florins
    rescuers = [f.id for f in after(state, firm.id) if f.florins >= shortfall]
    if not rescuers:
        return []
    state.rescue = RescueCall(debtor=firm.id, creditor=creditor, amount=amount, why=why,
                              shortfall=shortfall, rescuers=rescuers)
    state.phase = "rescue"
    return [event("leo.event.rescue_call", firm=terms.firm(firm), amount=amount, why=terms.why(why),
                  shortfall=shortfall, rescuers=[terms.firm(state.firms[r]) for r in rescuers])]


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


def bankrupt(state: State, firm: Firm) -> list[Event]:
    """Return florins, works of art, palazzi, offices and men-at-arms; leave the game."""
    events: list[Event] = []
    own = holdings(state, firm.id)
    for number in own:
        del state.owner[number]
        state.art_supply.extend(state.art.pop(number, []))
    if own:
        state.rng.shuffle(state.art_supply)
        events.append(event("leo.event.returns_holdings", firm=terms.firm(firm), count=len(own)))
    transfer(state, firm.id, None, firm.florins)
    return_offices(state, firm.offices)
    firm.offices = []
    state.men_deck += firm.men
    firm.men = 0
    firm.active = False
    firm.out_turn = state.turn
    events.append(event("leo.event.withdraws", firm=terms.firm(firm)))
    return events


def draw_office(state: State) -> int:
    """The top office card of the deck (the deck must not be empty)."""
    number = state.office_deck.pop(0)
    state.office_returned = min(state.office_returned, len(state.office_deck))
    return number


def return_offices(state: State, numbers: list[int]) -> None:
    """Office cards back under the deck, in public: their places are known to all."""
    state.office_deck.extend(numbers)
    state.office_returned += len(numbers)


def run_payments(state: State, payments: list[Payment], resume: Literal["payments", "meet"]) -> list[Event]:
    """Make the payments in order. When one of them waits for a rescue, the rest are kept
    with the rescue call, which resumes as ``resume`` says. Payers and payees are seats: a
    rescue may have merged one into a corporation, which then pays or is paid."""
    events: list[Event] = []
    for i, p in enumerate(payments):
        payer = firm_of(state, p.payer).id
        payee = None if p.payee is None else firm_of(state, p.payee)
        if payee is not None and (payee.id == payer or not payee.active):
            continue  # a corporation does not pay itself
        events += pay(state, payer, None if payee is None else payee.id, p.amount, p.why)[1]
        if state.rescue is not None:
            state.rescue.resume = resume
            state.rescue.payments = payments[i + 1:]
            break
    return events
