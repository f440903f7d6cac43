"""What every title's position builders share (``engines/<title>/positions.py``).

One shape in every title: ``position(...)`` makes a new checked state from a readable
description; every other builder takes a state and returns a new one, never changing the
state it was given; ``check(state)`` returns the state if the title's invariants hold, else
raises ``PositionError`` naming every problem; ``play(state, *moves)`` reads moves in chat
notation and plays them; ``to_move(state)`` is the seat whose decision it is.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from pydantic import BaseModel

from engines.core.game import Applied, Event, Game

S = TypeVar("S", bound=BaseModel)
F = TypeVar("F", bound=Callable[..., Any])


class PositionError(ValueError):
    """The description does not give a sound position (it names what is wrong)."""


def to_move(game: Game, state: Any) -> int:
    """The one seat that owes a decision (PositionError if nobody does, or several do)."""
    acting = sorted(game.to_act(state))
    if len(acting) != 1:
        raise PositionError(f"{'no seat' if not acting else 'seats ' + str(acting)} owe a decision: say which plays")
    return acting[0]


def play(game: Game, state: Any, moves: tuple[str, ...], seat: int | None = None) -> Applied:
    """Read each move in chat notation and play it, for ``seat`` or else the one seat whose
    decision it is; the state after the last one, the events of them all (in order), and
    whether any of them revealed hidden information or drew from the generator."""
    if not moves:
        raise PositionError("no move to play")
    events: list[Event] = []
    revealed = chance = False
    for text in moves:
        mover = to_move(game, state) if seat is None else seat
        applied = game.apply(state, mover, game.parse_action(state, mover, text))
        state = applied.state
        events += applied.events
        revealed, chance = revealed or applied.revealed, chance or applied.chance
    return Applied(state, events, revealed=revealed, chance=chance)


def copied(state: S) -> S:
    """A deep copy to build on (the state given is never changed)."""
    return state.model_copy(deep=True)


def in_place(state: BaseModel, new: BaseModel) -> None:
    """Make ``state`` hold what ``new`` holds (the deprecated builders that changed their
    argument keep doing so for one release)."""
    for name in type(state).model_fields:
        setattr(state, name, getattr(new, name))


def deprecated(instead: str) -> Callable[[F], F]:
    """A builder kept for one release under its old name: it warns (DeprecationWarning, saying
    to use ``instead``) and works as it did."""

    def wrap(func: F) -> F:
        @wraps(func)
        def warned(*args: Any, **kwargs: Any) -> Any:
            warnings.warn(f"{func.__module__}.{func.__name__} is deprecated: use {instead}", DeprecationWarning,
                          stacklevel=2)
            return func(*args, **kwargs)

        return warned  # type: ignore[return-value]

    return wrap
