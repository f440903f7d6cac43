"""What a walk pays and a move earns: every seat's gold after the fees of a route (the
mover pays until out of gold, R8), and after the build (the battlement's price, the gain)."""

from __future__ import annotations

from engines.torri.building import gain_amount, gain_source
from engines.torri.model import BATTLEMENT_PRICE, Move, State
from engines.torri.movement import Route


def gold_after_fees(state: State, seat: int, route: Route) -> int:
    return max(0, state.gold[seat] - len(route.payees))


def fees_paid(state: State, seat: int, route: Route) -> tuple[int, ...]:
    """The payees actually paid, in payment order: the mover pays until out of gold (R8)."""
    return route.payees[: state.gold[seat]]


def gold_after_walk(state: State, seat: int, route: Route) -> list[int]:
    """Every seat's gold once the fees of the walk are paid (before any build)."""
    gold = list(state.gold)
    for payee in fees_paid(state, seat, route):
        gold[seat] -= 1
        gold[payee] += 1
    return gold


def gold_after_move(state: State, seat: int, move: Move, route: Route) -> tuple[int, ...]:
    """Every seat's gold once the move is played: the fees, the battlement price, the
    gain (as play_move does it)."""
    gold = gold_after_walk(state, seat, route)
    if move.build == "walk":
        return tuple(gold)
    bank = state.bank
    if move.build == "battlement":
        gold[seat] -= BATTLEMENT_PRICE
        bank += BATTLEMENT_PRICE
    _, payer, _ = gain_source(state, seat, move.to)
    got = gain_amount(state, seat, move.to, bank, gold)
    gold[seat] += got
    if payer is not None:
        gold[payer] -= got
    return tuple(gold)
