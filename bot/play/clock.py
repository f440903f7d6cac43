"""The turn clock: every person who owes a decision has a due time, and the scheduler makes sure
nobody waits forever without being told. Here: what a clock is and how it is set and said; the
running clocks are ``bot.play.turn_clocks``, the scheduler ``bot.play.reminders``.

A game's clock is ``clock=`` hours per decision (48 by default, 1 to 2160, or ``off``), set at /new.
Each seat that owes a decision runs its own clock (simultaneous decisions each theirs); a clock
starts when the decision does and stops when the seat decides. Reminders go to the waiting player
at half time and at 90% (each once, also across restarts: the store keeps what was sent); when the
clock runs out, ``on_timeout=`` decides: ``autopilot`` (default: an agent plays that one decision,
``greedy`` where the title has the agents' hooks, else ``random``, within the bots' thinking budget)
or ``wait`` (a reminder once per clock period from then on). After two decisions in a row played by
the autopilot the seat is idle and the others are told they may vote to replace the player.

The scheduler is the watcher's sweep: one indexed query (the store's ``clocks.due``) returns only the
clocks with work due; one reminder at most per seat and sweep (a bot down across both reminder
points sends the later one only), timeouts decided in the order they fell due, one damaged game
never stopping the others.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.play.bots import has_hooks
from bot.play.options import OptionError, typed_number
from bot.play.words import phrase
from bot.store import GameClock

DEFAULT_HOURS = 48
MAX_HOURS = 2160  # 90 days
REMINDERS = (0.5, 0.9)  # of the clock: when the waiting player is reminded
IDLE_AFTER = 2  # decisions in a row played by the autopilot that make a seat idle
ON_TIMEOUT = ("autopilot", "wait")
TIMEOUT_WORDS = {"autopilot": "bot.clock.timeout_autopilot", "wait": "bot.clock.timeout_wait"}
DEFAULT = GameClock(DEFAULT_HOURS, "autopilot")


def parse_clock(hours: str | None, on_timeout: str | None) -> GameClock:
    """``clock=`` (hours, or ``off``) and ``on_timeout=`` as typed at /new."""
    value: int | None = DEFAULT_HOURS
    if hours is not None:
        text = hours.strip().lower()
        if text in ("off", "no", "none"):
            value = None
        else:
            value = typed_number(text)  # ASCII digits only ("²" or 4,300 digits are refused, not raised)
            if value is None:
                raise OptionError("bot.clock.unreadable", text=hours, most=MAX_HOURS)
            if not 1 <= value <= MAX_HOURS:
                raise OptionError("bot.clock.out_of_range", text=hours, most=MAX_HOURS)
    chosen = (on_timeout or "autopilot").strip().lower()
    if chosen not in ON_TIMEOUT:
        raise OptionError("bot.clock.on_timeout", text=on_timeout, allowed=", ".join(ON_TIMEOUT))
    return GameClock(value, chosen)


def autopilot_level(engine) -> str:
    return "greedy" if has_hooks(engine) else "random"


ROUND_HOURS_FROM = timedelta(hours=2)  # from here on, whole hours; below, minutes


def time_left(due: datetime, now: datetime, lang: str | None = None) -> str:
    """Time left as a player would say it (in ``lang``, or the reader's language): from 2 h on,
    the nearest whole hour (``10 h`` for 9 h 59 min, ``5 h`` for 4 h 58 min, ``2 h`` for 2 h 29 min);
    below, the nearest minute (``1 h 59 min``, ``1 h``, ``25 min``, at least ``1 min``); or that time is up."""
    left = due - now
    if left <= timedelta(0):
        return phrase("bot.clock.up", lang=lang)
    minutes = max(1, _nearest(left.total_seconds(), 60))
    if left >= ROUND_HOURS_FROM or minutes in (60, 120):
        return phrase("bot.clock.hours_left", lang=lang, hours=_nearest(left.total_seconds(), 3600))
    if minutes > 60:
        return phrase("bot.clock.hours_minutes_left", lang=lang, hours=1, minutes=minutes - 60)
    return phrase("bot.clock.minutes_left", lang=lang, minutes=minutes)


def _nearest(seconds: float, unit: int) -> int:
    """``seconds`` in whole ``unit``s, a half rounding up (never to even, as ``round`` would)."""
    return int((seconds + unit / 2) // unit)
