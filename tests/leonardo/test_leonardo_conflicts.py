"""Men-at-arms, meetings, markets, events, bankruptcy, the end, and corporations."""

from __future__ import annotations

import pytest
from leo_helpers import G, check_invariants, do, keys, ready, said

from engines.core.errors import IllegalAction, RuleError
from engines.core.game import SYSTEM
from engines.core.messages import Msg
from engines.leonardo.components import cards, space
from engines.leonardo.model import Options
from engines.leonardo.positions import next_event, next_spins, play, started, turn_of
from render.text import words


@pytest.mark.parametrize("roll,men,deck,expected", [(1, 0, 12, 1), (2, 1, 11, 2), (2, 2, 10, 2),
                                                    (1, 0, 0, 0), (3, 0, 12, 0)])
def test_men_at_arms_on_a_1_or_2_at_most_two(roll, men, deck, expected):
    state = ready(0, pos=10, roll=roll)
    state.firms[0].men = men
    state.men_deck = deck  # an empty deck: every card is held elsewhere
    state, _ = do(state, 0, "spin")
    assert state.firms[0].men == expected


def _meeting(men0, men1, roll, pos=9, land=12):
    """Red (owning the landing space) moves from ``pos`` onto Blue (owning 2 and 4) at ``land``."""
    return ready(0, pos=pos, roll=roll, at={1: land}, owner={land: 0, 2: 1, 4: 1}, men={0: men0, 1: men1})


def test_meeting_without_men_at_arms_changes_nothing():
    state = _meeting(0, 0, 3)
    state, _ = do(state, 0, "spin")
    assert state.firms[0].florins == 250 and state.firms[1].florins == 250


def test_meeting_one_armed_player_collects_10_per_palazzo():
    state = _meeting(1, 0, 3)
    state, _ = do(state, 0, "spin")  # Blue owns 2 palazzi: 20 florins
    assert state.firms[0].florins == 270 and state.firms[1].florins == 230
    state = _meeting(0, 1, 3)
    state.owner[14] = 0
    state, _ = do(state, 0, "spin")  # Red owns 12 and 14
    assert state.firms[0].florins == 230 and state.firms[1].florins == 270


def test_combat_until_one_side_has_no_men_then_tribute():
    # move 3; combat spins: 10 vs 4 (Blue loses his only man)
    state = _meeting(2, 1, [3, 10, 4])
    state, events = do(state, 0, "spin")
    assert state.firms[1].men == 0 and state.firms[0].men == 2 and state.men_deck == 10
    assert state.firms[0].florins == 270 and state.firms[1].florins == 230
    assert "Combat between seat 1 and seat 2." in said(events)
    assert "10 against 4: seat 1 wins, seat 2 loses a Man-at-Arms." in said(events)


def test_combat_lost_by_the_mover():
    # move 3; combat: 6 against 6 (spin again), 4 against 10, 5 against 9: Red loses both men
    state = _meeting(2, 1, [3, 6, 6, 4, 10, 5, 9])
    state, events = do(state, 0, "spin")
    assert keys(events)[-6:] == ["leo.event.combat", "leo.event.combat_tie", "leo.event.combat_round",
                                 "leo.event.combat_round", "leo.event.paid", "leo.event.turn"]
    assert state.firms[0].men == 0 and state.firms[1].men == 1 and state.men_deck == 11
    assert state.firms[0].florins == 240 and state.firms[1].florins == 260  # Red owns 1 palazzo


def test_an_unarmed_mover_and_an_unarmed_bystander_both_pay_the_armed_player():
    # "if only one of the players on the same space has at least one Man-at-Arms: the opposing
    # player or players pay them a tribute of 10 florins for each palazzo they own" (RULINGS 23):
    # unarmed Red lands where armed Blue and unarmed Green stand; Green pays too
    state = ready(0, pos=9, roll=3, at={1: 12, 2: 12}, owner={12: 0, 2: 1, 6: 2, 8: 2}, men={1: 1})
    state, events = do(state, 0, "spin")
    assert [state.firms[s].florins for s in range(3)] == [240, 250 + 10 + 20, 230]
    assert ("seat 1 pays seat 2 10 florins (tribute to the Men-at-Arms).\n"
            "seat 3 pays seat 2 20 florins (tribute to the Men-at-Arms).") in said(events)


def test_the_survivor_of_a_combat_collects_from_everyone_on_the_space():
    # armed Red lands on armed Blue and unarmed Green: Red wins the combat (9 against 2), then
    # Blue and Green, both without men, pay Red
    state = ready(0, pos=9, roll=[3, 9, 2], at={1: 12, 2: 12}, owner={12: 0, 2: 1, 6: 2}, men={0: 1, 1: 1})
    state, _ = do(state, 0, "spin")
    assert state.firms[1].men == 0 and state.firms[0].men == 1
    assert [state.firms[s].florins for s in range(3)] == [270, 240, 240]


def test_sanctuary_forbids_combat_but_not_the_tribute():
    # "On spaces no. 9 and 17 ... combat between Men-at-Arms is forbidden" (RULINGS 25): the only
    # armed player there still collects the tribute
    for target in (9, 17):
        state = ready(0, pos=target - 3, roll=3, at={1: target}, owner={2: 0, 4: 1}, men={0: 1})
        state, _ = do(state, 0, "spin")
        assert state.firms[0].florins == 260 and state.firms[1].florins == 240
        # both armed: no combat, so no tribute either
        state = ready(0, pos=target - 3, roll=3, at={1: target}, owner={2: 0, 4: 1}, men={0: 1, 1: 1})
        state, events = do(state, 0, "spin")
        assert state.firms[0].men == 1 and state.firms[1].men == 1
        assert state.firms[0].florins == 250 and state.firms[1].florins == 250
        assert f"Sanctuary on {space(target).name} ({target}): no combat between Men-at-Arms." in said(events)


def _market(roll, n=3):
    state = ready(0, pos=20, roll=[4, roll], n=n)
    state, _ = do(state, 0, "spin")
    return state


def test_market_bets_are_simultaneous_and_pay_three_times():
    state = _market(2)
    assert state.phase == "market" and G.to_act(state) == {1, 2}
    state, _ = do(state, 2, "bet gold 10")
    state, _ = do(state, 1, "bet gem 20")  # 2 is a gem number
    assert [state.firms[s].florins for s in range(3)] == [250 - 60 + 10, 310, 240]


def test_market_lose_all_numbers_give_every_bet_to_the_opener():
    for number in (4, 7, 9, 11):
        state = _market(number)
        state, _ = do(state, 1, "bet gem 20")
        state, _ = do(state, 2, "bet spices 15")
        assert [state.firms[s].florins for s in range(3)] == [285, 230, 235]


def test_market_bets_are_validated_against_florins():
    state = _market(2)
    with pytest.raises(IllegalAction) as err:
        do(state, 1, "bet gem 251")
    assert words(err.value) == "`bet gem 251`: 251 florins is not possible: the amount must be from 5 to 250 (your florins)."
    state, _ = do(state, 1, "bet gold 5")
    state, _ = do(state, 2, "bet ivory 250")
    assert state.firms[2].florins == 0 and state.firms[0].florins == 250 + 5 + 250


def test_market_bets_are_required_no_pass():
    # "opens the market, requiring their opponents to bet a sum"
    state = _market(2)
    assert all(a.kind == "bet" for s in (1, 2) for a in G.legal_actions(state, s))
    with pytest.raises(IllegalAction) as err:
        do(state, 1, "pass")
    assert words(err.value).startswith("`pass` is not possible on a market") and "`bet gem 5`" in words(err.value)
    assert "pass" not in words(Msg("leo.help")).split("market")[1].split("\n")[0]


@pytest.mark.parametrize("card,paid", [("guelfa", [0, 2]), ("ghibellina", [1]), ("nulla", [])])
def test_international_events(card, paid):
    state = next_event(ready(0, pos=17, roll=5), card)
    state, _ = do(state, 0, "spin")
    assert state.firms[0].position == 22
    assert [state.firms[s].florins for s in range(3)] == [350 if s in paid else 250 for s in range(3)]
    assert state.event_deck[-1] == card


def test_forced_sale_at_half_value_to_pay_a_debt():
    state = ready(0, pos=16, roll=3, owner={19: 1, 4: 0}, florins={0: 10})
    state, _ = do(state, 0, "spin")  # income of 19 (price 50) is 25
    assert 4 not in state.owner and state.firms[0].active
    assert state.firms[0].florins == 10 + 20 - 25


def test_bankruptcy_sells_everything_and_the_bank_pays_the_creditor_in_full():
    state = ready(0, pos=24, roll=3, owner={27: 1, 4: 0, 2: 0}, art={27: [30, 50, 70, 100], 2: [30]},
                  florins={0: 10}, men={0: 1}, offices={0: [28]})
    state, events = do(state, 0, "spin")
    assert not state.firms[0].active and state.firms[0].florins == 0
    assert state.firms[1].florins == 250 + 400
    assert 2 not in state.owner and 4 not in state.owner and 2 not in state.art
    assert len(state.art_supply) == 36 and len(state.office_deck) == 8 and state.men_deck == 12
    check_invariants(state)
    assert state.phase == "start" and state.order[state.slot] != 0


def test_last_player_standing_wins():
    state = ready(0, pos=24, roll=3, n=2, owner={27: 1}, art={27: [30, 50, 70, 100]}, florins={0: 10})
    state, _ = do(state, 0, "spin")
    result = G.result(state)
    assert result.winners == [1] and state.end == "eliminated"
    assert result.scores[1].total == 0 and result.scores[1].rank == 2


def test_game_ends_after_the_agreed_rounds_with_capital_scoring():
    state = started(3, seed=5, max_rounds=2)
    turns = 0
    while G.result(state) is None:
        seat = min(G.to_act(state))
        acts = G.legal_actions(state, seat)
        pick = next((a for a in acts if a.kind in ("spin", "buy", "pass", "move")), acts[0])
        if pick.kind == "spin":
            turns += 1
        state, _ = G.apply(state, seat, pick)
    assert turns == 6 and state.round == 2
    result = G.result(state)
    for score in result.scores:
        f = state.firms[score.seat]
        own = [n for n, o in state.owner.items() if o == f.id]
        assert score.total == f.florins + sum(space(n).price for n in own) + sum(
            sum(state.art.get(n, [])) for n in own)
    assert result.scores[0].total == max(s.total for s in result.scores)


def test_time_up_only_from_the_platform():
    state = ready(0)
    with pytest.raises(IllegalAction) as err:
        G.apply(state, 0, G.action_adapter.validate_python({"kind": "time_up"}))
    assert err.value.msg.key == "core.system_only"
    assert all(a.kind != "time_up" for s in G.to_act(state) for a in G.legal_actions(state, s))
    state.owner[27] = 0
    state.art[27] = [150]
    state.art_supply.remove(150)
    state.firms[0].florins = 100
    state.firms[1].florins = 400
    state.firms[2].active = False
    state.firms[2].florins = 0
    state.firms[2].out_turn = 1
    state.bank += 250 + 150 - 150
    end, events = G.apply(state, SYSTEM, G.action_adapter.validate_python({"kind": "time_up"}))
    assert said(events) == "The agreed date has passed: the game ends and capitals are counted."
    result = G.result(end)
    assert [(s.seat, s.total, s.rank) for s in result.scores] == [(1, 400, 1), (0, 350, 2), (2, 0, 3)]
    assert result.scores[1].breakdown == {"florins": 100, "palazzi": 100, "art": 150}
    with pytest.raises(RuleError):
        G.apply(end, SYSTEM, G.action_adapter.validate_python({"kind": "time_up"}))
    with pytest.raises(IllegalAction):
        G.apply(state, SYSTEM, G.action_adapter.validate_python({"kind": "spin"}))


# --- corporations -----------------------------------------------------------
def test_corporations_need_four_players():
    with pytest.raises(RuleError) as err:
        G.new_game(3, Options(corporations=True), 1)
    assert words(err.value).startswith("The corporations variant needs four or more players, not 3")
    G.new_game(4, Options(corporations=True), 1)


def test_no_corporation_without_the_variant():
    state = ready(0, n=4)
    with pytest.raises(IllegalAction) as err:
        do(state, 0, "join blue")
    assert err.value.msg.key == "leo.error.no_corporations"


def test_forming_a_corporation_pools_everything():
    state = ready(0, n=4, corporations=True)
    state.owner.update({2: 0, 27: 1})
    state.firms[1].men = 1
    state.men_deck = 11
    state, _ = do(state, 0, "join blue")
    assert state.phase == "merge" and G.to_act(state) == {1}
    state, _ = do(state, 1, "accept")
    firm = state.firms[0]
    assert firm.members == [0, 1] and 1 not in state.firms
    assert firm.florins == 500 and firm.men == 1 and firm.faction == "guelfi"
    assert state.owner == {2: 0, 27: 0}
    with pytest.raises(IllegalAction) as err:
        do(state, 0, "join green")
    assert err.value.msg.key == "leo.error.proposed"
    check_invariants(state)


def test_corporation_proposal_needs_every_member_concerned():
    state = ready(0, n=5, corporations=True)
    state, _ = do(state, 0, "join blue")
    state, _ = do(state, 1, "accept")
    state = turn_of(state, 0)
    state.proposed = False
    state, _ = do(state, 0, "join green ghibellini")
    assert G.to_act(state) == {1, 2}
    state, _ = do(state, 2, "accept")
    state, _ = do(state, 1, "refuse")
    assert state.firms[0].members == [0, 1] and 2 in state.firms and state.phase == "start"


def test_corporation_spins_each_ball_chooses_and_gets_no_indemnity():
    state = play(ready(0, pos=30, n=4, corporations=True), "join blue", "accept").state
    state, _ = play(next_spins(state, [3, 8]), "spin")
    assert state.phase == "choose" and G.to_act(state) == {0}
    with pytest.raises(IllegalAction) as err:
        do(state, 0, "move 5")
    assert words(err.value) == "`move 5`: the corporation's spins were 3 and 8; choose one of them, for example `move 3`."
    state, _ = do(state, 0, "move 3")
    firm = state.firms[0]
    price = next(o.price for o in cards().offices if o.space == firm.offices[0])
    assert firm.position == 1 and firm.florins == 500 - price  # office paid, no indemnity


def test_joining_oneself_is_refused_with_the_possible_partners():
    state = ready(0, n=4, corporations=True)
    with pytest.raises(IllegalAction) as err:
        do(state, 0, "join red")
    assert err.value.msg.params["examples"] == ["join blue", "join green", "join yellow"]


def test_naming_a_partner_proposes_to_the_whole_corporation():
    state = ready(0, n=5, corporations=True)
    state, _ = do(state, 0, "join blue")
    state, _ = do(state, 1, "accept")
    state = turn_of(state, 2)
    action = G.parse_action(state, 2, "join blue")
    assert action.target == 0
    glosses = [words(c.gloss) for c in G.choices(state, 2) if c.notation == "join red guelfi"]
    assert glosses == ["propose a corporation with seat 1 and seat 2's corporation (Guelfi)"]
    state, _ = G.apply(state, 2, action)
    assert G.to_act(state) == {0, 1}
    assert G.parse_action(state, -1, "join red").faction == "guelfi"


def test_forced_sales_keep_palazzi_with_art_longest():
    state = ready(0, pos=16, roll=3, owner={19: 1, 4: 0, 27: 0}, art={4: [30]}, florins={0: 0})
    state, _ = do(state, 0, "spin")  # owes 25: sells 27 (no art) for 50, not 4 (cheaper, with art)
    assert state.owner.get(4) == 0 and 27 not in state.owner
    assert state.firms[0].florins == 25
    check_invariants(state)


def test_the_machine_gives_1_to_12_evenly():
    from collections import Counter

    from engines.leonardo.movement import machine

    state = started(2)
    counts = Counter(machine(state) for _ in range(12_000))
    assert sorted(counts) == list(range(1, 13))
    assert all(850 <= n <= 1150 for n in counts.values())


def test_bridges_take_no_art_and_owe_no_tribute():
    state = _meeting(1, 0, 3)
    state.owner.update({5: 1, 13: 1})  # Blue: palazzi 2 and 4, bridges 5 and 13
    state, _ = do(state, 0, "spin")
    assert state.firms[1].florins == 230  # 10 per palazzo, bridges excluded
    state = ready(0)
    state.owner.update({5: 0, 2: 0})
    state, _ = do(state, 0, "art 1")
    with pytest.raises(IllegalAction) as err:
        do(state, 0, "place 5")
    assert err.value.msg.params["spots"] == [2]


def test_an_office_displacement_is_not_a_move():
    state = ready(0, pos=27, roll=[1])
    state.office_deck.remove(28)
    state.firms[1].offices = [28]
    state, _ = do(state, 0, "spin")
    florins = state.firms[0].florins
    state, _ = do(state, 1, "office +5")  # 28 -> 1 -> ... -> 33 = space 1
    assert state.firms[0].position == 1
    price = next(o.price for o in cards().offices if o.space == state.firms[0].offices[0])
    assert state.firms[0].florins == florins + 100 - price  # it stops on Piazza Maggiore
    state = ready(0, pos=27, roll=[1])
    state.office_deck.remove(28)
    state.firms[1].offices = [28]
    state.owner[29] = 2
    state, _ = do(state, 0, "spin")
    state, _ = do(state, 1, "office +4")  # over the bridge 29 and onto 32: no toll
    assert state.firms[0].position == 32 and state.firms[2].florins == 250


def test_the_mover_meets_every_pawn_on_the_space():
    state = _meeting(1, 0, 3)
    state.firms[2].moved, state.firms[2].position = True, 12
    state.owner[6] = 2
    state, _ = do(state, 0, "spin")
    assert [state.firms[s].florins for s in range(3)] == [250 + 20 + 10, 230, 240]


def test_a_corporation_holds_two_men_at_arms_per_member():
    state = play(ready(0, pos=10, n=4, corporations=True, men={0: 2, 1: 1}), "join blue", "accept").state
    state, _ = play(next_spins(state, [2, 2]), "spin")
    assert state.firms[0].men == 4 and state.firms[0].position == 12


def test_a_corporation_of_everyone_ends_the_game():
    state = ready(0, n=4, corporations=True)
    state, _ = do(state, 0, "join blue")
    state, _ = do(state, 1, "accept")
    state.proposed = False
    state, _ = do(state, 0, "join green")
    for s in (1, 2):
        state, _ = do(state, s, "accept")
    state.proposed = False
    state, _ = do(state, 0, "join yellow")
    for s in (1, 2, 3):
        state, _ = do(state, s, "accept")
    result = G.result(state)
    assert result is not None and result.winners == [0, 1, 2, 3]
    assert state.end == "last_corporation"
    check_invariants(state)


def test_forced_sales_take_fewest_works_of_art_before_cheapest():
    state = ready(0, pos=16, roll=3, owner={19: 1, 4: 0, 27: 0}, art={4: [30, 50], 27: [70]},  # 4 costs 40
                  florins={0: 0})  # with 2 works, 27 costs 100 with 1
    state, _ = do(state, 0, "spin")  # owes 25 (half of 50): sells 27 for 50, keeps 4
    assert state.owner.get(4) == 0 and 27 not in state.owner and state.firms[0].florins == 25
    check_invariants(state)
