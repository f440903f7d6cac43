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
