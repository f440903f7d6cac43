"""One family of rule errors. Each message is a sentence a player understands:
what was wrong and what is allowed instead. Raising one never changes a state."""


class RuleError(Exception):
    """Base of every refusal a player may see."""


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
