"""One turn: walk (or walk and build), fees, gains, the end trigger and the extra round."""

from __future__ import annotations

from functools import cache

from engines.core.errors import IllegalAction
from engines.core.game import Event, event
from engines.core.messages import Msg
from engines.torri.board import Layout
from engines.torri.building import Gain, build_problem, gain_amount, gain_source, height_limit
from engines.torri.model import (
    BATTLEMENT_LETTERS,
    BATTLEMENT_PRICE,
    LETTERS,
    NEUTRAL_BATTLEMENT,
    Move,
    State,
)
from engines.torri.movement import Route, plan_route, reachable
from engines.torri.payments import fees_paid, gold_after_fees, gold_after_walk


def move_problem(state: State, lay: Layout, seat: int, move: Move, route: Route) -> Msg | None:
    """Why the move may not be played over this route (a refusal's message); None if it may."""
    tower = state.towers.get(move.to, "")
    if move.build == "walk":
        if not tower:
            return Msg("torri.error.empty_walk", square=move.to)
        return None
    return build_problem(state, lay, seat, move.to, move.build, gold_after_fees(state, seat, route))


_MOVES: dict[tuple[str, tuple[str, ...] | None, str], Move] = {}  # the shared moves, by their fields


def move_of(to: str, via: tuple[str, ...] | None, build: str) -> Move:
    """The one shared (frozen) Move with these fields: building a pydantic model for every
    candidate was a fifth of the time spent listing moves."""
    move = _MOVES.get((to, via, build))
    if move is None:
        if len(_MOVES) >= 50_000:  # routes typed on many boards: start afresh
            _MOVES.clear()
        move = _MOVES[to, via, build] = Move(to=to, via=via, build=build)
    return move


MEMO_SIZE = 32  # positions whose legal moves are remembered (search revisits them)
_listed: dict[tuple, tuple[list[tuple[Move, Route]], list[Move]]] = {}


def _position_key(state: State, seat: int) -> tuple:
    """Everything the seat's legal moves depend on (the walls, the board, the builders,
    the gold and the seat's supply), as a hashable value."""
    return (state.shape, state.seats, seat, state.bank, tuple(state.gold), tuple(state.builders),
            state.simple_left[seat], state.battlements_left[seat], tuple(state.towers.items()))


def _remembered(state: State, lay: Layout, seat: int) -> tuple[list[tuple[Move, Route]], list[Move]]:
    """``list_moves`` (and the moves alone), remembered for the ``MEMO_SIZE`` positions
    listed or found last (the least recently used goes first): a random game lists a
    position's moves and then plays one of them (``play_move`` finds its route here
    instead of searching again), and a search lists the positions of its tree many
    times. A pure function's memo: the answer depends only on the key. Small on
    purpose: every entry kept for long is garbage the collector scans over and over
    (a memo of 256 positions cost a random game a fifth of its time in collections)."""
    key = _position_key(state, seat)
    found = _listed.pop(key, None)
    if found is None:
        pairs = list_moves(state, lay, seat)
        found = (pairs, [move for move, _ in pairs])
        while len(_listed) >= MEMO_SIZE:
            try:
                del _listed[next(iter(_listed))]
            except (KeyError, RuntimeError, StopIteration):  # another thread changed it: start afresh
                _listed.clear()
    _listed[key] = found  # (again) the most recent
    return found


def legal_moves(state: State, lay: Layout, seat: int) -> list[tuple[Move, Route]]:
    """Every legal move with its route (see ``list_moves``)."""
    return list(_remembered(state, lay, seat)[0])


def legal_move_list(state: State, lay: Layout, seat: int) -> list[Move]:
    """Every legal move (see ``list_moves``), without the routes."""
    return list(_remembered(state, lay, seat)[1])


def listed_route(state: State, seat: int, move: Move) -> Route | None:
    """The route of a move ``legal_moves`` listed for this very position, or ``draw_move``
    drew on this very state object (see ``_drawn``); None if the position is not
    remembered or the move is not listed as typed. The listed moves are the shared objects ``legal_actions`` handed out: they
    are found by identity first."""
    drawn = _drawn[0]
    if drawn is not None and drawn[0] is state and drawn[1] is move:
        _drawn[0] = None  # used once
        if drawn[3] == (state.turn, seat, state.builders, state.gold):
            return drawn[2]
    found = _listed.get(_position_key(state, seat))
    if found is None:
        return None
    for listed, route in found[0]:
        if listed is move:
            return route
    return next((route for listed, route in found[0] if listed == move), None)


# The last move draw_move drew: (the state itself, the move, its route, the state's turn,
# seat, builders and gold). A random game draws a move and plays it at once on the same
# object: the route is taken back if the very object is played on next, at the same turn
# (every move played moves the turn on). Holding the state keeps its identity from being
# reused; a copy (``apply`` plays on one) is never the drawn object and finds its route
# the usual way.
_drawn: list[tuple[State, Move, Route, tuple] | None] = [None]


WALK, BUILD, BATTLEMENT = 1, 2, 4  # the build kinds a destination allows, as bits
_KIND_BITS = (("walk", WALK), ("build", BUILD), ("battlement", BATTLEMENT))
_KINDS: dict[tuple[str, int], tuple[Move, ...]] = {}


def _moves_to(dest: str, kinds: int) -> tuple[Move, ...]:
    """The shared moves to ``dest`` (over the inferred route) of these build kinds."""
    moves = _KINDS[dest, kinds] = tuple(move_of(dest, None, build) for build, bit in _KIND_BITS if kinds & bit)
    return moves


_CLOSING = frozenset(BATTLEMENT_LETTERS + NEUTRAL_BATTLEMENT)  # the pieces ``is_closing`` names


def list_moves(state: State, lay: Layout, seat: int) -> list[tuple[Move, Route]]:
    """One move per destination, build kind and outcome (the gold every player ends
    with, P5): first every move over the inferred route (no `via`), then the moves over
    routes that end with other gold, each with its `via`.

    Exactly the moves ``move_problem`` accepts, decided without building its refusals:
    what does not depend on the route (a tower to walk onto; closed, occupied or too
    tall for a build; a central tower refuses battlements) is settled once per
    destination, and only the battlement's price once per route."""
    groups, others, _ = _listing(state, lay, seat)
    return [(move, route) for moves, route in groups for move in moves] + others


def _listing(state: State, lay: Layout, seat: int) -> tuple[list[tuple[tuple[Move, ...], Route]], list[tuple[Move, Route]], int]:
    """``list_moves`` in parts: the moves over inferred routes in groups sharing a route
    (in order), the moves over other routes, and how many moves in all."""
    inferred: list[tuple[tuple[Move, ...], Route]] = []
    others: list[tuple[Move, Route]] = []
    count = 0
    limit = height_limit(state, lay)
    occupied = {sq for s, sq in enumerate(state.builders) if s != seat}
    simple = state.simple_left[seat] > 0
    battlements = state.battlements_left[seat] > 0
    gold = state.gold[seat]
    towers, centrals = state.towers, lay.centrals
    inferred_routes, other_routes = reachable(state, lay, seat)
    for dest in sorted(inferred_routes, key=lay.index.__getitem__):
        tower = towers.get(dest)
        if tower:
            kinds = WALK
            buildable = tower[-1] not in _CLOSING and dest not in occupied and (dest in centrals or len(tower) < limit)
        else:  # an empty square: never a central tower, never above the limit
            kinds = 0
            buildable = dest not in occupied
        if buildable:
            if simple:
                kinds |= BUILD
            if battlements and dest not in centrals:
                kinds |= BATTLEMENT
        if not kinds:
            continue
        if dest not in other_routes:
            route = inferred_routes[dest]
            if kinds & BATTLEMENT and gold - len(route.payees) < BATTLEMENT_PRICE:
                kinds ^= BATTLEMENT
            moves = _KINDS.get((dest, kinds)) or _moves_to(dest, kinds)
            inferred.append((moves, route))
            count += len(moves)
            continue
        first, rest = route_outcomes(state, seat, dest, kinds, (inferred_routes[dest], *other_routes[dest]))
        inferred += [((move,), route) for move, route in first]
        others += rest
        count += len(first) + len(rest)
    return inferred, others, count


def route_outcomes(state: State, seat: int, dest: str, kinds: int, routes: tuple[Route, ...]
                   ) -> tuple[list[tuple[Move, Route]], list[tuple[Move, Route]]]:
    """The moves to a square that routes paying different builders reach (``routes``: the
    inferred one first): one per build kind allowed (``kinds``, as bits) and outcome, over
    the inferred route (no `via`) and over the others (with their `via`), apart."""
    first: list[tuple[Move, Route]] = []
    rest: list[tuple[Move, Route]] = []
    gold = state.gold[seat]
    _, payer, amount = gain_source(state, seat, dest)
    outcomes: set[tuple[str, tuple[int, ...]]] = set()
    for i, route in enumerate(routes):
        walked = gold_after_walk(state, seat, route)
        for build, bit in _KIND_BITS:
            if not kinds & bit or (bit == BATTLEMENT and gold - len(route.payees) < BATTLEMENT_PRICE):
                continue
            # every seat's gold after the move, as gold_after_move has it: routes paying
            # different builders may still end alike (a fee paid to a player who then
            # pays it back as the building gain, R13)
            if build == "walk":
                after = tuple(walked)
            else:
                after_build, bank = walked.copy(), state.bank
                if build == "battlement":
                    after_build[seat] -= BATTLEMENT_PRICE
                    bank += BATTLEMENT_PRICE
                got = min(amount, bank if payer is None else after_build[payer])  # gain_amount
                after_build[seat] += got
                if payer is not None:
                    after_build[payer] -= got
                after = tuple(after_build)
            if (build, after) in outcomes:
                continue
            outcomes.add((build, after))
            (rest if i else first).append((move_of(dest, route.via if i else None, build), route))
    return first, rest


def play_move(state: State, lay: Layout, seat: int, move: Move, quiet: bool = False) -> list[Event]:
    """Play a move on ``state`` in place; ``quiet`` (the search's fast path) skips the events."""
    route = listed_route(state, seat, move)  # a listed move is legal over its listed route
    if route is None:
        route = plan_route(state, lay, seat, move.to, move.via)
        problem = move_problem(state, lay, seat, move, route)
        if problem:
            raise IllegalAction(problem)
    start = state.builders[seat]
    if start is None:  # moves are played after the set-up placed every builder
        raise RuntimeError(f"seat {seat}'s builder is not on the board")
    if quiet:
        _play_quietly(state, lay, seat, move, route, start)
        return []
    # the walk, and the fees to the builders on every square entered
    state.builders[seat] = move.to
    paid: dict[int, int] = {}
    paid_to = fees_paid(state, seat, route)
    for payee in paid_to:
        paid[payee] = paid.get(payee, 0) + 1
    unpaid = len(route.payees) - len(paid_to)
    state.gold = gold_after_walk(state, seat, route)
    shown = len(route.path) > 1 or route.jump
    events = [] if quiet else [event(
        "torri.event.moved_freely" if route.jump else "torri.event.walked",
        seat=seat,
        square=move.to,
        route=Msg("torri.event.route", path=" → ".join((start, *route.path))) if shown else "",
        fees=Msg("torri.event.paying", payments=[
            Msg("torri.event.payment", gold=g, seat=p) for p, g in paid.items()
        ]) if paid else "",
        unpaid=Msg("torri.event.unpaid", gold=unpaid, seat=seat) if unpaid else "",
    )]
    # the build
    if move.build != "walk":
        beneath, payer, amount = gain_source(state, seat, move.to)
        what = beneath_term(beneath, payer, mover=False)
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
        events += [] if quiet else [event(
            "torri.event.built",
            seat=seat,
            piece=_PIECES[move.build],
            square=move.to,
            beneath=what,
            height=len(state.towers[move.to]),
            gain=_gain(got, payer),
        )]
        if move.build == "build" and state.simple_left[seat] == 0 and state.end_turn is None:
            events += trigger_end(state, lay, seat)
    state.last_move = [start, *route.path]
    return events


def _play_quietly(state: State, lay: Layout, seat: int, move: Move, route: Route, start: str) -> None:
    """``play_move``'s changes to the state and nothing else (no events): the search's
    fast path, tested against the full one. The lists are changed in place (the state is
    the search's own copy)."""
    state.builders[seat] = move.to
    gold = state.gold
    for payee in route.payees[: gold[seat]]:  # fees_paid
        gold[seat] -= 1
        gold[payee] += 1
    build = move.build
    if build != "walk":
        _, payer, amount = gain_source(state, seat, move.to)
        bank = state.bank
        if build == "battlement":
            gold[seat] -= BATTLEMENT_PRICE
            bank += BATTLEMENT_PRICE
            state.battlements_left[seat] -= 1
            piece = BATTLEMENT_LETTERS[seat]
        else:
            state.simple_left[seat] -= 1
            piece = LETTERS[seat]
        if payer is None:  # gain_amount
            got = min(amount, bank)
            bank -= got
        else:
            got = min(amount, gold[payer])
            gold[payer] -= got
        gold[seat] += got
        state.bank = bank
        state.towers[move.to] = state.towers.get(move.to, "") + piece
        if build == "build" and state.simple_left[seat] == 0 and state.end_turn is None:
            trigger_end(state, lay, seat)
    state.last_move = [start, *route.path]


@cache
def _gain(got: int, payer: int | None) -> Msg:
    """What the builder receives, as the build event says it (messages are frozen: each
    one is made once and shared)."""
    if payer is None:
        return Msg("torri.event.takes_from_bank", gold=got) if got else Msg("torri.event.bank_empty")
    return Msg("torri.event.takes_from", gold=got, payer=payer) if got else Msg("torri.event.payer_broke", payer=payer)


@cache
def beneath_term(beneath: Gain, payer: int | None, mover: bool) -> Msg:
    """What a piece is built on, in words: addressed to the builder (``mover``, the
    autocomplete's gloss) or told to everyone (the event). Made once, shared."""
    if beneath == "new_tower":
        return Msg("torri.term.new_tower")
    if beneath == "neutral_base":
        return Msg("torri.term.neutral_base")
    if beneath == "own_piece":
        return Msg("torri.term.your_piece") if mover else Msg("torri.term.their_piece")
    return Msg("torri.term.others_piece", owner=payer)


_PIECES = {"build": Msg("torri.term.a_piece"), "battlement": Msg("torri.term.a_battlement", price=BATTLEMENT_PRICE)}


def trigger_end(state: State, lay: Layout, by: int) -> list[Event]:
    """Battlements on the central towers; this round finishes and one extra round follows."""
    n = state.seats
    state.triggered_by = by
    state.end_turn = (state.turn // n + 2) * n
    for sq in lay.centrals:
        state.towers[sq] += NEUTRAL_BATTLEMENT
    last = state.end_turn // n
    if by >= 0:
        return [event("torri.event.last_piece", seat=by, last=last)]
    # the round limit (RULINGS P4): the current round is already over
    return [event("torri.event.round_limit", round=state.options.max_rounds, last=last)]


def next_turn(state: State, lay: Layout) -> list[Event]:
    """The turn passes to the next seat: the round limit may trigger the end, the last turn ends the game."""
    events: list[Event] = []
    n = state.seats
    state.turn += 1
    if state.end_turn is None and state.turn >= state.options.max_rounds * n:
        state.turn -= 1  # the trigger belongs to the round just finished
        events += trigger_end(state, lay, -1)
        state.turn += 1
    if state.end_turn is not None and state.turn >= state.end_turn:
        state.phase = "over"
        events.append(event("torri.event.over"))
    return events
