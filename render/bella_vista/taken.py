"""The end board's contracts taken: under each architect's chip and name, the Contract cards
they took, as the board's contracts panel shows them (number, coins, what each asks for); where
the room is short, compact: one line per architect, their cards' numbers and coins after their
name. An architect who took none is listed too, "none" after their name (the sixth independent
look read a missing fourth architect as a drawing fault). It fills room the end board keeps anyway (its height is the boards' before it: two
seats left a third of it empty) and says where the scores' Contracts column comes from."""

from __future__ import annotations

from engines.bella_vista.components import cards, setup_for
from engines.bella_vista.view import ContractView
from render.bella_vista.blocks import HEAD, Block, Words, contract_box, contract_card, contracts, heading
from render.bella_vista.draw import BODY, CHIP, MUTED, BoardCanvas, People, chip_name, line_height, text_width

NAME_W = 240  # px: an architect's chip and name before their cards, compact


def taken(view, people: People, w: Words, contract_words, symbol_of, tile_name, compact: bool = False
          ) -> Block | None:
    """The contracts each architect took, in the scores' order (none taken by anyone: None)."""
    ranked = sorted(view.scores or [], key=lambda s: (s.rank, s.seat))
    held = {a.seat: a.contract_ids for a in view.architects}
    threshold = setup_for(view.seats).contract_threshold
    every = {c.id: c for c in cards().contracts}
    mine = {s.seat: [ContractView(id=i, kind=every[i].kind, threshold=threshold, value=every[i].value,
                                  neighborhoods=list(every[i].neighborhoods)) for i in held.get(s.seat, [])]
            for s in ranked}
    seats = [s.seat for s in ranked]
    if not any(mine.values()):
        return None
    if compact:
        return _compact(seats, mine, people, w)
    rows = [(seat, contracts(view, w, contract_words, symbol_of, tile_name, mine[seat], "", deck=False)
             if mine[seat] else None) for seat in seats]
    name_h = line_height(BODY) + 6

    def measure(width: int) -> int:
        return HEAD + sum(name_h + (block.measure(width) if block else 0) for _, block in rows)

    def draw(canvas: BoardCanvas, x: int, y: int, width: int) -> None:
        heading(canvas, x, y, width, w("contracts_taken"))
        y += HEAD
        for seat, block in rows:
            end = chip_name(canvas, x, y, seat, people, BODY, width)
            if block is None:
                canvas.text((end + 12, y + line_height(BODY) / 2), w("none_over"), BODY, MUTED, "lm")
            y += name_h
            if block is not None:
                block.draw(canvas, x, y, width)
                y += block.measure(width)

    return Block(max(block.min_width for _, block in rows if block), measure, draw)


def _compact(seats: list[int], mine: dict, people: People, w: Words) -> Block:
    box = contract_box(w)
    card_h = 2 * max(CHIP + 4, line_height(BODY)) - 8
    most = max(len(mine[s]) for s in seats)
    name_w = min(NAME_W, max(CHIP + 8 + text_width(people.name(s), BODY, True) for s in seats) + 16)

    def per_line(width: int) -> int:
        return max(1, int((width - name_w + 10) // (box + 10)))

    def tall(seat: int, width: int) -> int:  # an architect's cards, or the line saying none
        return -(-len(mine[seat]) // per_line(width)) * (card_h + 6) + 4 if mine[seat] else line_height(BODY) + 4

    def measure(width: int) -> int:
        return HEAD + sum(tall(s, width) for s in seats)

    def draw(canvas: BoardCanvas, x: int, y: int, width: int) -> None:
        heading(canvas, x, y, width, w("contracts_taken"))
        y += HEAD
        n = per_line(width)
        for seat in seats:
            if not mine[seat]:
                chip_name(canvas, x, y, seat, people, BODY, name_w - 10)
                canvas.text((x + name_w, y + line_height(BODY) / 2), w("none_over"), BODY, MUTED, "lm")
            else:
                chip_name(canvas, x, y + (card_h - 4 - line_height(BODY)) / 2, seat, people, BODY, name_w - 10)
            for i, c in enumerate(mine[seat]):
                contract_card(canvas, x + name_w + (i % n) * (box + 10), y + (i // n) * (card_h + 6), box, card_h, c, w)
            y += tall(seat, width)

    return Block(min(name_w + most * (box + 10), 420), measure, draw)
