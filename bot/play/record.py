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
from typing import Any

from bot.play import registry
from bot.play.options import parse_options
from bot.play.playback import UNDO, new_state, steps
from bot.play.stored import Loaded
from bot.store import GameRow, LoggedAction

FORMAT = "piazza.game/1"


class BadRecord(Exception):
    """A record file that cannot be played back; the message says why, in one line."""


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


@dataclass
class PlayedBack:
    engine: Any
    names: list[str]
    states: list[Any]  # the new game, then the state after every action (an undo's: the state it went back to)
    matches: bool  # the final state's snapshot has the record's hash


def play_back(doc: Any) -> PlayedBack:
    """Play a record back; ``BadRecord`` names what does not read."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise BadRecord(f"not a Piazza game record (format {FORMAT} expected)")
    try:
        engine = registry.get(doc["game_key"]).engine
        options = parse_options(engine.options_model, doc["options"], engine.title)
        names = [s["name"] for s in sorted(doc["seats"], key=lambda s: s["seat"])]
        entries = [LoggedAction(a["seq"], a["seat"], json.dumps(a["action"]), [], "") for a in doc["actions"]]
        state = engine.new_game(len(names), options, doc["seed"])
        states = [state] + [step.after for step in steps(engine, state, entries)]
        expected = doc["final"]["sha256"]
    except KeyError as exc:
        raise BadRecord(f"the record has no {exc.args[0]!r}") from None
    except Exception as exc:  # a rule refusing an action, a value that does not parse
        raise BadRecord(f"the record does not play back: {type(exc).__name__}: {str(exc)[:200]}") from None
    return PlayedBack(engine, names, states, digest(states[-1].model_dump_json()) == expected)
