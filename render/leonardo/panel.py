"""The centre of Leonardo's board: the title and round, who must act and on what, the last
move, the players (capital, florins, palazzi, works of art, men-at-arms, offices, faction)
and, under them, the legend of districts, markets and offices. On the final board the
legend gives way to the standings with each capital's breakdown and the winner."""

from __future__ import annotations

from functools import cache

from engines.core.messages import Msg
from engines.leonardo import terms
from engines.leonardo.components import board, cards, district_spaces, space
from engines.leonardo.game import Leonardo
from engines.leonardo.model import FirmView, View
from render.leonardo.look import (
    CHIP,
    HEAD,
    MUTED,
    PAPER,
    SMALL,
    TEXT,
    TITLE,
    LeoCanvas,
    Run,
    drawable,
    fit,
    width,
)
from render.leonardo.ring import CENTRE, band_tile, look_of
from render.palette import INK
from render.text import Catalog, Style, catalog

PAD = 16
X0, Y0, X1, Y1 = CENTRE[0] + PAD, CENTRE[1] + PAD - 4, CENTRE[2] - PAD, CENTRE[3] - PAD
ROOM = X1 - X0
LINE_H, ROW_H = 30, CHIP + 3
TITLE_TEXT = Leonardo.title  # a proper name, the same in every language
SKIPPED = {"leo.event.turn", "leo.event.game_over"}  # the header already says them


# --- the legend, drawn once per locale -------------------------------------------------
def _legend(canvas: LeoCanvas, words: Catalog, y: float) -> list[tuple[float, float]]:
    """Districts, markets, offices and the capital's note, from ``y`` down; returns each
    block's top and bottom (the first ones give way when the players' table needs room)."""
    c = cards()
    blocks = []
    run = Run(SMALL).words(words.text_of("leo.board.districts"), bold=True)
    for d in board().districts:
        colour, pattern = look_of(district_spaces(d.id)[0])

        def swatch(cv: LeoCanvas, x: float, y: float, colour=colour, pattern=pattern) -> None:
            cv.image.paste(band_tile(colour, pattern, 40, 26), (int(x), int(y) + 4))
            cv.draw.rectangle((x, y + 4, x + 40, y + 30), outline=INK, width=1)

        run.thing(40, swatch).words(" ".join(map(str, district_spaces(d.id))))
    run.words(words.text_of("leo.board.districts_note", times=c.district_multiplier))
    top, y = y, run.draw(canvas, X0, y, ROOM, 2, LINE_H, next_h=LINE_H - 4) + 4
    blocks.append((top, y))
    products = [Msg("leo.board.product", product=terms.product(p), numbers=" ".join(map(str, pair)))
                for p, pair in c.products.items()]
    markets = words.text_of("leo.board.markets", spaces=" ".join(map(str, c.markets)), times=c.market_multiplier,
                            products=products, lose_all=" ".join(map(str, c.lose_all)))
    top, y = y, Run(SMALL).words(markets).draw(canvas, X0, y, ROOM, 3, LINE_H - 4) + 4
    blocks.append((top, y))
    run = Run(SMALL)
    for price in sorted({o.price for o in c.offices}):
        def ring(cv: LeoCanvas, x: float, y: float, price=price) -> None:
            cv.draw.ellipse((x + 1, y + 1, x + CHIP - 1, y + CHIP - 1), outline=INK, width=2)
            cv.text((x + CHIP / 2, y + CHIP / 2 + 1), str(price), SMALL, INK, anchor="mm", bold=True)

        run.thing(CHIP, ring)
    run.words(words.text_of("leo.board.offices", steps=5))
    top, y = y, run.draw(canvas, X0, y, ROOM, 3, CHIP + 2, next_h=LINE_H - 4) + 4
    blocks.append((top, y))
    top, y = y, Run(SMALL).words(words.text_of("leo.board.capital_note")).draw(canvas, X0, y, ROOM, 2, LINE_H - 4)
    blocks.append((top, y))
    return blocks


@cache
def legend_blocks(locale: str) -> tuple[tuple[float, float], ...]:
    """Where the legend's blocks are: as low as their height allows."""
    scratch = LeoCanvas(CENTRE[2], CENTRE[3], PAPER)
    shift = Y1 - _legend(scratch, catalog(locale), 0)[-1][1]
    return tuple((top + shift, bottom + shift) for top, bottom in _legend(scratch, catalog(locale), 0))


def static_panel(canvas: LeoCanvas, locale: str) -> None:
    canvas.draw.rectangle(CENTRE, fill=PAPER, outline=(118, 128, 120), width=2)
    _legend(canvas, catalog(locale), legend_blocks(locale)[0][0])


def make_room(canvas: LeoCanvas, locale: str, needed: float) -> float:
    """Cover the legend's first blocks as far as the content above needs; returns how low it
    may now go."""
    blocks = legend_blocks(locale)
    limit = blocks[0][0] - 6
    for top, bottom in blocks[:-1]:
        if needed <= limit:
            break
        canvas.draw.rectangle((X0 - 4, top - 2, X1 + 4, bottom), fill=PAPER)
        limit = bottom - 6
    return limit


# --- what changes ----------------------------------------------------------------------
def draw_panel(canvas: LeoCanvas, view: View, names: list[str], marks: list[str], style: Style,
               locale: str) -> None:
    """Top down: the header, who acts (or the winner), the last move, the players (or the
    standings); then the space left over is shared out between them."""
    words = catalog(locale)
    final = view.over and view.result is not None
    if final:
        canvas.draw.rectangle((CENTRE[0] + 2, CENTRE[1] + 2, CENTRE[2] - 2, CENTRE[3] - 2), fill=PAPER)
    sections: list[tuple[float, float, int]] = []

    def section(top: float, bottom: float, pieces: int) -> float:
        sections.append((top, bottom, pieces))
        return bottom

    y = section(Y0, _header(canvas, view, words, style), len(canvas.pieces))
    n = len(canvas.pieces)
    if final:
        y = section(y, _winner(canvas, view, words, style, marks, y), n)
    else:
        y = section(y, _to_act(canvas, view, words, style, marks, y), n)
    n = len(canvas.pieces)
    y = section(y, _caption(canvas, view, words, style, marks, y) + 8, n)
    n = len(canvas.pieces)
    limit: float = Y1
    if final:
        y = _standings(canvas, view, words, style, marks, y)
    else:
        y, limit = _players(canvas, view, words, style, marks, y)
    section(sections[-1][1], y, n)
    _spread(canvas, sections, limit)


def _spread(canvas: LeoCanvas, sections: list[tuple[float, float, int]], limit: float) -> None:
    """Move the sections after the first down, sharing the space above ``limit`` between
    them (so no empty band is left under the last)."""
    gap = limit - sections[-1][1]
    if gap < 8:
        return
    step = min(gap / len(sections), 44)
    ends = [start for _, _, start in sections[1:]] + [len(canvas.pieces)]
    for i in range(len(sections) - 1, 0, -1):
        top, bottom, first = sections[i]
        dy = round(step * i)
        box = (CENTRE[0] + 2, round(top), CENTRE[2] - 2, round(bottom))
        region = canvas.image.crop(box)
        canvas.draw.rectangle((box[0], box[1], box[2] - 1, box[3] - 1), fill=PAPER)
        canvas.image.paste(region, (box[0], box[1] + dy))
        canvas.pieces[first:ends[i]] = [(x0, y0 + dy, x1, y1 + dy) for x0, y0, x1, y1 in canvas.pieces[first:ends[i]]]


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


def _to_act(canvas: LeoCanvas, view: View, words: Catalog, style: Style, marks: list[str], y: float) -> float:
    run = Run(TEXT).words(words.text_of("leo.board.to_act"), bold=True)
    for i, seat in enumerate(view.to_act):
        _name(run, seat, marks, style, i == len(view.to_act) - 1)
    run.words("- " + words.text(stake(view), style))
    decided = _decided(view)
    if decided:  # the table names them beside the same chips
        run.words(words.text_of("leo.board.decided"), bold=True)
        for seat in decided:
            run.chip(seat, marks[seat])
    return run.draw(canvas, X0, y, ROOM, 2, ROW_H, next_h=ROW_H - 2)


def _caption(canvas: LeoCanvas, view: View, words: Catalog, style: Style, marks: list[str], y: float) -> float:
    run = Run(TEXT).words(words.text_of("leo.board.last_move"), bold=True)
    said = [words.text(m, style) for m in view.last_events if m.key not in SKIPPED]
    if not said:
        return run.words(words.text_of("leo.board.no_move")).draw(canvas, X0, y, ROOM, 1, ROW_H)
    if view.last_seat is not None and 0 <= view.last_seat < len(marks):
        run.chip(view.last_seat, marks[view.last_seat])
    return run.words(" ".join(said)).draw(canvas, X0, y, ROOM, 2, ROW_H, next_h=LINE_H)


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
    long = [width(name, size, strong) > room - len(seats) * (CHIP + 4) for seats, name, _, strong in rows]
    second = size + 6  # a name's second line
    spare = bottom - y - len(rows) * ROW_H
    wrapped = [i for i, is_long in enumerate(long) if is_long][:max(0, int(spare // second))]
    row_h = int(min(tallest, max(ROW_H, (bottom - y - len(wrapped) * second) / max(1, len(rows)))))
    for i, (seats, name, cells, strong) in enumerate(rows):
        fill = INK if strong or cells[-1] != "-" else MUTED
        run = Run(size, bold=strong)
        for seat in seats:
            run.chip(seat, marks[seat])
        below = run.words(name).draw(canvas, X0, y, room, 2 if i in wrapped else 1, row_h, fill=fill,
                                     next_h=second, hang=len(seats) * (CHIP + 4))
        x = first
        for (_, w), cell in zip(cols, cells, strict=True):
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
                                        "leo.board.col_art", "leo.board.col_men", "leo.board.col_offices",
                                        "leo.board.col_faction")]
    rows = []
    for f in sorted(view.firms, key=lambda f: (not f.active, -public_capital(f), f.id)):
        name = " + ".join(style.seat(m) for m in f.members)
        if not f.active:
            rows.append((f.members, words.text_of("leo.board.bankrupt", name=name), ["-"] * len(heads), False))
            continue
        if f.faction:
            faction = words.text(terms.faction(f.faction))
        else:
            faction = words.text_of("leo.board.secret" if set(f.members) <= set(view.declared) else "leo.board.none")
        offices = " ".join(map(str, sorted(f.offices))) or "-"
        rows.append((f.members, name, [str(public_capital(f)), str(f.florins), str(len(f.palazzi)),
                                       str(f.art_count), str(f.men), offices, drawable(faction)], False))
    limit = make_room(canvas, words.locale, y + 48 + len(rows) * ROW_H + LINE_H + 4)
    y = _table(canvas, y, heads, rows, marks, bottom=limit - LINE_H - 4, tallest=48) + 4
    supply = words.text_of("leo.board.supply", art=view.art_left, offices=view.office_left, men=view.men_left,
                           events=view.event_left)
    return Run(SMALL).words(supply).draw(canvas, X0, y, ROOM, 1, LINE_H, fill=MUTED), limit


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
