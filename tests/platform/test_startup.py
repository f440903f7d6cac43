"""A bad data file stops ``python -m bot run`` before any network: one line naming the file
and the key, exit status 2, no traceback, no database touched.

Each test damages a copy of the shipped data and points the real command at it with
PIAZZA_DATA_DIR; the token is a dummy, so a run that got past the data check would try
to log in (and print discord.py's "logging in" line, which the tests refuse).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engines.core.data import ENV_DATA_DIR, data_root
from tests.patience import SUBPROCESS_SECONDS


def data_copy(tmp_path: Path) -> Path:
    copy = tmp_path / "data"
    shutil.copytree(str(data_root()), copy, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    return copy


def run_with_data(tmp_path: Path, data: Path, *args: str) -> subprocess.CompletedProcess:
    env = {"PATH": "/usr/bin:/bin", "DISCORD_TOKEN": "dummy-token", ENV_DATA_DIR: str(data),
           "PIAZZA_DB": str(tmp_path / "piazza.sqlite3")}
    return subprocess.run([sys.executable, "-m", "bot", *(args or ("run",))], capture_output=True, text=True,
                          env=env, cwd=tmp_path, timeout=SUBPROCESS_SECONDS)


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1))


def wrong_type(d: Path) -> None:
    edit(d / "leonardo/cards.toml", "starting_florins = 250", 'starting_florins = "lots"')


def missing_key(d: Path) -> None:
    edit(d / "bella_vista/components.toml", "tile_size = 4\n", "")


def invalid_toml(d: Path) -> None:
    edit(d / "torri/shapes.toml", '"3" = "medium"', '"3" = = "medium"')


def missing_file(d: Path) -> None:
    (d / "torri/shapes.toml").unlink()


def empty_file(d: Path) -> None:
    (d / "bella_vista/layouts.toml").write_text("")


def binary_garbage(d: Path) -> None:
    (d / "leonardo/board.toml").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe")


def town_the_option_offers_is_gone(d: Path) -> None:  # checked only at a game's first use before
    edit(d / "bella_vista/layouts.toml", "[layouts.rome]", "[layouts.roma]")


def bottleneck_in_a_wall(d: Path) -> None:  # a Torri shape check
    edit(d / "torri/shapes.toml", "#.....#\n.......\n...A...", "#.....#\n##.####\n...A...")


def office_on_a_street(d: Path) -> None:  # a check across Leonardo's two files, lazy before
    edit(d / "leonardo/cards.toml", "space = 3", "space = 2")


def broken_translation(d: Path) -> None:  # a catalog of a language other than the source
    edit(d / "messages/pt-BR/bot.toml", 'done = "Feito."', 'done = = "Feito."')


DAMAGE = [
    (wrong_type, "leonardo/cards.toml", "key starting_florins: Input should be a valid integer"),
    (missing_key, "bella_vista/components.toml", "key tile_size: Field required"),
    (invalid_toml, "torri/shapes.toml", r"not valid TOML: .*\(at line \d+, column \d+\)"),
    (missing_file, "torri/shapes.toml", "component data file is missing"),
    (empty_file, "bella_vista/layouts.toml", "key layouts: Field required"),
    (binary_garbage, "leonardo/board.toml", "not UTF-8 text"),
    (town_the_option_offers_is_gone, "bella_vista/layouts.toml", "key layouts.rome: missing"),
    (bottleneck_in_a_wall, "torri/shapes.toml", "key shapes.small.map: .*bottleneck"),
    (office_on_a_street, "leonardo/cards.toml", "key offices.0.space: office on space 2"),
    (broken_translation, "messages/pt-BR/bot.toml", "cannot be parsed"),
]


@pytest.mark.parametrize("damage, file, words", DAMAGE, ids=[d[0].__name__ for d in DAMAGE])
def test_a_bad_data_file_stops_run_with_one_line(tmp_path, damage, file, words):
    data = data_copy(tmp_path)
    damage(data)
    result = run_with_data(tmp_path, data)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"error: {data / file}: "), lines[0]
    assert re.search(words, lines[0]), lines[0]
    assert "Traceback" not in result.stderr and "logging in" not in result.stderr
    assert not (tmp_path / "piazza.sqlite3").exists()  # stopped before the database


def test_the_demo_refuses_bad_data_the_same_way(tmp_path):
    data = data_copy(tmp_path)
    wrong_type(data)
    result = run_with_data(tmp_path, data, "demo", "--game", "torri", "--out", str(tmp_path / "out"))
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        f"error: {data}/leonardo/cards.toml: key starting_florins: Input should be a valid integer, "
        "unable to parse string as an integer"]
    assert not (tmp_path / "out").exists()


def test_a_data_dir_that_does_not_exist_is_named(tmp_path):
    result = run_with_data(tmp_path, tmp_path / "nowhere")
    assert result.returncode == 2
    assert result.stderr == f"error: {ENV_DATA_DIR}={tmp_path / 'nowhere'}: no such folder (point it at a copy of data/)\n"


def test_an_undamaged_copy_loads(tmp_path):
    """The copy itself is sound: the damage above is what each test refuses."""
    data = data_copy(tmp_path)
    result = run_with_data(tmp_path, data, "demo", "--game", "torri", "--players", "2", "--out", str(tmp_path / "o"))
    assert result.returncode == 0, result.stderr
