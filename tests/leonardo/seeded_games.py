"""Fingerprints of Leonardo's rules, for a change meant to keep them (issue 23's turn-flow
table was checked so): run it before and after, and compare the lines.

    .venv/bin/python tests/leonardo/seeded_games.py games 200 10 12   # random, advance, greedy per table
    .venv/bin/python tests/leonardo/seeded_games.py actions 3         # games per table

``games``: the final states and the events of seeded games (random through ``apply``, random
through ``advance``, greedy agents deciding from their views) at 3, 4 and 6 players, with and
without corporations, hashed per table and together; the reveal and chance flags apart.
``actions``: along seeded random games, every action of a fixed set applied by every seat that
owes a decision: the refusal (its key and parameters) or the new state and events, with the
seats to act, the legal moves and the status. Not a test (it takes minutes): a tool.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time

from engines.core.agents import Budget, GreedyAgent
from engines.core.errors import RuleError
from engines.core.playout import fast_playout
from engines.core.rng import Rng, SplitMix64
from engines.leonardo import Leonardo
from engines.leonardo.model import (
    Accept,
    Bid,
    Buy,
    BuyArt,
    Choose,
    Declare,
    Decline,
    Join,
    Options,
    Pass,
    Place,
    PlaceBet,
    Refuse,
    Rescue,
    Spin,
    UseOffice,
)

G = Leonardo()
TABLES = [(3, False), (4, False), (4, True), (6, False), (6, True)]
UNIVERSE = (
    [Declare(faction="guelfi"), Declare(faction="ghibellini")]
    + [BuyArt(count=k) for k in range(0, 6)]
    + [Place(space=n) for n in (2, 4, 10, 23, 27, 32)]
    + [Spin()] + [Choose(steps=k) for k in range(1, 13)] + [Buy(), Decline()]
    + [Bid(amount=a) for a in (5, 10, 30, 100, 10000)]
    + [PlaceBet(product=p, stake=s) for p in ("gem", "gold") for s in (5, 10, 50, 10000)]
    + [Pass()] + [UseOffice(move=m, remove=r) for m in (-6, -5, 0, 3, 5, 6) for r in (False, True)]
    + [Join(target=t, faction=f) for t in range(6) for f in ("guelfi", "ghibellini")]
    + [Accept(), Refuse(), Rescue()]
)


def _events(events) -> bytes:
    return json.dumps([[e.key, repr(e.params), e.to] for e in events], sort_keys=True).encode()


def _msg(m) -> str:
    return json.dumps(m.model_dump(mode="json"), sort_keys=True, default=str)


def _random(seats: int, corp: bool, seed: int, states, events, flags) -> None:
    state = G.new_game(seats, Options(corporations=corp), seed)
    rng = SplitMix64.from_seed(seed ^ 0x5DEECE66D)
    while G.result(state) is None:
        seat = rng.choice(sorted(G.to_act(state)))
        applied = G.apply(state, seat, rng.choice(G.legal_actions(state, seat)))
        events.update(_events(applied.events))
        flags.update(f"{applied.revealed}{applied.chance}".encode())
        state = applied.state
    states.update(state.model_dump_json().encode())


def _advance(seats: int, corp: bool, seed: int, states) -> None:
    final, moves = fast_playout(G, G.new_game(seats, Options(corporations=corp), seed), Rng.from_seed(seed + 7))
    states.update(final.model_dump_json().encode() + str(moves).encode())


def _greedy(seats: int, corp: bool, seed: int, rounds: int, states, events, flags) -> None:
    state = G.new_game(seats, Options(corporations=corp, max_rounds=rounds), seed)
    agent, picker = GreedyAgent(samples=2), SplitMix64.from_seed(seed)
    rngs = [Rng.from_seed(seed * 100 + s) for s in range(seats)]
    while G.result(state) is None:
        acting = sorted(G.to_act(state))
        seat = acting[picker.below(len(acting))]
        legal = G.legal_actions(state, seat)
        decision = agent.decide(G, G.view(state, seat), seat, legal, rngs[seat], Budget(iterations=1))
        applied = G.apply(state, seat, decision.action)
        events.update(_events(applied.events))
        flags.update(f"{applied.revealed}{applied.chance}".encode())
        state = applied.state
    states.update(state.model_dump_json().encode())


def games(n_random: int, n_greedy: int, greedy_rounds: int) -> None:
    grand, start = hashlib.sha256(), time.time()
    for seats, corp in TABLES:
        tag = f"{seats}p{'+corp' if corp else ''}"
        h = {name: hashlib.sha256() for name in ("random.states", "random.events", "random.flags", "advance.states",
                                                 "greedy.states", "greedy.events", "greedy.flags")}
        for seed in range(1, n_random + 1):
            _random(seats, corp, seed, h["random.states"], h["random.events"], h["random.flags"])
            _advance(seats, corp, seed, h["advance.states"])
        for seed in range(1, n_greedy + 1):
            _greedy(seats, corp, seed, greedy_rounds, h["greedy.states"], h["greedy.events"], h["greedy.flags"])
        for name, digest in h.items():
            print(f"{tag:8} {name:15} {digest.hexdigest()[:16]}", flush=True)
            if not name.endswith("flags"):
                grand.update(digest.digest())
    total = len(TABLES) * (2 * n_random + n_greedy)
    print(f"{total} games; states and events together: {grand.hexdigest()} ({time.time() - start:.0f} s)")


def actions(n_games: int) -> None:
    digest, checks = hashlib.sha256(), 0
    for seats, corp in [(3, False), (4, True), (6, False), (6, True), (2, False)]:
        for seed in range(1, n_games + 1):
            state = G.new_game(seats, Options(corporations=corp, max_rounds=4), seed)
            rng = SplitMix64.from_seed(seed)
            while G.result(state) is None:
                acting = sorted(G.to_act(state))
                digest.update(repr(acting).encode())
                digest.update(json.dumps([_msg(m) for m in G.status(state)]).encode())
                for seat in acting:
                    digest.update(json.dumps([G.notation(state, a) for a in G.legal_actions(state, seat)]).encode())
                    for action in UNIVERSE:
                        checks += 1
                        try:
                            applied = G.apply(state, seat, action)
                        except RuleError as exc:
                            digest.update(f"refused {type(exc).__name__} {_msg(exc.msg)}".encode())
                        else:
                            digest.update(applied.state.model_dump_json().encode())
                            digest.update(json.dumps([[e.key, _msg(e.msg), e.to] for e in applied.events]).encode())
                seat = acting[rng.below(len(acting))]
                legal = G.legal_actions(state, seat)
                state = G.apply(state, seat, legal[rng.below(len(legal))]).state
    print(f"{checks} actions applied: {digest.hexdigest()}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["games"]:
        games(*(int(a) for a in sys.argv[2:5]))
    elif sys.argv[1:2] == ["actions"]:
        actions(int(sys.argv[2]))
    else:
        sys.exit(__doc__)
