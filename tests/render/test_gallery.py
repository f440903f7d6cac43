"""The README's gallery: drawn again by one documented command, the same pictures every time."""

from __future__ import annotations

import re
from pathlib import Path

from PIL import Image

from bot.cli.gallery import main

ROOT = Path(__file__).resolve().parents[2]


def test_the_gallery_command_draws_the_readmes_pictures_the_same_every_time(tmp_path, capsys):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = re.findall(r"\]\(docs/gallery/([^)]+\.webp)\)", readme)
    assert len(shown) == 4 and "python -m bot.cli.gallery --out docs/gallery" in readme
    assert main(["--out", str(tmp_path / "a")]) == 0
    assert main(["--out", str(tmp_path / "b")]) == 0
    drawn = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert drawn == sorted(shown)
    for name in drawn:
        data = (tmp_path / "a" / name).read_bytes()
        assert data == (tmp_path / "b" / name).read_bytes(), name  # seeded games: the same picture
        assert len(data) < 200_000, (name, len(data))
        assert (ROOT / "docs" / "gallery" / name).is_file(), name  # committed, so the README shows it
        with Image.open(tmp_path / "a" / name) as image:
            assert image.width >= 1000 and image.format == "WEBP"
    assert "bella_vista-hand.webp" in capsys.readouterr().out


def test_a_gallery_folder_in_a_missing_folder_is_refused_in_one_line(tmp_path, capsys):
    assert main(["--out", str(tmp_path / "missing" / "gallery")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1
    assert not (tmp_path / "missing").exists()
