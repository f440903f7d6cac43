"""The project's own import graph, read from the source (``ast``): which of our modules each module
imports, wherever in it (a function's imports too), but for those under ``if TYPE_CHECKING:`` (they
never run); and the circles in such a graph. Used by the layout tests (issue 23: no import circle in
``bot/``, ``engines/``, ``render/``)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def modules(*packages: str) -> dict[str, Path]:
    """Dotted module name -> file, for every module under the given top-level packages."""
    out: dict[str, Path] = {}
    for package in packages:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def _type_only(node: ast.If) -> bool:
    return "TYPE_CHECKING" in ast.unparse(node.test)


def module_imports(name: str, names: dict[str, Path]) -> set[str]:
    """The modules of ``names`` that module ``name`` imports. ``from a import b`` names ``a.b`` when
    that is a module, else ``a``; relative imports are resolved."""
    path = names[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()

    def visit(nodes) -> None:
        for node in nodes:
            if isinstance(node, ast.If) and _type_only(node):
                visit(node.orelse)
                continue
            if isinstance(node, ast.Import):
                out.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(up + ([node.module] if node.module else []))
                for alias in node.names:
                    out.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in names else base)
            visit(ast.iter_child_nodes(node))

    visit(ast.parse(path.read_text(encoding="utf-8")).body)
    return {m for m in out if m in names and m != name}


def graph(names: dict[str, Path]) -> dict[str, set[str]]:
    return {name: module_imports(name, names) for name in names}


def import_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every set of modules that import each other round in a circle (Tarjan's strongly connected
    components of more than one module)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

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
            found = []
            while True:
                w = stack.pop()
                found.append(w)
                if w == v:
                    break
            if len(found) > 1:
                circles.append(sorted(found))

    for name in sorted(graph):
        if name not in index:
            strong(name)
    return circles
