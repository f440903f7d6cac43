"""A game's record as a file (``/export``), and playing one back (``python -m bot replay``).

The format, ``piazza.game/1``, is one JSON object::

    {"format": "piazza.game/1", "game": 12, "game_key": "bella_vista", "title": "Bella Vista",
     "options": {...}, "status": "finished", "seed": "blake2b:…",
     "seats": [{"seat": 0, "name": "Anne", "bot": null}, ...],
     "actions": [{"seq": 1, "seat": 0, "action": {...}, "notation": "offer 6 #4"}, ...],
     "final": {"version": 40, "sha256": "<sha-256 of the final snapshot's JSON>"}}

An undo is the action ``{"kind": "undo", "undoes": <seq>}`` with the notation ``undo``; seat -1 is
the platform's clock. Playing the actions from a new game made with the seed, the options and the
seat count reaches the state whose snapshot has that hash.

Export policy: the seed tells every future draw, so a game with hidden information or chance is
exported only once it is over (finished or aborted); a game without either (Le Torri di Bologna)
can be exported at any time.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError

from bot.play import registry
from bot.play.options import parse_options
from bot.play.playback import UNDO, new_state, steps
from bot.play.stored import Loaded
from bot.play.words import say
from bot.store import GameRow, LoggedAction
from engines.core import RuleError, quote

FORMAT = "piazza.game/1"


class BadRecord(Exception):
    """A record file that cannot be played back; the message says why, in one line."""

    def __init__(self, why: str) -> None:
        super().__init__(quote(why, 300))  # one line, whatever a value or a validator's text held


def digest(snapshot: str) -> str:
    return hashlib.sha256(snapshot.encode()).hexdigest()


def export_record(row: GameRow, game: Loaded, entries: list[LoggedAction]) -> dict[str, Any]:
    engine = game.engine
    actions = []
    for step in steps(engine, new_state(row, game), entries):
        notation = UNDO if step.action is None else engine.notation(step.before, step.action)
        actions.append({"seq": step.entry.seq, "seat": step.entry.seat, "action": json.loads(step.entry.action),
                        "notation": notation})
    return {
        "format": FORMAT, "game": row.id, "game_key": row.game_key, "title": engine.title, "options": row.options,
        "status": row.status, "seed": row.seed,
        "seats": [{"seat": s.seat, "name": s.name, "bot": s.bot} for s in row.seats],
        "actions": actions,
        "final": {"version": row.version, "sha256": digest(row.snapshot or "")},
    }


class _Part(BaseModel):
    model_config = ConfigDict(strict=True, extra="ignore")


class RecordSeat(_Part):
    seat: StrictInt
    name: Annotated[StrictStr, Field(min_length=1, max_length=100)]  # Discord's names are at most 32
    bot: StrictStr | None = None


class RecordAction(_Part):
    seq: StrictInt
    seat: StrictInt
    action: dict[str, Any]


class RecordFinal(_Part):
    sha256: StrictStr


class Record(_Part):
    """The parts of a record that playing it back reads, each of the type it must have: a record is
    read from a file anyone may have edited, so it is checked here, at the one edge, and nothing
    past it meets a name that is a number or a seat list that is a word."""

    game: StrictInt | None = None
    game_key: StrictStr
    options: dict[str, Any]
    seed: StrictStr
    seats: Annotated[list[RecordSeat], Field(min_length=1)]
    actions: list[RecordAction]
    final: RecordFinal


def _checked(doc: dict[str, Any]) -> Record:
    try:
        record = Record.model_validate(doc)
    except ValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(part) for part in error["loc"]) or "the record"
        if error["type"] == "missing":
            raise BadRecord(f"the record has no {where!r}") from None
        raise BadRecord(f"the record's {where} does not read: {error['msg']}") from None
    if sorted(s.seat for s in record.seats) != list(range(len(record.seats))):
        raise BadRecord("the record's seats are not numbered 0, 1, 2 ... once each")
    if record.game_key not in registry.titles():
        raise BadRecord(f"the record's game {record.game_key[:40]!r} is none of {', '.join(registry.titles())}")
    return record


@dataclass
class PlayedBack:
    title: registry.Title
    engine: Any
    names: list[str]
    states: list[Any]  # the new game, then the state after every action (an undo's: the state it went back to)
    matches: bool  # the final state's snapshot has the record's hash


def play_back(doc: Any) -> PlayedBack:
    """Play a record back; ``BadRecord`` names what does not read."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise BadRecord(f"not a Piazza game record (format {FORMAT} expected)")
    record = _checked(doc)
    title = registry.get(record.game_key)
    engine = title.engine
    names = [s.name for s in sorted(record.seats, key=lambda s: s.seat)]
    entries = [LoggedAction(a.seq, a.seat, json.dumps(a.action), [], "") for a in record.actions]
    try:
        options = parse_options(engine.options_model, record.options, engine.title)
        state = engine.new_game(len(names), options, record.seed)
        states = [state] + [step.after for step in steps(engine, state, entries)]
    except RuleError as exc:  # an option or an action the rules refuse: their sentence, in English
        raise BadRecord(f"the record does not play back: {say(None, exc, lang='en')}") from None
    except Exception as exc:  # a seed, seat count or action that does not parse
        raise BadRecord(f"the record does not play back: {type(exc).__name__}: {exc}") from None
    return PlayedBack(title, engine, names, states, digest(states[-1].model_dump_json()) == record.final.sha256)
