"""A board post, composed: the lines above it, the status, the board image (drawn once per version,
``presenting.Drawn``), then for a finished game the reveal, the replay and the story of the game
(nothing is hidden any more; ``bot.play.stories``) and the rating changes, the markers of unread
private news (``bot.play.notify``), and last how long each waiting person has left
(``bot.play.turn_clocks``).
"""

from __future__ import annotations

import asyncio
from typing import Any

from bot.play import presenting, workers
from bot.play.answers import Post
from bot.play.locale import game_lang
from bot.play.notify import Notices
from bot.play.rating_games import changes_line
from bot.play.replays import replay_name
from bot.play.reveal import reveal_name
from bot.play.stored import Loaded, replaying
from bot.play.stories import story_name, told
from bot.play.tables import Tables
from bot.play.turn_clocks import Clocks
from bot.play.words import phrase
from bot.store import GameRow, LoggedAction

MOVES_CHARS = 1400  # room for the moves since the last board; the status and the mentions follow


def moves_text(lines: list[str], lang: str | None = None) -> str:
    """One line per move; with several (a board was missed), a header, and only the newest lines
    that fit in ``MOVES_CHARS`` (the rest are named, for /log)."""
    if len(lines) <= 1:
        return "".join(lines)
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        size += len(line) + 1
        if size > MOVES_CHARS and kept:
            break
        kept.append(line)
    kept.reverse()
    dropped = len(lines) - len(kept)
    head = [phrase("bot.board.since_shown", lang=lang)]
    if dropped:
        head.append(phrase("bot.board.earlier", lang=lang, count=dropped))
    return "\n".join(head + kept)


class Boards:
    def __init__(self, tables: Tables, clocks: Clocks, notices: Notices, drawn: presenting.Drawn,
                 pool: workers.Workers):
        self.tables, self.clocks, self.notices = tables, clocks, notices
        self.drawn, self.workers = drawn, pool

    async def post(self, row: GameRow, game: Loaded, state: Any, head: str, mentions: list[int]) -> Post:
        # the board is drawn in a worker while the post's words are read and written here
        drawing = presenting.board_image(row, game, state, self.drawn, self.workers)
        try:
            post = await self._compose(row, game, state, head, mentions)
        except BaseException:
            drawing.cancel()
            drawing.add_done_callback(lambda t: t.cancelled() or t.exception())  # its own failure is moot now
            raise
        post.board_image = await drawing
        return post

    async def _compose(self, row: GameRow, game: Loaded, state: Any, head: str, mentions: list[int]) -> Post:
        post = Post(
            mentions=mentions,
            game_id=row.id,
            version=row.version,
            finished=game.engine.result(state) is not None,
            lang=game_lang(row),
        )
        clocked, clock_line = await self.clocks.turn_words(row, game, state, post)
        mentioned = {s for s in game.engine.to_act(state) if row.user_of(s) in post.mentions}
        # whose turn it is, said once: the status line names only who no later line names
        post.public_text = "\n".join(t for t in (head, presenting.status_text(row, game, state, clocked | mentioned))
                                     if t)
        if post.finished:
            entries = await self.tables.entries(row)  # read once for every file the final post carries
            with replaying(row):  # the reveal, the replay and the story, each in a worker at once
                files, (story, chart) = await asyncio.gather(self.final_files(row, game, state, entries),
                                                             told(self.workers, row, game, entries))
            post.attachments += [*files, (story_name(row), chart)]
            attached = "bot.reveal.attached" if game.engine.traits.hidden_information else "bot.reveal.attached_open"
            post.public_text = "\n".join([post.public_text or "", phrase(attached, lang=game_lang(row),
                                                                           file=reveal_name(row))])
            rated = await self.tables.store.ratings.of_game(row.id)  # written with the final move
            if rated:
                post.public_text += "\n" + changes_line(row, rated, game_lang(row))
            post.public_text += "\n" + story
        await self.notices.markers(row, post)
        if clock_line:
            post.public_text = "\n".join([post.public_text or "", clock_line])
        return post

    async def final_files(self, row: GameRow, game: Loaded, state: Any,
                          entries: list[LoggedAction]) -> list[tuple[str, bytes]]:
        """The files the final post carries: the reveal and the replay, made at once in two workers
        (each replays the whole game)."""
        text, gif = await asyncio.gather(
            self.workers.run(workers.reveal, workers.ref(game.title), row, state, entries),
            self.workers.run(workers.replay, workers.ref(game.title), row, entries))
        return [(reveal_name(row), text.encode()), (replay_name(row), gif)]

    async def moves_since_shown(self, row: GameRow, game: Loaded, state: Any) -> str:
        """The lines the channel has not seen, up to ``row.version``: the game's beginning if its
        first board never went out, then one line per move."""
        lines = [presenting.begins_text(row, game, state)] if row.announced < 0 else []
        lang = game_lang(row)
        for entry in await self.tables.entries(row, since=max(row.announced, 0)):
            if entry.seq <= row.version:
                lines.append(presenting.move_line(row, game, state, entry.seat,
                                                  presenting.public_lines(row, entry, lang)))
        return moves_text(lines, lang)
