"""Rating changes (``rating_changes``): one row per rated player per finished game, in the order the
games were rated (``id``), so a player's rating now is their newest row's ``after`` and their
history is their rows. ``python -m bot ratings rebuild`` empties the table and rates every finished
game again (``bot.play.rating_games``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

COLUMNS = ("guild_id, title, player, name, game_id, mu_before, sigma_before, mu_after, sigma_after, rank,"
           " finished_at")


@dataclass(frozen=True)
class RatingRow:
    guild_id: int  # 0: a game played outside a server (the command line, tests)
    title: str  # the game key
    player: str  # a person's user id, or a bot level ("bot:greedy")
    name: str  # the seat's name at the end of the game
    game_id: int
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float
    rank: int
    finished_at: str  # UTC ISO text


def _row(r: Any) -> RatingRow:
    return RatingRow(int(r["guild_id"]), r["title"], r["player"], r["name"], int(r["game_id"]),
                     float(r["mu_before"]), float(r["sigma_before"]), float(r["mu_after"]),
                     float(r["sigma_after"]), int(r["rank"]), r["finished_at"])


class Ratings:
    def __init__(self, db: Any) -> None:
        self._db = db  # a scope: a transaction's, or the store's own (bot.store.transactions)

    async def current(self, guild_id: int, title: str, players: list[str]) -> dict[str, tuple[float, float]]:
        """Each player's (mu, sigma) now at ``title`` in the server; a player never rated is absent."""
        if not players:
            return {}
        marks = ", ".join("?" for _ in players)
        found: dict[str, tuple[float, float]] = {}
        async with self._db.reading(), self._db.execute(
            f"SELECT player, mu_after, sigma_after FROM rating_changes WHERE guild_id = ? AND title = ?"
            f" AND player IN ({marks}) ORDER BY id", (guild_id, title, *players)
        ) as cur:
            async for r in cur:
                found[r["player"]] = (float(r["mu_after"]), float(r["sigma_after"]))
        return found

    async def add(self, rows: list[RatingRow]) -> None:
        async with self._db.writing():
            for r in rows:
                await self._db.execute(
                    f"INSERT INTO rating_changes ({COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (r.guild_id, r.title, r.player, r.name, r.game_id, r.mu_before, r.sigma_before, r.mu_after,
                     r.sigma_after, r.rank, r.finished_at))

    async def of_game(self, game_id: int) -> list[RatingRow]:
        return await self._select("game_id = ?", (game_id,))

    async def of_server(self, guild_id: int, title: str | None = None, player: str | None = None) -> list[RatingRow]:
        """A server's rows (of one title, of one player), oldest first."""
        where, args = ["guild_id = ?"], list[Any]([guild_id])
        for column, value in (("title", title), ("player", player)):
            if value is not None:
                where.append(f"{column} = ?")
                args.append(value)
        return await self._select(" AND ".join(where), tuple(args))

    async def every(self) -> list[RatingRow]:
        return await self._select("1 = 1", ())

    async def clear(self) -> None:
        async with self._db.writing():
            await self._db.execute("DELETE FROM rating_changes")

    async def _select(self, where: str, args: tuple) -> list[RatingRow]:
        async with self._db.reading(), self._db.execute(
            f"SELECT {COLUMNS} FROM rating_changes WHERE {where} ORDER BY id", args
        ) as cur:
            return [_row(r) async for r in cur]

    # --- the games rated ------------------------------------------------------------------------------
    async def finished_at(self, game_id: int) -> str:
        """When a game finished: its last write (the final move's time)."""
        async with self._db.reading(), self._db.execute("SELECT updated_at FROM games WHERE id = ?",
                                                        (game_id,)) as cur:
            r = await cur.fetchone()
        return "" if r is None else str(r["updated_at"])

    async def finished_games(self) -> list[int]:
        """Every finished game, in the order they finished (what a rebuild rates again)."""
        async with self._db.reading(), self._db.execute(
            "SELECT id FROM games WHERE status = 'finished' ORDER BY updated_at, id"
        ) as cur:
            return [int(r["id"]) async for r in cur]
