"""The agents on Leonardo: decisions depend only on the seat's view, every level plays only
legal actions to the end of seeded games at every player count, the evaluation of a finished
game is its final scores, and the hints read as sentences."""

from __future__ import annotations

import pytest
from leo_helpers import G, do, ready

from engines.core.agents import Budget, GreedyAgent, MctsAgent, RandomAgent, agent
from engines.core.playout import playout
from engines.core.rng import Rng, SplitMix64
from engines.leonardo.model import Options
from engines.leonardo.positions import next_spins
from render.text import words

LEVELS = ("random", "greedy", "mcts")


def _decide(level: str, state, seat: int, seed: int, iterations: int = 25):
    legal = G.legal_actions(state, seat)
    return agent(level).decide(G, G.view(state, seat), seat, legal, Rng.from_seed(seed), Budget(iterations=iterations))


def _scrambled(state, seat: int):
    """The same position as ``seat`` sees it, everything it does not see changed: the other
    firms' works of art swapped with the supply's, the supply and both decks' unknown parts
    reshuffled, the other firms' sealed decisions changed, another generator."""
    other = state.model_copy(deep=True)
    mine = next(f.id for f in other.firms.values() if seat in f.members)
    for number, values in other.art.items():
        if other.owner.get(number) != mine and values and other.art_supply:
            values[0], other.art_supply[-1] = other.art_supply[-1], values[0]
    other.art_supply.reverse()
    known = len(other.office_deck) - other.office_returned
    other.office_deck[:known] = reversed(other.office_deck[:known])
    if other.event_draws == 0:
        other.event_deck.reverse()
    if other.auction is not None:
        other.auction.bids = {s: (0 if b else 50) if s != mine else b for s, b in other.auction.bids.items()}
    other.rng = Rng.from_seed(999)
    assert G.view(other, seat) == G.view(state, seat)
    return other


def _positions():
    """A start of turn with works of art on both sides, works of art being placed, an auction
    where Blue has bid, and a market where Blue has bet."""
    base = ready(0, pos=20, n=3, owner={2: 0, 4: 1, 27: 2}, art={2: [150], 4: [30, 70], 27: [100]})
    auction = do(do(next_spins(base, [3]), 0, "spin").state, 0, "decline").state  # Via Larga (23)
    auction = do(auction, 1, "bid 40").state
    market = do(next_spins(base, [4, 2]), 0, "spin").state  # Mercato Vecchio (24)
    market = do(market, 1, "bet gold 10").state
    placing = do(base, 0, "art 2").state
    return [(base, 0), (placing, 0), (auction, 2), (market, 2)]


@pytest.mark.parametrize("level", LEVELS)
def test_a_decision_depends_only_on_the_view(level):
    for state, seat in _positions():
        other = _scrambled(state, seat)
        for seed in range(3):
            assert _decide(level, state, seat, seed) == _decide(level, other, seat, seed), (level, state.phase)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_level_plays_only_legal_actions(players):
    """200 seeded one-round games (half with the corporations variant from 4 players): in each,
    one seat greedy, the next mcts, the others random, moving round the table from game to
    game; every decision checked against the legal actions (greedy with one sample and mcts with
    two iterations a decision after a one-sample prior, to stay quick)."""
    agents = {"random": RandomAgent(), "greedy": GreedyAgent(samples=1), "mcts": MctsAgent(prior_samples=1)}
    for seed in range(200):
        options = Options(max_rounds=1, corporations=players >= 4 and seed % 2 == 1)
        state = G.new_game(players, options, seed)
        levels = ["random"] * players
        levels[seed % players], levels[(seed + 1) % players] = "greedy", "mcts"
        rngs = [Rng.from_seed(seed * 10 + s) for s in range(players)]
        while G.result(state) is None:
            seat = min(G.to_act(state))
            legal = G.legal_actions(state, seat)
            level = levels[seat]
            choice = agents[level].decide(G, G.view(state, seat), seat, legal, rngs[seat], Budget(iterations=2))
            assert choice.action in legal, (seed, level, choice.action)
            state = G.apply(state, seat, choice.action).state


def test_the_evaluation_of_a_finished_game_is_its_final_scores():
    for players, options in ((2, Options(max_rounds=3)), (4, Options(max_rounds=3, corporations=True)),
                             (6, Options(max_rounds=2))):
        for seed in range(6):
            *_, (_, _, final, _) = playout(G, G.new_game(players, options, seed), SplitMix64.from_seed(seed))
            totals = {f.seat: f.total for f in G.result(final).scores}
            assert G.evaluate(final) == [float(totals[s]) for s in range(players)]


def test_the_evaluation_prefers_what_the_rules_reward():
    """Owning a palazzo is worth its price and more (rivals' visits), to the rivals' cost; a work
    of art on it adds its value and raises the rent; a sealed bet costs a third of its stake."""
    state = ready(0, pos=20, n=3)
    owning = state.model_copy(deep=True)
    owning.owner[27] = 0
    owning.firms[0].florins -= 100
    owning.bank += 100
    assert G.evaluate(owning)[0] > G.evaluate(state)[0] and G.evaluate(owning)[1] < G.evaluate(state)[1]
    shown = owning.model_copy(deep=True)
    shown.art[27] = [shown.art_supply.pop(shown.art_supply.index(100))]
    assert G.evaluate(shown)[0] > G.evaluate(owning)[0] + 100
    market = do(ready(0, pos=20, n=3, roll=[4]), 0, "spin").state  # Mercato Vecchio: Blue bets first
    betting = do(market, 1, "bet gold 60").state
    assert G.evaluate(betting)[1] == pytest.approx(G.evaluate(market)[1] - 20)
    assert G.evaluate(betting)[0] == pytest.approx(G.evaluate(market)[0] + 20)


def test_greedy_buys_a_palazzo_it_can_afford_and_bets_the_least():
    state = do(ready(0, pos=20, roll=3, florins={0: 900}), 0, "spin").state  # offered Via Larga (23)
    assert _decide("greedy", state, 0, 1).action.kind == "buy"
    market = do(ready(0, pos=20, n=3, roll=[4]), 0, "spin").state  # Mercato Vecchio: Blue bets first
    choice = _decide("greedy", market, 1, 1)
    assert choice.action.kind == "bet" and choice.action.stake == 5


def test_greedy_as_the_last_bettor_still_bets_the_least():
    """The last bet sets off the machine: a one-move look that played the spin out would stake
    everything on the product its few samples saw win. A bet loses a third of its stake on
    average, whoever bets last."""
    market = do(ready(0, pos=20, n=3, roll=[4]), 0, "spin").state  # Mercato Vecchio
    market = do(market, 1, "bet gold 10").state  # Green bets last
    for seed in range(12):
        choice = _decide("greedy", market, 2, seed)
        assert choice.action.kind == "bet" and choice.action.stake == 5, (seed, choice.action)


def test_works_of_art_being_placed_threaten_the_rents_they_will_raise():
    """Buying works of art turns florins into art: the rents a rival must fear (the owner's
    potential) stay the same while the tiles wait to be placed, so a purchase is not judged as
    a relief to the rivals (greedy hoarded florins for that phantom threat)."""
    from engines.leonardo.evaluation import _holdings

    state = ready(0, pos=20, n=3, owner={27: 0, 4: 1}, florins={0: 250, 1: 40})

    def potential(s):
        return next(top for n, _, _, _, top in _holdings(s, {f: 0.0 for f in s.firms}) if n == 27)

    assert potential(do(state, 0, "art 2").state) == potential(state) == 50 * 8


def test_a_firm_risks_one_bankruptcy_at_most():
    """Many rents a poor firm could not pay: the expected loss is at most its worth (it can go
    bankrupt once), not the sum over every threatening palazzo."""
    from engines.leonardo.evaluation import _holdings
    from engines.leonardo.shortfall import risk

    art = {23: [30, 30, 30, 50], 25: [50, 50, 50, 70], 26: [70, 70, 70, 100], 27: [100, 100, 100, 150],
           30: [150, 30, 50, 70], 31: [30, 50, 70, 100]}
    state = ready(0, pos=20, n=3, owner={2: 0} | {n: 1 for n in art}, art=art, florins={0: 5, 1: 250})
    owned = _holdings(state, {f: 0.0 for f in state.firms})
    assert risk(state, state.firms[0], 65.0, 11, owned) <= 65.0


def test_hints_read_as_one_sentence():
    said = set()
    for state, seat in _positions():
        choice = _decide("greedy", state, seat, 1)
        assert choice.reason is not None or len(G.legal_actions(state, seat)) == 1
        for action in G.legal_actions(state, seat):
            for value in (12.4, -1.0, None):
                msg = G.explain(G.view(state, seat), seat, action, value)
                if msg is not None:
                    text = words(msg)
                    assert text and "{" not in text and "\n" not in text
                    said.add(text)
    assert any("florins a visit" in s for s in said) and any("expected margin over the best rival" in s for s in said)


def test_the_evaluations_rents_and_capitals_are_the_rules():
    from engines.leonardo.economy import capital, income
    from engines.leonardo.evaluation import _holdings

    checked = 0
    for players, options in ((3, Options(max_rounds=4)), (5, Options(max_rounds=4, corporations=True))):
        for seed in range(4):
            for _, _, state, _ in playout(G, G.new_game(players, options, seed), SplitMix64.from_seed(seed)):
                worth = {f.id: 0.0 for f in state.firms.values() if f.active}
                for n, _, bridge, rent, _ in _holdings(state, worth):
                    assert bridge or rent == income(state, n)
                    checked += 1
                for f in state.firms.values():
                    if f.active:
                        assert worth[f.id] == sum(capital(state, f).values()) - f.florins
    assert checked > 500


def test_mcts_starts_from_greedys_choice():
    """Leonardo's search starts from greedy's judgement (``search_prior``): stopped before its
    first iteration, it plays what greedy plays from the same generator, in every position
    (without the prior, its untried actions would leave it the first legal one)."""
    for state, seat in _positions():
        legal = G.legal_actions(state, seat)
        for seed in range(3):
            greedy = GreedyAgent().decide(G, G.view(state, seat), seat, legal, Rng.from_seed(seed), Budget())
            mcts = MctsAgent().decide(G, G.view(state, seat), seat, legal, Rng.from_seed(seed), Budget(iterations=0))
            assert mcts.action == greedy.action, (state.phase, seed)
    assert any(GreedyAgent().decide(G, G.view(s, k), k, G.legal_actions(s, k), Rng.from_seed(0), Budget()).action
               != G.legal_actions(s, k)[0] for s, k in _positions())
