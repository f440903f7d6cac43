"""What a process manager sees of a running bot: a heartbeat file, structured log lines, and the
shutdown on SIGTERM.

Readiness: with ``PIAZZA_READY_FILE=/path``, the bot writes that file once it is connected and
its first sweep has run, then again after every sweep (``DEADLINE_POLL_SECONDS``, 60 s): one JSON
object ``{"pid", "shards", "at"}``. A probe calls the process ready while the file is younger than
two polls (e.g. ``find /path -mmin -2``); the file is removed on a clean shutdown. A file rather
than an HTTP port: nothing to bind, nothing to secure, and it works the same for N processes
(one file each).

Logs: every line carries the process's shards and, while a game is being handled, its id
(``shard=0,1 game=42``); ``PIAZZA_LOG_FORMAT=json`` prints one JSON object per line instead.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from datetime import UTC, datetime
from pathlib import Path

from bot.play.stored import current_game

ENV_READY_FILE = "PIAZZA_READY_FILE"
ENV_LOG_FORMAT = "PIAZZA_LOG_FORMAT"


class Heartbeat:
    """The readiness file (nothing when ``path`` is None)."""

    def __init__(self, path: str | Path | None, shards: str) -> None:
        self.path = Path(path) if path else None
        self.shards = shards

    @classmethod
    def from_env(cls, shards: str) -> Heartbeat:
        return cls(os.environ.get(ENV_READY_FILE, "").strip() or None, shards)

    def beat(self) -> None:
        if self.path is None:
            return
        text = json.dumps({"pid": os.getpid(), "shards": self.shards,
                           "at": datetime.now(UTC).isoformat(timespec="seconds")})
        part = self.path.with_name(self.path.name + ".part")
        part.write_text(text + "\n")
        os.replace(part, self.path)  # a probe never reads half a file

    def clear(self) -> None:
        if self.path is not None:
            self.path.unlink(missing_ok=True)


class Context(logging.Filter):
    """Adds ``shard`` (this process's) and ``game`` (the one being handled, or -) to every record."""

    def __init__(self, shards: str) -> None:
        super().__init__()
        self.shards = shards

    def filter(self, record: logging.LogRecord) -> bool:
        record.shard = self.shards
        game = current_game.get()
        record.game = "-" if game is None else game
        return True


class JsonLines(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line = {"time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
                "level": record.levelname, "logger": record.name, "shard": getattr(record, "shard", "-"),
                "game": getattr(record, "game", "-"), "message": record.getMessage()}
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


def setup_logging(shards: str, extra_filter: logging.Filter | None = None) -> None:
    """One stderr handler on the root logger (discord.py's and ours), with the context fields."""
    handler = logging.StreamHandler(sys.stderr)
    if os.environ.get(ENV_LOG_FORMAT, "").strip().lower() == "json":
        handler.setFormatter(JsonLines())
    else:
        handler.setFormatter(logging.Formatter(
            "%(asctime)s %(levelname)-8s %(name)s shard=%(shard)s game=%(game)s: %(message)s"))
    handler.addFilter(Context(shards))
    if extra_filter is not None:
        handler.addFilter(extra_filter)
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.INFO)
