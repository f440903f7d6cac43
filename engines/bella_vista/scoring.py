"""End of the game: objectives, contracts, coins, and the tie-break."""

from __future__ import annotations

from engines.bella_vista.building import standing
from engines.bella_vista.components import contract_card, objective
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


def final_result(state: State) -> Result:
    parts = {s: breakdown(state, s) for s in range(state.seats)}
    totals = {s: sum(parts[s].values()) for s in parts}
    largest = {s: largest_group_spaces(state, s) for s in parts}
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
