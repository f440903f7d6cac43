"""Hidden information and chance: the reveal and chance flags of every action kind, the
private draw of every architect at a round end, and the platform's TimeUp."""

from __future__ import annotations

import pytest
from bv_helpers import GAME, act, keys, new

from engines.bella_vista.positions import constructing_now, next_cards, with_coins, with_offer_order
from engines.core.game import SYSTEM, TimeUp
from engines.core.playout import play_to_end, random_move
from engines.core.rng import Rng
from render.text import words


def _transitions(seats: int, seeds=range(4)):
    """(before, seat, action, applied) for every move of seeded random games."""
    for seed in seeds:
        state = GAME.new_game(seats, GAME.options_model(), seed)
        rng = Rng.from_seed(seed + 7)
        while GAME.result(state) is None:
            seat, action = random_move(GAME, state, rng)
            applied = GAME.apply(state, seat, action)
            yield state, seat, action, applied
            state = applied.state


def _round_ended(before, after) -> bool:
    return after.round > before.round


def _drew(applied) -> bool:
    return any(e.key == "bv.event.drew" for e in applied.events)


def _offer_right_of_the_board():
    s = with_coins(with_offer_order(new(4, seed=4), [0, 1, 2, 3]), {3: 0})
    for seat, cost in ((0, 7), (1, 5), (2, 0)):  # the free space is gone, 3 and 1 are too dear
        s, _ = act(s, seat, f"offer {cost} #{s.architects[seat].hand[0]}")
    return GAME.apply(s, 3, GAME.parse_action(s, 3, f"offer last #{s.architects[3].hand[0]}"))


# (case, seats, which move, expected revealed, expected chance); seats None: a built position
CASES = [
    ("offer on a space", 4, lambda b, a, x: x.kind == "offer" and x.cost is not None
     and b.offer_turn < len(b.bottom) - 1, False, False),
    ("offer right of the board", None, _offer_right_of_the_board, False, False),
    ("offer that starts construction", 3, lambda b, a, x: x.kind == "offer" and a.state.phase == "construction",
     False, False),
    ("build (its card turns face-up)", 4, lambda b, a, x: x.kind == "build" and not _round_ended(b, a.state),
     True, False),
    ("build that ends a round (draws)", 4, lambda b, a, x: x.kind == "build" and _round_ended(b, a.state),
     True, False),
    ("contract within a round", 2, lambda b, a, x: x.kind == "contract" and not _round_ended(b, a.state)
     and a.state.phase != "over", False, False),
    ("pass within a round", 2, lambda b, a, x: x.kind == "pass" and not _round_ended(b, a.state)
     and a.state.phase != "over", False, False),
    ("contract or pass that ends a round (draws)", 4, lambda b, a, x: x.kind in ("contract", "pass")
     and _round_ended(b, a.state) and _drew(a), True, False),
    ("neutral building, then draws", 3, lambda b, a, x: x.kind == "neutral" and _drew(a), True, False),
    ("neutral building, decks empty (the next Zoning Card turns up)", 3,
     lambda b, a, x: x.kind == "neutral" and not _drew(a), True, False),
    ("last move (the final reveal)", 4, lambda b, a, x: a.state.phase == "over", True, False),
]


@pytest.mark.parametrize("case, seats, which, revealed, chance", CASES, ids=[c[0] for c in CASES])
def test_reveal_and_chance_flags_by_action_kind(case, seats, which, revealed, chance):
    if seats is None:
        found = which()
    else:
        found = next((a for b, _, x, a in _transitions(seats) if which(b, a, x)), None)
    assert found is not None, f"no move of this kind: {case}"
    assert (found.revealed, found.chance) == (revealed, chance), case


def test_time_up_reveals_and_draws_nothing():
    state = new(3, seed=2)
    applied = GAME.apply(state, SYSTEM, GAME.action_adapter.validate_python({"kind": "time_up"}))
    assert (applied.revealed, applied.chance) == (True, False)
    assert keys(applied.events) == ["bv.event.time_up"] and GAME.result(applied.state) is not None
    assert words(applied.events[0]) == "Time is up: the game ends here and is scored as it stands."


def test_every_move_of_random_games_draws_nothing_from_the_generator():
    """The generator is used at set-up only; a move reveals exactly when a card turns
    face-up, someone draws, a round ends (the next Zoning Card turns up) or the game ends."""
    for seats in (2, 3, 4):
        for before, _, action, applied in _transitions(seats, seeds=range(2)):
            assert applied.chance is False
            flipped = action.kind == "build" or any(e.key == "bv.event.set_aside" for e in applied.events)
            expected = flipped or _drew(applied) or _round_ended(before, applied.state) or applied.state.phase == "over"
            assert applied.revealed == expected, (action, keys(applied.events))


def test_a_round_end_without_draws_reveals_the_next_zoning_and_contract_cards():
    """Late rounds draw no construction card, yet the round end turns up a Zoning Card and
    refills the contract row from decks whose order nobody knew: that is a reveal."""
    found = next(((b, a) for b, _, x, a in _transitions(4) if _round_ended(b, a.state) and not _drew(a)), None)
    assert found is not None
    before, applied = found
    assert applied.revealed
    new = applied.state.zoning
    assert GAME.secrets(before)[f"zoning:{new}"][1] == frozenset() and GAME.secrets(applied.state)[f"zoning:{new}"][1] is None
    refilled = [c for c in applied.state.contract_row if c is not None and c not in before.contract_row]
    assert all(GAME.secrets(before)[f"contract:{c}"][1] == frozenset() for c in refilled)


def test_secrets_name_every_card_and_who_knows_it():
    state = GAME.new_game(3, GAME.options_model(), 8)
    secrets = GAME.secrets(state)
    assert len([n for n in secrets if n.startswith("card:")]) == 3 * 8
    assert len([n for n in secrets if n.startswith("zoning:")]) == 10
    assert len([n for n in secrets if n.startswith("contract:")]) == 18
    hand = state.architects[1].hand[0]
    assert secrets[f"card:1:{hand}"] == (("hand",), frozenset({1}))
    assert secrets[f"card:2:{state.architects[2].deck[0]}"] == (("deck", 0), frozenset())
    assert secrets[f"zoning:{state.zoning}"][1] is None and secrets[f"contract:{state.contract_row[0]}"][1] is None
    assert secrets[f"contract:{state.contract_deck[0]}"] == (("contract deck", 0), frozenset())
    final, _ = play_to_end(GAME, 3, GAME.options_model(), 8)
    assert not GAME.secrets(final).keys() & {f"contract:{c}" for a in final.architects for c in a.contracts}
    cards = {n: knows for n, (_, knows) in GAME.secrets(final).items() if n.startswith("card:")}
    assert len(cards) == 3 and all(knows is None for knows in cards.values())  # the last round's, on the board


def test_every_architect_hears_its_round_end_draw_privately():
    s = constructing_now(new(4, seed=5), [(0, "5"), (1, "6"), (2, "7"), (3, "8")], zoning="Z9")
    want = s.architects[2].deck[-2:]
    s = next_cards(s, 2, want)
    before = [list(a.hand) for a in s.architects]
    for seat, spaces in ((0, "A1-B1"), (1, "A3-B3"), (2, "A5-A6"), (3, "N2-O2")):
        s, events = act(s, seat, "pass" if s.phase == "contract" else f"build {spaces}")
        while s.phase == "contract":
            s, more = act(s, seat, "pass")
            events += more
    assert s.round == 2
    draws = [e for e in events if e.key == "bv.event.drew"]
    assert [e.to for e in draws] == [0, 1, 2, 3]  # one private event per architect
    assert all(e.params["cards"] == [f"#{c}" for c in s.architects[e.to].hand if c not in before[e.to]]
               for e in draws)
    assert words(draws[2]) == f"You draw #{want[0]}."  # the card fixed with next_draws
    assert not [e for e in events if e.to is None and "cards" in e.params]  # no draw is said in public


def test_an_empty_deck_is_said_privately_too():
    state, seats_heard = None, set()
    for before, _, _, applied in _transitions(3, seeds=[1]):
        if applied.state.round == 7 and before.round == 6:
            state = applied
            break
    assert state is not None
    heard = [e for e in state.events if e.key == "bv.event.drew_nothing"]
    seats_heard = {e.to for e in heard}
    assert seats_heard == {0, 1, 2}
    assert words(heard[0]) == "Your deck is empty: you draw no card."


def test_time_up_is_refused_from_a_player_and_other_moves_from_the_platform():
    state = new(2)
    before = state.model_dump_json()
    with pytest.raises(Exception) as err:
        GAME.apply(state, min(GAME.to_act(state)), TimeUp())
    assert err.value.msg.key == "core.system_only"
    with pytest.raises(Exception) as err:
        GAME.apply(state, SYSTEM, GAME.legal_actions(state, min(GAME.to_act(state)))[0])
    assert err.value.msg.key == "core.no_system_moves"
    assert state.model_dump_json() == before


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_last_move_kept_for_the_board_is_its_public_events_only(seats):
    """Every action leaves its public events in the state (for the board's caption): never a
    private one (a face-down card, a draw), and equal to them once worded; a state holding them
    reads back from JSON equal. A contract taken or not keeps the build before it (one turn on
    the board: "Anne takes no contract" alone hid what she built)."""
    from engines.bella_vista.state import State

    contract_turns = 0
    for before, _, _, applied in _transitions(seats, seeds=range(2)):
        public = [e for e in applied.events if e.to is None]
        kept = applied.state.last_events
        if before.phase == "contract":
            contract_turns += 1
            assert before.last_events[0].key == "bv.event.built"
            assert kept[:len(before.last_events)] == before.last_events
            kept = kept[len(before.last_events):]
        assert [m.key for m in kept] == [e.key for e in public]
        assert [words(m) for m in kept] == [words(e) for e in public]
        view = GAME.view(applied.state, None)
        assert view.last_events == list(applied.state.last_events)
        assert State.model_validate_json(applied.state.model_dump_json()) == applied.state
    assert contract_turns
    start = new(4)
    first = min(GAME.to_act(start))
    s, events = act(start, first, f"offer 7 #{start.architects[first].hand[0]}")
    assert "bv.event.placed_face_down" in keys(events)
    assert [m.key for m in s.last_events] == ["bv.event.offered"]  # not "You placed #n face-down."
