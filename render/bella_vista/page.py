"""What the board and the hand image share: their words and players (``Page``), the town's
place and the rooms round it, and the header band."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engines.bella_vista import terms
from render.bella_vista.blocks import Words
from render.bella_vista.draw import (
    BAND,
    BODY,
    HEADING,
    MARGIN,
    TITLE,
    WIDTH,
    BoardCanvas,
    People,
    line_height,
    text_width,
)
from render.bella_vista.layout import plan, town_frame
from render.bella_vista.rich import SEAT_STYLE, draw_rich, rich_height
from render.bella_vista.town import LABEL_H, LABEL_W, Town, tile_key, town_layer
from render.palette import INK
from render.text import catalog


@dataclass(frozen=True)
class Page:
    """One image's vocabulary and players."""

    words: Words
    people: People
    tile_name: Callable[[str], str]  # a tile code -> its name

    @classmethod
    def of(cls, view, names: list[str], locale: str) -> Page:
        cat = catalog(locale)
        words = Words(cat, SEAT_STYLE)
        people = People(names, view.seats, lambda s: words("seat", n=s + 1))
        return cls(words, people, lambda code: cat.text(terms.tile(code)))


# --- the town and the panels round it -----------------------------------------------------------


def frame(view, top: int):
    """The town's place and the room for panels round it (``layout.plan``)."""
    town = town_frame(view.columns, view.rows, top)
    tiles = frozenset((t.x // view.tile_size, t.y // view.tile_size) for t in view.tiles)
    return town, plan(town, tiles, view.tile_size, top)


def paste_town(canvas: BoardCanvas, town: Town, view, page: Page) -> None:
    """The cached layer of tiles, grid and coordinates."""
    names = (page.tile_name("P"), page.tile_name("R"))
    layer, min_text, min_piece, drawn = town_layer(tile_key(view), view.columns, view.rows, town.cell, names)
    canvas.layer(layer, (town.x - LABEL_W, town.y - LABEL_H), min_text, min_piece, drawn)


# --- the header band ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Header:
    """Title and status on the first line, then lines of words with players in them, each
    with an optional bold label before it (at most two lines each)."""

    title: str
    status: str
    lines: tuple[tuple[str, str], ...]  # (label, text)
    keep: tuple[int, ...] = ()  # the lines each line keeps room for on every board (default: what it takes)

    def height(self, people: People) -> int:
        """Fixed where ``keep`` says (the town then never moves from one board to the next)."""
        inner = WIDTH - 2 * MARGIN
        total = 14 + line_height(TITLE) + 6 + 10
        for k, (label, text) in enumerate(self.lines):
            lw = text_width(label, BODY, True) + 10 if label else 0
            used = rich_height(text, people, BODY, inner - lw, 2)
            total += max(used, self.keep[k] * rich_height("x", people, BODY, WIDTH)) if k < len(self.keep) else used
        return total

    def draw(self, canvas: BoardCanvas, people: People) -> int:
        height = self.height(people)
        canvas.draw.rectangle((0, 0, WIDTH - 1, height - 1), fill=BAND)
        y = 14
        canvas.text((MARGIN, y), self.title, TITLE, INK, bold=True)
        x = MARGIN + text_width(self.title, TITLE, True) + 24
        canvas.text((x, y + TITLE - HEADING), self.status, HEADING, INK)
        y += line_height(TITLE) + 6
        inner = WIDTH - 2 * MARGIN
        for label, text in self.lines:
            lw = text_width(label, BODY, True) + 10 if label else 0
            if label:
                canvas.text((MARGIN, y + rich_height(label, people, BODY, inner) / 2), label, BODY, INK, "lm",
                            bold=True)
            y += draw_rich(canvas, MARGIN + lw, y, inner - lw, text, people, BODY, 2, bold_words=not label)
        return height


def status(view, w: Words) -> str:
    if view.phase == "over":
        return w("over")
    return f"{w('round', round=view.round, rounds=view.rounds)}  ·  {w('phase_' + view.phase)}"


def must_lines(view, w: Words, people: People) -> int:
    """The lines "who must act" takes at most in this game (any phase, the longest name)."""
    longest = max(range(view.seats), key=lambda s: text_width(people.name(s), BODY, True))
    texts = [w(f"must_{p}", seat=longest, height=9) for p in ("offers", "construction", "contract", "neutral")]
    return max(rich_height(t, people, BODY, WIDTH - 2 * MARGIN, 2) for t in texts) // rich_height("x", people, BODY,
                                                                                                   WIDTH)


def must(view, w: Words) -> str:
    """Who must act and what, or the winner once the game is over."""
    if view.scores:
        best = [s for s in view.scores if s.rank == 1]
        return w("winner" if len(best) == 1 else "shared", seats=[s.seat for s in best], total=best[0].total)
    return " ".join(w(f"must_{view.phase}", seat=s, height=view.neutral_next or 0) for s in view.to_act)


SKIPPED = {"bv.event.game_over"}  # the status line says it ("Game over")
AFTER_BUILD = {"bv.event.passed": "then_passed", "bv.event.took_contract": "then_took"}


def caption(view, w: Words) -> str:
    """The last move in words: its public events (the first names whoever moved)."""
    said = [m for m in view.last_events if m.key not in SKIPPED]
    if len(said) > 1:  # the round a move began: the status line says the round, the offer board its order
        said = [m for m in said if m.key != "bv.event.round_begins"]
    if not said:
        return w("no_move")
    built = said[0].key.startswith("bv.event.built")  # then the contract decision, its name said once
    return " ".join(w(AFTER_BUILD[m.key], **{k: v for k, v in m.params.items() if k != "seat"})
                    if built and m.key in AFTER_BUILD else w.msg(m) for m in said)
