"""Agents against agents: seeded games and the figures that say who plays better.

The arena plays whole games with one agent level per seat, rotating the levels round the
seats from game to game (so no level keeps the first seat), and reports per level: the win
rate with its 95% Wilson interval (a shared victory counts 1/k to each of the k winners),
the mean margin over the best other seat, the work per decision (mcts iterations, greedy
evaluations), how many decisions the time cap cut short, and the decision times. Each
agent's budget is work (``work_budget``: the title's rates times the budget's seconds), the
same whatever the load; time is the caller's: ``clock`` (seconds) measures decisions and
makes the safety cap. With ``jobs`` above one the games are played that many at once, each in a
process of its own; since budgets are work, they are the same games with the same figures
wherever the time cap cut no decision (only the decision times differ, and only if the
processes compete for cores).
"""

from __future__ import annotations

import math
import multiprocessing
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engines.core.agents import Agent, agent, work_budget
from engines.core.game import Game
from engines.core.rng import Rng


@dataclass
class LevelFigures:
    level: str
    seats_played: int = 0
    wins: float = 0.0
    margins: list[float] = field(default_factory=list)
    decision_seconds: list[float] = field(default_factory=list)
    work: list[int] = field(default_factory=list)  # per decision: mcts iterations, greedy evaluations
    capped: int = 0  # decisions the time cap stopped before their work was done
    fallbacks: int = 0  # decisions where the agent failed and a random legal move was played

    def absorb(self, other: LevelFigures) -> None:
        """Add the figures of games played elsewhere (another process) after these."""
        self.seats_played += other.seats_played
        self.wins += other.wins
        self.margins += other.margins
        self.decision_seconds += other.decision_seconds
        self.work += other.work
        self.capped += other.capped
        self.fallbacks += other.fallbacks

    @property
    def win_rate(self) -> float:
        return self.wins / self.seats_played if self.seats_played else 0.0

    def interval(self) -> tuple[float, float]:
        """The 95% Wilson score interval of the win rate."""
        n = self.seats_played
        if n == 0:
            return 0.0, 1.0
        z, p = 1.959964, self.win_rate
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return max(0.0, centre - half), min(1.0, centre + half)

    def summary(self) -> dict[str, Any]:
        times = sorted(self.decision_seconds) or [0.0]
        work = sorted(self.work) or [0]
        low, high = self.interval()

        def pct(q: float) -> float:
            return times[min(len(times) - 1, int(round(q * (len(times) - 1))))]

        return {
            "level": self.level,
            "seats_played": self.seats_played,
            "win_rate": round(self.win_rate, 4),
            "win_rate_ci95": [round(low, 4), round(high, 4)],
            "mean_margin": round(statistics.fmean(self.margins), 2) if self.margins else 0.0,
            "decisions": len(self.decision_seconds),
            "decision_ms_p50": round(pct(0.5) * 1000, 1),
            "decision_ms_p95": round(pct(0.95) * 1000, 1),
            "decision_ms_max": round(times[-1] * 1000, 1),
            "work_p50": work[len(work) // 2],
            "work_max": work[-1],
            "capped": self.capped,
            "fallbacks": self.fallbacks,
        }


@dataclass
class GameRecord:
    seed: int
    levels: list[str]  # by seat
    totals: list[int]
    winners: list[int]
    moves: int


def play_one(game: Game, levels: list[str], options: Any, seed: int, clock: Callable[[], float],
             budget_s: float, figures: dict[str, LevelFigures], agents: dict[str, Agent] | None = None) -> GameRecord:
    """One whole game, each seat played by its level's agent from its own view."""
    agents = agents or {level: agent(level) for level in set(levels)}
    state = game.new_game(len(levels), options, seed)
    rngs = [Rng.from_seed(seed * 7919 + s + 1) for s in range(len(levels))]  # each seat's own generator
    moves = 0
    while game.result(state) is None:
        for seat in sorted(game.to_act(state)):
            if game.result(state) is not None or seat not in game.to_act(state):
                continue
            legal = game.legal_actions(state, seat)
            level = levels[seat]
            start = clock()
            budget = work_budget(game, level, budget_s, clock)
            try:
                decision = agents[level].decide(game, game.view(state, seat), seat, legal, rngs[seat], budget)
                action = decision.action
                if action not in legal:
                    raise ValueError("the agent chose an illegal action")
                if len(legal) > 1 and level != "random":
                    figures[level].work.append(decision.iterations)
                    figures[level].capped += decision.capped
            except Exception:  # an agent must never stall a game: a random legal move instead
                figures[level].fallbacks += 1
                action = rngs[seat].choice(legal)
            figures[level].decision_seconds.append(clock() - start)
            state = game.apply(state, seat, action).state
            moves += 1
    result = game.result(state)
    assert result is not None
    totals = {f.seat: f.total for f in result.scores}
    ordered = [totals[s] for s in range(len(levels))]
    for seat, level in enumerate(levels):
        f = figures[level]
        f.seats_played += 1
        if seat in result.winners:
            f.wins += 1 / len(result.winners)
        best_other = max(t for s, t in enumerate(ordered) if s != seat)
        f.margins.append(ordered[seat] - best_other)
    return GameRecord(seed, list(levels), ordered, list(result.winners), moves)



def run_arena(game: Game, levels: list[str], games: int, options: Any, seed: int, clock: Callable[[], float],
              budget_s: float, progress: Callable[[int, int], None] | None = None, jobs: int = 1) -> dict[str, Any]:
    """``games`` seeded games with the levels rotated round the seats; the figures per level
    (see ``LevelFigures.summary``). ``progress(done, total)`` is called after each game. With
    ``jobs`` above one, that many processes play the games (``clock`` must then be picklable,
    like ``time.perf_counter``); the figures are gathered in the games' order."""
    figures = {level: LevelFigures(level) for level in levels}
    records = []
    tasks = [(game, _seated(levels, g), options, seed + g, clock, budget_s) for g in range(games)]
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            for done, (theirs, record) in enumerate(pool.imap(_one_game, tasks), 1):
                for level, f in theirs.items():
                    figures[level].absorb(f)
                records.append(record)
                if progress:
                    progress(done, games)
    else:
        agents = {level: agent(level) for level in set(levels)}
        for done, (_, seated, _, game_seed, _, _) in enumerate(tasks, 1):
            records.append(play_one(game, seated, options, game_seed, clock, budget_s, figures, agents))
            if progress:
                progress(done, games)
    return {
        "game": game.key,
        "players": len(levels),
        "seats": levels,
        "games": games,
        "budget_ms": round(budget_s * 1000),
        "levels": [figures[level].summary() for level in dict.fromkeys(levels)],
        "mean_moves": round(statistics.fmean(r.moves for r in records), 1) if records else 0,
    }


def _seated(levels: list[str], g: int) -> list[str]:
    """The levels round the seats in game ``g``: rotated by one seat a game."""
    shift = g % len(levels)
    return levels[shift:] + levels[:shift]


def _one_game(task: tuple) -> tuple[dict[str, LevelFigures], GameRecord]:
    """One game in a worker process, with its own figures (``run_arena`` with jobs)."""
    game, seated, options, game_seed, clock, budget_s = task
    figures = {level: LevelFigures(level) for level in seated}
    record = play_one(game, seated, options, game_seed, clock, budget_s, figures)
    return figures, record
