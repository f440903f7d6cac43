"""A stored game read back into live objects: its title, options, deadline and state; and its record
played back.

Whatever of one game no longer reads (an unknown game key, options, a deadline or a seed that no
longer parse, a snapshot that no longer fits the state model; an entry of its record that its
rules no longer accept or whose words no longer fit, ``replaying``) raises ``Damaged`` for that
game only, so the other games of the server go on. The store decodes the rest of each row
(``bot.store.decoding``; ``bot.play.tables.read_back`` turns what it could not read into
``Damaged`` too).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ValidationError

from bot.play import registry
from bot.play.answers import Damaged
from bot.play.locale import without_lang
from bot.play.options import OptionError, parse_options
from bot.store import GameRow
from engines.core import Msg, RuleError, quote
from engines.core.rng import seed_text

STATE_CACHE = 256  # parsed states kept in memory (the store holds every game)
# the game this task is handling, for the log lines (bot.chat.operations); each interaction is its own task
current_game: ContextVar[int | None] = ContextVar("piazza_current_game", default=None)
# what playing back a record, or wording its events, raises on a stored value that does not fit
# (a ValidationError is a ValueError; a missing message or parameter is a KeyError)
REPLAY_ERRORS: tuple[type[Exception], ...] = (ValueError, TypeError, KeyError, IndexError, RuleError)


class Unreplayable(Exception):
    """A record that does not play back, said by a worker process (one of ``REPLAY_ERRORS``, as a
    class that always pickles)."""


_NOT_PLAYED_BACK: tuple[type[Exception], ...] = (Unreplayable, *REPLAY_ERRORS)


@contextmanager
def replaying(row: GameRow) -> Iterator[None]:
    """Around playing a game's record back, or wording its events: what does not fit makes that
    game ``Damaged``."""
    try:
        yield
    except _NOT_PLAYED_BACK:
        raise Damaged(row.id, Msg("bot.damaged.log_replay")) from None


@dataclass(frozen=True)
class Loaded:
    title: registry.Title
    options: BaseModel
    deadline: datetime | None
    state: Any  # None while the game is in its lobby

    @property
    def engine(self):
        return self.title.engine


def _unfit(title: str, exc: ValidationError) -> Msg:
    """Where a validation failed (field paths only: never the stored values, which may be secret)."""
    errors = exc.errors()
    first = ".".join(str(p) for p in errors[0]["loc"]) or Msg("bot.damaged.top_level")
    more = Msg("bot.damaged.position_more", count=len(errors) - 1) if len(errors) > 1 else ""
    return Msg("bot.damaged.position_unfit", title=title, where=first, more=more)


def title_name(row: GameRow) -> str:
    """The game's title for a message, even for a damaged row."""
    try:
        return registry.get(row.game_key).engine.title
    except KeyError:
        return f"'{quote(row.game_key)}'"  # a proper name or a stored key: no words to translate


class States:
    """Parsed states by (game, version): a snapshot is parsed once per version. Engines never
    mutate a state they are given, so a cached state can be shared."""

    def __init__(self, size: int = STATE_CACHE):
        self._size = size
        self._cache: OrderedDict[tuple[int, int], Any] = OrderedDict()

    def remember(self, game_id: int, version: int, state) -> None:
        self._cache[(game_id, version)] = state
        if len(self._cache) > self._size:
            self._cache.popitem(last=False)

    def load(self, row: GameRow) -> Loaded:
        """Everything the service needs of a row, or ``Damaged`` saying what no longer reads. The
        row's game becomes the one this task's log lines name (``current_game``)."""
        current_game.set(row.id)
        if row.damage:
            raise Damaged(row.id, Msg(row.damage))
        try:
            title = registry.get(row.game_key)
        except KeyError:
            raise Damaged(row.id, Msg("bot.damaged.unknown_game", game=row.game_key)) from None
        engine = title.engine
        try:
            options = parse_options(engine.options_model, without_lang(row.options), engine.title)
        except OptionError as exc:
            raise Damaged(row.id, Msg("bot.damaged.options_unfit", title=engine.title, why=exc.msg)) from None
        deadline = None
        if row.deadline is not None:
            try:
                deadline = datetime.fromisoformat(row.deadline)
            except (TypeError, ValueError):
                deadline = None
            if deadline is None or deadline.tzinfo is None:
                raise Damaged(row.id, Msg("bot.damaged.deadline"))
        state = None
        if row.status != "lobby":
            state = self._cache.get((row.id, row.version))
            if state is None:
                if row.snapshot is None:
                    raise Damaged(row.id, Msg("bot.damaged.no_position"))
                try:
                    state = engine.state_model.model_validate_json(row.snapshot)
                except ValidationError as exc:
                    raise Damaged(row.id, _unfit(engine.title, exc)) from None
                except (TypeError, ValueError):
                    raise Damaged(row.id, Msg("bot.damaged.position_text")) from None
                self.remember(row.id, row.version, state)
            try:  # (a lobby has no seed yet)
                seed_text(row.seed)
            except ValueError:
                raise Damaged(row.id, Msg("bot.damaged.seed")) from None
        return Loaded(title, options, deadline, state)
