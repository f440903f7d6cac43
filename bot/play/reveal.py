"""The reveal at the end of a game (a part of ``GameService``), and the whole record.

When a game ends, its final post carries a text file with everything that was hidden: every secret
of the final state (``Game.secrets``) that some seat did not know, with who knew it, then every move
of the log in notation with its private events (so sealed decisions that were never revealed, cards
drawn, bids and bets are all shown). Once the game is over, /log shows the private parts too.

While a game is played none of this is shown anywhere: the file is made only for a finished game.
"""

from __future__ import annotations

import asyncio

from bot.play import workers
from bot.play.answers import Post
from bot.play.locale import game_lang, reader
from bot.play.playback import Undoing, new_state, steps
from bot.play.sheet import plain_sheet
from bot.play.stored import Loaded
from bot.play.words import phrase
from bot.store import GameRow, LoggedAction
from engines.core import SYSTEM, Msg
from render.text import DEFAULT_LOCALE, Style, catalog

RECORD_LAST = 20  # moves /log shows at a time
LOG_CHARS = 1700  # room for a finished game's record lines in one message


def plain_style(row: GameRow, lang: str = DEFAULT_LOCALE) -> Style:
    names, words = row.names, catalog(lang)
    return Style(seat=lambda s: names[s] if 0 <= s < len(names) else words.text_of("bot.board.unknown_seat",
                                                                                     number=s + 1))


def hidden_lines(row: GameRow, game: Loaded, state, lang: str = DEFAULT_LOCALE) -> list[str]:
    """Every secret of ``state`` that some seat did not know, as the game words it
    (``Game.hidden_at_end``), in ``lang``."""
    words, style = catalog(lang), plain_style(row, lang)
    return [words.text_of("bot.reveal.line", style, what=m) for m in game.engine.hidden_at_end(state)]


def record_lines(row: GameRow, game: Loaded, entries: list[LoggedAction], style: Style | None = None,
                 lang: str = DEFAULT_LOCALE) -> list[str]:
    """Every move in notation with all its events, private ones marked with their seat, in ``lang``."""
    words, style = catalog(lang), style or plain_style(row, lang)
    engine, lines = game.engine, []
    for step in steps(engine, new_state(row, game), entries):
        entry = step.entry
        who = words.text_of("bot.log.clock") if entry.seat == SYSTEM else style.seat(entry.seat)
        move = words.text_of("bot.reveal.undo") if step.action is None else engine.notation(step.before, step.action)
        lines.append(words.text_of("bot.reveal.move", seq=entry.seq, who=who, move=move))
        for e in entry.events or []:
            what = words.text(Msg.of(e), style)
            to = e.get("to")
            lines.append(words.text_of("bot.reveal.private", seat=style.seat(to), what=what) if to is not None
                         else words.text_of("bot.reveal.public", what=what))
    return lines


def reveal_text(row: GameRow, game: Loaded, state, entries: list[LoggedAction]) -> str:
    """The reveal file on the final board: public, so in the game's language."""
    lang = game_lang(row)
    words = catalog(lang)
    result = game.engine.result(state)
    parts = [words.text_of("bot.reveal.head", title=game.engine.title, game=row.id)]
    if result is not None:
        parts += ["", plain_sheet(result, row.names, game.engine.prefix, lang)]
    hidden = hidden_lines(row, game, state, lang)
    parts += ["", words.text_of("bot.reveal.hidden_head", count=len(hidden)), *hidden]
    parts += ["", words.text_of("bot.reveal.record_head"), *record_lines(row, game, entries, None, lang)]
    return "\n".join(parts) + "\n"


def reveal_name(row: GameRow) -> str:
    return f"reveal-{row.id}.txt"


class Revealing(Undoing):
    async def _board_post(self, row: GameRow, game: Loaded, state, head: str, mentions: list[int]) -> Post:
        """The final board also carries the reveal (the game is over: nothing is hidden any more)."""
        post = await super()._board_post(row, game, state, head, mentions)
        if post.finished:
            entries = await self.store.log.actions(row.id)  # read once for every file the final post carries
            post.attachments += await self._final_files(row, game, state, entries)
            post.public_text = "\n".join([post.public_text or "", phrase("bot.reveal.attached", lang=game_lang(row),
                                                                                   file=reveal_name(row))])
        return post

    async def _final_files(self, row: GameRow, game: Loaded, state, entries: list) -> list[tuple[str, bytes]]:
        """The files the final post carries: here the reveal (``Replaying`` adds the replay, made
        at the same time in the other worker)."""
        text = await self.workers.run(workers.reveal, workers.ref(game.title), row, state, entries)
        return [(reveal_name(row), text.encode())]

    async def log(self, channel_id: int, last: int = RECORD_LAST) -> str:
        """A finished game's log (the channel's or thread's last game) shows its private parts too."""
        if await self.store.games.open_in(channel_id) is None:
            row = await self.store.places.last_in(channel_id)
            if row is not None and row.status == "finished":
                game = self._states.load(row)
                entries = await self.store.log.actions(row.id)
                lines = await asyncio.to_thread(record_lines, row, game, entries, None, reader())  # /log: private
                kept: list[str] = []
                for line in reversed(lines):  # the newest lines that fit in one message
                    if sum(len(k) + 1 for k in kept) + len(line) > LOG_CHARS:
                        break
                    kept.insert(0, line)
                head = phrase("bot.reveal.log_head", title=game.engine.title, count=len(entries),
                              file=reveal_name(row))
                return "\n".join([head, *kept])
        return await super().log(channel_id, last)

