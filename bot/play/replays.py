"""The animated replay (a part of ``GameService``): ``/replay`` and the final post's GIF.

Frames: one per move (every logged action, an undo included), from the public view only, thinned
evenly to at most ``render.replay.MAX_FRAMES`` with the first and last positions kept; a file over
Discord's attachment limit (10 MiB) is made again with half the frames until it fits. Drawing runs
in a worker process (``bot.play.workers``), so the event loop never waits for it. For a game being
played the replay goes to the caller alone; once the game is over it is public (and the final post
carries it).
"""

from __future__ import annotations

import asyncio

from bot.play import workers
from bot.play.answers import Post, Refusal, User
from bot.play.locale import game_lang
from bot.play.playback import new_state, steps
from bot.play.record import Recording
from bot.play.stored import Loaded
from bot.play.words import phrase
from bot.store import GameRow, LoggedAction
from render.replay import MAX_FRAMES, animated_gif, pick
from render.text import drawing_in

ATTACHMENT_LIMIT = 10 * 1024 * 1024  # Discord's limit for a bot's upload


def replay_gif(row: GameRow, game: Loaded, entries: list[LoggedAction], limit: int = MAX_FRAMES,
               size_limit: int = ATTACHMENT_LIMIT) -> bytes:
    """The game's boards as an animated image, their words in the game's language (like every board)."""
    with drawing_in(game_lang(row)):
        return _replay_gif(row, game, entries, limit, size_limit)


def _replay_gif(row: GameRow, game: Loaded, entries: list[LoggedAction], limit: int, size_limit: int) -> bytes:
    engine, renderer = game.engine, game.title.renderer
    count = len(entries) + 1  # the new game, then one position per logged action
    while True:
        wanted = set(pick(count, limit))
        state = new_state(row, game)
        views = [engine.view(state, None)] if 0 in wanted else []
        for i, step in enumerate(steps(engine, state, entries), start=1):
            if i in wanted:
                views.append(engine.view(step.after, None))
        data = animated_gif(renderer, views, row.names)
        if len(data) <= size_limit or limit <= 2:
            return data
        limit //= 2


def replay_name(row: GameRow) -> str:
    return f"replay-{row.id}.gif"


class Replaying(Recording):
    async def _final_files(self, row: GameRow, game: Loaded, state, entries: list) -> list[tuple[str, bytes]]:
        """The reveal's files, then the replay, both made at once (each replays the whole game)."""
        files, gif = await asyncio.gather(super()._final_files(row, game, state, entries),
                                          self.workers.run(workers.replay, workers.ref(game.title), row, entries))
        return [*files, (replay_name(row), gif)]

    async def _replayed(self, channel_id: int) -> GameRow:
        row = await self.store.games.open_in(channel_id) or await self.store.places.last_in(channel_id)
        if row is None:
            raise Refusal(phrase("bot.lobby.no_game"))
        if row.status == "lobby":
            raise Refusal(phrase("bot.lobby.not_started", seated=len(row.seats)))
        return row

    async def replay_is_public(self, channel_id: int) -> bool:
        """Whether /replay here answers everyone (the game is over) or the caller alone; a Refusal
        if there is nothing to replay (asked before the slow drawing, so refusals stay private)."""
        return (await self._replayed(channel_id)).status != "active"

    async def replay_image(self, channel_id: int, user: User) -> Post:
        """The channel's game (open, or else its last) as an animated image; ``public_text`` is set
        when it may be shown to everyone (the game is over), else it is for the caller alone."""
        row = await self._replayed(channel_id)
        game = self._states.load(row)
        entries = await self.store.log.actions(row.id)
        data = await self.workers.run(workers.replay, workers.ref(game.title), row, entries)
        post = Post(game_id=row.id, attachments=[(replay_name(row), data)])
        lang = None if row.status == "active" else game_lang(row)  # the caller's, or everyone's
        text = phrase("bot.replays.caption", lang=lang, title=game.engine.title, game=row.id, count=len(entries))
        if row.status == "active":
            post.private_text = text
        else:
            post.public_text, post.lang = text, game_lang(row)
        return post
