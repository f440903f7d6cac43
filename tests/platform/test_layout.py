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
