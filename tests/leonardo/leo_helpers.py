"""Shared helpers of the Leonardo tests (no mocks: real states, real rules). Positions are
built with the public ``engines.leonardo.positions`` API."""

from __future__ import annotations

from engines.leonardo import Leonardo
from engines.leonardo.invariants import decision_problems, problems
from engines.leonardo.model import State
from engines.leonardo.positions import next_spins, position
from render.text import words

G = Leonardo()


def do(state: State, seat: int, text: str):
    return G.apply(state, seat, G.parse_action(state, seat, text))


def ready(seat: int = 0, pos: int | None = None, n: int = 3, seed: int = 1, roll=None, **description) -> State:
    """``seat``'s turn starts on a cleared board, its marker on ``pos``, the machine giving
    ``roll`` next (a number or a list); more of the description goes to ``position``."""
    at = {seat: pos} if pos is not None else {}
    state = position(n, seed, turn=seat, at=at | description.pop("at", {}), **description)
    if roll is not None:
        state = next_spins(state, roll if isinstance(roll, list) else [roll])
    return state


def check_invariants(state: State) -> None:
    wrong = problems(state) + decision_problems(state)
    assert not wrong, wrong


def said(events, to: int | None = None) -> str:
    """The words of the events meant for ``to`` (None: the public ones), one per line."""
    return "\n".join(words(e) for e in events if e.to == to)


def keys(events) -> list[str]:
    return [e.key for e in events]
