"""The story of a finished game in chat: the chart of each seat's chance and the three turning points,
told in the game's language (``bot.play.story`` judges, in a worker process). The final board carries
it (``bot.play.boards``); ``/story`` tells it again for the channel's last finished game, and refuses
while a game is played there (the judge sees every secret)."""

from __future__ import annotations

from typing import Any

from bot.play import presenting, workers
from bot.play.answers import Post, Refusal
from bot.play.fitting import clip_words
from bot.play.locale import game_lang
from bot.play.stored import Loaded, replaying
from bot.play.story import percent, turning_points
from bot.play.tables import Tables
from bot.play.words import phrase
from bot.store import GameRow, LoggedAction
from render.palette import CHAT_CHIPS

WHAT_CHARS = 180  # one turning point's move, at most (its line stays one line)


def story_name(row: GameRow) -> str:
    return f"story-{row.id}.webp"


def turn_words(lines: list[str], mover: int, seat: int) -> str:
    """A turning point's move in one line: when the move was another seat's, only its events that name
    the seat whose chance moved (the rent it was paid, the auction it lost), if any do; cut between
    words, never inside one."""
    if mover != seat:
        lines = [line for line in lines if CHAT_CHIPS[seat] in line] or lines
    return clip_words(" ".join(lines), WHAT_CHARS)


async def told(pool: workers.Workers, row: GameRow, game: Loaded, entries: list[LoggedAction]) -> tuple[str, bytes]:
    """The story's lines (a head naming the chart's file, then the turning points) and its chart."""
    lang = game_lang(row)
    engine = game.engine
    curve: Any
    curve, image = await pool.run(workers.story, workers.ref(game.title), row, entries,
                                  phrase("bot.story.chart", lang=lang, title=engine.title),
                                  phrase("bot.story.round", lang=lang), lang)
    by_seq = {e.seq: e for e in entries}
    turns = turning_points(curve)
    lines = [phrase("bot.story.head" if turns else "bot.story.calm", lang=lang, file=story_name(row))]
    for turn in turns:
        entry = by_seq.get(turn.seq)
        what = turn_words(presenting.public_lines(row, entry, lang), entry.seat, turn.seat) if entry else ""
        if not what and entry is not None and entry.seat >= 0:
            what = phrase("bot.board.moved", row, lang, seat=entry.seat)
        lines.append(phrase("bot.story.turn", row, lang, round=turn.round, what=what, seat=turn.seat,
                            before=percent(turn.before), after=percent(turn.after)))
    return "\n".join(lines), image


class Stories:
    def __init__(self, tables: Tables, pool: workers.Workers):
        self.tables, self.workers = tables, pool
        self.store = tables.store

    async def finished(self, channel_id: int) -> GameRow:
        """The channel's last game if it is finished; else a refusal saying why (during play: the story
        would tell what is hidden)."""
        if await self.store.games.open_in(channel_id) is not None:
            raise Refusal(phrase("bot.story.during_play"))
        row = await self.store.places.last_in(channel_id)
        if row is None or row.status != "finished":
            raise Refusal(phrase("bot.story.none"))
        return row

    async def story(self, channel_id: int) -> Post:
        """The story of the channel's last game, once it is finished (a public post: nothing is hidden)."""
        row = await self.finished(channel_id)
        game = self.tables.load(row)
        entries = await self.tables.entries(row)
        with replaying(row):
            text, image = await told(self.workers, row, game, entries)
        return Post(public_text=text, attachments=[(story_name(row), image)], game_id=row.id, lang=game_lang(row))
