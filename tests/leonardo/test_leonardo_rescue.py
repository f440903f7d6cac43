"""Corporations variant: rescuing a player from bankruptcy (RULINGS 40)."""

from __future__ import annotations

import pytest
from leo_helpers import G, check_invariants, do, keys, ready, said

from engines.core.errors import IllegalAction, NotYourTurn
from engines.core.playout import random_move
from engines.core.rng import Rng
from engines.leonardo.economy import after
from engines.leonardo.model import Options, State, View
from engines.leonardo.positions import next_spins, play, with_florins
from render.text import words


def _debt(corporations=True, rich=(2, 3)):
    """Red (10 florins, owning Via dei Calzaiuoli) lands on Blue's Via dei Bardi with four works of
    art: 400 florins of income, 40 raisable, 390 short. ``rich`` firms get 500 florins."""
    state = ready(0, pos=24, n=4, roll=3, corporations=corporations, owner={27: 1, 2: 0},
                  art={27: [30, 50, 70, 100]}, men={0: 1}, florins={0: 10} | {f: 500 for f in rich})
    state, events = do(state, 0, "spin")
    return state, events


def test_those_who_can_pay_the_shortfall_are_asked_and_the_debtor_accepts_implicitly():
    state, events = _debt(rich=(2,))
    call = state.rescue
    assert state.phase == "rescue" and call.debtor == 0 and call.creditor == 1
    assert call.amount == 400 and call.shortfall == 390
    # Blue (the creditor, 250) and Yellow (250) cannot pay 390; Red, the debtor, is not asked
    assert G.to_act(state) == {2}
    assert [a.kind for a in G.legal_actions(state, 2)] == ["rescue", "pass"]
    assert "390 florins short" in said(events)
    with pytest.raises(NotYourTurn) as err:
        do(state, 3, "rescue")
    assert err.value.msg.params == {"waiting": [2]}
    # nothing is sold or paid while the call waits
    assert state.owner[2] == 0 and state.firms[0].florins == 10 and state.firms[0].active
    glosses = {c.notation: words(c.gloss) for c in G.choices(state, 2)}
    assert glosses == {"rescue": "pay 390 florins of the 400 owed by seat 1, form a corporation with them",
                       "pass": "let seat 1 go bankrupt"}
    check_invariants(state)


def test_the_first_rescuer_in_turn_order_after_the_debtor_wins():
    state, _ = _debt()
    assert G.to_act(state) == {2, 3}
    first = next(f.id for f in after(state, 0) if f.id in (2, 3))
    state, events = do(state, 5 - first, "rescue")  # the later one answers first
    assert state.phase == "rescue" and G.to_act(state) == {first}
    assert said(events) == f"seat {6 - first} has answered the rescue call."
    assert G.view(state, None).rescue.decided == [5 - first] and G.view(state, 5 - first).my_rescue is True
    state, events = do(state, first, "rescue")
    assert 0 not in state.firms and state.firms[first].members == [first, 0]
    assert state.firms[5 - first].members == [5 - first]


def test_the_rescue_pays_the_creditor_in_full_and_merges_the_debtor_into_the_rescuer():
    state, _ = _debt(rich=(2,))
    bank = state.bank
    faction = state.firms[2].faction
    state, events = do(state, 2, "rescue")
    firm = state.firms[2]
    assert 0 not in state.firms and firm.members == [2, 0] and firm.active
    assert firm.faction == faction  # the rescuer's faction; its marker stays
    assert state.firms[1].florins == 250 + 400  # 10 from Red, 390 from Green
    assert firm.florins == 500 - 390 and state.bank == bank  # the bank pays nothing
    assert state.owner[2] == 2 and state.owner[27] == 1  # Red's palazzo is not sold: it is shared
    assert firm.men == 1
    check_invariants(state)
    # the debtor was the mover: its turn ends, the next firm plays
    assert state.phase == "start" and state.order[state.slot] not in (0,)
    assert (
        "Answers: seat 3 rescue. seat 3 rescues seat 1, paying the 390 florins it lacked; seat 2 receives the "
        "400 florins (rent of Via dei Bardi).\n"
        "seat 1 joins seat 3: the corporation of seat 3 and seat 1 is formed (Guelfi); it travels with the marker "
        "of seat 3 and receives no more indemnity.") in said(events)
    assert G.legal_actions(state, 0) == []


def test_when_all_pass_the_bankruptcy_proceeds_as_without_the_variant():
    state, _ = _debt()
    state, _ = do(state, 2, "pass")
    state, events = do(state, 3, "pass")
    plain, _ = _debt(corporations=False)
    for field in ("firms", "owner", "art", "art_supply", "bank", "office_deck", "men_deck", "slot", "turn",
                  "round", "phase", "rng"):
        assert getattr(state, field) == getattr(plain, field), field
    assert not state.firms[0].active and state.firms[1].florins == 650
    assert state.rescue is None
    assert "Nobody rescues seat 1" in said(events)
    check_invariants(state)


def test_a_rescued_office_goes_to_the_corporation():
    state = play(ready(0, pos=30, n=4, corporations=True), "join blue", "accept").state
    state = with_florins(next_spins(state, [3, 3]), {0: 10})
    office = state.office_deck[0]
    state, _ = do(state, 0, "spin")  # Piazza Maggiore: no indemnity for a corporation, the office costs more
    assert state.phase == "rescue" and state.rescue.office == office and G.to_act(state) == {2, 3}
    check_invariants(state)
    state, _ = do(state, 2, "pass")
    state, _ = do(state, 3, "rescue")
    assert state.firms[3].members == [3, 0, 1] and office in state.firms[3].offices
    check_invariants(state)
    # all pass instead: the office goes back under the deck, as before
    state = play(ready(0, pos=30, n=4, corporations=True), "join blue", "accept").state
    state = with_florins(next_spins(state, [3, 3]), {0: 10})
    state = play(state, "spin").state
    state = play(play(state, "pass", seat=2).state, "pass", seat=3).state
    assert not state.firms[0].active and state.office_deck[-1] == office
    check_invariants(state)


def _market_debt():
    """Red opens the Mercato Nuovo with 105 florins; the machine gives 1 (gem): Blue won 300,
    Green lost 5, Yellow won 150."""
    state = ready(0, pos=32, n=4, roll=[3, 1], corporations=True, florins={0: 0})
    state, _ = do(state, 0, "spin")  # passes Piazza Maggiore: 100
    assert state.phase == "market"
    state, _ = do(state, 1, "bet gem 100")
    state, _ = do(state, 2, "bet ivory 5")
    state, events = do(state, 3, "bet gem 50")
    return state, events


def test_a_rescue_during_a_market_lets_the_remaining_payments_go_on():
    state, _ = _market_debt()
    call = state.rescue
    assert state.phase == "rescue" and call.shortfall == 300 - 105 and call.creditor == 1
    assert G.to_act(state) == {1, 2, 3}  # the creditor may rescue too
    assert [p.payee for p in call.payments] == [3]  # Red still owes Yellow 150
    again = State.model_validate_json(state.model_dump_json())
    assert again == state
    for seat in (None, 0, 3):
        v = G.view(state, seat)
        assert View.model_validate_json(v.model_dump_json()) == v
    state, _ = do(state, 1, "pass")
    state, _ = do(state, 2, "pass")
    state, _ = do(state, 3, "rescue")
    # Yellow paid the 195 missing; Red's 150 debt to Yellow is now inside the corporation
    assert state.firms[1].florins == 250 + 300 and state.firms[2].florins == 245
    assert state.firms[3].members == [3, 0] and state.firms[3].florins == 250 - 195
    assert state.phase == "start"
    check_invariants(state)


def test_market_payments_continue_from_the_corporation_after_a_rescue():
    state, _ = _market_debt()
    state, _ = do(state, 1, "pass")
    state, _ = do(state, 3, "pass")
    state, _ = do(state, 2, "rescue")  # Green (245) pays 195 to Blue, then owes Yellow 150 with Red
    firm = state.firms[2]
    assert firm.members == [2, 0] and state.firms[1].florins == 550 and firm.florins == 50
    # the corporation cannot pay Yellow's 150: a second call, to those with the 100 missing
    call = state.rescue
    assert state.phase == "rescue" and call.debtor == 2 and call.creditor == 3 and call.shortfall == 100
    assert G.to_act(state) == {1, 3} and call.payments == []
    check_invariants(state)
    state, _ = do(state, 1, "pass")
    state, _ = do(state, 3, "pass")
    assert not state.firms[2].active and state.firms[3].florins == 250 + 150
    assert state.phase == "start"
    check_invariants(state)


def test_no_rescue_without_the_variant_or_without_anyone_able_to_pay():
    state, _ = _debt(corporations=False)
    assert state.phase == "start" and not state.firms[0].active
    state, _ = _debt(rich=())
    assert state.phase == "start" and not state.firms[0].active
    with pytest.raises(IllegalAction) as err:
        do(state, state.order[state.slot], "rescue")
    assert err.value.msg.key == "leo.error.no_rescue"


def test_replay_of_random_corporation_games_with_rescues_is_deterministic():
    found = 0
    for seed in range(40):
        state = G.new_game(5, Options(max_rounds=4, corporations=True), seed)
        rng = Rng.from_seed(seed + 7)
        log, rescued = [], False
        while G.result(state) is None:
            seat, action = random_move(G, state, rng)
            log.append((seat, action))
            state, events = G.apply(state, seat, action)
            rescued |= "leo.event.rescued" in keys(events)
            assert State.model_validate_json(state.model_dump_json()) == state
        if not rescued:
            continue
        found += 1
        replay = G.new_game(5, Options(max_rounds=4, corporations=True), seed)
        for seat, action in log:
            text = G.notation(replay, action)
            replay, _ = G.apply(replay, seat, G.parse_action(replay, seat, text))
        assert replay.model_dump_json() == state.model_dump_json()
        if found == 2:
            break
    assert found
