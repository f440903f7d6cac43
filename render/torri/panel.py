"""Le Torri di Bologna: the panel beside the board, drawn from a view.

From the top (under the title): the round of how many and what ends the game; who must act
or, at the end, the winner and, only when a tie was broken, how; the last move in words (who
did what, the route in the order it was walked); the players (points if the game ended now,
gold and pieces left, the one to act framed) or, at the end, the standings with every
category; the central towers level by level with the height limit they set; at the bottom, a
legend (in the static layer). Every player is shown by name with their chip (colour and mark).
"""

from __future__ import annotations

from engines.core.messages import Msg
from engines.torri.model import View
from engines.torri.scoring import CATEGORIES
from render.canvas import RGB
from render.palette import INK, player_colour
from render.torri.blocks import (
    INNER,
    Block,
    Chip,
    Item,
    Outline,
    Panel,
    Piece,
    Text,
    Words,
    X,
    fit,
    wrap,
)
from render.torri.pieces import BODY, HEAD, MERLON, NEUTRAL, SLAB, SMALL
from render.torri.stamps import measure

CHIP = 34  # a player's chip (17 px inline)
LINE = 27  # a line of SMALL text
GAP = 8  # between sections
CAPTION_LINES = 4
MUTED = (70, 74, 70)
BOARD_WORDS = {  # an event of the last move -> its shorter words on the board
    "torri.event.walked": "torri.board.walked",
    "torri.event.moved_freely": "torri.board.moved_freely",
    "torri.event.built": "torri.board.built",
    "torri.event.last_piece": "torri.board.end_triggered",
    "torri.event.round_limit": "torri.board.end_triggered",
}


def lines_block(lines: list[str], size: int = SMALL, bold: bool = False, colour: RGB = INK) -> Block:
    step = LINE if size <= SMALL else size + 8
    items: list[Item] = [Text(X, k * step, line, size, colour, bold=bold) for k, line in enumerate(lines)]
    return Block(step * len(lines), items)


def heading(left: str, right: str = "") -> Block:
    """A section's heading, with a figure at its right."""
    rw = measure(right, SMALL, bold=True) + 12 if right else 0
    items: list[Item] = [Text(X, 0, fit(left, SMALL, INNER - rw), SMALL, MUTED)]
    if right:
        items.append(Text(X + INNER, 0, right, SMALL, INK, "ra", bold=True))
    return Block(LINE, items)


def seat_line(w: Words, seat: int, text: str) -> Block:
    """A player's chip, then a sentence about them on one line."""
    return Block(CHIP + 6, [Chip(X, 0, CHIP, seat, w.marks[seat]),
                            Text(X + CHIP + 10, CHIP / 2, fit(text, BODY, INNER - CHIP - 10, True), BODY, INK, "lm",
                                 True)])


def status_lines(w: Words, view: View) -> list[str]:
    """The round of how many and what ends the game (or how it ended)."""
    if view.phase == "setup":
        return [w.say("torri.board.setup"), w.say("torri.board.setup_how")]
    if view.phase == "over":
        if view.end_turn is None:
            return [w.say("torri.board.over_early", round=view.round), w.say("torri.board.time_up")]
        return [w.say("torri.board.over", round=view.end_turn // view.seats)]
    if view.end_turn is None:
        return [w.say("torri.board.round", round=view.round, max=view.max_rounds), w.say("torri.board.ends")]
    last = view.end_turn // view.seats
    return [w.say("torri.board.round_of", round=view.round, last=last),
            w.say("torri.board.last_round") if view.round >= last else
            w.say("torri.board.end_triggered_at", last=last)]


def caption(w: Words, view: View) -> tuple[int | None, str]:
    """The last action in words (who did what, the route in the order walked) and its mover."""
    mover: int | None = None
    parts: list[str] = []
    path = " › ".join(view.last_move)
    for msg in view.last_events:
        seat = msg.params.get("seat")
        if mover is None and isinstance(seat, int):
            mover = seat
        key = BOARD_WORDS.get(msg.key)
        if msg.key == "torri.event.over":
            continue  # the status says so
        if key is None:
            parts.append(w.text(msg))
        elif key == "torri.board.built":
            parts.append(w.say(key, **msg.params))
        elif key == "torri.board.end_triggered":
            parts.append(w.say(key, last=msg.params["last"]))
        else:
            unpaid = msg.params["unpaid"]
            if isinstance(unpaid, Msg):  # shorter than the event's sentence
                unpaid = Msg("torri.board.unpaid", gold=unpaid.params["gold"])
            parts.append(w.say(key, seat=seat, path=path, fees=msg.params["fees"], unpaid=unpaid))
    return mover, " ".join(parts) or w.say("torri.board.no_move")


def caption_block(w: Words, view: View) -> Block:
    """The last move: its first line beside the mover's chip, the rest under them."""
    mover, text = caption(w, view)
    if mover is None:
        return lines_block(wrap(text, SMALL, INNER, CAPTION_LINES))
    first = wrap(text, SMALL, INNER - CHIP - 10, 2)[0]
    rest = text[len(first):].strip()
    more = wrap(rest, SMALL, INNER, CAPTION_LINES - 1) if rest else []
    items: list[Item] = [Chip(X, 0, CHIP, mover, w.marks[mover]),
                         Text(X + CHIP + 10, CHIP / 2 + 1, first, SMALL, INK, "lm")]
    items += [Text(X, CHIP + 2 + k * LINE, line, SMALL) for k, line in enumerate(more)]
    return Block(CHIP + 4 + LINE * len(more), items)


def acting(w: Words, view: View) -> list[Block]:
    """Who must act now, or the winner (and how a tie was broken, only when one was)."""
    if view.phase == "over":
        if view.totals is None or not view.winners:
            return []
        text = w.say("torri.board.winner", seats=view.winners, count=len(view.winners),
                     points=view.totals[view.winners[0]])
        blocks = [seat_line(w, view.winners[0], text) if len(view.winners) == 1
                  else lines_block(wrap(text, BODY, INNER, 2), BODY, bold=True)]
        if view.tie_break is not None:
            blocks.append(lines_block(wrap(w.text(view.tie_break), SMALL, INNER, 3)))
        return blocks
    if not view.to_act:
        return []
    seat = view.to_act[0]
    key = "torri.board.to_place" if view.phase == "setup" else "torri.board.to_move"
    return [seat_line(w, seat, w.say(key, seat=seat))]


def players(w: Words, view: View) -> list[Block]:
    """During play: each player's points if the game ended now, gold and pieces left; the
    player to act framed."""
    blocks = [heading(w.say("torri.board.points_now"), w.say("torri.board.bank", bank=view.bank))]
    for s in range(view.seats):
        points = w.say("torri.board.points", points=sum(view.breakdown[s].values()) if view.breakdown else 0)
        detail = " · ".join((w.say("torri.board.gold", gold=view.gold[s]),
                             w.say("torri.board.pieces", count=view.simple_left[s]),
                             w.say("torri.board.battlements", count=view.battlements_left[s])))
        room = INNER - CHIP - 24 - measure(points, BODY, True)
        items: list[Item] = [Outline((X - 8, -3, X + INNER + 6, CHIP + 22))] if s in view.to_act else []
        items += [Chip(X, 0, CHIP, s, w.marks[s]),
                  Text(X + CHIP + 10, CHIP / 2, fit(w.name(s), BODY, room, True), BODY, INK, "lm", True),
                  Text(X + INNER, CHIP / 2, points, BODY, INK, "rm", True),
                  Text(X + CHIP + 10, CHIP - 2, fit(detail, SMALL, INNER - CHIP - 10), SMALL, MUTED)]
        blocks.append(Block(CHIP + 25, items))
    return blocks


def standings(w: Words, view: View) -> list[Block]:
    """At the end: every player best first with their total, and under it the four categories
    in columns headed by their names."""
    assert view.totals is not None
    heads = [w.cat.text_of(f"torri.category.{c}") for c in CATEGORIES]
    widths = [measure(h, SMALL) + 16 for h in heads]
    middle = [X + INNER + 8 - sum(widths[k + 1:]) - widths[k] / 2 for k in range(len(heads))]  # column centres
    blocks = [Block(LINE, [Text(m, 0, h, SMALL, MUTED, "ma") for h, m in zip(heads, middle, strict=True)])]
    for s in sorted(range(view.seats), key=lambda s: (view.ranks[s] if view.ranks else 1, s)):
        total = w.say("torri.board.points", points=view.totals[s])
        room = INNER - CHIP - 40 - measure(total, BODY, True)
        items: list[Item] = [Text(X, CHIP / 2, str(view.ranks[s]) if view.ranks else "", BODY, INK, "lm", True),
                       Chip(X + 18, 0, CHIP, s, w.marks[s]),
                       Text(X + 26 + CHIP, CHIP / 2, fit(w.name(s), BODY, room, True), BODY, INK, "lm", True),
                       Text(X + INNER, CHIP / 2, total, BODY, INK, "rm", True)]
        items += [Text(m, CHIP, str(view.breakdown[s][c]), SMALL, INK, "ma") for c, m in zip(CATEGORIES, middle,
                                                                                            strict=True)]
        blocks.append(Block(CHIP + 26, items))
    return blocks


def centrals(w: Words, view: View) -> list[Block]:
    """Each central tower from its base, left to right, one lettered square per level."""
    limit = "" if view.phase == "over" else w.say("torri.board.limit", limit=view.limit)
    blocks = [heading(w.say("torri.board.centrals"), limit)]
    label_w = max(measure(f"{name} {sq}", SMALL, True) for sq, name in view.centrals.items()) + 10
    per_row = int((INNER - label_w) // (CHIP + 2))
    row_h = CHIP + MERLON + 2  # room for the merlons of a battlement at the end of a row
    for sq, name in sorted(view.centrals.items(), key=lambda kv: kv[1]):
        pieces = view.towers[sq].pieces
        items: list[Item] = [Text(X, CHIP / 2 + 2 + MERLON, f"{name} {sq}", SMALL, INK, "lm", True)]
        for k, piece in enumerate(pieces):
            fill = NEUTRAL if piece.owner is None else player_colour(piece.owner)
            mark = "" if piece.owner is None else w.marks[piece.owner]
            items.append(Piece(X + label_w + (k % per_row) * (CHIP + 2), (k // per_row) * row_h + MERLON, CHIP, fill,
                               mark, piece.battlement, piece.owner is not None))
        blocks.append(Block(max(1, -(-len(pieces) // per_row)) * row_h, items))
    return blocks


def legend(w: Words) -> Block:
    """What the drawings mean that a player may not guess: the neutral stone of the central
    towers, and the merlons of a battlement piece (the tower is closed)."""
    items: list[Item] = []
    x = float(X)
    for key, closing in (("torri.board.neutral", False), ("torri.board.closed", True)):
        items += [Piece(x, MERLON + 6, SLAB + 6, NEUTRAL, "", closing, False),
                  Text(x + SLAB + 16, MERLON + 6 + (SLAB + 6) / 2, w.say(key), SMALL, INK, "lm")]
        x += SLAB + 16 + measure(w.say(key), SMALL) + 28
    return Block(44, items)


def panel(w: Words, view: View) -> Panel:
    """The panel's content from the top, under the title."""
    first, *rest = status_lines(w, view)
    blocks: Panel = [lines_block(wrap(first, HEAD, INNER, 2), HEAD, bold=True)]
    blocks += [lines_block(wrap(line, SMALL, INNER, 2), SMALL, colour=MUTED) for line in rest]
    blocks += [GAP, *acting(w, view), GAP, caption_block(w, view), GAP]
    blocks += standings(w, view) if view.phase == "over" and view.totals is not None else players(w, view)
    return [*blocks, GAP, *centrals(w, view)]
