"""The offer board's panel: the offer spaces left to right (or top down in a narrow room), each
card as its owner's colour with their shape, and the order of the cards beneath; ``card_face``
draws a card (the key and the hand image use it too)."""

from __future__ import annotations

from engines.bella_vista.components import components
from render.bella_vista.blocks import HEAD, MARK, Block, Words, heading
from render.bella_vista.draw import (
    BAND,
    BODY,
    CHIP,
    HEADING,
    MUTED,
    NEUTRAL,
    RULE,
    SMALL,
    WHITE,
    BoardCanvas,
    People,
    chip,
    fit,
    line_height,
    owner_shape,
    text_width,
)
from render.bella_vista.town import Town, shape
from render.canvas import Drawn
from render.palette import INK, ink_on, player_colour


def _slots(view) -> list:
    return list(view.offer_spaces) + list(view.last_slots)


FOOT = 13  # px: a space of the building's footprint drawn on its card


def footprint(height: int | None) -> tuple[tuple[int, int], ...]:
    """The spaces (column, row) the building of a card covers, as the component data lays them
    out ((0, 0), (1, 0), (0, 1): the corner three); none for a card not known."""
    return () if height is None else tuple(components().buildings[height - 1].cells)


def card_face(canvas: BoardCanvas, x: float, y: float, w_: int, h: int, seat: int | None, text: str,
              roofed: bool, people: People, mark: bool = True, height: int | None = None) -> None:
    """A card of the offer board as the owner's colour (roofed: the white band), their shape in
    the corner and the card (or "?" face-down) in the middle; on a card tall enough, with its
    ``height`` known, the building's footprint small in the other corner (the third independent
    look: the cards showed their number only, not the shape a player must fit on the town)."""
    fill = NEUTRAL if seat is None else player_colour(seat)
    box = (x, y, x + w_ - 1, y + h - 1)
    canvas.draw.rounded_rectangle(box, radius=6, fill=fill, outline=INK, width=2)
    if roofed:  # as its building: white inside a band of the owner's colour
        canvas.draw.rounded_rectangle((x + 6, y + 6, x + w_ - 7, y + h - 7), radius=4, fill=WHITE)
    ink = INK if roofed else ink_on(fill)
    canvas.piece(min(w_, h))
    canvas.drawn.append(Drawn("piece", box, "card"))
    with canvas.inside(box):
        if h >= 60:  # the shape in the corner, the card below it
            if mark and seat is not None:
                owner_shape(canvas, x + 9, y + 8, seat, MARK, roofed)
            cells = footprint(height)
            if cells:  # in the top corner
                draw_footprint(canvas, x + w_ - 7 - (max(c for c, _ in cells) + 1) * FOOT, y + 7, cells)
            canvas.text((x + w_ / 2, y + h / 2 + 10), text, BODY, ink, "mm", bold=True)
        else:  # side by side
            if mark and seat is not None:
                owner_shape(canvas, x + 10, y + (h - MARK) / 2, seat, MARK, roofed)
            canvas.text((x + w_ - 10, y + h / 2), text, BODY, ink, "rm", bold=True)


def draw_footprint(canvas: BoardCanvas, x: float, y: float, cells) -> None:
    """A building's footprint from (x, y), ``FOOT`` px a space: white with an ink rim, as the town
    outlines a card's best place, a thin line between two spaces (how many it covers)."""
    mini = Town(int(x), int(y), FOOT, max(c for c, _ in cells) + 1, 2)
    shape(canvas.draw, mini, cells, 0, INK)
    shape(canvas.draw, mini, cells, 2, WHITE)
    for c, r in cells:
        x0, y0, x1, y1 = mini.box(c, r)
        if (c + 1, r) in cells:
            canvas.draw.line((x1, y0 + 2, x1, y1 - 2), fill=INK, width=2)
        if (c, r + 1) in cells:
            canvas.draw.line((x0 + 2, y1, x1 - 2, y1), fill=INK, width=2)
        canvas.note_piece((x0, y0, x1, y1), "footprint", key=False)


def offer_board(view, people: People, w: Words) -> Block:
    slots = _slots(view)
    n = len(slots) + (1 if view.neutral_colour else 0)
    slot_h = 74
    labels = [w("coins", coins=s.cost) if s.cost is not None else w("offer_last") for s in slots]
    slot_w = max([84] + [int(text_width(t, SMALL, True)) + 4 for t in labels])  # "7 moedas" never runs into "5 moedas"
    said = int(text_width(w("built"), SMALL))  # "construída" is wider than its slot: the slots part for it
    across = n * (slot_w + 8)
    states = any(s.built for s in slots)  # a line under the slots saying which were built
    lead = max([100] + [int(text_width(t, SMALL, True)) + 12 for t in labels + [w("neutral")]])  # down: the labels' column

    def order_height(width: int, count: int) -> int:
        per = CHIP + 10 + text_width("#18r", SMALL, True) + 14
        first = width - text_width(w("offer_order"), SMALL, True) - 10
        if count * per <= first:
            return CHIP + 8
        return line_height(SMALL) + -(-count * per // max(1, width)) * (CHIP + 8)  # the title above the cards

    def note(width: int) -> str:
        return w("builds_across") if width >= across else w("builds_down")

    def note_below(width: int) -> bool:
        """The note does not fit beside the heading: it gets a line of its own (never cut)."""
        return text_width(w("offer_board"), HEADING, True) + 12 + text_width(note(width), SMALL) > width

    def measure(width: int, built: bool = states, count: int = len(view.bottom)) -> int:
        head = HEAD + (line_height(SMALL) if note_below(width) else 0)
        if width >= across:
            body = line_height(SMALL) + slot_h + (line_height(SMALL) if built else 0) + 8
        else:
            body = n * (slot_h // 2 + 12)
        return head + body + order_height(width, count) + 6

    def reserve(width: int) -> int:
        return measure(width, True, max(len(view.bottom), len(slots)))

    def label(s) -> str:
        return w("coins", coins=s.cost) if s.cost is not None else w("offer_last")

    def face(s) -> tuple[str, str]:
        if s.seat is None:
            return "", w("empty")
        text = s.card.notation if s.card is not None else "?"
        return text, w("built") if s.built else ""

    def draw(canvas: BoardCanvas, x: int, y: int, width: int) -> None:
        below = note_below(width)
        heading(canvas, x, y, width, w("offer_board"), "" if below else note(width))
        y += HEAD
        if below:
            canvas.text((x, y - 4), note(width), SMALL, MUTED)
            y += line_height(SMALL)
        if width >= across:
            cx, gap = x, 8 + max(0, min(said + 12 - slot_w, (width - across) // max(1, n - 1)))
            for s in slots:
                text, state = face(s)
                canvas.text((cx + slot_w / 2, y), fit(label(s), SMALL, slot_w), SMALL, INK, "ma", bold=True)
                top = y + line_height(SMALL)
                if s.seat is None:
                    canvas.draw.rounded_rectangle((cx, top, cx + slot_w - 1, top + slot_h - 1), radius=6,
                                                  fill=WHITE, outline=RULE, width=2)
                    canvas.text((cx + slot_w / 2, top + slot_h / 2), fit(state, SMALL, slot_w - 6), SMALL, MUTED, "mm")
                else:
                    roofed = s.card is not None and s.card.roofed
                    card_face(canvas, cx, top, slot_w, slot_h, s.seat, text, roofed, people,
                              height=s.card.height if s.card is not None else None)
                    if state:
                        canvas.text((cx + slot_w / 2, top + slot_h + 4), fit(state, SMALL, slot_w + gap - 12), SMALL,
                                    MUTED, "ma")
                cx += slot_w + gap
            if view.neutral_colour:
                canvas.text((cx + slot_w / 2, y), w("neutral"), SMALL, INK, "ma", bold=True)
                top = y + line_height(SMALL)
                nxt = f"#{view.neutral_next}" if view.neutral_next else "–"
                card_face(canvas, cx, top, slot_w, slot_h, None, nxt, False, people)
            y += line_height(SMALL) + slot_h + (line_height(SMALL) if states else 0) + 8
        else:
            rh = slot_h // 2 + 12
            for s in slots:
                text, state = face(s)
                canvas.text((x, y + rh / 2), label(s), SMALL, INK, "lm", bold=True)
                cx = x + lead
                if s.seat is None:
                    canvas.text((cx, y + rh / 2), state, SMALL, MUTED, "lm")
                else:
                    roofed = s.card is not None and s.card.roofed
                    card_face(canvas, cx, y + 2, slot_w, rh - 6, s.seat, text, roofed, people)  # "A3 #8r" fits
                    canvas.text((cx + slot_w + 10, y + rh / 2), fit(state, SMALL, width - slot_w - lead - 10), SMALL, MUTED,
                                "lm")
                y += rh
            if view.neutral_colour:
                canvas.text((x, y + rh / 2), w("neutral"), SMALL, INK, "lm", bold=True)
                nxt = f"#{view.neutral_next}" if view.neutral_next else "–"
                card_face(canvas, x + lead, y + 2, slot_w, rh - 6, None, nxt, False, people)
                y += rh
        _offer_order(canvas, x, y, width, view, people, w)

    # down, a built card's state stands beside it whole ("costruita" was cut to "c…" in a narrow room),
    # on every board (built or not yet), so the panel keeps its place from board to board
    down = lead + slot_w + 10 + int(text_width(w("built"), SMALL)) + 4
    return Block(max(250, down), measure, draw, reserve)


def _offer_order(canvas: BoardCanvas, x: int, y: int, width: int, view, people: People, w: Words) -> None:
    """The cards beneath the board, left first: who offers in which order — on one line beside
    the title, else under it (a second line of cards beside the title read as a list of its own,
    unlabelled), on one line if they fit."""
    title = w("offer_order")
    cards = [slot.card.notation if slot.card is not None else w("start_card") for slot in view.bottom]
    needs = [CHIP + 6 + text_width(card, SMALL, True) + 14 for card in cards]
    start = x + text_width(title, SMALL, True) + 10
    if start + sum(needs) > x + width:
        canvas.text((x, y), title, SMALL, INK, bold=True)
        y, start = y + line_height(SMALL), x
    else:
        canvas.text((x, y + CHIP / 2 + 2), title, SMALL, INK, "lm", bold=True)
    breaks: list[int] = []  # the entries that begin a line
    cx = start
    for k, need in enumerate(needs):
        if cx + need > x + width:
            breaks.append(k)
            cx = x
        cx += need
    if breaks and breaks[-1] == len(needs) - 1:  # one card alone on the last line: the one before goes along,
        before = breaks[-1] - (breaks[-2] if len(breaks) > 1 else 0)  # if its line keeps one (the first, beside
        if before >= (2 if len(breaks) == 1 else 3):  # the title) or two
            breaks[-1] -= 1
    # while offers are made: the entry whose architect offers now shaded as their row in the Architects
    # panel, those who have offered muted (the order read as a list, not as a sequence under way)
    made = view.offer_turn if view.phase == "offers" else -1
    cx = start
    for k, (slot, card, need) in enumerate(zip(view.bottom, cards, needs, strict=True)):
        if k in breaks:
            cx, y = x, y + CHIP + 8
        if k == made:
            canvas.draw.rounded_rectangle((cx - 4, y - 1, cx + need - 8, y + CHIP + 5), radius=6, fill=BAND)
        chip(canvas, cx, y + 2, slot.seat, roofed=slot.card is not None and slot.card.roofed)
        canvas.text((cx + CHIP + 6, y + CHIP / 2 + 2), card, SMALL, MUTED if k < made else INK, "lm", bold=True)
        cx += need


