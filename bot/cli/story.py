"""``python -m bot story calibrate``: how good the story's chance is (``bot.play.story``). Seeded games
between agents are played to the end and judged as a story is; for each round k, how often the seat
the chart favoured at the end of round k (the highest chance) went on to win (a shared victory counts
1/w), beside the share a blind guess would get (1 / players). Also the longest judging time.

``python -m bot story time``: the judging time of one seeded game (random moves) of a title, for the
bound the issue sets (a six-player Leonardo game of 300 moves within 20 s on 2 cores).
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from bot.play.registry import get
from bot.play.story import judge
from bot.store import LoggedAction
from engines.core import Rng
from engines.core.agents import Budget, agent


def play(engine: Any, seats: int, options: Any, seed: int, level: str, budget_s: float) -> tuple[Any, list]:
    """One seeded game between agents of ``level``: the new game and its log."""
    state = start = engine.new_game(seats, options, seed)
    player = agent(level)
    rngs = [Rng.from_seed(seed * 7919 + s + 1) for s in range(seats)]
    entries: list[LoggedAction] = []
    while engine.result(state) is None:
        for seat in sorted(engine.to_act(state)):
            if engine.result(state) is not None or seat not in engine.to_act(state):
                continue
            legal = engine.legal_actions(state, seat)
            try:
                action = player.decide(engine, engine.view(state, seat), seat, legal, rngs[seat],
                                       Budget.timed(time.perf_counter, budget_s)).action
            except Exception:  # as the bots do: a random legal move rather than a stall
                action = rngs[seat].choice(legal)
            state = engine.apply(state, seat, action).state
            entries.append(LoggedAction(len(entries) + 1, seat, engine.action_adapter.dump_json(action).decode(), [], ""))
    return start, entries


def calibrate(key: str, seats: int, games: int, level: str, budget_ms: int, seed: int, options_text: str = "",
              as_json: bool = False) -> int:
    title = get(key)
    engine = title.engine
    options = engine.options_model.model_validate(dict(p.split("=", 1) for p in options_text.split() if "=" in p))
    hits: dict[int, list[float]] = {}
    slowest, moves = 0.0, 0
    for g in range(games):
        start, entries = play(engine, seats, options, seed + g, level, budget_ms / 1000)
        began = time.perf_counter()
        curve = judge(engine, start, entries)
        slowest = max(slowest, time.perf_counter() - began)
        moves = max(moves, len(entries))
        final = curve.chances[-1]
        winners = [s for s, p in enumerate(final) if p > 0]
        last_of_round: dict[int, int] = {}
        for i, r in enumerate(curve.rounds[:-1]):  # the end itself is no forecast
            last_of_round[r] = i
        for r, i in last_of_round.items():
            favoured = max(range(seats), key=lambda s: (curve.chances[i][s], -s))
            hits.setdefault(r, []).append(1 / len(winners) if favoured in winners else 0.0)
        print(f"game {g + 1}/{games}: {len(entries)} moves", file=sys.stderr)
    shares = {r: round(sum(h) / len(h), 3) for r, h in sorted(hits.items())}
    counts = {r: len(h) for r, h in sorted(hits.items())}
    report = {"game": key, "players": seats, "games": games, "level": level, "blind": round(1 / seats, 3),
              "favoured_won_after_round": shares, "games_by_round": counts,
              "longest_judging_s": round(slowest, 3), "most_moves": moves}
    if as_json:
        print(json.dumps(report))
    else:
        print(f"{engine.title}, {games} games of {seats} {level} players: how often the seat favoured at the end "
              f"of round k won (blind guess {1 / seats:.0%})")
        for r, share in shares.items():
            print(f"  round {r}: {share:.0%} of {counts[r]} games")
        print(f"longest judging: {slowest:.2f} s ({moves} moves)")
    return 0


def timing(key: str, seats: int, seed: int, options_text: str = "") -> int:
    """Judge one random game and say how long it took."""
    engine = get(key).engine
    options = engine.options_model.model_validate(dict(p.split("=", 1) for p in options_text.split() if "=" in p))
    start, entries = play(engine, seats, options, seed, "random", 0.0)
    began = time.perf_counter()
    judge(engine, start, entries)
    print(f"{engine.title}, {seats} players, {len(entries)} moves: judged in {time.perf_counter() - began:.2f} s")
    return 0
