"""Checks the Torri tests share: a move refused (its message, and nothing changed), and the
autocomplete entries in words."""

from __future__ import annotations

import pytest

from engines.core.errors import RuleError
from engines.core.messages import Msg
from engines.torri.positions import GAME, play, to_move
from render.text import Style, words


def refusal(state, text: str, seat: int | None = None, kind: type[RuleError] = RuleError) -> Msg:
    """Play ``text`` and return the message it is refused with (the test fails if it is
    played, or if the refusal changed the state)."""
    before = state.model_dump_json()
    with pytest.raises(kind) as exc:
        play(state, text, seat=seat)
    assert state.model_dump_json() == before
    return exc.value.msg


COLOURED = Style(seat=lambda s: ("Blue", "Green", "Yellow", "Red")[s])  # players named by colour


def labels(state, seat: int | None = None) -> dict[str, str]:
    """The autocomplete entries as the platform shows them (``notation · gloss``), with
    players named by their colour: notation -> label."""
    seat = to_move(state) if seat is None else seat
    return {c.notation: f"{c.notation} · {words(c.gloss, COLOURED)}" for c in GAME.choices(state, seat)}
