"""Every stored value read back, at one boundary: rows become the typed records of
``bot.store.records``, and times the store writes as text become dates.

A value that does not read names its game: ``Unreadable`` (a ``bot.damaged.*`` key and its
parameters, never the stored content, which may be secret). The service makes that game damaged
and every other game goes on. A game row's own options are the exception that predates this: a
row whose options do not read comes back with ``damage`` set, so that a listing still sees it.

Times are UTC ISO 8601 text (to the minute for deadlines, the second for clocks, the millisecond
for leases): text order is time order, so the indexed queries compare them as text.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from typing import Any

from bot.store.records import GameClock, GameRow, Keeper, LoggedAction, Notice, Seat, SeatClock, Vote


class Unreadable(Exception):
    """A stored value of game ``game_id`` that does not read: ``key`` (``bot.damaged.*``) and its
    parameters say what, in words the service gives it."""

    def __init__(self, game_id: int, key: str, /, **params: Any) -> None:
        super().__init__(f"game {game_id}: {key} {params}")
        self.game_id, self.key, self.params = game_id, key, params


# --- times ----------------------------------------------------------------------------------------
def now_text() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def deadline_text(when: datetime) -> str:
    """How a deadline is stored: UTC, ISO 8601 to the minute (text order is time order)."""
    return when.astimezone(UTC).isoformat(timespec="minutes")


def clock_text(when: datetime) -> str:
    return when.astimezone(UTC).isoformat(timespec="seconds")


def lease_text(when: datetime) -> str:
    """A lease's end as stored: UTC ISO text to the millisecond (text order is time order)."""
    return when.astimezone(UTC).isoformat(timespec="milliseconds")


def _time(game_id: int, text: Any, what: str) -> datetime:
    try:
        when = datetime.fromisoformat(text)
    except (TypeError, ValueError):
        raise Unreadable(game_id, what) from None
    if when.tzinfo is None:
        raise Unreadable(game_id, what)
    return when


# --- games ----------------------------------------------------------------------------------------
def options(text: Any) -> tuple[dict, str | None]:
    """A row's options, or ({}, what is wrong): one damaged row must not break a listing."""
    try:
        found = json.loads(text)
    except (TypeError, ValueError):
        return {}, "bot.damaged.options_json"
    if not isinstance(found, dict):
        return {}, "bot.damaged.options_table"
    return found, None


def game_row(r: Mapping[str, Any], seats: Iterable[Mapping[str, Any]]) -> GameRow:
    found, damage = options(r["options"])
    return GameRow(
        id=r["id"], guild_id=r["guild_id"], channel_id=r["channel_id"], game_key=r["game_key"], options=found,
        seed=r["seed"], status=r["status"], created_by=r["created_by"], created_at=r["created_at"],
        deadline=r["deadline"], version=r["version"], snapshot=r["snapshot"], announced=r["announced"],
        damage=damage, hints=bool(r["hints"]), parent_id=r["parent_id"], rematch_of=r["rematch_of"],
        lobby=r["lobby"], bot_secret=r["bot_secret"],
        seats=[Seat(s["seat"], s["user_id"], s["name"], s["notices_read"], s["bot"]) for s in seats],
    )


# --- the action log ---------------------------------------------------------------------------------
def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_action(value: Any) -> bool:
    """A logged action is a JSON object (its title's rules read the rest); an undo names the entry it
    takes back."""
    return isinstance(value, dict) and (value.get("kind") != "undo" or _is_int(value.get("undoes")))


def _is_event(value: Any) -> bool:
    return (isinstance(value, dict) and isinstance(value.get("key"), str)
            and isinstance(value.get("params", {}), dict)
            and (value.get("to") is None or _is_int(value["to"])))


def _events(game_id: int, seq: int, text: Any) -> list[dict[str, Any]] | None:
    if text is None:
        return None  # stored before events were kept
    try:
        found = json.loads(text)
    except (TypeError, ValueError):
        raise Unreadable(game_id, "bot.damaged.log_entry", seq=seq) from None
    if not isinstance(found, list) or not all(_is_event(e) for e in found):
        raise Unreadable(game_id, "bot.damaged.log_entry", seq=seq)
    return found


def logged_action(game_id: int, r: Mapping[str, Any]) -> LoggedAction:
    """One row of the log; ``Unreadable`` if its action, its events or its old English do not read."""
    seq = r["seq"]
    try:
        action, public = json.loads(r["action"]), json.loads(r["public"])
    except (TypeError, ValueError):
        raise Unreadable(game_id, "bot.damaged.log_entry", seq=seq) from None
    if not _is_action(action) or not isinstance(public, list) or not all(isinstance(p, str) for p in public):
        raise Unreadable(game_id, "bot.damaged.log_entry", seq=seq)
    return LoggedAction(seq, r["seat"], r["action"], public, r["at"], _events(game_id, seq, r["events"]))


def notices(game_id: int, seat: int, rows: Iterable[Mapping[str, Any]]) -> list[Notice]:
    """The private events for ``seat`` among these rows (each a ``seq`` and its ``events``)."""
    out = []
    for r in rows:
        for e in _events(game_id, r["seq"], r["events"]) or []:
            if e.get("to") == seat:
                out.append(Notice(r["seq"], e))
    return out


# --- clocks, keepers, votes --------------------------------------------------------------------------
def game_clock(r: Mapping[str, Any]) -> GameClock:
    return GameClock(r["hours"], r["on_timeout"], r["board_url"])


def seat_clock(game_id: int, r: Mapping[str, Any]) -> SeatClock:
    return SeatClock(r["seat"], r["moves"], _time(game_id, r["started"], "bot.damaged.clock"),
                     _time(game_id, r["due"], "bot.damaged.clock"), r["reminded"],
                     _time(game_id, r["next_at"], "bot.damaged.clock"))


def keeper(game_id: int, r: Mapping[str, Any]) -> Keeper:
    away = None if r["away_until"] is None else _time(game_id, r["away_until"], "bot.damaged.clock")
    return Keeper(r["seat"], r["streak"], r["auto_moves"], bool(r["idle"]), away, r["owner_id"], r["owner_name"],
                  bool(r["vacant"]))


def vote(game_id: int, r: Mapping[str, Any]) -> Vote:
    try:
        ballots = json.loads(r["ballots"])
    except (TypeError, ValueError):
        raise Unreadable(game_id, "bot.damaged.vote") from None
    if not isinstance(ballots, list) or not all(_is_int(b) for b in ballots):
        raise Unreadable(game_id, "bot.damaged.vote")
    opened = None if r["opened_at"] is None else _time(game_id, r["opened_at"], "bot.damaged.vote")
    return Vote(r["seat"], r["outcome"], r["moves"], ballots, opened)
