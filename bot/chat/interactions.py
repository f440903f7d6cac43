"""Who and where an interaction is: the caller as the game service knows people, and its channel."""

from __future__ import annotations

import discord

from bot.play.answers import User


def user_of(interaction: discord.Interaction) -> User:
    return User(interaction.user.id, interaction.user.display_name)


def channel_of(interaction: discord.Interaction) -> int:
    """The channel an interaction comes from: Discord names it for every command (all but /help
    are guild-only) and for every component, which lives on a message."""
    assert interaction.channel_id is not None
    return interaction.channel_id
