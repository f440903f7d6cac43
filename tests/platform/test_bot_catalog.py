"""Every sentence of the platform is a catalog key: each ``bot.*`` key the code names exists in
data/messages/en/bot.toml and renders, and every key there is named somewhere in bot/."""

import ast
import re
import string
from pathlib import Path

from engines.core import Msg
from render.text import RESERVED_SPECS, catalog, unit_key

BOT = Path(__file__).resolve().parents[2] / "bot"
KEY = re.compile(r"bot(\.[a-z0-9_]+){2,}")


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are docstrings (they may name modules, not keys)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def keys_named_in_code() -> dict[str, str]:
    """Every string constant of bot/ that is a whole ``bot.<section>.<name>`` key -> where."""
    found = {}
    for path in sorted(BOT.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = docstrings(tree)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
                    and KEY.fullmatch(node.value)):
                found.setdefault(node.value, f"{path.relative_to(BOT.parent)}:{node.lineno}")
    return found


def bot_templates() -> dict:
    return {k: v for k, v in catalog("en").templates.items() if k.startswith("bot.")}


def test_every_key_the_code_names_is_in_the_catalog():
    missing = {k: where for k, where in keys_named_in_code().items() if k not in bot_templates()}
    assert not missing, missing


def units_named_in_templates() -> set[str]:
    """The ``bot.unit.*`` tables the templates name with ``{n:<unit>}`` (render/text.py)."""
    return {unit_key(key, spec) for key, template in bot_templates().items()
            for form in (template.values() if isinstance(template, dict) else [template])
            for _, field, spec, _ in string.Formatter().parse(form) if field and spec and spec not in RESERVED_SPECS}


def test_every_key_of_the_catalog_is_named_in_the_code():
    unused = sorted(set(bot_templates()) - set(keys_named_in_code()) - units_named_in_templates())
    assert not unused, unused


def sample(spec: str):
    return {"seat": 0, "seats": [0, 1], "input": "e5 build", "signed": 3}.get(spec, 2 if spec else "x")


def test_every_template_renders_with_its_placeholders():
    words = catalog("en")
    for key, template in bot_templates().items():
        forms = template if isinstance(template, dict) else {"other": template}
        params = {}
        for name, form in forms.items():
            if name == "count":
                continue
            for _, field, spec, _ in string.Formatter().parse(form):
                if field:
                    params[field] = sample(spec or "")
        if isinstance(template, dict):
            params[template["count"]] = 2
        text = words.text(Msg(key, **params))
        assert text and "{" not in text and "}" not in text, (key, text)
