"""Texts that can grow, fitted to Discord's limits by design instead of cut wherever the limit
falls (issue 28): a record keeps its newest lines, a long help is split into pages at line
breaks, and a line that must be shortened is cut between words with "…".

Pure functions on strings; the chat layer and the service choose the limits (``MESSAGE``,
``EMBED``) and what a head says (``/log``'s "Moves 19–38 of 38:" names the lines it kept)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

MESSAGE = 2000  # a message's content
EMBED = 4096  # an embed's description
LABEL = 100  # an autocomplete choice, a select option
ELLIPSIS = "…"


def clip_words(text: str, limit: int) -> str:
    """``text`` if it fits in ``limit`` characters, else its longest start that ends between two
    words, then "…" (a single word longer than the limit is cut inside it)."""
    if limit <= 0:
        return ""
    if len(text) <= limit:
        return text
    room = text[: limit - len(ELLIPSIS)]
    cut = room.rstrip()
    space = max(cut.rfind(" "), cut.rfind("\n"))
    if space > 0:
        cut = cut[:space].rstrip()
    return cut + ELLIPSIS


def keep_newest(lines: Sequence[str], limit: int, head: Callable[[int], str] = lambda kept: "",
                sep: str = "\n") -> tuple[str, int]:
    """The newest of ``lines`` (oldest first) that fit in ``limit`` characters under their head, and how
    many were kept: the oldest are dropped first, never the newest. ``head(kept)`` is the line above
    the ``kept`` newest lines ("" for none), so it can name exactly the lines shown. If even the newest
    line does not fit alone, it is shortened between words."""
    total = 0  # the characters of the newest ``kept`` lines with their separators
    kept = 0
    for line in reversed(lines):
        grown = total + len(line) + (len(sep) if kept else 0)
        if _size(head(kept + 1), grown, sep) > limit:
            break
        total, kept = grown, kept + 1
    if kept == 0 and lines:
        top = head(1)
        room = limit - (len(top) + len(sep) if top else 0)
        newest = clip_words(lines[-1], room)
        return (f"{top}{sep}{newest}" if top else newest), 1
    shown = sep.join(lines[len(lines) - kept:])
    top = head(kept)
    return (f"{top}{sep}{shown}" if top and shown else top or shown), kept


def _size(head: str, body: int, sep: str) -> int:
    return len(head) + len(sep) + body if head else body


def pages(blocks: Sequence[str], limit: int, sep: str = "\n\n") -> list[str]:
    """``blocks`` (a help's sections, in order) packed into as few pages of at most ``limit`` characters
    as keep them whole; a block too long for a page is split at its line breaks, and a line too long
    for a page is shortened between words. No page is empty; no text is lost but what a single
    over-long line must lose."""
    pieces = [piece for block in blocks
              for piece in ([block] if len(block) <= limit
                            else _pack([clip_words(line, limit) for line in block.split("\n")], limit, "\n"))]
    return _pack(pieces, limit, sep)


def _pack(pieces: Sequence[str], limit: int, sep: str) -> list[str]:
    """``pieces`` (each at most ``limit`` long) joined by ``sep`` into as few texts of at most
    ``limit`` characters as keep each piece whole, in order."""
    out: list[str] = []
    page = ""
    for piece in pieces:
        joined = f"{page}{sep}{piece}" if page else piece
        if len(joined) <= limit:
            page = joined
        else:
            out.append(page)
            page = piece
    if page:
        out.append(page)
    return out
