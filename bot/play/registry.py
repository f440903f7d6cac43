"""Game key -> engine, renderer. One entry per title; the bot, demo and bench read it."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, cast

from engines.core import Game, quote
from render.common import Renderer


@dataclass(frozen=True)
class Title:
    key: str
    engine: Game
    renderer: Renderer


def drawing(renderer: Any) -> Renderer:
    """A game's renderer as the registry holds it. Each draws its own game's view type, where
    ``Renderer`` says any ``BaseModel`` (its parameter types would need to be generic to say so)."""
    return cast(Renderer, renderer)


@cache
def titles() -> dict[str, Title]:
    """Every title, its data loaded and validated (``Game.load_data``), and every locale's message
    catalog: a bad data file raises ``DataError`` here, the first time anything asks for the table
    (``run`` does before it logs in), never at a game's first ``/start`` or first sentence."""
    out: dict[str, Title] = {}
    from engines.bella_vista import BellaVista
    from render.bella_vista import BellaVistaRenderer

    out["bella_vista"] = Title("bella_vista", BellaVista(), drawing(BellaVistaRenderer()))

    from engines.torri import Torri
    from render.torri import TorriRenderer

    out["torri"] = Title("torri", Torri(), drawing(TorriRenderer()))

    from engines.leonardo import Leonardo
    from render.leonardo import LeonardoRenderer

    out["leonardo"] = Title("leonardo", Leonardo(), drawing(LeonardoRenderer()))
    for title in out.values():
        title.engine.load_data()
    from render.text import LOCALES, catalog

    for locale in LOCALES:  # every language's words, read and checked now too
        catalog(locale)
    return out


def get(key: str) -> Title:
    table = titles()
    if key not in table:
        raise KeyError(f"Unknown game {quote(key)!r}; available: {', '.join(sorted(table))}.")
    return table[key]
