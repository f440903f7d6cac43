"""``sample_state``: whole positions rebuilt from one seat's view, over random positions of
every phase and every seat, with and without corporations: the seat sees exactly what it saw,
the sample is a sound position, what the seat knows is kept and what it does not know is
dealt again (never copied from the real position)."""

from __future__ import annotations

from collections import Counter

import pytest
from leo_helpers import G, do, ready

from engines.core.playout import playout
from engines.core.rng import Rng, SplitMix64
from engines.leonardo.invariants import decision_problems, problems
from engines.leonardo.model import Options, State

CASES = [(players, Options(max_rounds=3)) for players in (2, 3, 6)]
CASES += [(players, Options(max_rounds=4, corporations=True)) for players in (4, 5, 6)]


def _positions(players: int, options: Options, games: int):
    for seed in range(games):
        state = G.new_game(players, options, seed)
        yield state
        for _, _, after, _ in playout(G, state, SplitMix64.from_seed(seed + 77)):
            if G.result(after) is None:
                yield after


@pytest.mark.parametrize("players,options", CASES, ids=[f"{p}p-{'corp' if o.corporations else 'base'}" for p, o in CASES])
def test_a_sample_looks_the_same_to_the_seat_and_is_sound(players, options):
    phases: Counter = Counter()
    rng = Rng.from_seed(5)
    for i, state in enumerate(_positions(players, options, 10)):
        for seat in range(players):
            if (i + seat) % 3:  # a third of the (position, seat) pairs keeps the test quick
                continue
            seen = G.view(state, seat)
            sample = G.sample_state(seen, seat, rng)
            assert G.view(sample, seat) == seen, (i, seat, state.phase)
            assert not problems(sample) and not decision_problems(sample), (i, seat, problems(sample))
            assert State.model_validate_json(sample.model_dump_json()) == sample
            assert sample.rng != state.rng
            phases[state.phase] += 1
    expected = {"factions", "start", "place", "buy", "auction", "market"}
    if options.corporations:
        expected |= {"merge", "choose"}  # a rescue call: test_a_rescue_call_is_rebuilt
    assert expected <= set(phases), phases


def test_the_unseen_is_dealt_again_and_the_seen_is_kept():
    """Green is placing works of art and Blue bid: Red, deciding, sees neither the values nor
    the bid; over samples, both vary, and Red's own works of art stay what they are."""
    state = ready(2, n=3, owner={2: 0, 4: 1, 6: 2}, art={2: [150, 30], 4: [100]})
    state = do(state, 2, "art 2").state
    drawn = list(state.drawn)
    rng = Rng.from_seed(1)
    samples = [G.sample_state(G.view(state, 0), 0, rng) for _ in range(60)]
    assert all(s.art[2] == [150, 30] for s in samples)
    assert len({tuple(s.art[4]) for s in samples}) > 3 and len({tuple(s.drawn) for s in samples}) > 5
    assert any(s.drawn != drawn for s in samples)
    assert len({tuple(s.art_supply) for s in samples}) == 60
    green = [G.sample_state(G.view(state, 2), 2, rng) for _ in range(10)]
    assert all(s.drawn == drawn for s in green)  # the buyer knows its tiles


def test_sealed_decisions_are_invented_and_the_own_one_kept():
    state = do(do(ready(0, pos=20, roll=3, n=4), 0, "spin").state, 0, "decline").state  # Via Larga (23) auctioned
    state = do(do(state, 1, "bid 90").state, 2, "bid 40").state
    rng = Rng.from_seed(3)
    bids = [G.sample_state(G.view(state, 3), 3, rng).auction.bids for _ in range(40)]
    assert all(set(b) == {1, 2} for b in bids)
    assert len({b[1] for b in bids}) > 5  # Blue's 90 is not known to Yellow
    assert all(G.sample_state(G.view(state, 1), 1, rng).auction.bids[1] == 90 for _ in range(5))


def test_factions_declared_by_others_stay_secret_until_all_have_declared():
    state = do(do(G.new_game(3, Options(), 1), 0, "guelfi").state, 1, "guelfi").state
    rng = Rng.from_seed(2)
    guessed = Counter(G.sample_state(G.view(state, 2), 2, rng).declared[1] for _ in range(40))
    assert set(guessed) == {"guelfi", "ghibellini"}
    assert all(G.sample_state(G.view(state, 1), 1, rng).declared[1] == "guelfi" for _ in range(5))
    done = do(state, 2, "ghibellini").state
    assert G.sample_state(G.view(done, 0), 0, rng).declared == done.declared  # public from now on


def test_the_event_deck_keeps_the_cards_seen_under_it():
    state = ready(0, pos=4, roll=3)  # onto an event square: the top card is drawn, then goes under
    top = state.event_deck[0]
    state = do(state, 0, "spin").state
    rng = Rng.from_seed(4)
    decks = [G.sample_state(G.view(state, 1), 1, rng).event_deck for _ in range(30)]
    assert all(d[-1] == top and Counter(d) == Counter(state.event_deck) for d in decks)
    assert len({tuple(d) for d in decks}) > 20


def test_a_rescue_call_is_rebuilt_with_the_answers_given_invented():
    """Red cannot pay Blue's rent; Green has answered (pass), Yellow has not."""
    state = ready(0, pos=24, n=4, roll=3, corporations=True, owner={27: 1, 2: 0}, art={27: [30, 50, 70, 100]},
                  florins={0: 10, 2: 500, 3: 500})
    state = do(do(state, 0, "spin").state, 2, "pass").state
    assert state.phase == "rescue" and G.to_act(state) == {3}
    rng = Rng.from_seed(6)
    for seat in range(4):
        samples = [G.sample_state(G.view(state, seat), seat, rng) for _ in range(20)]
        assert all(G.view(s, seat) == G.view(state, seat) and not problems(s) for s in samples)
        answers = {s.rescue.answers[2] for s in samples}
        assert answers == ({False} if seat == 2 else {True, False})


def test_offices_seen_going_under_the_deck_keep_their_places():
    """Red goes bankrupt holding offices 9 and 28: they go under the deck in public; the
    unknown top of the deck is dealt again, the bottom kept."""
    state = ready(0, pos=24, roll=3, owner={27: 1, 2: 0}, art={27: [30, 50, 70, 100]}, florins={0: 10},
                  offices={0: [9, 28]})
    state = do(state, 0, "spin").state
    assert G.view(state, 1).offices_seen == [9, 28] and G.view(state, None).offices_seen == [9, 28]
    rng = Rng.from_seed(8)
    decks = [G.sample_state(G.view(state, 2), 2, rng).office_deck for _ in range(30)]
    assert all(d[-2:] == [9, 28] and sorted(d) == sorted(state.office_deck) for d in decks)
    assert len({tuple(d) for d in decks}) > 10
