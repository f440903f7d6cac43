"""bot/ keeps the shape of the design notes: every arrow points down (chat/ and cli/ use play/,
which uses store/; the store uses nothing above it; play/ knows no Discord), the Discord layer
reaches the game only through the service, and no module of bot/, engines/ or render/ is over 400
lines."""

import ast
from pathlib import Path

import pytest

from tests import import_graph
from tests.import_graph import import_circles, modules

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


CODE = sorted(p for folder in ("bot", "engines", "render") for p in (ROOT / folder).rglob("*.py"))


@pytest.mark.parametrize("path", CODE, ids=where)
def test_modules_stay_under_400_lines(path):
    assert len(path.read_text(encoding="utf-8").splitlines()) <= 400


# --- the structure: no import circle, no class chain (issue 23) ------------------------------------
MODULE_NAMES = modules("bot")


def module_imports(name: str) -> set[str]:
    return import_graph.module_imports(name, MODULE_NAMES)


def test_no_import_circle_in_bot():
    """However deep inside a function an import hides, no module of ``bot/`` imports one that
    imports it back (type-only imports aside)."""
    assert import_circles(import_graph.graph(MODULE_NAMES)) == []


@pytest.mark.parametrize("package", ["engines", "render"])
def test_no_import_circle_in_the_rules_or_the_drawing(package):
    """Nor in ``engines/`` (Leonardo's turn flow was six modules in a circle) or ``render/``."""
    assert import_circles(import_graph.graph(modules(package))) == []


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
