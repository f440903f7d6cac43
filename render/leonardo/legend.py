"""The legend of Leonardo's board, under the players' table: the districts (their bands' patterns,
each with its name on it) and a key to the ring's pieces and marks, each with its icon, for what is on the board. The districts are drawn once per language (the
static layer); the key in its place on every board, the same height kept for all its entries."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from engines.leonardo.components import board, office_at
from engines.leonardo.model import View
from render.leonardo.frame import LINE_H, ROOM, X0, Y1
from render.leonardo.look import (
    CHIP,
    GROUND,
    LINE,
    OWNER_H,
    OWNER_W,
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
from render.leonardo.ring import (
    CENTRE,
    HOLDER,
    KIND_LOOK,
    art_mark,
    band_tile,
    moves,
    seal_at,
    swatch,
)
from render.leonardo.route import at_stake, named, route_bar, stake_bar
from render.palette import INK
from render.text import Catalog, catalog

KEY_ROW = CHIP + 8
OWNER_KEY = OWNER_W * CHIP // OWNER_H  # the owner's house in the key: the ring's, as tall as the key's samples
MOVED_W = 2 * CHIP + 2  # the last move's sample: a space passed, then the space landed on
HELD_W = HOLDER + 3 + CHIP  # the held office's sample: its holder's shape, then the seal
DISTRICT_H = CHIP  # a district's band in the legend, its name on it: as tall as the key's samples (17 px at 550)
DISTRICT_KEYS = {  # each district's name in the legend (the catalog's: a literal key per district)
    "giovanni": "leo.board.district_giovanni",
    "novella": "leo.board.district_novella",
    "spirito": "leo.board.district_spirito",
    "croce": "leo.board.district_croce",
    "marco": "leo.board.district_marco",
    "oltrarno": "leo.board.district_oltrarno",
}


def key_items(words: Catalog) -> list[tuple[str, str, float, Callable[[LeoCanvas, float, float], object]]]:
    """What the ring's pieces and marks mean, each with its icon (drawn by the ring's own code, as
    on the ring: an office's seal, a held one with its holder's shape, a work of art's frame, the
    route's bars) and that icon's width."""
    def moved(cv: LeoCanvas, x: float, y: float) -> None:  # a space passed (dashed), then the one landed on
        for k in (0, 1):  # (solid), as on the ring: the solid bar alone was read as unexplained
            left = x + k * (CHIP + 2)
            cv.draw.rectangle((left, y + 2, left + CHIP, y + CHIP - 2), fill=GROUND, outline=LINE, width=1)
            route_bar(cv.image, left + 1, y + 3, left + CHIP - 1, k == 1)

    def stake(cv: LeoCanvas, x: float, y: float) -> None:
        cv.draw.rectangle((x, y + 2, x + CHIP, y + CHIP - 2), fill=GROUND, outline=LINE, width=1)
        stake_bar(cv.image, x + 1, y + 3, x + CHIP - 1)

    def bridge(cv: LeoCanvas, x: float, y: float) -> None:  # the band of a bridge's space, its waves
        colour, pattern = KIND_LOOK["bridge"]
        box = (x, y + 2, x + CHIP, y + CHIP - 2)
        cv.image.paste(band_tile(colour, pattern, CHIP, CHIP - 4), (int(x), int(y) + 2))
        cv.draw.rectangle(box, outline=INK, width=1)
        cv.note_piece(box, "bridge", key=False)

    return [
        ("pawn", words.text_of("leo.board.key_pawn"), CHIP, lambda cv, x, y: pawn(cv, x + 1, y + 1, 0, CHIP - 2)),
        ("owner", words.text_of("leo.board.key_owner"), OWNER_KEY, lambda cv, x, y: owner(cv, x, y, 0, OWNER_KEY, CHIP)),
        ("art", words.text_of("leo.board.key_art"), CHIP, lambda cv, x, y: art_mark(cv, x, y, 2, CHIP, key=False)),
        ("office", words.text_of("leo.board.key_office"), CHIP, lambda cv, x, y: seal_at(cv, x, y, 30, key=False)),
        ("held", words.text_of("leo.board.key_held"), HELD_W,
         lambda cv, x, y: seal_at(cv, x + HOLDER + 3, y, 30, 0, key=False)),
        ("moved", words.text_of("leo.board.key_moved"), MOVED_W, moved),
        ("stake", words.text_of("leo.board.key_stake"), CHIP, stake),
        ("bridge", words.text_of("leo.board.key_bridge"), CHIP, bridge),
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
    if moves(view) or named(view):  # (a palazzo bought or auctioned has the bar where a marker lands)
        on.add("moved")
    if at_stake(view):
        on.add("stake")
    return on


def districts(canvas: LeoCanvas, words: Catalog, y: float) -> float:
    """The districts (their bands' patterns, each named on it) from ``y``; returns where the key starts."""
    run = Run(SMALL).words(words.text_of("leo.board.districts"), bold=True)
    names = [drawable(words.text_of(DISTRICT_KEYS[d.id])) for d in board().districts]
    label = width(words.text_of("leo.board.districts"), SMALL, True) + width(" ", SMALL)
    spare = ROOM - 4 - label - sum(width(n, SMALL) + 12 + width(" ", SMALL) * 0.8 for n in names)
    pad = 6 + max(0, min(8, int(spare // (2 * len(names)))))  # each side of a name: more of the band in sight
    for d, name in zip(board().districts, names, strict=True):
        w = int(width(name, SMALL)) + 2 * pad

        def key(cv: LeoCanvas, x: float, y: float, district: str = d.id, name: str = name, w: int = w) -> None:
            top = int(y + (CHIP - DISTRICT_H) / 2)
            swatch(cv, x, top, district, w, DISTRICT_H)
            box = (x, top, x + w, top + DISTRICT_H)
            cv.note_piece(box, "district", key=False)
            with cv.inside(box):
                cv.text((x + pad, top + DISTRICT_H / 2), name, SMALL, INK, anchor="lm")

        run.thing(w, key)  # the ring's pattern with the district's name on it
    return run.draw(canvas, X0, y, ROOM, 2, LINE_H) + 6


def keys(canvas: LeoCanvas, words: Catalog, y: float, on: set[str] | None = None) -> float:
    """The key to the ring's pieces and marks from ``y`` (those in ``on``, one after the other in
    rows of as many columns as fit, each column as wide as its widest entry); returns the bottom
    all of them would reach."""
    items = key_items(words)
    shown = [i for i in items if on is None or i[0] in on]
    steps = _steps(shown)
    for k, (_, text, w, icon) in enumerate(shown):
        column = k % len(steps)
        x, top = round(X0 + sum(steps[:column])), round(y + (k // len(steps)) * KEY_ROW)
        icon(canvas, x, top)
        box = (x + w + 6, top, x + steps[column] - 4, top + CHIP)
        with canvas.inside(box):
            canvas.text((x + w + 8, top + CHIP / 2), fit(text, SMALL, steps[column] - w - 14), SMALL, INK, anchor="lm")
    return y + -(-len(items) // len(_steps(items))) * KEY_ROW - 6  # the capital's rule is in /help


def _steps(items: list[tuple[str, str, float, Callable[[LeoCanvas, float, float], object]]]) -> list[float]:
    """The key's columns' widths: the most columns (4 to 2) whose widest entries fit the room, the
    room left shared out."""
    for columns in (4, 3, 2):
        widths = [max((w + width(t, SMALL) + 16 for _, t, w, _ in items[c::columns]), default=0.0)
                  for c in range(columns)]
        if sum(widths) <= ROOM:
            return [w + (ROOM - sum(widths)) / columns for w in widths]
    return [ROOM / 2] * 2


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
