"""The final scores panel: every architect's coins, contracts, height and grouping objectives
and total, ranked; the winner's line stands out; the tie-break line only when a tie for first
place was broken (or the victory shared).

One row per architect, across the page right below the town on every end board (it stood
beside the town with two or three architects and below it with four), its rows as tall as the
room the end board keeps allows (``grow``)."""

from __future__ import annotations

from render.bella_vista.blocks import HEAD, Block, Words, heading
from render.bella_vista.draw import (
    BAND,
    BODY,
    CHIP,
    HEADING,
    MUTED,
    SMALL,
    TITLE,
    BoardCanvas,
    People,
    chip_name,
    line_height,
    text_width,
)
from render.bella_vista.rich import draw_rich, rich_height
from render.palette import INK

CATEGORY_WORDS = {"coins": "col_coins", "contracts": "col_contracts", "height_objective": "col_height",
                  "grouping_objective": "col_grouping"}


def scores(view, people: People, w: Words, tie_words: str, grow: int = 0) -> Block:
    """``grow``: px more per architect's row (from 16 on larger figures, from 48 larger still),
    for an end board with room to spare."""
    ranked = sorted(view.scores, key=lambda s: (s.rank, s.seat))
    keys = list(ranked[0].breakdown)
    labels = [w(CATEGORY_WORDS.get(k, k)) for k in keys] + [w("col_total")]
    colw = max(max(text_width(c, SMALL, True) for c in labels) + 16, 70)
    rank_w = max(text_width(w("col_rank"), SMALL, True), 40) + 12
    wide_w = rank_w + 220 + colw * len(labels)
    row = CHIP + 10 + grow
    big = TITLE if grow >= 48 else HEADING if grow >= 16 else BODY

    def values(s) -> list[int]:
        return [s.breakdown.get(k, 0) for k in keys] + [s.total]

    def measure(width: int) -> int:
        tie = rich_height(tie_words, people, BODY, width) + 6 if tie_words else 0
        return HEAD + line_height(SMALL) + 8 + len(ranked) * row + tie

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
            mid = y + (row - 10) / 2
            canvas.text((x, mid), f"{s.rank}.", big, INK, "lm", bold=True)
            chip_name(canvas, x + rank_w, mid - line_height(big) / 2, s.seat, people, big,
                      xs[0] - colw - x - rank_w + 10)
            for i, (cx, v) in enumerate(zip(xs, values(s), strict=True)):
                canvas.text((cx, mid), str(v), big, INK, "rm", bold=i == len(labels) - 1)
            y += row
        return y

    def draw(canvas: BoardCanvas, x: int, y: int, width: int) -> None:
        heading(canvas, x, y, width, w("final"))
        y += HEAD
        y = draw_wide(canvas, x, y, width)
        if tie_words:
            draw_rich(canvas, x, y + 4, width, tie_words, people, BODY)

    return Block(wide_w, measure, draw)
