"""What the store reads back (games with their seats, logged actions, notices, clocks, keepers, votes)
and the store's refusals."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


class StoreError(Exception):
    """A store-level refusal a player may read: a ``bot.store.*`` message key and its parameters
    (the store knows no words; the service says them)."""

    def __init__(self, key: str, /, **params: Any) -> None:
        super().__init__(key)
        self.key, self.params = key, params


class SchemaTooNew(Exception):
    """The database was written by a newer bot (for the operator, at start-up)."""


class StaleVersion(StoreError):
    """Another move landed first; the caller's state is out of date."""


@dataclass
class Seat:
    seat: int
    user_id: int
    name: str
    notices_read: int = 0  # the last version whose private notices this seat has been shown
    bot: str | None = None  # a computer player's level (its user_id is negative); None for a person


@dataclass
class GameRow:
    id: int
    guild_id: int | None
    channel_id: int
    game_key: str
    options: dict
    seed: str  # "blake2b:<hex>" or "splitmix64:<n>" (engines.core.rng.seed_text)
    status: str
    created_by: int
    created_at: str
    deadline: str | None
    version: int
    snapshot: str | None
    seats: list[Seat] = field(default_factory=list)
    announced: int = -1  # the last version whose board the channel was shown
    damage: str | None = None  # what in the row no longer reads, a bot.damaged.* key (the service refuses the game)
    hints: bool = False  # opened with hints=yes: a player may ask for the greedy player's suggestion
    parent_id: int | None = None  # the channel a game in its own thread was opened from
    rematch_of: int | None = None  # the game this one is the rematch of
    lobby: int = 0  # how many times the lobby changed (seats, start): /start checks it did not meanwhile
    bot_secret: str | None = field(default=None, repr=False)  # the bots' generators' key: never shown to anyone

    def seat_of(self, user_id: int) -> int | None:
        for s in self.seats:
            if s.user_id == user_id:
                return s.seat
        return None

    def user_of(self, seat: int) -> int | None:
        """The Discord user of a seat; None for a bot's seat (it has none) or no such seat."""
        for s in self.seats:
            if s.seat == seat:
                return None if s.bot else s.user_id
        return None

    def bot_of(self, seat: int) -> str | None:
        """The level of the bot in this seat; None for a person's seat."""
        return next((s.bot for s in self.seats if s.seat == seat), None)

    @property
    def bot_seats(self) -> list[int]:
        return [s.seat for s in self.seats if s.bot]

    @property
    def names(self) -> list[str]:
        return [s.name for s in sorted(self.seats, key=lambda s: s.seat)]


@dataclass
class LoggedAction:
    seq: int
    seat: int
    action: str
    public: list[str]  # the English of actions stored before events were kept (else empty)
    at: str
    events: list[dict[str, Any]] | None = None  # {"key", "params", "to"} each; None for older rows

    def public_events(self) -> list[dict[str, Any]]:
        return [e for e in self.events or [] if e.get("to") is None]


@dataclass(frozen=True)
class Notice:
    """One private event for one seat: the version (action) that produced it, and its message
    as stored (``{"key", "params", "to"}``)."""

    version: int
    event: dict[str, Any]



@dataclass(frozen=True)
class GameClock:
    hours: int | None  # None: the clock is off
    on_timeout: str  # "autopilot" or "wait"
    board_url: str | None = None  # a link to the newest board posted


@dataclass(frozen=True)
class SeatClock:
    seat: int
    moves: int  # the seat's move count when this decision began
    started: datetime
    due: datetime
    reminded: int  # reminders sent for this decision (and overdue reminders in "wait")
    next_at: datetime


@dataclass(frozen=True)
class Keeper:
    seat: int
    streak: int = 0  # decisions in a row the autopilot played for the seat
    auto_moves: int = -1  # the seat's move count after the autopilot's last move for it
    idle: bool = False
    away_until: datetime | None = None
    owner_id: int | None = None  # the person a bot or a volunteer replaced
    owner_name: str | None = None
    vacant: bool = False  # waiting for a volunteer (/takeover); a bot keeps it meanwhile


@dataclass(frozen=True)
class Vote:
    seat: int  # whose seat the vote would hand on
    outcome: str  # a bot level, or "volunteer"
    moves: int  # the seat's move count when the vote opened (a move by the seat ends the vote)
    ballots: list[int]  # user ids in favour
    opened_at: datetime | None = None  # its first ballot (None: opened before votes lapsed)
