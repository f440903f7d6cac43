"""How a game is shown: the chat lines about it and its images.

Names reach chat text escaped (``bot.play.names``) and images as typed; the words are the
catalog's (``bot.play.words``). Pictures are drawn and encoded in a worker process
(``bot.play.workers``), so the event loop never waits for Pillow, and each at most once per game
version (``Drawn``).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable

from bot.play import registry
from bot.play import workers as tasks
from bot.play.answers import Damaged, Shown
from bot.play.locale import game_lang, reader
from bot.play.metrics import DRAW_SECONDS
from bot.play.names import chat_names
from bot.play.sheet import score_sheet
from bot.play.stored import REPLAY_ERRORS, Loaded
from bot.play.words import chat_style, phrase, say
from bot.store import GameRow, LoggedAction, Notice
from engines.core import SYSTEM, Choice, Msg
from render.text import continued, subject_once


def labelled(row: GameRow, choices: list[Choice]) -> list[Shown]:
    """Autocomplete and menu entries as shown: ``notation · what it costs or earns``."""
    return [Shown(c.notation, f"{c.notation} · {say(row, c.gloss)}" if c.gloss else c.notation) for c in choices]


def waiting_users(row: GameRow, game: Loaded, state) -> list[int]:
    """The users who owe a decision now, in seat order."""
    return [u for u in (row.user_of(s) for s in sorted(game.engine.to_act(state))) if u is not None]


def who(row: GameRow, game: Loaded, state, seat: int) -> str:
    """A seat as chat text: its chip and its player's name."""
    return chat_style(row).seat(seat)


def status_text(row: GameRow, game: Loaded, state, told: set[int] | frozenset[int] = frozenset()) -> str:
    """The board post's status line, in the game's language; it names the seats the game waits for
    except ``told``, those a later line of the post names (the clock line, the mention)."""
    engine, lang = game.engine, game_lang(row)
    result = engine.result(state)
    if result is not None:
        # the winner named in a sentence, once; the sheet below ranks everyone
        over = phrase("bot.board.over", row, lang, title=engine.title, winners=list(result.winners),
                      count=len(result.winners))
        return over + "\n" + score_sheet(result, chat_names(row.names), engine.prefix, lang)
    line = " · ".join(say(row, m, lang) for m in engine.status(state))
    waiting = sorted(engine.to_act(state) - set(told))
    return line + " · " + phrase("bot.board.waiting_for", row, lang, seats=waiting) if waiting else line


def begins_text(row: GameRow, game: Loaded, state) -> str:
    seats = ", ".join(who(row, game, state, s.seat) for s in row.seats)
    return phrase("bot.board.begins", lang=game_lang(row), title=game.engine.title, seats=seats)


def move_line(row: GameRow, game: Loaded, state, seat: int, public: list[str]) -> str:
    """One move's public lines, in the game's language: what happened (its events name whoever moved),
    one event per line, the mover named once (issue 28, item 8)."""
    lang = game_lang(row)
    what = "\n".join(subject_once(public, chat_style(row, lang).seat(seat) if seat != SYSTEM else "", continued))
    if not what and seat != SYSTEM:
        what = phrase("bot.board.moved", row, lang, seat=seat)
    return phrase("bot.board.move", lang=lang, what=what)


def public_lines(row: GameRow, entry: LoggedAction, lang: str | None = None) -> list[str]:
    """What the channel may read of a logged action: its public events, worded now in ``lang`` (the
    reader's by default; an action stored before events were kept shows the English it was stored with).
    ``Damaged`` if a stored event's words do not fit it (an unknown key, a parameter missing or wrong)."""
    if entry.events is None:
        return entry.public
    try:
        msgs = [Msg.of(e) for e in entry.public_events()]
        return told_words(row, msgs, lang)
    except REPLAY_ERRORS:
        raise Damaged(row.id, Msg("bot.damaged.log_entry", seq=entry.seq)) from None


def told_words(row: GameRow, msgs: list[Msg], lang: str | None = None) -> list[str]:
    """A move's public messages in words, one line each, joined where its title tells several as one
    (``Game.told``: Leonardo's forced sales, its payments to one firm)."""
    return [say(row, m, lang) for m in registry.get(row.game_key).engine.told(msgs)]


def notice_line(row: GameRow, notice: Notice) -> str:
    """A private notice, for its seat's eyes only."""
    return _stored_words(row, notice.version, notice.event, None)


def _stored_words(row: GameRow, seq: int, event: dict, lang: str | None) -> str:
    try:
        return say(row, Msg.of(event), lang)
    except REPLAY_ERRORS:
        raise Damaged(row.id, Msg("bot.damaged.log_entry", seq=seq)) from None


class Drawn:
    """Images already drawn and encoded, by game, version, seat (None: the public board) and
    the names shown on them: a game's board is drawn once per version, whether it goes out
    with the move's post, ``/board`` or the board button, and a hand once per seat and
    version. Bounded (least recently used first out); a version never changes, so an entry
    is never stale. One per service (game ids are a store's own)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._images: OrderedDict[tuple, bytes | None] = OrderedDict()
        self.draws = 0  # how many images were actually drawn (the tests read it)

    async def get(self, key: tuple, draw: Callable[[], Awaitable[bytes | None]]) -> bytes | None:
        if key in self._images:
            self._images.move_to_end(key)
            return self._images[key]
        image = await draw()
        self.draws += 1
        self._images[key] = image
        while len(self._images) > self.size:
            self._images.popitem(last=False)
        return image


def board_image(row: GameRow, game: Loaded, state, drawn: Drawn, workers: tasks.Workers) -> asyncio.Task[bytes]:
    """The public board, its words in the game's language, drawn in a worker (``bot.play.workers``):
    a task, started now for the row's version as it is now, to be awaited once the post's words
    are ready."""
    names, lang = list(row.names), game_lang(row)
    async def draw() -> bytes:
        with DRAW_SECONDS.time():
            return await workers.run(tasks.board, tasks.ref(game.title), state, names, lang)

    async def image(key: tuple) -> bytes:
        drawn_image = await drawn.get(key, draw)
        assert drawn_image is not None
        return drawn_image

    return asyncio.ensure_future(image((row.id, row.version, None, tuple(names), lang)))


async def private_image(row: GameRow, game: Loaded, state, seat: int, drawn: Drawn, workers: tasks.Workers) -> bytes | None:
    """A seat's private picture, in its reader's language, drawn in a worker."""
    names, lang = row.names, reader()
    return await drawn.get((row.id, row.version, seat, tuple(names), lang),
                           lambda: workers.run(tasks.private, tasks.ref(game.title), state, seat, names, lang))
