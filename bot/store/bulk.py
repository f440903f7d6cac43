"""Whole tables, for moving a database to another backend (``python -m bot db copy``): their names,
their rows as they are, and writing them back."""

from __future__ import annotations

from typing import Any


class Bulk:
    def __init__(self, db: Any) -> None:
        self._db = db  # a scope: a transaction's, or the store's own (bot.store.transactions)

    async def tables(self) -> list[str]:
        """Every table of the schema (not the schema version's own): ``games`` first, then by name."""
        if self._db.backend == "postgresql":
            sql = ("SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
                   " AND table_type = 'BASE TABLE' AND table_name <> 'piazza_schema'")
        else:
            sql = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        async with self._db.reading(), self._db.execute(sql) as cur:
            names = [r[0] async for r in cur]
        return sorted(names, key=lambda n: (n != "games", n))

    async def rows(self, table: str) -> tuple[list[str], list[tuple[Any, ...]]]:
        """A table's column names and every row (empty lists for an empty table)."""
        async with self._db.reading(), self._db.execute(f"SELECT * FROM {table}") as cur:
            rows = list(await cur.fetchall())
        if not rows:
            return [], []
        return list(rows[0].keys()), [tuple(r) for r in rows]

    async def count(self, table: str) -> int:
        async with self._db.reading(), self._db.execute(f"SELECT COUNT(*) FROM {table}") as cur:
            row = await cur.fetchone()
        return int(row[0])

    async def replace(self, tables: list[str], read: dict[str, tuple[list[str], list[tuple[Any, ...]]]]) -> None:
        """Empty ``tables`` (children first) and write ``read``'s rows into them, ids included."""
        async with self._db.writing():
            for table in reversed(tables):  # children before games
                await self._db.execute(f"DELETE FROM {table}")
            for table in tables:
                columns, rows = read[table]
                if not rows:
                    continue
                sql = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
                for row in rows:
                    await self._db.execute(sql, row)
                if self._db.backend == "postgresql":
                    await self._reset_ids(table)

    async def _reset_ids(self, table: str) -> None:
        """PostgreSQL: an identity column continues after the copied ids (SQLite's do by themselves)."""
        async with self._db.execute(
            "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema()"
            " AND table_name = ? AND is_identity = 'YES'", (table,)
        ) as cur:
            columns = [r[0] async for r in cur]
        for column in columns:
            await self._db.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'),"
                f" (SELECT COALESCE(MAX({column}), 0) + 1 FROM {table}), false)")

    async def snapshots(self) -> list[tuple[int, str]]:
        """(game id, snapshot) of every game that has one (the copy's verification replays them)."""
        async with self._db.reading(), self._db.execute(
            "SELECT id, snapshot FROM games WHERE snapshot IS NOT NULL ORDER BY id"
        ) as cur:
            return [(r[0], r[1]) async for r in cur]
