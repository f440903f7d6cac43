"""The service's messenger (``bot.play.notify``) over Discord: reminders in a game's channel, and direct
messages to players who opted in. A DM Discord refuses (the user does not take DMs from the bot,
error 50007, or any other refusal) raises ``Undelivered``, and the service tells the channel instead;
one that did not reach Discord (or met a server error) raises ``Unposted``: it is tried again."""

from __future__ import annotations

import logging
import secrets
from typing import TYPE_CHECKING

import discord

from bot.chat.delivery import DELIVERY_ERRORS, why_unposted
from bot.chat.lobby import buttons_of, lobby_buttons
from bot.chat.replace_button import replace_view
from bot.chat.views import clip
from bot.play.effects import Edit, Sent, Undelivered, Unposted
from render.text import DEFAULT_LOCALE

if TYPE_CHECKING:
    from bot.chat.app import PiazzaBot

log = logging.getLogger("piazza")

CANNOT_DM = 50007  # Discord: "Cannot send messages to this user"


def _view(vote: tuple[int, int] | None, buttons: tuple[int, str] | None, lang: str | None) -> discord.ui.View:
    if vote:
        return replace_view(*vote, lang=lang)
    view = buttons_of(buttons[0], lang or DEFAULT_LOCALE, buttons[1]) if buttons else None
    return discord.utils.MISSING if view is None else view


class ChatMessenger:
    def __init__(self, bot: PiazzaBot):
        self.bot = bot

    async def to_channel(self, channel_id: int, text: str, mentions: list[int],
                         vote: tuple[int, int] | None = None, lang: str | None = None,
                         nonce: str | None = None, buttons: tuple[int, str] | None = None) -> Sent:
        """``vote``: (game id, seat) of an idle notice, which gets a button to vote to replace them,
        labelled in ``lang`` (the game's language); ``buttons``: (game id, "lobby" or "join") a lobby
        post's; ``nonce``: the effect's (``bot.play.effects``)."""
        try:
            channel = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)
            if not isinstance(channel, discord.abc.Messageable):
                raise Unposted("not a text channel")
            content = clip(text)
            message = await channel.send(content=content, allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(id=u) for u in mentions]),
                view=_view(vote, buttons, lang),
                nonce=nonce or secrets.randbits(64))
        except DELIVERY_ERRORS as exc:
            raise Unposted(why_unposted(exc)) from exc
        return Sent(message.id, fresh=message.content == content)

    async def to_user(self, user_id: int, text: str, nonce: str | None = None) -> Sent:
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            content = clip(text)
            message = await user.send(content=content, allowed_mentions=discord.AllowedMentions.none(),
                                      nonce=nonce or secrets.randbits(64))
        except discord.Forbidden as exc:
            if exc.code != CANNOT_DM:
                log.warning("a direct message to user %s was refused: %s", user_id, exc)
            raise Undelivered(str(exc)) from exc
        except discord.HTTPException as exc:
            if exc.status < 500:  # refused for good (an unknown user, say): the channel is told instead
                raise Undelivered(str(exc)) from exc
            raise Unposted(why_unposted(exc)) from exc
        except DELIVERY_ERRORS as exc:  # Discord not reached: tried again at the next sweep (it may have it)
            raise Unposted(why_unposted(exc)) from exc
        return Sent(message.id, fresh=message.content == content)

    async def edit(self, edit: Edit) -> None:
        """A lobby post edited to show the game as it is now; a post that is gone (deleted by a
        moderator) is logged, and nothing is left to do for it."""
        try:
            await self.bot.get_partial_messageable(edit.channel_id).get_partial_message(edit.message_id).edit(
                content=clip(edit.text), view=lobby_buttons(edit))
        except discord.NotFound as exc:
            log.warning("could not update the lobby post %s of game %s: %s", edit.message_id, edit.game_id, exc)
        except DELIVERY_ERRORS as exc:
            raise Unposted(why_unposted(exc)) from exc
