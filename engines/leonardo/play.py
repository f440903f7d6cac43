"""Applying one validated action to the state."""

from __future__ import annotations

from engines.core.errors import IllegalAction
from engines.core.game import SYSTEM, Event
from engines.leonardo import turn
from engines.leonardo.components import cards, space
from engines.leonardo.economy import firm_name, firm_of, merge_firms, seat_name, transfer
from engines.leonardo.model import Bet, Merge, State
from engines.leonardo.rules import check


def play(state: State, seat: int, action) -> list[Event]:
    if action.kind == "time_up":
        if seat != SYSTEM:
            raise IllegalAction("Only the platform ends a game when the agreed date passes; "
                                "players cannot send time_up.")
        out = ["The agreed date has passed: the game ends and capitals are counted."]
        state.phase = "over"
        state.end_reason = "The agreed date has passed."
        state.last = out
        return [Event(text=t) for t in out]
    if seat == SYSTEM:
        raise IllegalAction(f"The platform may only send time_up, not {action.kind}.")
    check(state, seat, action)
    out: list[str] = []
    private: list[Event] = []
    handler = HANDLERS[action.kind]
    handler(state, seat, action, out, private)
    state.last = out
    return [Event(text=t) for t in out] + private


def _declare(state: State, seat: int, action, out: list[str], private: list[Event]) -> None:
    state.declared[seat] = action.faction
    private.append(Event(text=f"You declared yourself {action.faction}.", to=seat))
    out.append(f"{seat_name(seat)} has written down a faction.")
    if len(state.declared) == state.seats:
        for s, f in state.declared.items():
            state.firms[s].faction = f
        listed = ", ".join(f"{seat_name(s)} {state.declared[s]}" for s in sorted(state.declared))
        out.append(f"Factions: {listed}.")
        turn.start_turn(state, out)


def _art(state: State, seat: int, action, out: list[str], private: list[Event]) -> None:
    c = cards()
    firm = firm_of(state, seat)
    transfer(state, firm.id, None, c.art_price * action.count)
    state.drawn = [state.art_supply.pop(0) for _ in range(action.count)]
    state.art_bought = True
    state.phase = "place"
    out.append(f"{firm_name(firm)} buys {action.count} work(s) of art for {c.art_price * action.count} florins.")
    values = ", ".join(map(str, state.drawn))
    for member in firm.members:
        private.append(Event(text=f"Your works of art are worth: {values}.", to=member))


def _place(state: State, seat: int, action, out: list[str], private: list[Event]) -> None:
    firm = firm_of(state, seat)
    value = state.drawn.pop(0)
    state.art.setdefault(action.space, []).append(value)
    n = len(state.art[action.space])
    out.append(f"{firm_name(firm)} displays a work of art in {space(action.space).name} ({action.space}): {n} there.")
    for member in firm.members:
        private.append(Event(text=f"Your work worth {value} is in {space(action.space).name}.", to=member))
    if not state.drawn:
        state.phase = "start"


def _spin(state: State, seat: int, action, out: list[str], private: list[Event]) -> None:
    turn.spin(state, out)


def _choose(state: State, seat: int, action, out: list[str], private: list[Event]) -> None:
    out.append(f"{firm_name(firm_of(state, seat))} choose to move {action.steps}.")
    turn.move(state, action.steps, out)


def _buy(state: State, seat: int, action, out: list[str], private: list[Event]) -> None:
    firm = firm_of(state, seat)
    number = state.buy_space
    assert number is not None
    sp = space(number)
    transfer(state, firm.id, None, sp.price or 0)
    state.owner[number] = firm.id
    state.buy_space = None
    out.append(f"{firm_name(firm)} buys {sp.name} ({number}) for {sp.price} florins.")
    turn.finish(state, out)


def _decline(state: State, seat: int, action, out: list[str], private: list[Event]) -> None:
    number = state.buy_space
    assert number is not None
    out.append(f"{firm_name(firm_of(state, seat))} declines {space(number).name}.")
    turn.start_auction(state, number, out)


def _bid(state: State, seat: int, action, out: list[str], private: list[Event]) -> None:
    assert state.auction is not None
    amount = action.amount if action.kind == "bid" else 0
    state.auction.bids[seat] = amount
    out.append(f"{seat_name(seat)} has sealed a bid.")
    private.append(Event(text=f"Your sealed bid: {amount or 'pass'}.", to=seat))
    if len(state.auction.bids) == len(state.auction.bidders):
        turn.settle_auction(state, out)


def _bet(state: State, seat: int, action, out: list[str], private: list[Event]) -> None:
    assert state.market is not None
    bet = Bet(product=action.product, stake=action.stake) if action.kind == "bet" else None
    state.market.bets[seat] = bet
    out.append(f"{seat_name(seat)} has decided on the market.")
    private.append(Event(text=f"Your bet: {f'{bet.stake} on {bet.product}' if bet else 'pass'}.", to=seat))
    if len(state.market.bets) == len(state.market.bettors):
        turn.settle_market(state, out)


def _rescue(state: State, seat: int, action, out: list[str], private: list[Event]) -> None:
    call = state.rescue
    assert call is not None
    call.answers[seat] = action.kind == "rescue"
    out.append(f"{firm_name(firm_of(state, seat))} has answered the rescue call.")
    private.append(Event(text=f"Your sealed answer: {action.kind}.", to=seat))
    if len(call.answers) == len(call.rescuers):
        turn.settle_rescue(state, out)


def _pass(state: State, seat: int, action, out: list[str], private: list[Event]) -> None:
    if state.phase == "rescue":
        _rescue(state, seat, action, out, private)
    elif state.phase == "auction":
        _bid(state, seat, action, out, private)
    else:
        _bet(state, seat, action, out, private)


def _office(state: State, seat: int, action, out: list[str], private: list[Event]) -> None:
    turn.settle_office(state, action.move, action.remove, out)


def _join(state: State, seat: int, action, out: list[str], private: list[Event]) -> None:
    firm = firm_of(state, seat)
    target = firm_of(state, action.target)
    awaiting = [s for s in firm.members if s != seat] + list(target.members)
    state.proposed = True
    state.merge = Merge(proposer=firm.id, target=target.id, faction=action.faction, awaiting=awaiting)
    state.phase = "merge"
    out.append(f"{firm_name(firm)} proposes a corporation with {firm_name(target)}, {action.faction}, "
               f"travelling with {seat_name(firm.id)}'s marker.")


def _answer(state: State, seat: int, action, out: list[str], private: list[Event]) -> None:
    merge = state.merge
    assert merge is not None
    if action.kind == "refuse":
        out.append(f"{seat_name(seat)} refuses the corporation.")
        state.merge = None
        state.phase = "start"
        return
    merge.awaiting.remove(seat)
    out.append(f"{seat_name(seat)} accepts the corporation.")
    if merge.awaiting:
        return
    a, b = state.firms[merge.proposer], state.firms[merge.target]
    merge_firms(state, a, b, merge.faction)
    state.merge = None
    state.phase = "start"
    out.append(f"The corporation {firm_name(a)} is formed ({merge.faction}); it travels with "
               f"{seat_name(a.id)}'s marker and receives no more indemnity.")
    turn.end_if_alone(state, out)


HANDLERS = {
    "declare": _declare, "art": _art, "place": _place, "spin": _spin, "move": _choose, "buy": _buy,
    "decline": _decline, "bid": _bid, "bet": _bet, "pass": _pass, "office": _office, "join": _join,
    "accept": _answer, "refuse": _answer, "rescue": _rescue,
}
