"""Rating a finished game in the store: the game's standings (``bot.play.ratings``) rated from each
player's rating before it, written as ``rating_changes`` rows in the transaction given (the one that
stores the final move: ``Tables.record_with``), and the whole history rated again (``rebuild``,
``python -m bot ratings rebuild``)."""

from __future__ import annotations

import logging

from babel.numbers import format_decimal

from bot.play.answers import Damaged
from bot.play.ratings import ordinal, player_of, rate, standings
from bot.play.stored import States
from bot.play.words import say
from bot.store import GameRow, Repositories, Store
from bot.store.ratings import RatingRow
from engines.core import Msg
from engines.core.game import Result

log = logging.getLogger("piazza")


async def rate_game(tx: Repositories, game_id: int, result: Result) -> list[RatingRow]:
    """Rate one finished game inside ``tx``: its seats as held now (the end of the game), each
    player's rating now, the changes written; returns them (none for a game not rated)."""
    row = await tx.games.get(game_id)
    if row is None:
        return []
    guild = row.guild_id or 0
    places = standings(row, result)
    prior = await tx.ratings.current(guild, row.game_key, sorted({p.player for p in places}))
    changes = rate(places, prior)
    if not changes:
        return []
    when = await tx.ratings.finished_at(game_id)
    rows = [RatingRow(guild, row.game_key, c.player, c.name, game_id, c.mu_before, c.sigma_before, c.mu_after,
                      c.sigma_after, c.rank, when) for c in changes]
    await tx.ratings.add(rows)
    return rows


async def rebuild(store: Store) -> tuple[int, int]:
    """Empty the ratings and rate every finished game again, oldest first, in one transaction (a
    change of model recomputes everything). A damaged game is skipped (and logged). Returns the
    games rated and the rows written."""
    states = States(size=1)
    games = rows = 0
    async with store.transaction() as tx:
        await tx.ratings.clear()
        for game_id in await tx.ratings.finished_games():
            row = await tx.games.get(game_id)
            if row is None:
                continue
            try:
                loaded = states.load(row)
            except Damaged as exc:
                log.warning("game %s is damaged and not rated: %s", game_id, exc.what)
                continue
            result = loaded.engine.result(loaded.state)
            if result is None:
                continue
            written = await rate_game(tx, game_id, result)
            games, rows = games + bool(written), rows + len(written)
    return games, rows


def signed(value: float, lang: str) -> str:
    """A rating or its change to one decimal, signed, in the reader's number format."""
    return format_decimal(round(value, 1), "+0.0;-0.0", locale=lang.replace("-", "_"))


def plain(value: float, lang: str) -> str:
    return format_decimal(round(value, 1), "0.0;-0.0", locale=lang.replace("-", "_"))


def changes_line(row: GameRow, rated: list[RatingRow], lang: str) -> str:
    """The final board's line naming each player's rating change (their seat as the game names it)."""
    seat_of = {player_of(s.user_id, s.bot): s.seat for s in row.seats}
    parts = []
    for r in rated:
        seat = seat_of.get(r.player)
        if seat is None:  # (the seat changed hands after the end: not possible today)
            continue
        now = ordinal(r.mu_after, r.sigma_after)
        delta = now - ordinal(r.mu_before, r.sigma_before)
        parts.append(Msg("bot.ratings.change", seat=seat, delta=signed(delta, lang), rating=plain(now, lang)))
    return say(row, Msg("bot.ratings.changes", changes=parts), lang) if parts else ""
