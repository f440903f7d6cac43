"""Score sheets: the final result as text, from the engine's Result and the seats' names."""

from __future__ import annotations

from engines.core import Result
from render.text import DEFAULT_LOCALE, Style, catalog


def category(prefix: str, name: str, locale: str = DEFAULT_LOCALE) -> str:
    """A score category in words (``<prefix>.category.<id>``; an unconverted game's own words)."""
    key = f"{prefix}.category.{name}"
    return catalog(locale).text_of(key) if prefix and catalog(locale).has(key) else name


def score_sheet(result: Result, names: list[str], prefix: str = "", locale: str = DEFAULT_LOCALE) -> str:
    """One line per player, best first, the winners crowned; then how a tie was broken.
    ``names`` are shown as given (escaped for chat by the caller, plain for a file)."""
    words = catalog(locale)
    style = Style(seat=lambda s: names[s])
    lines = []
    ordered = result.ordered()
    rule = f"{prefix}.result.tie_rule"
    for i, score in enumerate(ordered):
        parts = ", ".join(words.text_of("bot.sheet.part", category=category(prefix, k, locale), points=v)
                          for k, v in score.breakdown.items())
        crown = words.text_of("bot.sheet.crown") if score.seat in result.winners else ""
        line = words.text_of("bot.sheet.line", style, rank=score.rank, crown=crown, name=names[score.seat],
                             total=score.total, parts=parts)
        below = ordered[i + 1] if i + 1 < len(ordered) else None
        # equal totals in different places: say why this one is ahead (a tie for first has its own line)
        if (below is not None and below.total == score.total and below.rank > score.rank and prefix
                and words.has(rule) and not (score.rank == 1 and result.tie_break is not None)):
            line += words.text_of("bot.sheet.tie_ahead", rule=words.text_of(rule))
        lines.append(line)
    if result.tie_break is not None:
        lines.append(words.text(result.tie_break, style))
    return "\n".join(lines)


def plain_sheet(result: Result, names: list[str], prefix: str = "", locale: str = DEFAULT_LOCALE) -> str:
    """The same sheet without chat markup, for files and the terminal."""
    crown = catalog(locale).text_of("bot.sheet.crown")
    return score_sheet(result, names, prefix, locale).replace("**", "").replace(crown, "* ")
