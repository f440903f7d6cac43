"""A worker process that outlives its parent is an orphan: every pool's worker watches its parent by
pid and exits when it is gone (a pool's workers do not notice their parent's death on their own: a
bot killed with SIGKILL would leave them behind for good). Multiprocessing's resource tracker then
ends too: it exits when the last process holding its pipe has."""

from __future__ import annotations

import os
import threading
import time

PARENT_CHECK = 1.0  # seconds between a worker's checks that its parent still lives


def watch_parent(parent: int) -> None:
    """In a worker: exit as soon as ``parent`` is no longer this process's parent (one whose parent
    died before it started exits at once)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
