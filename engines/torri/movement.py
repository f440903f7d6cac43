"""Walking: single orthogonal steps, free routes over one's own towers, the free move to
a central tower, and the 1-gold fee to every builder already on a square entered."""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from engines.core.errors import IllegalAction
from engines.torri.board import Layout
from engines.torri.model import COLOURS, TorriState, piece_owner


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


def builders_on(state: TorriState, seat: int, square: str) -> tuple[int, ...]:
    """Other seats whose builder stands on the square, from the seat's left."""
    n = state.players
    return tuple(
        (seat + k) % n for k in range(1, n) if state.builders[(seat + k) % n] == square
    )


def is_route_square(state: TorriState, lay: Layout, seat: int, square: str) -> bool:
    """A tower of one's own (top piece in one's colour) that routes may cross."""
    tower = state.towers.get(square)
    return bool(tower) and square not in lay.centrals and piece_owner(tower[-1]) == seat


def routes(state: TorriState, lay: Layout, seat: int) -> dict[str, Route]:
    """The cheapest route to every square the seat's builder can reach this turn:
    fewest fees, then fewest steps, then the first route in square order."""
    start = state.builders[seat]
    assert start is not None
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
            cand = (fees + len(builders_on(state, seat, nxt)), steps + 1, (*path, nxt))
            if nxt not in best or cand < best[nxt]:
                best[nxt] = cand
            if nxt not in done and is_route_square(state, lay, seat, nxt):
                heapq.heappush(heap, (*cand, nxt))
    out = {sq: Route(path, _payees(state, seat, path)) for sq, (_, _, path) in best.items()}
    if start not in lay.centrals:
        for central in lay.centrals:
            jump = Route((central,), builders_on(state, seat, central), jump=True)
            old = out.get(central)
            if old is None or (len(jump.payees), 1) <= (len(old.payees), len(old.path)):
                out[central] = jump
    return out


def _payees(state: TorriState, seat: int, path: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(p for sq in path for p in builders_on(state, seat, sq))


def explicit_route(state: TorriState, lay: Layout, seat: int, via: tuple[str, ...], dest: str) -> Route:
    """Check a route the player typed: each step orthogonal, every square crossed one of
    the player's own (non-central) towers, no square twice."""
    start = state.builders[seat]
    here = start
    seen = {start}
    for sq in (*via, dest):
        if not lay.is_square(sq):
            raise IllegalAction(f"{sq} is not a square inside the walls.")
        if sq in seen:
            raise IllegalAction(f"The route passes {sq} twice; a route visits each square once.")
        if sq not in lay.neighbours[here]:
            raise IllegalAction(
                f"{sq} is not orthogonally adjacent to {here}; a route moves one square at a time."
            )
        seen.add(sq)
        here = sq
    for sq in via:
        if not is_route_square(state, lay, seat, sq):
            raise IllegalAction(
                f"A route may only cross towers topped in your colour ({COLOURS[seat]}), "
                f"and {sq} is not one (central towers never count)."
            )
    path = (*via, dest)
    return Route(path, _payees(state, seat, path))


def plan_route(state: TorriState, lay: Layout, seat: int, dest: str, via: tuple[str, ...] | None) -> Route:
    if not lay.is_square(dest):
        raise IllegalAction(f"{dest} is not a square inside the walls.")
    if dest == state.builders[seat]:
        raise IllegalAction(f"Your builder is already on {dest}; standing still is not allowed.")
    if via:
        return explicit_route(state, lay, seat, via, dest)
    found = routes(state, lay, seat).get(dest)
    if found is None:
        start = state.builders[seat]
        if start in lay.centrals and dest in lay.centrals:
            raise IllegalAction(
                f"You cannot move freely from one central tower to the other; {dest} is not "
                f"adjacent to {start} nor reachable over your own towers."
            )
        raise IllegalAction(
            f"{dest} is out of reach: move one square from {start}, or further over towers "
            f"topped in your colour, or freely to a central tower."
        )
    return found
