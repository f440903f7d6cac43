"""Snapshots stored before issue 9 (written by that release's engine: English ``last``
lines, ``end_reason`` and payment reasons in the state) still load and play on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from leo_helpers import G, check_invariants, do, said

from engines.leonardo import legacy
from engines.leonardo.model import State, Why
from render.text import words

SNAPSHOTS = Path(__file__).parent / "snapshots"


def old(name: str) -> tuple[dict, State]:
    text = (SNAPSHOTS / f"before_issue9_{name}.json").read_text(encoding="utf-8")
    return json.loads(text), State.model_validate_json(text)


def test_an_old_finished_game_loads_with_its_end_reason_and_without_its_last_lines():
    raw, state = old("over")
    assert raw["end_reason"] == "The 2 agreed rounds are over." and raw["last"]
    assert state.end == "rounds" and "last" not in state.model_dump() and "end_reason" not in state.model_dump()
    assert G.result(state) is not None
    assert [words(m) for m in G.status(state)] == ["Game over: the 2 agreed rounds are over"]
    assert State.model_validate_json(state.model_dump_json()) == state


def test_an_old_rescue_during_a_market_keeps_what_its_payments_are_for_and_plays_on():
    raw, state = old("market_rescue")
    assert raw["rescue"]["why"] == "winning market bet" and "meet_rest" in raw["rescue"]
    assert state.rescue.why == Why(kind="winning_bet") and state.rescue.payments[0].why == Why(kind="winning_bet")
    check_invariants(state)
    state, _ = do(state, 1, "pass")
    state, _ = do(state, 2, "pass")
    state, events = do(state, 3, "rescue")
    assert "seat 4 rescues seat 1, paying the" in said(events)
    assert "seat 2 receives the 300 florins (winning market bet)" in said(events)
    assert state.firms[1].florins == 550 and state.firms[3].members == [3, 0] and state.phase == "start"
    check_invariants(state)


def test_an_old_rescue_from_an_income_names_its_palazzo():
    raw, state = old("income_rescue")
    assert raw["rescue"]["why"] == "income of Via dei Bardi"
    assert state.rescue.why == Why(kind="income", space=27)
    state, events = do(state, 2, "pass")
    assert "Nobody rescues seat 1, who cannot pay 400 florins (rent of Via dei Bardi)" in said(events)
    check_invariants(state)


@pytest.mark.parametrize("text,why", [
    ("toll of Ponte Vecchio", Why(kind="toll", space=5)),
    ("income of Via Guicciardini", Why(kind="income", space=32)),
    ("price of the Capitano del Popolo", Why(kind="office", space=28)),
    ("market bet", Why(kind="bet")),
    ("winning market bet", Why(kind="winning_bet")),
    ("tribute to the men-at-arms", Why(kind="tribute")),
])
def test_every_old_payment_reason_is_read(text, why):
    assert Why.model_validate(legacy.why(text)) == why


@pytest.mark.parametrize("text,end", [
    ("", None), ("The 12 agreed rounds are over.", "rounds"), ("The agreed date has passed.", "time_up"),
    ("Red eliminated every opponent.", "eliminated"), ("Everyone went bankrupt.", "all_bankrupt"),
    ("Red+Blue is the last corporation standing: every opponent went bankrupt or joined it.", "last_corporation"),
])
def test_every_old_end_reason_is_read(text, end):
    assert legacy.end(text) == end
