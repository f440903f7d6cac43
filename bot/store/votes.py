"""Replacement votes (``votes``): one per game at a time, its target seat, its outcome, the target's
move count when it opened (a move by the target ends it) and its ballots."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from bot.store.decoding import clock_text, vote
from bot.store.records import StoreError, Vote


class Votes:
    def __init__(self, db: Any) -> None:
        self._db = db  # a scope: a transaction's, or the store's own (bot.store.transactions)

    async def get(self, game_id: int) -> Vote | None:
        async with self._db.reading(), self._db.execute(
            "SELECT seat, outcome, moves, ballots, opened_at FROM votes WHERE game_id = ?", (game_id,)
        ) as cur:
            r = await cur.fetchone()
        return None if r is None else vote(game_id, r)

    async def open(self, game_id: int, seat: int, outcome: str, moves: int, voter: int, now: datetime) -> None:
        try:
            async with self._db.writing():
                await self._db.execute(
                    "INSERT INTO votes (game_id, seat, outcome, moves, ballots, opened_at) VALUES (?, ?, ?, ?, ?, ?)",
                    (game_id, seat, outcome, moves, json.dumps([voter]), clock_text(now)),
                )
        except self._db.integrity_errors as exc:
            raise StoreError("bot.store.vote_open") from exc

    async def add_ballot(self, game_id: int, voter: int) -> list[int]:
        async with self._db.writing():
            found = await self.get(game_id)
            if found is None:
                raise StoreError("bot.store.vote_gone")
            if voter in found.ballots:
                raise StoreError("bot.store.voted_already")
            ballots = [*found.ballots, voter]
            await self._db.execute("UPDATE votes SET ballots = ? WHERE game_id = ?", (json.dumps(ballots), game_id))
        return ballots

    async def close(self, game_id: int) -> None:
        async with self._db.writing():
            await self._db.execute("DELETE FROM votes WHERE game_id = ?", (game_id,))
