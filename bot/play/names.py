"""Text that goes into a chat message but comes from people: their names (their input is
``bot.play.words.chat_input``).

A display name is shown as typed, never as markup: ``**bold**`` stays literal and ``<@123>`` or
``@everyone`` never becomes a ping (the posts also list exactly whom they may ping). Images
draw names unescaped; only chat text goes through here.
"""

from __future__ import annotations

import re

# Discord markdown and mention syntax; a backslash before any of these shows it literally
_MARKUP = re.compile(r"([\\*_~`|>#\-\[\]()<:])")
_ZERO_WIDTH_SPACE = "\u200b"


def chat_name(name: str) -> str:
    """A player's name for a chat message: one line, markdown escaped, no mention possible."""
    line = " ".join(name.split()) or "?"
    # a zero-width space after every @ breaks <@id>, <@&id>, @everyone and @here for good
    return _MARKUP.sub(r"\\\1", line).replace("@", "@" + _ZERO_WIDTH_SPACE)


def chat_names(names: list[str]) -> list[str]:
    return [chat_name(n) for n in names]
