"""The board's caption as a state keeps it: the last action's public events are in
``State.last_events``; the public actions before it (``Said``, newest first, at most
``EARLIER``) fill the room the centre has under it."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, field_validator

from engines.core.game import Event
from engines.core.messages import Msg

EARLIER = 3  # the actions before the last that a state keeps for the board


def revived(items: Any) -> list[Msg]:
    """Messages read back from JSON with their nested messages as ``Msg`` again (so a state
    or view read back equals the one written)."""
    out = []
    for item in items or []:
        if isinstance(item, Event | Msg):
            out.append(item if isinstance(item, Msg) else item.msg)
        else:
            out.append(Msg.of(item))
    return out


class Said(BaseModel):
    """One earlier action's public events and who took it (None: the platform), for the board's
    caption of the round so far."""
    model_config = ConfigDict(frozen=True)  # shared between copies of a state

    seat: int | None = None
    events: tuple[Msg, ...] = ()

    @field_validator("events", mode="before")
    @classmethod
    def _revive(cls, value: Any) -> Any:
        return tuple(revived(value))
