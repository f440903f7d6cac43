"""The random game's draw: ``legal_move_list(...)[rng.below(n)]`` without listing.

The legal moves are counted from bit masks (``engines.torri.bitboard``): one per
destination and build kind, over the inferred route, except at squares that routes paying
different builders reach (RULINGS P5). Most positions have none: no route square within
the builder's reach holds another builder, so every walk to a square pays the same fees
(the destination's); there only the drawn move's route is searched. Elsewhere the routes
are searched (``movement.reachable``) and only the squares with several outcomes are
listed (``turns.route_outcomes``). Tested against ``list_moves`` move by move on random
positions.
"""

from __future__ import annotations

from typing import NamedTuple, cast

from engines.core.bitset import select
from engines.core.rng import Rng
from engines.torri.bitboard import SLOT, Bits, bits_of, tower_sets
from engines.torri.board import Layout
from engines.torri.building import height_limit
from engines.torri.model import BATTLEMENT_LETTERS, BATTLEMENT_PRICE, LETTERS, Move, State
from engines.torri.movement import Route, _tuple_new, builders_on, reachable
from engines.torri.turns import BATTLEMENT, BUILD, WALK, _drawn, move_of, route_outcomes

Listed = tuple[int, list[tuple[Move, Route]], list[tuple[Move, Route]]]  # a square's slot bit, its moves apart


class Choices(NamedTuple):
    """A position's legal moves, counted: ``nth`` finds each."""

    total: int
    moves: int  # the moves over inferred routes, each the bit of its kind in its square's slot
    own: int  # the route squares
    routes: dict[str, Route] | None  # the inferred routes, where searched (None: every route pays alike)
    listed: tuple[Listed, ...] = ()  # the squares with routes that pay differently, in square order


def choices(state: State, lay: Layout, seat: int) -> Choices:
    """The seat's legal moves (as ``turns._listing`` decides them): a walk ends on a
    tower; a build needs a square nobody else stands on, not closed, and below the height
    limit unless central; a battlement also a square outside the centre, a piece left and
    the price in hand once the fees of the walk are paid."""
    bits = bits_of(lay)
    bit, centrals, right, down = bits.bit, bits.centrals, bits.right, bits.down
    if None in state.builders:  # moves are drawn after the set-up placed every builder
        raise RuntimeError("a builder is not on the board")
    builders = cast("list[str]", state.builders)
    start = bit[builders[seat]]
    by_top, at_least, closed = tower_sets(state.towers, bits)
    own = (by_top.get(LETTERS[seat], 0) | by_top.get(BATTLEMENT_LETTERS[seat], 0)) & ~centrals
    others = 0  # where the other builders stand
    for sq in builders[:seat] + builders[seat + 1:]:
        others |= bit[sq]
    crossed = start  # the start and the route squares reachable over route squares
    while True:
        grown = ((crossed << right) | (crossed >> right) | (crossed << down) | (crossed >> down)) & own & ~crossed
        if not grown:
            break
        crossed |= grown
    dests = bits.near(crossed) & ~start
    if not start & centrals:  # the free move to a central tower
        dests |= centrals
    limit = height_limit(state, lay)
    tall = at_least[limit] & ~centrals if limit < len(at_least) else 0
    buildable = dests & ~others & (~at_least[0] | (~closed & ~tall))
    walk = dests & at_least[0]
    build = buildable if state.simple_left[seat] > 0 else 0
    priced = buildable & ~centrals if state.battlements_left[seat] > 0 else 0  # before the price
    gold = state.gold[seat]
    battlement = priced if gold >= BATTLEMENT_PRICE else 0
    if not crossed & others & ~start:
        # no route square in reach holds another builder: no fee but the destination's,
        # and nobody stands on a square one may build on
        moves = walk | (build << 1) | (battlement << 2)
        return _tuple_new(Choices, (moves.bit_count(), moves, own, None, ()))
    inferred, other_routes = reachable(state, lay, seat)
    if battlement:
        for dest, route in inferred.items():
            if route.payees and gold - len(route.payees) < BATTLEMENT_PRICE:
                battlement &= ~bit[dest]
    listed = []
    n = 0
    for dest in sorted(other_routes, key=bit.__getitem__):
        b = bit[dest]
        kinds = (WALK if walk & b else 0) | (BUILD if build & b else 0) | (BATTLEMENT if priced & b else 0)
        walk &= ~b
        build &= ~b
        battlement &= ~b
        if kinds:
            first, rest = route_outcomes(state, seat, dest, kinds, (inferred[dest], *other_routes[dest]))
            listed.append((b, first, rest))
            n += len(first) + len(rest)
    moves = walk | (build << 1) | (battlement << 2)
    return Choices(moves.bit_count() + n, moves, own, inferred, tuple(listed))


def nth(state: State, lay: Layout, seat: int, found: Choices, i: int) -> tuple[Move, Route]:
    """The i-th (from 0) move ``list_moves`` lists, with its route: first the moves over
    inferred routes, square by square in square order and by kind (walk, build,
    battlement) on each square, then the moves over other routes."""
    moves = found.moves
    offset = 0  # the listed squares' moves over their inferred routes passed so far
    for b, first, _ in found.listed:
        before = offset + (moves & (b - 1)).bit_count()
        if i < before:
            break
        if i < before + len(first):
            return first[i - before]
        offset += len(first)
    else:
        j = i - offset - moves.bit_count()
        if j >= 0:  # a move over another route
            for _, _, rest in found.listed:
                if j < len(rest):
                    return rest[j]
                j -= len(rest)
    at = select(moves, i - offset)
    kind = at % SLOT
    slot = at - kind
    bits = bits_of(lay)
    dest = bits.square_at[slot]
    move = move_of(dest, None, _KIND_NAMES[kind])
    if found.routes is not None:
        return move, found.routes[dest]
    return move, _route(state, lay, bits, seat, found.own, 1 << slot)


_KIND_NAMES = ("walk", "build", "battlement")  # by their bit in a square's slot


def _route(state: State, lay: Layout, bits: Bits, seat: int, own: int, dest_bit: int) -> Route:
    """The inferred route to a square (``movement.routes``'s) where no route square in
    reach holds another builder: the free move to a central tower if it is one and the
    builder stands outside the centre, else the path ``movement._nearest`` finds first:
    the shortest over route squares, the first by square names among those."""
    start_sq = state.builders[seat]
    assert start_sq is not None
    dest = bits.square_at[dest_bit.bit_length() - 1]
    start = bits.bit[start_sq]
    payees = builders_on(state, seat, dest) if dest in state.builders else ()
    if dest_bit & bits.centrals and not start & bits.centrals:
        return _tuple_new(Route, ((dest,), payees, True))
    near = bits.near
    layers = []  # the squares first reached at each step (breadth first over route squares)
    reached = frontier = start
    while not reached & dest_bit:
        layer = near(frontier) & ~reached
        if not layer:
            raise ValueError(f"{dest} is out of reach")
        layers.append(layer)
        reached |= layer
        frontier = layer & own
    if len(layers) == 1:
        return _tuple_new(Route, ((dest,), payees, False))
    ahead = dest_bit  # squares of the next step that lead on to the destination as fast
    leading = []
    for layer in reversed(layers[:-1]):
        ahead = layer & own & near(ahead)
        leading.append(ahead)
    path = []
    here = start
    for ahead in reversed(leading):
        here = bits.first_by_name(ahead & near(here))
        path.append(bits.square_at[here.bit_length() - 1])
    path.append(dest)
    return _tuple_new(Route, (tuple(path), payees, False))


def draw_move(state: State, lay: Layout, seat: int, rng: Rng) -> Move | None:
    """``legal_move_list(...)[rng.below(n)]``, the same draw (None, after drawing below 1,
    when there is no move: the caller passes), without keeping a list: a random game
    never comes back to a position. The move's route is kept for the ``play_move`` that
    follows (``turns._drawn``: one slot, checked against the position)."""
    found = choices(state, lay, seat)
    if not found.total:
        rng.below(1)
        return None
    move, route = nth(state, lay, seat, found, rng.below(found.total))
    _drawn[0] = (state, move, route, (state.turn, seat, list(state.builders), list(state.gold)))
    return move
