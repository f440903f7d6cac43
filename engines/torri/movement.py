"""Walking: single orthogonal steps, free routes over one's own towers, the free move to
a central tower, and the 1-gold fee to every builder already on a square entered."""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from engines.core.errors import IllegalAction
from engines.torri.board import Layout
from engines.torri.model import State, piece_owner


@dataclass(frozen=True)
class Route:
    path: tuple[str, ...]  # squares entered, the destination last (the start excluded)
    payees: tuple[int, ...]  # one seat per gold owed, in payment order
    jump: bool = False  # the free move to a central tower

    @property
    def dest(self) -> str:
        return self.path[-1]

    @property
    def via(self) -> tuple[str, ...]:
        return self.path[:-1]


def builders_on(state: State, seat: int, square: str) -> tuple[int, ...]:
    """Other seats whose builder stands on the square, from the seat's left."""
    n = state.seats
    return tuple(
        (seat + k) % n for k in range(1, n) if state.builders[(seat + k) % n] == square
    )


def fees_map(state: State, seat: int) -> dict[str, tuple[int, ...]]:
    """Every square holding other seats' builders, with those seats (see builders_on)."""
    start = state.builders[seat]
    return {sq: who for sq in set(state.builders) - {None, start} if (who := builders_on(state, seat, sq))}


def is_route_square(state: State, lay: Layout, seat: int, square: str) -> bool:
    """A tower of one's own (top piece in one's colour) that routes may cross."""
    tower = state.towers.get(square)
    return bool(tower) and square not in lay.centrals and piece_owner(tower[-1]) == seat


def routes(state: State, lay: Layout, seat: int) -> dict[str, Route]:
    """The cheapest route to every square the seat's builder can reach this turn:
    fewest fees, then fewest steps, then the first route in square order."""
    start = state.builders[seat]
    assert start is not None
    fees_on = fees_map(state, seat)
    best: dict[str, tuple[int, int, tuple[str, ...]]] = {}
    heap: list[tuple[int, int, tuple[str, ...], str]] = [(0, 0, (), start)]
    done: set[str] = set()
    while heap:
        fees, steps, path, node = heapq.heappop(heap)
        if node in done:
            continue
        done.add(node)
        for nxt in lay.neighbours[node]:
            if nxt == start or nxt in path:
                continue
            cand = (fees + len(fees_on.get(nxt, ())), steps + 1, (*path, nxt))
            if nxt not in best or cand < best[nxt]:
                best[nxt] = cand
            if nxt not in done and is_route_square(state, lay, seat, nxt):
                heapq.heappush(heap, (*cand, nxt))
    out = {sq: Route(path, tuple(p for s in path for p in fees_on.get(s, ()))) for sq, (_, _, path) in best.items()}
    if start not in lay.centrals:
        for central in lay.centrals:
            jump = Route((central,), fees_on.get(central, ()), jump=True)
            old = out.get(central)
            if old is None or (len(jump.payees), 1) <= (len(old.payees), len(old.path)):
                out[central] = jump
    return out


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
    inferred = routes(state, lay, seat)
    start = state.builders[seat]
    gold = state.gold[seat]
    own = {sq for sq in state.towers if sq != start and is_route_square(state, lay, seat, sq)}
    fees_on = fees_map(state, seat)
    toll_squares = own & fees_on.keys()  # route squares where crossing pays someone
    if gold == 0 or not toll_squares:  # only the destination's fee can differ: one route each
        return {dest: [route] for dest, route in inferred.items()}
    order = {sq: (r, c) for sq, (c, r) in lay.coords.items()}
    best: dict[tuple[str, tuple[int, ...]], tuple[tuple, tuple[str, ...], tuple[int, ...]]] = {}

    def record(path: tuple[str, ...], payees: tuple[int, ...]) -> None:
        key = (path[-1], paid_outcome(state, seat, payees))
        rank = (len(path), len(payees), tuple(order[sq] for sq in path))
        if key not in best or rank < best[key][0]:
            best[key] = (rank, path, payees)

    def toll_ahead(node: str, visited: set[str]) -> bool:
        """Is a route square with another builder on it reachable without revisiting?"""
        seen, todo = {node}, [node]
        while todo:
            for nxt in lay.neighbours[todo.pop()]:
                if nxt in own and nxt not in seen and nxt not in visited:
                    if nxt in toll_squares:
                        return True
                    seen.add(nxt)
                    todo.append(nxt)
        return False

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

    def explore(node: str, path: tuple[str, ...], visited: set[str], payees: tuple[int, ...]) -> None:
        if len(payees) >= gold or not toll_ahead(node, visited):
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
                explore(nxt, cand, visited, cand_pay)
                visited.remove(nxt)

    explore(start, (), {start}, ())
    out = {dest: [route] for dest, route in inferred.items()}
    chosen = {(dest, paid_outcome(state, seat, route.payees)) for dest, route in inferred.items()}
    for key, (_, path, payees) in sorted(best.items(), key=lambda kv: kv[1][0]):
        if key not in chosen and len(path) > 1:  # a one-step route is always the inferred one
            out[key[0]].append(Route(path, payees))
    return out


def _payees(state: State, seat: int, path: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(p for sq in path for p in builders_on(state, seat, sq))


def explicit_route(state: State, lay: Layout, seat: int, via: tuple[str, ...], dest: str) -> Route:
    """Check a route the player typed: each step orthogonal, every square crossed one of
    the player's own (non-central) towers, no square twice."""
    start = state.builders[seat]
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
