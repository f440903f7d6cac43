"""``python -m bot arena``: seeded games between agents, and who plays better.

The games are played by ``engines.core.arena.run_arena`` (levels rotated round the seats from game to
game, each agent deciding from its seat's view with its own generator), here with the wall clock
(``time.perf_counter``) for the budgets and the decision times. A progress line on stderr says how
many games are done, the time spent and an estimate of the time left. The report gives, per level,
the win rate with its 95% Wilson interval (a shared victory counts 1/k to each of the k winners),
the mean score margin over the best other seat, the work per decision (p50 and max: mcts iterations,
greedy evaluations; a budget is that work, the same whatever the load), how many decisions the
safety cap on time cut short, the decision times (p50, p95, max) and how many decisions fell back
to a random move because the agent failed. ``--jobs N`` plays N games at once, each in a process of
its own: the same games and figures as one process wherever the safety cap cut no decision
(budgets are work), in about 1/N of the time on N idle cores; the decision times are then each
process's, and suffer if the cores are busy (watch ``capped``).
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any, TextIO

from bot.play.bots import has_hooks, needs_hooks
from bot.play.registry import get
from engines.core import RuleError
from engines.core.agents import LEVELS
from engines.core.arena import run_arena
from render.text import words

MAX_BUDGET_MS = 600_000
MAX_JOBS = 64


class ArenaError(ValueError):
    """An arena request that cannot be played, as one line."""


def seats_of(text: str, players: int | None) -> list[str]:
    """``mcts,greedy,greedy`` -> one level per seat; ``players`` (if given) must be their number."""
    levels = [part.strip().lower() for part in text.split(",")]
    unknown = [level for level in levels if level not in LEVELS]
    if unknown:
        raise ArenaError(f"--seats: unknown level {unknown[0][:40]!r}; choose among {', '.join(LEVELS)}.")
    if players is not None and players != len(levels):
        raise ArenaError(f"--seats names {len(levels)} levels for {players} players; give one level per seat, "
                         f"e.g. {','.join((['mcts'] + ['greedy'] * players)[:players])}.")
    return levels


def check(game_key: str, levels: list[str], games: int, budget_ms: int, jobs: int = 1) -> Any:
    """The options to play with, or ArenaError saying why these games cannot be played."""
    engine = get(game_key).engine
    if games < 1:
        raise ArenaError(f"--games must be at least 1, not {games}.")
    if not 1 <= jobs <= MAX_JOBS:
        raise ArenaError(f"--jobs must be from 1 to {MAX_JOBS}, not {jobs}.")
    if not 1 <= budget_ms <= MAX_BUDGET_MS:
        raise ArenaError(f"--budget-ms must be from 1 to {MAX_BUDGET_MS}, not {budget_ms}.")
    options = engine.options_model()
    try:
        engine.check_players(len(levels), options)
    except RuleError as exc:
        raise ArenaError(words(exc)) from None
    lacking = sorted({level for level in levels if needs_hooks(level)}) if not has_hooks(engine) else []
    if lacking:
        raise ArenaError(f"{engine.title} cannot be played by {' or '.join(lacking)} agents yet (it has no "
                         "sample_state or evaluate); only random seats can play it.")
    return options


class Progress:
    """``12/50 games · 34 s · about 1 min 46 s left``, rewritten in place on a terminal."""

    def __init__(self, stream: TextIO, clock=time.perf_counter):
        self.stream, self.clock, self.start = stream, clock, clock()
        self.live = stream.isatty()

    def __call__(self, done: int, total: int) -> None:
        spent = self.clock() - self.start
        left = spent / done * (total - done)
        line = f"{done}/{total} games · {_duration(spent)} · about {_duration(left)} left"
        self.stream.write(("\r" + line + " " * 8) if self.live else line + "\n")
        if self.live and done == total:
            self.stream.write("\n")
        self.stream.flush()


def _duration(seconds: float) -> str:
    if seconds < 60:
        return f"{seconds:.0f} s" if seconds >= 10 else f"{seconds:.1f} s"
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes} min {rest} s"


def table(report: dict[str, Any], title: str) -> str:
    """The report as a table, one line per level."""
    head = (f"{title}: {report['players']} players, {report['games']} games, seats {','.join(report['seats'])} "
            f"(rotated each game), budget {report['budget_ms']} ms, {report['mean_moves']} moves a game"
            + (", times in CPU time" if report.get("clock") == "cpu" else "")
            + (f", {report['jobs']} games at once" if report.get("jobs", 1) > 1 else ""))
    rows = [f"{'level':<8} {'seats':>5} {'win rate':>8} {'95% interval':>15} {'margin':>7} {'decisions':>9} "
            f"{'work p50':>8} {'work max':>8} {'capped':>6} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} {'fallbacks':>9}"]
    for f in report["levels"]:
        low, high = f["win_rate_ci95"]
        rows.append(f"{f['level']:<8} {f['seats_played']:>5} {f['win_rate']:>8.1%} "
                    f"{f'{low:.1%}–{high:.1%}':>15} {f['mean_margin']:>+7.1f} {f['decisions']:>9} "
                    f"{f['work_p50']:>8} {f['work_max']:>8} {f['capped']:>6} {f['decision_ms_p50']:>8.1f} {f['decision_ms_p95']:>8.1f} {f['decision_ms_max']:>8.1f} "
                    f"{f['fallbacks']:>9}")
    return "\n".join([head, *rows])


CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def arena(game_key: str, players: int | None, seats: str, games: int, budget_ms: int, seed: int,
          as_json: bool = False, clock: str = "wall", jobs: int = 1) -> int:
    """Play and report; a request that cannot be played prints one line on stderr and returns 2."""
    try:
        levels = seats_of(seats, players)
        options = check(game_key, levels, games, budget_ms, jobs)
    except ArenaError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    engine = get(game_key).engine
    report = run_arena(engine, levels, games, options, seed, CLOCKS[clock], budget_ms / 1000,
                       progress=Progress(sys.stderr), jobs=jobs)
    report["seed"] = seed
    report["clock"] = clock
    report["jobs"] = jobs
    print(json.dumps(report, indent=2) if as_json else table(report, engine.title))
    return 0
