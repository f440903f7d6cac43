"""Seat changes told in the channel through the outbox (issue 23 item 1): a ballot of /vote replace,
the vote's outcome, /back and /away each write their line with the change, and the dispatcher posts
it; a line Discord refused is posted at the next sweep, once."""

from __future__ import annotations

from bot.play.effects import Unposted
from bot.play.service import GameService
from tests.platform.platform_helpers import ANDREA, ANNE, BRUNO, Clock, seated_game


class Messenger:
    """The transport's side, recording what it was asked to post; it refuses the next ``refuse`` posts."""

    def __init__(self):
        self.channel: list[tuple[int, str]] = []
        self.refuse = 0

    async def to_channel(self, channel_id, text, mentions, vote=None, lang=None, nonce=None):
        if self.refuse:
            self.refuse -= 1
            raise Unposted("refused")
        self.channel.append((channel_id, text))

    async def to_user(self, user_id, text, nonce=None):
        raise AssertionError("nobody opted in to DMs here")

    async def edit(self, edit):
        raise AssertionError("no lobby post is kept here")


async def test_seat_changes_are_told_through_the_outbox_and_a_refused_line_at_the_next_sweep(store):
    service = GameService(store, clock=Clock())
    service.messenger = messenger = Messenger()
    await seated_game(service, channel=1, key="torri", players=3)
    messenger.refuse = 1  # Discord refuses the first ballot's line: it waits in the outbox
    post = await service.vote_replace(1, BRUNO, ANNE.id, "random")
    assert post.told and messenger.channel == []
    await service.sweep()
    assert messenger.channel == [(1, post.public_text)] and "1 of the 2 votes" in (post.public_text or "")
    post = await service.vote_replace(1, ANDREA, ANNE.id)
    assert messenger.channel[-1] == (1, post.public_text) and "now plays the seat of **Anne**" in post.public_text
    post = await service.back(1, ANNE)
    assert messenger.channel[-1] == (1, post.public_text) and "**Anne** is back" in post.public_text
    post = await service.away(1, ANNE, 5)
    assert messenger.channel[-1] == (1, post.public_text) and "**Anne** is away for 5 h" in post.public_text
    await service.sweep()
    assert len(messenger.channel) == 4  # each line once
