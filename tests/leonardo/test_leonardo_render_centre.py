"""The centre of Leonardo's board reads as one block at Discord's 550 px: its words in ink (a
newcomer found five grey lines scattered through it) and no hyphenated word cut at its hyphen
(real boards from seeded games, the canvas's own record of what it drew)."""

from __future__ import annotations

import pytest
from leo_helpers import G

from engines.core.playout import playout
from engines.core.rng import SplitMix64
from engines.leonardo.model import Options
from render.leonardo.legend import legend_top
from render.leonardo.renderer import draw_board
from render.leonardo.ring import CENTRE
from render.palette import INK
from render.text import catalog

NAMES = ["Anne", "Bruno", "Carla", "Dario", "Elena", "Fabio"]
LOCALES = ("en", "pt-BR", "it")


def _middle(players: int):
    """A seeded game's view from a third of the way on, nobody bankrupt (a bankrupt's row is
    greyed on purpose), with actions told before the last."""
    start = G.new_game(players, Options(max_rounds=6), 5)
    states = [s for _, _, s, _ in playout(G, start, SplitMix64.from_seed(5))]
    for state in states[len(states) // 3:]:
        view = G.view(state, None)
        if all(f.active for f in view.firms) and view.earlier and not view.over:
            return view
    raise AssertionError("no such moment")


def _centre_texts(canvas, locale: str):
    """The texts of the centre above the legend."""
    bottom = legend_top(locale)
    return [d for d in canvas.drawn if d.kind == "text" and d.what.strip() and CENTRE[0] < d.box[0]
            and d.box[2] < CENTRE[2] and CENTRE[1] < d.box[1] and d.box[3] < bottom]


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_word_of_the_centre_is_in_ink(players, locale):
    canvas = draw_board(_middle(players), NAMES[:players], locale)
    image = canvas.image.convert("RGB")
    before = catalog(locale).text_of("leo.board.before")
    texts = _centre_texts(canvas, locale)
    assert before in [t.what for t in texts]  # the actions before the last move are there
    grey = []
    for t in texts:
        x0, y0, x1, y1 = (round(v) for v in t.box)
        if not any(image.getpixel((x, y)) == INK for x in range(x0, x1) for y in range(y0, y1)):
            grey.append(t.what)
    assert grey == [], (players, locale)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_men_at_arms_is_never_cut_at_a_hyphen(players):
    said = draw_board(_middle(players), NAMES[:players], "en").said
    assert catalog("en").text_of("leo.board.col_men") in said
    assert not [w for w in said if w.endswith("-") and len(w) > 1]


def test_a_spaces_number_never_starts_a_line():
    """A space's number in brackets stays on the line of the name before it: at six seats the
    last move's line broke as "… Moves 10 to Via dei Serragli" / "(16).", and a newcomer read the
    lone "(16)." as a new item. Drawn at every width from narrow to wide, no line starts with one."""
    import re

    from render.leonardo.look import TEXT, LeoCanvas, Run

    text = "Andrea spins the Machina de la Sorte: 10. Moves 10 to Via dei Serragli (16). Pays Bruno 5 florins (toll)."
    starts = []
    for room in range(200, 1100, 7):
        canvas = LeoCanvas(1200, 400, (255, 255, 255))
        Run(TEXT).words(text).draw(canvas, 0, 0, room, 8, 30)
        starts += [line for line in canvas.said if re.match(r"\(\d+\)", line)]
    assert starts == []


@pytest.mark.parametrize("locale", LOCALES)
def test_a_label_inside_a_line_is_never_split_nor_left_without_what_follows(locale: str):
    """The "decided" label in the middle of who must act: at four seats in pt-BR the line broke
    as "… Via San Gallo (26) Já" / "decidiu: ■". Drawn at every width from narrow to wide, the
    label is drawn whole, and on the line of the chip after it."""
    from render.leonardo.look import TEXT, LeoCanvas, Run

    words = catalog(locale)
    label = words.text_of("leo.board.decided", count=1)
    split, alone = [], []
    for room in range(200, 1100, 7):
        canvas = LeoCanvas(1200, 400, (255, 255, 255))
        run = Run(TEXT).words(words.text_of("leo.board.to_act"), bold=True).words("Bruno, Sofia – Via San Gallo (26)")
        run.words(label, bold=True).chip(0, "")
        run.draw(canvas, 0, 0, room, 8, 30)
        if label not in canvas.said:
            split.append((room, canvas.said))
            continue
        text = next(d.box for d in canvas.drawn if d.what == label)
        mark = canvas.pieces[-1]
        if not text[1] < (mark[1] + mark[3]) / 2 < text[3] + 6:
            alone.append((room, text, mark))
    assert split == [] and alone == []


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_while_a_market_is_open_the_board_says_what_a_bet_pays(locale: str, players: int):
    """The seventh look: "when players must bet at a market, the products and their numbers are
    not shown, nor the Lose-All numbers 4, 7, 9, 11: a bettor can't decide from the picture".
    On every market of a seeded game, at every table size and in every language, the board says
    each product's two numbers, what a bet pays and the numbers where the opener takes all."""
    from render.leonardo.panel import market_key

    key = " ".join(market_key(catalog(locale)).split())
    state, markets = G.new_game(players, Options(), 31), 0
    for _, _, state, _ in playout(G, state, SplitMix64.from_seed(31)):  # noqa: B020
        if state.phase == "market" and markets < 4:
            markets += 1
            said = " ".join(draw_board(G.view(state, None), NAMES[:players], locale).said)
            assert key in said, (markets, said)
    assert markets


@pytest.mark.parametrize("text", ["rendita 280", "renda 105", "rendita 45"])
def test_a_lone_pawn_beside_two_lines_of_words_keeps_its_size(text: str):
    """The seventh look: "a player's marker shrinks when the space label wraps" (Italian "rendita
    105" on two lines: the pawn under it at its least size, against a large one in English). A
    pawn alone stands right of the short second line, at least as large as under one line."""
    from render.leonardo.ring import label_lines, pawn_beside, pawn_grid

    assert len(label_lines(text)) == 2
    one_line = pawn_grid(1, False, "rent 280")[0]
    beside = pawn_beside(1, False, text)
    assert beside is not None and beside[0] >= min(one_line, 44) > pawn_grid(1, False, text)[0]


def test_no_space_is_at_stake_once_the_game_is_over():
    """The eighth look: "at stake" stayed striped on space 29 of a finished two-seat game (seed 41
    ended on its last round's declined offer, nobody able to bid): the engine kept the space as
    offered. It no longer does; and a game stored before, with the space still offered, draws its
    final board with nothing at stake, as its key already did."""
    from PIL import ImageChops

    start = G.new_game(2, Options(), 41)
    *_, (_, _, end, _) = playout(G, start, SplitMix64.from_seed(41))
    view = G.view(end, None)
    assert view.over and view.buy_space is None
    stored_before = view.model_copy(update={"buy_space": 29})
    drawn = [draw_board(v, NAMES[:2], "en").image.convert("RGB") for v in (view, stored_before)]
    assert ImageChops.difference(*drawn).getbbox() is None
