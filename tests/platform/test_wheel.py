"""The wheel holds every package, the game data and the ``piazza`` command, and the installed
copy plays a demo from an unrelated folder. Built offline (no build isolation, no index)
from a copy of the sources, so the working tree gets no build/ folder."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.patience import SUBPROCESS_SECONDS

pytestmark = pytest.mark.slow  # a wheel built and installed

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("pyproject.toml", "README.md", "bot", "engines", "render", "data")
JUNK = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build", "dist")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"
    src.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name, ignore=JUNK)
        else:
            shutil.copy2(ROOT / name, src / name)
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(src), "--no-deps", "--no-build-isolation", "--no-index",
         "-q", "-w", str(tmp / "dist")],
        capture_output=True, text=True, timeout=SUBPROCESS_SECONDS)
    assert result.returncode == 0, result.stderr
    (built,) = (tmp / "dist").glob("piazza-*.whl")
    return built


def repo_files(folder: str, suffixes: tuple[str, ...]) -> set[str]:
    base = ROOT / folder
    return {p.relative_to(base).as_posix() for p in base.rglob("*")
            if p.is_file() and p.suffix in suffixes and "__pycache__" not in p.parts}


def test_the_wheel_holds_the_data_every_package_and_the_command(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    data = repo_files("data", (".toml", ".json", ".md", ".py"))
    assert {"bella_vista/layouts.toml", "torri/shapes.toml", "leonardo/cards.toml"} <= data
    assert {f"piazza_data/{f}" for f in data} <= names
    for package in ("bot", "engines", "render"):  # a package missing from pyproject's list fails here
        assert {f"{package}/{f}" for f in repo_files(package, (".py", ".md"))} <= names
    assert "render/__init__.py" in names
    assert not any(n.startswith(("data/", "tests/")) for n in names)
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    assert "piazza = bot.__main__:main" in zipfile.ZipFile(wheel).read(entry_points).decode()


def test_the_installed_wheel_plays_a_demo_from_another_folder(wheel, tmp_path):
    target = tmp_path / "site"
    result = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index",
                             "--target", str(target), str(wheel)], capture_output=True, text=True,
                            timeout=SUBPROCESS_SECONDS)
    assert result.returncode == 0, result.stderr
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    # the wheel's copy comes first on the path; the dependencies come from this environment
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(target)}
    where = subprocess.run(
        [sys.executable, "-c", "import bot, engines, render, engines.core.data as d\n"
                               "for m in (bot, engines, render): print(m.__file__)\nprint(d.data_root())"],
        capture_output=True, text=True, env=env, cwd=elsewhere, timeout=SUBPROCESS_SECONDS)
    assert where.stdout.splitlines() == [*(str(target / p / "__init__.py") for p in ("bot", "engines", "render")),
                                         str(target / "piazza_data")], where.stderr
    demo = subprocess.run([sys.executable, "-m", "bot", "demo", "--game", "torri", "--players", "2"],
                          capture_output=True, text=True, env=env, cwd=elsewhere, timeout=SUBPROCESS_SECONDS)
    assert demo.returncode == 0, demo.stderr
    assert (elsewhere / "demo-out" / "torri" / "scores.txt").read_text().startswith("Le Torri di Bologna, 2 players")
