"""/undo: a player takes back their last move, fairly (``bot.play.playback`` says how an undo is
logged and played back).

A move can be taken back by its mover while it is the last entry of the log (nobody else, bot
or clock, has acted since), and only if it neither drew from the game's generator nor revealed
hidden information (``Applied.chance`` and ``Applied.revealed``, read again by replaying the
move): a player may never see something and then retract. A moved-on menu is refused as before:
the undo counts as one of the seat's moves, so the decision tokens of menus made before it no
longer match.
"""

from __future__ import annotations

import asyncio

from bot.play import presenting
from bot.play.answers import Post, Refusal, User, refusal
from bot.play.locale import game_lang
from bot.play.moves import Moves
from bot.play.outbox import Outbox
from bot.play.playback import taken_back, undo_json, undone
from bot.play.stored import replaying
from bot.play.tables import Tables
from bot.play.words import phrase, say
from bot.store import StaleVersion
from engines.core import SYSTEM, Msg


class Undo:
    def __init__(self, tables: Tables, moves: Moves, outbox: Outbox):
        self.tables, self.moves, self.outbox = tables, moves, outbox

    async def undo(self, channel_id: int, user: User, expected_game: int | None = None) -> Post:
        """Take back the caller's last move, or refuse saying why (nothing changes then)."""
        store = self.tables.store
        async with self.tables.lock(channel_id):
            if await store.games.open_in(channel_id) is None:
                previous = await store.places.last_in(channel_id)
                if previous is not None and previous.status == "finished":
                    raise Refusal(phrase("bot.undo.over"))
            row, game = await self.tables.active_game(channel_id, expected_game)
            if await self.moves.apply_deadline(row, game) is not None:
                raise Refusal(phrase("bot.undo.over"))
            seat = row.seat_of(user.id)
            if seat is None:
                raise Refusal(phrase("bot.play.not_playing"))
            entries = await self.tables.entries(row)
            if not [e for e in entries if e.seat == seat]:
                raise Refusal(phrase("bot.undo.nothing"))
            last = entries[-1]
            if last.seat != seat:
                if last.seat == SYSTEM:
                    raise Refusal(phrase("bot.undo.clock"))
                raise Refusal(phrase("bot.undo.others_played", row, seat=last.seat))
            if undone(last) is not None:
                raise Refusal(phrase("bot.undo.twice"))
            with replaying(row):
                before, applied = await asyncio.to_thread(taken_back, row, game, entries)
            if applied.chance:
                raise Refusal(phrase("bot.undo.chance"))
            if applied.revealed:
                raise Refusal(phrase("bot.undo.revealed"))
            shown_before = row.announced == row.version
            events = [{"key": "bot.undo.taken_back", "params": {"seat": seat}, "to": None}]
            try:  # refused if anyone moved since, or the seat changed hands (in this process or another)
                async with store.transaction() as tx:
                    row.version = await tx.log.append(row.id, row.version, seat, undo_json(last.seq), events,
                                                      before.model_dump_json(), False, reader=seat,
                                                      held_by=user.id)
                    await tx.effects.board(row.id, row.channel_id, row.version, self.tables.clock())
            except StaleVersion as exc:
                raise refusal(row, exc) from exc
            self.tables.states.remember(row.id, row.version, before)
            line = presenting.move_line(row, game, before, seat, [say(row, Msg.of(events[0]), game_lang(row))])
            post = await self.outbox.run_post(row, game, before, [line], shown_before)
            post.private_text = phrase("bot.undo.done")
            if seat in game.engine.to_act(before):
                post.choices = presenting.labelled(row, game.engine.choices(before, seat))
                post.decision = await self.tables.decision(row, seat, [c.notation for c in post.choices])
            return await self.outbox.publish(row, post)
