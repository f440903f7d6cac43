"""The hand image of one Bella Vista seat: its cards and where each could go now.

The town as on the board, with a plus in every free space a card of the hand could cover under
the Zoning card in force, and each card's best-paying placement outlined and tagged with the
card; beside or below it: the cards (each with how many placements meet the Zoning card and
its best few, with the coins they would earn now), the Zoning card, the seat's own cards on
the offer board, and its contracts. All of it comes from the seat's own view: its hand, its
face-down cards and contracts, and the public town (``View.hand_places``)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations

from engines.bella_vista import terms
from engines.bella_vista.view import CardView, HandCardView
from engines.bella_vista.viewing import contract_words
from render.bella_vista.blocks import (
    CHIP,
    GAP,
    HEAD,
    Block,
    Words,
    contracts,
    heading,
    zoning,
)
from render.bella_vista.draw import (
    BODY,
    HEADING,
    MUTED,
    NEUTRAL,
    SMALL,
    WIDTH,
    BoardCanvas,
    People,
    line_height,
    new_canvas,
    text_width,
    wrap,
)
from render.bella_vista.layout import arrange
from render.bella_vista.names import neighborhood_names
from render.bella_vista.offers import FOOT, card_face, draw_footprint, footprint
from render.bella_vista.page import Header, Page, frame, must, paste_town, status
from render.bella_vista.tags import PAD_H, PAD_W, draw_tag, place_tags
from render.bella_vista.town import Town, buildings, reach, suggestion
from render.canvas import Canvas
from render.palette import INK, ink_on

CARD_W, CARD_H = 84, 74


def _places(h, w: Words, width: int, outlined: str | None = None) -> list[tuple[str, bool]]:
    """What a card of the hand could do now, as lines ``width`` wide (and whether each is bold),
    in plain words: how many places it fits ("Fits 30 places", bold), its best one and what it
    earns ("best: I3-I4-J4 +4 coins", the place and the coins each whole), and how many more of
    its best few pay as much ("2 more pay as much"), a fourth line where need be.
    (The third independent look found "30 places meet the Zoning card / ... / 2 more places"
    cryptic; Portuguese and Italian listed every best place, taller than English.)"""
    if not h.best:
        return [(line, False) for line in wrap(w("nowhere"), SMALL, width)]
    # the place outlined for it on the town where it is one of its best (the sixteenth look: "best:
    # A2-A3" beside an outline over A3-A4 paying as much)
    first = next((p for p in h.best if p.place == outlined and p.coins == h.best[0].coins), h.best[0])
    if h.forced:
        head, best, same = w("forced"), w("best_forced", place=first.place), 0
    else:
        head, best = w("places", count=h.places), w("best_place", place=first.place, coins=first.coins)
        same = sum(p.coins == first.coins for p in h.best) - 1
    units = [w("best"), first.place, best.removeprefix(first.place).strip()]
    told = [units[0]]
    for unit in units[1:]:
        if not unit:
            continue
        if text_width(f"{told[-1]} {unit}", SMALL) <= width:
            told[-1] = f"{told[-1]} {unit}"
        else:
            told.append(unit)
    lines = [(line, True) for line in wrap(head, SMALL, width, True)] + [(line, False) for line in told]
    more = [(line, False) for line in wrap(w("best_more", count=same), SMALL, width)] if same else []
    return lines + more  # in every language alike (English dropped it where its best place took two lines)


def hand_block(view, people: People, w: Words, over: bool = False, outlined: dict[str, str] | None = None) -> Block:
    """The seat's cards, each with where it fits now and its best place (``outlined``: a card's
    place outlined on the town, by notation) — or, where none of them can be built this round,
    that they wait for a later round's Zoning card."""

    def empty(width: int) -> tuple[str, ...]:  # "none: the game is over" on as many lines as its column needs
        return wrap(w("hand_over" if over else "none_yet"), BODY, width)

    return _listed(w("your_cards"), lambda width: hand_rows(view, w, width, outlined), view.seat, people, empty)


def hand_rows(view, w: Words, width: int, outlined: dict[str, str] | None = None) -> list[Row]:
    """Each card of the hand and its lines ``width`` wide: where it fits now and its best place, or
    that it waits for a later round; a card whose lines would repeat an earlier card's word for
    word says "same as #4" (the eighteenth and twentieth looks: "Fits in 48 places / best: E1-E2 +3
    coins / 2 more pay as much" four times over)."""
    live = builds_from_hand(view)
    out: list[Row] = []
    told: dict[tuple, str] = {}  # lines already said, by the first card they were said for
    for h in view.hand_places or []:
        lines = (_places(h, w, width, (outlined or {}).get(h.card.notation)) if live
                 else [(line, False) for line in wrap(w("later_round"), SMALL, width)])
        first = told.setdefault(tuple(lines), h.card.notation)
        out.append((h.card, lines if first == h.card.notation else [(w("same_as", card=first), False)]))
    return out


Row = tuple[CardView, list[tuple[str, bool]]]  # a card and the lines beside it (each bold or not)


def _listed(title: str, rows: Callable[[int], list[Row]], seat: int, people: People,
            empty: Callable[[int], tuple[str, ...]] = lambda width: ()) -> Block:
    """A panel of ``seat``'s cards one a row, each card's face and beside it its lines (``rows``
    of the text's width), or ``empty``'s lines where there is none."""
    text_x = CARD_W + 14

    def row_h(lines: list[tuple[str, bool]]) -> int:
        return max(CARD_H, len(lines) * line_height(SMALL)) + 12

    def measure(width: int) -> int:
        listed = rows(width - text_x)
        return HEAD + (sum(row_h(lines) for _, lines in listed) if listed else len(empty(width)) * line_height(BODY))

    def draw(canvas: BoardCanvas, x: int, y: int, width: int) -> None:
        heading(canvas, x, y, width, title)
        y += HEAD
        listed = rows(width - text_x)
        if not listed:
            for i, line in enumerate(empty(width)):
                canvas.text((x, y + i * line_height(BODY)), line, BODY, MUTED)
        for card, lines in listed:
            # no owner shape: every card here is the seat's own (two looks asked what the black square was)
            card_face(canvas, x, y, CARD_W, CARD_H, seat, card.notation, card.roofed, people, mark=False,
                      height=card.height)
            for i, (line, bold) in enumerate(lines):
                canvas.text((x + text_x, y + i * line_height(SMALL)), line, SMALL, INK if bold else MUTED, bold=bold)
            y += row_h(lines)

    return Block(260, measure, draw)


def builds_from_hand(view) -> bool:
    """Whether a card of the seat's hand can still be built this round: only while offers are made
    and the seat has an offer still to make (after it, its hand waits for a later round, under
    another Zoning card: the fifteenth look read "best place now" as advice for this round)."""
    return view.phase == "offers" and any(b.seat == view.seat for b in view.bottom[view.offer_turn:])


def offered_block(view, people: People, w: Words, outlined: dict[str, str] | None = None) -> Block | None:
    """The seat's own cards on the offer board not built yet (face-down ones included: its own
    view), each with its space and, as a card of the hand, where it fits now and its best place:
    the card it builds this round (the seventeenth look read "for a later round" beside a hand
    image that said nothing of where the card it would build next could go)."""
    mine = [(s, s.card) for s in list(view.offer_spaces) + list(view.last_slots)
            if s.seat == view.seat and s.card is not None and not s.built]
    if not mine:
        return None
    places = {h.card.notation: h for h in view.offered_places or []}

    def rows(width: int) -> list[Row]:
        out = []
        for s, card in mine:
            lines = [(w("coins", coins=s.cost) if s.cost is not None else w("offer_last"), True)]
            if s.face_down:
                lines.append((w("face_down"), False))
            h = places.get(card.notation)
            if h is not None:
                lines += _places(h, w, width, (outlined or {}).get(card.notation))
            out.append((card, lines))
        return out

    return _listed(w("on_offer"), rows, view.seat, people)


def map_key(w: Words, people: People, reach_: bool = True, best: bool = True, roofed: bool = False,
            neutral: bool = False, feet: bool = False) -> Block | None:
    """What the hand's town shows beyond the board: the pluses (``reach_``), the outlined best
    places (``best``), the "r" of a second-set card ("#4r", ``roofed``), the grey neutral
    building (``neutral``) and the footprint in a card's corner (``feet``: a fifth independent
    look did not know what the small white shape was) — each only if drawn (none: no key)."""
    icon_w = 2 * CHIP + 14
    entries = [(n, t) for n, t, shown in ((4, w("map_footprint"), feet), (0, w("map_reach"), reach_),
                                          (1, w("map_best"), best), (2, w("key_order_roofed"), roofed),
                                          (3, w("key_neutral"), neutral))
               if shown]
    if not entries:
        return None

    def measure(width: int) -> int:
        return HEAD + sum(max(CHIP, len(wrap(t, SMALL, width - icon_w)) * line_height(SMALL)) + 10 for _, t in entries)

    def draw(canvas: BoardCanvas, x: int, y: int, width: int) -> None:
        heading(canvas, x, y, width, w("key"))
        y += HEAD
        for n, text in entries:
            sample = Town(x, y, CHIP, 2, 1)
            if n == 0:
                reach(canvas, sample, {(0, 0)})
            elif n == 1:
                suggestion(canvas, sample, [[0, 0], [1, 0]])
                tag_w = text_width("#6", SMALL, True) + PAD_W
                draw_tag(canvas, (x + CHIP - tag_w / 2, y + CHIP / 2 - (line_height(SMALL) + PAD_H) / 2,
                                  x + CHIP + tag_w / 2, y + CHIP / 2 + (line_height(SMALL) + PAD_H) / 2), "#6")
            elif n == 2:
                canvas.text((x, y), "#4r", SMALL, INK, bold=True)
            elif n == 4:  # a card of height 3, the corner three, as the cards draw it
                draw_footprint(canvas, x + 8, y + CHIP / 2 - FOOT, footprint(3))
            else:  # as the board's key draws it
                card_face(canvas, x, y, CHIP + 10, CHIP, None, "", False, people, mark=False)
                with canvas.inside((x, y, x + CHIP + 10, y + CHIP)):
                    canvas.text((x + (CHIP + 10) / 2, y + CHIP / 2), "3", SMALL, ink_on(NEUTRAL), "mm", bold=True)
            lines = wrap(text, SMALL, width - icon_w)
            for i, line in enumerate(lines):
                canvas.text((x + icon_w, y + i * line_height(SMALL)), line, SMALL, INK)
            y += max(CHIP, len(lines) * line_height(SMALL)) + 10

    return Block(260, measure, draw)


def suggestions(cards: list[HandCardView]) -> list[tuple[list, str]]:
    """One placement per card to outline on the town: its best one that does not overlap one
    already chosen (the same placement is shared: "#5 #6"), or another paying as much; a card
    whose best places all overlap others is left to the list (the tenth look found "#4r #5"
    outlined on a 5-coin place beside "best: O4-O5 +6 coins")."""
    return _tagged(cards, [list(cards)])


def most_outlined(cards: list[HandCardView]) -> list[tuple[list, str]]:
    """``suggestions`` with the cards taken in the order that outlines the most of them (the
    sixth independent look found "#2" alone where #3 and #6r shared a best place inside #2's:
    taken first, the two share one outline). The hand draws it when its tags all touch their
    places, else ``suggestions``."""
    return _tagged(cards, permutations(cards))


def _tagged(cards: list[HandCardView], orders) -> list[tuple[list, str]]:
    first = {h.card.notation: i for i, h in enumerate(cards)}
    best = max((_outlined(order) for order in orders), key=lambda marks: sum(len(cards) for _, cards in marks))
    return [(cells, " ".join(sorted(cards, key=first.__getitem__))) for cells, cards in best]


def _outlined(hands) -> list[tuple[list, list[str]]]:
    chosen: dict[str, tuple[list, list[str], set]] = {}
    taken: set[tuple[int, int]] = set()
    for h in hands:
        for p in (p for p in h.best if p.coins == h.best[0].coins):  # never a place paying less than "best:"
            cells = {tuple(c) for c in p.cells}
            if p.place in chosen:
                chosen[p.place][1].append(h.card.notation)
                break
            if not cells & taken:
                chosen[p.place] = (p.cells, [h.card.notation], cells)
                taken |= cells
                break
    return [(cells, cards) for cells, cards, _ in chosen.values()]


def draw_hand(view, names: list[str], locale: str = "en") -> Canvas:
    page = Page.of(view, names, locale)
    w, people = page.words, page.people
    coins = next((a.coins for a in view.architects if a.seat == view.seat), None)
    whose = w("hand_of", seat=view.seat)  # and what the seat can pay for an offer space
    lines = [("", whose if coins is None or view.scores else f"{whose} · {w('coins', coins=coins)}")]
    if not view.scores:
        lines.append(("", must(view, w)))
    else:  # the seat's place and final coins, as the end board ranks them (Leonardo's hand says it too)
        score = next((x for x in view.scores if x.seat == view.seat), None)
        if score is not None:
            lines.append(("", w("hand_result", rank=score.rank, seats=len(view.scores), total=score.total)))
    head = Header("Bella Vista", status(view, w), tuple(lines))
    town, rects = frame(view, head.height(people) + 14)
    symbol_of = {t.code: t.symbol for t in view.tiles}.get
    over = bool(view.scores)  # the game is over: no "yet", no deck, nothing more to place
    live = builds_from_hand(view)  # else the hand's cards wait for a later round
    # marked on the town: the hand's cards while it offers, else its offers not built yet (what it builds next)
    marked = list(view.hand_places or []) if live else list(view.offered_places or [])
    pluses = {(c, r) for h in marked for c, r in h.reach}
    if len(pluses) * 10 > 9 * len(free_spaces(view)):  # over nearly all the town they say little and hide its
        pluses = set()  # symbols and names (the eighteenth and nineteenth looks): "Fits in 178 places" says it
    shown = [h.card for h in view.hand_places or []] + [s.card for s in list(view.offer_spaces) + list(view.last_slots)
                                                        if s.seat == view.seat and s.card is not None and not s.built]

    def drawn(marks: list[tuple[list, str]]) -> tuple[BoardCanvas, list]:
        """The hand with ``marks`` outlined, each card's "best:" naming its outlined place."""
        outlined = {card: place for cells, cards in marks for card in cards.split()
                    for place in [_label(marked, card, cells)] if place is not None}
        offered = offered_block(view, people, w, outlined)
        # what it builds next first: its offers once its hand waits for a later round
        blocks = [offered] if offered is not None and not live else []
        blocks.append(hand_block(view, people, w, over, outlined))
        if not over:  # the Zoning card no longer rules anything at the end
            blocks.append(zoning(view, w, w.msg(terms.zoning(view.zoning.id))))
        if offered is not None and live:
            blocks.append(offered)
        blocks.append(contracts(view, w, lambda c: w.msg(contract_words(c)), symbol_of, page.tile_name,
                                view.my_contracts or [],
                                "my_contracts", deck=False, none="none_over" if over else "none_yet"))
        key = map_key(w, people, bool(pluses), bool(marks), any(c.roofed for c in shown),
                      any(b.owner is None for b in view.buildings), bool(shown))
        if key is not None:
            blocks.append(key)
        placed, height = arrange(town, rects, blocks)
        panels = [(x, y, x + width, y + tall) for _, x, y, width, tall in placed]
        canvas = new_canvas(WIDTH, height)
        canvas.town, canvas.marks = town, marks
        head.draw(canvas, people)
        paste_town(canvas, town, view, page)
        reach(canvas, town, pluses)  # under the names, which keep off them while there is room elsewhere
        neighborhood_names(canvas, town, view, page.tile_name, {tuple(c) for cells, _ in marks for c in cells},
                           panels, pluses)
        buildings(canvas, town, view, people)
        for cells, _ in marks:
            suggestion(canvas, town, cells)
        away = place_tags(canvas, town, marks, [tuple(c) for b in view.buildings for c in b.cells], pluses, panels)
        for block, x, y, width, tall in placed:
            block.draw(canvas, x, y, width)
            canvas.panels.append((x, y, width, tall))
        return canvas, away

    if not marked:
        return drawn([])[0]
    marks, more = suggestions(marked), most_outlined(marked)
    if more != marks:
        canvas, away = drawn(more)
        if not away:
            return canvas
    return drawn(marks)[0]


def free_spaces(view) -> set[tuple[int, int]]:
    """The town's neighborhood spaces no building stands on: where a building could ever go."""
    built = {tuple(c) for b in view.buildings for c in b.cells}
    return {(c, r) for r, row in enumerate(view.spaces) for c, space in enumerate(row)
            if space is not None and space.kind == "neighborhood" and (c, r) not in built}


def _label(cards: list[HandCardView], card: str, cells) -> str | None:
    """The place label ("A2-A3") of ``card``'s best place on ``cells``, from its entry in ``cards``."""
    h = next((h for h in cards if h.card.notation == card), None)
    wanted = sorted(tuple(c) for c in cells)
    return next((p.place for p in (h.best if h else []) if sorted(tuple(c) for c in p.cells) == wanted), None)


__all__ = ["GAP", "draw_hand"]
