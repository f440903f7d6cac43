"""Which of Discord's shards this process runs: ``--shard-count N --shard-ids 0,1`` (or
``PIAZZA_SHARD_COUNT`` / ``PIAZZA_SHARD_IDS``).

Discord sends each guild's events to shard ``(guild_id >> 22) % shard_count``; it requires
sharding past 2,500 guilds. Several processes, each running some shards, share one database
(PostgreSQL). The process that runs shard 0 syncs the slash commands (once, for all); the others
do not. Without a shard count the bot runs unsharded, as one process always did.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

ENV_COUNT = "PIAZZA_SHARD_COUNT"
ENV_IDS = "PIAZZA_SHARD_IDS"


@dataclass(frozen=True)
class Shards:
    count: int
    ids: tuple[int, ...]

    @property
    def syncs_commands(self) -> bool:
        return 0 in self.ids

    def __str__(self) -> str:
        return f"shards {','.join(map(str, self.ids))} of {self.count}"


def parse_shards(count_text: str | None, ids_text: str | None) -> Shards | None:
    """The shards from their texts (command line first, else environment); None: unsharded.
    ValueError with one line for the operator when they do not make sense."""
    count_text = (count_text if count_text is not None else os.environ.get(ENV_COUNT, "")).strip()
    ids_text = (ids_text if ids_text is not None else os.environ.get(ENV_IDS, "")).strip()
    if not count_text:
        if ids_text:
            raise ValueError(f"shard ids ({ENV_IDS} or --shard-ids) need a shard count ({ENV_COUNT} or --shard-count).")
        return None
    try:
        count = int(count_text)
    except ValueError:
        raise ValueError(f"the shard count must be a number, not {count_text!r}.") from None
    if count < 1:
        raise ValueError(f"the shard count must be at least 1, not {count}.")
    if not ids_text:
        return Shards(count, tuple(range(count)))
    try:
        ids = tuple(int(part) for part in ids_text.split(","))
    except ValueError:
        raise ValueError(f"shard ids are numbers separated by commas (like 0,1), not {ids_text!r}.") from None
    wrong = [i for i in ids if not 0 <= i < count]
    if wrong or len(set(ids)) != len(ids):
        raise ValueError(f"shard ids must be distinct, from 0 to {count - 1}: {ids_text!r}.")
    return Shards(count, tuple(sorted(ids)))
