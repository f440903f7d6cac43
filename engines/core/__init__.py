"""The small common core every game engine builds on."""

from engines.core.data import DataError, load
from engines.core.errors import GameOver, IllegalAction, NotYourTurn, RuleError, UnknownAction, quote
from engines.core.game import SYSTEM, Choice, Event, FinalScore, Game, Result, rank_scores
from engines.core.rng import Rng

__all__ = [
    "SYSTEM",
    "Choice",
    "DataError",
    "load",
    "Event",
    "FinalScore",
    "Game",
    "GameOver",
    "IllegalAction",
    "NotYourTurn",
    "Result",
    "Rng",
    "rank_scores",
    "RuleError",
    "UnknownAction",
    "quote",
]
