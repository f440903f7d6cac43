"""The final scores panel: every architect's coins, contracts, height and grouping objectives
and total, ranked; the winner's line stands out; the tie-break line only when a tie for first
place was broken (or the victory shared).

Wide, one row per architect; in a narrower column, one column per architect (chip, mark and
name on top) and one row per category, so the panel fits beside a tall town."""

from __future__ import annotations

from render.bella_vista.blocks import HEAD, Block, Words, heading
from render.bella_vista.draw import (
    BAND,
    BODY,
    CHIP,
    MUTED,
    SMALL,
    BoardCanvas,
    People,
    chip,
    chip_name,
    fit,
    line_height,
    text_width,
)
from render.bella_vista.rich import draw_rich, rich_height
from render.common import name_that_fits
from render.palette import INK

CATEGORY_WORDS = {"coins": "col_coins", "contracts": "col_contracts", "height_objective": "col_height",
                  "grouping_objective": "col_grouping"}


def scores(view, people: People, w: Words, tie_words: str) -> Block:
    ranked = sorted(view.scores, key=lambda s: (s.rank, s.seat))
    keys = list(ranked[0].breakdown)
    labels = [w(CATEGORY_WORDS.get(k, k)) for k in keys] + [w("col_total")]
    colw = max(max(text_width(c, SMALL, True) for c in labels) + 16, 70)
    rank_w = max(text_width(w("col_rank"), SMALL, True), 40) + 12
    wide_w = rank_w + 220 + colw * len(labels)
    label_w = max(text_width(c, BODY) for c in [*labels, w("col_rank")]) + 16
    narrow_w = label_w + len(ranked) * 96
    row = CHIP + 10

    def values(s) -> list[int]:
        return [s.breakdown.get(k, 0) for k in keys] + [s.total]

    def measure(width: int) -> int:
        tie = rich_height(tie_words, people, BODY, width) + 6 if tie_words else 0
        if width >= wide_w:
            return HEAD + line_height(SMALL) + 8 + len(ranked) * row + tie
        return HEAD + CHIP + line_height(SMALL) + 12 + (len(labels) + 1) * line_height(BODY) + 8 + tie

    def draw_wide(canvas: BoardCanvas, x: int, y: int, width: int) -> int:
        right = x + width
        xs = [right - colw * (len(labels) - 1 - i) for i in range(len(labels))]
        canvas.text((x, y), w("col_rank"), SMALL, MUTED, bold=True)
        canvas.text((x + rank_w, y), w("col_player"), SMALL, MUTED, bold=True)
        for cx, c in zip(xs, labels, strict=True):
            canvas.text((cx, y), c, SMALL, MUTED, "ra", bold=True)
        y += line_height(SMALL) + 8
        for s in ranked:
            if s.rank == 1:
                canvas.draw.rectangle((x - 6, y - 4, right + 4, y + row - 6), fill=BAND)
            canvas.text((x, y + CHIP / 2), f"{s.rank}.", BODY, INK, "lm", bold=True)
            chip_name(canvas, x + rank_w, y + (CHIP - line_height(BODY)) / 2, s.seat, people, BODY,
                      xs[0] - colw - x - rank_w + 10)
            for i, (cx, v) in enumerate(zip(xs, values(s), strict=True)):
                canvas.text((cx, y + CHIP / 2), str(v), BODY, INK, "rm", bold=i == len(labels) - 1)
            y += row
        return y

    def draw_narrow(canvas: BoardCanvas, x: int, y: int, width: int) -> int:
        step = (width - label_w) / len(ranked)
        lh = line_height(BODY)
        body = CHIP + line_height(SMALL) + 12
        for n, s in enumerate(ranked):
            cx = x + label_w + n * step
            if s.rank == 1:
                canvas.draw.rectangle((cx + 2, y - 4, cx + step - 2, y + body + (len(labels) + 1) * lh + 4), fill=BAND)
            chip(canvas, cx + step - 10 - CHIP, y, s.seat)
            canvas.text((cx + step - 10, y + CHIP + 4), fit(name_that_fits(people.name(s.seat), lambda t: text_width(t, SMALL, True) <= step - 12),
                                                               SMALL, int(step - 12), True),
                        SMALL, INK, "ra", bold=True)
        y += body
        rows = [(w("col_rank"), [f"{s.rank}." for s in ranked])]
        rows += [(label, [str(values(s)[i]) for s in ranked]) for i, label in enumerate(labels)]
        for i, (label, cells) in enumerate(rows):
            last = i == len(rows) - 1
            canvas.text((x, y), label, BODY, INK if last else MUTED, bold=last)
            for n, v in enumerate(cells):
                canvas.text((x + label_w + (n + 1) * step - 10, y), v, BODY, INK, "ra", bold=last or i == 0)
            y += lh
        return y + 8

    def draw(canvas: BoardCanvas, x: int, y: int, width: int) -> None:
        heading(canvas, x, y, width, w("final"))
        y += HEAD
        y = draw_wide(canvas, x, y, width) if width >= wide_w else draw_narrow(canvas, x, y, width)
        if tie_words:
            draw_rich(canvas, x, y + 4, width, tie_words, people, BODY)

    return Block(min(narrow_w, wide_w), measure, draw)
