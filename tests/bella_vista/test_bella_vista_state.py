"""Serialisation, replay, refusals, notation and secrecy."""

from __future__ import annotations

import pytest
from bv_helpers import GAME, act, new

from engines.bella_vista import Options, State, View
from engines.bella_vista.positions import constructing_now, with_coins, with_contract_row
from engines.bella_vista.positions import with_building as put
from engines.bella_vista.state import action_adapter
from engines.core.errors import GameOver, IllegalAction, NotYourTurn, UnknownAction
from engines.core.messages import Msg
from engines.core.playout import playout
from engines.core.rng import Rng
from render.text import words


def _random_game(seats, seed, layout="random"):
    state = GAME.new_game(seats, Options(layout=layout), seed)
    log = []
    for seat, action, after, events in playout(GAME, state, Rng.from_seed(seed + 99)):
        log.append((seat, action, events))
        state = after
    return state, log


def test_json_round_trips():
    state, log = _random_game(3, 11)
    assert State.model_validate_json(state.model_dump_json()) == state
    assert State.model_validate_json(state.model_dump_json()).model_dump_json() == state.model_dump_json()
    for seat in (None, 0, 1, 2):
        v = GAME.view(state, seat)
        assert View.model_validate_json(v.model_dump_json()) == v
    for _, action, _ in log:
        assert action_adapter.validate_json(action_adapter.dump_json(action)) == action
    assert Options.model_validate_json(Options(layout="rome").model_dump_json()) == Options(layout="rome")
    assert Options().layout == "random"


def test_mid_game_state_round_trips():
    s = GAME.new_game(2, Options(), 5)
    for _ in range(9):
        seat = next(iter(GAME.to_act(s)))
        s, _ = GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
        assert State.model_validate_json(s.model_dump_json()) == s


def test_replay_is_deterministic():
    a, log = _random_game(4, 21)
    b = GAME.new_game(4, Options(), 21)
    for seat, action, _ in log:
        b, _ = GAME.apply(b, seat, action_adapter.validate_json(action_adapter.dump_json(action)))
    assert a.model_dump_json() == b.model_dump_json()
    assert GAME.new_game(4, Options(), 21).model_dump_json() == GAME.new_game(4, Options(), 21).model_dump_json()


def test_reloading_from_json_at_every_step_changes_nothing():
    for seats in (2, 3):
        a, log = _random_game(seats, 31)
        b = GAME.new_game(seats, Options(), 31)
        for seat, action, _ in log:
            b = State.model_validate_json(b.model_dump_json())
            b, _ = GAME.apply(b, seat, action)
        assert a.model_dump_json() == b.model_dump_json()


def test_random_towns_differ_by_seed():
    towns = {GAME.new_game(2, Options(), seed).town for seed in range(10)}
    assert len(towns) > 5


def _refused(state, seat, text, error, *expected):
    before = state.model_dump_json()
    with pytest.raises(error) as err:
        act(state, seat, text)
    said = words(err.value)
    for w in expected:
        assert w in said
    assert state.model_dump_json() == before
    return said


def test_illegal_actions_are_explained_and_change_nothing():
    s = new(4, seed=3)
    first = next(iter(GAME.to_act(s)))
    other = (first + 1) % 4
    hand = s.architects[first].hand
    missing = next(str(v) for v in range(1, 9) if str(v) not in hand)
    _refused(s, other, f"offer 5 #{s.architects[other].hand[0]}", NotYourTurn, "not your turn")
    _refused(s, first, f"offer 5 #{missing}", IllegalAction, f"#{missing}", "your hand is")
    _refused(s, first, f"offer 4 #{hand[0]}", IllegalAction, "no 4-coin offer space")
    s = with_coins(s, {first: 4})
    _refused(s, first, f"offer 5 #{hand[0]}", IllegalAction, "cannot pay the 5-coin space", "3, 1 and 0")
    s2, _ = act(s, first, f"offer 3 #{hand[0]}")
    nxt = next(iter(GAME.to_act(s2)))
    _refused(s2, nxt, f"offer 3 #{s2.architects[nxt].hand[0]}", IllegalAction, "already taken")
    _refused(s2, nxt, "build A1-B1", IllegalAction, "you must make an offer")
    _refused(s2, nxt, "dance", UnknownAction, "dance", "offer 5 #6")
    _refused(s2, nxt, "offer 5 #9", UnknownAction, "#9")
    _refused(s2, nxt, "build Z99-A1", UnknownAction, "Z99")


def test_illegal_builds_are_explained():
    s = constructing_now(new(4), [(0, "5"), (1, "6")], zoning="Z2")
    s = put(s, 2, 3, "A1-B1")
    _refused(s, 0, "build A1-A2", IllegalAction, "already stands")
    _refused(s, 0, "build L1-K1", IllegalAction, "breaks the Zoning Card", "unstriped")
    _refused(s, 0, "build A1-C1", IllegalAction, "2 spaces")
    _refused(s, 0, "pass", IllegalAction, "place your Building")
    s, _ = act(s, 0, "build C1 D1")  # spaces in any order, any separator
    assert s.buildings[-1].owner == 0


def test_game_over_refuses_moves():
    state, _ = _random_game(2, 5)
    with pytest.raises(GameOver):
        GAME.apply(state, 0, action_adapter.validate_python({"kind": "pass"}))
    assert GAME.to_act(state) == frozenset()


def test_notation_round_trip_and_choices():
    state, log = _random_game(2, 7)
    s = GAME.new_game(2, Options(), 7)
    for seat, action, _ in log:
        text = GAME.notation(s, action)
        assert GAME.parse_action(s, seat, text) == action
        labels = GAME.choices(s, seat)
        assert sorted(c.notation for c in labels) == sorted(GAME.notation(s, a) for a in GAME.legal_actions(s, seat))
        assert all(len(shown(c)) <= 100 for c in labels)
        s, _ = GAME.apply(s, seat, action)
    assert "build" in words(Msg("bv.help")) and "offer last" in words(Msg("bv.help"))


def shown(choice) -> str:
    """An autocomplete entry as the platform shows it (Discord cuts names at 100 characters)."""
    return f"{choice.notation} · {words(choice.gloss)}"


def test_build_choice_labels_say_the_coins():
    s = constructing_now(new(4), [(0, "6")], zoning="Z9")
    s = put(s, 1, 2, "C1-D1-D2")
    s = put(s, 2, 1, "A3-B3-C3")
    labels = {c.notation: c for c in GAME.choices(s, 0)}
    assert labels["build B2-C2"].gloss == Msg("bv.gloss.build", coins=5)
    assert shown(labels["build B2-C2"]) == "build B2-C2 · +5 coins"


def test_spectator_view_hides_hands_and_face_down_cards():
    s = new(4, seed=9)
    first = next(iter(GAME.to_act(s)))
    card = s.architects[first].hand[0]
    s, events = act(s, first, f"offer 7 #{card}")
    public = [words(e) for e in events if e.to is None]
    assert all(f"#{card}" not in t for t in public)
    assert [e.to for e in events if f"#{card}" in words(e)] == [first]
    spectator = GAME.view(s, None)
    assert spectator.hand is None and spectator.my_contracts is None
    assert spectator.offer_spaces[0].face_down and spectator.offer_spaces[0].card is None
    own = GAME.view(s, first)
    assert own.offer_spaces[0].card.notation == f"#{card}" and own.hand is not None
    other = GAME.view(s, (first + 1) % 4)
    assert other.offer_spaces[0].card is None
    # Two states that differ only in hidden information give the same spectator view.
    t = s.model_copy(deep=True)
    for a in t.architects:
        a.hand, a.deck = a.deck[: len(a.hand)], a.hand + a.deck[len(a.hand):]
    t.spaces[0].card = "8" if card != "8" else "1"
    assert GAME.view(t, None) == spectator
    lines = [words(m) for m in GAME.private_lines(own)]
    assert lines[0].startswith("Your hand: #") and lines[1] == f"Face-down on the 7-coin space: #{card}"
    assert lines[2:] == ["Your contracts: none yet"]
    assert [words(m) for m in GAME.private_lines(spectator)] == ["Spectators have no hand."]


def test_card_is_revealed_at_its_construction():
    s = constructing_now(new(4), [(0, "5"), (1, "6")], zoning="Z9")
    assert GAME.view(s, None).offer_spaces[1].card is None
    s, events = act(s, 0, "build A1-B1")
    v = GAME.view(s, None)
    assert v.offer_spaces[0].card.notation == "#5" and v.offer_spaces[1].card is None
    assert words(events[0]) == "seat 1 reveals #5, builds at A1-B1 and earns 3 coins." and events[0].to is None


def test_status_names_round_and_phase():
    s = new(4, seed=1)
    assert " · ".join(words(m) for m in GAME.status(s)) == "Bella Vista · round 1/8 · Offers"
    s = constructing_now(s, [(0, "5")])
    s.phase = "contract"
    assert " · ".join(words(m) for m in GAME.status(s)) == "Bella Vista · round 1/8 · Construction (contract choice)"



@pytest.mark.parametrize("locale", ["en", "pt-BR", "it"])
def test_contract_choice_labels_name_every_neighborhood(locale):
    # The 4-Neighborhood contracts must not lose a Neighborhood name to the 100-character cut, in
    # any language (pt-BR's and Italian's lost the last one or two: 110 and 117 characters).
    from engines.bella_vista import terms
    from engines.bella_vista.components import contract_card

    s = constructing_now(new(2), [(0, "5")], zoning="Z9")
    # one building of Red (and its roofed set) entirely on each of London's 8 Neighborhoods
    spaces = ("A1-B1", "K2-L2", "N2-O2", "A6-B6", "N6-O6", "R6-S6", "F10-G10", "N10-O10")
    for card, cells in zip(("3", "4", "6", "7", "8", "3r", "4r", "6r"), spaces, strict=True):
        s = put(s, 0, int(card[0]), cells, roofed=card.endswith("r"))
    s.phase = "contract"
    s = with_contract_row(s, [13, 14, 9, 16])
    labels = {c.notation: f"{c.notation} · {words(c.gloss, locale=locale)}" for c in GAME.choices(s, 0)}
    if locale == "en":
        assert labels["contract 13"] == ("contract 13 · +10 coins: 1 Building fully on each: Flower, Striped Butterfly, "
                                         "Leaf and Striped Sun")
    for cid in (13, 14, 9):
        card = contract_card(cid)
        hoods = words(terms.contract(card.kind, card.neighborhoods, 2), locale=locale)
        assert len(labels[f"contract {cid}"]) <= 100 and labels[f"contract {cid}"].endswith(hoods), labels


@pytest.mark.parametrize("text", [
    "offer ² #6",  # passed str.isdigit(), then int() raised ValueError
    "offer ٥ #6",  # Arabic-Indic 5: int() read it as 5
    "offer ５ #6",  # fullwidth
    "offer 5 #６",
    "build B٣-C3",  # \d matched it
    "build \u212a3-L3",  # the Kelvin sign lower-cases to an ASCII k
    "offer 99999999999 #6",  # more digits than any price
])
def test_only_ascii_digits_and_letters_are_read(text):
    s = new(4, seed=3)
    first = next(iter(GAME.to_act(s)))
    message = _refused(s, first, text, UnknownAction)
    assert "\n" not in message and len(message) < 300


def test_contract_with_a_circled_digit_is_refused():
    s = new(2)
    with pytest.raises(UnknownAction) as err:
        GAME.parse_action(s, 0, "contract ⑦")
    assert err.value.msg == Msg("bv.error.bad_contract", input="contract ⑦")
    assert "`contract <number>`" in words(err.value)
    assert GAME.parse_action(s, 0, "contract #7").id == 7


def test_a_huge_multiline_input_is_quoted_on_one_short_line():
    s = new(4, seed=3)
    first = next(iter(GAME.to_act(s)))
    message = _refused(s, first, "offer 5\n" + "#6 " * 4000, UnknownAction, "offer 5 #6 #6")
    assert "\n" not in message and len(message) < 300 and "…" in message
    cells = " ".join(f"{c}{r}" for c in "ABCDEFGHIJ" for r in range(1, 10))
    _refused(s, first, f"build {cells}", UnknownAction, "names 90 spaces", "at most 3")
