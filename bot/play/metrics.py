"""What operators measure (``/metrics``, ``bot.web.health``), with the official Prometheus client
(``prometheus-client``): counted and timed where it happens, exported in Prometheus' text format.

The metrics live in the client's default registry, one set per process; each bot process is scraped
on its own address.
"""

from __future__ import annotations

from prometheus_client import Counter, Gauge, Histogram

INTERACTIONS = Counter("piazza_interactions_total", "Slash commands, buttons and menus answered",
                       ["command", "outcome"])
MOVE_SECONDS = Histogram("piazza_move_seconds", "From a move received to its board composed (act to post)",
                         buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10))
DRAW_SECONDS = Histogram("piazza_board_draw_seconds", "Drawing and encoding one board image (in a worker)",
                         buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5))
OPEN_GAMES = Gauge("piazza_open_games", "Games in their lobby or being played", ["status"])
SSE_VIEWERS = Gauge("piazza_web_viewers", "Web pages following a game live (Server-Sent Events streams open)")
LOOP_LAG = Histogram("piazza_event_loop_lag_seconds", "How late the event loop ran a timer due every 0.5 s",
                     buckets=(0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5))
WORKERS_BUSY = Gauge("piazza_workers_busy", "Tasks running or queued in the move and drawing worker pool")
