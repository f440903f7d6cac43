"""One turn: walk (or walk and build), fees, gains, the end trigger and the extra round."""

from __future__ import annotations

from engines.core.errors import IllegalAction
from engines.core.game import Event
from engines.torri.board import Layout
from engines.torri.building import build_problem, gain_amount, gain_source
from engines.torri.model import (
    BATTLEMENT_LETTERS,
    BATTLEMENT_PRICE,
    COLOURS,
    LETTERS,
    NEUTRAL_BATTLEMENT,
    Move,
    TorriState,
)
from engines.torri.movement import Route, plan_route, route_options


def name(seat: int) -> str:
    return COLOURS[seat].capitalize()


def gold_after_fees(state: TorriState, seat: int, route: Route) -> int:
    return max(0, state.gold[seat] - len(route.payees))


def fees_paid(state: TorriState, seat: int, route: Route) -> tuple[int, ...]:
    """The payees actually paid, in payment order: the mover pays until out of gold (R8)."""
    return route.payees[: state.gold[seat]]


def gold_after_walk(state: TorriState, seat: int, route: Route) -> list[int]:
    """Every seat's gold once the fees of the walk are paid (before any build)."""
    gold = list(state.gold)
    for payee in fees_paid(state, seat, route):
        gold[seat] -= 1
        gold[payee] += 1
    return gold


def gold_after_move(state: TorriState, seat: int, move: Move, route: Route) -> tuple[int, ...]:
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


def move_problem(state: TorriState, lay: Layout, seat: int, move: Move, route: Route) -> str | None:
    tower = state.towers.get(move.to, "")
    if move.build == "walk":
        if not tower:
            return (
                f"{move.to} is an empty square: you may only walk onto a tower, so type "
                f"'{move.to} build' to start a new tower there."
            )
        return None
    return build_problem(state, lay, seat, move.to, move.build, gold_after_fees(state, seat, route))


def legal_moves(state: TorriState, lay: Layout, seat: int) -> list[tuple[Move, Route]]:
    """One move per destination, build kind and outcome (the gold every player ends
    with, P5): first every move over the inferred route (no `via`), then the moves over
    routes that end with other gold, each with its `via`."""
    inferred, others = [], []
    for dest, options in sorted(route_options(state, lay, seat).items(), key=lambda kv: lay.coords[kv[0]][::-1]):
        outcomes = set()
        for i, route in enumerate(options):
            for build in ("walk", "build", "battlement"):
                move = Move(to=dest, via=route.via if i else None, build=build)
                if move_problem(state, lay, seat, move, route) is not None:
                    continue
                if len(options) > 1:
                    # routes paying different builders may still end alike: a fee paid to
                    # a player who then pays it back as the building gain (R13)
                    outcome = (build, gold_after_move(state, seat, move, route))
                    if outcome in outcomes:
                        continue
                    outcomes.add(outcome)
                (others if i else inferred).append((move, route))
    return inferred + others


def play_move(state: TorriState, lay: Layout, seat: int, move: Move) -> list[Event]:
    route = plan_route(state, lay, seat, move.to, move.via)
    problem = move_problem(state, lay, seat, move, route)
    if problem:
        raise IllegalAction(problem)
    events: list[Event] = []
    who = name(seat)
    start = state.builders[seat]
    # the walk, and the fees to the builders on every square entered
    state.builders[seat] = move.to
    paid: dict[int, int] = {}
    paid_to = fees_paid(state, seat, route)
    for payee in paid_to:
        paid[payee] = paid.get(payee, 0) + 1
    unpaid = len(route.payees) - len(paid_to)
    state.gold = gold_after_walk(state, seat, route)
    how = "moves freely to" if route.jump else "walks to"
    path = " → ".join((start, *route.path))
    line = f"{who} {how} {move.to} ({path})" if len(route.path) > 1 or route.jump else f"{who} {how} {move.to}"
    if paid:
        line += ", paying " + ", ".join(f"{g} gold to {name(p)}" for p, g in paid.items())
    if unpaid:
        line += f" ({unpaid} gold of fees unpaid: {who} has no gold left)"
    events.append(Event(text=line + "."))
    # the build
    if move.build != "walk":
        reason, payer, amount = gain_source(state, seat, move.to)
        piece = LETTERS[seat]
        if move.build == "battlement":
            state.gold[seat] -= BATTLEMENT_PRICE
            state.bank += BATTLEMENT_PRICE
            state.battlements_left[seat] -= 1
            piece = BATTLEMENT_LETTERS[seat]
        else:
            state.simple_left[seat] -= 1
        got = gain_amount(state, seat, move.to, state.bank)
        if payer is None:
            state.bank -= got
        else:
            state.gold[payer] -= got
        state.gold[seat] += got
        state.towers[move.to] = state.towers.get(move.to, "") + piece
        height = len(state.towers[move.to])
        kind = "a battlement piece (3 gold to the bank)" if move.build == "battlement" else "a piece"
        source = "the bank" if payer is None else name(payer)
        gain = f"takes {got} gold from {source}" if got else f"gets nothing ({source} has no gold)"
        events.append(Event(text=f"{who} builds {kind} on {move.to} ({reason}, now {height} high) and {gain}."))
        if move.build == "build" and state.simple_left[seat] == 0 and state.end_turn is None:
            events += trigger_end(state, lay, seat)
    state.last_move = [start, *route.path]
    return events


def trigger_end(state: TorriState, lay: Layout, by: int) -> list[Event]:
    """Battlements on the central towers; this round finishes and one extra round follows."""
    n = state.players
    state.triggered_by = by
    state.end_turn = (state.turn // n + 2) * n
    for sq in lay.centrals:
        state.towers[sq] += NEUTRAL_BATTLEMENT
    last = state.end_turn // n
    if by >= 0:
        text = (
            f"{name(by)} has placed their last simple piece: the central towers are closed with "
            f"battlements. This round is finished, then one extra round is played (the game ends "
            f"after round {last})."
        )
    else:  # the round limit (RULINGS P4): the current round is already over
        text = (
            f"Round {state.options.max_rounds} is over, the round limit of this game: the central "
            f"towers are closed with battlements and one extra round is played (the game ends "
            f"after round {last})."
        )
    return [Event(text=text)]


def advance(state: TorriState, lay: Layout) -> list[Event]:
    events: list[Event] = []
    n = state.players
    state.turn += 1
    if state.end_turn is None and state.turn >= state.options.max_rounds * n:
        state.turn -= 1  # the trigger belongs to the round just finished
        events += trigger_end(state, lay, -1)
        state.turn += 1
    if state.end_turn is not None and state.turn >= state.end_turn:
        state.phase = "over"
        events.append(Event(text="The game is over."))
    return events
