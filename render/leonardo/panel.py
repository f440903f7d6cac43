"""The centre of Leonardo's board: the title and round, who must act and on what, the last
move, the players in seat order (rank, capital, florins, palazzi, works of art, men-at-arms,
faction) and, under them, the legend: the districts' patterns and a key to the ring's pieces
and marks. The rules (markets, offices, what the capital counts) are in /help. On the final board the centre
is the winner and the standings with each capital's breakdown."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from engines.core.messages import Msg
from engines.leonardo import terms
from engines.leonardo.components import board, district_spaces, space
from engines.leonardo.game import Leonardo
from engines.leonardo.model import FirmView, View
from render.common import name_that_fits
from render.leonardo.look import (
    ART,
    CHIP,
    GROUND,
    HEAD,
    LINE,
    MUTED,
    NUMBER,
    PAPER,
    SMALL,
    TEXT,
    TITLE,
    LeoCanvas,
    Run,
    drawable,
    fit,
    owner,
    pawn,
    short_style,
    width,
)
from render.leonardo.ring import CENTRE, band_tile, look_of
from render.palette import INK, ink_on, player_colour
from render.text import Catalog, Style, catalog

PAD = 16
X0, Y0, X1, Y1 = CENTRE[0] + PAD, CENTRE[1] + PAD - 4, CENTRE[2] - PAD, CENTRE[3] - PAD
ROOM = X1 - X0
LINE_H, ROW_H = 30, CHIP + 3
TITLE_TEXT = Leonardo.title  # a proper name, the same in every language
CAPTION_LINES = 6  # at most: the last move is wrapped into the lines down to the table
CAPTION_KEPT = 3  # lines the last move always has before the players' table
ROW_TALL = 72  # the players' rows grow up to this with the room the last move leaves
SKIPPED = {"leo.event.turn", "leo.event.game_over"}  # the header already says them


# --- the legend, drawn once per locale -------------------------------------------------
KEY_ROW = CHIP + 8


def _key_items(words: Catalog) -> list[tuple[str, Callable[[LeoCanvas, float, float], object]]]:
    """What the ring's pieces and marks mean, each with its icon."""
    def office(cv: LeoCanvas, x: float, y: float, held: bool = False) -> None:
        fill = player_colour(1) if held else PAPER
        box = (x + 1, y + 1, x + CHIP - 1, y + CHIP - 1)
        cv.draw.ellipse(box, fill=fill, outline=INK, width=3 if held else 2)
        cv.note_piece(box, "seal", key=False)
        with cv.inside(box):
            cv.text((x + CHIP / 2, y + CHIP / 2 + 1), "30", SMALL, ink_on(fill), anchor="mm", bold=True)

    def moved(cv: LeoCanvas, x: float, y: float) -> None:  # passed, then landed
        cv.draw.rectangle((x, y + 2, x + CHIP, y + CHIP - 2), fill=GROUND, outline=LINE, width=1)
        cv.draw.rectangle((x + 1, y + 3, x + CHIP // 2 - 2, y + 6), fill=INK)
        cv.draw.rectangle((x + CHIP // 2 + 1, y + 3, x + CHIP - 1, y + 10), fill=INK)

    def stake(cv: LeoCanvas, x: float, y: float) -> None:
        cv.draw.rectangle((x, y + 2, x + CHIP, y + CHIP - 2), fill=GROUND, outline=LINE, width=1)
        cv.draw.rectangle((x + 1, y + 3, x + CHIP - 1, y + 10), fill=ART, outline=INK, width=1)

    def art(cv: LeoCanvas, x: float, y: float) -> None:
        box = (x, y, x + CHIP, y + CHIP)
        cv.draw.rectangle(box, fill=ART, outline=INK, width=2)
        cv.draw.rectangle((x + 5, y + 5, x + CHIP - 5, y + CHIP - 5), outline=INK, width=1)
        cv.note_piece(box, "art", key=False)
        with cv.inside(box):
            cv.text((x + CHIP / 2, y + CHIP / 2 + 1), "2", SMALL, INK, anchor="mm", bold=True)

    return [
        (words.text_of("leo.board.key_pawn"), lambda cv, x, y: pawn(cv, x + 1, y + 1, 0, CHIP - 2)),
        (words.text_of("leo.board.key_owner"), lambda cv, x, y: owner(cv, x, y, 0)),
        (words.text_of("leo.board.key_art"), art),
        (words.text_of("leo.board.key_office"), office),
        (words.text_of("leo.board.key_held"), lambda cv, x, y: office(cv, x, y, True)),
        (words.text_of("leo.board.key_moved"), moved),
        (words.text_of("leo.board.key_stake"), stake),
    ]


def _legend(canvas: LeoCanvas, words: Catalog, y: float) -> float:
    """The districts (their bands' patterns) and the key to the ring's pieces and marks, from
    ``y`` down; returns the bottom."""
    run = Run(SMALL).words(words.text_of("leo.board.districts"), bold=True)
    for d in board().districts:
        colour, pattern = look_of(district_spaces(d.id)[0])

        def swatch(cv: LeoCanvas, x: float, y: float, colour=colour, pattern=pattern) -> None:
            cv.image.paste(band_tile(colour, pattern, 40, 26), (int(x), int(y) + 4))
            cv.draw.rectangle((x, y + 4, x + 40, y + 30), outline=INK, width=1)

        run.thing(40, swatch)  # the ring shows each space's pattern: no list of numbers
    y = run.draw(canvas, X0, y, ROOM, 2, LINE_H) + 6
    items = _key_items(words)
    columns = next(c for c in (4, 3, 2) if max(width(t, SMALL) for t, _ in items) + CHIP + 16 <= ROOM / c)
    step = ROOM / columns
    for k, (text, icon) in enumerate(items):
        x, top = X0 + (k % columns) * step, y + (k // columns) * KEY_ROW
        icon(canvas, x, top)
        box = (x + CHIP + 6, top, x + step - 4, top + CHIP)
        with canvas.inside(box):
            canvas.text((x + CHIP + 8, top + CHIP / 2), fit(text, SMALL, step - CHIP - 14), SMALL, INK, anchor="lm")
    return y + -(-len(items) // columns) * KEY_ROW - 6  # the capital's rule is in /help


@cache
def legend_top(locale: str) -> float:
    """Where the legend starts: as low as its height allows (the same on every board)."""
    scratch = LeoCanvas(CENTRE[2], CENTRE[3], PAPER)
    return Y1 - _legend(scratch, catalog(locale), 0)


def static_panel(canvas: LeoCanvas, locale: str) -> None:
    canvas.draw.rectangle(CENTRE, fill=PAPER, outline=(118, 128, 120), width=2)
    _legend(canvas, catalog(locale), legend_top(locale))


# --- what changes ----------------------------------------------------------------------
def draw_panel(canvas: LeoCanvas, view: View, names: list[str], marks: list[str], style: Style,
               locale: str) -> None:
    """Each part in its own place on every board: the header, who acts (two lines kept), the
    last move (the lines down to the table), the players' table (as tall as the seats need, just
    above what is left in the bank and the legend). At the end the centre is the winner and
    the standings."""
    words = catalog(locale)
    short = short_style(names, locale)
    if view.over and view.result is not None:
        canvas.erase((CENTRE[0] + 2, CENTRE[1] + 2, CENTRE[2] - 2, CENTRE[3] - 2), PAPER)
        y = _header(canvas, view, words, style)
        y = _winner(canvas, view, words, style, marks, y)
        least = 48 + len(view.result.scores) * ROW_H  # the standings' least height, above their note
        room = Y1 - 2 * LINE_H - 10 - least - 8 - (y + 4) - ROW_H
        y = _caption(canvas, view, words, style, marks, y + 4, max(2, min(CAPTION_LINES, 1 + int(room // LINE_H))),
                     short)
        _standings(canvas, view, words, style, marks, y + 8)
        return
    y = _header(canvas, view, words, style)
    y = _to_act(canvas, view, words, style, marks, y, short) + 4
    table = table_top(view, words.locale)
    lines = max(1, 1 + int((table - 8 - y - ROW_H) // LINE_H))
    _caption(canvas, view, words, style, marks, y, lines, short)
    _players(canvas, view, words, style, marks, table)


def table_top(view: View, locale: str) -> float:
    """Where the players' table starts: its rows and the bank's lines just above the legend."""
    return table_bottom(locale) - 48 - len(view.firms) * row_height(len(view.firms), locale)


def table_bottom(locale: str) -> float:
    return legend_top(locale) - 6 - supply_lines(locale) * LINE_H - 4 - 4


def row_height(rows: int, locale: str) -> int:
    """The players' rows: as tall as the room between the last move's kept lines and the bank
    allows, from ``ROW_H`` up to ``ROW_TALL`` (the same on every board of a table)."""
    caption = Y0 + 44 + 2 * ROW_H + 4 + ROW_H + (CAPTION_KEPT - 1) * LINE_H + 8
    return int(min(ROW_TALL, max(ROW_H, (table_bottom(locale) - 48 - caption) // max(1, rows))))


@cache
def supply_lines(locale: str) -> int:
    """The lines the bank's supply takes in this language (with two-digit counts: every board)."""
    text = catalog(locale).text_of("leo.board.supply", art=88, offices=88, men=88, events=88)
    return 1 if width(drawable(text), SMALL) <= ROOM else 2


def _header(canvas: LeoCanvas, view: View, words: Catalog, style: Style) -> float:
    canvas.text((X0, Y0 + 20), TITLE_TEXT, TITLE, INK, anchor="lm", bold=True)
    if view.over:
        alive = next((f.members for f in view.firms if f.active), [])
        reason = terms.end_of(view.end, view.max_rounds, list(alive)) or ""
        text = words.text(Msg("leo.status.over", round=view.round, reason=reason), style)
        return Run(TEXT).words(text).draw(canvas, X0, Y0 + 42, ROOM, 2, LINE_H) + 4
    x = X0 + width(TITLE_TEXT, TITLE, True) + 18
    text = words.text_of("leo.board.round", round=view.round, rounds=view.max_rounds)
    canvas.text((x, Y0 + 22), fit(drawable(text), HEAD, X1 - x), HEAD, INK, anchor="lm")
    return Y0 + 44


def _firm(f: FirmView) -> Msg:
    return Msg("leo.term.firm", members=list(f.members), size=len(f.members))


def _firm_of(view: View, firm_id: int) -> FirmView:
    return next(f for f in view.firms if f.id == firm_id)


def stake(view: View) -> Msg:
    """What the game waits for, from the public view."""
    p = view.phase
    if p == "buy" and view.buy_space:
        sp = space(view.buy_space)
        return Msg("leo.status.buy", name=sp.name, space=sp.number, price=sp.price)
    if p == "auction" and view.auction_space:
        return Msg("leo.status.auction", name=space(view.auction_space).name, space=view.auction_space)
    if p == "market" and view.market_space:
        return Msg("leo.status.market", name=space(view.market_space).name)
    if p == "office" and view.office:  # the holder is named just before
        sp = space(view.office.space)
        return Msg("leo.board.stake_office", firm=_firm(_firm_of(view, view.office.target)), name=sp.name,
                   space=sp.number, steps=5)
    if p == "rescue" and view.rescue:
        r = view.rescue
        return Msg("leo.status.rescue", firm=_firm(_firm_of(view, r.debtor)), shortfall=r.shortfall, amount=r.amount)
    if p == "merge" and view.merge:
        return Msg("leo.status.merge", firm=_firm(_firm_of(view, view.merge.proposer)),
                   target=_firm(_firm_of(view, view.merge.target)))
    if p == "choose":
        return Msg("leo.status.choose", spins=list(view.spins))
    return terms.phase(p)


def _decided(view: View) -> list[int]:
    if view.phase == "factions":
        return list(view.declared)
    if view.phase == "auction":
        return list(view.auction_decided)
    if view.phase == "market":
        return list(view.market_decided)
    if view.phase == "rescue" and view.rescue:
        return list(view.rescue.decided)
    return []


def _name(run: Run, seat: int, marks: list[str], style: Style, last: bool) -> None:
    run.chip(seat, marks[seat]).words(style.seat(seat) + ("" if last else ","))


def _to_act(canvas: LeoCanvas, view: View, words: Catalog, style: Style, marks: list[str], y: float,
            short: Style | None = None) -> float:
    """Who must act and what for, on two lines; the names shortened (``short``) when it would
    not fit whole."""
    def run(naming: Style) -> Run:
        out = Run(TEXT).words(words.text_of("leo.board.to_act"), bold=True)
        for i, seat in enumerate(view.to_act):
            _name(out, seat, marks, naming, i == len(view.to_act) - 1)
        out.words("- " + words.text(stake(view), naming))
        decided = _decided(view)
        if decided:  # the table names them beside the same chips
            out.words(words.text_of("leo.board.decided"), bold=True)
            for seat in decided:
                out.chip(seat, marks[seat])
        return out

    line = run(style)
    if short is not None and line.lines(ROOM) > 2:
        line = run(short)
    return line.draw(canvas, X0, y, ROOM, 2, ROW_H)


def _caption(canvas: LeoCanvas, view: View, words: Catalog, style: Style, marks: list[str], y: float,
             lines: int = CAPTION_LINES, short: Style | None = None) -> float:
    """The last move, wrapped; with the names shortened (``short``) when it would not fit whole."""
    def run(naming: Style) -> Run:
        out = Run(TEXT).words(words.text_of("leo.board.last_move"), bold=True)
        said = [words.text(m, naming) for m in view.last_events if m.key not in SKIPPED]
        if not said:
            return out.words(words.text_of("leo.board.no_move"))
        if view.last_seat is not None and 0 <= view.last_seat < len(marks):
            out.chip(view.last_seat, marks[view.last_seat])
        return out.words(" ".join(said))

    caption = run(style)
    if short is not None and caption.lines(ROOM) > lines:
        caption = run(short)
    return caption.draw(canvas, X0, y, ROOM, lines, ROW_H, next_h=LINE_H)


def _winner(canvas: LeoCanvas, view: View, words: Catalog, style: Style, marks: list[str], y: float) -> float:
    result = view.result
    assert result is not None
    run = Run(HEAD, bold=True).words(words.text_of("leo.board.winner", count=len(result.winners)))
    for i, seat in enumerate(result.winners):
        _name(run, seat, marks, style, i == len(result.winners) - 1)
    best = next(s.total for s in result.scores if s.seat in result.winners) if result.winners else 0
    run.words("- " + words.text_of("leo.board.capital_of", amount=best))
    y = run.draw(canvas, X0, y, ROOM, 2, ROW_H)
    if result.tie_break is not None:
        y = Run(TEXT).words(words.text(result.tie_break, style)).draw(canvas, X0, y, ROOM, 2, LINE_H)
    return y


# --- tables ------------------------------------------------------------------------------
def _table(canvas: LeoCanvas, y: float, heads: list[str], rows: list[tuple[list[int], str, list[str], bool]],
           marks: list[str], size: int = TEXT, bottom: float = Y1, tallest: int = ROW_H) -> float:
    """Columns of numbers after a column of players; a row: (seats, name, cells, strong).
    Rows grow up to ``tallest`` with the room left above ``bottom``, once a name too long
    for one line has had its second line."""
    cols = []
    for i, head in enumerate(heads):
        parts = _split(drawable(head))
        w = max([width(p, SMALL) for p in parts] + [width(r[2][i], size, True) for r in rows])
        cols.append((parts, w + 20))
    x = X1 - sum(w for _, w in cols)
    for parts, w in cols:
        for j, p in enumerate(parts):
            canvas.text((x + w - 4, y + 12 + j * 22 + (11 if len(parts) == 1 else 0)), p, SMALL, MUTED, anchor="rm")
        x += w
    y += 48
    first = X1 - sum(w for _, w in cols)
    room = first - X0 - 10
    wide = X1 - cols[-1][1] - X0 - 10  # a bankrupt's row: the name runs over the empty columns

    def span_of(cells: list[str]) -> float:
        return wide if all(c == "-" for c in cells[:-1]) else room

    long = [width(name, size, strong) > span_of(cells) - len(seats) * (CHIP + 4) for seats, name, cells, strong in rows]
    second = size + 6  # a name's second line
    spare = bottom - y - len(rows) * ROW_H
    wrapped = [i for i, is_long in enumerate(long) if is_long][:max(0, int(spare // second))]
    row_h = int(min(tallest, max(ROW_H, (bottom - y - len(wrapped) * second) / max(1, len(rows)))))
    for i, (seats, name, cells, strong) in enumerate(rows):
        out = all(c == "-" for c in cells[:-1])  # bankrupt: the name runs over the empty columns
        fill = MUTED if out else INK
        run = Run(size, bold=strong)
        for seat in seats:
            run.chip(seat, marks[seat])
        span = span_of(cells)
        if i not in wrapped and len(seats) == 1:  # one line: the name's first words that fit, not a word cut
            head, paren = name, ""  # with "…"; a "(bankrupt)" after it is kept whole
            if name.endswith(")") and " (" in name:
                head, paren = name.rsplit(" (", 1)
                paren = " (" + paren
            room_ = span - len(seats) * (CHIP + 4)
            shown = name_that_fits(head, lambda t: width(t + paren, size, strong) <= room_)
            if width(shown + paren, size, strong) <= room_:
                name = shown + paren
            elif paren:  # not even its first word with it: the name alone (the row's colour says bankrupt)
                name = name_that_fits(head, lambda t: width(t, size, strong) <= room_)
        below = run.words(name).draw(canvas, X0, y, span, 2 if i in wrapped else 1, row_h, fill=fill,
                                     next_h=second, hang=len(seats) * (CHIP + 4))
        x = first
        for (_, w), cell in zip(cols, cells, strict=True):
            if not (out and cell == "-"):
                canvas.text((x + w - 4, y + row_h / 2), cell, size, fill, anchor="rm", bold=strong)
            x += w
        y = max(below, y + row_h)
    return y


def _split(head: str) -> list[str]:
    """A column's head on one line, or on two lines balanced at a space or a hyphen."""
    parts = head.replace("-", "- ").split()
    if len(parts) < 2:
        return [head]
    def joined(ps: list[str]) -> str:
        return " ".join(ps).replace("- ", "-")

    best = min(range(1, len(parts)), key=lambda i: max(width(joined(parts[:i]), SMALL),
                                                       width(joined(parts[i:]), SMALL)))
    return [joined(parts[:best]), joined(parts[best:])]


def public_capital(f: FirmView) -> int:
    return f.florins + sum(space(n).price or 0 for n in f.palazzi) if f.active else 0


def _players(canvas: LeoCanvas, view: View, words: Catalog, style: Style, marks: list[str],
             y: float) -> tuple[float, float]:
    """The players' table and what is left in the bank; returns its bottom and how low the
    panel's content may go."""
    heads = [words.text_of(k) for k in ("leo.board.col_capital", "leo.board.col_florins", "leo.board.col_palazzi",
                                        "leo.board.col_art", "leo.board.col_men", "leo.board.col_faction",
                                        "leo.board.col_rank")]
    rows = []
    standing = sorted(view.firms, key=lambda f: (not f.active, -public_capital(f)))
    for f in sorted(view.firms, key=lambda f: f.id):  # in seat order: a row never moves
        name = " + ".join(style.seat(m) for m in f.members)
        rank = 1 + sum(1 for g in standing if (not g.active, -public_capital(g)) < (not f.active, -public_capital(f)))
        if not f.active:
            rows.append((f.members, words.text_of("leo.board.bankrupt", name=name), ["-"] * (len(heads) - 1) + [str(rank)],
                         False))
            continue
        if f.faction:
            faction = words.text(terms.faction(f.faction))
        else:
            faction = words.text_of("leo.board.secret" if set(f.members) <= set(view.declared) else "leo.board.none")
        rows.append((f.members, name, [str(public_capital(f)), str(f.florins), str(len(f.palazzi)),
                                       str(f.art_count), str(f.men), drawable(faction), str(rank)], False))
    limit = legend_top(words.locale) - 6
    tall = row_height(len(rows), words.locale)
    y = _table(canvas, y, heads, rows, marks, bottom=y + 48 + len(rows) * tall, tallest=tall,
               size=NUMBER if tall >= 50 else TEXT) + 4  # taller rows: larger words
    supply = words.text_of("leo.board.supply", art=view.art_left, offices=view.office_left, men=view.men_left,
                           events=view.event_left)
    return Run(SMALL).words(supply).draw(canvas, X0, y, ROOM, supply_lines(words.locale), LINE_H, fill=MUTED), limit


def _standings(canvas: LeoCanvas, view: View, words: Catalog, style: Style, marks: list[str], y: float) -> float:
    result = view.result
    assert result is not None
    cats = list(result.scores[0].breakdown) if result.scores else []
    heads = [words.text_of("leo.board.col_rank")] + [words.text(Msg(f"leo.category.{c}")) for c in cats]
    heads.append(words.text_of("leo.board.col_total"))
    active = {m: f.active for f in view.firms for m in f.members}
    rows = []
    for s in result.ordered():
        name = style.seat(s.seat)
        if not active.get(s.seat, True):
            name = words.text_of("leo.board.bankrupt", name=name)
        cells = [str(s.rank)] + [str(s.breakdown[c]) for c in cats] + [str(s.total)]
        rows.append(([s.seat], name, cells, s.seat in result.winners))
    y = _table(canvas, y, heads, rows, marks, size=HEAD, bottom=Y1 - 2 * LINE_H - 10, tallest=56) + 10
    return Run(TEXT).words(words.text_of("leo.board.capital_rule")).draw(canvas, X0, y, ROOM, 2, LINE_H)
