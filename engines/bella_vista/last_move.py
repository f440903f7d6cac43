"""The last action's public record, kept in the state for the board's caption of the last move.

Only public events are kept (an event ``to`` a seat is that seat's secret), and as plain
messages: a nested message becomes its JSON form (``{"key": ..., "params": ...}``), which the
catalog words like the message itself, so a state and its view read back from JSON equal.
"""

from __future__ import annotations

from typing import Any

from engines.core.game import Event
from engines.core.messages import Msg


def public_record(events: list[Event]) -> tuple[Msg, ...]:
    return tuple(_message(e.key, e.params) for e in events if e.to is None)


def plain(msg: Msg) -> Msg:
    """The message with its nested messages in their JSON form."""
    return _message(msg.key, msg.params)


def _message(key: str, params: dict[str, Any]) -> Msg:
    return Msg(key, **{k: _plain(v) for k, v in params.items()})


def _plain(value: Any) -> Any:
    if isinstance(value, Msg):
        return {"key": value.key, "params": {k: _plain(v) for k, v in value.params.items()}}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value
