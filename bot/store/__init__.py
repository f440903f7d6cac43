"""The store: one transaction manager (``bot.store.transactions.Store``) and a repository per concern
(games, seats, the action log, clocks, keepers, votes, claims, places, settings), over SQLite or
PostgreSQL; every stored value read back through ``bot.store.decoding``."""

from bot.store.connect import DEFAULT_PATH, ENV_PATH, default_path, default_target
from bot.store.decoding import Unreadable, deadline_text
from bot.store.migrations import MIGRATIONS
from bot.store.records import (
    GameClock,
    GameRow,
    Keeper,
    LoggedAction,
    Notice,
    SchemaTooNew,
    Seat,
    SeatClock,
    StaleVersion,
    StoreError,
    Vote,
)
from bot.store.transactions import NestedUse, Repositories, Store

__all__ = [
    "DEFAULT_PATH",
    "ENV_PATH",
    "MIGRATIONS",
    "GameClock",
    "GameRow",
    "Keeper",
    "LoggedAction",
    "NestedUse",
    "Notice",
    "Repositories",
    "SchemaTooNew",
    "Seat",
    "SeatClock",
    "StaleVersion",
    "Store",
    "StoreError",
    "Unreadable",
    "Vote",
    "deadline_text",
    "default_path",
    "default_target",
]
