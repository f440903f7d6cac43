"""Games: a row of metadata per game with its seats, its snapshot and version (the number of actions
applied), its status, and the last version whose board its channel was shown (``announced``).

``read_games`` is the one reader of game rows (the places repository shares it); the row's values
are decoded by ``bot.store.decoding``.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from bot.store.decoding import deadline_text, game_row, now_text
from bot.store.records import GameRow, StaleVersion, StoreError

OPEN = ("lobby", "active")


async def read_games(db: Any, where: str, args: tuple = ()) -> list[GameRow]:
    """The game rows matching ``where`` (a condition on ``games``), with their seats, by id."""
    async with db.execute(f"SELECT * FROM games WHERE {where} ORDER BY id", args) as cur:
        rows = list(await cur.fetchall())
    if not rows:
        return []
    seats: dict[int, list] = {r["id"]: [] for r in rows}
    async with db.execute(
        "SELECT game_id, seat, user_id, name, notices_read, bot FROM seats"
        f" WHERE game_id IN (SELECT id FROM games WHERE {where}) ORDER BY game_id, seat", args
    ) as cur:
        async for s in cur:
            if s["game_id"] in seats:  # (a row that came to match between the two reads waits for the next)
                seats[s["game_id"]].append(s)
    return [game_row(r, seats[r["id"]]) for r in rows]


async def read_game(db: Any, where: str, args: tuple = ()) -> GameRow | None:
    found = await read_games(db, where, args)
    return found[0] if found else None


class Games:
    def __init__(self, db: Any) -> None:
        self._db = db  # a scope: a transaction's, or the store's own (bot.store.transactions)

    # --- reading ------------------------------------------------------------------------------------
    async def get(self, game_id: int) -> GameRow | None:
        async with self._db.reading():
            return await read_game(self._db, "id = ?", (game_id,))

    async def open_in(self, channel_id: int) -> GameRow | None:
        """The channel's (or thread's) open game: in its lobby, or being played."""
        async with self._db.reading():
            return await read_game(self._db, "channel_id = ? AND status IN ('lobby', 'active')", (channel_id,))

    async def open_all(self, guild_id: int | None = None) -> list[GameRow]:
        """Every unfinished game (of one guild, or all): what a restart picks up again."""
        where = "status IN ('lobby', 'active')"
        args: tuple = ()
        if guild_id is not None:
            where, args = where + " AND guild_id = ?", (guild_id,)
        async with self._db.reading():
            return await read_games(self._db, where, args)

    async def counts(self) -> dict[str, int]:
        """How many games are in their lobby and being played (``/metrics``)."""
        async with self._db.reading(), self._db.execute(
            "SELECT status, COUNT(*) AS n FROM games WHERE status IN ('lobby', 'active') GROUP BY status") as cur:
            found = {r["status"]: int(r["n"]) async for r in cur}
        return {status: found.get(status, 0) for status in OPEN}

    async def due(self, now: datetime) -> list[tuple[int, int]]:
        """(game id, channel id) of every game being played whose deadline is ``now`` or earlier:
        one query on the ``games_due`` index. A deadline that does not read as UTC ISO text never
        comes due (the service names the game damaged)."""
        async with self._db.reading(), self._db.execute(
            "SELECT id, channel_id FROM games WHERE status = 'active' AND deadline IS NOT NULL AND deadline <= ?"
            " ORDER BY deadline", (deadline_text(now),),
        ) as cur:
            return [(r["id"], r["channel_id"]) async for r in cur]

    async def with_bots(self) -> list[tuple[int, int]]:
        """(game id, channel id) of every game being played with a bot seated (the ``seats_bots``
        index): the watcher resumes those whose bot owes a decision."""
        async with self._db.reading(), self._db.execute(
            "SELECT DISTINCT g.id, g.channel_id FROM seats s JOIN games g ON g.id = s.game_id"
            " WHERE s.bot IS NOT NULL AND g.status = 'active' ORDER BY g.id"
        ) as cur:
            return [(r["id"], r["channel_id"]) async for r in cur]

    async def lobbies(self, *, opener: int | None = None, opened_in: int | None = None) -> list[GameRow]:
        """The games waiting to start that ``opener`` opened, or that were opened from channel
        ``opened_in`` (the ``games_lobbies_by_*`` indexes), oldest first."""
        where, args = ("created_by = ?", (opener,)) if opener is not None else ("opened_in = ?", (opened_in,))
        async with self._db.reading():
            return await read_games(self._db, f"status = 'lobby' AND {where}", args)

    async def lagging(self) -> list[int]:
        """Games (playing or just finished) whose newest board the channel has not been shown."""
        async with self._db.reading(), self._db.execute(
            "SELECT id FROM games WHERE announced < version AND status IN ('active', 'finished') ORDER BY id"
        ) as cur:
            return [r[0] async for r in cur]

    # --- writing ------------------------------------------------------------------------------------
    async def create(self, *, guild_id: int | None, channel_id: int, game_key: str, options: dict,
                     creator_id: int, creator_name: str, deadline: str | None = None, hints: bool = False,
                     seed: int | str = 0, opened_in: int | None = None) -> int:
        """A new game in its lobby, its opener in seat 0; StoreError if the channel has an open game.
        (Its seed is chosen at /start.) ``opened_in``: the channel it was opened from (``channel_id``
        unless said), which its channel's cap counts it in."""
        now = now_text()
        try:
            async with self._db.writing():
                cur = await self._db.execute(
                    "INSERT INTO games (guild_id, channel_id, game_key, options, seed, status, created_by,"
                    " created_at, updated_at, deadline, hints, opened_in)"
                    " VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?) RETURNING id",
                    (guild_id, channel_id, game_key, json.dumps(options, sort_keys=True), str(seed), creator_id, now,
                     now, deadline, int(hints), channel_id if opened_in is None else opened_in),
                )
                [(game_id,)] = await cur.fetchall()
                await self._db.execute("INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, 0, ?, ?)",
                                       (game_id, creator_id, creator_name))
        except self._db.integrity_errors as exc:
            raise StoreError("bot.store.channel_taken") from exc
        return game_id

    async def gate(self, *scopes: str) -> None:
        """Inside the transaction that opens a game, before counting the games already waiting in
        ``scopes`` (``"user:<id>"``, ``"channel:<id>"``; always in that order, so two never wait for
        each other): each scope's row is written, so another process opening a game in the same scope
        waits until this transaction ends, then counts what it wrote (PostgreSQL's rows lock; SQLite's
        BEGIN IMMEDIATE already lets one writer in at a time)."""
        async with self._db.writing():
            for scope in scopes:
                await self._db.execute(
                    "INSERT INTO lobby_gates (scope, opened) VALUES (?, 1)"
                    " ON CONFLICT (scope) DO UPDATE SET opened = lobby_gates.opened + 1", (scope,))

    async def locked(self, game_id: int) -> GameRow | None:
        """Inside a transaction, before checking what a write on this game depends on: the game's row,
        read after locking it (on PostgreSQL a racing writer of another process waits until this
        transaction ends, and one that came first has committed; SQLite's BEGIN IMMEDIATE already
        serializes writers). None if there is no such game."""
        async with self._db.writing():
            cur = await self._db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now_text(), game_id))
            if cur.rowcount != 1:
                return None
            return await read_game(self._db, "id = ?", (game_id,))

    async def start(self, game_id: int, snapshot: str, seed: int | str, seated: list[int] | None = None,
                    lobby: int | None = None, bot_secret: str | None = None) -> None:
        """Store the first snapshot of a lobby, if it is still the lobby the snapshot was made for: its
        lobby version (``lobby``) and its people in seat order (``seated``) are checked after the row
        is locked; StaleVersion (nothing written) if anyone joined or left meanwhile. ``bot_secret``:
        the key the bots' generators derive from (bot.play.bots.bot_rng)."""
        async with self._db.writing():
            cur = await self._db.execute(
                "UPDATE games SET status = 'active', snapshot = ?, seed = ?, version = 0, updated_at = ?,"
                " lobby = lobby + 1, bot_secret = COALESCE(?, bot_secret)"
                " WHERE id = ? AND status = 'lobby' AND lobby = COALESCE(?, lobby)",
                (snapshot, str(seed), now_text(), bot_secret, game_id, lobby),
            )
            if cur.rowcount != 1:
                async with self._db.execute("SELECT status FROM games WHERE id = ?", (game_id,)) as found:
                    still = await found.fetchone()
                if still is not None and still["status"] == "lobby":
                    raise StaleVersion("bot.store.seats_changed")
                raise StaleVersion("bot.store.started_already")
            if seated is not None:
                async with self._db.execute("SELECT user_id FROM seats WHERE game_id = ? ORDER BY seat",
                                            (game_id,)) as cur:
                    if [r[0] async for r in cur] != seated:
                        raise StaleVersion("bot.store.seats_changed")

    async def keep_bot_secret(self, game_id: int, fresh: str) -> str:
        """The game's bots' secret: ``fresh`` is kept if the game has none yet (one stored before
        secrets were), else the one it has; two processes racing keep the same one."""
        async with self._db.writing():
            await self._db.execute("UPDATE games SET bot_secret = ? WHERE id = ? AND bot_secret IS NULL",
                                   (fresh, game_id))
            async with self._db.execute("SELECT bot_secret FROM games WHERE id = ?", (game_id,)) as cur:
                found = await cur.fetchone()
        if found is None or not isinstance(found[0], str):
            raise StoreError("bot.lobby.no_game")
        return found[0]

    async def close(self, game_id: int, status: str, only_from: tuple[str, ...] = OPEN) -> bool:
        """The game ends as ``status`` (aborted, or finished) if it is still in one of ``only_from``;
        False (nothing written) if it no longer was."""
        marks = ", ".join("?" * len(only_from))
        async with self._db.writing():
            cur = await self._db.execute(
                f"UPDATE games SET status = ?, updated_at = ? WHERE id = ? AND status IN ({marks})",
                (status, now_text(), game_id, *only_from))
            return cur.rowcount == 1

    async def mark_announced(self, game_id: int, version: int) -> None:
        """The channel has been shown the board of ``version`` (never moves backwards)."""
        async with self._db.writing():
            await self._db.execute("UPDATE games SET announced = ? WHERE id = ? AND announced < ?",
                                   (version, game_id, version))
