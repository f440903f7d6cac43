"""A game's record, on request: /log (a finished game's with its private parts), /export (the record as a
file, ``bot.play.record``), /replay (the animated boards, ``bot.play.replays``) and the integrity check
(the log played back from the seed must reach the stored snapshot).

Every one of them plays the stored log back (``bot.play.playback``): an entry that does not read or
does not play back makes the game damaged (``bot.play.stored.replaying``), and only that game.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from bot.play import presenting, registry, workers
from bot.play.answers import Post, Refusal, User
from bot.play.fitting import MESSAGE, keep_newest
from bot.play.locale import game_lang, reader, without_lang
from bot.play.names import chat_name
from bot.play.options import parse_options
from bot.play.playback import replay_log
from bot.play.record import export_record
from bot.play.replays import replay_name
from bot.play.reveal import RECORD_LAST, record_lines, reveal_name
from bot.play.stored import replaying
from bot.play.tables import Tables
from bot.play.words import phrase
from bot.store import GameRow
from engines.core import SYSTEM


class Records:
    def __init__(self, tables: Tables, pool: workers.Workers):
        self.tables, self.workers = tables, pool
        self.store = tables.store

    async def _recorded(self, channel_id: int) -> GameRow:
        """The channel's game (open, or else its last), once it has started."""
        row = await self.store.games.open_in(channel_id) or await self.store.places.last_in(channel_id)
        if row is None:
            raise Refusal(phrase("bot.lobby.no_game"))
        if row.status == "lobby":
            raise Refusal(phrase("bot.lobby.not_started", seated=len(row.seats)))
        return row

    async def log(self, channel_id: int, last: int = RECORD_LAST) -> str:
        """The log of the channel's game: the last moves' public lines while it is played; once it is
        finished (the channel's or thread's last game), every event, the private ones too."""
        if await self.store.games.open_in(channel_id) is None:
            row = await self.store.places.last_in(channel_id)
            if row is not None and row.status == "finished":
                return await self._finished_log(row)
        row, _ = await self.tables.active_game(channel_id)
        entries = await self.tables.entries(row)
        if not entries:
            return phrase("bot.log.empty")
        lines = [self._log_line(row, entry) for entry in entries[-last:]]
        total = len(entries)

        def head(kept: int) -> str:  # names exactly the lines kept
            return phrase("bot.log.head", first=total - kept + 1, last=total, count=total) if kept else ""

        text, _ = keep_newest(lines, MESSAGE, head)  # the newest moves are what /log is opened for
        return text

    @staticmethod
    def _log_line(row: GameRow, entry) -> str:
        """``12. 🟥 carol walks to F4.``: the player is named once, by the event; ``{who}:`` only where
        the event does not name them (the clock's moves, a move with no public effect)."""
        what = " ".join(presenting.public_lines(row, entry))
        if entry.seat == SYSTEM:
            return phrase("bot.log.line_who", seq=entry.seq, who=phrase("bot.log.clock"), what=what or
                          phrase("bot.log.nothing_public"))
        who = chat_name(row.names[entry.seat])
        if what and who in what:
            return phrase("bot.log.line", seq=entry.seq, what=what)
        return phrase("bot.log.line_who", seq=entry.seq, who=who, what=what or phrase("bot.log.nothing_public"))

    async def _finished_log(self, row: GameRow) -> str:
        game = self.tables.load(row)
        entries = await self.tables.entries(row)
        with replaying(row):
            lines = await asyncio.to_thread(record_lines, row, game, entries, None, reader())  # /log: private
        head = phrase("bot.reveal.log_head", title=game.engine.title, count=len(entries), file=reveal_name(row))
        text, _ = keep_newest(lines, MESSAGE, lambda kept: head)  # the newest lines that fit in one message
        return text

    async def export(self, channel_id: int, user: User) -> Post:
        """The record of the channel's game (open, or else its last), privately; refused during play
        when the record would tell what is hidden."""
        row = await self.store.games.open_in(channel_id) or await self.store.places.last_in(channel_id)
        if row is None:
            raise Refusal(phrase("bot.lobby.no_game"))
        game = self.tables.load(row)
        if row.status == "lobby":
            raise Refusal(phrase("bot.lobby.not_started", seated=len(row.seats)))
        traits = game.engine.traits
        if row.status == "active" and (traits.hidden_information or traits.chance):
            raise Refusal(phrase("bot.record.during_play", title=game.engine.title))
        entries = await self.tables.entries(row)
        with replaying(row):
            doc = await asyncio.to_thread(export_record, row, game, entries)
        name = f"piazza-game-{row.id}.json"
        return Post(private_text=phrase("bot.record.exported", file=name, count=len(entries)), game_id=row.id,
                    attachments=[(name, json.dumps(doc, indent=1, ensure_ascii=False).encode())])

    async def replay_is_public(self, channel_id: int) -> bool:
        """Whether /replay here answers everyone (the game is over) or the caller alone; a Refusal
        if there is nothing to replay, or its record does not read (asked before the slow drawing,
        so refusals stay private)."""
        row = await self._recorded(channel_id)
        self.tables.load(row)
        await self.tables.entries(row)
        return row.status != "active"

    async def replay_image(self, channel_id: int, user: User) -> Post:
        """The channel's game (open, or else its last) as an animated image; ``public_text`` is set
        when it may be shown to everyone (the game is over), else it is for the caller alone."""
        row = await self._recorded(channel_id)
        game = self.tables.load(row)
        entries = await self.tables.entries(row)
        with replaying(row):
            data = await self.workers.run(workers.replay, workers.ref(game.title), row, entries)
        post = Post(game_id=row.id, attachments=[(replay_name(row), data)])
        lang = None if row.status == "active" else game_lang(row)  # the caller's, or everyone's
        text = phrase("bot.replays.caption", lang=lang, title=game.engine.title, game=row.id, count=len(entries))
        if row.status == "active":
            post.private_text = text
        else:
            post.public_text, post.lang = text, game_lang(row)
        return post

    async def replay(self, game_id: int) -> Any:
        """Rebuild a game from its seed and action log (the snapshot must equal it)."""
        row = await self.store.games.get(game_id)
        if row is None or row.snapshot is None:
            raise Refusal(phrase("bot.play.no_record", game=game_id))
        engine = registry.get(row.game_key).engine
        options = parse_options(engine.options_model, without_lang(row.options), engine.title)
        entries = await self.tables.entries(row)
        with replaying(row):
            state = engine.new_game(len(row.seats), options, row.seed)
            return replay_log(engine, state, entries)  # an undo takes back its move
