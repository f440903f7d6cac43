"""A turn told as one sentence where the record has several events (engines/leonardo/telling.py):
forced sales by one firm, payments to one firm for the same reason. Issue 24/28: a six-seat market
took three chat lines and a board's last move ran past its lines; four forced sales took four."""

from __future__ import annotations

import pytest

from bot.play import presenting, registry, workers
from bot.play.spectate import seen_at
from bot.store import GameRow, LoggedAction, Seat
from engines.core.messages import Msg
from engines.core.playout import playout
from engines.core.rng import SplitMix64, seed_text
from engines.leonardo.telling import told
from render.leonardo.renderer import draw_board
from render.text import Style, words

NAMES = ["Anne", "Bruno", "Carla", "Dino", "Elena", "Fabio"]
NAMED = Style(seat=lambda s: NAMES[s])
ENGINE = registry.get("leonardo").engine


def _firm(seat: int) -> Msg:
    return Msg("leo.term.firm", members=[seat], size=1)


def _sold(seat: int, name: str, number: int, florins: int) -> Msg:
    return Msg("leo.event.sold_back", firm=_firm(seat), name=name, space=number, art="", florins=florins)


def _paid(payer: int, payee: int, amount: int, why: str = "leo.term.why_bet") -> Msg:
    return Msg("leo.event.paid", firm=_firm(payer), payee=_firm(payee), amount=amount, why=Msg(why))


@pytest.mark.parametrize("locale, sold, collected", [
    ("en", "Dino is short of florins and sells back to the bank Vicolo del Moro (4) for 20 florins and "
           "Via della Scala (8) for 35 florins.",
     "Bruno collects 50 florins from Dino, 250 florins from Elena and 1 florin from Anne (market bet)."),
    ("it", "Dino non ha abbastanza fiorini e rivende alla banca Vicolo del Moro (4) per 20 fiorini e "
           "Via della Scala (8) per 35 fiorini.",
     "Bruno riceve 50 fiorini da Dino, 250 fiorini da Elena e 1 fiorino da Anne (scommessa al mercato)."),
    ("pt-BR", "Dino não tem florins suficientes e vende de volta ao banco Vicolo del Moro (4) por 20 florins e "
              "Via della Scala (8) por 35 florins.",
     "Bruno recebe 50 florins de Dino, 250 florins de Elena e 1 florim de Anne (aposta no mercado)."),
])
def test_sales_of_one_firm_and_payments_to_one_firm_are_told_as_one_sentence(locale, sold, collected):
    msgs = [_sold(3, "Vicolo del Moro", 4, 20), _sold(3, "Via della Scala", 8, 35),
            _paid(3, 1, 50), _paid(4, 1, 250), _paid(0, 1, 1)]
    assert [words(m, NAMED, locale=locale) for m in told(msgs)] == [sold, collected]


def test_only_neighbours_of_one_firm_and_one_reason_are_joined():
    toll = _paid(0, 1, 5, "leo.term.why_tribute")
    alone = [_sold(3, "Vicolo del Moro", 4, 20), _sold(2, "Via della Scala", 8, 35), _paid(3, 1, 50), toll,
             _paid(4, 1, 250), _paid(4, 2, 10)]
    assert told(alone) == alone  # another seller, another reason, another payee: each its own sentence
    assert told([]) == [] and told([toll]) == [toll]


def test_a_corporation_collecting_is_said_with_its_contracted_preposition():
    pair = Msg("leo.term.firm", members=[0, 1], size=2)
    msgs = [Msg("leo.event.paid", firm=pair, payee=_firm(2), amount=5, why=Msg("leo.term.why_bet")),
            Msg("leo.event.paid", firm=_firm(3), payee=_firm(2), amount=5, why=Msg("leo.term.why_bet"))]
    assert "da la corporazione" not in words(told(msgs)[0], NAMED, locale="it")
    assert "5 fiorini dalla corporazione di Anne e Bruno" in words(told(msgs)[0], NAMED, locale="it")
    assert "5 florins da corporação de Anne e Bruno" in words(told(msgs)[0], NAMED, locale="pt-BR")


def _joined_turn():
    """A six-seat random game's first turn with several sales or payments joined: its seed, the state
    after it and the log up to it as stored (actions and events in their JSON form)."""
    for seed in range(1, 40):
        before, entries = ENGINE.new_game(6, ENGINE.options_model(), seed), []
        for seq, (seat, action, after, events) in enumerate(playout(ENGINE, before, SplitMix64.from_seed(seed)), 1):
            stored = [e.model_dump(mode="json") for e in events]
            entries.append(LoggedAction(seq, seat, ENGINE.action_adapter.dump_json(action).decode(), [], "", stored))
            public = [e.msg for e in events if e.to is None]
            if len(told(public)) < len(public):
                return seed, after, entries
    raise AssertionError("no joined turn in 39 games")


def test_the_chat_the_board_and_the_web_page_tell_a_turn_with_the_joined_sentences():
    seed, after, entries = _joined_turn()
    entry = entries[-1]
    row = GameRow(1, 7, 1, "leonardo", {}, seed_text(seed), "active", 11, "", None, entry.seq, None,
                  seats=[Seat(s, 11 + s, n) for s, n in enumerate(NAMES)])
    lines = presenting.public_lines(row, entry, "en")
    assert 0 < len(lines) < len(entry.public_events())
    assert any(" collects " in line or " sells back to the bank " in line for line in lines), lines
    drawn = " ".join(d.what for d in draw_board(ENGINE.view(after, None), NAMES, "en").drawn if d.kind == "text")
    assert " collects " in drawn or " sells back to the bank " in drawn
    page = seen_at(workers.ref(registry.get("leonardo")), row, entries, entry.seq, "en")
    assert " collects " in page["log"][-1] or " sells back to the bank " in page["log"][-1], page["log"][-1]


def test_a_move_is_told_before_what_its_marker_met_on_the_way():
    """The engine records the indemnity of Piazza Maggiore and a bridge's toll as the marker passes,
    before where it stops; the seventh look read "Receives the indemnity … Moves 7" as the wrong
    order. The move now comes first; another firm's events and the spin stay where they were."""
    spin = Msg("leo.event.spin", firm=_firm(0), number=7)
    indemnity = Msg("leo.event.indemnity", firm=_firm(0), amount=100)
    toll = _paid(0, 1, 5, "leo.term.why_toll")
    moved = Msg("leo.event.moved", firm=_firm(0), steps=7, name="Mercato Nuovo", space=3)
    assert told([spin, indemnity, toll, moved]) == [spin, moved, indemnity, toll]
    other = Msg("leo.event.indemnity", firm=_firm(2), amount=100)
    assert told([spin, other, moved]) == [spin, other, moved]
    said = words(told([indemnity, moved])[0], NAMED, locale="en")
    assert said.startswith("Anne moves 7 spaces to Mercato Nuovo (3)")
