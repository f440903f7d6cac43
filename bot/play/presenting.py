"""How a game is shown: the chat lines about it and its images.

Names reach chat text escaped (``bot.play.names``) and images as typed. Pictures are drawn and
encoded in a worker thread, so the event loop never waits for Pillow.
"""

from __future__ import annotations

import asyncio

from bot.play.names import chat_name, chat_names
from bot.play.sheet import score_sheet
from bot.play.stored import Loaded
from bot.store import GameRow
from engines.core import SYSTEM, Choice, Event, Msg, RuleError
from engines.core.messages import LEGACY
from render.common import encode_png
from render.text import Style, catalog


def chat_style(row: GameRow | None) -> Style:
    """How chat text shows a seat: its player's name, escaped."""
    if row is None:
        return Style()
    names = row.names
    return Style(seat=lambda s: chat_name(names[s]) if 0 <= s < len(names) else f"seat {s + 1}")


def say(row: GameRow | None, msg: Msg | Event | RuleError) -> str:
    """The words of a message (an event, a refusal) for chat, players named."""
    return catalog().text(msg, chat_style(row))


def labelled(row: GameRow, choices: list[Choice]) -> list[Choice]:
    """Autocomplete entries as shown: ``notation · what it costs or earns``."""
    out = []
    for c in choices:
        label = c.label or (f"{c.notation} · {say(row, c.gloss)}" if c.gloss else c.notation)
        out.append(Choice(notation=c.notation, label=label))
    return out


def waiting_users(row: GameRow, game: Loaded, state) -> list[int]:
    """The users who owe a decision now, in seat order."""
    return [u for u in (row.user_of(s) for s in sorted(game.engine.to_act(state))) if u is not None]


def who(row: GameRow, game: Loaded, state, seat: int) -> str:
    """A seat as chat text: the player's name (and, for games still naming seats by colour,
    that colour)."""
    label = getattr(game.engine, "seat_label", None)
    name = chat_name(row.names[seat])
    return f"{name} ({label(state, seat)})" if label else name


def status_text(row: GameRow, game: Loaded, state) -> str:
    engine = game.engine
    result = engine.result(state)
    if result is not None:
        return f"**{engine.title}** is over.\n" + score_sheet(result, chat_names(row.names), engine.prefix)
    parts = engine.status(state)
    line = " · ".join(say(row, m) for m in parts)
    if any(m.key == LEGACY for m in parts):  # an unconverted engine says whom it waits for itself
        return line
    waiting = sorted(engine.to_act(state))
    return line + " · " + say(row, Msg("bot.waiting_for", seats=waiting))


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
