"""One family of rule errors. Each carries a message (a key and parameters, see
``engines/core/messages.py``) saying what was wrong and what is allowed instead; the words
are produced elsewhere. Raising one never changes a state."""

from __future__ import annotations

from typing import Any

from engines.core.messages import Msg


class RuleError(Exception):
    """Base of every refusal a player may see: ``RuleError(Msg(...))`` or
    ``RuleError("key", param=value, ...)``. ``str()`` of one is for logs, not for players."""

    def __init__(self, msg: Msg | str, /, **params: Any) -> None:
        if isinstance(msg, str):
            if not _is_key(msg):
                raise ValueError(f"a refusal is a message key with parameters, not a sentence: {msg[:60]!r}")
            msg = Msg(msg, **params)
        self.msg = msg
        super().__init__(str(msg))

    def __str__(self) -> str:
        return str(self.msg)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its class and message (rules run in worker processes, ``bot.play.workers``):
        the default would rebuild it from ``str()``, a log line that is no key, and lose the params."""
        return type(self), (self.msg,), self.__dict__


def _is_key(text: str) -> bool:
    head, dot, rest = text.partition(".")
    return bool(dot) and head.isidentifier() and all(p.isidentifier() for p in rest.split("."))


class IllegalAction(RuleError):
    """The action breaks a rule of the game."""


class NotYourTurn(RuleError):
    """The seat does not owe a decision now."""


class GameOver(RuleError):
    """The game has ended; no more actions are taken."""


class UnknownAction(RuleError):
    """The text could not be read as an action of this game (bad notation)."""


QUOTE_LIMIT = 60


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """A player's input as a refusal may quote it: one line (any run of whitespace or control
    characters becomes one space), at most ``limit`` characters, cut with "…". A 10 KB or
    multi-line input then never pushes the reason out of the message."""
    line = " ".join("".join(ch if ch.isprintable() else " " for ch in text).split())
    return line if len(line) <= limit else line[: limit - 1] + "…"
