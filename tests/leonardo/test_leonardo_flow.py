"""Leonardo's turn flow as one table (engines/leonardo/flow.py): the modules of the turn do
not depend on each other in a circle, and the table names every phase, every action and
every step it hands on to."""

from __future__ import annotations

from typing import get_args

from engines.leonardo.flow import PHASES, STEPS
from engines.leonardo.model import Action, Phase
from engines.leonardo.steps import StepName
from tests import import_graph
from tests.import_graph import import_circles, modules

LEONARDO = modules("engines")
LEONARDO = {name: path for name, path in LEONARDO.items() if name.startswith("engines.leonardo.")}


def test_no_module_of_leonardo_imports_itself_back_through_a_circle():
    graph = import_graph.graph(LEONARDO)
    flow = {m.rsplit(".", 1)[1] for m in graph["engines.leonardo.flow"]}
    assert {"turns", "movement", "landing", "auctions", "markets", "meetings"} <= flow
    assert import_circles(graph) == []


def test_the_table_names_every_phase_action_and_step():
    assert set(PHASES) == set(get_args(Phase))
    assert set(STEPS) == set(get_args(StepName))
    union = get_args(Action)[0]  # Annotated[Declare | BuyArt | ..., discriminator]
    kinds = {get_args(model.model_fields["kind"].annotation)[0] for model in get_args(union)}
    accepted = {kind for phase in PHASES.values() for kind in phase.moves}
    assert accepted == kinds - {"time_up"}  # the core's action, from the platform: the game ends
    nexts = [n for phase in PHASES.values() for move in phase.moves.values() for n in move.next]
    nexts += [n for stage in STEPS.values() for n in stage.next]
    assert {n for n in nexts if n is not None} == set(STEPS)  # every step is reached


def test_an_opened_auction_says_who_passed_in_a_sentence():
    """Issue 24 (the twentieth look): the opened bids read "Bids: Bruno 10, Andrea pass and Sofia 5."
    One who bid nothing now "passes"."""
    from leo_helpers import do, ready, said

    state = do(ready(0, pos=20, roll=3), 0, "spin").state  # Red lands on Via Larga (23) and declines it
    state = do(do(state, 0, "decline").state, 1, "bid 40").state
    done = do(state, 2, "pass")
    text = said(done.events)
    assert "Bids: " in text and " passes" in text and " pass and" not in text and " pass." not in text, text
