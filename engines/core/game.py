"""The engine contract every game implements.

A game is a stateless object (one instance per title) whose methods take pydantic
state models. ``apply`` is pure: it works on a deep copy, so the caller's state is
never touched, and a refused action (any ``RuleError``) changes nothing.

Seats are integers 0..n-1 in the order players joined; names and Discord users are
the bot's business, never the engine's. ``SYSTEM`` is the seat the platform uses for
actions nobody owes (for example a deadline that passed); a game accepts them only
where its rules say so.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, TypeAdapter

from engines.core.errors import GameOver, NotYourTurn, RuleError

SYSTEM = -1

S = TypeVar("S", bound=BaseModel)
A = TypeVar("A")
V = TypeVar("V", bound=BaseModel)
Opt = TypeVar("Opt", bound=BaseModel)


class Event(BaseModel):
    """Something that happened, as one line of text.

    ``to`` is None for a public event (channel, log, spectators); otherwise only that
    seat may see it (a card drawn, a face-down offer).
    """

    text: str
    to: int | None = None


class Choice(BaseModel):
    """One legal action as autocomplete shows it.

    ``notation`` is what the player types (``parse_action`` reads it back); ``label``
    is what the list shows: the notation plus what the action costs or earns. Discord
    limits both to 100 characters.
    """

    notation: str
    label: str


class FinalScore(BaseModel):
    seat: int
    total: int
    breakdown: dict[str, int]
    rank: int  # 1 is the winner; tied seats share a rank


class Result(BaseModel):
    scores: list[FinalScore]  # best first
    winners: list[int]
    note: str = ""  # how ties were broken, in a sentence

    def ordered(self) -> list[FinalScore]:
        return sorted(self.scores, key=lambda s: (s.rank, s.seat))


def rank_scores(keys: dict[int, tuple]) -> dict[int, int]:
    """Competition ranking (1, 1, 3...) from a sort key per seat, larger is better."""
    order = sorted(keys, key=lambda s: keys[s], reverse=True)
    ranks: dict[int, int] = {}
    for i, seat in enumerate(order):
        if i and keys[seat] == keys[order[i - 1]]:
            ranks[seat] = ranks[order[i - 1]]
        else:
            ranks[seat] = i + 1
    return ranks


class Game(ABC, Generic[S, A, V, Opt]):
    """Base class of a title. Subclasses set the class attributes and implement the
    abstract methods; ``apply`` is provided and enforces purity and turn order."""

    key: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Options: ClassVar[type[BaseModel]]
    State: ClassVar[type[BaseModel]]
    View: ClassVar[type[BaseModel]]
    action_adapter: ClassVar[TypeAdapter[Any]]  # the discriminated union of actions
    # True if the game can end on a date: the platform then applies {"kind": "time_up"}
    # from SYSTEM once the deadline chosen at creation has passed.
    supports_deadline: ClassVar[bool] = False

    # --- data -----------------------------------------------------------------
    def load_data(self) -> None:
        """Load and validate every data file this title reads (raising ``DataError``),
        and run now every check that would otherwise wait for the first game. The bot
        calls it for every title before it logs in. A title without data keeps this."""

    # --- set-up -------------------------------------------------------------
    def check_players(self, seats: int, options: Opt) -> None:
        """Raise a RuleError if this many seats cannot play with these options."""
        if not self.min_players <= seats <= self.max_players:
            raise RuleError(
                f"{self.title} is for {self.min_players} to {self.max_players} players, not {seats}."
            )

    @abstractmethod
    def new_game(self, seats: int, options: Opt, seed: int | str) -> S:
        """A new game; every secret comes from ``Rng.from_seed(seed)`` ("blake2b:<hex>" for
        new games, "splitmix64:<n>" for games stored before it, or an int in tests)."""

    # --- whose decision -----------------------------------------------------
    @abstractmethod
    def to_act(self, state: S) -> frozenset[int]:
        """The seats that owe a decision now (empty once the game is over)."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[A]:
        """Every legal action for the seat. Where an action carries a free amount
        (a bid, a bet), a representative set of amounts; parse accepts any valid one."""

    # --- playing ------------------------------------------------------------
    def apply(self, state: S, seat: int, action: A) -> tuple[S, list[Event]]:
        if self.result(state) is not None:
            raise GameOver("The game is over; no more moves can be made.")
        if seat != SYSTEM and seat not in self.to_act(state):
            waiting = ", ".join(self.seat_label(state, s) for s in sorted(self.to_act(state)))
            raise NotYourTurn(f"It is not your turn: the game is waiting for {waiting}.")
        new = state.model_copy(deep=True)
        events = self.play(new, seat, action)
        return new, events

    @abstractmethod
    def play(self, state: S, seat: int, action: A) -> list[Event]:
        """Apply the action to ``state`` in place (it is already a private copy) and
        return the events. Validate everything before the first mutation, or raise
        before mutating: ``apply`` discards the copy on error either way."""

    # --- what each seat may see ---------------------------------------------
    @abstractmethod
    def view(self, state: S, seat: int | None) -> V:
        """What this seat (or a spectator, None) may see. The only place secrets are
        filtered: renderers and public messages are built from views only."""

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """Final scores with their breakdown and tie-breaks; None while playing."""

    # --- chat notation --------------------------------------------------------
    @abstractmethod
    def parse_action(self, state: S, seat: int, text: str) -> A:
        """Read the chat notation; raise UnknownAction quoting the input and saying
        what is expected instead."""

    @abstractmethod
    def notation(self, state: S, action: A) -> str:
        """The short text form of an action; parse_action(notation(a)) == a."""

    def choices(self, state: S, seat: int) -> list[Choice]:
        """Legal actions as autocomplete entries. Override to add costs and gains."""
        out = []
        for action in self.legal_actions(state, seat):
            text = self.notation(state, action)
            out.append(Choice(notation=text, label=text))
        return out

    # --- words ----------------------------------------------------------------
    def seat_label(self, state: S, seat: int) -> str:
        """How the rules name a seat (a colour, usually)."""
        return f"seat {seat + 1}"

    @abstractmethod
    def summary(self, state: S) -> str:
        """One public line: round, phase, and what the game waits for."""

    @abstractmethod
    def private_text(self, view: V) -> str:
        """A seat's private information as text (the hand command), from its view."""

    def help_text(self) -> str:
        """How to type moves, for the help command."""
        return ""
