"""Le Torri di Bologna: the panel beside the board, drawn from a view.

From the top (under the title): the round of how many and what ends the game; who must act
or, at the end, the winner and, only when a tie was broken, how; the last move in words (who
did what, the route in the order it was walked); the players (points if the game ended now,
gold and pieces left, the one to act framed) or, at the end, the standings with every
category; the central towers level by level with the height limit they set. Every player is
shown by name with their shape in their colour.
"""

from __future__ import annotations

import re
from dataclasses import replace

from engines.core.messages import Msg
from engines.torri.model import BANK_GOLD, SIMPLE_PIECES, View
from engines.torri.scoring import CATEGORIES
from render.canvas import RGB
from render.palette import INK, player_colour
from render.text import catalog
from render.torri.blocks import (
    INNER,
    Block,
    Chip,
    Item,
    Outline,
    Panel,
    Piece,
    Plinth,
    Text,
    Words,
    X,
    fit,
    height,
    keep_together,
    wrap,
)
from render.torri.pieces import BODY, HEAD, MERLON, NEUTRAL, SMALL
from render.torri.stamps import measure

SQUARE = re.compile(r"[A-I][1-9]")  # a square of the route, as the last move's words give it
CHIP = 34  # a player's chip (17 px inline)
LINE = 27  # a line of SMALL text
GAP = 8  # between sections
RAISE = 5  # px: how far the points' heading sits into the gap above it (see players)
CAPTION_LINES = 4  # the last move's lines an image has room for where it stays landscape (longer: the panel closes up)
MAX_LINES = 12  # the last move's lines at most: more than any sentence needs, so it is never cut
TIGHT = 3  # between sections, where the last move needs the room
TIGHT_LINE = 25  # between lines of SMALL text there (its letters are 22 px from accent to tail)
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
    """A section's heading, with a figure at its right (under it when both do not fit)."""
    rw = measure(right, SMALL, bold=True) + 10 if right else 0  # "Torres centrais  altura máxima 4" on one line
    if measure(left, SMALL) <= INNER - rw:
        items: list[Item] = [Text(X, 0, left, SMALL, MUTED)]
        if right:
            items.append(Text(X + INNER, 0, right, SMALL, INK, "ra", bold=True))
        return Block(LINE, items)
    lines = wrap(left, SMALL, INNER, 2)
    items = [Text(X, k * LINE, line, SMALL, MUTED) for k, line in enumerate(lines)]
    if right:
        items.append(Text(X + INNER, len(lines) * LINE, right, SMALL, INK, "ra", bold=True))
    return Block(LINE * (len(lines) + (1 if right else 0)), items)


def groups(parts: list[str], size: int, width: float) -> list[str]:
    """Parts joined by " · " into lines no wider than ``width``, a part never split."""
    lines: list[str] = []
    for part in parts:
        trial = f"{lines[-1]} · {part}" if lines else part
        if lines and measure(trial, size) <= width:
            lines[-1] = trial
        else:
            lines.append(fit(part, size, width))
    return lines


def seat_line(w: Words, seat: int, text: str) -> Block:
    """A player's chip, then a sentence about them on one line, or two when it is longer."""
    lines = wrap_bold(text, BODY, INNER - CHIP - 10, 2)
    step = BODY + 8
    items: list[Item] = [Chip(X, 0, CHIP, seat)]
    items += [Text(X + CHIP + 10, CHIP / 2 + k * step, line, BODY, INK, "lm", True) for k, line in enumerate(lines)]
    return Block(CHIP + 6 + step * (len(lines) - 1), items)


def wrap_bold(text: str, size: int, width: float, lines: int) -> list[str]:
    """``wrap`` for bold text (wider than regular): each line measured bold."""
    out: list[str] = []
    for word in text.split():
        trial = f"{out[-1]} {word}" if out else word
        if out and measure(trial, size, True) <= width:
            out[-1] = trial
        elif len(out) < lines:
            out.append(word)
        else:
            out[-1] = fit(out[-1] + " " + word, size, width, True)
    return [fit(line, size, width, True) for line in out]


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


def caption_block(w: Words, view: View, lines: int = MAX_LINES, step: int = LINE) -> Block:
    """The last move: "Last move:" in bold, the mover's chip, its first line beside them (under
    them when the mover's name does not fit there), the rest under them, ``step`` apart, in at most
    ``lines`` lines."""
    mover, text = caption(w, view)
    lead = w.say("torri.board.last_move")  # in bold first: the words under the winner read as the action now
    lead_w = measure(lead, SMALL, True) + 8
    if mover is None:
        return lines_block(wrap(text, SMALL, INNER, lines))
    room = INNER - lead_w - CHIP - 10
    words = text.split(" ")
    kept = len(wrap(text, SMALL, room, 2)[0].split(" ")) if measure(words[0], SMALL) <= room else 0
    # "Bruno walks D4" / "› C4.": "D4 › C4." goes under the chip together; a route that fits on a line, whole
    kept = keep_together(words, kept, lambda a, b: measure(" ".join(words[a:b]), SMALL) <= INNER)
    named = len(w.name(mover).split())
    if named < kept < len(words) and SQUARE.fullmatch(words[kept]) and text.startswith(w.name(mover)):
        kept = named  # "Anne walks" / "E4 › D4. Builds …" read as a walk alone: the verb goes down with its route
    first = " ".join(words[:kept])
    rest = text[len(first):].strip()
    more = wrap(rest, SMALL, INNER, lines - 1 if first else lines) if rest and (lines > 1 or not first) else []
    items: list[Item] = [Text(X, CHIP / 2 + 1, lead, SMALL, INK, "lm", True), Chip(X + lead_w, 0, CHIP, mover),
                         Text(X + lead_w + CHIP + 10, CHIP / 2 + 1, first, SMALL, INK, "lm")]
    items += [Text(X, CHIP + 2 + k * step, line, SMALL) for k, line in enumerate(more)]
    return Block(CHIP + 4 + step * len(more), items)


def acting(w: Words, view: View, how: bool = False) -> list[Block]:
    """Who must act now, or the winner (and how a tie was broken, only when one was); ``how``: what
    a turn is under the mover's name, where it fits the line the panel keeps for a long name."""
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
    line = seat_line(w, seat, w.say(key, seat=seat))
    turn = w.say("torri.board.turn_how")
    if not how or view.phase == "setup" or line.height > CHIP + 6 or measure(turn, SMALL) > INNER - CHIP - 10:
        return [line]
    # what a turn is, in the second line the panel keeps for a long name (the thirteenth look: "to move", but how?)
    return [Block(CHIP + 6 + BODY + 8, [*line.items, Text(X + CHIP + 10, CHIP / 2 + BODY + 8, turn, SMALL, MUTED,
                                                             "lm")])]


def players(w: Words, view: View, step: int = LINE, bank: bool = True) -> list[Block]:
    """During play: each player's points if the game ended now (and the gold in the bank where
    ``bank``), then "Left:" and their gold and pieces (the second independent look read "0
    battlements" as none on the board), lines ``step`` apart; the player to act framed."""
    now, gold = w.say("torri.board.points_now"), w.say("torri.board.bank", bank=view.bank) if bank else ""
    alone = bank and measure(now, SMALL) + measure(gold, SMALL, True) + 10 > INNER
    head = heading(now, "" if alone else gold)
    # raised into the gap above it, so that its descenders stay clear of the frame of a first player to act
    blocks = [Block(head.height, [replace(t, y=t.y - RAISE) if isinstance(t, Text) else t for t in head.items])]
    for s in range(view.seats):
        points = w.say("torri.board.points", points=sum(view.breakdown[s].values()) if view.breakdown else 0)
        detail = " · ".join((w.say("torri.board.left") + " " + w.say("torri.board.gold", gold=view.gold[s]),
                             w.say("torri.board.pieces", count=view.simple_left[s]),
                             w.say("torri.board.battlements", count=view.battlements_left[s])))
        room = INNER - CHIP - 24 - measure(points, BODY, True)
        lines = groups(detail.split(" · "), SMALL, INNER)  # under the chip too: one line where it fits
        tall = CHIP + step * len(lines) + 2 + LINE - step  # the frame of the player to act clears the descenders
        items: list[Item] = [Outline((X - 8, -3, X + INNER + 6, tall))] if s in view.to_act else []
        items += [Chip(X, 0, CHIP, s),
                  Text(X + CHIP + 10, CHIP / 2, w.fitted(s, BODY, room), BODY, INK, "lm", True),
                  Text(X + INNER, CHIP / 2, points, BODY, INK, "rm", True)]
        items += [Text(X, CHIP - 2 + k * step, line, SMALL, MUTED) for k, line in enumerate(lines)]
        blocks.append(Block(tall + 3, items))
    if alone:  # where the two do not share a line, the bank's gold after the players, a line of its own (under
        # "If the game ended now", "bank 28 gold" read as part of it: the sixth independent look)
        blocks.append(Block(LINE, [Text(X, 0, w.say("torri.board.bank_line", bank=view.bank), SMALL, MUTED)]))
    return blocks


def column_head(w: Words, category: str) -> str:
    """A category's head over the end breakdown: the runs' in one word where the category's two would
    take two lines ("torres" beside "centrais", under "sequências", read as "torres centrais", the central
    towers: the fourteenth look)."""
    return w.cat.text_of("torri.board.col_runs" if category == "central_runs" else f"torri.category.{category}")


def standings(w: Words, view: View) -> list[Block]:
    """At the end: every player best first with their total, and under it the four categories
    in columns headed by their names, with a "+" between them: they add up to the total."""
    assert view.totals is not None
    heads = [[column_head(w, c)] for c in CATEGORIES]
    if sum(measure(h[0], SMALL) + 16 for h in heads) > INNER + 8:  # past the panel: two-word heads on two lines
        heads = [h[0].split(" ", 1) for h in heads]
    widths = [max(measure(part, SMALL) for part in h) + 16 for h in heads]
    middle = [X + INNER + 8 - sum(widths[k + 1:]) - widths[k] / 2 for k in range(len(heads))]  # column centres
    rows = max(len(h) for h in heads)
    # a head on two lines ends on the line of the others ("topos torres sequências / centrais ouro" read as
    # a fifth head under the row); a "+" stands between two heads, where one column ends and the next begins
    blocks = [Block(LINE * rows + 6, [Text(m, LINE * (rows - len(h) + j), part, SMALL, MUTED, "ma")
                                      for h, m in zip(heads, middle, strict=True) for j, part in enumerate(h)])]
    pluses = [X + INNER + 8 - sum(widths[k:]) for k in range(1, len(heads))]
    for s in sorted(range(view.seats), key=lambda s: (view.ranks[s] if view.ranks else 1, s)):
        total = w.say("torri.board.points", points=view.totals[s])
        room = INNER - CHIP - 40 - measure(total, BODY, True)
        items: list[Item] = [Text(X, CHIP / 2, str(view.ranks[s]) if view.ranks else "", BODY, INK, "lm", True),
                       Chip(X + 18, 0, CHIP, s),
                       Text(X + 26 + CHIP, CHIP / 2, w.fitted(s, BODY, room), BODY, INK, "lm", True),
                       Text(X + INNER, CHIP / 2, total, BODY, INK, "rm", True)]
        for k, (c, m) in enumerate(zip(CATEGORIES, middle, strict=True)):  # "20 + 13 + 2 + 17": they add up
            if k:
                items.append(Text(pluses[k - 1], CHIP, "+", SMALL, MUTED, "ma"))
            items.append(Text(m, CHIP, str(view.breakdown[s][c]), SMALL, INK, "ma"))
        blocks.append(Block(CHIP + 26, items))
    return blocks


def centrals(w: Words, view: View, whole: bool = False) -> list[Block]:
    """Each central tower from its base, left to right, one lettered square per level, on one
    line: a tower taller than the line shows its height on a tag, then its top levels (as the
    board shows a tall tower). ``whole`` (where the panel has room, during play as at the end, so that the
    central runs can be checked): such a tower's name on a line of its own and every level
    under it, on as many lines as it takes."""
    # at the end, where no limit holds, which end of a strip is the tower's base ("base at the left")
    limit = (w.say("torri.board.centrals_order") if view.phase == "over"
             else w.say("torri.board.limit", limit=view.limit))
    blocks = [heading(w.say("torri.board.centrals", count=len(view.centrals)), limit)]
    label_w = max(measure(f"{name} {sq}", SMALL, True) for sq, name in view.centrals.items()) + 10
    per_row = int((INNER - label_w) // (CHIP + 2))
    per_line = int((INNER + 2) // (CHIP + 2))
    row_h = CHIP + MERLON + 2  # room for the merlons of a battlement at the end of the row
    for sq, name in sorted(view.centrals.items(), key=lambda kv: kv[1]):
        pieces = view.towers[sq].pieces
        if whole and len(pieces) > per_row:
            items: list[Item] = [Text(X, 0, f"{name} {sq}", SMALL, INK, bold=True)]
            for k, piece in enumerate(pieces):
                fill = NEUTRAL if piece.owner is None else player_colour(piece.owner)
                items.append(Piece(X + (k % per_line) * (CHIP + 2), LINE + MERLON + (k // per_line) * row_h, CHIP,
                                   fill, piece.owner, piece.battlement))
            blocks.append(Block(LINE + row_h * -(-len(pieces) // per_line), items))
            continue
        items = [Text(X, CHIP / 2 + 2 + MERLON, f"{name} {sq}", SMALL, INK, "lm", True)]
        shown = pieces
        if len(pieces) > per_row:
            shown = pieces[len(pieces) - (per_row - 1):]
            items.append(Plinth(X + label_w, MERLON, CHIP, len(pieces)))
        first = per_row - len(shown) if len(pieces) > per_row else 0
        for k, piece in enumerate(shown, start=first):
            fill = NEUTRAL if piece.owner is None else player_colour(piece.owner)
            items.append(Piece(X + label_w + k * (CHIP + 2), MERLON, CHIP, fill, piece.owner, piece.battlement))
        blocks.append(Block(row_h, items))
    return blocks


def tallest(seats: int, locale: str, towers: int = 2, caption: int = 3) -> int:
    """The tallest the panel can be with its last move on ``caption`` lines, during play or at
    the end, in this language (the widest numbers each line can hold), with ``towers`` central
    towers: the image is at least this tall with three, so a panel never runs off it, and this
    tall with more where it stays landscape (``panel`` narrows the gaps for a longer move)."""
    w = Words(catalog(locale), [])
    def lines(texts: list[str], size: int) -> int:
        return max((len(wrap(t, size, INNER, 2)) for t in texts), default=0)

    def status(firsts: list[str], seconds: list[str]) -> int:
        return (HEAD + 8) * lines([w.say(k, round=40, max=40, last=40) for k in firsts], HEAD) + LINE * lines(
            [w.say(k, last=40) for k in seconds], SMALL)

    playing = status(["torri.board.round", "torri.board.round_of", "torri.board.setup"],
                     ["torri.board.ends", "torri.board.setup_how", "torri.board.end_triggered_at", "torri.board.last_round"])
    ended = max(status(["torri.board.over"], []), status(["torri.board.over_early"], ["torri.board.time_up"]))
    mover = CHIP + 6 + BODY + 8  # who acts, on two lines
    last_move = CHIP + 4 + (caption - 1) * LINE  # the first line beside the mover's chip
    limit = w.say("torri.board.limit", limit=99)
    centrals = height([heading(w.say("torri.board.centrals", count=towers), limit)]) + towers * (CHIP + MERLON + 2)
    detail = [w.say("torri.board.left") + " " + w.say("torri.board.gold", gold=BANK_GOLD),
              w.say("torri.board.pieces", count=SIMPLE_PIECES),
              w.say("torri.board.battlements", count=9)]
    row = CHIP + LINE * len(groups(detail, SMALL, INNER)) + 5  # as players() draws a row
    play = height([heading(w.say("torri.board.points_now"), w.say("torri.board.bank", bank=BANK_GOLD))]) + seats * row
    winner = 2 * (BODY + 8) + 3 * LINE  # the winners on two lines, a tie broken on three
    heads = [column_head(w, c) for c in CATEGORIES]
    over = LINE * (2 if sum(measure(h, SMALL) + 16 for h in heads) > INNER + 8 else 1) + 6 + seats * (CHIP + 26)
    return 3 * GAP + last_move + GAP + max(playing + mover + play, ended + winner + over) + GAP + centrals


def panel(w: Words, view: View, room: int | None = None) -> Panel:
    """The panel's content from the top, under the title. The last move is never cut: where the
    whole would be taller than ``room`` (the image keeps its size), its sections and lines close
    up, then the central towers keep one line each (a tall one its top levels), then the bank's gold goes; only a
    panel that does not fit even so gives the last move fewer lines (its post has every word)."""
    tries = [(False, True), (True, True), (False, False), (True, False)]
    for how in (True, False):  # what a turn is, under the mover, only where the rest keeps its room
        for tight, every in tries:
            content = _content(w, view, tight, every, MAX_LINES, how=how)
            if room is None or height(content) <= room:
                return content
    content = _content(w, view, True, False, MAX_LINES, bank=False)  # the bank's line, the least a player needs
    lines = MAX_LINES
    while lines > 1 and room is not None and height(content) > room:
        lines -= 1
        content = _content(w, view, True, False, lines, bank=False)
    return content


def _content(w: Words, view: View, tight: bool, whole: bool, lines: int, bank: bool = True,
             how: bool = False) -> Panel:
    """The panel, its sections and lines closer together where ``tight``, every level of the
    central towers where ``whole``, the last move in at most ``lines`` lines and the bank's gold
    where ``bank``."""
    gap, step = (TIGHT, TIGHT_LINE) if tight else (GAP, LINE)
    first, *rest = status_lines(w, view)
    head: Panel = [lines_block(wrap(first, HEAD, INNER, 2), HEAD, bold=True)]
    head += [lines_block(wrap(line, SMALL, INNER, 2), SMALL, colour=MUTED) for line in rest]
    head += [gap, *acting(w, view, how), gap]
    tail: Panel = [gap]
    tail += standings(w, view) if view.phase == "over" and view.totals is not None else players(w, view, step, bank)
    tail += [gap, *centrals(w, view, whole)]
    return [*head, caption_block(w, view, lines, step), *tail]
