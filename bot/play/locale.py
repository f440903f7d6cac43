"""Which language a sentence is in: the presser's for what only they see, the game's for what the
channel sees.

Discord names a user's client language (``interaction.locale``) and a server's preferred one
(``interaction.guild_locale``); ``from_discord`` maps them to a catalog locale (en-US and en-GB
are English, pt-BR Portuguese, it Italian, anything else English). The chat layer sets the
*reader* (whoever pressed, typed or asked) at the start of every interaction; ``bot.play.words``
writes in the reader's language unless told the game's (``game_lang``): a player's private view
never depends on anyone else's language. The game's language is chosen at /new (``lang=``,
defaulting to the server's when it is one of ours) and kept with the game's stored options.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from render.text import DEFAULT_LOCALE, LOCALES

LANG_OPTION = "lang"  # the key of the game's language among its stored options
DISCORD_LOCALES = {"en-US": "en", "en-GB": "en", "pt-BR": "pt-BR", "it": "it"}
LANGUAGE_KEYS = {"en": "bot.language.en", "pt-BR": "bot.language.pt_br", "it": "bot.language.it"}

_reader: ContextVar[str] = ContextVar("reader_locale", default=DEFAULT_LOCALE)


def from_discord(tag: Any) -> str:
    """A Discord locale (``discord.Locale`` or its text) as one of our locales; English otherwise."""
    return DISCORD_LOCALES.get(str(getattr(tag, "value", tag)), DEFAULT_LOCALE) if tag else DEFAULT_LOCALE


def game_default(guild_locale: Any) -> str:
    """A new game's language when /new names none: the server's, when we speak it."""
    return from_discord(guild_locale)


def reader() -> str:
    """The language of whoever this call answers (English when nobody set it)."""
    return _reader.get()


def set_reader(locale: str) -> None:
    """The chat layer's word, once per interaction: each runs in its own task, so this lasts
    exactly as long as the interaction's handling."""
    _reader.set(locale if locale in LOCALES else DEFAULT_LOCALE)


@contextmanager
def reading(locale: str) -> Iterator[None]:
    """Write for a reader of ``locale`` inside this block (the demo, tests)."""
    token = _reader.set(locale if locale in LOCALES else DEFAULT_LOCALE)
    try:
        yield
    finally:
        _reader.reset(token)


def game_lang(row: Any) -> str:
    """The language a game's public posts and boards are in (English for a game stored without one,
    or with one this version no longer has)."""
    options = getattr(row, "options", None) or {}
    lang = options.get(LANG_OPTION) if isinstance(options, dict) else None
    return lang if lang in LOCALES else DEFAULT_LOCALE


def without_lang(options: dict) -> dict:
    """A game's stored options as its title reads them (the language is the platform's)."""
    return {k: v for k, v in options.items() if k != LANG_OPTION}
