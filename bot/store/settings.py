"""What each person chose for themselves (``notify_prefs``): their reminders and news by DM or not."""

from __future__ import annotations

from typing import Any


class Settings:
    def __init__(self, db: Any) -> None:
        self._db = db  # a scope: a transaction's, or the store's own (bot.store.transactions)

    async def set_dm(self, user_id: int, on: bool) -> None:
        async with self._db.writing():
            await self._db.execute(
                "INSERT INTO notify_prefs (user_id, dm) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET dm = ?",
                (user_id, int(on), int(on)),
            )

    async def wants_dm(self, user_id: int) -> bool:
        async with self._db.reading(), self._db.execute("SELECT dm FROM notify_prefs WHERE user_id = ?",
                                                        (user_id,)) as cur:
            r = await cur.fetchone()
        return bool(r and r["dm"])
