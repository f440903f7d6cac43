"""Autocomplete entries: every legal action with what it costs or earns, as a message.

A move's gloss gives the net gold, who is paid on which square, and what the build earns:
`E5 via D4 D5 build` · "+1 gold (fee 1 to Anne on D4, new tower +2)". When fees fall on
more than ``FEE_SQUARES`` squares, the gloss names the payees once with their total
instead of square by square (the transport cuts long entries; the net gold comes first).
"""

from __future__ import annotations

from engines.core.game import Choice
from engines.core.messages import Msg
from engines.torri.board import Layout
from engines.torri.building import gain_amount, gain_source
from engines.torri.model import BATTLEMENT_PRICE, Move, State
from engines.torri.movement import Route, builders_on
from engines.torri.notation import format_action
from engines.torri.payments import gold_after_move, gold_after_walk
from engines.torri.turns import beneath_term, legal_moves

FEE_SQUARES = 2


def setup_choices(actions: list) -> list[Choice]:
    return [Choice(notation=format_action(a), gloss=Msg("torri.gloss.start")) for a in actions]


def move_choices(state: State, lay: Layout, seat: int) -> list[Choice]:
    found = legal_moves(state, lay, seat)
    if not found:
        return [Choice(notation="pass", gloss=Msg("torri.gloss.pass"))]
    return [Choice(notation=format_action(move), gloss=move_gloss(state, seat, move, route)) for move, route in found]


def move_gloss(state: State, seat: int, move: Move, route: Route) -> Msg:
    """The net gold, the fees (square by square), any fees left unpaid, and the build's
    price and gain, exactly as playing the move would settle them."""
    left = state.gold[seat]
    fees: list[tuple[str, tuple[int, ...]]] = []  # (square, seats paid there)
    for sq in route.path:
        who = builders_on(state, seat, sq)[:left]
        left -= len(who)
        if who:
            fees.append((sq, who))
    paid = sum(len(who) for _, who in fees)
    unpaid = len(route.payees) - paid
    if len(fees) > FEE_SQUARES:
        items = [Msg("torri.gloss.fee_total", gold=paid, seats=sorted({p for _, who in fees for p in who}))]
    else:
        items = [Msg("torri.gloss.fee", gold=len(who), seats=list(who), square=sq) for sq, who in fees]
    net = gold_after_move(state, seat, move, route)[seat] - state.gold[seat]
    return Msg(
        "torri.gloss.move",
        net=net,
        fees=Msg("torri.gloss.fees", fees=items) if items else "",
        unpaid=Msg("torri.gloss.unpaid", gold=unpaid) if unpaid else "",
        effect=_effect(state, seat, move, route),
    )


def _effect(state: State, seat: int, move: Move, route: Route) -> Msg:
    """A walk, or what the build costs and earns."""
    if move.build == "walk":
        return Msg("torri.gloss.walk")
    beneath, payer, amount = gain_source(state, seat, move.to)
    bank = state.bank + (BATTLEMENT_PRICE if move.build == "battlement" else 0)
    # the payer may just have received a fee of this very walk
    got = gain_amount(state, seat, move.to, bank, gold_after_walk(state, seat, route))
    return Msg(
        "torri.gloss.gain" if got == amount else "torri.gloss.gain_partial",
        battlement=Msg("torri.gloss.battlement", price=BATTLEMENT_PRICE) if move.build == "battlement" else "",
        beneath=beneath_term(beneath, payer, mover=True),
        got=got,
        amount=amount,
    )
