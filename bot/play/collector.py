"""The garbage collector and the event loop's pauses.

Once start-up is done (titles loaded, worker processes running, the Discord client made),
``set_startup_aside`` takes the objects start-up made (some 70,000: modules, pydantic's schemas, the
titles' data) out of the collector's sight with ``gc.freeze``. They live until exit anyway; without
it every full collection walks them all on the event loop: 20-50 ms of the loop's own CPU each
(measured with ``gc.callbacks`` and the thread's CPU time), the largest stalls of the 50-game load
figure (``bench --load``); with them set aside, a full collection costs about 1 ms there. The bot
(``bot.chat.run``) and the load figure (``bot.cli.load``) call it at the same point.
"""

from __future__ import annotations

import gc
import logging

log = logging.getLogger(__name__)


def set_startup_aside() -> int:
    """Collect once, then freeze what is left (start-up's long-lived objects) so that later full
    collections walk only what the process makes while it serves; returns how many are frozen.
    Objects frozen here are still freed when nothing refers to them any more (only cycles among
    them would wait until exit)."""
    gc.collect()
    gc.freeze()
    frozen = gc.get_freeze_count()
    log.info("start-up done: %d objects set aside from the garbage collector", frozen)
    return frozen
