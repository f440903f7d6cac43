"""The board's panels beside and below the town: the architects and their coins, the offer
board, the Zoning card, the contracts, the end-of-game objectives (the key and the final scores
have modules of their own).

Each panel is a ``Block``: how narrow it may be, how tall it is at a width, and how to draw
it there; ``render/bella_vista/renderer.py`` arranges them round the town.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from render.bella_vista.draw import (
    BAND,
    BODY,
    CHIP,
    GLYPH,
    HEADING,
    MUTED,
    RULE,
    SMALL,
    TOWN_PLAIN,
    WHITE,
    BoardCanvas,
    People,
    chip_name,
    fit,
    line_height,
    text_width,
    wrap,
)
from render.bella_vista.glyphs import glyph, stripes
from render.palette import INK

GAP = 14  # between a block's parts
HEAD = 40  # a block's heading
MARK = 24  # an owner's shape in a card's corner


@dataclass(frozen=True)
class Block:
    min_width: int
    measure: Callable[[int], int]  # width -> height
    draw: Callable[[BoardCanvas, int, int, int], None]  # canvas, x, y, width
    reserve: Callable[[int], int] | None = None  # width -> the most it will ever need in this game
    in_town: bool = True  # may sit in a gap between the town's tiles (the architects never do)

    def room(self, width: int) -> int:
        """The height the layout keeps for it: the same on every board of a game."""
        return max(self.measure(width), self.reserve(width)) if self.reserve else self.measure(width)


class Words:
    """The catalog's words for the images, with seats as markers for ``draw_rich``."""

    def __init__(self, catalog, style) -> None:
        self.catalog, self.style = catalog, style
        self._done: dict[tuple, str] = {}

    def __call__(self, key: str, **params) -> str:
        """The words of ``bv.board.<key>`` (remembered: panels ask again for each width tried)."""
        memo = (key, *sorted((k, repr(v)) for k, v in params.items()))
        if memo not in self._done:
            self._done[memo] = self.catalog.text_of(f"bv.board.{key}", self.style, **params)
        return self._done[memo]

    def msg(self, msg) -> str:
        return self.catalog.text(msg, self.style)


def heading(canvas: BoardCanvas, x: int, y: int, width: int, title: str, note: str = "") -> None:
    canvas.text((x, y + 2), fit(title, HEADING, width), HEADING, INK, bold=True)
    if note:
        left = x + text_width(title, HEADING, True) + 12
        if left + 40 < x + width:
            canvas.text((left, y + 8), fit(note, SMALL, x + width - left), SMALL, MUTED)
    canvas.draw.line((x, y + HEAD - 6, x + width, y + HEAD - 6), fill=RULE, width=2)


# --- architects ---------------------------------------------------------------------------------

PLACES = ("place_1", "place_2", "place_3", "place_4")  # where a projection places its architect now


def standings(view, people: People, w: Words) -> Block:
    """One row per architect: chip, name and coins (in bold: what they can pay with); under them,
    the contracts taken (where they fit) and "» N coins", the coins they would end with if the game ended now
    (coins, contracts, both objectives: the running standings, said over their column beside the
    heading, else once between the heading and the rows); the
    row of whoever must act is shaded. In a column too narrow for a name and the coins on one
    line, the coins go under the name and the projection is the bare number ("» 34")."""
    row = CHIP + 10 + line_height(SMALL)

    def head(width: int) -> bool:
        """The "»" column's head fits beside the heading ("» if it ended now"): no note under the rows."""
        return text_width(w("architects"), HEADING, True) + 16 + text_width(w("if_ended_head"), SMALL) <= width

    def note(width: int) -> tuple[str, ...]:
        return wrap(w("if_ended_note"), SMALL, width) if view.if_ended and not head(width) else ()

    def measure(width: int) -> int:
        return HEAD + len(view.architects) * row + (1 + len(note(width))) * line_height(SMALL)

    def reserve(width: int) -> int:  # the note's room on every board, shown or not
        return HEAD + len(view.architects) * row + (1 + len(wrap(w("if_ended_note"), SMALL, width))) * line_height(SMALL)

    def draw(canvas: BoardCanvas, x: int, y: int, width: int) -> None:
        heading(canvas, x, y, width, w("architects"))
        if view.if_ended and head(width):  # over the column it explains, right-aligned as it is
            canvas.text((x + width, y + 8), w("if_ended_head"), SMALL, MUTED, "ra")
        y += HEAD
        for line in note(width):  # else read before the figures it explains (under "Bank", the ninth
            canvas.text((x, y - 6), line, SMALL, MUTED)  # look took it for the bank's)
            y += line_height(SMALL)
        y += 12 if note(width) else 0

        def first_word_fits(a, room: float) -> bool:
            return text_width(people.name(a.seat).split(" ")[0], BODY, True) <= room - CHIP - 8

        coins_of = {a.seat: w("coins", coins=a.coins) for a in view.architects}
        # a narrow column: the coins go under the name when beside it a name would lose even its first word
        under = not all(first_word_fits(a, width - text_width(coins_of[a.seat], BODY, True) - 12)
                        for a in view.architects)
        for a in view.architects:
            coins = coins_of[a.seat]
            if a.seat in view.to_act:
                canvas.draw.rectangle((x - 6, y - 4, x + width + 4, y + row - 6), fill=BAND)
            mid = y + CHIP / 2
            cw = text_width(coins, BODY, True)
            room = width - CHIP - 8
            if under:
                chip_name(canvas, x, mid - line_height(BODY) / 2, a.seat, people, BODY, width)
                canvas.text((x + CHIP + 8, y + CHIP + 2), coins, SMALL, INK, bold=True)
                room -= text_width(coins, SMALL, True) + 12
            else:
                chip_name(canvas, x, mid - line_height(BODY) / 2, a.seat, people, BODY, width - cw - 12)
                canvas.text((x + width, mid), coins, BODY, INK, "rm", bold=True)
            if view.if_ended:
                total = view.if_ended[a.seat]
                place = w(PLACES[sum(t > total for t in view.if_ended)])  # ties share a place
                then = f"» {total} · {place}" if under else w("if_ended_place", total=total, place=place)
                canvas.text((x + width, y + CHIP + 2), then, SMALL, INK, "ra")
                room -= text_width(then, SMALL) + 12
            taken = w("contract_cards", count=a.contracts)
            if text_width(taken, SMALL) <= room:  # never cut: in a narrow column the projection comes first
                left = x + CHIP + 8 + (text_width(coins, SMALL, True) + 12 if under else 0)
                canvas.text((left, y + CHIP + 2), taken, SMALL, MUTED)
            y += row
        canvas.text((x, y), w("bank", coins=view.bank), SMALL, MUTED)

    return Block(250, measure, draw, reserve, in_town=False)


# --- cards in play ----------------------------------------------------------------------------


def zoning(view, w: Words, zoning_words: str, every: tuple[str, ...] = (), deck: bool = True) -> Block:
    """The Zoning card in play (``every``: the words of every card, for the room kept), and how
    many are left in the deck (``deck``; not at the end of the game)."""
    def measure(width: int, words: str = zoning_words) -> int:
        left = line_height(SMALL) + 4 if deck else 0
        return HEAD + len(wrap(words, BODY, width, True)) * line_height(BODY) + left

    def reserve(width: int) -> int:
        return max([measure(width, words) for words in every] or [0])

    def draw(canvas: BoardCanvas, x: int, y: int, width: int) -> None:
        heading(canvas, x, y, width, w("zoning"))  # not its code ("Z3"): the rule below says what it is
        y += HEAD
        for line in wrap(zoning_words, BODY, width, True):
            canvas.text((x, y), line, BODY, INK, bold=True)
            y += line_height(BODY)
        if deck:
            canvas.text((x, y + 2), w("left_in_deck", count=view.zoning_left), SMALL, MUTED)

    # at least as wide as its heading ("Carta de Zoneamento" was cut in a hole of the town)
    return Block(max(240, int(text_width(w("zoning"), HEADING, True)) + 8), measure, draw, reserve)


def swatch(canvas: BoardCanvas, x: float, y: float, code: str, symbol: str | None, size: int = CHIP) -> None:
    """A neighborhood as a small tile: its fill, stripes if striped, its symbol."""
    canvas.draw.rectangle((x, y, x + size - 1, y + size - 1), fill=TOWN_PLAIN)
    if code.endswith("s"):  # bolder than on the town, where the symbol must show through
        canvas.image.paste(GLYPH, (int(x), int(y)), stripes(size, 12))
    canvas.draw.rectangle((x, y, x + size - 1, y + size - 1), outline=INK, width=2)
    if symbol:
        g = glyph(symbol, size - 10)
        canvas.image.paste(INK, (int(x) + 5, int(y) + 5), g)


BOX = 84  # a contract's card: its number and coins
WORDS_MIN = 280  # beside it, the words of what a contract asks for: 140 px at 550 (with 150, 75 at 550,
# the eleventh look read "1 Edifício / inteiramente / em cada um…" a word a line)

# The contracts panel's reserved room, by locale, the deck's cards (id, threshold), slots and width:
# the same on every board of every game with those cards, and measuring every card at every width
# the layout tries was a third of a board's drawing time.
_RESERVED: dict[tuple, int] = {}


def contracts(view, w: Words, contract_words, symbol_of, tile_name, cards=None, title: str = "contracts",
              deck: bool = True, every: tuple = (), slots: int = 0, none: str = "none_yet") -> Block:
    """Contracts (the face-up row, or ``cards``): number and coins, then what each asks for,
    a neighborhood as its swatch (as in the key) and its name. The room kept: the ``slots``
    tallest of ``every`` card. ``none``: the words when there are none ("none yet")."""
    shown = list(view.contracts if cards is None else cards)
    box = contract_box(w)
    row = max(CHIP + 4, line_height(BODY))

    described: dict[int, list[tuple[str, str | None]]] = {}

    def items(c) -> list[tuple[str, str | None]]:
        """Words, and neighborhoods (name, code), of a contract's description."""
        if c.id not in described:
            described[c.id] = _describe(c)
        return described[c.id]

    def _describe(c) -> list[tuple[str, str | None]]:
        if c.kind == "tile":
            words = w("contract_tile", count=c.threshold).split()
            hoods = c.neighborhoods[:1]
        elif c.kind == "tiles":
            words, hoods = w("contract_tiles").split(), c.neighborhoods
        else:
            words, hoods = contract_words(c).split(), []
        return [(t, None) for t in words] + [(tile_name(h), h) for h in hoods]

    def width_of(item: tuple[str, str | None]) -> float:
        """A neighborhood (code) is its swatch and name; "" the rest of a long name, under it."""
        text, code = item
        return CHIP + 6 + text_width(text, SMALL) + 12 if code is not None else text_width(text + " ", BODY)

    def fitted(item: tuple[str, str | None], width: int) -> list[tuple[str, str | None]]:
        """A neighborhood's name too long for a line alone: its first words beside the swatch,
        the rest on the lines under it (never past the panel)."""
        text, code = item
        if not code or width_of(item) <= width:
            return [item]
        parts: list[tuple[str, str | None]] = []
        words = text.split()
        while words:
            k = len(words)
            while k > 1 and width_of((" ".join(words[:k]), code)) > width:
                k -= 1
            if 1 < k < len(words) and len(words[k - 1]) <= 2:  # "Farfalla / a strisce", not "Farfalla a / strisce"
                k -= 1
            parts.append((" ".join(words[:k]), code if not parts else ""))
            words = words[k:]
        return parts

    flows: dict[tuple[int, int], list] = {}

    def flow(c, width: int) -> list[list[tuple[str, str | None]]]:
        if (c.id, width) in flows:
            return flows[(c.id, width)]
        lines: list[list[tuple[str, str | None]]] = [[]]
        used = 0.0
        for whole in items(c):
            for n, item in enumerate(fitted(whole, width)):
                need = width_of(item)
                if lines[-1] and (n > 0 or used + need > width):
                    lines.append([])
                    used = 0.0
                lines[-1].append(item)
                used += need
        flows[(c.id, width)] = lines
        return lines

    def card_h(c, width: int) -> int:
        return max(2 * row - 8, len(flow(c, width - box - 12)) * row)

    def measure(width: int) -> int:
        total = (HEAD if title else 0) + (line_height(SMALL) + 4 if deck else 0) + (0 if shown else line_height(BODY))
        for c in shown:
            total += (row if c is None else card_h(c, width)) + 8
        return total

    every_key = (w.catalog.locale, tuple((c.id, c.threshold) for c in every), slots, deck)

    def reserve(width: int) -> int:
        key = (*every_key, width)
        if key not in _RESERVED:
            if len(_RESERVED) > 4096:
                _RESERVED.clear()
            tallest = sorted((card_h(c, width) for c in every), reverse=True)[:slots]
            _RESERVED[key] = HEAD + (line_height(SMALL) + 4 if deck else 0) + sum(h + 8 for h in tallest)
        return _RESERVED[key]

    def draw(canvas: BoardCanvas, x: int, y: int, width: int) -> None:
        if title:  # (none: the rows only, under a heading of the caller's)
            heading(canvas, x, y, width, w(title))
            y += HEAD
        if not shown:
            canvas.text((x, y), w(none), BODY, MUTED)
        for c in shown:
            if c is None:
                canvas.text((x + box + 12, y + row / 2), w("taken"), SMALL, MUTED, "lm")
                y += row + 8
                continue
            h = card_h(c, width)
            contract_card(canvas, x, y, box, h, c, w)
            for n, line in enumerate(flow(c, width - box - 12)):
                cx, cy = x + box + 12.0, y + n * row + row / 2
                for text, code in line:
                    if code is not None:  # a neighborhood, or the rest of its name under it
                        if code:
                            swatch(canvas, cx, cy - CHIP / 2, code, symbol_of(code))
                        canvas.text((cx + CHIP + 6, cy), text, SMALL, INK, "lm")
                    else:
                        canvas.text((cx, cy), text, BODY, INK, "lm")
                    cx += width_of((text, code))
            y += h + 8
        if deck:
            canvas.text((x, y), w("left_in_deck", count=view.contract_deck), SMALL, MUTED)

    wide = box + 12 + WORDS_MIN if shown or every else 250  # "none yet" fits a narrow room
    return Block(wide, measure, draw, reserve if every else None)


def contract_box(w: Words) -> int:
    """A contract card's width: "10 moedas" stays inside."""
    return max(BOX, int(text_width(w("coins", coins=88), SMALL)) + 16)


def contract_card(canvas: BoardCanvas, x: float, y: float, box: int, h: int, c, w: Words) -> None:
    """A contract as a small white card ``box`` wide: its number, its coins under it."""
    card = (x, y, x + box, y + h - 4)
    canvas.draw.rounded_rectangle(card, radius=6, fill=WHITE, outline=INK, width=2)
    with canvas.inside(card):
        canvas.text((x + box / 2, y + 6), f"#{c.id}", BODY, INK, "ma", bold=True)
        canvas.text((x + box / 2, y + h - 10), w("coins", coins=c.value), SMALL, INK, "md")


def objectives(view, w: Words) -> Block:
    texts = [w(f"objective_{o.id.lower()}") for o in (view.height_objective, view.grouping_objective)]

    def measure(width: int) -> int:
        return HEAD + sum(len(wrap(t, BODY, width)) * line_height(BODY) + 6 for t in texts)

    def draw(canvas: BoardCanvas, x: int, y: int, width: int) -> None:
        heading(canvas, x, y, width, w("objectives"))
        y += HEAD
        for t in texts:
            for line in wrap(t, BODY, width):
                canvas.text((x, y), line, BODY, INK)
                y += line_height(BODY)
            y += 6

    return Block(240, measure, draw)
