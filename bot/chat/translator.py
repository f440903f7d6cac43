"""The chat layer's languages: Discord's localized command names, descriptions and choices, and
whose language an interaction is answered in.

``Translator`` is discord.py's ``app_commands.Translator``: every name, description and choice the
Cog declares is a ``locale_str`` carrying its catalog key (``words`` / ``named``), and Discord gets
each key's Portuguese and Italian words when the commands are synced (English is the default they
declare). ``Tree`` sets the reader (``bot.play.locale``) from ``interaction.locale`` before any
command or autocomplete runs; components set it in ``PiazzaBot.guarded``.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import TranslationContextTypes, locale_str

from bot.play.locale import from_discord, set_reader
from render.text import DEFAULT_LOCALE, catalog


def words(key: str) -> locale_str:
    """A catalog sentence (a description, a choice's name), English by default, with its key."""
    return locale_str(catalog(DEFAULT_LOCALE).text_of(key), key=key)


def named(key: str) -> locale_str:
    """A command's or an option's name (``bot.name.*``): the English one is the code's."""
    return words(key)


class Translator(app_commands.Translator):
    """Each of our locales' words for a declared string; None (Discord shows the English) for the
    source language, for a locale we do not speak and for a string without a key (a game's title)."""

    async def translate(self, string: locale_str, locale: discord.Locale,
                        context: TranslationContextTypes) -> str | None:
        key = string.extras.get("key")
        lang = from_discord(locale)
        if key is None or lang == DEFAULT_LOCALE or str(locale.value) not in ("pt-BR", "it"):
            return None
        words_ = catalog(lang)
        if key not in words_.templates:  # not translated yet: Discord shows the English
            return None
        return words_.text_of(key)


class Tree(app_commands.CommandTree):
    """The command tree: every command and autocomplete is answered in its presser's language."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        set_reader(from_discord(interaction.locale))
        return True
