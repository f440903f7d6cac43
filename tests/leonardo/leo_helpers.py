"""Shared helpers of the Leonardo tests (no mocks: real states, real rules)."""

from __future__ import annotations

from collections import Counter

from engines.core.rng import Rng
from engines.leonardo import Leonardo
from engines.leonardo.components import board, cards
from engines.leonardo.model import Options, State

G = Leonardo()


def started(n: int = 3, seed: int = 1, **opts) -> State:
    """A game past the faction declarations: even seats Guelfi, odd seats Ghibellini."""
    state = G.new_game(n, Options(**opts), seed)
    for s in range(n):
        state, _ = G.apply(state, s, G.parse_action(state, s, "guelfi" if s % 2 == 0 else "ghibellini"))
    return state


def do(state: State, seat: int, text: str):
    return G.apply(state, seat, G.parse_action(state, seat, text))


def turn_of(state: State, seat: int) -> State:
    """Make it ``seat``'s turn, at its start (test set-up)."""
    state = state.model_copy(deep=True)
    state.slot = state.order.index(seat)
    state.phase = "start"
    state.art_bought = False
    state.proposed = False
    return state


def rng_giving(values: list[int], low: int = 1, high: int = 12) -> Rng:
    """A generator whose next draws of the machine are ``values``."""
    for seed in range(1, 10_000_000):
        r = Rng.from_seed(seed)
        if all(r.randint(low, high) == v for v in values):
            return Rng.from_seed(seed)
    raise AssertionError("no seed found")


def clear_board(state: State) -> State:
    """Take every palazzo back to the bank (test set-up for precise scenarios)."""
    state = state.model_copy(deep=True)
    for number in list(state.owner):
        del state.owner[number]
    return state


TOTAL_ART = Counter(t.value for t in cards().art for _ in range(t.count))


def check_invariants(state: State) -> None:
    c = cards()
    firms = list(state.firms.values())
    assert sum(f.florins for f in firms) + state.bank == c.bank_florins, "florins not conserved"
    assert all(f.florins >= 0 for f in firms)
    assert all(f.florins == 0 for f in firms if not f.active)
    seats = sorted(s for f in firms for s in f.members)
    assert seats == list(range(state.seats)), "each seat belongs to exactly one firm"
    buyable = {s.number for s in board().spaces if s.buyable}
    for number, owner in state.owner.items():
        assert number in buyable
        assert state.firms[owner].active
    art_on = Counter(v for vals in state.art.values() for v in vals)
    assert art_on + Counter(state.art_supply) + Counter(state.drawn) == TOTAL_ART, "works of art lost"
    for number, vals in state.art.items():
        assert len(vals) <= c.art_per_palazzo
        if vals:
            assert number in state.owner and board().spaces[number - 1].palazzo
    assert sum(f.men for f in firms) + state.men_deck == c.men_at_arms
    for f in firms:
        assert 0 <= f.men <= c.men_per_player * len(f.members)
        assert 1 <= f.position <= 32
    limbo = [state.rescue.office] if state.rescue and state.rescue.office else []  # drawn, being paid for
    offices = sorted(state.office_deck + [o for f in firms for o in f.offices] + limbo)
    assert offices == sorted(o.space for o in c.offices)
    assert len(state.event_deck) == c.events.nulla + c.events.guelfa + c.events.ghibellina
    assert 1 <= state.round <= state.options.max_rounds
    acting = G.to_act(state)
    if state.phase == "over":
        assert not acting and G.result(state) is not None
    else:
        assert acting
        for s in acting:
            assert G.legal_actions(state, s), f"seat {s} owes a decision but has no legal action"
