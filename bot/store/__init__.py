"""The store: games, seats, the append-only action log and snapshots (SQLite or PostgreSQL)."""

from bot.store.migrations import MIGRATIONS
from bot.store.records import GameRow, LoggedAction, Notice, SchemaTooNew, Seat, StaleVersion, StoreError
from bot.store.transactions import DEFAULT_PATH, ENV_PATH, Store, deadline_text, default_path, default_target

__all__ = [
    "DEFAULT_PATH",
    "ENV_PATH",
    "MIGRATIONS",
    "Notice",
    "SchemaTooNew",
    "GameRow",
    "LoggedAction",
    "Seat",
    "StaleVersion",
    "Store",
    "StoreError",
    "deadline_text",
    "default_path",
    "default_target",
]
