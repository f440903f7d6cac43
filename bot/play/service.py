"""The transport-agnostic game service: a thin facade over its collaborators, for the chat layer, the
command line and the tests. No discord objects in here.

Each call returns a ``Post`` saying what to show: public text, the public board image,
whom to mention, and private content for the caller only. Player mistakes raise
``Refusal`` (a sentence to show to that player alone); nothing changes on a refusal.
Moves on one channel are serialized by a lock; different games run concurrently.
Applying a move and drawing run in worker processes (``bot.play.workers``), so the event loop
(and Discord's heartbeat) never waits for the rules or for Pillow, nor for the GIL they hold.

With a ``publisher`` (``bot.play.effects``), the service posts every public board itself, under
the channel's lock, through the outbox (effects written in each change's transaction), and records
what each channel has been shown. A stored game that no
longer loads is ``Damaged``: its players are refused, listings and sweeps skip it.

The collaborators, each a plain object handed what it needs (none stands on another):

- ``tables`` (``bot.play.tables``): channel locks, parsed states, the lookups, storing a move;
- ``notices`` (``notify``): the messenger, DMs, news markers; ``clocks`` (``turn_clocks``): the
  running clocks; ``boards``: composing a board post; ``dispatcher`` (``effects``): the one deliverer
  of effects written with each change; ``outbox``: boards as effects, catching up;
- ``bots`` (``bot_play``): bots' moves and hints; ``moves``: act, commit, the deadline;
  ``undo``; ``lobby``: new, join, leave, start, abort, bots in the lobby;
- ``places``: threads, lobby posts, rematches; ``seats`` (``replace``): votes, takeover, away, back;
- ``reminders``: the clocks' scheduler; ``records``: log, export, replay; ``looks`` (``looking``):
  board, hand, listings, autocomplete, help; ``spectators`` (``spectate``): what the web page shows;
  ``leaders`` (``leaderboard``): /leaderboard, /stats; ``stories``: /story.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import UTC, datetime

from bot.play.answers import Damaged, GameSummary, Post, Refusal, Shown, User
from bot.play.boards import Boards
from bot.play.bot_play import Bots
from bot.play.bots import bot_secret, budget_from_env
from bot.play.effects import Dispatcher
from bot.play.leaderboard import Leaderboard
from bot.play.lobby import Lobby, LobbyCaps
from bot.play.looking import Looks
from bot.play.moves import HINT, Moves
from bot.play.notify import Messenger, Notices
from bot.play.outbox import Outbox, Publisher
from bot.play.places import Places
from bot.play.presenting import Drawn
from bot.play.records import Records
from bot.play.reminders import Reminders
from bot.play.replace import SeatChanges
from bot.play.spectate import Spectators
from bot.play.stories import Stories
from bot.play.tables import Tables
from bot.play.thinking import Thinkers
from bot.play.thinking import shared as shared_thinkers
from bot.play.turn_clocks import Clocks
from bot.play.undo import Undo
from bot.play.workers import Workers
from bot.play.workers import shared as shared_workers
from bot.store import Store
from engines.core.rng import blake2b_seed

__all__ = ["HINT", "Damaged", "GameService", "GameSummary", "Post", "Refusal", "Shown", "User"]

DRAWN = 256  # boards and hands by game version: about 12 MB at 30-50 KB each


class GameService:
    def __init__(
        self,
        store: Store,
        clock: Callable[[], datetime] | None = None,
        seeds: Callable[[], int | str] | None = None,
        publisher: Publisher | None = None,
        bot_budget: float | None = None,
        thinkers: Thinkers | None = None,
        workers: Workers | None = None,
        bot_secrets: Callable[[], str] | None = None,
        lobby_caps: LobbyCaps | None = None,
    ):
        """``clock`` and ``seeds`` (where new games' seeds come from) can be given by
        tests that need a fixed date or a reproducible game; ``bot_budget`` (seconds a greedy or
        mcts bot thinks per decision; ``PIAZZA_BOT_BUDGET_MS`` otherwise) and ``thinkers`` (the
        worker pool bots think in; the process's own otherwise) by tests and the demo; ``workers``
        (the worker processes moves are applied and drawn in, ``bot.play.workers``; the process's
        own otherwise) by tests; ``bot_secrets`` (where new games' bots' secrets come from: 128 bits
        from the OS otherwise) by tests that need a bot's moves reproduced; ``lobby_caps`` (how many
        games may wait to start per person and per channel; ``PIAZZA_LOBBIES_PER_*`` otherwise) by
        tests and the load generator."""
        self.store = store
        self.bot_budget = budget_from_env() if bot_budget is None else bot_budget
        self.thinkers = thinkers or shared_thinkers()
        self.workers = workers or shared_workers()
        self.drawn = Drawn(DRAWN)
        # 128 bits from the OS, for a generator whose outputs do not give its key away
        seeds = seeds or (lambda: blake2b_seed(secrets.token_hex(16)))
        self.tables = tables = Tables(store, clock or (lambda: datetime.now(UTC)))
        self.dispatcher = dispatcher = Dispatcher(tables, publisher)
        self.notices = notices = Notices(tables, dispatcher)
        self.clocks = clocks = Clocks(store, tables.clock)
        self.boards = boards = Boards(tables, clocks, notices, self.drawn, self.workers)
        self.outbox = outbox = Outbox(tables, boards, dispatcher)
        self.bots = bots = Bots(tables, outbox, self.workers, self.thinkers, self.bot_budget, bot_secrets or bot_secret)
        self.moves = moves = Moves(tables, bots, outbox, notices, self.workers)
        self.undoing = Undo(tables, moves, outbox)
        caps = lobby_caps or LobbyCaps.from_env()
        self.lobby = lobby = Lobby(tables, bots, boards, outbox, seeds, caps)
        self.places = places = Places(tables, dispatcher, caps)
        self.seats = seats = SeatChanges(tables, clocks, bots, notices)
        self.reminders = Reminders(tables, clocks, bots, moves, outbox, notices, seats, self.workers, dispatcher)
        self.records = records = Records(tables, self.workers)
        self.looks = looks = Looks(tables, boards, outbox, notices, clocks)
        self.spectators = Spectators(tables, clocks, self.workers)  # the web page's reader (bot.web)
        self.leaders = leaders = Leaderboard(tables, self.workers)
        self.stories = stories = Stories(tables, self.workers)

        # what the chat layer, the command line and the tests call
        self.drain, self.game_row, self.lobby_game, self.is_playing = (
            tables.drain, tables.game_row, tables.lobby_game, tables.is_playing)
        self.check_new, self.create, self.join, self.leave = lobby.check_new, lobby.create, lobby.join, lobby.leave
        self.start, self.abort, self.add_bot, self.remove_bot = lobby.start, lobby.abort, lobby.add_bot, lobby.remove_bot
        self.act, self.check_deadline, self.undo = moves.act, moves.check_deadline, self.undoing.undo
        self.play_bots, self.advise, self.hint = bots.play, bots.advise, bots.hint
        self.board, self.hand, self.games, self.my_games = looks.board, looks.hand, looks.games, looks.my_games
        self.suggest, self.pending, self.help_text = looks.suggest, looks.pending, looks.help_text
        self.help_pages = looks.help_pages
        self.log, self.export, self.replay = records.log, records.export, records.replay
        self.replay_is_public, self.replay_image = records.replay_is_public, records.replay_image
        self.vote_replace, self.vote_replace_seat = seats.vote_replace, seats.vote_replace_seat
        self.take_over, self.back, self.away = seats.take_over, seats.back, seats.away
        self.set_notify, self.board_posted, self.run_clocks = notices.set_notify, clocks.board_posted, self.reminders.run
        self.lobby_text, self.keep_lobby_post, self.lobby_posts = places.lobby_text, places.keep_lobby_post, places.lobby_posts
        self.deliver_lobby, self.deliver_place = places.deliver_lobby, places.deliver_place
        self.threads_in_use, self.place_gone, self.settle_place = places.threads_in_use, places.place_gone, places.settle_place
        self.drop, self.rematch_lock, self.rematch_target = places.drop, places.rematch_lock, places.rematch_target
        self.open_rematch, self.check_rematch_room = places.open_rematch, places.check_rematch_room
        self.check_room, self.drop_stranded = lobby.check_room, places.drop_stranded
        self.leaderboard, self.stats, self.story = leaders.leaderboard, leaders.stats, stories.story
        self.story_game = stories.finished

    # --- what the transport sets ------------------------------------------------------------------
    @property
    def publisher(self) -> Publisher | None:
        """The transport's "post this board to channel N" (``bot.play.outbox``)."""
        return self.dispatcher.publisher

    @publisher.setter
    def publisher(self, publisher: Publisher | None) -> None:
        self.dispatcher.publisher = publisher

    @property
    def messenger(self) -> Messenger | None:
        """The transport's reminders and DMs (``bot.play.notify``)."""
        return self.notices.messenger

    @messenger.setter
    def messenger(self, messenger: Messenger | None) -> None:
        self.notices.messenger = self.dispatcher.messenger = messenger

    @property
    def owner(self) -> str:
        """Who holds this service's claims on scheduled work (``bot.play.tables.owner_name``)."""
        return self.tables.owner

    @owner.setter
    def owner(self, owner: str) -> None:
        self.tables.owner = owner

    # --- the lifecycle ----------------------------------------------------------------------------
    async def warm_up(self) -> None:
        """Start every pool and run a first task in each (the moves' and drawings' workers, the bots'
        thinking): before the bot logs in, so the first interaction after a start, even one that
        makes a bot decide, does not wait for a process to spawn (Discord allows 3 s)."""
        await self.workers.start()
        await self.thinkers.start()

    def close_pools(self) -> None:
        """At shutdown, after the last sweep and before the database closes."""
        self.thinkers.shutdown()
        self.workers.shutdown()

    # --- the watcher ------------------------------------------------------------------------------
    async def sweep(self) -> None:
        """What the bot's watcher runs at start-up and then at every poll: end the games whose
        deadline has passed, let bots that owe a decision move (after a restart), run the turn
        clocks, then post the boards channels have missed. With several processes on one
        database, each piece is claimed by one of them. A game that fails is skipped (a damaged
        one with one warning); the others go on."""
        await self.moves.sweep_deadlines()
        await self.bots.resume()
        await self.reminders.run()  # reminders, timeouts, away periods over (bot.play.reminders)
        await self.outbox.flush()
