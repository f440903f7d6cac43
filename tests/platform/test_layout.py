"""bot/ keeps the shape of the design notes: every arrow points down (chat/ and cli/ use play/,
which uses store/; the store uses nothing above it; play/ knows no Discord), the Discord layer
reaches the game only through the service, and no module is over 400 lines."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MODULES = sorted((ROOT / "bot").rglob("*.py"))

# package -> the imports it must never make (prefixes)
NEVER = {
    "bot/store": ("bot.play", "bot.chat", "bot.cli", "engines", "render", "discord"),
    "bot/play": ("bot.chat", "bot.cli", "discord", "aiohttp"),
    "bot/cli": ("bot.chat", "discord"),
    "bot/chat": ("bot.cli",),
}
# run.py is where the process is put together: it opens the store it hands to the service.
CHAT_MAY_OPEN_THE_STORE = {"bot/chat/run.py"}


def imports(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
    return out


def where(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


@pytest.mark.parametrize("path", MODULES, ids=where)
def test_imports_point_down(path):
    name = where(path)
    banned = next((b for folder, b in NEVER.items() if name.startswith(folder + "/")), ())
    if name.startswith("bot/chat/") and name not in CHAT_MAY_OPEN_THE_STORE:
        banned += ("bot.store",)
    wrong = sorted(m for m in imports(path) if any(m == b or m.startswith(b + ".") for b in banned))
    assert not wrong, f"{name} imports {wrong}"


@pytest.mark.parametrize("path", [p for p in MODULES if where(p).startswith("bot/chat/")], ids=where)
def test_the_discord_layer_does_not_reach_into_the_store(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    reached = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr == "store"]
    assert not reached, f"{where(path)} uses .store at lines {reached}"


@pytest.mark.parametrize("path", MODULES, ids=where)
def test_modules_stay_under_400_lines(path):
    assert len(path.read_text(encoding="utf-8").splitlines()) <= 400


# --- the structure: no import circle, no class chain (issue 23) ------------------------------------
MODULE_NAMES = {}
for _path in MODULES:
    _parts = list(_path.relative_to(ROOT).with_suffix("").parts)
    MODULE_NAMES[".".join(_parts[:-1] if _parts[-1] == "__init__" else _parts)] = _path


def _type_only(node: ast.If) -> bool:
    return "TYPE_CHECKING" in ast.unparse(node.test)


def module_imports(name: str) -> set[str]:
    """The modules of ``bot/`` this one imports, wherever in it (a function's imports too), but for
    those under ``if TYPE_CHECKING:`` (never run). ``from a import b`` names ``a.b`` when that is a
    module, else ``a``."""
    path = MODULE_NAMES[name]
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
                    out.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULE_NAMES else base)
            visit(ast.iter_child_nodes(node))

    visit(ast.parse(path.read_text(encoding="utf-8")).body)
    return {m for m in out if m in MODULE_NAMES and m != name}


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
        for w in graph[v]:
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


def test_no_import_circle_in_bot():
    """However deep inside a function an import hides, no module of ``bot/`` imports one that
    imports it back (type-only imports aside)."""
    assert import_circles({name: module_imports(name) for name in MODULE_NAMES}) == []


def test_the_circle_check_sees_what_it_must():
    """The check above can fail: it finds a circle, it reads imports made inside functions, and it
    leaves out only those under ``if TYPE_CHECKING:``."""
    assert import_circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert "bot.play.replays" in module_imports("bot.play.workers")  # inside the replay task
    assert "bot.chat.app" not in module_imports("bot.chat.commands")  # for its types only


def _classes() -> dict[str, list[tuple[str, list[str]]]]:
    """Every class of the project (bot/, engines/, render/): its module and its bases' names."""
    found: dict[str, list[tuple[str, list[str]]]] = {}
    for root in ("bot", "engines", "render"):
        for path in sorted((ROOT / root).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ClassDef):
                    bases = [b.id if isinstance(b, ast.Name) else b.attr if isinstance(b, ast.Attribute) else ""
                             for b in node.bases]
                    found.setdefault(node.name, []).append((where(path), bases))
    return found


def _ours_below(name: str, classes: dict, seen: tuple = ()) -> int:
    """How many classes of ours stand below ``name``, the longest way down."""
    if name in seen or name not in classes:
        return 0
    return max((1 + _ours_below(b, classes, (*seen, name)) for _, bases in classes[name] for b in bases
                if b in classes), default=0)


def _exceptional(name: str, classes: dict, seen: tuple = ()) -> bool:
    if name in seen:
        return False
    if name.endswith(("Error", "Exception")) or name in ("Exception", "BaseException"):
        return True
    return any(_exceptional(b, classes, (*seen, name)) or b in ("Exception", "BaseException", "ValueError",
                                                                     "RuntimeError", "KeyError", "LookupError")
               for _, bases in classes.get(name, []) for b in bases)


def chains(classes: dict) -> list[str]:
    return sorted(f"{name} ({path}) stands on {_ours_below(name, classes)}"
                  for name, places in classes.items() for path, _ in places
                  if path.startswith("bot/") and _ours_below(name, classes) >= 2 and not _exceptional(name, classes))


def test_no_class_of_bot_stands_on_more_than_one_of_ours():
    """The service is collaborators, not a chain of parts: a class of ``bot/`` may stand on one class
    of ours at most (exception classes aside)."""
    assert chains(_classes()) == []


def test_the_chain_check_sees_what_it_must():
    """It fails on a class standing on two of ours, not on one, nor on an exception's family."""
    made = {"Base": [("bot/x.py", ["object"])], "Part": [("bot/x.py", ["Base"])], "Whole": [("bot/y.py", ["Part"])],
            "Oops": [("bot/x.py", ["Exception"])], "Worse": [("bot/x.py", ["Oops"])],
            "Worst": [("bot/x.py", ["Worse"])]}
    assert chains(made) == ["Whole (bot/y.py) stands on 2"]
