"""The legend of Leonardo's board, under the players' table: the districts (their bands' patterns,
each with its name on it) and a key to the ring's pieces and marks, each with its icon, for what is on the board. The districts are drawn once per language (the
static layer); the key in its place on every board, the same height kept for all its entries."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from PIL import Image, ImageDraw

from engines.leonardo.components import board, office_at
from engines.leonardo.model import View
from render.leonardo.frame import LINE_H, ROOM, X0, Y1
from render.leonardo.look import (
    ART,
    CHIP,
    GROUND,
    LINE,
    PAPER,
    SMALL,
    LeoCanvas,
    Run,
    drawable,
    fit,
    owner,
    pawn,
    width,
)
from render.leonardo.ring import CENTRE, KIND_LOOK, LANDED, band_tile, moves, route_bar, swatch
from render.palette import INK, ink_on
from render.text import Catalog, catalog

KEY_ROW = CHIP + 8
HELD, HATCH = (250, 250, 246), (190, 165, 120)  # the held office's sample, hatched stone: no player's colour
DISTRICT_H = 28  # a district's band in the legend, its name on it
DISTRICT_KEYS = {  # each district's name in the legend (the catalog's: a literal key per district)
    "giovanni": "leo.board.district_giovanni",
    "novella": "leo.board.district_novella",
    "spirito": "leo.board.district_spirito",
    "croce": "leo.board.district_croce",
    "marco": "leo.board.district_marco",
    "oltrarno": "leo.board.district_oltrarno",
}


def key_items(words: Catalog) -> list[tuple[str, str, Callable[[LeoCanvas, float, float], object]]]:
    """What the ring's pieces and marks mean, each with its icon."""
    def office(cv: LeoCanvas, x: float, y: float) -> None:
        box = (x + 1, y + 1, x + CHIP - 1, y + CHIP - 1)
        cv.draw.ellipse(box, fill=PAPER, outline=INK, width=2)
        cv.note_piece(box, "seal", key=False)
        with cv.inside(box):
            cv.text((x + CHIP / 2, y + CHIP / 2 + 1), "30", SMALL, ink_on(PAPER), anchor="mm", bold=True)

    def held(cv: LeoCanvas, x: float, y: float) -> None:
        """The seal's thick ring, hatched inside: a holder's colour, no player's in particular
        (a flat colour would read as one seat's)."""
        side = CHIP - 2
        disc, hatch = Image.new("L", (side, side), 0), Image.new("RGB", (side, side), HELD)
        ImageDraw.Draw(disc).ellipse((0, 0, side - 1, side - 1), fill=255)
        for k in range(-side, side, 8):
            ImageDraw.Draw(hatch).line((k, side, k + side, 0), fill=HATCH, width=3)
        ImageDraw.Draw(hatch).ellipse((0, 0, side - 1, side - 1), outline=INK, width=3)
        cv.image.paste(hatch, (int(x) + 1, int(y) + 1), disc)
        cv.note_piece((x + 1, y + 1, x + 1 + side, y + 1 + side), "seal", key=False)

    def moved(cv: LeoCanvas, x: float, y: float) -> None:  # passed (dashed), then landed, as on the ring
        cv.draw.rectangle((x, y + 2, x + CHIP, y + CHIP - 2), fill=GROUND, outline=LINE, width=1)
        route_bar(cv.draw, x + 1, y + 3, x + 17, False, dash=7, gap=3)  # the ring's dashes, smaller
        route_bar(cv.draw, x + 21, y + 3, x + CHIP - 1, True)

    def stake(cv: LeoCanvas, x: float, y: float) -> None:
        cv.draw.rectangle((x, y + 2, x + CHIP, y + CHIP - 2), fill=GROUND, outline=LINE, width=1)
        cv.draw.rectangle((x + 1, y + 3, x + CHIP - 1, y + 3 + LANDED), fill=ART, outline=INK, width=1)

    def art(cv: LeoCanvas, x: float, y: float) -> None:
        box = (x, y, x + CHIP, y + CHIP)
        cv.draw.rectangle(box, fill=ART, outline=INK, width=2)
        cv.draw.rectangle((x + 5, y + 5, x + CHIP - 5, y + CHIP - 5), outline=INK, width=1)
        cv.note_piece(box, "art", key=False)
        with cv.inside(box):
            cv.text((x + CHIP / 2, y + CHIP / 2 + 1), "2", SMALL, INK, anchor="mm", bold=True)

    def bridge(cv: LeoCanvas, x: float, y: float) -> None:  # the band of a bridge's space, its waves
        colour, pattern = KIND_LOOK["bridge"]
        box = (x, y + 2, x + CHIP, y + CHIP - 2)
        cv.image.paste(band_tile(colour, pattern, CHIP, CHIP - 4), (int(x), int(y) + 2))
        cv.draw.rectangle(box, outline=INK, width=1)
        cv.note_piece(box, "bridge", key=False)

    return [
        ("pawn", words.text_of("leo.board.key_pawn"), lambda cv, x, y: pawn(cv, x + 1, y + 1, 0, CHIP - 2)),
        ("owner", words.text_of("leo.board.key_owner"), lambda cv, x, y: owner(cv, x, y, 0)),
        ("art", words.text_of("leo.board.key_art"), art),
        ("office", words.text_of("leo.board.key_office"), office),
        ("held", words.text_of("leo.board.key_held"), held),
        ("moved", words.text_of("leo.board.key_moved"), moved),
        ("stake", words.text_of("leo.board.key_stake"), stake),
        ("bridge", words.text_of("leo.board.key_bridge"), bridge),
    ]


def shown(view: View) -> set[str]:
    """The key's entries whose thing is on the board now (an entry for something absent read
    as present: "at stake" with nothing at stake, "office held" with every office free)."""
    held = {n for f in view.firms for n in f.offices}
    on = {"pawn", "bridge"}
    if view.owner:
        on.add("owner")
    if any(view.art_counts.values()):
        on.add("art")
    if any(office_at(n) and n not in held for n in range(1, 33)):
        on.add("office")
    if held:
        on.add("held")
    if moves(view):
        on.add("moved")
    if not view.over and (view.auction_space or view.market_space or view.buy_space):
        on.add("stake")
    return on


def districts(canvas: LeoCanvas, words: Catalog, y: float) -> float:
    """The districts (their bands' patterns, each named on it) from ``y``; returns where the key starts."""
    run = Run(SMALL).words(words.text_of("leo.board.districts"), bold=True)
    for d in board().districts:
        name = drawable(words.text_of(DISTRICT_KEYS[d.id]))
        w = int(width(name, SMALL)) + 12

        def key(cv: LeoCanvas, x: float, y: float, district: str = d.id, name: str = name, w: int = w) -> None:
            top = int(y + (CHIP - DISTRICT_H) / 2)
            swatch(cv, x, top, district, w, DISTRICT_H)
            box = (x, top, x + w, top + DISTRICT_H)
            cv.note_piece(box, "district", key=False)
            with cv.inside(box):
                cv.text((x + 6, top + DISTRICT_H / 2), name, SMALL, INK, anchor="lm")

        run.thing(w, key)  # the ring's pattern with the district's name on it
    return run.draw(canvas, X0, y, ROOM, 2, LINE_H) + 6


def keys(canvas: LeoCanvas, words: Catalog, y: float, on: set[str] | None = None) -> float:
    """The key to the ring's pieces and marks from ``y`` (those in ``on``, in the same columns
    as all of them); returns the bottom all of them would reach."""
    items = key_items(words)
    columns = next(c for c in (4, 3, 2) if max(width(t, SMALL) for _, t, _ in items) + CHIP + 16 <= ROOM / c)
    step = ROOM / columns
    for k, (_, text, icon) in enumerate(i for i in items if on is None or i[0] in on):
        x, top = X0 + (k % columns) * step, y + (k // columns) * KEY_ROW
        icon(canvas, x, top)
        box = (x + CHIP + 6, top, x + step - 4, top + CHIP)
        with canvas.inside(box):
            canvas.text((x + CHIP + 8, top + CHIP / 2), fit(text, SMALL, step - CHIP - 14), SMALL, INK, anchor="lm")
    return y + -(-len(items) // columns) * KEY_ROW - 6  # the capital's rule is in /help


def legend(canvas: LeoCanvas, words: Catalog, y: float) -> float:
    """The districts (their bands' patterns) and the whole key to the ring's pieces and marks,
    from ``y`` down; returns the bottom."""
    return keys(canvas, words, districts(canvas, words, y))


@cache
def legend_top(locale: str) -> float:
    """Where the legend starts: as low as its height allows (the same on every board)."""
    scratch = LeoCanvas(CENTRE[2], CENTRE[3], PAPER)
    return Y1 - legend(scratch, catalog(locale), 0)


@cache
def key_top(locale: str) -> float:
    scratch = LeoCanvas(CENTRE[2], CENTRE[3], PAPER)
    return districts(scratch, catalog(locale), legend_top(locale))


def static_panel(canvas: LeoCanvas, locale: str) -> None:
    canvas.draw.rectangle(CENTRE, fill=PAPER, outline=(118, 128, 120), width=2)
    districts(canvas, catalog(locale), legend_top(locale))


def draw_key(canvas: LeoCanvas, view: View, locale: str) -> None:
    """The key's entries for what is on the board now, in its place on every board."""
    keys(canvas, catalog(locale), key_top(locale), shown(view))
