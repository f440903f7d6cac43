"""Words are not the rules' business: an engine says what happened, or why a move is
refused, as a message key plus parameters (``Msg("bv.coins_earned", seat=0, coins=5)``).

The words for each key live in the message catalogs under ``data/messages/<locale>/``
and are produced in one place (``render/text.py``), so that a translation never needs a
change in ``engines/``. Parameters are plain JSON values (int, str, bool, None, lists)
or nested ``Msg`` objects; how a value is shown (a seat as a player's name, a player's
input quoted on one line) is chosen by the template, never by the engine.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict


class Msg(BaseModel):
    """A message key and its parameters."""

    model_config = ConfigDict(frozen=True)

    key: str
    params: dict[str, Any] = {}

    def __init__(self, key: str | None = None, /, **params: Any) -> None:
        if key is None:  # pydantic reading a message back: Msg(key=..., params={...})
            super().__init__(**params)
        else:
            super().__init__(key=key, params=params)

    @classmethod
    def of(cls, data: dict[str, Any]) -> Msg:
        """A message read back from its JSON form (``{"key": ..., "params": {...}}``); nested
        messages inside the parameters come back as ``Msg`` too."""
        return cls(data["key"], **{k: _revive(v) for k, v in (data.get("params") or {}).items()})

    def __str__(self) -> str:  # for logs and test failures, never for players
        if not self.params:
            return self.key
        args = ", ".join(f"{k}={v}" for k, v in self.params.items())
        return f"{self.key}({args})"


def _revive(value: Any) -> Any:
    if isinstance(value, dict) and set(value) <= {"key", "params"} and "key" in value:
        return Msg.of(value)
    if isinstance(value, list):
        return [_revive(v) for v in value]
    return value

