"""Shared pieces of the end-to-end game tests: the project's bot on a real SQLite file, connected to the
Discord double (``Table``), and the checks every game's test makes on what players see.

Nothing here replaces project code: the bot, the game service, the store, the engines and the renderers
all run for real; the helpers only read what the double recorded (and the stored game rows).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import AsyncIterator
from pathlib import Path

from bot.chat.app import create_bot
from bot.play.service import GameService
from bot.store import Store
from tests.discord_double import Channel, DiscordDouble, InteractionResult, Message, User

SEED = 20261129  # every game a Table starts uses it, so a failure replays exactly


class Table:
    """The project's bot over a real SQLite file, connected to the double; it can be restarted."""

    def __init__(self, double: DiscordDouble, db_path: Path, seed: int = SEED, clock=None,
                 deadline_poll_seconds: float = 60.0, thinkers=None) -> None:
        self.double, self.db_path = double, db_path
        self.clock, self.deadline_poll_seconds = clock, deadline_poll_seconds
        self.thinkers = thinkers  # the bots' pool (the process's own if None)
        self.seed = seed  # every game this table starts uses it, so a failure replays exactly
        self._stack: contextlib.AsyncExitStack | None = None
        self.service = None
        self.bot = None

    async def start(self) -> None:
        stack = contextlib.AsyncExitStack()
        store = await Store.open(self.db_path)
        stack.push_async_callback(store.close)
        self.service = GameService(store, clock=self.clock, seeds=lambda: self.seed, thinkers=self.thinkers)
        await self.service.warm_up()  # as the bot does before it logs in (bot.chat.run)
        self.bot = create_bot(self.service, guild_id=self.double.guild.id,
                              deadline_poll_seconds=self.deadline_poll_seconds)
        await stack.enter_async_context(self.double.running(self.bot))
        self._stack = stack

    async def stop(self) -> None:
        if self._stack is not None:
            stack, self._stack = self._stack, None
            await stack.aclose()

    async def restart(self) -> None:
        await self.stop()
        await self.start()


@contextlib.asynccontextmanager
async def open_table(double: DiscordDouble, db_path: Path, seed: int = SEED, **options) -> AsyncIterator[Table]:
    """A started Table; on a clean exit, no interaction may be left without an answer."""
    t = Table(double, db_path, seed, **options)
    await t.start()
    try:
        yield t
    finally:
        await t.stop()
    assert not double.unanswered(), f"interactions left without an answer: {double.unanswered()}"


def boards(double: DiscordDouble, channel: Channel) -> list[Message]:
    return [m for m in double.public(channel) if m.images]


def only_public_board(res: InteractionResult) -> Message:
    """The action produced exactly one new public message, in its channel, and it carries the board image
    (a lossless WebP, named so that Discord shows it inline)."""
    assert len(res.public) == 1, f"expected one public board post, got {res.messages}"
    [msg] = res.public
    assert msg.channel_id == res.interaction.channel.id
    [board] = msg.images
    assert board.content_type == "image/webp" and board.is_webp and len(board.data) > 1000
    assert board.filename.endswith(".webp") and board.dimensions() is not None
    # said once per post (issue 28): whose turn it is (each mention once, the clock merged into it) and,
    # at the end, who won (one sentence; the score lines below start with their rank)
    assert all(msg.content.count(f"<@{user}>") == 1 for user in msg.mentions()), msg.content
    assert sum(line.startswith("🏆 ") for line in msg.content.splitlines()) <= 1, msg.content
    if msg.mentions():
        assert "aiting for" not in msg.content and "sperando por" not in msg.content, msg.content
    return msg


async def open_game(double: DiscordDouble, channel: Channel, players: list[User], game: str, title: str,
                    options: str | None) -> Message:
    """/new by the first player, /join by the others, /start by the last: returns the first board post."""
    creator = players[0]
    extra = {"options": options} if options else {}
    res = await double.slash(creator, channel, "new", game=game, **extra)
    assert not res.ephemeral and title in res.original.content and creator.name.title() in res.original.content

    res = await double.slash(creator, channel, "join")  # the opener is already seated
    assert res.ephemeral and "already" in res.text and not res.public
    for user in players[1:]:
        res = await double.slash(user, channel, "join")
        assert not res.ephemeral and user.name.title() in res.original.content

    res = await double.slash(players[-1], channel, "start")
    return only_public_board(res)


async def refuse_out_of_turn(double: DiscordDouble, table: Table, channel: Channel, intruder: User,
                             action: str) -> InteractionResult:
    """An out-of-turn /move gets a private refusal and changes nothing; returns the refusal."""
    before = await table.service.store.games.open_in(channel.id)
    pending = await table.service.pending(channel.id)
    seen_before = len(double.public(channel))
    [why] = await double.autocomplete(intruder, channel, "move", focused="action", value="")
    assert why["value"] == "?" and ("Not your turn: waiting for" in why["name"] or "not playing" in why["name"])
    res = await double.slash(intruder, channel, "move", action=action)
    assert res.ephemeral and not res.public, res
    assert "not your turn" in res.text or "not playing" in res.text, res.text
    after = await table.service.store.games.open_in(channel.id)
    assert (after.version, after.snapshot) == (before.version, before.snapshot)
    assert await table.service.pending(channel.id) == pending
    assert len(double.public(channel)) == seen_before
    return res


def one_sentence(text: str) -> bool:
    """A single sentence: ends with a full stop, and no full stop inside is followed by a new sentence."""
    text = text.strip()
    return text.endswith((".", "!")) and not re.search(r"[.!?]\s+[A-Z]", text[:-1])


async def refuse_illegal(double: DiscordDouble, table: Table, channel: Channel, user: User, action: str,
                         *expected: str) -> str:
    """A move that breaks a rule, typed by a player who may act: a private one-sentence reason (containing
    every ``expected`` word) and nothing changes. Returns the reason."""
    before = await table.service.store.games.open_in(channel.id)
    pending = await table.service.pending(channel.id)
    assert user.id in pending and action not in pending[user.id]
    seen_before = len(double.public_texts_ever(channel))
    res = await double.slash(user, channel, "move", action=action)
    assert res.ephemeral and not res.public and all(m.visible_to(user) for m in res.messages), res
    reason = res.original.text
    assert one_sentence(reason), reason
    assert all(word in reason for word in expected), (expected, reason)
    assert "You played" not in res.text
    after = await table.service.store.games.open_in(channel.id)
    assert (after.version, after.snapshot) == (before.version, before.snapshot)
    assert await table.service.pending(channel.id) == pending
    assert len(double.public_texts_ever(channel)) == seen_before
    return reason


def check_final_scores(board: Message, players: list[User], state, engine) -> None:
    result = engine.result(state)
    assert result is not None
    for score in result.ordered():
        name = players[score.seat].name.title()
        assert re.search(rf"{score.rank}\. (🏆 )?\*\*{name}\*\* — {score.total} \(", board.content), board.content


def check_score_sheet(board: Message, players: list[User], state, engine) -> None:
    """Every line of the engine's result is on the final board post, in rank order, the cup on the winners."""
    check_final_scores(board, players, state, engine)
    result = engine.result(state)
    positions = []
    for score in result.ordered():
        name = players[score.seat].name.title()
        found = re.search(rf"{score.rank}\. (🏆 )?\*\*{name}\*\* — {score.total} \(", board.content)
        assert bool(found.group(1)) == (score.seat in result.winners), board.content
        positions.append(found.start())
    assert positions == sorted(positions), board.content


async def stored_state(table: Table, channel: Channel, engine):
    """The open game's row and its state, as stored (None, None once the game is over)."""
    row = await table.service.store.games.open_in(channel.id)
    if row is None:
        return None, None
    return row, engine.state_model.model_validate_json(row.snapshot)
