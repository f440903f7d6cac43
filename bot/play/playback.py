"""Undo (a part of ``GameService``): a player takes back their last move, fairly.

A move can be taken back by its mover while it is the last entry of the log (nobody else, bot
or clock, has acted since), and only if it neither drew from the game's generator nor revealed
hidden information (``Applied.chance`` and ``Applied.revealed``, read again by replaying the
move): a player may never see something and then retract. The undo is itself logged (an action
of the mover's seat, ``{"kind": "undo", "undoes": seq}``): the log stays append-only, and
``replay_log`` plays it back exactly, each undo taking back the action it names. An undo cannot
be undone, and an undone move cannot be undone twice: the next undo finds the undo itself last.

A moved-on menu is refused as before: the undo counts as one of the seat's moves, so the
decision tokens of menus made before it no longer match.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from bot.play import presenting
from bot.play.answers import Post, Refusal, User, refusal
from bot.play.bot_play import BotPlay
from bot.play.locale import game_lang
from bot.play.words import phrase, say
from bot.store import GameRow, LoggedAction, StaleVersion
from engines.core import SYSTEM, Msg

UNDO = "undo"


def undo_json(seq: int) -> str:
    return json.dumps({"kind": UNDO, "undoes": seq})


def undone(entry: LoggedAction) -> int | None:
    """The sequence number an undo entry takes back; None for an ordinary action."""
    if '"undo"' not in entry.action:  # the cheap test first: ordinary actions never name it
        return None
    data = json.loads(entry.action)
    if isinstance(data, dict) and data.get("kind") == UNDO:
        return int(data["undoes"])
    return None


@dataclass(frozen=True)
class Step:
    """One entry of the log played back: the state before and after it; ``action`` is None
    for an undo (``after`` is then the state before the move it took back)."""

    entry: LoggedAction
    action: Any
    before: Any
    after: Any


def steps(engine, state, entries: list[LoggedAction]) -> Iterator[Step]:
    """Play a log back from ``state`` (the new game), an undo taking back the action it names,
    which is always the entry just before it. Raises ``ValueError`` on a log that breaks that."""
    previous, last_seq = None, None
    for entry in entries:
        target = undone(entry)
        if target is not None:
            if previous is None or target != last_seq:
                raise ValueError(f"entry {entry.seq} undoes {target}, which is not the move just before it")
            yield Step(entry, None, state, previous)
            state, previous, last_seq = previous, None, None
            continue
        action = engine.action_adapter.validate_json(entry.action)
        new, _ = engine.apply(state, entry.seat, action)
        yield Step(entry, action, state, new)
        state, previous, last_seq = new, state, entry.seq


def replay_log(engine, state, entries: list[LoggedAction]):
    """The state a log reaches from ``state``."""
    for step in steps(engine, state, entries):
        state = step.after
    return state


def new_state(row: GameRow, game):
    return game.engine.new_game(len(row.seats), game.options, row.seed)


def _taken_back(row: GameRow, game, entries: list[LoggedAction]):
    """The state before the last entry, and what replaying that entry reports (its flags)."""
    engine = game.engine
    before = replay_log(engine, new_state(row, game), entries[:-1])
    action = engine.action_adapter.validate_json(entries[-1].action)
    return before, engine.apply(before, entries[-1].seat, action)


class Undoing(BotPlay):
    async def undo(self, channel_id: int, user: User, expected_game: int | None = None) -> Post:
        """Take back the caller's last move, or refuse saying why (nothing changes then)."""
        async with self._lock(channel_id):
            row = await self.store.games.open_in(channel_id)
            if row is None:
                previous = await self.store.places.last_in(channel_id)
                if previous is not None and previous.status == "finished":
                    raise Refusal(phrase("bot.undo.over"))
            row, game = await self._active_game(channel_id, expected_game)
            ended = await self._apply_deadline(row, game)
            if ended is not None:
                raise Refusal(phrase("bot.undo.over"))
            seat = row.seat_of(user.id)
            if seat is None:
                raise Refusal(phrase("bot.play.not_playing"))
            entries = await self.store.log.actions(row.id)
            mine = [e for e in entries if e.seat == seat]
            if not mine:
                raise Refusal(phrase("bot.undo.nothing"))
            last = entries[-1]
            if last.seat != seat:
                if last.seat == SYSTEM:
                    raise Refusal(phrase("bot.undo.clock"))
                raise Refusal(phrase("bot.undo.others_played", row, seat=last.seat))
            if undone(last) is not None:
                raise Refusal(phrase("bot.undo.twice"))
            before, applied = await asyncio.to_thread(_taken_back, row, game, entries)
            if applied.chance:
                raise Refusal(phrase("bot.undo.chance"))
            if applied.revealed:
                raise Refusal(phrase("bot.undo.revealed"))
            shown_before = row.announced == row.version
            events = [{"key": "bot.undo.taken_back", "params": {"seat": seat}, "to": None}]
            try:
                row.version = await self.store.log.append(row.id, row.version, seat, undo_json(last.seq), events,
                                                           before.model_dump_json(), False, reader=seat)
            except StaleVersion as exc:
                raise refusal(row, exc) from exc
            self._states.remember(row.id, row.version, before)
            line = presenting.move_line(row, game, before, seat, [say(row, Msg.of(events[0]), game_lang(row))])
            post = await self._run_post(row, game, before, [line], shown_before)
            post.private_text = phrase("bot.undo.done")
            if seat in game.engine.to_act(before):
                post.choices = presenting.labelled(row, game.engine.choices(before, seat))
                post.decision = await self._decision(row, seat, [c.notation for c in post.choices])
            return await self._publish(row, post)
