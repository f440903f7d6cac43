"""The random legal-move player: used by the demo, the benchmark and the tests.

It draws from its own generator, never from the game's, so a game's record is just
its seed and its action log whoever chose the moves.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from engines.core.game import Event, Game
from engines.core.rng import Rng, SplitMix64


def random_move(game: Game, state: Any, rng: Rng) -> tuple[int, Any]:
    """Pick a seat that owes a decision and one of its legal actions, uniformly."""
    seats = sorted(game.to_act(state))
    if not seats:
        raise ValueError("no seat owes a decision: the game is over")
    seat = rng.choice(seats)
    actions = game.legal_actions(state, seat)
    if not actions:
        raise AssertionError(f"seat {seat} owes a decision but has no legal action")
    return seat, rng.choice(actions)


def playout(
    game: Game,
    state: Any,
    rng: Rng,
    max_steps: int = 100_000,
    check: Callable[[Any, Any, int, Any, list[Event]], None] | None = None,
) -> Iterator[tuple[int, Any, Any, list[Event]]]:
    """Play random legal moves until the game ends; yield (seat, action, state, events)
    after each one. ``check(before, after, seat, action, events)`` runs after every move
    (the invariant tests use it)."""
    for _ in range(max_steps):
        if game.result(state) is not None:
            return
        seat, action = random_move(game, state, rng)
        new, events = game.apply(state, seat, action)
        if check is not None:
            check(state, new, seat, action, events)
        state = new
        yield seat, action, state, events
    raise AssertionError(f"the game did not end within {max_steps} moves")


def play_to_end(game: Game, seats: int, options: Any, seed: int, check=None) -> tuple[Any, int]:
    """A whole random game from a seed; returns the final state and the number of moves.
    The player draws from a SplitMix64: it keeps no secret, and it is the cheaper one."""
    state = game.new_game(seats, options, seed)
    rng = SplitMix64.from_seed(seed ^ 0x5DEECE66D)
    moves = 0
    for _, _, after, _ in playout(game, state, rng, check=check):
        state = after
        moves += 1
    return state, moves


def fast_playout(game: Game, state: Any, rng: Rng, max_steps: int = 100_000) -> tuple[Any, int]:
    """A random game to its end on the search path (``Game.advance``: in place, no copy per
    move, no gate, no events kept): what agents' simulations cost. The start is copied once;
    returns the final state and the number of moves.

    Actions are drawn by ``Game.random_action``: uniform over the legal actions, cheaper where
    a title overrides it."""
    state = state.model_copy(deep=True)
    for moves in range(max_steps):
        if game.result(state) is not None:
            return state, moves
        acting = game.to_act(state)
        if len(acting) == 1:  # the usual case: the seat's draw made all the same (it is 0)
            (seat,) = acting
            rng.below(1)
        else:
            seats = sorted(acting)
            seat = seats[rng.below(len(seats))]
        game.advance(state, seat, game.random_action(state, seat, rng))
    raise AssertionError(f"the game did not end within {max_steps} moves")
