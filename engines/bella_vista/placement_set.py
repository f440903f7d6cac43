"""The placements a building may take in a position, as bit masks of their anchors.

A town's placements come in runs, one per footprint orientation (``Placements.runs``): a
placement is an anchor (the top-left corner of the footprint's box) and its index is the
run's first index plus the anchor's rank among the run's anchors. A rule about spaces is
then a few shifts of a mask per run instead of a test per placement: "respects this
Zoning Card", "on the border", "free" (no space occupied). A random town is new with
every playout, so what a Zoning Card allows is worked out this way in every game, and the
placements are only listed when something asks for the list (a draw picks the k-th one
without listing them).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import compress

from engines.bella_vista.components import zoning_card
from engines.bella_vista.geometry import Geometry, _bit_bytes
from engines.core.bitset import select


class PlacementSet(Sequence[int]):
    """Placement indices, ascending, kept as ``(first index, run anchors, chosen anchors)``
    per run: its length, its k-th element and membership cost a few mask operations; the
    tuple of indices is made on first iteration."""

    __slots__ = ("_runs", "_anchors", "_count", "_listed")

    def __init__(self, runs: tuple[tuple[int, int, int], ...], anchors: list[int]):
        self._runs = runs  # only runs with something chosen
        self._anchors = anchors  # the town's anchor of every placement index
        self._count = sum(m.bit_count() for _, _, m in runs)
        self._listed: tuple[int, ...] | None = None

    def __len__(self) -> int:
        return self._count

    def __bool__(self) -> bool:
        return self._count > 0

    def __getitem__(self, k):
        if isinstance(k, slice):
            return self.indices()[k]
        if k < 0:
            k += self._count
        if not 0 <= k < self._count:
            raise IndexError("placement set index out of range")
        for first, valid, chosen in self._runs:
            n = chosen.bit_count()
            if k < n:
                anchor = select(chosen, k)
                return first + (valid & ((1 << anchor) - 1)).bit_count()
            k -= n
        raise AssertionError("unreachable: k was checked against the count")

    def __contains__(self, index: object) -> bool:
        if not isinstance(index, int) or not 0 <= index < len(self._anchors):
            return False
        bit = 1 << self._anchors[index]
        for first, valid, chosen in self._runs:
            if first <= index < first + valid.bit_count():
                return bool(chosen & bit)
        return False

    def __iter__(self) -> Iterator[int]:
        return iter(self.indices())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PlacementSet):
            return self.indices() == other.indices()
        if isinstance(other, tuple | list):
            return list(self.indices()) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"PlacementSet({self.indices()})"

    def indices(self) -> tuple[int, ...]:
        """Every index, ascending (made once)."""
        if self._listed is None:
            out: list[int] = []
            for first, valid, chosen in self._runs:
                size = valid.bit_length()
                out += compress(range(first, first + valid.bit_count()),
                                compress(_bit_bytes(chosen, size), _bit_bytes(valid, size)))
            self._listed = tuple(out)
        return self._listed


def zoning_masks(geo: Geometry, zoning_id: str, shape: str) -> tuple[tuple[int, int, tuple[int, ...], int], ...]:
    """Per run of this shape: (first index, anchors, offsets, anchors the Zoning Card
    allows), kept in the town's memo."""
    key = ("zoning masks", zoning_id, shape)
    found = geo.memo.get(key)
    if found is None:
        card = zoning_card(zoning_id)
        allowed = 0
        if card.kind == "subsidized":  # every space on one of the named tiles
            allowed = sum(geo.tile_masks[geo.tile_of_code[c]] for c in card.neighborhoods)
        out = []
        for form, first, offsets, valid, border, park, river in geo.placements.runs:
            if form != shape:
                continue
            if card.kind == "subsidized":
                ok = valid
                for o in offsets:
                    ok &= allowed >> o
            elif card.kind == "community_parks":
                ok = park
            elif card.kind == "no_parks":
                ok = valid & ~park
            elif card.kind == "no_rivers":
                ok = valid & ~river
            else:  # no_borders
                ok = valid & ~border
            out.append((first, valid, offsets, ok))
        found = geo.memo[key] = tuple(out)
    return found


def legal_set(geo: Geometry, zoning_id: str, shape: str, occupied: int) -> tuple[PlacementSet, bool]:
    """(placements, forced) of a building of this shape: those that respect the Zoning Card
    on free spaces; if none, the free ones on the border of Town; if none, any free one
    (``forced``: the Zoning Card cannot be met)."""
    runs = zoning_masks(geo, zoning_id, shape)
    anchors = geo.placements.anchors
    ruled = []
    for first, valid, offsets, ok in runs:  # ``_touching`` inlined: this runs after every build
        touching = 0
        for o in offsets:
            touching |= occupied >> o
        if ok & ~touching:
            ruled.append((first, valid, ok & ~touching))
    if ruled:
        return PlacementSet(tuple(ruled), anchors), False
    free = [(first, valid, valid & ~_touching(occupied, offsets), ok) for first, valid, offsets, ok in runs]
    border = {first: b for _, first, _, _, b, _, _ in geo.placements.runs}
    chosen = tuple((first, valid, f & border[first]) for first, valid, f, _ in free if f & border[first])
    if not chosen:
        chosen = tuple((first, valid, f) for first, valid, f, _ in free if f)
    return PlacementSet(chosen, anchors), True


def _touching(occupied: int, offsets: Sequence[int]) -> int:
    """The anchors whose footprint (these offsets) covers an occupied space."""
    out = 0
    for o in offsets:
        out |= occupied >> o
    return out
