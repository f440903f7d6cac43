"""Component data files (TOML or JSON), validated by pydantic.

The files ship inside the package as ``piazza_data`` (the repository's ``data/``
folder, mapped in pyproject.toml) and are read with ``importlib.resources``, so an
installed wheel finds them from any working directory. ``PIAZZA_DATA_DIR`` points the
loader at another copy (a folder laid out like ``data/``); this module is the only
place that reads it.

A bad file fails with ONE line naming the file, the key and what is wrong; the bot
loads every title's data before it logs in (``Game.load_data``), so a bad file stops
start-up instead of the first game. Reading a static file is not I/O the rules depend
on: the same file always gives the same components, so games still replay exactly.
"""

from __future__ import annotations

import importlib.resources
import json
import os
import tomllib
from functools import cache
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from engines.core.errors import quote

ENV_DATA_DIR = "PIAZZA_DATA_DIR"
DATA_PACKAGE = "piazza_data"
MESSAGE_LIMIT = 400  # one line, long enough for a path, a key and pydantic's reason

M = TypeVar("M", bound=BaseModel)


class DataError(Exception):
    """A component data file is missing or does not match its model. The message is one line."""

    def __init__(self, message: str) -> None:
        super().__init__(quote(message, MESSAGE_LIMIT))


def data_root() -> Traversable:
    """``PIAZZA_DATA_DIR`` if set, else the data shipped with the package."""
    override = os.environ.get(ENV_DATA_DIR, "").strip()
    if override:
        root = Path(override)
        if not root.is_dir():
            raise DataError(f"{ENV_DATA_DIR}={override}: no such folder (point it at a copy of data/)")
        return root
    try:
        return importlib.resources.files(DATA_PACKAGE)
    except ModuleNotFoundError as exc:
        raise DataError(f"the package {DATA_PACKAGE} (the game data) is not installed; reinstall Piazza "
                        f"(pip install . , or pip install -e . in a checkout)") from exc


def _read(path: Traversable) -> object:
    if not path.is_file():
        raise DataError(f"{path}: component data file is missing")
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8")
        if path.name.endswith(".toml"):
            return tomllib.loads(text)
        if path.name.endswith(".json"):
            return json.loads(text)
    except UnicodeDecodeError as exc:
        raise DataError(f"{path}: not UTF-8 text (byte {raw[exc.start]:#04x} at offset {exc.start})") from exc
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as exc:
        raise DataError(f"{path}: not valid {path.name.rsplit('.', 1)[-1].upper()}: {exc}") from exc
    raise DataError(f"{path}: unknown data format (use .toml or .json)")


def load_file(path: Traversable, model: type[M]) -> M:
    """Load and validate one data file; the error names the file and every bad key."""
    raw = _read(path)
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            key = ".".join(str(p) for p in err["loc"]) or "(top level)"
            problems.append(f"key {key}: {err['msg']}")
        raise DataError(f"{path}: " + "; ".join(problems)) from exc


def data_path(relative: str) -> Traversable:
    """Where ``<data>/<relative>`` is read from (for messages about a check across files)."""
    return data_root() / relative


@cache
def load(relative: str, model: type[M]) -> M:
    """Load ``<data>/<relative>`` once per process."""
    return load_file(data_path(relative), model)
