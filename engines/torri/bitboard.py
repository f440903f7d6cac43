"""Sets of squares as bit masks over one wall shape: what a random game's draw computes
with (``engines.torri.draw``) instead of sets and dicts of square names.

Each square has a slot of three bits, one per build kind (walk, build, battlement): square
(column c, row r) is bit ``3 * (r * stride + c)`` with ``stride = width + 1`` (the spare
column stops a shift by one square from wrapping round to the next row). A set of squares
uses the slots' first bits; the neighbours of a whole set are four shifts and one mask; and
the moves of each kind, shifted by their kind into one int, are the legal moves in the
order they are listed (square by square in square order, then by kind), so the k-th move
is the k-th set bit. Slots go row by row, as ``Layout.index`` does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from engines.torri.board import Layout
from engines.torri.model import BATTLEMENT_LETTERS, NEUTRAL_BATTLEMENT

SLOT = 3  # bits per square: one per build kind


@dataclass(frozen=True)
class Bits:
    """One layout's squares as bits (made once per layout: see ``bits_of``)."""

    bit: dict[str, int]  # square -> its bit (a power of two)
    square_at: dict[int, str]  # bit position (a slot's first) -> square
    inside: int  # every square inside the walls
    centrals: int  # the central towers' squares
    right: int  # the shift from a square to the next one in its row (one slot)
    down: int  # the shift from a square to the one below (one row of slots)
    name_rank: dict[int, int]  # bit -> the square's place in the order of square names (strings)

    def near(self, mask: int) -> int:
        """Every square orthogonally next to a square of ``mask``."""
        right, down = self.right, self.down
        return ((mask << right) | (mask >> right) | (mask << down) | (mask >> down)) & self.inside

    def first_by_name(self, mask: int) -> int:
        """The bit of the mask's square whose name sorts first (as strings: "B10" < "B9")."""
        if not mask & (mask - 1):
            return mask
        rank, best, best_rank = self.name_rank, 0, 1 << 30
        while mask:
            low = mask & -mask
            if rank[low] < best_rank:
                best, best_rank = low, rank[low]
            mask ^= low
        return best


_BITS: dict[int, tuple[Layout, Bits]] = {}  # by the layout's id (layouts are made once and kept)


def bits_of(lay: Layout) -> Bits:
    """The layout's bits, made on first use."""
    found = _BITS.get(id(lay))
    if found is not None and found[0] is lay:
        return found[1]
    stride = lay.width + 1
    bit = {sq: 1 << SLOT * (r * stride + c) for sq, (c, r) in lay.coords.items()}
    bits = Bits(
        bit=bit,
        square_at={b.bit_length() - 1: sq for sq, b in bit.items()},
        inside=sum(bit.values()),
        centrals=sum(bit[sq] for sq in lay.centrals),
        right=SLOT,
        down=SLOT * stride,
        name_rank={bit[sq]: i for i, sq in enumerate(sorted(bit))},
    )
    _BITS[id(lay)] = (lay, bits)
    return bits


_CLOSING = BATTLEMENT_LETTERS + NEUTRAL_BATTLEMENT  # the pieces ``is_closing`` names


class TowerSets(NamedTuple):
    """The towers of one position as masks: by top piece (letter -> squares), by height
    (``at_least[h]``: the towers of h pieces or more; ``at_least[0]`` every tower), and
    the closed ones."""

    by_top: dict[str, int]
    at_least: list[int]
    closed: int


# The last towers classified and their masks: a random game changes a tower or two per
# move, so the next call updates the masks for the squares that changed (found by a
# comparison of the two dicts' items, in C) instead of going over every tower again.
# Kept with the layout's bits: the same square is another bit on another wall.
# Replaced whole, never changed in place (threads may share it).
_last: list[tuple[Bits, dict[str, str], TowerSets] | None] = [None]
_REBUILD = 8  # more squares changed than this: classify every tower afresh


def tower_sets(towers: dict[str, str], bits: Bits) -> TowerSets:
    """``towers`` as masks (see ``TowerSets``); an empty tower is no tower."""
    last = _last[0]
    changed = None if last is None or last[0] is not bits else towers.items() ^ last[1].items()
    if changed is None or len(changed) > 2 * _REBUILD:
        by_top: dict[str, int] = {}
        at_least = [0]
        closed = 0
        squares = towers.items()
        before: dict[str, str] = {}
    else:
        _, before, sets = last  # type: ignore[misc]
        if not changed:
            return sets
        by_top, at_least, closed = dict(sets.by_top), list(sets.at_least), sets.closed
        squares = [(sq, towers.get(sq, "")) for sq in {sq for sq, _ in changed}]  # type: ignore[assignment]
    bit = bits.bit
    for sq, tower in squares:
        b = bit[sq]
        old = before.get(sq)
        if old:
            top = old[-1]
            by_top[top] ^= b
            if top in _CLOSING:
                closed ^= b
            for h in range(len(old) + 1):
                at_least[h] ^= b
        if tower:
            top = tower[-1]
            by_top[top] = by_top.get(top, 0) | b
            if top in _CLOSING:
                closed |= b
            if len(tower) >= len(at_least):
                at_least += [0] * (len(tower) + 1 - len(at_least))
            for h in range(len(tower) + 1):
                at_least[h] |= b
    sets = TowerSets(by_top, at_least, closed)
    _last[0] = (bits, dict(towers), sets)
    return sets
