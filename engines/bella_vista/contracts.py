"""Step C: which Contract Cards an architect's buildings meet."""

from __future__ import annotations

from dataclasses import dataclass, field

from engines.bella_vista.building import standing
from engines.bella_vista.components import contract_card, setup_for
from engines.bella_vista.geometry import geometry
from engines.bella_vista.state import State


@dataclass
class Tally:
    """What the Contract Cards count among an architect's buildings."""

    on_tile: dict[int, int] = field(default_factory=dict)  # tile -> buildings entirely on it
    spanning: int = 0  # buildings on two tiles or more
    border: int = 0
    river: int = 0
    park: int = 0


def tally(state: State, seat: int) -> Tally:
    """What the architect's standing buildings count for the Contract Cards (do not
    change the answer: see ``_tallies``)."""
    return _tallies(state)[seat]


def _tallies(state: State) -> list[Tally]:
    """Every architect's tally, kept while the state's building list stays the same, and
    grown by the newest building (its owner's tally made anew) when the same list grew
    by one, as in a game played on in place."""
    geo = geometry(state.town)
    built = state.buildings
    n = len(built)
    last = geo.memo.get("tallies")
    if last is not None and last[0] is built:
        if last[1] == n and (not n or last[2] is built[-1]):
            return last[3]
        if last[1] == n - 1 and (n == 1 or last[2] is built[-2]):
            out = last[3]
            owner = built[-1].owner
            if owner is not None:
                out = out[:]
                t = out[owner]
                t = out[owner] = Tally(dict(t.on_tile), t.spanning, t.border, t.river, t.park)
                _add(t, _counts(geo), standing(state)[-1])
            geo.memo["tallies"] = (built, n, built[-1], out)
            return out
    out = [Tally() for _ in range(state.seats)]
    counts = _counts(geo)
    for b, p in zip(built, standing(state), strict=True):
        if b.owner is not None:
            _add(out[b.owner], counts, p)
    geo.memo["tallies"] = (built, n, built[-1] if built else None, out)
    return out


def _add(t: Tally, counts: dict, p) -> None:
    """One more of the architect's buildings, on placement ``p``."""
    # "built entirely on the Neighborhood Tile": a building spanning two tiles is on neither.
    tile, border, river, park = counts.get(p.index) or _count(counts, p)
    if tile >= 0:
        t.on_tile[tile] = t.on_tile.get(tile, 0) + 1
    else:
        t.spanning += 1
    t.border += border
    t.river += river
    t.park += park


def _counts(geo) -> dict[int, tuple[int, bool, bool, bool]]:
    """What each placement of the town adds to a tally, by placement index (made on first use)."""
    found = geo.memo.get("tally")
    if found is None:
        found = geo.memo["tally"] = {}
    return found


def _count(counts: dict, p) -> tuple[int, bool, bool, bool]:
    tiles = p.tiles
    found = counts[p.index] = (next(iter(tiles)) if len(tiles) == 1 else -1, p.border, p.river, p.park)
    return found


def meets(state: State, seat: int, contract_id: int) -> bool:
    return _meets(tally(state, seat), _requirements(state, contract_id)[contract_id])


def _meets(t: Tally, requirement: tuple[str, tuple[int, ...], int]) -> bool:
    kind, tiles, threshold = requirement
    if kind == "tile":
        return t.on_tile.get(tiles[0], 0) >= threshold
    if kind == "tiles":
        return all(t.on_tile.get(tile, 0) >= 1 for tile in tiles)
    if kind == "spanning":
        return t.spanning >= 2
    if kind == "border":
        return t.border >= 4
    if kind == "river":
        return t.river >= threshold
    return t.park >= threshold


def _requirements(state: State, *needed: int | None) -> dict[int, tuple[str, tuple[int, ...], int]]:
    """Contract Cards as their test reads them in this town and at this player count: the
    kind, the tiles named and the threshold, by card (kept in the town's memo; ``needed``:
    the cards that must be in it)."""
    geo = geometry(state.town)
    key = ("contracts", state.seats)
    memo = geo.memo.get(key)
    if memo is None:
        memo = geo.memo[key] = {}
    for contract_id in needed:
        if contract_id is not None and contract_id not in memo:
            card = contract_card(contract_id)
            tiles = tuple(geo.tile_of_code[c] for c in card.neighborhoods) if card.kind in ("tile", "tiles") else ()
            memo[contract_id] = (card.kind, tiles, setup_for(state.seats).contract_threshold)
    return memo


def met(state: State, seat: int) -> list[int]:
    """Face-up contracts the architect's buildings meet, in row order."""
    t = tally(state, seat)
    row = state.contract_row
    need = _requirements(state, *row)
    return [c for c in row if c is not None and _meets(t, need[c])]


def eligible(state: State, seat: int) -> list[int]:
    """Face-up contracts the architect may take now, in row order: none once they took
    one this round ("Each architect may take only one Contract Card per round", which the
    2-architect rules leave unchanged)."""
    if state.architects[seat].contract_round == state.round:
        return []
    return met(state, seat)
