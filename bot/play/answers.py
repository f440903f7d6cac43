"""What the game service answers: a ``Post`` for the transport to deliver, or a ``Refusal``
(a sentence for the caller alone). ``User`` is who is asking."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.play.words import phrase, say
from bot.store import GameRow, StoreError
from engines.core import Msg, RuleError
from render.text import DEFAULT_LOCALE


@dataclass(frozen=True)
class User:
    id: int
    name: str  # as typed; chat text escapes it (bot.play.names), images show it as is


@dataclass(frozen=True)
class Shown:
    """One move as a menu or autocomplete entry: what it plays and how it reads."""

    notation: str
    label: str


@dataclass
class Post:
    """What the transport should deliver after a call."""

    public_text: str | None = None  # for the channel
    board_image: bytes | None = None  # the public board, for the channel (``encode_image``: WebP, despite the name)
    mentions: list[int] = field(default_factory=list)  # users who owe a decision now
    turn_left: dict[int, str] = field(default_factory=dict)  # a mentioned user's time left, said with the mention
    private_text: str | None = None  # for the caller only
    private_image: bytes | None = None  # for the caller only (a hand of cards; WebP too)
    choices: list[Shown] = field(default_factory=list)  # the caller's legal moves, as shown
    decision: str | None = None  # the caller's decision these choices answer (decision_token)
    game_id: int | None = None
    version: int | None = None
    finished: bool = False
    unposted: str | None = None  # why the publisher could not post this board to the channel
    nonce: str | None = None  # sent with a create (the effect's): a resend returns the message Discord has
    attachments: list[tuple[str, bytes]] = field(default_factory=list)  # more public files (name, bytes)
    lang: str = DEFAULT_LOCALE  # the language of the public parts: the game's
    told: bool = False  # the public text is an effect the dispatcher delivers (the transport does not post it)


@dataclass
class GameSummary:
    game_id: int
    channel_id: int
    game_key: str
    title: str
    status: str
    names: list[str]  # as chat text (escaped)
    waiting_for: list[int]  # user ids


class Refusal(Exception):
    """Something a player asked for cannot be done; the message says why and what can."""


class Damaged(Refusal):
    """A stored game that no longer loads (its snapshot, options, game key or deadline).

    Its players are refused with this message; listings and sweeps skip the game with one
    warning. The message names what is wrong, never any stored content."""

    def __init__(self, game_id: int, what: Msg):
        self.game_id = game_id
        self.what = say(None, what)  # for the log and the autocomplete hint
        super().__init__(phrase("bot.damaged.refused", game=game_id, what=what))


def refusal(row: GameRow | None, exc: StoreError | RuleError) -> Refusal:
    """A store's or an engine's refusal, in words."""
    if isinstance(exc, StoreError):
        return Refusal(phrase(exc.key, row, **exc.params))
    return Refusal(say(row, exc))
