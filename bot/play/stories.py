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
from bot.play.reveal import plain_style
from bot.play.stored import Loaded, replaying
from bot.play.story import Turn, percent, turning_points
from bot.play.tables import Tables
from bot.play.words import phrase
from bot.store import GameRow, LoggedAction
from engines.core import Msg
from render.palette import CHAT_CHIPS
from render.text import catalog

WHAT_CHARS = 180  # one turning point's move, at most (its line stays one line)


def story_name(row: GameRow) -> str:
    return f"story-{row.id}.webp"


async def judged(pool: workers.Workers, row: GameRow, game: Loaded, entries: list[LoggedAction],
                 lang: str) -> tuple[list[Turn], bytes]:
    """The turning points of a finished game and its chart drawn in ``lang`` (judged in a worker)."""
    curve: Any
    curve, image = await pool.run(workers.story, workers.ref(game.title), row, entries,
                                  phrase("bot.story.chart", lang=lang, title=game.engine.title),
                                  phrase("bot.story.round", lang=lang), lang)
    return turning_points(curve), image


def turn_words(lines: list[str], mover: int, seat: int, mark: str | None = None) -> str:
    """A turning point's move in one line: when the move was another seat's, only its events that name
    the seat whose chance moved (the rent it was paid, the auction it lost), if any do; cut between
    words, never inside one. ``mark``: how the lines name that seat (its chat chip by default)."""
    if mover != seat:
        mark = CHAT_CHIPS[seat] if mark is None else mark
        lines = [line for line in lines if mark in line] or lines
    return clip_words(" ".join(lines), WHAT_CHARS)


def plain_turns(row: GameRow, entries: list[LoggedAction], turns: list[Turn], lang: str) -> list[str]:
    """The turning points in plain text (no markdown, seats by name), for the web page (``bot.web``)."""
    words, style = catalog(lang), plain_style(row, lang)
    by_seq = {e.seq: e for e in entries}
    lines = []
    for turn in turns:
        entry = by_seq.get(turn.seq)
        what = ""
        if entry is not None:
            public = entry.public if entry.events is None else [words.text(Msg.of(e), style)
                                                                 for e in entry.public_events()]
            name = next((s.name for s in row.seats if s.seat == turn.seat), None)
            what = (turn_words(public, entry.seat, turn.seat, name or "")
                    or words.text_of("bot.board.moved", style, seat=entry.seat))
        lines.append(words.text_of("bot.story.turn", style, round=turn.round, what=what, seat=turn.seat,
                                   before=percent(turn.before), after=percent(turn.after)))
    return lines


async def told(pool: workers.Workers, row: GameRow, game: Loaded, entries: list[LoggedAction]) -> tuple[str, bytes]:
    """The story's lines (a head naming the chart's file, then the turning points) and its chart."""
    lang = game_lang(row)
    turns, image = await judged(pool, row, game, entries, lang)
    by_seq = {e.seq: e for e in entries}
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
