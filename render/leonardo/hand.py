"""A Leonardo player's hand: each palazzo and bridge of their firm as a card with the works
of art displayed on it and their values, the works drawn and waiting to be placed, the
firm's whole capital (which only its members can count) and any sealed decision. None
where an image would add nothing to the text (a spectator, or nothing owned or drawn)."""

from __future__ import annotations

import functools

from engines.core.messages import Msg
from engines.leonardo import terms
from engines.leonardo.components import cards, office_at, space
from engines.leonardo.model import FirmView, View
from render.leonardo.look import (
    CHIP,
    HEAD,
    LINE,
    MUTED,
    PAPER,
    SMALL,
    TEXT,
    LeoCanvas,
    Run,
    drawable,
    fit,
    width,
)
from render.leonardo.awaited import stake
from render.leonardo.panel import TITLE_TEXT, district_share, public_capital, status, to_act_line
from render.leonardo.ring import (
    BAND,
    HOLDER,
    WIDTH,
    band_tile,
    income,
    look_of,
    seal_at,
    whole_districts,
)
from render.palette import INK
from render.text import Catalog, Style, catalog

PAD, GAP = 16, 14
COLS = 2  # two cards a line: room for four frames with their word and margins (three crammed "empty")
CARD_W = (WIDTH - 2 * PAD - (COLS - 1) * GAP) // COLS
CARD_H = BAND + 34 + 64
TILE_W, TILE_H = 72, 52  # a work of art waiting to be placed: four beside their line's words
FRAME_W = 104  # a work's frame on a palazzo card: an empty one leaves 8 px at 550 either side of its word
TILE: tuple[int, int, int] = (246, 226, 160)
HEADER_H = 34  # a line of the header: the game's title and where it stands


def draw_hand(view: View, names: list[str], marks: list[str], style: Style, locale: str) -> LeoCanvas | None:
    if view.seat is None:
        return None
    firm = next((f for f in view.firms if view.seat in f.members), None)
    if firm is None:
        return None
    sealed = _sealed(view)
    if not firm.palazzi and not view.my_drawn and not sealed:
        return None  # the text says it all
    words = catalog(locale)
    rows = -(-len(firm.palazzi) // COLS)
    header = Run(TEXT).words(TITLE_TEXT, bold=True).words("– " + status(view, words, style))  # as the board's: round, or over
    lines = header.lines(WIDTH - 2 * PAD)
    result = _result(view, words)
    turn = _your_turn(view, words, style, marks)
    turn_lines = min(2, turn.lines(WIDTH - 2 * PAD)) if turn else 0
    capital = Run(TEXT).words(_capital(view, firm, words))
    capital_lines = min(2, capital.lines(WIDTH - 2 * PAD))
    height = PAD + lines * HEADER_H + turn_lines * 34 + (36 if result else 0) + 44 + 36 * capital_lines + 36 + 40 + (36 if firm.palazzi else 0) + rows * (CARD_H + GAP) + (64 if view.my_drawn else 0) + 34 * len(sealed) + PAD
    canvas = LeoCanvas(WIDTH, height, PAPER)
    y = header.draw(canvas, PAD, PAD, WIDTH - 2 * PAD, lines, HEADER_H)
    if turn:  # what the board's "To act" line asks of this seat, said to it (or whom the game waits for)
        y = turn.draw(canvas, PAD, y, WIDTH - 2 * PAD, turn_lines, 34)
    if result:  # at the end: how the seat did, before what it holds
        y = Run(TEXT, bold=True).words(result).draw(canvas, PAD, y, WIDTH - 2 * PAD, 1, 36)
    run = Run(HEAD, bold=True)
    for seat in firm.members:
        run.chip(seat, marks[seat])
    run.words(words.text(Msg("leo.term.firm", members=list(firm.members), size=len(firm.members)), style))
    faction = terms.faction(view.my_faction) if view.my_faction else Msg("leo.term.undeclared")
    run.words("– " + words.text_of("leo.board.hand_faction", faction=faction), bold=False)
    y = run.draw(canvas, PAD, y, WIDTH - 2 * PAD, 1, 44)
    y = capital.draw(canvas, PAD, y, WIDTH - 2 * PAD, capital_lines, 36)
    men = Run(TEXT).words(words.text_of("leo.board.hand_men"), bold=True).words(str(firm.men))
    y = men.draw(canvas, PAD, y, WIDTH - 2 * PAD, 1, 36)
    y = _offices(firm, words).draw(canvas, PAD, y, WIDTH - 2 * PAD, 1, 40)  # each with its seal, as on the board
    if firm.palazzi:  # what the gold tiles on the cards are
        y = Run(TEXT).words(words.text_of("leo.board.hand_art"), bold=True).draw(canvas, PAD, y, WIDTH - 2 * PAD, 1, 36)
    whole = whole_districts(view)
    for i, number in enumerate(sorted(firm.palazzi)):
        x = PAD + (i % COLS) * (CARD_W + GAP)
        _card(canvas, view, number, x, y + (i // COLS) * (CARD_H + GAP), words, income(view, number, whole),
              firm.palazzi)
    y += rows * (CARD_H + GAP)
    if view.my_drawn:
        run = Run(TEXT).words(words.text_of("leo.board.hand_to_place"), bold=True)
        for value in view.my_drawn:
            run.thing(TILE_W, functools.partial(_drawn_tile, value=value))
        y = run.draw(canvas, PAD, y + 4, WIDTH - 2 * PAD, 1, 56) + 4
    for msg in sealed:
        y = Run(TEXT).words(words.text(msg, style)).draw(canvas, PAD, y, WIDTH - 2 * PAD, 1, 34)
    return canvas


def _your_turn(view: View, words: Catalog, style: Style, marks: list[str]) -> Run | None:
    """"Your turn:" and what the game waits for while the seat owes a decision (a sealed one already
    made is told at the bottom instead); else who the game waits for, as the board's "To act" line."""
    if view.seat is None or not view.to_act or view.result is not None:
        return None
    if view.seat in view.to_act:
        run = Run(TEXT).words(words.text_of("leo.board.hand_your_turn"), bold=True).words(words.text(stake(view), style))
        return run.words(_bid_range(view, words))
    return to_act_line(view, words, style, marks)


def _bid_range(view: View, words: Catalog) -> str:
    """At a sealed auction or market, what this seat may offer: the minimum stake to its florins
    (and the bank's price of a palazzo), the numbers a bid needs (the fifteenth look)."""
    firm = next((f for f in view.firms if view.seat in f.members), None)
    if firm is None:
        return ""
    if view.phase == "auction" and view.auction_space:
        return words.text_of("leo.board.hand_bid_range", low=cards().min_stake, high=firm.florins,
                             price=space(view.auction_space).price)
    if view.phase == "market" and view.market_space:
        return words.text_of("leo.board.hand_bet_range", low=cards().min_stake, high=firm.florins)
    return ""


def _result(view: View, words: Catalog) -> str:
    """The seat's place among the players and its final capital, once the game is over."""
    if view.result is None:
        return ""
    score = next((s for s in view.result.scores if s.seat == view.seat), None)
    if score is None:
        return ""
    return words.text_of("leo.board.hand_result", rank=score.rank, seats=len(view.result.scores), total=score.total)


def _capital(view: View, firm: FirmView, words: Catalog) -> str:
    florins = firm.florins
    palazzi = sum(space(n).price or 0 for n in firm.palazzi)
    art = sum(sum(v) for v in view.my_art.values())
    key = "leo.board.hand_capital_final" if view.result is not None else "leo.board.hand_capital"  # not "now" at the end
    capital = words.text_of(key, florins=florins, palazzi=palazzi, art=art, total=florins + palazzi + art)
    if view.result is not None or not art:
        return capital
    # the board's "florins + palazzi" is less by the works of art, whose values the seat alone sees (the
    # eighteenth look: "360" on the board beside "= 460" on the hand)
    return words.text_of("leo.board.hand_capital_board", capital=capital, shown=public_capital(firm))


def _offices(firm: FirmView, words: Catalog) -> Run:
    """The offices the firm holds, each as its seal on the board (its price in it, ringed in the
    holder's colour, their shape beside it) before its title and space."""
    run = Run(TEXT).words(words.text_of("leo.board.hand_offices"), bold=True)
    held = [(n, o) for n, o in ((n, office_at(n)) for n in sorted(firm.offices)) if o]
    for i, (number, office) in enumerate(held):
        run.thing(HOLDER + 3 + CHIP, functools.partial(_seal, price=office.price, holder=firm.id))
        run.words(f"{drawable(office.title)} ({number})" + ("," if i < len(held) - 1 else ""))
    if not held:
        run.words(words.text_of("leo.board.hand_no_office"))
    return run


def _seal(canvas: LeoCanvas, x: float, y: float, price: int, holder: int) -> None:
    seal_at(canvas, round(x) + HOLDER + 3, round(y), price, holder, key=False)


def _card(canvas: LeoCanvas, view: View, number: int, x: float, y: float, words: Catalog, pays: int,
          palazzi: list[int]) -> None:
    sp = space(number)
    canvas.draw.rectangle((x, y, x + CARD_W, y + CARD_H), fill=PAPER, outline=INK, width=2)
    colour, pattern = look_of(number)
    canvas.image.paste(band_tile(colour, pattern, CARD_W - 3, BAND - 2), (int(x) + 2, int(y) + 2))
    title = f"{number}  {drawable(sp.name)}"
    room: float = CARD_W - 20
    if sp.district:  # how much of its district the firm holds, right in the band: "2/3", "3/3 ×2"
        held, total = district_share(sp.district, palazzi)
        share = words.text_of("leo.board.hand_district_whole" if held == total else "leo.board.hand_district",
                              held=held, total=total, times=cards().district_multiplier)
        beside = width(share, SMALL, True) + 16
        if width(title, TEXT, True) + beside <= room:  # the name first: never cut for it
            canvas.text((x + CARD_W - 10, y + BAND / 2), share, SMALL, INK, anchor="rm", bold=True)
            room -= beside
    canvas.text((x + 10, y + BAND / 2), fit(title, TEXT, room, True), TEXT, INK, anchor="lm", bold=True)
    if sp.kind == "bridge":
        line = words.text_of("leo.board.hand_bridge", price=sp.price, amount=cards().bridge_toll)
    else:
        line = words.text_of("leo.board.hand_palazzo", price=sp.price, amount=pays)
    canvas.text((x + 10, y + BAND + 17), fit(drawable(line), SMALL, CARD_W - 20), SMALL, MUTED, anchor="lm")
    if sp.kind == "bridge":
        return
    values = view.my_art.get(number, [])
    for i in range(cards().art_per_palazzo):
        tx, ty = x + 10 + i * (FRAME_W + 8), y + BAND + 36
        if i < len(values):
            _tile(canvas, tx, ty, values[i], FRAME_W)
        else:  # an empty frame: a work of art may be placed there
            box = (tx, ty, tx + FRAME_W, ty + TILE_H)
            canvas.draw.rectangle(box, outline=LINE, width=1)  # lighter than a work's ink edge
            with canvas.inside(box):
                canvas.text((tx + FRAME_W / 2, ty + TILE_H / 2 + 1), words.text_of("leo.board.hand_empty"), SMALL, MUTED,
                            anchor="mm")


def _drawn_tile(canvas: LeoCanvas, x: float, y: float, value: int) -> None:
    _tile(canvas, x, y - 9, value)  # a tile is taller than the line's chips


def _tile(canvas: LeoCanvas, x: float, y: float, value: int, w: int = TILE_W) -> None:
    """A work of art with its value, ``w`` px wide."""
    canvas.draw.rectangle((x, y, x + w, y + TILE_H), fill=TILE, outline=INK, width=2)
    canvas.text((x + w / 2, y + TILE_H / 2 + 1), str(value), HEAD, INK, anchor="mm", bold=True)


def _sealed(view: View) -> list[Msg]:
    out = []
    if view.my_bid is not None:
        out.append(Msg("leo.private.bid", amount=view.my_bid or Msg("leo.term.pass")))
    if view.my_bet is not None:
        out.append(Msg("leo.private.bet", stake=view.my_bet.stake, product=terms.product(view.my_bet.product)))
    if view.my_rescue is not None:
        out.append(Msg("leo.private.rescue", answer=terms.answer(view.my_rescue)))
    return out
