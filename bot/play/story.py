"""The story of a finished game (issue 26): every position judged again, now that nothing is hidden,
as each seat's chance of finishing first; a chart of those chances by round, and the three moves that
turned the game the most, told in one line each.

The chance: the title's evaluation (``Game.evaluate``: each seat's expected final score, the greedy and
mcts players' own judgement) on the whole state after every move, made into a chance of finishing first
with a softmax in units of the title's ``score_scale`` (the margin its search treats as a clear lead):
``p_i = exp(v_i / s) / sum_j exp(v_j / s)``. At the end the winners share 1. How well it predicts is
measured per title in docs/playing.md ("The story of a game").

The judging and the drawing run in a worker process (``bot.play.workers.story``); this module's
``judge`` and ``chart`` are what it runs; ``Stories`` is the service's part (the final post, /story).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from bot.play.playback import steps
from bot.store import LoggedAction
from render.chart import Line, line_chart
from render.common import encode_image

TURNS = 3  # the turning points told


@dataclass(frozen=True)
class Curve:
    """Each seat's chance after every action: point 0 is the new game, point i the state after the i-th
    entry played back (an undo included: it returns to the state before)."""

    rounds: list[int]  # the round each point stands in
    chances: list[list[float]]  # per point, per seat, in [0, 1]
    seqs: list[int]  # the log entry each point follows (0: the new game)
    movers: list[int]  # the seat that acted (-1: the platform, or the new game)


@dataclass(frozen=True)
class Turn:
    """One turning point: the move after point ``index - 1`` and the seat whose chance it moved most."""

    index: int
    seq: int
    round: int
    seat: int
    before: float
    after: float


def chances(engine: Any, state: Any) -> list[float]:
    """Each seat's chance of finishing first from ``state`` (every secret known)."""
    result = engine.result(state)
    if result is not None:
        seats = len(result.scores)
        share = 1.0 / len(result.winners)
        return [share if s in result.winners else 0.0 for s in range(seats)]
    values = engine.evaluate(state)
    scale = float(engine.score_scale) or 1.0
    top = max(values)
    weights = [math.exp(max(-60.0, (v - top) / scale)) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def round_of(engine: Any, state: Any) -> int:
    """The round a position stands in, as the public view counts it (1 if the title has none)."""
    return int(getattr(engine.view(state, None), "round", 1) or 1)


def judge(engine: Any, start: Any, entries: list[LoggedAction]) -> Curve:
    """Play the log back from the new game and judge every position."""
    rounds, values, seqs, movers = [round_of(engine, start)], [chances(engine, start)], [0], [-1]
    for step in steps(engine, start, entries):
        rounds.append(round_of(engine, step.after))
        values.append(chances(engine, step.after))
        seqs.append(step.entry.seq)
        movers.append(step.entry.seat)
    return Curve(rounds, values, seqs, movers)


def turning_points(curve: Curve, count: int = TURNS) -> list[Turn]:
    """The ``count`` moves that changed some seat's chance the most (each move once, the seat it moved
    most), in the order they were played; fewer if fewer moves changed a chance visibly. The last move is left out: at the end the winners' chance
    jumps to 1 whatever the move, which would make "the game is over" a turning point of every game."""
    found = []
    for i in range(1, len(curve.chances) - 1):
        before, after = curve.chances[i - 1], curve.chances[i]
        seat = max(range(len(after)), key=lambda s: (round(abs(after[s] - before[s]), 9), -s))  # (float noise: a tie)
        found.append(Turn(i, curve.seqs[i], curve.rounds[i], seat, before[seat], after[seat]))
    found = [t for t in found if abs(t.after - t.before) >= 0.005]  # a change that shows (1% once rounded)
    found.sort(key=lambda t: (-abs(t.after - t.before), t.index))
    return sorted(found[:count], key=lambda t: t.index)


def chart(curve: Curve, names: list[str], title: str, round_word: str) -> bytes:
    """The chart: x the positions (labelled by round where a round begins), y each seat's chance."""
    seats = len(curve.chances[0]) if curve.chances else 0
    lines = [Line(s, names[s] if s < len(names) else str(s + 1), [100.0 * p[s] for p in curve.chances])
             for s in range(seats)]
    starts = [i for i, r in enumerate(curve.rounds) if i == 0 or r != curve.rounds[i - 1]]
    every = max(1, -(-len(starts) // 10))  # at most about ten labels on 500 px
    x_ticks = [(i, str(curve.rounds[i])) for n, i in enumerate(starts) if n % every == 0]
    y_ticks = [(float(v), f"{v}%") for v in (0, 25, 50, 75, 100)]
    return encode_image(line_chart(title, lines, x_ticks, y_ticks, (0.0, 100.0), round_word))


def percent(p: float) -> int:
    return round(100 * p)
