"""The platform's words: messages (a key and parameters) rendered for chat by ``render/text.py``.

Every sentence a player reads from ``bot/`` is a ``bot.<section>.<name>`` template in
``data/messages/<locale>/bot.toml``; engines' messages (events, refusals, glosses) go through the
same catalog. In chat a seat shows as its player's name, escaped (``bot.play.names``), and a
player's input on one short line without backticks, so a template may put it in a code span.
Discord's length cuts stay in the chat layer.

A sentence is in the reader's language (``bot.play.locale``: whoever this call answers) unless
``lang`` says otherwise: what the channel sees passes the game's (``game_lang(row)``).
"""

from __future__ import annotations

from typing import Any

from bot.play.locale import reader
from bot.play.names import chat_name
from bot.store import GameRow
from engines.core import Event, Msg, RuleError, quote
from render.palette import CHAT_CHIPS
from render.text import Style, catalog


def chat_input(text: str) -> str:
    """A player's input as chat shows it: one line, at most 60 characters, no backtick (so a
    template can show it in a code span, where markdown and mentions stay literal), and never
    empty (an empty code span shows as two backticks): input with nothing printable is "…"."""
    return quote(text).replace("`", "'") or "…"


def chat_style(row: GameRow | None, lang: str | None = None) -> Style:
    """How chat text shows a seat (the emoji chip of its colour on the board, then its player's
    name, escaped) and a player's input."""
    if row is None:
        return Style(input=chat_input)
    names = row.names

    def seat(s: int) -> str:
        if not 0 <= s < len(names):
            return phrase("bot.board.unknown_seat", lang=lang, number=s + 1)
        return f"{CHAT_CHIPS[s]} {chat_name(names[s])}"

    return Style(seat=seat, input=chat_input)


def say(row: GameRow | None, msg: Msg | Event | RuleError, lang: str | None = None) -> str:
    """The words of a message (an event, a refusal) for chat, players named: in ``lang``, or the
    reader's language."""
    return catalog(lang or reader()).text(msg, chat_style(row, lang))


def phrase(key: str, /, row: GameRow | None = None, lang: str | None = None, **params: Any) -> str:
    """A platform sentence: ``phrase("bot.lobby.no_game")``; with ``row``, seats are named."""
    return say(row, Msg(key, **params), lang)
