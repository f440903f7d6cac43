"""The small common core every game engine builds on."""

from engines.core.data import DataError, load
from engines.core.errors import GameOver, IllegalAction, NotYourTurn, RuleError, UnknownAction, quote
from engines.core.game import (
    SYSTEM,
    Applied,
    Choice,
    Event,
    FinalScore,
    Game,
    Result,
    TimeUp,
    Traits,
    event,
    rank_scores,
)
from engines.core.messages import Msg
from engines.core.rng import Rng

__all__ = [
    "SYSTEM",
    "Applied",
    "Choice",
    "DataError",
    "Event",
    "FinalScore",
    "Game",
    "GameOver",
    "IllegalAction",
    "Msg",
    "NotYourTurn",
    "Result",
    "Rng",
    "RuleError",
    "TimeUp",
    "Traits",
    "UnknownAction",
    "event",
    "load",
    "quote",
    "rank_scores",
]
