"""The bot's message components: the button under every board and the private move menu.

They are ``DynamicItem``s whose custom ids carry what they need (the game id, and for a menu
the decision it was made for), so they keep working after a restart without any state held
in a View. Every callback ends with an answer, even on an unexpected error.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import discord

from bot.play.fitting import clip_words
from bot.play.service import Post
from bot.play.words import phrase

if TYPE_CHECKING:
    from bot.chat.app import PiazzaBot

CONTENT_LIMIT = 2000
MENU_LIMIT = 25


def clip(text: str, limit: int = CONTENT_LIMIT) -> str:
    """Discord's length limits: a message's content (2,000), or ``limit`` (a label, an embed); a text
    too long is cut between words, with "…" (``fitting.clip_words``), never inside a word."""
    return clip_words(text, limit)


class TurnButton(discord.ui.DynamicItem[discord.ui.Button], template=r"piazza:turn:(?P<game>\d+)"):
    """Under every board: opens the presser's private view and move menu, ephemerally."""

    def __init__(self, game_id: int, lang: str | None = None):
        super().__init__(
            discord.ui.Button(
                label=phrase("bot.menu.button", lang=lang), style=discord.ButtonStyle.primary,
                custom_id=f"piazza:turn:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: PiazzaBot = interaction.client  # type: ignore[assignment]
        await bot.guarded(interaction, bot.send_hand(interaction, expected_game=self.game_id))


def _options(post: Post | None) -> list[discord.SelectOption]:
    return [
        discord.SelectOption(label=clip(c.label or c.notation, 100), value=clip(c.notation, 100))
        for c in (post.choices[:MENU_LIMIT] if post else [])
    ] or [discord.SelectOption(label=phrase("bot.menu.empty"), value="-")]


def _chosen(select: discord.ui.Select) -> str:
    """The move picked in a menu (discord.py fills the select's values from the interaction)."""
    return select.values[0] if select.values else ""


class MovePicker(discord.ui.DynamicItem[discord.ui.Select],
                 template=r"piazza:pick:(?P<game>\d+):(?P<decision>\d+\.[0-9a-f]+)"):
    """A private menu of the presser's legal moves. It stays valid while the decision it was
    made for (``decision_token``: the seat's move count and a hash of its legal moves) is still
    the presser's, however many other players decide meanwhile."""

    def __init__(self, game_id: int, decision: str, post: Post | None = None):
        super().__init__(
            discord.ui.Select(
                placeholder=phrase("bot.menu.placeholder"), options=_options(post),
                custom_id=f"piazza:pick:{game_id}:{decision}",
            )
        )
        self.game_id = game_id
        self.decision = decision

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["game"]), match["decision"])

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: PiazzaBot = interaction.client  # type: ignore[assignment]
        await bot.guarded(interaction, bot.play(interaction, _chosen(self.item), expected_game=self.game_id,
                                                expected_decision=self.decision))


class LegacyMovePicker(discord.ui.DynamicItem[discord.ui.Select],
                       template=r"piazza:pick:(?P<game>\d+):(?P<version>\d+)"):
    """Menus posted before the upgrade (``piazza:pick:<game>:<version>``): still answered, and
    valid while the game has not moved since."""

    def __init__(self, game_id: int, version: int):
        super().__init__(discord.ui.Select(options=_options(None), custom_id=f"piazza:pick:{game_id}:{version}"))
        self.game_id = game_id
        self.version = version

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: PiazzaBot = interaction.client  # type: ignore[assignment]
        await bot.guarded(interaction, bot.play(interaction, _chosen(self.item), expected_game=self.game_id,
                                                expected_version=self.version))


def private_view(post: Post) -> discord.ui.View | None:
    if not post.choices or post.game_id is None or post.decision is None:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(MovePicker(post.game_id, post.decision, post))
    return view


def turn_view(post: Post) -> discord.ui.View | None:
    if post.game_id is None or post.finished:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(TurnButton(post.game_id, post.lang))  # under a public post: the game's language
    return view
