"""Leonardo's events, made without pydantic's validation.

``engines.core.game.event`` validates each ``Event`` (a Python validator included): about a
tenth of a random game's time, for values the engine has just built itself. ``event`` here
makes the very same object (same fields, same fields set, equal to the core's) directly; the
tests check that every event of random games equals its validated twin. (A candidate for
the core's own ``event``.)

``quietly(play, ...)`` plays with every event left unmade (the search's ``advance``, which
drops them): the rules never read an event back, they only hand them up.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from engines.core.game import Event

_set = object.__setattr__
_SET = frozenset({"key", "params", "to"})


class _Mode(threading.local):
    quiet = False  # per thread: a search in a worker never silences another thread's apply


_mode = _Mode()
_UNMADE = Event(key="unmade")  # what ``event`` returns while quiet (dropped unread; no words: never shown)


def quietly(play: Callable[..., Any], *args: Any) -> None:
    """``play(*args)`` with its events left unmade."""
    was = _mode.quiet
    _mode.quiet = True
    try:
        play(*args)
    finally:
        _mode.quiet = was


def event(key: str, /, to: int | None = None, **params: Any) -> Event:
    """``event("leo.event.bought", firm=..., space=12)``: public; ``to=seat`` makes it private."""
    if _mode.quiet:
        return _UNMADE
    made = Event.__new__(Event)
    _set(made, "__dict__", {"key": key, "params": params, "to": to})
    _set(made, "__pydantic_extra__", None)
    _set(made, "__pydantic_fields_set__", set(_SET))
    _set(made, "__pydantic_private__", None)
    return made
