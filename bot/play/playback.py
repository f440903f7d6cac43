"""A game's record played back: each logged action applied again from the new game, each undo
taking back the action it names (``steps``). /undo, the reveal, the replay, /export and the
integrity check read a log this way.

An undo is itself logged (an action of the mover's seat, ``{"kind": "undo", "undoes": seq}``): the
log stays append-only, and ``replay_log`` plays it back exactly, each undo taking back the action
it names, which is always the entry just before it. An undo cannot be undone, and an undone move
cannot be undone twice: the next undo finds the undo itself last.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from bot.store import GameRow, LoggedAction

UNDO = "undo"


def undo_json(seq: int) -> str:
    return json.dumps({"kind": UNDO, "undoes": seq})


def undone(entry: LoggedAction) -> int | None:
    """The sequence number an undo entry takes back; None for an ordinary action."""
    if '"undo"' not in entry.action:  # the cheap test first: ordinary actions never name it
        return None
    data = json.loads(entry.action)
    if isinstance(data, dict) and data.get("kind") == UNDO:
        return int(data["undoes"])
    return None


@dataclass(frozen=True)
class Step:
    """One entry of the log played back: the state before and after it; ``action`` is None
    for an undo (``after`` is then the state before the move it took back)."""

    entry: LoggedAction
    action: Any
    before: Any
    after: Any


def steps(engine, state, entries: list[LoggedAction]) -> Iterator[Step]:
    """Play a log back from ``state`` (the new game), an undo taking back the action it names,
    which is always the entry just before it. Raises ``ValueError`` on a log that breaks that."""
    previous, last_seq = None, None
    for entry in entries:
        target = undone(entry)
        if target is not None:
            if previous is None or target != last_seq:
                raise ValueError(f"entry {entry.seq} undoes {target}, which is not the move just before it")
            yield Step(entry, None, state, previous)
            state, previous, last_seq = previous, None, None
            continue
        action = engine.action_adapter.validate_json(entry.action)
        new, _ = engine.apply(state, entry.seat, action)
        yield Step(entry, action, state, new)
        state, previous, last_seq = new, state, entry.seq


def replay_log(engine, state, entries: list[LoggedAction]):
    """The state a log reaches from ``state``."""
    for step in steps(engine, state, entries):
        state = step.after
    return state


def new_state(row: GameRow, game):
    return game.engine.new_game(len(row.seats), game.options, row.seed)


def taken_back(row: GameRow, game, entries: list[LoggedAction]):
    """The state before the last entry, and what replaying that entry reports (its flags)."""
    engine = game.engine
    before = replay_log(engine, new_state(row, game), entries[:-1])
    action = engine.action_adapter.validate_json(entries[-1].action)
    return before, engine.apply(before, entries[-1].seat, action)



