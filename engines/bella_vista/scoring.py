"""End of the game: objectives, contracts, coins, and the tie-break.

The functions per architect (``groups``, ``height_score``, ``grouping_score``,
``breakdown``) say the rules as the rulebook does; ``standings`` computes the same for every
architect in one pass (what the end of a game and the AI players' evaluation use), and the
tests hold the two equal."""

from __future__ import annotations

from dataclasses import dataclass

from engines.bella_vista.building import standing
from engines.bella_vista.components import contract_card, objective
from engines.bella_vista.contracts import Tally
from engines.bella_vista.geometry import Placement, geometry
from engines.bella_vista.state import State
from engines.core.game import FinalScore, Result, rank_scores
from engines.core.messages import Msg


def groups(state: State, seat: int) -> list[list[int]]:
    """Connected sets of the architect's buildings (building indices), singletons included."""
    placed = standing(state)
    own = [i for i, b in enumerate(state.buildings) if b.owner == seat]
    seen: set[int] = set()
    out = []
    for start in own:
        if start in seen:
            continue
        comp, todo = [start], [start]
        seen.add(start)
        while todo:
            around = placed[todo.pop()].around_mask
            for j in own:
                if j not in seen and placed[j].mask & around:
                    seen.add(j)
                    comp.append(j)
                    todo.append(j)
        out.append(sorted(comp))
    return out


def largest_group_spaces(state: State, seat: int) -> int:
    """Spaces of the architect's Group (>= 2 buildings) that occupies the most spaces; 0 if none."""
    placed = standing(state)
    sizes = [sum(len(placed[i].cells) for i in g) for g in groups(state, seat) if len(g) >= 2]
    return max(sizes, default=0)


def height_score(state: State, seat: int, kind: str) -> int:
    total = 0
    for b, p in zip(state.buildings, standing(state), strict=True):
        if b.owner != seat:
            continue
        if kind == "parks":
            total += b.height * len(p.parks)  # once per separate Park it touches
        elif kind == "rivers":
            total += b.height * len(p.rivers)
        elif p.border:
            total += b.height
    return total


def grouping_score(state: State, seat: int, kind: str) -> int:
    if kind == "largest":
        return 2 * largest_group_spaces(state, seat)
    gs = groups(state, seat)
    if kind == "groups":
        return 10 * sum(1 for g in gs if len(g) >= 2)
    return -5 * sum(1 for g in gs if len(g) == 1)


def breakdown(state: State, seat: int) -> dict[str, int]:
    arch = state.architects[seat]
    return {
        "coins": arch.coins,
        "contracts": sum(contract_card(c).value for c in arch.contracts),
        "height_objective": height_score(state, seat, objective(state.height_objective).kind),
        "grouping_objective": grouping_score(state, seat, objective(state.grouping_objective).kind),
    }


@dataclass
class Standing:
    """One architect's score if the game ended now, and what else the rules count."""

    breakdown: dict[str, int]  # as ``breakdown``
    largest: int  # as ``largest_group_spaces`` (the tie-break)
    tally: Tally  # what the Contract Cards count


def standings(state: State) -> list[Standing]:
    """``breakdown``, ``largest_group_spaces`` and ``contracts.tally`` of every architect in
    one pass over the buildings (the end of every game, and every evaluation of a search)."""
    n = state.seats
    height_kind = objective(state.height_objective).kind
    heights = [0] * n
    tallies = [Tally() for _ in range(n)]
    own: list[list[Placement]] = [[] for _ in range(n)]
    for b, p in zip(state.buildings, standing(state), strict=True):
        s = b.owner
        if s is None:
            continue
        own[s].append(p)
        t = tallies[s]
        if len(p.tiles) == 1:
            (tile,) = p.tiles
            t.on_tile[tile] = t.on_tile.get(tile, 0) + 1
        else:
            t.spanning += 1
        t.border += p.border
        t.river += p.river
        t.park += p.park
        if height_kind == "parks":
            heights[s] += b.height * len(p.parks)
        elif height_kind == "rivers":
            heights[s] += b.height * len(p.rivers)
        elif p.border:
            heights[s] += b.height
    grouping_kind = objective(state.grouping_objective).kind
    known = geometry(state.town).memo.get("groups")
    if known is None or len(known) >= _GROUPS_MEMO:
        known = geometry(state.town).memo["groups"] = {}
    out = []
    for s, arch in enumerate(state.architects):
        key = tuple(p.index for p in own[s])
        sizes = known.get(key)
        if sizes is None:
            sizes = known[key] = _group_sizes(own[s])
        largest = max((spaces for count, spaces in sizes if count >= 2), default=0)
        if grouping_kind == "largest":
            grouping = 2 * largest
        elif grouping_kind == "groups":
            grouping = 10 * sum(1 for count, _ in sizes if count >= 2)
        else:
            grouping = -5 * sum(1 for count, _ in sizes if count == 1)
        parts = {"coins": arch.coins, "contracts": sum(contract_card(c).value for c in arch.contracts),
                 "height_objective": heights[s], "grouping_objective": grouping}
        out.append(Standing(parts, largest, tallies[s]))
    return out


_GROUPS_MEMO = 1024  # architects' buildings whose groups are remembered per town (a search meets the same often; ~0.5 MB)


def _group_sizes(own: list[Placement]) -> list[tuple[int, int]]:
    """(buildings, spaces) of each set of adjacent buildings among ``own``."""
    group = list(range(len(own)))  # a label per building, merged as adjacencies are found
    for a, p in enumerate(own):
        around = p.around_mask
        for b in range(a):
            if own[b].mask & around and group[a] != group[b]:
                old, new = group[a], group[b]
                group = [new if g == old else g for g in group]
    sizes: dict[int, list[int]] = {}
    for g, p in zip(group, own, strict=True):
        size = sizes.setdefault(g, [0, 0])
        size[0] += 1
        size[1] += len(p.cells)
    return [(count, spaces) for count, spaces in sizes.values()]


def final_result(state: State) -> Result:
    every = standings(state)
    parts = {s: every[s].breakdown for s in range(state.seats)}
    totals = {s: sum(parts[s].values()) for s in parts}
    largest = {s: every[s].largest for s in parts}
    ranks = rank_scores({s: (totals[s], largest[s]) for s in parts})
    scores = [
        FinalScore(seat=s, total=totals[s], breakdown=parts[s], rank=ranks[s])
        for s in sorted(parts, key=lambda s: (ranks[s], s))
    ]
    winners = [s for s in parts if ranks[s] == 1]
    best = max(totals.values())
    tied = [s for s in parts if totals[s] == best]
    tie_break = None
    if len(tied) > 1:
        groups = [Msg("bv.term.group_size", seat=s, spaces=largest[s]) for s in tied]
        key = "bv.result.tie_broken" if len(winners) == 1 else "bv.result.tie_shared"
        tie_break = Msg(key, coins=best, groups=groups)
    return Result(scores=scores, winners=winners, tie_break=tie_break)
