"""Score sheets: the final result as text, from the engine's Result and the seats' names."""

from __future__ import annotations

from engines.core import Result
from render.text import Style, catalog


def category(prefix: str, name: str) -> str:
    """A score category in words (``<prefix>.category.<id>``; an unconverted game's own words)."""
    key = f"{prefix}.category.{name}"
    return catalog().text_of(key) if prefix and catalog().has(key) else name


def score_sheet(result: Result, names: list[str], prefix: str = "") -> str:
    lines = []
    for score in result.ordered():
        parts = ", ".join(f"{category(prefix, k)} {v}" for k, v in score.breakdown.items())
        crown = "🏆 " if score.seat in result.winners else ""
        lines.append(f"{score.rank}. {crown}**{names[score.seat]}** — {score.total} ({parts})")
    if result.tie_break is not None:
        lines.append(catalog().text(result.tie_break, Style(seat=lambda s: names[s])))
    elif result.note:
        lines.append(result.note)
    return "\n".join(lines)


def plain_sheet(result: Result, names: list[str], prefix: str = "") -> str:
    """The same sheet without chat markup, for files and the terminal."""
    return score_sheet(result, names, prefix).replace("**", "").replace("🏆 ", "* ")
