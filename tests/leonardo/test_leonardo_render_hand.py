"""A Leonardo player's hand image: each palazzo with the works of art on it and their values,
the works waiting to be placed, the firm's whole capital; only for the seat's own eyes, and
no image where it would add nothing to the text."""

from __future__ import annotations

from leo_helpers import G, do, ready
from PIL import ImageChops

from engines.leonardo.positions import next_art
from render.canvas import MIN_PIECE_INLINE, MIN_TEXT_INLINE
from render.leonardo.renderer import LeonardoRenderer, draw_board, draw_private

NAMES = ["Anne", "Bruno", "Carla"]


def _owner_with_art():
    """Anne owns Via dei Calzaiuoli (2) with works worth 150 and 30, and Ponte Vecchio (5);
    she has just bought two more works, worth 70 and 100."""
    state = next_art(ready(0, owner={2: 0, 5: 0, 27: 1}, art={2: [150, 30], 27: [50]}, florins={0: 300}), [70, 100])
    return do(state, 0, "art 2").state


def test_each_palazzo_shows_its_works_of_art_and_their_values():
    canvas = draw_private(G.view(_owner_with_art(), 0), NAMES)
    said = canvas.said
    assert "2  Via dei Calzaiuoli" in said and "5  Ponte Vecchio" in said
    assert said.count("150") == 1 and said.count("30") == 1  # the two works on space 2
    assert "price 60 · rent 90" in said  # 30 x 3 with two works
    assert "price 50, toll 5 per crossing" in said
    assert "Works of art to display (type “place” and a palazzo’s space):" in said and "70" in said and "100" in said
    assert "Your capital now: 200 florins + 110 in palazzi and bridges + 180 in works of art = 490. On the board, without the works of art: 310." in " ".join(said)
    assert "50" not in said  # Bruno's work of art on Via dei Bardi is his secret


def test_the_hand_is_readable_at_550_px():
    canvas = draw_private(G.view(_owner_with_art(), 0), NAMES)
    assert canvas.inline_text() >= MIN_TEXT_INLINE and canvas.inline_piece() >= MIN_PIECE_INLINE


def test_no_image_where_it_would_add_nothing():
    state = _owner_with_art()
    assert draw_private(G.view(state, None), NAMES) is None  # a spectator
    assert draw_private(G.view(state, 2), NAMES) is None  # Carla owns nothing, has drawn nothing
    assert LeonardoRenderer().private(G.view(state, 2), NAMES) is None


def test_a_sealed_bid_shows_in_the_bidders_hand_only():
    state, _ = do(ready(0, pos=20, roll=3, n=3, owner={2: 1}), 0, "spin")
    state, _ = do(state, 0, "decline")
    state, _ = do(state, 1, "bid 35")
    assert "Your sealed bid: 35." in draw_private(G.view(state, 1), NAMES).said
    assert draw_private(G.view(state, 2), NAMES) is None


def test_a_hidden_value_changes_only_its_owners_hand():
    a = ready(0, owner={2: 0}, art={2: [30]})
    b = ready(0, owner={2: 0}, art={2: [150]})
    r = LeonardoRenderer()
    assert ImageChops.difference(r.private(G.view(a, 0), NAMES), r.private(G.view(b, 0), NAMES)).getbbox()
    assert r.private(G.view(a, 1), NAMES) is None and r.private(G.view(b, 1), NAMES) is None


def test_every_card_line_of_the_hand_fits_its_card_in_every_language():
    """Issue 24: the Italian and Portuguese palazzo line ('prezzo 60, un visitatore paga…') was cut
    before the amount a visitor pays; every palazzo's and bridge's line, with the largest rent its
    works of art and district can bring, fits the card whole in every language."""
    from engines.leonardo.components import board, cards
    from render.leonardo.hand import CARD_W
    from render.leonardo.look import SMALL, drawable, width
    from render.text import catalog

    top = max(cards().income_multipliers) * 2  # four works of art and the whole district
    for locale in ("en", "pt-BR", "it"):
        words = catalog(locale)
        for sp in board().spaces:
            if not sp.buyable:
                continue
            if sp.kind == "bridge":
                line = words.text_of("leo.board.hand_bridge", price=sp.price, amount=cards().bridge_toll)
            else:
                line = words.text_of("leo.board.hand_palazzo", price=sp.price, amount=(sp.price or 0) // 2 * top)
            assert width(drawable(line), SMALL) <= CARD_W - 20, (locale, sp.number, line)


def test_the_hand_shows_the_firms_men_and_offices_and_names_the_art_tiles():
    """Issue 24: the board's table shows a seat's men-at-arms and its seals its offices, the hand
    neither; and the gold tiles' numbers were not said to be the works' values. Every language."""
    from engines.leonardo.components import office_at
    from render.text import catalog

    state = ready(0, owner={2: 0}, art={2: [150]}, men={0: 2}, offices={0: [9]})
    title = office_at(9).title
    for locale in ("en", "pt-BR", "it"):
        words = catalog(locale)
        said = " ".join(draw_private(G.view(state, 0), NAMES, locale).said)
        assert f"{words.text_of('leo.board.hand_men')} 2" in said, (locale, said)
        assert f"{words.text_of('leo.board.hand_offices')} 30 {title} (9)" in said, (locale, said)  # its seal's price
        assert words.text_of("leo.board.hand_art") in said, (locale, said)


def test_the_hand_draws_each_office_held_as_its_seal_on_the_board_on_a_line_of_its_own():
    """Issue 24: the men-at-arms and the offices held were one sentence; each has its own line now,
    and each office held is drawn before its name as its seal is on the board (its price in it,
    ringed in its holder's colour, their shape beside it)."""
    from render.leonardo.ring import cell_box
    from render.text import catalog

    state = ready(0, owner={2: 0}, art={2: [150]}, men={0: 2}, offices={0: [9]})
    board = draw_board(G.view(state, None), NAMES)
    x0, y0, x1, y1 = cell_box(9)
    ring = next(d for d in board.drawn if d.kind == "piece" and d.what == "seal" and x0 <= d.box[0] and d.box[2] <= x1
                and y0 <= d.box[1] and d.box[3] <= y1)
    for locale in ("en", "pt-BR", "it"):
        words = catalog(locale)
        canvas = draw_private(G.view(state, 0), NAMES, locale)
        texts = [d for d in canvas.drawn if d.kind == "text"]
        men = next(t for t in texts if t.what == words.text_of("leo.board.hand_men"))
        label = next(t for t in texts if t.what.startswith(words.text_of("leo.board.hand_offices")))
        assert men.box[3] <= label.box[1], locale  # a line each
        seals = [d for d in canvas.drawn if d.kind == "piece" and d.what == "seal"]
        assert len(seals) == 1 and label.box[2] <= seals[0].box[0], locale
        crop = [tuple(round(v) for v in d.box) for d in (seals[0], ring)]
        assert canvas.image.crop(crop[0]).tobytes() == board.image.crop(crop[1]).tobytes(), locale
        assert [d for d in canvas.drawn if d.kind == "piece" and d.what == "holder"], locale


def test_each_empty_frame_on_a_palazzo_card_says_it_is_empty():
    """Issue 24: the empty frames beside a palazzo's works of art were explained nowhere; each says
    'empty' (a work of art may be placed there; 'free' read as 'costs nothing'), inside its frame,
    in every language."""
    from render.text import catalog

    state = ready(0, owner={2: 0}, art={2: [150]})
    for locale in ("en", "pt-BR", "it"):
        free = catalog(locale).text_of("leo.board.hand_empty")
        canvas = draw_private(G.view(state, 0), NAMES, locale)
        said = [d for d in canvas.drawn if d.kind == "text" and d.what == free]
        assert len(said) == 3 and all(d.within is not None for d in said), (locale, [d.what for d in canvas.drawn])


def test_the_hand_says_the_game_and_where_it_stands_and_that_an_empty_frame_is_empty():
    """Issue 24: the hand had no header (a newcomer did not know which game or round it showed,
    nor, at the end, that the game was over), and its empty frames said "free", read as "costs
    nothing". Its first line is now the game's title and its round, or that it is over and why (the
    board's words); an empty frame says "empty", in every language."""
    from engines.core.game import SYSTEM, TimeUp
    from render.text import catalog

    playing = ready(0, owner={2: 0}, art={2: [150]})
    ended = G.apply(playing, SYSTEM, TimeUp()).state
    for locale in ("en", "pt-BR", "it"):
        words = catalog(locale)
        said = draw_private(G.view(playing, 0), NAMES, locale).said
        assert said[0] == "Leonardo (1988)", (locale, said[:2])
        assert said[1] == "– " + words.text_of("leo.board.round", round=1, rounds=12), (locale, said[:2])
        assert said.count(words.text_of("leo.board.hand_empty")) == 3, (locale, said)
        assert "free" not in said and "livre" not in said and "libero" not in said, locale
        final = draw_private(G.view(ended, 0), NAMES, locale).said
        board = draw_board(G.view(ended, None), NAMES, locale).said
        over = next(s for s in board if s.startswith(words.text_of("leo.status.over", round=1, reason="")[:8]))
        assert any(over.split(":")[0] in s for s in final[:3]), (locale, final[:3], over)


def test_a_name_and_what_follows_it_are_joined_by_an_en_dash_not_a_hyphen():
    """Issue 24: "Bruno - the start of a turn", "Andrea - capital 1377" read clumsily at 550 px;
    the board and the hand join a name (or the title) and what follows with an en dash "–", which
    the bundled font draws, in every language, during the game and at its end."""
    from engines.core.game import SYSTEM, TimeUp
    from render.common import wide_letters

    assert "–" in wide_letters()
    playing = ready(0, owner={2: 0}, art={2: [150]})
    ended = G.apply(playing, SYSTEM, TimeUp()).state
    for locale in ("en", "pt-BR", "it"):
        said = []
        for state in (playing, ended):
            said += draw_board(G.view(state, None), NAMES, locale).said
            said += draw_private(G.view(state, 0), NAMES, locale).said
        assert not [s for s in said if s.startswith("- ") or " - " in s], (locale, said)
        assert [s for s in said if s.startswith("– ")], (locale, said)


def test_each_empty_frame_leaves_room_around_its_word_at_550_px():
    """Issue 24 (round 4): "empty" filled its frame edge to edge (1.5 px each side at full size),
    crammed at 550 px. Each empty frame now leaves at least 5 px at 550 px on either side of its
    word, in every language."""
    from render.canvas import INLINE_WIDTH
    from render.text import catalog

    state = ready(0, owner={2: 0}, art={2: [150]})
    for locale in ("en", "pt-BR", "it"):
        word = catalog(locale).text_of("leo.board.hand_empty")
        canvas = draw_private(G.view(state, 0), NAMES, locale)
        scale = INLINE_WIDTH / canvas.width
        for d in (d for d in canvas.drawn if d.kind == "text" and d.what == word):
            assert d.within is not None
            room = min(d.box[0] - d.within[0], d.within[2] - d.box[2]) * scale
            assert room >= 5, (locale, room)


def test_the_hand_at_the_end_says_the_seats_place_and_final_capital():
    """Issue 24 (round 4): at the end the hand said only that the game was over, not how the seat
    did. Its line under the header now gives the seat's place among the players and its final
    capital (the result's, public once the game is over), in every language."""
    from engines.core.game import SYSTEM, TimeUp
    from render.text import catalog

    ended = G.apply(ready(0, owner={2: 0}, art={2: [150]}), SYSTEM, TimeUp()).state
    for seat in (0, 1):
        view = G.view(ended, seat)
        assert view.result is not None
        score = next(s for s in view.result.scores if s.seat == seat)
        for locale in ("en", "pt-BR", "it"):
            words = catalog(locale)
            canvas = draw_private(view, NAMES, locale)
            if canvas is None:
                continue
            line = words.text_of("leo.board.hand_result", rank=score.rank, seats=len(view.result.scores),
                                 total=score.total)
            assert line in canvas.said, (locale, seat, canvas.said[:6])
            said = " ".join(canvas.said)  # the capital's sum is the final one, not "now"
            final = words.text_of("leo.board.hand_capital_final", florins=0, palazzi=0, art=0, total=0).split(":")[0]
            now = words.text_of("leo.board.hand_capital", florins=0, palazzi=0, art=0, total=0).split(":")[0]
            assert final in said and now not in said, (locale, seat)


def test_four_works_waiting_to_be_placed_are_all_shown_in_every_language():
    """Issue 24 (round 4): the palazzo cards' frames grew wider to give "empty" room; the works
    waiting to be placed keep their size, so four of them still fit beside their line's words."""
    state = do(next_art(ready(0, owner={2: 0, 5: 0}, florins={0: 600}), [70, 100, 150, 30]), 0, "art 4").state
    for locale in ("en", "pt-BR", "it"):
        said = draw_private(G.view(state, 0), NAMES, locale).said
        assert said[-4:] == ["70", "100", "150", "30"], (locale, said[-5:])


def test_each_palazzo_card_says_how_much_of_its_district_the_firm_holds():
    """The ninth look: the hand never said how far a district was from being whole (its rents
    doubled), and the board drops that line at six seats. Each palazzo card's band now says
    "district 1/3" at its right, and "district 3/3: rent ×2" once the firm holds it all."""
    from engines.leonardo.components import district_spaces, space

    # Anne holds Via dei Calzaiuoli (2) and all of its district but one; Bruno the other
    district = space(2).district
    assert district is not None
    others = [n for n in district_spaces(district) if n != 2]
    owner = {2: 0, **{n: 0 for n in others[:-1]}, others[-1]: 1}
    said = draw_private(G.view(ready(0, owner=owner), 0), NAMES).said
    total = len(district_spaces(district))
    assert said.count(f"district {total - 1}/{total}") == total - 1, said
    whole = {**owner, others[-1]: 0}
    said = draw_private(G.view(ready(0, owner=whole), 0), NAMES).said
    assert said.count(f"district {total}/{total}: rent ×2") == total, said
    for locale, word in (("pt-BR", "bairro"), ("it", "quart.")):
        said = draw_private(G.view(ready(0, owner=whole), 0), NAMES, locale).said
        assert sum(t.startswith(f"{word} {total}/{total}: ") for t in said) == total, (locale, said)


def test_a_palazzo_cards_district_share_fits_beside_every_name_in_every_language():
    """The name comes first and is never cut for the share; the share, at its longest ("district
    4/4: rent ×2"), fits beside the longest name in every language, so no card goes without it."""
    from engines.leonardo.components import board, cards
    from render.leonardo.hand import CARD_W
    from render.leonardo.look import SMALL, TEXT, drawable, width
    from render.text import catalog

    for locale in ("en", "pt-BR", "it"):
        words = catalog(locale)
        share = words.text_of("leo.board.hand_district_whole", held=4, total=4, times=cards().district_multiplier)
        for sp in board().spaces:
            if sp.district:
                title = f"{sp.number}  {drawable(sp.name)}"
                assert width(title, TEXT, True) + width(share, SMALL, True) + 16 <= CARD_W - 20, (locale, title)


def test_the_hand_says_your_turn_and_what_for_while_the_seat_owes_a_decision():
    """Issue 24 (the twelfth look): the board says who is to act, but a player's own hand, the
    image only they see, did not say that it was their turn. It now says so under its title, with
    what the game waits for (the board's words), while the seat owes a decision: not once its
    sealed bid is in (that line says the bid). A seat the game is not waiting for reads whom it
    waits for instead, as the board's "To act" line (the thirteenth and fourteenth looks). At a
    sealed auction it says what one may bid, and the palazzo's price (the fifteenth look)."""
    from render.leonardo.awaited import stake
    from render.text import catalog

    state = ready(0, pos=20, roll=3, n=3, owner={2: 1, 5: 2, 4: 0})
    for locale in ("en", "pt-BR", "it"):
        words = catalog(locale)
        mine = words.text_of("leo.board.hand_your_turn")
        said = draw_private(G.view(state, 0), NAMES, locale).said
        assert said[2:4] == [mine, words.text(stake(G.view(state, 0)))], (locale, said[:5])
        bruno = draw_private(G.view(state, 1), NAMES, locale).said  # Anne's turn, not Bruno's: whom it waits for
        assert mine not in bruno and bruno[2:4] == [words.text_of("leo.board.to_act"), "Anne – " + said[3]], bruno[:6]
    state, _ = do(state, 0, "spin")
    state, _ = do(state, 0, "decline")
    state, _ = do(state, 1, "bid 35")
    bruno = draw_private(G.view(state, 1), NAMES).said
    assert "Your sealed bid: 35." in bruno and "Your turn:" not in bruno and bruno[2:4] == ["To act:", "Carla – sealed bids for Via Larga (23) ·"]
    carla = draw_private(G.view(state, 2), NAMES).said
    assert carla[2:4] == ["Your turn:", "sealed bids for Via Larga (23) – bid 5 to 250 florins or pass (price 90)"]
    for locale, told in (("pt-BR", "lance de 5 a 250 florins ou passe (preço 90)"),
                         ("it", "offri da 5 a 250 fiorini o passa (prezzo 90)")):
        assert draw_private(G.view(state, 2), NAMES, locale).said[3].endswith(told), locale  # the fifteenth look


def test_at_the_start_of_a_turn_the_game_waits_for_a_spin_when_no_work_of_art_can_be_bought():
    """Issue 24 (the fifteenth look): "Anne – buying works of art or spinning" while Anne had 0
    florins. The board's "To act" line and the hand say "spinning" where the player whose turn it
    is cannot buy a work of art (no florins for one, none left, no palazzo with room, or one bought
    this turn), and the choice where they can."""
    from render.leonardo.awaited import stake
    from render.text import catalog

    words = catalog("en")
    rich = ready(0, pos=20, n=3, owner={10: 0}, florins={0: 250})
    poor = ready(0, pos=20, n=3, owner={10: 0}, florins={0: 40})
    no_room = ready(0, pos=20, n=3, florins={0: 250})  # no palazzo to display one on
    assert rich.phase == poor.phase == no_room.phase == "start"
    assert words.text(stake(G.view(rich, 1))) == "buying works of art or spinning"
    assert words.text(stake(G.view(poor, 1))) == "spinning"
    assert words.text(stake(G.view(no_room, 1))) == "spinning"
    for locale, told in (("pt-BR", "giro da Machina"), ("it", "rotazione della Machina")):
        assert catalog(locale).text(stake(G.view(poor, 0))) == told
    said = draw_board(G.view(poor, None), NAMES).said
    assert any("spinning" in line for line in said) and not any("buying works of art" in line for line in said)


def test_while_its_works_of_art_count_the_hand_gives_the_boards_figure_too():
    """Issue 24 (the eighteenth look): the board's "florins + palazzi" said 360 for Anne, her hand
    "= 460" (with her works of art, whose values only she sees), and the two read as two totals.
    During play the hand also gives the board's figure, as the board's column draws it."""
    from render.leonardo.panel import public_capital
    from render.text import catalog

    state = ready(0, owner={2: 0}, art={2: [150]})
    view = G.view(state, 0)
    firm = next(f for f in view.firms if 0 in f.members)
    board = draw_board(G.view(state, None), NAMES, "en")
    shown = public_capital(next(f for f in G.view(state, None).firms if 0 in f.members))
    assert str(shown) in board.said
    for locale in ("en", "pt-BR", "it"):
        said = " ".join(draw_private(view, NAMES, locale).said)
        tail = catalog(locale).text_of("leo.board.hand_capital_board", capital="", shown=shown).strip()
        assert tail in said, (locale, said[:300])
        assert f"= {shown + 150}" in said, (locale, said[:300])  # the whole capital, its works of art included
