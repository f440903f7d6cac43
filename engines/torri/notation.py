"""Chat notation: `E5` (walk), `E5 build`, `E5 battlement`, `E5 via D4 D5 build`,
`start Asinelli` (set-up), `pass` (only when no move exists)."""

from __future__ import annotations

import re

from engines.core.errors import UnknownAction
from engines.core.messages import Msg
from engines.core.text import ascii_lower
from engines.torri.board import ASINELLI, GARISENDA, Layout, layout
from engines.torri.model import Move, Pass, Start, State

SQUARE = re.compile(r"([a-z])([0-9]{1,2})")  # fullmatch; ASCII digits only: \d also matches "٣"
BUILD_WORDS = {
    "walk": "walk",
    "w": "walk",
    "build": "build",
    "b": "build",
    "simple": "build",
    "battlement": "battlement",
    "battlements": "battlement",
    "close": "battlement",
    "ameias": "battlement",
}
EXPECTED = Msg("torri.error.expected")  # what a move looks like, nested in the refusals


def format_action(action: Move | Start | Pass) -> str:
    if isinstance(action, Start):
        return f"start {action.tower}"
    if isinstance(action, Pass):
        return "pass"
    parts = [action.to]
    if action.via:
        parts += ["via", *action.via]
    if action.build != "walk":
        parts.append(action.build)
    return " ".join(parts)


_TEXTS: dict[tuple, str] = {}  # a move's fields -> its notation (search keys its tree by it)


def move_text(action: Move | Start | Pass) -> str:
    """``format_action``, remembered for moves (a search asks for the same ones again and
    again)."""
    if type(action) is not Move:
        return format_action(action)
    fields = (action.to, action.via, action.build)
    text = _TEXTS.get(fields)
    if text is None:
        if len(_TEXTS) >= 50_000:
            _TEXTS.clear()
        text = _TEXTS[fields] = format_action(action)
    return text


def _square(token: str, lay: Layout, text: str) -> str:
    m = SQUARE.fullmatch(token)
    if not m:
        raise UnknownAction("torri.error.unreadable_square", token=token, expected=EXPECTED)
    sq = f"{m.group(1).upper()}{int(m.group(2))}"
    if not lay.is_square(sq):
        raise UnknownAction("torri.error.not_inside", square=sq, text=text, expected=EXPECTED)
    return sq


def parse(state: State, text: str) -> Move | Start | Pass:
    """The action a player typed (the walls of this game decide which squares exist)."""
    lay = layout(state.shape, state.seats)
    tokens = ascii_lower(text.replace(",", " ").replace("→", " ")).split()
    if not tokens:
        raise UnknownAction("torri.error.empty", expected=EXPECTED)
    if tokens == ["pass"]:
        return Pass()
    if tokens[0] in ("start", "place"):
        if len(tokens) != 2:
            raise UnknownAction("torri.error.start_form", text=text)
        word = tokens[1]
        for name in (ASINELLI, GARISENDA):
            if word in (name.lower(), name[0].lower()) or (
                SQUARE.fullmatch(word) and name in lay.centrals.values()
                and lay.central_square(name).lower() == word
            ):
                return Start(tower=name)
        raise UnknownAction("torri.error.start_form", text=text)
    build = "walk"
    if tokens[-1] in BUILD_WORDS:
        build = BUILD_WORDS[tokens.pop()]
    if not tokens:
        raise UnknownAction("torri.error.no_square", text=text, expected=EXPECTED)
    dest = _square(tokens[0], lay, text)
    via: tuple[str, ...] | None = None
    rest = tokens[1:]
    if rest:
        if rest[0] != "via" or len(rest) < 2:
            raise UnknownAction("torri.error.unreadable", text=text, expected=EXPECTED)
        via = tuple(_square(t, lay, text) for t in rest[1:])
    return Move(to=dest, via=via, build=build)
