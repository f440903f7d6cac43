"""End-of-game scoring: tops x 2, tower levels (open and closed), the central towers'
longest same-colour run x 2 (or squared, as an option), gold x 1; ties on gold."""

from __future__ import annotations

from engines.core.game import FinalScore, Result, rank_scores
from engines.torri.board import Layout
from engines.torri.model import BATTLEMENT_LETTERS, COLOURS, TorriState, piece_owner

CATEGORIES = ("tops", "towers", "central runs", "gold")


def tower_points(tower: str, players: int) -> list[int]:
    """Points per seat for one (non-central) tower. Open: level - 1 per piece. Closed
    (a battlement piece on top): level per piece, the battlement piece level + 1."""
    pts = [0] * players
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


def longest_runs(towers: list[str], players: int) -> list[int]:
    """Each seat's longest run of contiguous own pieces, vertically, in any one tower."""
    best = [0] * players
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


def breakdown(state: TorriState, lay: Layout) -> list[dict[str, int]]:
    n = state.players
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
            "central runs": run_points(runs[s], state.options.squared_runs),
            "gold": state.gold[s],
        }
        for s in range(n)
    ]


def final_result(state: TorriState, lay: Layout) -> Result:
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
    note = ""
    if len(tied) > 1:
        names = ", ".join(COLOURS[s].capitalize() for s in tied)
        if len(winners) == 1:
            note = f"{names} tied on {top} points; {COLOURS[winners[0]].capitalize()} wins with the most gold."
        else:
            sharing = " and ".join(COLOURS[s].capitalize() for s in winners)
            note = f"{names} tied on {top} points; {sharing} also tie on gold and share the victory."
    return Result(scores=scores, winners=winners, note=note)
