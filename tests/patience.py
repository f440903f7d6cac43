"""How long a test waits for something that will happen, before it calls it a failure.

No test may depend on how fast the machine is: a test waits for an event (a message, a line, a
process ending), and a bound only catches a hang. The suite runs where CI runs, on the developer's
own machine, often busy: at load 11-14 on 2 cores a demo that takes 5 s idle took over 60 s. So
every bound is one of these, far above any run seen, and says why where it is used. A hang then
still fails, only later; nothing that is merely slow does.
"""

import asyncio
import inspect
import time
from collections.abc import Awaitable, Callable

# A child process that does real work (a demo, a bench, a pip install, a bot that starts and
# stops): 20 times the slowest run seen on a loaded machine.
SUBPROCESS_SECONDS = 1200.0

# Discord drops an interaction not answered within 3 s, and the double does the same by default.
# The end-to-end fixtures give the bot ten times that: what the bot does before it answers takes
# milliseconds idle, but a machine at load 14 can stall a process for seconds. The one test of the
# rule itself (a late answer is an unknown interaction) sets Discord's 3 s back.
ANSWER_SECONDS = 30.0

# Something within the test's own process or a server it started (a message to arrive, a task to
# finish, a queue to empty): 10 minutes.
EVENT_SECONDS = 600.0


async def eventually(done: Callable[[], object], between: Callable[[], Awaitable[object]] | None = None,
                     poll: float = 0.05, what: str = "the awaited state") -> None:
    """Until ``done()`` is truthy (what it returns awaited, if it is awaitable), checking every ``poll`` seconds (after ``between``, e.g. the
    double settling): a check of state, not a guess of how long it takes. Fails after
    ``EVENT_SECONDS``."""
    end = time.monotonic() + EVENT_SECONDS
    while True:
        if between is not None:
            await between()
        result = done()
        if await result if inspect.isawaitable(result) else result:
            return
        if time.monotonic() > end:
            raise AssertionError(f"{what} did not come within {EVENT_SECONDS:.0f} s")
        await asyncio.sleep(poll)
