"""How a game is shown: the chat lines about it and its images.

Names reach chat text escaped (``bot.chat``) and images as typed. Pictures are drawn and
encoded in a worker thread, so the event loop never waits for Pillow.
"""

from __future__ import annotations

import asyncio

from bot.chat import chat_name, chat_names
from bot.sheet import score_sheet
from bot.store import GameRow
from bot.stored import Loaded
from engines.core import SYSTEM
from render.common import encode_png


def waiting_users(row: GameRow, game: Loaded, state) -> list[int]:
    """The users who owe a decision now, in seat order."""
    return [u for u in (row.user_of(s) for s in sorted(game.engine.to_act(state))) if u is not None]


def who(row: GameRow, game: Loaded, state, seat: int) -> str:
    """A seat as chat text: the player's name and how the rules call the seat."""
    return f"{chat_name(row.names[seat])} ({game.engine.seat_label(state, seat)})"


def status_text(row: GameRow, game: Loaded, state) -> str:
    result = game.engine.result(state)
    if result is not None:
        return f"**{game.engine.title}** is over.\n" + score_sheet(result, chat_names(row.names))
    return game.engine.summary(state)


def begins_text(row: GameRow, game: Loaded, state) -> str:
    seats = ", ".join(who(row, game, state, s.seat) for s in row.seats)
    return f"**{game.engine.title}** begins: {seats}."


def move_line(row: GameRow, game: Loaded, state, seat: int, public: list[str]) -> str:
    """One move's public line: who played it (nobody for the platform's own) and what happened."""
    name = f"**{who(row, game, state, seat)}**: " if seat != SYSTEM else ""
    return name + (" ".join(public) or "moved.")


async def board_png(row: GameRow, game: Loaded, state) -> bytes:
    view = game.engine.view(state, None)
    names, renderer = row.names, game.title.renderer
    return await asyncio.to_thread(lambda: encode_png(renderer.board(view, names)))


async def private_png(row: GameRow, game: Loaded, state, seat: int) -> bytes | None:
    view = game.engine.view(state, seat)
    names, renderer = row.names, game.title.renderer

    def draw() -> bytes | None:
        image = renderer.private(view, names)
        return None if image is None else encode_png(image)

    return await asyncio.to_thread(draw)
