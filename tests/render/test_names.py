"""Names on the boards (issue 24): never cut in the middle of a word where a shorter form of
the name fits: its first words stand for it, beside the player's chip."""

from __future__ import annotations

import pytest

from bot.play.registry import titles
from render.common import name_that_fits
from tests.render.test_layout import BOARDS, LONGEST, STAGES, TABLES, at


def test_a_name_keeps_its_first_words_that_fit():
    def under(n):
        return lambda t: len(t) <= n

    assert name_that_fits("Anne", under(2)) == "Anne"  # one word: the caller cuts it
    assert name_that_fits("Maximiliano Bartolomeu Ferreira!", under(40)) == "Maximiliano Bartolomeu Ferreira!"
    assert name_that_fits("Maximiliano Bartolomeu Ferreira!", under(25)) == "Maximiliano Bartolomeu"
    assert name_that_fits("Anne-Marguerite de Montmorency-L", under(20)) == "Anne-Marguerite"  # no "de" hanging
    assert name_that_fits("Wolfeschlegelsteinhausenberger W", under(10)) == "Wolfeschlegelsteinhausenberger W"


@pytest.mark.parametrize("stage", STAGES)
@pytest.mark.parametrize("key,players", TABLES)
@pytest.mark.parametrize("locale", ["en", "pt-BR", "it"])
def test_no_name_is_cut_after_some_of_its_words(key, players, stage, locale):
    """The longest names Discord allows: a name cut with "…" is cut inside its first word (which
    alone is wider than its room), never after some of its words when its first words would
    have fitted ("Maximiliano Bartol…" is "Maximiliano")."""
    engine = titles()[key].engine
    names = LONGEST[:players]
    canvas = BOARDS[key](engine.view(at(key, players, STAGES[stage]), None), names, locale)
    cut = [d.what for d in canvas.drawn if d.kind == "text" and d.what.endswith("…")
           and any(n.startswith(d.what.rstrip("…")) for n in names)]
    assert [t for t in cut if " " in t.rstrip("…").strip()] == [], cut
