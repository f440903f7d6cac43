"""The Torri panel's building blocks: what a block draws, kept as data before it is drawn.

A ``Block`` is a height and a list of items (a line of text, a player's chip, a piece, a
frame) placed relative to the block's top. The panel is a list of blocks and gaps measured
before anything is drawn, so the image is exactly as tall as its content needs, and the words
a board shows can be read back from its blocks (``words``) for the tests.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

from engines.core.messages import Msg
from render.canvas import RGB, Canvas
from render.common import name_that_fits
from render.palette import INK
from render.text import Catalog, Style
from render.torri.board import BOARD_W, WIDTH
from render.torri.pieces import chip, height_tag, slab
from render.torri.stamps import measure, write

X = BOARD_W + 20  # the panel's left edge for text
INNER = WIDTH - X - 16  # its width for text
MAX_NAME = 18  # characters of a name in a sentence (a table cuts it to its column)


@dataclass
class Words:
    """The catalog, and how this board names players: by name (as typed, on one line)."""

    cat: Catalog
    names: list[str]

    def name(self, seat: int) -> str:
        if seat < len(self.names) and self.names[seat].strip():
            return short_name(self.names[seat])
        return self.cat.text_of("torri.board.player", number=seat + 1)

    def fitted(self, seat: int, size: int, room: float) -> str:
        """The seat's name in bold in ``room`` (a table's column): whole, else its first words
        that fit, cut with "…" only when not even its first word fits."""
        if seat < len(self.names) and self.names[seat].strip():
            whole = " ".join(self.names[seat].split())
            return fit(name_that_fits(whole, lambda t: measure(t, size, True) <= room), size, room, True)
        return fit(self.name(seat), size, room, True)

    def say(self, key: str, **params) -> str:
        return self.cat.text_of(key, Style(seat=self.name), **params)

    def text(self, msg: Msg) -> str:
        return self.cat.text(msg, Style(seat=self.name))


def short_name(name: str, most: int = MAX_NAME) -> str:
    """A name as a sentence shows it: whole when it has at most ``most`` letters, else as many of
    its first words as fit ("Giovannibattista Alessandrini W" -> "Giovannibattista"), a single
    too-long word cut with a dot ("Wolfeschlegelsteinhausenberger W" -> "Wolfeschlegelstei."):
    never a name cut mid-word with "…" where a shorter form of it fits."""
    words = name.split()
    kept = " ".join(words)
    while len(kept) > most and len(words) > 1:
        words.pop()
        kept = " ".join(words)
    while len(words) > 1 and len(words) < len(name.split()) and words[-1].islower() and len(words[-1]) <= 3:
        words.pop()  # "Anne-Marguerite de" -> "Anne-Marguerite": not a particle left hanging
        kept = " ".join(words)
    return kept if len(kept) <= most else kept[: most - 1] + "."


@dataclass(frozen=True)
class Text:
    x: float
    y: float
    text: str
    size: int
    colour: RGB = INK
    anchor: str = "la"
    bold: bool = False


@dataclass(frozen=True)
class Chip:
    x: float
    y: float
    size: int
    seat: int


@dataclass(frozen=True)
class Piece:
    """A level of a tower (a key piece when it belongs to a player)."""

    x: float
    y: float
    size: float
    fill: RGB
    seat: int | None
    battlement: bool


@dataclass(frozen=True)
class Plinth:
    """A tower too tall for its row: its height on a white tag, where its lower levels would be."""

    x: float
    y: float
    size: float
    height: int


@dataclass(frozen=True)
class Outline:
    box: tuple[float, float, float, float]


Item = Text | Chip | Piece | Plinth | Outline


@dataclass
class Block:
    height: int
    items: list[Item] = field(default_factory=list)


Panel = list[Block | int]  # blocks from the top, an int being a gap


def fit(text: str, size: int, width: float, bold: bool = False) -> str:
    """The text, cut with an ellipsis where it is wider than ``width``."""
    if measure(text, size, bold) <= width:
        return text
    while text and measure(text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap(text: str, size: int, width: float, lines: int) -> list[str]:
    """Word-wrapped into at most ``lines`` lines, the last cut with an ellipsis if need be; each
    line ends where ``keep_together`` says (a route's line never broken badly, a number never
    alone at the end)."""
    words = text.split()
    out: list[str] = []
    i = 0
    while i < len(words):
        if len(out) == lines - 1:
            out.append(fit(" ".join(words[i:]), size, width))
            break
        j = i + 1
        while j < len(words) and measure(" ".join(words[i:j + 1]), size) <= width:
            j += 1
        j = i + keep_together(words[i:], j - i, partial(_fits, words[i:], size, width))
        out.append(" ".join(words[i:j]))
        i = j
    return out


def _fits(words: list[str], size: int, width: float, a: int, b: int) -> bool:
    return measure(" ".join(words[a:b]), size) <= width


def keep_together(words: list[str], cut: int, fits: Callable[[int, int], bool]) -> int:
    """Where a line of ``words`` that would end before ``words[cut]`` ends instead: a route the
    break would cut goes down whole (the fifth independent look: "walks C1" / "› C2 › C3."), a
    line never ends with the route's arrow, and neither a route's last step (the third look:
    "› C1." alone takes the square before it along, with its arrow) nor a number (\"round / 25\":
    a figure reads with what it counts) is left alone at the end; each where ``fits(a, b)``, whether
    ``words[a:b]`` can go down onto the next line together."""
    if not 1 < cut < len(words):
        return cut
    if "›" in (words[cut], words[cut - 1]):  # the break falls inside a route
        start = cut - 1 if words[cut - 1] != "›" else cut - 2  # the last square kept
        while start >= 1 and words[start - 1] == "›":
            start -= 2  # back to the route's first square (before this line, where it began on one above)
        end = start
        while end + 2 < len(words) and words[end + 1] == "›":
            end += 2  # on to its last square
        if start > 1 and fits(start, end + 1):  # not leaving one word alone ("anda" / "H8 › H7 › …": the
            cut = start  # eighteenth look): a route after a line's first word is broken at an arrow instead
    if cut > 1 and words[cut - 1] == "›":
        cut -= 1
    rest = words[cut:]
    step = len(rest) == 2 and rest[0] == "›"
    if step or len(rest) == 1 and rest[0].strip(".,:;)").isdigit():
        back = 2 if step and cut >= 3 and words[cut - 2] == "›" else 1
        if cut - back >= 1 and fits(cut - back, len(words)):
            cut -= back
    return cut


def height(panel: Panel) -> int:
    return sum(b if isinstance(b, int) else b.height for b in panel)


def words(panel: Panel) -> list[str]:
    """Every text the panel draws, top to bottom."""
    return [item.text for b in panel if isinstance(b, Block) for item in b.items if isinstance(item, Text)]


def draw_panel(canvas: Canvas, panel: Panel, top: int) -> None:
    y = top
    for b in panel:
        if isinstance(b, int):
            y += b
            continue
        for item in b.items:
            if isinstance(item, Text):
                write(canvas, (item.x, y + item.y), item.text, item.size, item.colour, item.anchor, item.bold)
            elif isinstance(item, Chip):
                chip(canvas, item.x, y + item.y, item.size, item.seat)
            elif isinstance(item, Piece):
                slab(canvas, item.x, y + item.y, item.size, item.size, item.fill, item.seat, item.battlement, key=True)
            elif isinstance(item, Plinth):
                height_tag(canvas, (item.x, y + item.y + 4, item.x + item.size, y + item.y + item.size - 4), item.height)
            else:
                x0, y0, x1, y1 = item.box
                canvas.draw.rounded_rectangle((x0, y + y0, x1, y + y1), radius=8, outline=INK, width=2)
                for edge in ((x0, y + y0, x1, y + y0 + 2), (x0, y + y1 - 2, x1, y + y1),  # its lines, so that
                             (x0, y + y0, x0 + 2, y + y1), (x1 - 2, y + y0, x1, y + y1)):  # no text crosses one
                    canvas.note_piece(edge, "frame", key=False)
        y += b.height
