"""What the board says, read back from the renderer's own blocks: the round of how many and
what ends the game, who must act (by name), the last move with its route in order, the
standing, and at the end the winner, every category of every player, and the tie-break line
only when a tie was broken. Players are named, never called by a colour, and every word the
board can draw has its glyphs in the bundled font."""

from __future__ import annotations

import pytest
from torri_boards import NAMES, boards

from engines.core.game import SYSTEM, TimeUp
from engines.torri.model import Options
from engines.torri.positions import GAME, play, position
from render.common import font
from render.text import LOCALES, catalog
from render.torri.blocks import wrap
from render.torri.pieces import SMALL
from render.torri.renderer import draw_board, draw_private, panel_words
from render.torri.stamps import measure

BOARDS = boards()


def said(state, names=NAMES) -> list[str]:
    return panel_words(GAME.view(state, None), names[: state.seats])


def test_during_play_the_round_of_how_many_what_ends_the_game_and_who_moves_by_name():
    state = position(towers={"B3": "B"}, builders=["B3", "C4", "E4"], turn=4, max_rounds=30)
    lines = said(state)
    assert " ".join(lines).startswith("Round 2 (at most 30) After someone's last piece: this round and one more Bruno to move")
    # the bank's gold on a line of its own after the players: under the points' heading, "bank 50 gold" read
    # as part of "If the game ended now" (the sixth independent look)
    assert "If the game ended now" in lines and lines.index("Gold in the bank: 50") > lines.index("Carla")
    assert lines.count("Anne") == lines.count("Bruno") == lines.count("Carla") == 1
    # Anne: one piece on the board; what she has left says so ("0 battlements" read as none on
    # the board), under her chip too, broken between its parts where it does not fit on one line
    index = lines.index("Has: 0 gold · 13 pieces")
    assert lines[index + 1] == "3 battlement pieces"


@pytest.mark.parametrize("locale", LOCALES)
def test_who_moves_is_a_line_that_begins_with_a_capital_in_every_language(locale):
    """Issue 28: the Italian board read "tocca a Bruno" where English has "Bruno to move" and
    Portuguese "Vez de Bruno"."""
    state = position(towers={"B3": "B"}, builders=["B3", "C4", "E4"], turn=4, max_rounds=30)
    lines = panel_words(GAME.view(state, None), NAMES[: state.seats], locale)
    line = next(text for text in lines if "Bruno" in text)  # who moves comes before the standings
    assert line != "Bruno" and line[0].isupper(), line


def test_once_the_end_is_triggered_the_board_says_which_round_is_the_last():
    assert said(position(triggered_by=0, turn=1))[:2] == ["Round 1 of 2", "End triggered: round 2 is the last"]
    assert said(position(triggered_by=0, turn=4, end_turn=6))[:2] == ["Round 2 of 2", "This is the last round"]


def test_the_set_up_says_who_places_a_builder():
    state = GAME.new_game(3, Options(), 1)
    assert " ".join(said(state)).startswith("Setup Each builder starts on a central tower Anne places a builder "
                                            "No move yet.")
    placed = GAME.apply(state, 0, GAME.parse_action(state, 0, "start Garisenda")).state
    assert "Anne places their builder on the Garisenda tower." in " ".join(said(placed))


def test_the_last_move_names_the_mover_and_its_route_in_the_order_walked():
    state = position(towers={"B2": "B", "C2": "B"}, builders=["B2", "C2", "C2"], gold=[1, 0, 0])
    after = play(state, "D2 via C2 build").state
    text = " ".join(said(after))
    assert "Anne walks B2 › C2 › D2, paying 1 gold to Bruno (1 gold of fees unpaid)." in text
    assert "Builds a piece (new tower, now 1 high) and takes 2 gold from the bank." in text
    back = play(after, "B2", seat=1).state  # Bruno walks the other way: from where he stood
    assert "Bruno walks C2 › B2." in " ".join(said(back))


def test_a_battlement_built_reads_as_one_bracket_not_two():
    state = position(towers={"B2": "B"}, builders=["B2", "C4", "E4"], gold=[5, 0, 0])
    text = " ".join(said(play(state, "C2 battlement").state))
    assert "Builds a battlement piece for 3 gold (new tower, now 1 high) and takes 2 gold from the bank." in text
    assert ") (" not in text


def test_the_final_board_has_the_winner_and_every_category_and_no_tie_break_line_without_a_tie():
    state = position(towers={"B2": "BG", "F6": "Y", "C4": "nBBN", "E4": "nGN"}, builders=["B2", "F6", "C4"],
                     gold=[1, 2, 3], triggered_by=0, over=True)
    view = GAME.view(state, None)
    lines = said(state)
    assert view.winners == [1] and view.totals == [5, 7, 5]  # a tie, but not for the victory
    assert lines[:2] == ["Game over after round 2", "Bruno wins with 7 points"]
    assert ["tops", "towers", "central runs", "gold"] == lines[lines.index("tops"):lines.index("gold") + 1]
    for seat, name in enumerate(NAMES[:3]):
        at = lines.index(name)
        parts = view.breakdown[seat]
        assert lines[at + 1: at + 9] == [f"{view.totals[seat]} points", str(parts["tops"]), "+", str(parts["towers"]),
                                         "+", str(parts["central_runs"]), "+", str(parts["gold"])]  # they add up
    assert view.tie_break is None and not any("tied" in line or "most gold" in line for line in lines)


@pytest.mark.parametrize("gold, expected", [
    ([0, 2], "Anne and Bruno tie on 2 points; Bruno wins with the most gold."),
    ([1, 1], "Anne and Bruno tie on 3 points; Anne and Bruno also tie on gold and share the victory."),
])
def test_the_tie_break_line_appears_when_a_tie_was_broken_or_shared(gold, expected):
    towers = {"B2": "B"} if gold == [0, 2] else {"B2": "B", "D2": "G"}
    state = position(seats=2, towers=towers, builders=["B2", "D3"], gold=gold, triggered_by=0, over=True)
    lines = said(state)
    assert expected in " ".join(lines)
    if gold == [1, 1]:
        assert "Anne and Bruno share the victory with 3 points" in " ".join(lines)


def test_an_early_end_says_the_time_ran_out():
    ended = GAME.apply(position(turn=4), SYSTEM, TimeUp()).state
    lines = said(ended)
    assert lines[:2] == ["Game over in round 2", "The time ran out"]
    assert "The game's time is up: it ends now and is scored as it stands." in " ".join(lines)


@pytest.mark.parametrize("state", [s for _, s in BOARDS], ids=[i for i, _ in BOARDS])
def test_players_are_named_not_called_by_a_colour(state):
    text = " ".join(said(state))
    assert not any(colour in text for colour in ("Blue", "Green", "Yellow", "Red", "blue", "green", "red"))
    assert all(name in text for name in NAMES[: state.seats])


def test_a_long_name_in_a_sentence_is_shortened_at_a_word_never_cut_with_an_ellipsis():
    """Issue 24: "tocca a Giovannibattista …" cut a name at 18 letters; now its first words
    stand for it (the chip beside it tells who), a too-long single word ends with a dot."""
    names = ["Giovannibattista Alessandrini W", "Wolfeschlegelsteinhausenberger W", "Anne-Marguerite de Montmorency-L"]
    for turn, expected in ((3, "Giovannibattista to move"), (4, "Wolfeschlegelstei. to move"),
                           (5, "Anne-Marguerite to move")):
        lines = said(position(turn=turn), names)
        assert expected in " ".join(lines), lines
        assert not any(line.endswith("…") for line in lines[:6]), lines


def test_a_missing_name_shows_as_a_numbered_player():
    assert "Player 3 to move" in said(position(turn=2), ["Anne", "Bruno"])


def _glyph(ch: str) -> tuple:
    mask = font(20).getmask(ch)
    return mask.size, bytes(mask)


def test_every_word_the_board_draws_has_its_glyphs_in_the_bundled_font():
    missing = _glyph("\u0378")  # an unassigned code point: the font's "no glyph" box
    drawn = [t for k, t in catalog().templates.items() if k.startswith(("torri.board.", "torri.event.",
                                                                         "torri.term.", "torri.result.",
                                                                         "torri.category."))]
    texts = [t for v in drawn for t in (v.values() if isinstance(v, dict) else [v])]
    texts += [line for _, state in BOARDS for line in said(state)]
    bad = {ch for text in texts for ch in text if ch.strip() and _glyph(ch) == missing}
    assert not bad, bad


def test_nothing_is_hidden_so_there_is_no_private_image():
    view = GAME.view(position(), 0)
    assert draw_private(view, NAMES[:3]) is None


def test_a_number_wrapped_alone_onto_the_last_line_takes_the_word_before_it():
    text = "Fim da partida após a rodada 25"
    width = measure("Fim da partida após a rodada", SMALL) + 2  # "25" alone would not fit after it
    assert measure(text, SMALL) > width
    assert wrap(text, SMALL, width, 2) == ["Fim da partida após a", "rodada 25"]
    assert wrap("Fim da partida após a rodada", SMALL, measure("Fim da partida", SMALL) + 2, 2) == [
        "Fim da partida", "após a rodada"]  # words are left as they wrap


def test_a_routes_last_step_wrapped_alone_takes_the_square_before_it():
    """The third independent look: "› C1." alone on the last move's last line, in every language."""
    text = "G3 › F3 › E3 › D3 › C3 › C2 › C1."  # a route longer than a line
    width = measure("G3 › F3 › E3 › D3 › C3 › C2", SMALL) + 2  # "› C1." alone would not fit after it
    assert wrap(text, SMALL, width, 2) == ["G3 › F3 › E3 › D3 › C3", "› C2 › C1."]
    # one that fits on a line goes down whole, as beside the mover's chip (the fifth look); it was
    # ["Sofia anda G3 › F3", "› E3 › C1."] while only the line beside the chip kept that rule
    text = "Sofia anda G3 › F3 › E3 › C1."
    width = measure("Sofia anda G3 › F3 › E3", SMALL) + 2
    assert wrap(text, SMALL, width, 2) == ["Sofia anda", "G3 › F3 › E3 › C1."]


def test_the_last_moves_line_beside_the_chip_never_ends_with_an_arrow_nor_leaves_the_last_step_alone():
    """The third independent look: "Andrea walks A2 › B2 › B1 ›" beside the chip, "C1." alone
    under it (seeded game 21, three players, the end). Now: "Andrea walks A2 › B2" / "› B1 › C1."."""
    from bot.cli.demo import NAMES as DEMO
    from bot.cli.gallery import moment

    for seats in (2, 3, 4):
        for stage in (0.05, 0.5, 1.0):
            lines = said(moment("torri", seats, 21, stage), DEMO)
            route = [k for k, line in enumerate(lines) if "›" in line]
            assert route, lines
            assert not lines[route[0]].endswith("›"), lines[route[0]]
            after = lines[route[0] + 1] if route[0] + 1 < len(lines) else ""
            assert not (after.startswith("› ") and len(after.split()) == 2), (lines[route[0]], after)
            assert not (len(after.split()) == 1 and after[:1].isupper() and after[1:2].isdigit()), after
            # nor does its first line stop on a square with the last step alone under it (two seats,
            # the end, once "Last move:" came first: "Bruno walks D4" / "› C4.")
            assert not [line for line in lines if line.startswith("› ") and len(line.split()) == 2], lines


@pytest.mark.parametrize("locale", ["en", "pt-BR", "it"])
def test_the_last_move_is_led_by_a_bold_last_move_before_the_movers_chip(locale):
    """The fourth independent look: "Sofia walks G3 › F3 › E3 › E2" under "Anne wins" read as
    what is happening now. The line opens with "Last move:" in bold, then the mover's chip."""
    from render.torri.blocks import Block, Chip, Text
    from render.torri.panel import panel
    from render.torri.renderer import words_for

    state = position(towers={"B2": "B", "C2": "B"}, builders=["B2", "C2", "C2"], gold=[1, 0, 0])
    view = GAME.view(play(state, "D2 via C2 build").state, None)
    lead = catalog(locale).text_of("torri.board.last_move")
    assert lead == {"en": "Last move:", "pt-BR": "Última jogada:", "it": "Ultima mossa:"}[locale]
    blocks = [b for b in panel(words_for(view, NAMES[:3], locale), view) if isinstance(b, Block)]
    (block,) = [b for b in blocks if any(isinstance(i, Text) and i.text == lead for i in b.items)]
    text = next(i for i in block.items if isinstance(i, Text) and i.text == lead)
    chip = next(i for i in block.items if isinstance(i, Chip))
    words = [i for i in block.items if isinstance(i, Text) and i is not text]
    assert text.bold and chip.seat == 0 and text.x + measure(lead, SMALL, True) < chip.x
    assert words[0].x > chip.x and words[0].text.startswith(NAMES[0]), words[0]


@pytest.mark.parametrize("locale", ["en", "pt-BR", "it"])
def test_at_the_end_the_central_towers_heading_says_their_base_is_at_the_left(locale):
    """The fourth independent look could not tell which end of a central tower's strip is its
    bottom. At the end (no height limit beside the heading any more) the heading says so."""
    from torri_boards import game_states

    from render.torri.blocks import Block, Text
    from render.torri.panel import panel
    from render.torri.renderer import words_for

    view = GAME.view(game_states(3, "")[-1], None)
    order = catalog(locale).text_of("torri.board.centrals_order")
    assert order == {"en": "base at the left", "pt-BR": "base à esquerda", "it": "base a sinistra"}[locale]
    texts = [i for b in panel(words_for(view, NAMES[:3], locale), view) if isinstance(b, Block)
             for i in b.items if isinstance(i, Text)]
    head = next(t for t in texts if t.text == catalog(locale).text_of("torri.board.centrals", count=len(view.centrals)))
    assert any(t.text == order and t.y == head.y and t.x > head.x for t in texts)


@pytest.mark.parametrize("locale", ["en", "pt-BR", "it"])
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_central_towers_heading_agrees_with_how_many_there_are(locale, seats):
    """The fifteenth look: a two-seat board said "Central towers" over Asinelli alone; the heading
    is singular over one tower, plural over two, in each language."""
    from torri_boards import game_states

    from render.torri.blocks import Block, Text
    from render.torri.panel import panel
    from render.torri.renderer import words_for

    view = GAME.view(game_states(seats, "")[0], None)
    texts = {i.text for b in panel(words_for(view, NAMES[:seats], locale), view) if isinstance(b, Block)
             for i in b.items if isinstance(i, Text)}
    one = {"en": "Central tower", "pt-BR": "Torre central", "it": "Torre centrale"}[locale]
    two = {"en": "Central towers", "pt-BR": "Torres centrais", "it": "Torri centrali"}[locale]
    assert (one in texts, two in texts) == ((True, False) if len(view.centrals) == 1 else (False, True))


@pytest.mark.parametrize("locale", ["en", "pt-BR", "it"])
def test_a_route_that_fits_on_a_line_is_never_broken_across_two(locale):
    """The fifth independent look: "Andrea walks C1" / "› C2 › C3." (seeded game 21, three
    players, mid-game) broke the route it had just begun. A route that fits on a line of the
    panel goes down whole: "Last move: ● Andrea walks" / "C1 › C2 › C3."."""
    from bot.cli.demo import NAMES as DEMO
    from bot.cli.gallery import moment
    from render.torri.panel import INNER

    walks = 0
    for seats in (2, 3, 4):
        for stage in (0.05, 0.5, 1.0):
            view = GAME.view(moment("torri", seats, 21, stage), None)
            route = " › ".join(view.last_move)
            if " › " not in route or measure(route + ".", SMALL) > INNER:
                continue
            walks += 1
            lines = panel_words(view, DEMO[:seats], locale)
            assert any(route in line for line in lines), (seats, stage, [x for x in lines if "›" in x])
    assert walks >= 6



def _last_moves(locale: str):
    """Every position of seeded games 21, 11 and 5 at every table with a last move: the seed, the
    table, the state, the board's words, and the lines the panel draws for the last move (its bold
    lead first), at the image's own height."""
    from engines.core.playout import playout
    from engines.core.rng import SplitMix64
    from render.torri.blocks import Block, Text
    from render.torri.panel import panel
    from render.torri.renderer import PANEL_FOOT, PANEL_TOP, image_height, words_for

    lead = catalog(locale).text_of("torri.board.last_move")
    for seed in (21, 11, 5):
        for seats in (2, 3, 4):
            start = GAME.new_game(seats, Options(), seed)
            room = image_height(start.shape, seats, locale) - PANEL_TOP - PANEL_FOOT
            for state in (start, *(after for _, _, after, _ in playout(GAME, start, SplitMix64.from_seed(seed)))):
                view = GAME.view(state, None)
                w = words_for(view, NAMES[:seats], locale)
                texts = [[i.text for i in b.items if isinstance(i, Text)] for b in panel(w, view, room) if isinstance(b, Block)]
                drawn = next((t for t in texts if lead in t), None)
                if drawn is not None:  # None: no move yet
                    yield seed, seats, state, w, view, drawn


@pytest.mark.parametrize("locale", ["en", "pt-BR", "it"])
def test_the_last_move_is_never_cut_short_at_any_table_in_any_language(locale):
    """The lead's look at main's images (stop 44): "Constrói uma peça (sobre a peça de Andrea,
    agora com altura 4) e recebe 1…" (seeded game 21, four players, mid-game): the panel cut the
    last move's sentence. At every position of seeded games at every table the last move's block
    draws every word of it, down to its own last word."""
    from render.torri.panel import caption

    lead = catalog(locale).text_of("torri.board.last_move")
    seen = 0
    for seed, seats, state, w, view, drawn in _last_moves(locale):
        seen += len(drawn) > 5  # "Last move:" and five lines
        assert " ".join(t for t in drawn if t != lead).split() == caption(w, view)[1].split(), (seed, seats, state.turn)
    assert seen > 50, "no long last move: the test no longer covers the case"


@pytest.mark.parametrize("locale", ["en", "pt-BR", "it"])
def test_no_line_of_the_last_move_ends_with_an_arrow_or_leaves_the_last_step_alone(locale):
    """The rule the line beside the chip kept (the third and fifth independent looks) holds on
    every line of the last move: "cammina D4 › D3 › E3 › F3 › F4 ›" / "F5." (seeded game 11, two
    seats, in Italian) broke its route under the chip. Every position of seeded games."""
    for seed, seats, state, _, _, lines in _last_moves(locale):
        for line in lines:
            assert not line.endswith("›"), (seed, seats, state.turn, lines)
            assert not (line.startswith("› ") and len(line.split()) == 2), (seed, seats, state.turn, lines)


@pytest.mark.parametrize("locale", ["en", "pt-BR", "it"])
def test_under_who_is_to_move_the_board_says_what_a_turn_is_where_the_panel_has_room(locale):
    """Issue 24 (the thirteenth look): "Bruno to move", but what may Bruno do? During play, under
    the mover's name, the board says "walks, then may build there" in the line the panel keeps for a
    long name — only where the last move still has every word (that test above) and the mover's
    sentence takes one line: over seeded games, on 98-100% of two-seat boards and 84-96% of four-seat ones."""
    how = catalog(locale).text_of("torri.board.turn_how")
    shown: dict[int, list[bool]] = {2: [], 4: []}
    for _, seats, state, w, view, drawn in _last_moves(locale):
        if seats in shown and state.phase == "play":
            said = [d.what for d in draw_board(view, NAMES[:seats], locale).drawn if d.kind == "text"]
            shown[seats].append(how in said)
            if how in said:  # right under who is to move
                assert said[said.index(how) - 1] == w.say("torri.board.to_move", seat=view.to_act[0]), said[:8]
    assert sum(shown[2]) > 0.9 * len(shown[2]) and sum(shown[4]) > 0.75 * len(shown[4]), {s: (sum(v), len(v)) for s, v in shown.items()}


@pytest.mark.parametrize("locale", ["en", "pt-BR", "it"])
def test_a_verb_goes_down_with_its_route_when_the_route_does_not_fit_beside_the_chip(locale):
    """The fifteenth look read "Last move: ● Anne walks" / "E4 › D4. Builds a piece …" as a walk
    alone (that she also built came a line later). Where the route goes under the chip, the verb
    goes with it: "● Anne" / "walks E4 › D4. Builds …"; every position of seeded games."""
    import re

    lead = catalog(locale).text_of("torri.board.last_move")
    moved = 0
    for seed, seats, state, w, view, drawn in _last_moves(locale):
        lines = [t for t in drawn if t != lead]
        if len(lines) > 1 and re.fullmatch(r"[A-I][1-9]", lines[1].split()[0]):
            raise AssertionError((seed, seats, state.turn, lines[:2]))
        mover = view.last_events[0].params.get("seat") if view.last_events else None
        moved += isinstance(mover, int) and lines[0] == w.name(mover)
    assert moved > 20


@pytest.mark.parametrize("locale", ["en", "pt-BR", "it"])
def test_a_verb_is_never_left_alone_on_its_line_above_its_route(locale):
    """The eighteenth look: "● Sofia" / "anda" / "H8 › H7 › H6 › H5 › G5 › G6 › G7, pagando …": the
    route too long to follow its verb went down whole and left "anda" alone on a line. A route after
    a line's first word is broken at an arrow instead ("anda H8 › H7 › H6 › H5 › G5 › G6" / "› G7, …")."""
    import re

    lead = catalog(locale).text_of("torri.board.last_move")
    square = re.compile(r"[A-I][1-9][.,]?")
    long_routes = 0
    for seed, seats, state, w, view, drawn in _last_moves(locale):
        lines = [t for t in drawn if t != lead]
        for above, below in zip(lines, lines[1:]):
            if square.fullmatch(below.split()[0]):
                assert len(above.split()) > 1 or above in {w.name(s) for s in range(seats)}, (seed, seats, lines[:3])
        long_routes += any(line.split()[0] == "›" for line in lines[1:])
    assert long_routes > 0
