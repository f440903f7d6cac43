"""The ring of Leonardo's board as a player sees it at Discord's 550 px: the pawns large enough
to find at a glance, the last move's route thick enough to follow (real boards, the canvas's
own record of what it drew)."""

from __future__ import annotations

from leo_helpers import G, do, ready

from engines.leonardo.components import board, cards
from render.canvas import INLINE_WIDTH
from render.leonardo.renderer import draw_board
from render.leonardo.ring import cell_box
from render.palette import INK
from render.text import catalog

NAMES = ["Anne", "Bruno", "Carla", "Dario", "Elena", "Fabio"]


def _inline(px: float, canvas) -> float:
    return px * INLINE_WIDTH / canvas.width


def _pawns(canvas) -> dict[int, list[tuple[float, float, float, float]]]:
    """The pawns drawn on the ring, by the space they stand on (the legend's sample left out)."""
    out: dict[int, list[tuple[float, float, float, float]]] = {}
    for d in canvas.drawn:
        if d.kind == "piece" and d.what == "pawn":
            cx, cy = (d.box[0] + d.box[2]) / 2, (d.box[1] + d.box[3]) / 2
            for n in range(1, 33):
                x0, y0, x1, y1 = cell_box(n)
                if x0 <= cx < x1 and y0 <= cy < y1:
                    out.setdefault(n, []).append(d.box)
    return out


def test_a_pawn_alone_or_in_a_pair_stands_clearly_larger_than_the_least_key_piece():
    """One pawn on a space (4: '40 florins') and two on another (9: 'sanctuary'): each at least
    22 px at 550, where the key-piece least is 16."""
    state = ready(0, n=3, at={0: 4, 1: 9, 2: 9})
    for locale in ("en", "pt-BR", "it"):
        canvas = draw_board(G.view(state, None), NAMES[:3], locale)
        pawns = _pawns(canvas)
        assert sorted((n, len(b)) for n, b in pawns.items()) == [(4, 1), (9, 2)]
        for boxes in pawns.values():
            for x0, y0, x1, y1 in boxes:
                assert _inline(min(x1 - x0, y1 - y0), canvas) >= 22, (locale, boxes)



def _ink_run(image, x: int, y: int) -> int:
    """How many pixels of ink run down from (x, y)."""
    n = 0
    while image.getpixel((x, y + n)) == INK:
        n += 1
    return n


def test_the_last_moves_route_is_thick_enough_to_follow_and_dashed_unlike_a_black_piece():
    """Anne's marker moves 5 spaces from 4 to 9: a bar across the top of 5, 6, 7 and 8 at least
    4 px tall at 550, broken into dashes (a black seat's pawn is a solid shape); on 9, where it
    landed, a whole bar thicker still."""
    state, _ = do(ready(0, n=6, pos=4, roll=5), 0, "spin")
    canvas = draw_board(G.view(state, None), NAMES)
    image = canvas.image.convert("RGB")
    for number in (5, 6, 7, 8):
        x0, y0, x1, _ = cell_box(number)
        tops = [x for x in range(x0 + 2, x1 - 2) if image.getpixel((x, y0 + 3)) == INK]
        assert tops, number
        assert _inline(_ink_run(image, tops[0] + 2, y0 + 2), canvas) >= 4, number
        assert len(tops) < (tops[-1] - tops[0]) * 0.9, number  # gaps between the dashes
    x0, y0, x1, _ = cell_box(9)
    landed = _ink_run(image, x0 + 10, y0 + 2)
    assert _inline(landed, canvas) >= 6
    assert landed > _ink_run(image, cell_box(8)[0] + 4, y0 + 2)
    assert all(image.getpixel((x, y0 + 3)) == INK for x in range(x0 + 2, x0 + 40))


def test_an_owned_bridges_toll_is_one_line_in_portuguese():
    """pt-BR's 'pedágio 5' was cut into 'pedágio' / '5' in a cell it fits (its advance, not its
    ink, was measured); English says 'toll 5' on one line too."""
    bridge = next(sp.number for sp in board().spaces if sp.kind == "bridge")
    state = ready(0, n=3, owner={bridge: 1})
    for locale in ("pt-BR", "en"):
        said = draw_board(G.view(state, None), NAMES[:3], locale).said
        assert catalog(locale).text_of("leo.board.toll", amount=cards().bridge_toll) in said, locale


def test_an_owned_bridges_toll_is_one_line_with_a_clear_margin_in_every_language():
    """Issue 24: pt-BR's 'pedágio 5' filled its cell to 2 px of its border and Italian's 'pedaggio 5'
    was cut in two lines; the toll is one line in every language, its ink at least 4 px at 550
    from the cell's right border."""
    bridge = next(sp.number for sp in board().spaces if sp.kind == "bridge")
    state = ready(0, n=3, owner={bridge: 1})
    x0, y0, x1, y1 = cell_box(bridge)
    for locale in ("en", "pt-BR", "it"):
        canvas = draw_board(G.view(state, None), NAMES[:3], locale)
        toll = catalog(locale).text_of("leo.board.toll", amount=cards().bridge_toll)
        drawn = [d for d in canvas.drawn if d.kind == "text" and x0 <= d.box[0] and d.box[2] <= x1 + 2
                 and y0 <= d.box[1] and d.box[3] <= y1 and not d.what.isdigit()]
        assert [d.what for d in drawn] == [toll], (locale, [d.what for d in drawn])
        assert _inline(x1 - drawn[0].box[2], canvas) >= 4, (locale, x1 - drawn[0].box[2])


def test_a_palazzo_nobody_owns_says_its_price_in_words_as_an_owned_one_says_its_rent():
    """The twenty-first look could not tell whether a free palazzo's "60 florins" was a price or a
    fee, beside an owned one's "rent 20". The ring now says "price 60" ("preço 60", "prezzo 60"),
    one line in its cell, as the hand's cards do."""
    state = ready(0, n=3)
    free = next(sp for sp in board().spaces if sp.price is not None)
    x0, y0, x1, y1 = cell_box(free.number)
    for locale in ("en", "pt-BR", "it"):
        canvas = draw_board(G.view(state, None), NAMES[:3], locale)
        price = catalog(locale).text_of("leo.board.price", price=free.price)
        assert price.split()[0].lower() in catalog(locale).text_of("leo.board.hand_palazzo", price=1, amount=2).lower()
        drawn = [d.what for d in canvas.drawn if d.kind == "text" and x0 <= d.box[0] and d.box[2] <= x1 + 2
                 and y0 <= d.box[1] and d.box[3] <= y1 and not d.what.isdigit()]
        assert drawn == [price], (locale, drawn)


def test_the_route_and_the_space_at_stake_stand_out_on_any_band():
    """Issue 24: at 550 px the dashed bar of the last move (4 px of ink on the districts' patterned
    bands) and the gold bar of the space at stake (gold on tan and beige bands) were hard to see.
    A passed space's dashes are at least 5 px tall at 550 on a white strip (white between them and
    under them: no player's colour, far from every band); the space at stake's bar is striped,
    ink and gold each a quarter of it at least."""
    from render.leonardo.route import ROAD

    state, _ = do(ready(0, n=6, pos=4, roll=5), 0, "spin")  # 4 -> 9 over 5, 6, 7 and 8
    canvas = draw_board(G.view(state, None), NAMES)
    image = canvas.image.convert("RGB")
    for number in (5, 6, 7, 8):
        x0, y0, x1, _ = cell_box(number)
        tops = [x for x in range(x0 + 2, x1 - 2) if image.getpixel((x, y0 + 3)) == INK]
        assert _inline(_ink_run(image, tops[0] + 2, y0 + 2), canvas) >= 5, number
        gaps = [x for x in range(tops[0], tops[-1]) if image.getpixel((x, y0 + 3)) != INK]
        assert gaps and all(image.getpixel((x, y0 + 3)) == ROAD for x in gaps), number
        under = y0 + 2 + _ink_run(image, tops[0] + 2, y0 + 2)
        assert all(image.getpixel((x, under)) == ROAD for x in range(tops[0], tops[-1])), number
    state = ready(0, pos=20, roll=3, n=4)
    state = G.apply(state, 0, G.parse_action(state, 0, "spin")).state  # Anne lands on Via Larga (23): at stake
    assert G.view(state, None).buy_space == 23
    image = draw_board(G.view(state, None), NAMES[:4]).image.convert("RGB")
    x0, y0, x1, _ = cell_box(23)
    bar = [image.getpixel((x, y)) for x in range(x0 + 2, x0 + 60) for y in range(y0 + 2, y0 + 14)]
    gold = (214, 168, 40)
    assert sum(p == INK for p in bar) >= len(bar) / 4 and sum(p == gold for p in bar) >= len(bar) / 4


def test_an_owners_house_shows_their_shape_large_and_unlike_their_pawn():
    """Issue 24: an owner was a 17 px house at 550 with an 8 px shape on it, outlined in the
    house's own colour; a newcomer could not read whose it was, and Carla's black house read as
    her black circle's pawn. The house is now wider than tall (a pawn is square), at least 24 by 17
    px at 550, and its owner's shape stands on it 13 px at 550 (10.5 or more of it solid; it was
    8), in the ink or white that reads on that colour (white on Carla's black)."""
    from render.palette import ink_on, player_colour

    for seat in range(6):
        state = ready(0, n=6, owner={2: seat})
        canvas = draw_board(G.view(state, None), NAMES)
        x0, y0, x1, y1 = cell_box(2)
        house = next(d.box for d in canvas.drawn if d.kind == "piece" and d.what == "owner"
                     and x0 <= d.box[0] and d.box[2] <= x1 and y0 <= d.box[1] and d.box[3] <= y1)
        w, h = house[2] - house[0], house[3] - house[1]
        assert w > h and _inline(w, canvas) >= 24 and _inline(h, canvas) >= 17, (seat, house)
        solid = ink_on(player_colour(seat))
        crop = canvas.image.crop((house[0] + 3, house[1] + 3, house[2] - 3, house[3] - 3))
        pixels = [(x, y) for y in range(crop.height) for x in range(crop.width) if crop.getpixel((x, y)) == solid]
        assert pixels, seat
        span = max(max(x for x, _ in pixels) - min(x for x, _ in pixels),
                   max(y for _, y in pixels) - min(y for _, y in pixels)) + 1
        assert _inline(span, canvas) >= 10.5, (seat, span)


def test_the_last_moves_bars_read_at_550_and_the_key_shows_both_as_on_the_ring():
    """Issue 24: the last move's bars were thin strips at the top of a space (5 px at 550 where it
    passed, 6.5 where it landed), nearly invisible, and the key's sample drew the landed one 13 px
    wide beside small dashes, so a newcomer found the solid bar on the ring in no key. The bars are
    now 7 and 9 px at 550, and the key's "last move" shows a space passed and a space landed on,
    each as wide as the ring's sample space and the landed bar as tall as on the ring."""
    from render.leonardo.legend import key_top

    state, _ = do(ready(0, n=6, pos=4, roll=5), 0, "spin")
    for locale in ("en", "pt-BR", "it"):
        canvas = draw_board(G.view(state, None), NAMES, locale)
        image = canvas.image.convert("RGB")
        x0, y0, _, _ = cell_box(6)
        passed = max(_ink_run(image, x, y0 + 2) for x in range(x0 + 2, x0 + 40))
        x0, y0, _, _ = cell_box(9)
        landed = _ink_run(image, x0 + 10, y0 + 2)
        assert _inline(passed, canvas) >= 6.5 and _inline(landed, canvas) >= 8.5, (locale, passed, landed)
        text = next(d for d in canvas.drawn if d.kind == "text" and d.box[1] >= key_top(locale)
                    and d.what == catalog(locale).text_of("leo.board.key_moved"))
        row = range(round(text.box[1]) - 12, round(text.box[3]) + 4)
        solid = [x for x in range(round(text.box[0]) - 90, round(text.box[0]))
                 if any(_ink_run(image, x, y) == landed for y in row)]
        assert len(solid) >= 28, (locale, len(solid))


def test_every_pawn_has_a_light_rim_inside_its_outline():
    """Issue 24 (round 4): the black seat's pawn, a black disc outlined in ink, read as a hole in
    the board. Every seat's pawn, alone on a space or two together, now has a light rim inside its
    outline (a token's edge), at least 1 px at 550 on the middle row from the left, drawn alike
    for every seat, in the ring and the key."""
    state = ready(0, n=6, at={0: 4, 1: 6, 2: 7, 3: 9, 4: 9, 5: 10})
    canvas = draw_board(G.view(state, None), NAMES)
    image = canvas.image.convert("L")
    boxes = [d.box for d in canvas.drawn if d.kind == "piece" and d.what == "pawn"]
    assert len(boxes) == 7  # six on the ring and the key's sample
    for x0, y0, x1, y1 in boxes:
        y = round((y0 + y1) / 2)
        row = [image.getpixel((x, y)) for x in range(round(x0), round(x1))]
        i = next(i for i, v in enumerate(row) if v < 90)  # the ink outline
        while row[i] < 90 or 90 <= row[i] < 170 and row[i - 1] < 90:  # the outline, a blend after it
            i += 1
        light = 0
        while i + light < len(row) and row[i + light] >= 170:  # the rim (its blended edges too)
            light += 1
        assert i + light < len(row), ((x0, y0), row)  # it ends inside the shape, not on the ground
        assert _inline(light, canvas) >= 1, ((x0, y0), row)


def test_a_palazzo_bought_or_auctioned_in_the_last_move_is_marked_where_it_happened():
    """Issue 24: once an auction closed, the ring showed nothing of the last move ("Andrea buys Via
    della Scala for 50 florins", the eleventh look); the space bought, from the bank or at auction,
    now has the last move's whole bar, as where a marker landed (the key's "last move")."""
    for how in ("buy", "auction"):
        state = ready(0, pos=20, roll=3, n=3)
        state, _ = do(state, 0, "spin")  # Anne lands on Via Larga (23)
        if how == "buy":
            state, _ = do(state, 0, "buy")
        else:
            state, _ = do(state, 0, "decline")  # at stake now: its own bar, and no "last move" in the key
            said = draw_board(G.view(state, None), NAMES[:3]).said
            assert catalog("en").text_of("leo.board.key_moved") not in said
            state, _ = do(state, 2, "bid 45")
            state, _ = do(state, 1, "pass")
        assert state.phase == "start" and 23 in state.owner, how
        canvas = draw_board(G.view(state, None), NAMES[:3])
        image = canvas.image.convert("RGB")
        x0, y0, _, _ = cell_box(23)
        assert all(image.getpixel((x, y0 + 3)) == INK for x in range(x0 + 2, x0 + 40)), how
        assert _inline(_ink_run(image, x0 + 10, y0 + 2), canvas) >= 6, how
        assert catalog("en").text_of("leo.board.key_moved") in canvas.said, how  # and the key says what it is


def test_an_office_holders_shape_is_large_at_550_px_and_clear_of_the_spaces_number():
    """Issue 24 (the thirteenth look): a held office's holder, the seat's shape left of the seal,
    was "about 7 px" at 550 (a 24 px box at full size, the star inside it smaller still). The box is
    now 28 px, 14 at 550, and still stands apart from the space's number on every office square."""
    offices = [o.space for o in cards().offices]
    state = ready(0, n=4, offices={0: offices[:2], 1: offices[2:4], 2: offices[4:6], 3: offices[6:]})
    canvas = draw_board(G.view(state, None), NAMES[:4])
    def on(number, box):
        x0, y0, x1, y1 = cell_box(number)
        return x0 <= box[0] and box[2] <= x1 and y0 <= box[1] and box[3] <= y1

    holders = [d.box for d in canvas.drawn if d.kind == "piece" and d.what == "holder"
               and any(on(n, d.box) for n in offices)]  # (the key's sample aside)
    assert len(holders) == len(offices)
    numbers = [d.box for d in canvas.drawn if d.kind == "text" and d.what in {str(n) for n in offices}]
    for box in holders:
        assert _inline(box[2] - box[0], canvas) >= 14, box
        left = [n for n in numbers if n[1] < box[3] and box[1] < n[3] and n[2] <= box[0] + 1 and box[0] - n[2] < 40]
        assert left and all(box[0] - n[2] >= 3 for n in left), (box, left)
