"""End-of-game scoring: tops x 2, tower levels (open and closed), the central towers'
longest same-colour run x 2 (or squared, as an option), gold x 1; ties on gold."""

from __future__ import annotations

from engines.core.game import FinalScore, Result, rank_scores
from engines.core.messages import Msg
from engines.torri.board import Layout
from engines.torri.model import BATTLEMENT_LETTERS, State, piece_owner

CATEGORIES = ("tops", "towers", "central_runs", "gold")  # words: torri.category.<id>


def tower_points(tower: str, seats: int) -> list[int]:
    """Points per seat for one (non-central) tower. Open: level - 1 per piece. Closed
    (a battlement piece on top): level per piece, the battlement piece level + 1."""
    pts = [0] * seats
    closed = tower[-1] in BATTLEMENT_LETTERS
    for i, piece in enumerate(tower):
        level = i + 1
        owner = piece_owner(piece)
        if owner is None:
            continue
        if closed:
            pts[owner] += level + (1 if piece in BATTLEMENT_LETTERS else 0)
        else:
            pts[owner] += level - 1
    return pts


def longest_runs(towers: list[str], seats: int) -> list[int]:
    """Each seat's longest run of contiguous own pieces, vertically, in any one tower."""
    best = [0] * seats
    for tower in towers:
        run_owner, run = None, 0
        for piece in tower:
            owner = piece_owner(piece)
            if owner is not None and owner == run_owner:
                run += 1
            else:
                run_owner, run = owner, 1
            if owner is not None:
                best[owner] = max(best[owner], run)
    return best


def run_points(run: int, squared: bool) -> int:
    return run * run if squared else run * 2


def breakdown(state: State, lay: Layout) -> list[dict[str, int]]:
    n = state.seats
    tops = [0] * n
    towers = [0] * n
    for sq, tower in state.towers.items():
        if sq in lay.centrals or not tower:
            continue
        owner = piece_owner(tower[-1])
        if owner is not None:
            tops[owner] += 1
        for s, p in enumerate(tower_points(tower, n)):
            towers[s] += p
    runs = longest_runs([state.towers[sq] for sq in lay.centrals], n)
    return [
        {
            "tops": tops[s] * 2,
            "towers": towers[s],
            "central_runs": run_points(runs[s], state.options.squared_runs),
            "gold": state.gold[s],
        }
        for s in range(n)
    ]


def final_result(state: State, lay: Layout) -> Result:
    parts = breakdown(state, lay)
    totals = {s: sum(p.values()) for s, p in enumerate(parts)}
    ranks = rank_scores({s: (totals[s], state.gold[s]) for s in totals})
    scores = [
        FinalScore(seat=s, total=totals[s], breakdown=parts[s], rank=ranks[s]) for s in totals
    ]
    scores.sort(key=lambda f: (f.rank, f.seat))
    winners = [f.seat for f in scores if f.rank == 1]
    top = max(totals.values())
    tied = [s for s in totals if totals[s] == top]
    tie_break = None
    if len(tied) > 1:
        if len(winners) == 1:
            tie_break = Msg("torri.result.most_gold", tied=tied, points=top, winner=winners[0])
        else:
            tie_break = Msg("torri.result.shared", tied=tied, points=top, winners=winners)
    return Result(scores=scores, winners=winners, tie_break=tie_break)
