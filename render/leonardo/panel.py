"""The centre of Leonardo's board: the title and round, who must act and on what, the last
move, the players in seat order (rank, capital, florins, palazzi, works of art, men-at-arms,
faction) and, under them, the legend (``legend.py``: the districts' patterns and a key to the
ring's pieces and marks; the tables are drawn by ``columns.py``). The rules (markets, offices, what the capital counts) are in /help. On the final board the centre
is the winner and the standings with each capital's breakdown, above the same legend."""

from __future__ import annotations

from functools import cache

from engines.core.messages import Msg
from engines.leonardo import terms
from engines.leonardo.components import board, cards, district_spaces, space
from engines.leonardo.game import Leonardo
from engines.leonardo.model import FirmView, View
from engines.leonardo.telling import told
from render.leonardo.awaited import decided_seats, stake
from render.leonardo.columns import table
from render.leonardo.frame import LINE_H, ROOM, ROW_H, X0, X1, Y0, Y1
from render.leonardo.legend import legend_top
from render.leonardo.look import (
    CHIP,
    HEAD,
    NUMBER,
    PAPER,
    SMALL,
    TEXT,
    TITLE,
    LeoCanvas,
    Run,
    drawable,
    fit,
    short_style,
    width,
)
from render.leonardo.ring import CENTRE, swatch
from render.palette import INK
from render.text import Catalog, Style, catalog, sentence_on, subject_once

TITLE_TEXT = Leonardo.title  # a proper name, the same in every language
CAPTION_LINES = 6  # at most: the last move is wrapped into the lines down to the table
CAPTION_KEPT = 4  # lines the last move always has before the players' table
PARAGRAPH = 8  # at most, over each action before the last move: a block of its own
ROW_TALL = 96  # the players' rows grow up to this with the room the last move leaves
HOLDINGS_ROW = 72  # rows at least this tall (two to four seats) say under the name each district's palazzi held
HOLDINGS_H = 28  # the height of that line
SWATCH_W, SWATCH_H = 36, 24  # a district's pattern in it (30 x 20 read as 6 px swatches at 550: the nineteenth look)
NOTE_H = 2 * LINE_H + 10  # the final board's note on what a capital counts, under the standings
SKIPPED = {"leo.event.turn", "leo.event.game_over"}  # the header already says them


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
        bottom = legend_top(locale) - 6  # the legend stays: the ring's marks mean what they meant
        canvas.erase((CENTRE[0] + 2, CENTRE[1] + 2, CENTRE[2] - 2, bottom), PAPER)
        y = _header(canvas, view, words, style)
        y = _winner(canvas, view, words, style, marks, y)
        least = 48 + len(view.result.scores) * ROW_H  # the standings' least height, above their note

        def caption_lines(note: bool) -> int:
            room = bottom - (NOTE_H if note else 0) - least - 8 - (y + 4) - ROW_H
            return max(2, min(CAPTION_LINES, 1 + int(room // LINE_H)))

        scratch = LeoCanvas(canvas.width, canvas.height, PAPER)  # the column heads name what a capital counts:
        note = _caption(scratch, view, words, style, marks, y + 4, caption_lines(True), short)[1]  # the note gives
        y, _ = _caption(canvas, view, words, style, marks, y + 4, caption_lines(note), short)  # way to the last move
        _standings(canvas, view, words, style, marks, y + 8, bottom, note)
        return
    y = _header(canvas, view, words, style)
    y = _to_act(canvas, view, words, style, marks, y, short) + 4
    table = table_top(view, words.locale)
    lines = max(1, 1 + int((table - 8 - y - ROW_H) // LINE_H))
    y, whole = _caption(canvas, view, words, style, marks, y, lines, short)
    odds = Run(TEXT).words(market_key(words)) if view.phase == "market" and view.market_space else None
    if odds is not None and odds.lines(ROOM) * LINE_H <= table - 8 - (y + 4):  # while the others bet: what a bet
        odds.draw(canvas, X0, y + 4, ROOM, odds.lines(ROOM), LINE_H)  # pays, before the actions before the last
    elif whole:  # (a last move told in part keeps the rest of its room blank)
        _earlier(canvas, view, words, style, marks, y + 4, table - 8, short)
    _players(canvas, view, words, style, marks, table)


def market_key(words: Catalog) -> str:
    """What a bet pays and on which numbers, for the bettors to choose from the picture (the
    seventh look could not tell them from the board)."""
    c = cards()
    products = " · ".join(words.text_of("leo.board.product_numbers", product=words.text(terms.product(name)),
                                        first=pair[0], second=pair[1]) for name, pair in c.products.items())
    return words.text_of("leo.board.market_pays", times=c.market_multiplier, products=products,
                         lose_all=", ".join(str(n) for n in c.lose_all))


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


def status(view: View, words: Catalog, style: Style) -> str:
    """Where the game stands, under the title (the board's and the hand's): its round, or that it
    is over and why."""
    if view.over:
        alive = next((f.members for f in view.firms if f.active), [])
        reason = terms.end_of(view.end, view.max_rounds, list(alive)) or ""
        return words.text(terms.over(view.end, view.round, reason), style)
    return words.text_of("leo.board.round", round=view.round, rounds=view.max_rounds)


def _header(canvas: LeoCanvas, view: View, words: Catalog, style: Style) -> float:
    canvas.text((X0, Y0 + 20), TITLE_TEXT, TITLE, INK, anchor="lm", bold=True)
    if view.over:
        return Run(TEXT).words(status(view, words, style)).draw(canvas, X0, Y0 + 42, ROOM, 2, LINE_H) + 4
    x = X0 + width(TITLE_TEXT, TITLE, True) + 18
    text = status(view, words, style)
    canvas.text((x, Y0 + 22), fit(drawable(text), HEAD, X1 - x), HEAD, INK, anchor="lm")
    return Y0 + 44


def _name(run: Run, seat: int, marks: list[str], style: Style, last: bool) -> None:
    run.chip(seat, marks[seat]).words(style.seat(seat) + ("" if last else ","))


def to_act_line(view: View, words: Catalog, naming: Style, marks: list[str]) -> Run:
    """"To act:", each seat owing a decision with its chip, what for, and who has decided (the board's
    line; a hand's whose player the game is not waiting for)."""
    out = Run(TEXT).words(words.text_of("leo.board.to_act"), bold=True)
    for i, seat in enumerate(view.to_act):
        _name(out, seat, marks, naming, i == len(view.to_act) - 1)
    out.words("– " + words.text(stake(view), naming))
    decided = decided_seats(view)
    if decided:  # the table names them beside the same chips; set off from the stake (the nineteenth look
        # read "sealed bids for Via del Corso (6) Decided: ♥" as one run)
        out.words("·").words(words.text_of("leo.board.decided", count=len(decided)), bold=True)
        for seat in decided:
            out.chip(seat, marks[seat])
    return out


def _to_act(canvas: LeoCanvas, view: View, words: Catalog, style: Style, marks: list[str], y: float,
            short: Style | None = None) -> float:
    """Who must act and what for, on two lines; the names shortened (``short``) when it would
    not fit whole."""
    line = to_act_line(view, words, style, marks)
    if short is not None and line.lines(ROOM) > 2:
        line = to_act_line(view, words, short, marks)
    return line.draw(canvas, X0, y, ROOM, 2, ROW_H)


def _sentences(seat: int | None, msgs: list[Msg], words: Catalog, naming: Style) -> list[str]:
    """An action's public events as sentences, the one who acted named once ("Andrea spins
    …: 8. Pays Sofia 5 florins …")."""
    out = [words.text(m, naming) for m in told([m for m in msgs if m.key not in SKIPPED])]
    if seat is not None:
        out = subject_once(out, naming.seat(seat), sentence_on)
    return out


def _said(words: Catalog, label: str | None, seat: int | None, sentences: list[str], marks: list[str],
          more: bool = False) -> Run:
    out = Run(TEXT)
    if label is not None:
        out.words(words.text_of(label), bold=True)
    if not sentences:
        return out.words(words.text_of("leo.board.no_move"))
    if seat is not None and 0 <= seat < len(marks):
        out.chip(seat, marks[seat])
    return out.words(" ".join(sentences + ([words.text_of("leo.board.continued")] if more else [])))


def _caption(canvas: LeoCanvas, view: View, words: Catalog, style: Style, marks: list[str], y: float,
             lines: int = CAPTION_LINES, short: Style | None = None) -> tuple[float, bool]:
    """The last move, wrapped; with the names shortened (``short``) when it would not fit whole,
    and if it still does not fit, its first sentences that do and where the rest is (the move's
    text: the post in Discord, the log on the web page), rather than a sentence cut in two.
    Returns the y below it and whether it was told whole."""
    sentences = _sentences(view.last_seat, view.last_events, words, style)
    caption = _said(words, "leo.board.last_move", view.last_seat, sentences, marks)
    if short is not None and caption.lines(ROOM) > lines:
        sentences = _sentences(view.last_seat, view.last_events, words, short)
        caption = _said(words, "leo.board.last_move", view.last_seat, sentences, marks)
    whole = True
    for keep in range(len(sentences) - 1, 0, -1):
        if caption.lines(ROOM) <= lines:
            break
        caption, whole = _said(words, "leo.board.last_move", view.last_seat, sentences[:keep], marks, more=True), False
    return caption.draw(canvas, X0, y, ROOM, lines, ROW_H, next_h=LINE_H), whole


def _earlier(canvas: LeoCanvas, view: View, words: Catalog, style: Style, marks: list[str], y: float,
             bottom: float, short: Style | None = None) -> float:
    """Under the last move, in the room left above the table (most of it at two seats), the
    public actions before it, in ink as the rest of the centre (its bold "Before:" sets it
    apart; grey lines read as a scattered second block), each one whole or not at all: as many
    of the newest as fit, told oldest first, so that the story runs on into the last move above
    (told newest first, with each turn's own sentences in their order, they read as one story
    going back and forth)."""
    label = "leo.board.before"
    shown: list[tuple[int | None, list, Style]] = []  # newest first: who, what, how named
    below = y
    for said in view.earlier:
        lines = int((bottom - below - ROW_H) // LINE_H) + 1
        if lines < 1:
            break
        events = list(said.events)
        if not _sentences(said.seat, events, words, style):  # only what the header says (a new turn)
            continue
        naming = style  # measured with the label, which the oldest one shown carries
        run = _said(words, label, said.seat, _sentences(said.seat, events, words, naming), marks)
        if short is not None and run.lines(ROOM) > lines:
            naming = short
            run = _said(words, label, said.seat, _sentences(said.seat, events, words, naming), marks)
        n = run.lines(ROOM)
        if n > lines:
            break
        below += _run_height(n)
        shown.append((said.seat, events, naming))
    runs = [_said(words, label if i == len(shown) - 1 else None, seat, _sentences(seat, events, words, naming),
                  marks) for i, (seat, events, naming) in enumerate(shown)]  # "Before:" on the oldest only
    below = y + sum(_run_height(run.lines(ROOM)) for run in runs)  # the room they take as drawn
    # over each one, where there is room (a wrapped one needs ROW_H - LINE_H more than its lines take):
    gap = max(0, min(PARAGRAPH, (bottom - below - (ROW_H - LINE_H)) // max(1, len(shown))))
    for run in reversed(runs):  # (they read as one dense block)
        y += gap
        lines = int((bottom - y - ROW_H) // LINE_H) + 1
        y = run.draw(canvas, X0, y, ROOM, lines, ROW_H, next_h=LINE_H)
    return y


def _run_height(lines: int) -> float:  # how far Run.draw moves down for a run of that many lines
    return ROW_H if lines == 1 else ROW_H / 2 + LINE_H / 2 + (lines - 1) * LINE_H


def _winner(canvas: LeoCanvas, view: View, words: Catalog, style: Style, marks: list[str], y: float) -> float:
    result = view.result
    assert result is not None
    run = Run(HEAD, bold=True).words(words.text_of("leo.board.winner", count=len(result.winners)))
    for i, seat in enumerate(result.winners):
        _name(run, seat, marks, style, i == len(result.winners) - 1)
    best = next(s.total for s in result.scores if s.seat in result.winners) if result.winners else 0
    run.words("– " + words.text_of("leo.board.capital_of", amount=best))
    y = run.draw(canvas, X0, y, ROOM, 2, ROW_H)
    if result.tie_break is not None:
        y = Run(TEXT).words(words.text(result.tie_break, style)).draw(canvas, X0, y, ROOM, 2, LINE_H)
    return y


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
    under = [holdings(f) for f in sorted(view.firms, key=lambda f: f.id)] if tall >= HOLDINGS_ROW else None
    y = table(canvas, y, heads, rows, marks, bottom=y + 48 + len(rows) * tall, tallest=tall,
               size=NUMBER if tall >= 50 else TEXT, under=under, under_h=HOLDINGS_H,
               lead=words.text_of("leo.board.col_holdings") if under else "") + 4  # taller rows: larger words
    supply = words.text_of("leo.board.supply", art=view.art_left, offices=view.office_left, men=view.men_left,
                           events=view.event_left)
    return Run(SMALL).words(supply).draw(canvas, X0, y, ROOM, supply_lines(words.locale), LINE_H), limit


def district_share(district: str, palazzi) -> tuple[int, int]:
    """How many of a district's palazzi are among ``palazzi``, and how many it has ("2/3")."""
    spaces = district_spaces(district)
    return sum(s in palazzi for s in spaces), len(spaces)


def holdings(f: FirmView) -> Run | None:
    """A firm's palazzi by district, for its row: each district it holds palazzi in, as the
    ring's pattern and "held/all" ("2/3"), a whole district (its rents doubled) in bold with a
    heavier frame. None for a bankrupt firm."""
    if not f.active:
        return None
    run = Run(SMALL)
    held = set(f.palazzi)
    for d in board().districts:
        n, total = district_share(d.id, held)
        if not n:
            continue
        whole = n == total

        def patch(cv: LeoCanvas, x: float, y: float, district: str = d.id, whole: bool = whole) -> None:
            top = int(y + (CHIP - SWATCH_H) / 2)
            swatch(cv, x, top, district, SWATCH_W, SWATCH_H, 3 if whole else 1)
            cv.note_piece((x, top, x + SWATCH_W, top + SWATCH_H), "district", key=False)

        run.thing(SWATCH_W, patch).words(f"{n}/{total}", bold=whole)
    return run


def _standings(canvas: LeoCanvas, view: View, words: Catalog, style: Style, marks: list[str], y: float,
               bottom: float = Y1, note: bool = True) -> float:
    result = view.result
    assert result is not None
    cats = list(result.scores[0].breakdown) if result.scores else []
    # the works of art at their value: "works of art" over a count in the players' table during play
    heads = [words.text_of("leo.board.col_rank")] + [words.text_of("leo.board.col_art_value") if c == "art"
                                                     else words.text(Msg(f"leo.category.{c}")) for c in cats]
    heads.append(words.text_of("leo.board.col_total"))
    active = {m: f.active for f in view.firms for m in f.members}
    rows = []
    for s in result.ordered():
        name = style.seat(s.seat)
        if not active.get(s.seat, True):
            name = words.text_of("leo.board.bankrupt", name=name)
        cells = [str(s.rank)] + [str(s.breakdown[c]) for c in cats] + [str(s.total)]
        rows.append(([s.seat], name, cells, s.seat in result.winners))
    y = table(canvas, y, heads, rows, marks, size=HEAD, bottom=bottom - (NOTE_H if note else 0), tallest=56) + 10
    if not note:
        return y
    return Run(TEXT).words(words.text_of("leo.board.capital_rule")).draw(canvas, X0, y, ROOM, 2, LINE_H)
