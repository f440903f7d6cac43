"""The animated replay: ``/replay`` (``bot.play.records``) and the final post's GIF (``bot.play.boards``).

Frames: one per move (every logged action, an undo included), from the public view only, thinned
evenly to at most ``render.replay.MAX_FRAMES`` with the first and last positions kept; a file over
Discord's attachment limit (10 MiB) is made again with half the frames until it fits. Drawing runs
in a worker process (``bot.play.workers``), so the event loop never waits for it. For a game being
played the replay goes to the caller alone; once the game is over it is public (and the final post
carries it).
"""

from __future__ import annotations

from bot.play.locale import game_lang
from bot.play.playback import new_state, steps
from bot.play.stored import Loaded
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
