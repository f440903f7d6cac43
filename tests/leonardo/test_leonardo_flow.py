"""Leonardo's turn flow as one table (engines/leonardo/flow.py): the modules of the turn do
not depend on each other in a circle, and the table names every phase, every action and
every step it hands on to."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import get_args

import engines.leonardo
from engines.leonardo.flow import PHASES, STEPS
from engines.leonardo.model import Action, Phase
from engines.leonardo.steps import StepName

PACKAGE = Path(engines.leonardo.__file__).parent


def _imports(tree: ast.Module, modules: set[str]) -> set[str]:
    """The package's modules a module imports, at its top or inside a function (imports under
    ``if TYPE_CHECKING:`` aside: they never run)."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return {m.rsplit(".", 1)[1] for m in found if m.startswith("engines.leonardo.")} & modules


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every group of modules that import one another in a circle (strongly connected)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1 or v in graph[v]:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return out


def test_no_module_of_leonardo_imports_itself_back_through_a_circle():
    files = {f.stem: f for f in PACKAGE.glob("*.py") if f.name != "__init__.py"}
    graph = {name: _imports(ast.parse(f.read_text(encoding="utf-8")), set(files)) for name, f in files.items()}
    assert {"turns", "movement", "landing", "auctions", "markets", "meetings"} <= set(graph["flow"])
    assert _circles(graph) == []


def test_the_circle_finder_finds_a_circle():
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _circles({"a": {"b"}, "b": set()}) == []


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
