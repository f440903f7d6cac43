"""The reveal at the end of a game, and the whole record.

When a game ends, its final post carries a text file with everything that was hidden: every secret
of the final state (``Game.secrets``) that some seat did not know, with who knew it, then every move
of the log in notation with its private events (so sealed decisions that were never revealed, cards
drawn, bids and bets are all shown). Once the game is over, /log shows the private parts too.

While a game is played none of this is shown anywhere: the file is made only for a finished game
(``bot.play.boards`` attaches it to the final board; ``bot.play.records`` shows a finished game's log).
"""

from __future__ import annotations

from bot.play.locale import game_lang
from bot.play.playback import new_state, steps
from bot.play.sheet import plain_sheet
from bot.play.stored import Loaded
from bot.store import GameRow, LoggedAction
from engines.core import SYSTEM, Msg
from render.text import DEFAULT_LOCALE, Style, catalog

RECORD_LAST = 20  # moves /log shows at a time


def plain_style(row: GameRow, lang: str = DEFAULT_LOCALE) -> Style:
    names, words = row.names, catalog(lang)
    return Style(seat=lambda s: names[s] if 0 <= s < len(names) else words.text_of("bot.board.unknown_seat",
                                                                                     number=s + 1))


def hidden_lines(row: GameRow, game: Loaded, state, lang: str = DEFAULT_LOCALE) -> list[str]:
    """Every secret of ``state`` that some seat did not know, as the game words it
    (``Game.hidden_at_end``), in ``lang``."""
    words, style = catalog(lang), plain_style(row, lang)
    return [words.text_of("bot.reveal.line", style, what=m) for m in game.engine.hidden_at_end(state)]


def record_lines(row: GameRow, game: Loaded, entries: list[LoggedAction], style: Style | None = None,
                 lang: str = DEFAULT_LOCALE) -> list[str]:
    """Every move in notation with all its events, private ones marked with their seat, in ``lang``."""
    words, style = catalog(lang), style or plain_style(row, lang)
    engine, lines = game.engine, []
    for step in steps(engine, new_state(row, game), entries):
        entry = step.entry
        who = words.text_of("bot.log.clock") if entry.seat == SYSTEM else style.seat(entry.seat)
        move = words.text_of("bot.reveal.undo") if step.action is None else engine.notation(step.before, step.action)
        lines.append(words.text_of("bot.reveal.move", seq=entry.seq, who=who, move=move))
        for e in entry.events or []:
            what = words.text(Msg.of(e), style)
            to = e.get("to")
            lines.append(words.text_of("bot.reveal.private", seat=style.seat(to), what=what) if to is not None
                         else words.text_of("bot.reveal.public", what=what))
    return lines


def reveal_text(row: GameRow, game: Loaded, state, entries: list[LoggedAction]) -> str:
    """The reveal file on the final board: public, so in the game's language."""
    lang = game_lang(row)
    words = catalog(lang)
    result = game.engine.result(state)
    hides = game.engine.traits.hidden_information
    parts = [words.text_of("bot.reveal.head" if hides else "bot.reveal.head_open", title=game.engine.title,
                           game=row.id)]
    if result is not None:
        parts += ["", plain_sheet(result, row.names, game.engine.prefix, lang)]
    if hides:  # a game that hides nothing has nothing to reveal: no "Nothing was still hidden" either
        hidden = hidden_lines(row, game, state, lang)
        parts += ["", words.text_of("bot.reveal.hidden_head", count=len(hidden)), *hidden]
    parts += ["", words.text_of("bot.reveal.record_head"), *record_lines(row, game, entries, None, lang)]
    return "\n".join(parts) + "\n"


def reveal_name(row: GameRow) -> str:
    return f"reveal-{row.id}.txt"
