"""The legend of Leonardo's board as a newcomer reads it: each district's pattern with its name on it,
and samples that look like no player's piece (real boards, every language)."""

from __future__ import annotations

import pytest
from leo_helpers import G, ready

from engines.leonardo.components import board
from render.leonardo.renderer import draw_board
from render.leonardo.ring import CENTRE
from render.palette import PLAYER_COLOURS
from render.text import catalog
from tests.render.colour_science import ciede2000

NAMES = ["Anne", "Bruno", "Carla", "Dario", "Elena", "Fabio"]
LOCALES = ("en", "pt-BR", "it")


def _legend(canvas, kind: str) -> list:
    """What the centre drew of ``kind`` ("text" or "piece"), the ring's left out."""
    return [d for d in canvas.drawn if d.kind == kind and CENTRE[0] < d.box[0] and d.box[2] < CENTRE[2]
            and CENTRE[1] < d.box[1] and d.box[3] < CENTRE[3]]


def _left_of(canvas, text) -> object:
    """The piece just left of a text, on its line (the sample it explains)."""
    row = [p for p in _legend(canvas, "piece") if p.box[2] <= text.box[0] + 1
           and p.box[1] < text.box[3] and text.box[1] < p.box[3]]
    return max(row, key=lambda p: p.box[2])


@pytest.mark.parametrize("locale", LOCALES)
def test_each_districts_pattern_is_named_on_it(locale):
    canvas = draw_board(G.view(ready(0, n=4), None), NAMES[:4], locale)
    words = catalog(locale)
    texts = _legend(canvas, "text")
    for d in board().districts:
        name = words.text_of(f"leo.board.district_{d.id}")
        drawn = [t for t in texts if t.what == name]
        assert len(drawn) == 1, (locale, name)
        x0, y0, x1, y1 = drawn[0].box
        assert [p for p in _legend(canvas, "piece") if p.what == "district" and p.box[0] <= x0 and x1 <= p.box[2]
                and p.box[1] <= y0 and y1 <= p.box[3]], (locale, name)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_held_office_sample_is_in_no_players_colour(locale):
    """A newcomer read the sample filled with the second seat's red as that player's office."""
    canvas = draw_board(G.view(ready(0, n=6, offices={1: [9]}), None), NAMES, locale)
    text = next(t for t in _legend(canvas, "text") if t.what == catalog(locale).text_of("leo.board.key_held"))
    x0, y0, x1, y1 = _left_of(canvas, text).box
    inner = [canvas.image.getpixel((round(x), round(y))) for x in range(round(x0) + 6, round(x1) - 6)
             for y in range(round(y0) + 6, round(y1) - 6)]
    for seat, colour in enumerate(PLAYER_COLOURS):
        like = sum(1 for p in inner if ciede2000(p[:3], colour) < 10)
        assert like < 0.2 * len(inner), (locale, seat, like, len(inner))


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_district_counts_under_the_names_have_a_head(locale, players):
    """Issue 24: the "1/3" beside a district's pattern under each player's name was explained
    nowhere; a head over the names' column says what it counts, whole, left of the columns'
    heads and above the first row."""
    from test_leonardo_render import _holdings_game

    from render.leonardo.frame import X0
    from render.leonardo.panel import table_top

    view = _holdings_game(players)
    canvas = draw_board(view, NAMES[:players], locale)
    top = table_top(view, locale)
    head = [t for t in _legend(canvas, "text") if abs(t.box[0] - X0) < 6 and top <= t.box[1] < top + 48]
    words = " ".join(t.what for t in sorted(head, key=lambda t: t.box[1]))
    assert words == catalog(locale).text_of("leo.board.col_holdings"), (locale, words)
    rank = next(t for t in _legend(canvas, "text") if t.what == catalog(locale).text_of("leo.board.col_rank"))
    assert all(t.box[2] < rank.box[0] for t in head)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("players", [2, 6])
def test_the_final_board_keeps_the_legend_under_the_standings(locale, players):
    """Issue 24: the final board erased its legend, so the last move's dashed trail and the
    ring's marks were explained nowhere; it keeps the legend where every board has it, the
    standings and their note above it, the picture as large as in play."""
    from bot.cli.gallery import moment
    from render.leonardo.legend import legend_top
    from render.leonardo.ring import moves

    states = [moment("leonardo", players, 21, stage) for stage in (0.5, 1.0)]
    playing, canvas = (draw_board(G.view(s, None), NAMES[:players], locale) for s in states)
    assert states[1].phase == "over"
    trail = ["leo.board.key_moved"] if moves(G.view(states[1], None)) else []  # a trail on the ring (6 seats)
    assert trail or players == 2
    assert canvas.image.size == playing.image.size
    words = catalog(locale)
    texts = _legend(canvas, "text")
    for key in [*trail, "leo.board.key_pawn", "leo.board.key_owner", "leo.board.districts"]:
        drawn = [t for t in texts if t.what == words.text_of(key)]
        assert drawn and drawn[0].box[1] >= legend_top(locale), (locale, key)
    above = [t.what for t in texts if t.box[1] < legend_top(locale) - 6 and t.box[3] > legend_top(locale)]
    assert not above, (locale, above)  # the standings and their note end above it


@pytest.mark.parametrize("locale", LOCALES)
def test_the_key_explains_only_what_is_on_the_board(locale):
    """Issue 24: the key said "at stake", "office held" and "last move" on boards with nothing
    at stake, no office held and no move yet, which a newcomer looked for on the ring. An entry
    is drawn while its thing is on the board, in the key's place on every board."""
    words = catalog(locale)
    absent = ("leo.board.key_stake", "leo.board.key_held", "leo.board.key_moved", "leo.board.key_owner",
              "leo.board.key_art")
    start = [t.what for t in _legend(draw_board(G.view(ready(0, n=4), None), NAMES[:4], locale), "text")]
    assert not [k for k in absent if words.text_of(k) in start], locale
    assert words.text_of("leo.board.key_pawn") in start and words.text_of("leo.board.key_office") in start
    state = ready(0, pos=20, roll=3, n=4, owner={2: 1}, art={2: [30]}, offices={1: [9]})
    state = G.apply(state, 0, G.parse_action(state, 0, "spin")).state  # Anne lands on Via Larga (23): at stake
    shown = [t.what for t in _legend(draw_board(G.view(state, None), NAMES[:4], locale), "text")]
    assert all(words.text_of(k) in shown for k in absent), locale


@pytest.mark.parametrize("locale", LOCALES)
def test_the_key_shows_a_bridges_waves(locale):
    """Issue 24: the bridges' blue waves on the ring were not in the legend."""
    canvas = draw_board(G.view(ready(0, n=3), None), NAMES[:3], locale)
    text = next(t for t in _legend(canvas, "text") if t.what == catalog(locale).text_of("leo.board.key_bridge"))
    assert _left_of(canvas, text).what == "bridge"


@pytest.mark.parametrize("locale", LOCALES)
def test_the_keys_office_samples_are_the_rings_own(locale):
    """Issue 24: the key showed a hatched seal for "office held" where the ring showed a seal
    filled in the holder's colour beside their shape. Each office sample is drawn by the ring's
    code: the free seal as on a free office worth 30, the held one as on an office worth 30 held
    by the first seat, their holder's shape beside it as on the ring."""
    from render.leonardo.ring import cell_box

    canvas = draw_board(G.view(ready(0, n=4, offices={0: [3]}), None), NAMES[:4], locale)
    words = catalog(locale)
    pieces = [d for d in canvas.drawn if d.kind == "piece"]

    def crop(box):
        return canvas.image.crop(tuple(round(v) for v in box)).tobytes()

    def ring_seal(number):
        x0, y0, x1, y1 = cell_box(number)
        return next(p for p in pieces if p.what == "seal" and x0 <= p.box[0] and p.box[2] <= x1 and y0 <= p.box[1]
                    and p.box[3] <= y1)

    for key, number in (("leo.board.key_office", 17), ("leo.board.key_held", 3)):
        text = next(t for t in _legend(canvas, "text") if t.what == words.text_of(key))
        sample, ring = _left_of(canvas, text), ring_seal(number)
        assert sample.what == "seal" and crop(sample.box) == crop(ring.box), (locale, key)
    held = next(t for t in _legend(canvas, "text") if t.what == words.text_of("leo.board.key_held"))
    seal = _left_of(canvas, held)
    holders = [p for p in pieces if p.what == "holder"]
    on_ring = next(p for p in holders if p.box[2] <= ring_seal(3).box[0] and p.box[1] < ring_seal(3).box[3]
                   and ring_seal(3).box[1] < p.box[3] and cell_box(3)[0] <= p.box[0])
    in_key = next(p for p in holders if p.box[2] <= seal.box[0] and p.box[1] < seal.box[3] and seal.box[1] < p.box[3]
                  and CENTRE[0] < p.box[0])
    assert in_key.box[2] - in_key.box[0] == on_ring.box[2] - on_ring.box[0]
    assert seal.box[0] - in_key.box[2] == ring_seal(3).box[0] - on_ring.box[2]


@pytest.mark.parametrize("locale", LOCALES)
def test_each_districts_swatch_is_large_and_in_the_rings_tone(locale):
    """Issue 24: the legend's district swatches were 14 px tall at 550, their names covering most
    of them, and S. Giovanni, S. Croce and S. Marco looked alike; each is now as tall as the key's
    samples (17 px at 550), all six still on one line, in the tone of its district's bands on the ring."""
    from collections import Counter

    from render.canvas import INLINE_WIDTH
    from render.leonardo.ring import DISTRICT_LOOK

    canvas = draw_board(G.view(ready(0, n=4), None), NAMES[:4], locale)
    swatches = sorted((p for p in _legend(canvas, "piece") if p.what == "district"), key=lambda p: p.box[0])
    assert len(swatches) == 6 and len({p.box[1] for p in swatches}) == 1, locale
    for d, p in zip(board().districts, swatches, strict=True):
        x0, y0, x1, y1 = (round(v) for v in p.box)
        assert (y1 - y0) * INLINE_WIDTH / canvas.width >= 17, (locale, d.id, y1 - y0)
        tone = Counter(canvas.image.getpixel((x, y)) for x in range(x0 + 2, x1 - 1) for y in range(y0 + 2, y1 - 1))
        assert DISTRICT_LOOK[d.id][0] in [c[:3] for c, _ in tone.most_common(2)], (locale, d.id)  # and its pattern
