"""Lines of words with players in them: a catalog message whose seats are drawn as the
player's chip and name, wrapped over a width.

The message is worded with a ``Style`` that writes each seat as a marker; the line is then
cut into words and players, and laid out greedily (a player never splits over two lines).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from render.bella_vista.draw import CHIP, BoardCanvas, People, chip, fit, line_height, text_width
from render.palette import INK
from render.text import Style

_SEAT = re.compile(r"\x01(\d+)\x02")
SEAT_STYLE = Style(seat=lambda s: f"\x01{s}\x02", input=lambda s: s)


@dataclass(frozen=True)
class Token:
    text: str
    seat: int | None = None  # a player (drawn as chip + name), else a word


def tokens(text: str) -> list[Token]:
    """Words and players of a text worded with ``SEAT_STYLE``."""
    out: list[Token] = []
    pos = 0
    for m in _SEAT.finditer(text):
        out += [Token(w) for w in text[pos:m.start()].split()]
        out.append(Token("", int(m.group(1))))
        pos = m.end()
    out += [Token(w) for w in text[pos:].split()]
    # punctuation right after a player stays on its line ("Anne," "Anne.")
    merged: list[Token] = []
    for t in out:
        if merged and merged[-1].seat is not None and t.seat is None and t.text[:1] in ",.;:!?)":
            merged.append(Token(t.text, -1))  # -1: glued to the player before it
        else:
            merged.append(t)
    return merged


def _width(t: Token, people: People, size: int) -> float:
    if t.seat is not None and t.seat >= 0:
        return CHIP + 6 + text_width(people.name(t.seat), size, True)
    return text_width(t.text, size)


def layout(toks: list[Token], people: People, size: int, width: int) -> list[list[Token]]:
    space = text_width(" ", size)
    lines: list[list[Token]] = [[]]
    used = 0.0
    for t in toks:
        w = _width(t, people, size)
        glued = t.seat == -1
        need = w if glued or not lines[-1] else w + space
        if lines[-1] and not glued and used + need > width:
            lines.append([])
            used, need = 0.0, w
        lines[-1].append(t)
        used += need
    return lines


def draw_rich(canvas: BoardCanvas, x: float, y: float, width: int, text: str, people: People, size: int,
              max_lines: int = 3, fill=INK, bold_words: bool = False) -> int:
    """Draw the text from (x, y) within ``width``; returns the height used. Lines beyond
    ``max_lines`` are left out and the last one shown ends with an ellipsis."""
    lines = layout(tokens(text), people, size, width)
    cut = len(lines) > max_lines
    lines = lines[:max_lines]
    lh = max(line_height(size), CHIP + 4)
    space = text_width(" ", size)
    for n, line in enumerate(lines):
        cx = x
        cy = y + n * lh + lh / 2
        for k, t in enumerate(line):
            if k and t.seat != -1:
                cx += space
            if t.seat is not None and t.seat >= 0:
                chip(canvas, cx, cy - CHIP / 2, t.seat)
                canvas.text((cx + CHIP + 6, cy), people.name(t.seat), size, fill, "lm", bold=True)
                cx += CHIP + 6 + text_width(people.name(t.seat), size, True)
            else:
                word = t.text
                if cut and n == len(lines) - 1 and k == len(line) - 1:
                    word = fit(word + "…", size, int(x + width - cx))
                canvas.text((cx, cy), word, size, fill, "lm", bold=bold_words)
                cx += text_width(word, size, bold_words)
    return len(lines) * lh


def rich_height(text: str, people: People, size: int, width: int, max_lines: int = 3) -> int:
    lines = layout(tokens(text), people, size, width)
    return min(len(lines), max_lines) * max(line_height(size), CHIP + 4)
