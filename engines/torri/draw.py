"""The random game's draw: ``legal_move_list(...)[rng.below(n)]`` without listing.

Most positions have one route worth taking to each square: no route square within the
builder's reach holds another builder, so every walk to a square pays the same fees (the
destination's, RULINGS P5) and the legal moves are one per destination and build kind,
over the inferred route. There the moves are counted from bit masks (``engines.torri.
bitboard``), and only the drawn move's route is searched. Elsewhere the moves are listed
(``turns._listing``). Tested against the listing move by move on random positions.
"""

from __future__ import annotations

from typing import NamedTuple

from engines.core.bitset import select
from engines.core.rng import Rng
from engines.torri.bitboard import SLOT, Bits, bits_of, tower_sets
from engines.torri.board import Layout
from engines.torri.building import height_limit
from engines.torri.model import BATTLEMENT_LETTERS, BATTLEMENT_PRICE, LETTERS, Move, State
from engines.torri.movement import Route, _tuple_new, builders_on
from engines.torri.turns import _drawn, _listing, move_of


class Kinds(NamedTuple):
    """The squares a walk, a build and a battlement may go to, and the route squares."""

    walk: int
    build: int
    battlement: int
    own: int


def quick_kinds(state: State, lay: Layout, seat: int) -> Kinds | None:
    """The destinations of each build kind (walk, build, battlement) as masks, when every
    route to a square pays the same fees (no route square within reach holds another
    builder); None when routes may pay different builders (then the moves are listed).

    As ``turns._listing`` decides: a walk ends on a tower; a build needs a square nobody
    else stands on, not closed, and below the height limit unless central; a battlement
    also a square outside the centre, a piece left and the price in hand (no fee is due
    on a square nobody stands on)."""
    bits = bits_of(lay)
    bit, centrals, right, down = bits.bit, bits.centrals, bits.right, bits.down
    builders = state.builders
    start_sq = builders[seat]
    if start_sq is None:  # moves are drawn after the set-up placed every builder
        raise RuntimeError(f"seat {seat}'s builder is not on the board")
    start = bit[start_sq]
    by_top, at_least, closed = tower_sets(state.towers, bits)
    own = (by_top.get(LETTERS[seat], 0) | by_top.get(BATTLEMENT_LETTERS[seat], 0)) & ~centrals
    others = 0
    for s, sq in enumerate(builders):
        if s != seat and sq is not None:
            others |= bit[sq]
    crossed = start  # the start and the route squares reachable over route squares
    while True:
        grown = ((crossed << right) | (crossed >> right) | (crossed << down) | (crossed >> down)) & own & ~crossed
        if not grown:
            break
        crossed |= grown
    if crossed & others & ~start:  # a route square in reach with a builder on it: a toll
        return None
    dests = bits.near(crossed) & ~start
    if not start & centrals:  # the free move to a central tower
        dests |= centrals
    limit = height_limit(state, lay)
    tall = at_least[limit] & ~centrals if limit < len(at_least) else 0
    buildable = dests & ~others & (~at_least[0] | (~closed & ~tall))
    build = buildable if state.simple_left[seat] > 0 else 0
    battlement = 0
    if state.battlements_left[seat] > 0 and state.gold[seat] >= BATTLEMENT_PRICE:
        battlement = buildable & ~centrals
    return Kinds(dests & at_least[0], build, battlement, own)


def count(kinds: Kinds) -> int:
    return kinds.walk.bit_count() + kinds.build.bit_count() + kinds.battlement.bit_count()


def nth_move(state: State, lay: Layout, seat: int, kinds: Kinds, i: int) -> tuple[Move, Route]:
    """The i-th (from 0) move ``list_moves`` lists in a position ``quick_kinds`` answered,
    with its route: destinations in square order, each with its kinds in the order walk,
    build, battlement (the i-th set bit of the kinds' masks in their slots' bits)."""
    walk, build, battlement, own = kinds
    at = select(walk | (build << 1) | (battlement << 2), i)
    kind = at % SLOT
    slot = at - kind
    bits = bits_of(lay)
    dest = bits.square_at[slot]
    return move_of(dest, None, _KIND_NAMES[kind]), _route(state, lay, bits, seat, own, 1 << slot)


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
    kinds = quick_kinds(state, lay, seat)
    if kinds is not None:
        n = count(kinds)
        if not n:
            rng.below(1)
            return None
        move, route = nth_move(state, lay, seat, kinds, rng.below(n))
    else:
        groups, others, n = _listing(state, lay, seat)
        if not n:
            rng.below(1)
            return None
        i = rng.below(n)
        for moves, shared in groups:
            if i < len(moves):
                move, route = moves[i], shared
                break
            i -= len(moves)
        else:
            move, route = others[i]
    _drawn[0] = (state, move, route, (state.turn, seat, list(state.builders), list(state.gold)))
    return move
