"""The final score sheet (bot/play/sheet.py): equal totals in different places say why one is ahead
(issue 28, systematic 10: "2. dave — 30" above "3. carol — 30" with no word)."""

import pytest

from bot.play.sheet import score_sheet
from engines.core import FinalScore, Msg, Result
from render.text import LOCALES, catalog

NAMES = ["anne", "bruno", "carla", "dave"]


def scores(*rows):
    return [FinalScore(seat=s, total=t, breakdown={"gold": t}, rank=r) for s, t, r in rows]


@pytest.mark.parametrize("locale", LOCALES)
def test_a_tie_below_first_place_says_the_title_s_tie_break(locale):
    result = Result(scores=scores((0, 40, 1), (3, 30, 2), (2, 30, 3), (1, 10, 4)), winners=[0])
    lines = score_sheet(result, NAMES, "torri", locale).splitlines()
    rule = catalog(locale).text_of("torri.result.tie_rule")
    assert lines[1].startswith("2. **dave** — 30") and lines[1].endswith(rule)
    assert not any(line.endswith(rule) for line in lines[:1] + lines[2:])


def test_a_tie_for_first_is_explained_once_by_its_own_line():
    tie = Msg("torri.result.most_gold", tied=[0, 1], points=30, winner=0)
    result = Result(scores=scores((0, 30, 1), (1, 30, 2)), winners=[0], tie_break=tie)
    text = score_sheet(result, NAMES, "torri", "en")
    assert "tie-break" not in text and "wins with the most gold" in text
    shared = Result(scores=scores((0, 30, 1), (1, 30, 1)), winners=[0, 1])
    assert "tie-break" not in score_sheet(shared, NAMES, "torri", "en")  # a shared place needs no reason
