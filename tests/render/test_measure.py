"""Text measured from per-letter figures (``render.common.advance``, ``ink_span``) is exactly what
Pillow measures laying the whole string out again: every catalog text, in every locale, at the
sizes and weights the boards use, and the longest names."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from render.common import advance, font, ink_span, ink_width
from render.text import LOCALES

MESSAGES = Path(__file__).resolve().parents[2] / "data" / "messages"


def texts(locale: str) -> list[str]:
    out: list[str] = []

    def walk(value) -> None:
        if isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)
        elif isinstance(value, str):
            out.append(value)

    for path in sorted((MESSAGES / locale).glob("*.toml")):
        walk(tomllib.loads(path.read_text(encoding="utf-8")))
    return out


@pytest.mark.parametrize("locale", LOCALES)
def test_per_letter_measures_equal_pillows(locale):
    words = texts(locale) + ["Maximiliano Bartolomeu", "Wolfgang-Amadeus Ångström", "ÉÀÇ ãõ ñ ß ł", " a ", "…"]
    assert len(words) > 500
    for size in (20, 28):  # the body and a heading (every size is the same arithmetic)
        for bold in (False, True):
            f = font(size, bold)
            for text in words:
                left, _, right, _ = f.getbbox(text)
                assert ink_span(text, size, bold) == (left, right), (text, size, bold)
                assert ink_width(text, size, bold) == right - left
                assert advance(text, size, bold) == pytest.approx(f.getlength(text), abs=1e-9), (text, size, bold)


def test_an_empty_text_measures_nothing():
    assert advance("", 20) == 0
    assert ink_width("", 20) == 0
