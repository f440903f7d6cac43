"""Component data files (TOML or JSON under ``data/``), validated by pydantic.

A bad file fails loudly at start-up with a message naming the file and the key.
Reading a static file is not I/O the rules depend on: the same file always gives
the same components, so games still replay exactly.
"""

from __future__ import annotations

import json
import tomllib
from functools import cache
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

DATA_DIR = Path(__file__).resolve().parents[2] / "data"

M = TypeVar("M", bound=BaseModel)


class DataError(Exception):
    """A component data file is missing or does not match its model."""


def _read(path: Path) -> object:
    if not path.exists():
        raise DataError(f"{path}: component data file is missing")
    try:
        if path.suffix == ".toml":
            return tomllib.loads(path.read_text(encoding="utf-8"))
        if path.suffix == ".json":
            return json.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise DataError(f"{path}: cannot be parsed: {exc}") from exc
    raise DataError(f"{path}: unknown data format (use .toml or .json)")


def load_file(path: Path, model: type[M]) -> M:
    """Load and validate one data file; errors name the file and the key path."""
    raw = _read(path)
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            key = ".".join(str(p) for p in err["loc"]) or "(top level)"
            problems.append(f"{path.name}: key {key}: {err['msg']}")
        raise DataError(f"{path}: invalid component data\n  " + "\n  ".join(problems)) from exc


@cache
def load(relative: str, model: type[M]) -> M:
    """Load ``data/<relative>`` once per process."""
    return load_file(DATA_DIR / relative, model)
