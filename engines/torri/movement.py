"""Walking: single orthogonal steps, free routes over one's own towers, the free move to
a central tower, and the 1-gold fee to every builder already on a square entered."""

from __future__ import annotations

import heapq
from typing import NamedTuple

from engines.core.errors import IllegalAction
from engines.torri.bitboard import bits_of
from engines.torri.board import Layout
from engines.torri.model import BATTLEMENT_LETTERS, LETTERS, State, piece_owner


class Route(NamedTuple):
    """One way to walk this turn (a tuple: routes are made by the dozen for every move listed)."""

    path: tuple[str, ...]  # squares entered, the destination last (the start excluded)
    payees: tuple[int, ...]  # one seat per gold owed, in payment order
    jump: bool = False  # the free move to a central tower

    @property
    def dest(self) -> str:
        return self.path[-1]

    @property
    def via(self) -> tuple[str, ...]:
        return self.path[:-1]


_tuple_new = tuple.__new__  # ``_tuple_new(Route, (path, payees, jump))``: a Route made without its Python-level __new__


def builders_on(state: State, seat: int, square: str) -> tuple[int, ...]:
    """Other seats whose builder stands on the square, from the seat's left."""
    n = state.seats
    return tuple(
        (seat + k) % n for k in range(1, n) if state.builders[(seat + k) % n] == square
    )


def fees_map(state: State, seat: int) -> dict[str, tuple[int, ...]]:
    """Every square holding other seats' builders, with those seats (see builders_on)."""
    n, builders = state.seats, state.builders
    start = builders[seat]
    out: dict[str, tuple[int, ...]] = {}
    for k in range(1, n):
        other = (seat + k) % n
        sq = builders[other]
        if sq is not None and sq != start:
            out[sq] = out.get(sq, ()) + (other,)
    return out


def is_route_square(state: State, lay: Layout, seat: int, square: str) -> bool:
    """A tower of one's own (top piece in one's colour) that routes may cross."""
    tower = state.towers.get(square)
    if not tower:
        return False
    return square not in lay.centrals and piece_owner(tower[-1]) == seat


def route_squares(state: State, lay: Layout, seat: int) -> set[str]:
    """Every square ``is_route_square`` accepts, in one pass over the towers."""
    mine = (LETTERS[seat], BATTLEMENT_LETTERS[seat])
    return {sq for sq, tower in state.towers.items() if tower and tower[-1] in mine and sq not in lay.centrals}


def routes(state: State, lay: Layout, seat: int) -> dict[str, Route]:
    """The cheapest route to every square the seat's builder can reach this turn:
    fewest fees, then fewest steps, then the first route in square order."""
    start = state.builders[seat]
    assert start is not None
    return _cheapest(lay, start, route_squares(state, lay, seat), fees_map(state, seat))


def _cheapest(lay: Layout, start: str, own: set[str], fees_on: dict[str, tuple[int, ...]]) -> dict[str, Route]:
    """``routes`` from its inputs: the start, the route squares, the fees by square."""
    if own.isdisjoint(fees_on):
        out = _nearest(lay, start, own, fees_on)
    else:
        out = _least_fees(lay, start, own, fees_on)
    if start not in lay.centrals:
        for central in lay.centrals:
            jump = _tuple_new(Route, ((central,), fees_on.get(central, ()), True))
            old_route = out.get(central)
            if old_route is None or (len(jump.payees), 1) <= (len(old_route.payees), len(old_route.path)):
                out[central] = jump
    return out


def _nearest(lay: Layout, start: str, own: set[str], fees_on: dict[str, tuple[int, ...]]) -> dict[str, Route]:
    """``_least_fees`` when nobody stands on a route square: every route to a square then
    owes the same fees (the destination's), so the cheapest is the shortest, then the
    first in square order. Breadth first, each layer in the order of its paths: the
    first path found to a square is the one ``_least_fees`` would keep."""
    neighbours, new = lay.neighbours, _tuple_new
    out: dict[str, Route] = {}
    seen = {start}
    layer: list[tuple[tuple[str, ...], str]] = [((), start)]
    while layer:
        following = []
        for path, node in layer:
            for nxt in neighbours[node]:
                if nxt in seen:
                    continue
                seen.add(nxt)
                route = (*path, nxt)
                out[nxt] = new(Route, (route, fees_on.get(nxt, ()), False))
                if nxt in own:
                    following.append((route, nxt))
        following.sort()
        layer = following
    return out


def _least_fees(lay: Layout, start: str, own: set[str], fees_on: dict[str, tuple[int, ...]]) -> dict[str, Route]:
    """Fewest fees, then fewest steps, then the first route in square order (Dijkstra;
    the seats paid ride along, never compared: two paths to one square always differ)."""
    neighbours = lay.neighbours
    best: dict[str, tuple[int, int, tuple[str, ...], tuple[int, ...]]] = {}
    heap: list[tuple[int, int, tuple[str, ...], tuple[int, ...], str]] = [(0, 0, (), (), start)]
    done: set[str] = set()
    while heap:
        fees, steps, path, payees, node = heapq.heappop(heap)
        if node in done:
            continue
        done.add(node)
        for nxt in neighbours[node]:
            if nxt == start or nxt in path:
                continue
            due = fees_on.get(nxt)
            cand = (fees + len(due), steps + 1, (*path, nxt), payees + due) if due else \
                (fees, steps + 1, (*path, nxt), payees)
            old = best.get(nxt)
            if old is None or cand < old:
                best[nxt] = cand
            if nxt in own and nxt not in done:
                heapq.heappush(heap, (*cand, nxt))
    return {sq: _tuple_new(Route, (path, payees, False)) for sq, (_, _, path, payees) in best.items()}


def paid_outcome(state: State, seat: int, payees: tuple[int, ...]) -> tuple[int, ...]:
    """What a route changes for the players: the seats actually paid (the mover pays
    until out of gold, R8), as a sorted multiset. Routes to one square with the same
    outcome leave every player with the same gold: they are the same choice (P5)."""
    return tuple(sorted(payees[: state.gold[seat]]))


def route_options(state: State, lay: Layout, seat: int) -> dict[str, list[Route]]:
    """Every distinct way to reach each square this turn: the inferred route first (see
    `routes`), then one route for each other outcome (set of builders paid), shortest
    first (fewest steps, then fewest fees due, then square order).

    Routes are simple paths over one's own towers (at most 14 simple + 3 battlement
    pieces topped in one's colour, so at most 17 route squares, whatever the board's
    size). The search follows paths only while a route square holding another builder
    is still reachable and the mover still has gold to pay with: past that point no
    further step can change who is paid, so the rest of the network is flooded once
    (shortest continuation to every square) instead of walked path by path. See P5."""
    inferred, others = reachable(state, lay, seat)
    out = {dest: [route] for dest, route in inferred.items()}
    for dest, extra in others.items():
        out[dest] += extra
    return out


def reachable(state: State, lay: Layout, seat: int) -> tuple[dict[str, Route], dict[str, list[Route]]]:
    """``route_options`` in two parts: the inferred route to every square in reach, and
    the other routes where there are any (the listing takes the first part whole)."""
    start = state.builders[seat]
    assert start is not None
    gold = state.gold[seat]
    own = route_squares(state, lay, seat)
    fees_on = fees_map(state, seat)
    inferred = _cheapest(lay, start, own, fees_on)
    own.discard(start)
    toll_squares = own & fees_on.keys()  # route squares where crossing pays someone
    if gold == 0 or not toll_squares:  # only the destination's fee can differ: one route each
        return inferred, {}
    order = lay.index  # square order: row by row
    chosen = set()  # paid_outcome of each inferred route (a sort only where two or more are paid)
    for dest, route in inferred.items():
        paid = route.payees[:gold]
        chosen.add((dest, paid if len(paid) < 2 else tuple(sorted(paid))))
    best: dict[tuple[str, tuple[int, ...]], tuple[tuple, tuple[str, ...], tuple[int, ...]]] = {}

    def record(path: tuple[str, ...], payees: tuple[int, ...]) -> None:
        paid = payees[:gold]
        key = (path[-1], paid if len(paid) < 2 else tuple(sorted(paid)))  # paid_outcome
        if key in chosen:  # the inferred route's outcome: never another route's
            return
        old = best.get(key)
        steps, fees = len(path), len(payees)
        if old is not None:
            o_steps, o_fees, _ = old[0]
            if steps > o_steps or (steps == o_steps and fees > o_fees):
                return  # longer, or as long with more fees: the square order cannot help
            rank = (steps, fees, tuple(map(order.__getitem__, path)))
            if rank >= old[0]:
                return
        else:
            rank = (steps, fees, tuple(map(order.__getitem__, path)))
        best[key] = (rank, path, payees)

    bits = bits_of(lay)
    bit, near = bits.bit, bits.near
    own_bits = sum(bit[sq] for sq in own)
    toll_bits = sum(bit[sq] for sq in toll_squares)

    def toll_ahead(node: str, visited: int) -> bool:
        """Is a route square with another builder on it reachable without revisiting
        (``visited``: the squares of the path, as bits)?"""
        allowed = own_bits & ~visited
        seen = bit[node]
        while True:
            grown = near(seen) & allowed & ~seen
            if grown & toll_bits:
                return True
            if not grown:
                return False
            seen |= grown

    def flood(node: str, path: tuple[str, ...], visited: set[str], payees: tuple[int, ...]) -> None:
        """Shortest (then cheapest) continuations from node to every square still in
        reach; who is paid can no longer change except by the destination's fee."""
        heap: list[tuple[int, int, tuple[str, ...], str, tuple[int, ...]]] = [(0, 0, path, node, payees)]
        done: set[str] = set()
        while heap:
            _, _, here_path, here, pay = heapq.heappop(heap)
            if here in done:
                continue
            done.add(here)
            for nxt in lay.neighbours[here]:
                if nxt in visited or nxt in done:
                    continue
                cand = (*here_path, nxt)
                cand_pay = pay + fees_on.get(nxt, ())
                record(cand, cand_pay)
                if nxt in own:
                    heapq.heappush(heap, (len(cand), len(cand_pay), cand, nxt, cand_pay))

    def explore(node: str, path: tuple[str, ...], visited: set[str], payees: tuple[int, ...], marks: int) -> None:
        """Every path on from node (``visited``: the path's squares, ``marks`` the same as bits)."""
        if len(payees) >= gold or not toll_ahead(node, marks):
            flood(node, path, visited, payees)
            return
        for nxt in lay.neighbours[node]:
            if nxt in visited:
                continue
            cand = (*path, nxt)
            cand_pay = payees + fees_on.get(nxt, ())
            record(cand, cand_pay)
            if nxt in own:
                visited.add(nxt)
                explore(nxt, cand, visited, cand_pay, marks | bit[nxt])
                visited.remove(nxt)

    explore(start, (), {start}, (), bit[start])
    # ``explore`` refers to itself: a reference cycle that would keep ``best`` and every
    # path in it alive until the next garbage collection (most of a random game's garbage)
    explore = None  # type: ignore[assignment]
    others: dict[str, list[Route]] = {}
    for key, (_, path, payees) in sorted(best.items(), key=lambda kv: kv[1][0]):
        if len(path) > 1:  # a one-step route is always the inferred one
            others.setdefault(key[0], []).append(Route(path, payees))
    return inferred, others


def _payees(state: State, seat: int, path: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(p for sq in path for p in builders_on(state, seat, sq))


def explicit_route(state: State, lay: Layout, seat: int, via: tuple[str, ...], dest: str) -> Route:
    """Check a route the player typed: each step orthogonal, every square crossed one of
    the player's own (non-central) towers, no square twice."""
    start = state.builders[seat]
    if start is None:  # routes are asked for in play, after the set-up placed every builder
        raise RuntimeError(f"seat {seat}'s builder is not on the board")
    here = start
    seen = {start}
    for sq in (*via, dest):
        if not lay.is_square(sq):
            raise IllegalAction("torri.error.outside", square=sq)
        if sq in seen:
            raise IllegalAction("torri.error.route_twice", square=sq)
        if sq not in lay.neighbours[here]:
            raise IllegalAction("torri.error.not_adjacent", square=sq, start=here)
        seen.add(sq)
        here = sq
    for sq in via:
        if not is_route_square(state, lay, seat, sq):
            raise IllegalAction("torri.error.not_own_tower", square=sq)
    path = (*via, dest)
    return Route(path, _payees(state, seat, path))


def plan_route(state: State, lay: Layout, seat: int, dest: str, via: tuple[str, ...] | None) -> Route:
    if not lay.is_square(dest):
        raise IllegalAction("torri.error.outside", square=dest)
    if dest == state.builders[seat]:
        raise IllegalAction("torri.error.standing_still", square=dest)
    if via:
        return explicit_route(state, lay, seat, via, dest)
    found = routes(state, lay, seat).get(dest)
    if found is None:
        start = state.builders[seat]
        if start in lay.centrals and dest in lay.centrals:
            raise IllegalAction("torri.error.central_to_central", square=dest, start=start)
        raise IllegalAction("torri.error.out_of_reach", square=dest, start=start)
    return found
