"""Score sheets: the final result as text, from the engine's Result and the seats' names."""

from __future__ import annotations

from engines.core import Result


def score_sheet(result: Result, names: list[str]) -> str:
    lines = []
    for score in result.ordered():
        parts = ", ".join(f"{k} {v}" for k, v in score.breakdown.items())
        crown = "🏆 " if score.seat in result.winners else ""
        lines.append(f"{score.rank}. {crown}**{names[score.seat]}** — {score.total} ({parts})")
    if result.note:
        lines.append(result.note)
    return "\n".join(lines)


def plain_sheet(result: Result, names: list[str]) -> str:
    """The same sheet without chat markup, for files and the terminal."""
    return score_sheet(result, names).replace("**", "").replace("🏆 ", "* ")
