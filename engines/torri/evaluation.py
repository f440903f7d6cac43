"""What the agents think of a position: every seat's expected final score.

The board is scored as it stands, exactly as the end would score it (tops x 2, tower
levels, the central towers' runs, gold: ``standing``), and each seat adds what its turns
still to come are worth: ``PER_TURN`` points for every turn it will still play with a
piece left to place (the end is near when a supply runs out: the player who places the
last simple piece ends the game one round later).
"""

from __future__ import annotations

from functools import lru_cache

from engines.core.messages import Msg
from engines.torri.board import Layout
from engines.torri.model import BATTLEMENT_LETTERS, LETTERS, State
from engines.torri.scoring import longest_runs, run_points, tower_points

PER_TURN = 2.0  # what a turn still to play is worth, in points (tuned in the arena)
_OWNER = {letter: seat for seat, letter in enumerate(LETTERS)} | {
    letter: seat for seat, letter in enumerate(BATTLEMENT_LETTERS)}


@lru_cache(maxsize=1 << 16)
def tower_score(tower: str) -> tuple[int, int, int, int]:
    """What a (non-central) tower is worth to each of four seats at the end: its top x 2
    and ``scoring.tower_points``. Towers repeat from position to position: each is
    scored once."""
    points = [0, 0, 0, 0]
    top = _OWNER.get(tower[-1])
    if top is not None:
        points[top] += 2
    for s, p in enumerate(tower_points(tower, 4)):
        points[s] += p
    return points[0], points[1], points[2], points[3]


def standing(state: State, lay: Layout) -> list[int]:
    """Every seat's score if the game ended now (``scoring.final_result``'s totals, without
    building the breakdown)."""
    n = state.seats
    points = [0, 0, 0, 0]
    centrals = lay.centrals
    for sq, tower in state.towers.items():
        if sq not in centrals:
            a, b, c, d = tower_score(tower)
            points[0] += a
            points[1] += b
            points[2] += c
            points[3] += d
    squared = state.options.squared_runs
    runs = [max(r) for r in zip(*(central_runs(state.towers[sq]) for sq in centrals), strict=True)]
    return [points[s] + run_points(runs[s], squared) + state.gold[s] for s in range(n)]


@lru_cache(maxsize=1 << 14)
def central_runs(tower: str) -> tuple[int, ...]:
    """Each of four seats' longest run in one central tower (``scoring.longest_runs``)."""
    return tuple(longest_runs([tower], 4))


def turns_left(state: State) -> list[int]:
    """How many more turns each seat will play: to the known last turn, or, before the
    end is triggered, until the shortest supply of simple pieces runs out (if every
    turn built), plus the extra round."""
    n = state.seats
    if state.phase == "over":
        return [0] * n
    turn = state.turn if state.phase == "play" else 0
    if state.end_turn is not None:
        end = state.end_turn
    else:
        fastest = min(range(n), key=lambda s: (state.simple_left[s], (s - turn) % n))
        trigger = turn + (state.simple_left[fastest] - 1) * n + (fastest - turn) % n  # its last simple piece
        end = min((trigger // n + 2) * n, (state.options.max_rounds + 1) * n)
    return [len(range(turn + (s - turn) % n, end, n)) for s in range(n)]


def evaluate(state: State, lay: Layout) -> list[float]:
    """Every seat's expected final score from an unfinished position (see the module text)."""
    now = standing(state, lay)
    left = turns_left(state)
    return [now[s] + PER_TURN * min(left[s], state.simple_left[s] + state.battlements_left[s])
            for s in range(state.seats)]


def hint(before: State, after: State, seat: int, value: float | None, lay: Layout) -> Msg:
    """Why a move was chosen, in one line: the gold it brings now, the points it puts on
    the board as it stands (tops, levels, runs), and the margin expected at the end."""
    gold = after.gold[seat] - before.gold[seat]
    board = standing(after, lay)[seat] - after.gold[seat] - (standing(before, lay)[seat] - before.gold[seat])
    outlook = "" if value is None else Msg("torri.hint.outlook", margin=Msg("core.hint_margin", margin=round(value)))
    return Msg("torri.hint.move", gold=gold, board=Msg("torri.hint.board", points=board), outlook=outlook)
