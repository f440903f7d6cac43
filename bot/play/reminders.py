"""The turn clock's scheduler (``bot.play.clock`` says what a clock is): nobody waits forever without
being told. It is the watcher's sweep: one indexed query (``Clocks.due`` of the store) returns only
the clocks with work due, in the order that work fell due; one reminder at most per seat and sweep
(written as an effect with the clock's step, in one transaction, and delivered by ``bot.play.effects``:
a reminder Discord took before a crash is not sent again, one it refused is sent at the next sweep)
(a bot down across both reminder points sends the later one only); a clock run out hands that one
decision to the autopilot (or reminds again, with ``on_timeout=wait``); an away period over gives
the seat back. One damaged game never stops the others; a decision taken meanwhile by another
process (the player, or its own sweep) is a lost race, one debug line.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from bot.play import workers
from bot.play.answers import Damaged, Post
from bot.play.bot_play import Bots
from bot.play.clock import IDLE_AFTER, REMINDERS, autopilot_level, time_left
from bot.play.effects import DM, NOTICE, Delivery, Dispatcher, Sent
from bot.play.locale import game_lang
from bot.play.moves import Moves
from bot.play.names import chat_name
from bot.play.notify import Notices, channel_link
from bot.play.outbox import Outbox
from bot.play.replace import SeatChanges
from bot.play.stored import Loaded, title_name
from bot.play.tables import Tables
from bot.play.turn_clocks import Clocks
from bot.play.words import phrase
from bot.store import GameClock, GameRow, Repositories, SeatClock, StaleVersion
from bot.store.decoding import clock_text
from bot.store.effects import Effect

REMINDER = "reminder"

log = logging.getLogger("piazza")


class Reminders:
    def __init__(self, tables: Tables, clocks: Clocks, bots: Bots, moves: Moves, outbox: Outbox, notices: Notices,
                 seats: SeatChanges, pool: workers.Workers, dispatcher: Dispatcher):
        self.tables, self.clocks, self.bots, self.moves = tables, clocks, bots, moves
        self.outbox, self.notices, self.seats, self.workers = outbox, notices, seats, pool
        self.dispatcher = dispatcher
        dispatcher.handles(REMINDER, self)

    async def run(self) -> None:
        """The watcher's part: every clock with work due (a reminder, a timeout, an away period over),
        in the order they fell due. A game that fails is skipped (a damaged one with one warning). With
        several processes on one database, one of them runs a game's clocks (``Tables.claim``)."""
        for game_id, channel_id, seat in await self.tables.store.clocks.due(self.tables.clock()):
            try:
                async with self.tables.claim(game_id) as mine, self.tables.lock(channel_id):
                    if not mine:
                        continue  # another process runs this game's clocks now
                    row = await self.tables.store.games.open_in(channel_id)
                    if row is None or row.id != game_id or row.status != "active":
                        continue
                    game = self.tables.load(row)
                    if await self.moves.apply_deadline(row, game) is None:  # past its date, the game ends instead
                        await self._seat_due(row, game, seat)
            except Damaged as exc:
                self.tables.warn(exc)
            except StaleVersion:  # a lost race: the game moved on in another process (its player, or its sweep)
                log.debug("the clock of game %s, seat %s: the game moved on meanwhile", game_id, seat + 1)
            except Exception:
                log.exception("the clock of game %s, seat %s failed", game_id, seat + 1)

    async def _seat_due(self, row: GameRow, game: Loaded, seat: int) -> None:
        """The scheduler's work for one seat, under its channel's lock: an away period over first."""
        if await self.seats.away_over(row, game, seat):
            return
        clock = (await self.clocks.sync(row, game, game.state)).get(seat)
        now = self.tables.clock()
        if clock is None or clock.next_at > now:
            return  # the seat decided meanwhile
        setting = await self.clocks.setting(row)
        hours = timedelta(hours=setting.hours or 0)
        if now >= clock.due and setting.on_timeout == "autopilot":
            await self._autopilot(row, game, seat, clock, setting)
            return
        if now >= clock.due:  # "wait": a reminder once per clock period
            step, next_at = max(clock.reminded, len(REMINDERS)) + 1, now + hours
        elif now >= clock.started + hours * REMINDERS[-1]:
            step, next_at = len(REMINDERS), clock.due
        else:
            step, next_at = 1, clock.started + hours * REMINDERS[1]
        user_id = row.user_of(seat)
        async with self.tables.store.transaction() as tx:  # the step and its reminder, together
            if await tx.clocks.step(row.id, seat, clock.moves, clock.next_at, step, next_at) and user_id is not None:
                await tx.effects.add(REMINDER, row.channel_id, {"seat": seat, "moves": clock.moves,
                                                                "due": clock_text(clock.due)},
                                     now, game_id=row.id, user_id=user_id)
        await self.dispatcher.deliver(row.channel_id)  # under the channel's lock: in order

    # --- the reminder, as an effect (bot.play.effects) ----------------------------------------------
    async def compose(self, effect: Effect, live: Post | None) -> Delivery | None:
        """The reminder worded at delivery (the time left then, the newest board's link); nothing if the
        seat decided meanwhile or changed hands. By DM to a player who opted in (the channel if it is
        refused), else in the channel with a mention."""
        store = self.tables.store
        row = None if effect.game_id is None else await store.games.get(effect.game_id)
        try:
            seat, moves = int(effect.payload["seat"]), int(effect.payload["moves"])
            due = datetime.fromisoformat(str(effect.payload["due"]))
        except (KeyError, TypeError, ValueError):
            return None  # a row that does not read: nothing to say
        user_id = effect.user_id
        if row is None or row.status != "active" or user_id is None or row.user_of(seat) != user_id:
            return None
        running = (await store.clocks.running(row.id)).get(seat)
        if running is None or running.moves != moves:
            return None  # decided meanwhile
        setting = await self.clocks.setting(row)
        now = self.tables.clock()
        link, lang = setting.board_url or channel_link(row), game_lang(row)  # the channel's, and a DM's
        then = phrase("bot.clock.then_autopilot" if setting.on_timeout == "autopilot" else "bot.clock.then_wait",
                      lang=lang)
        text = phrase("bot.clock.reminder", lang=lang, mention=f"<@{user_id}>", title=title_name(row), link=link,
                      left=time_left(due, now, lang), then=then if now < due else "")
        route = DM if await store.settings.wants_dm(user_id) else NOTICE
        return Delivery(Post(public_text=text, mentions=[user_id], lang=lang), effect.payload, route)

    async def delivered(self, tx: Repositories, effect: Effect, post: Post, sent: Sent) -> None:
        """Nothing more to record: the clock's step was written with the reminder."""

    async def _autopilot(self, row: GameRow, game: Loaded, seat: int, clock: SeatClock, setting: GameClock) -> None:
        """The clock ran out: an agent plays that one decision for the seat, then the bots that owe a
        decision move, and one board shows it all."""
        engine, state = game.engine, game.state
        action = await self.bots.choice(row, game, state, seat, autopilot_level(engine))
        new, events = await self.workers.run(workers.apply, workers.ref(game.title), state, seat, action)
        shown_before = row.announced == row.version
        name = chat_name(row.names[seat])
        lang = game_lang(row)

        async def streak(tx: Repositories) -> bool:  # counted with the move itself, and its idle notice
            idle = await tx.keepers.autopiloted(row.id, seat, clock.moves + 1, IDLE_AFTER)
            if idle:  # a notice of its own after the board, with a button to vote
                await self.notices.write(tx, row, phrase("bot.clock.idle", lang=lang, name=name, count=IDLE_AFTER),
                                         [], vote=(row.id, seat))
            return idle

        line, _ = await self.tables.record_with(row, game, new, events, seat, action, reader=None, also=streak)
        lines = [phrase("bot.clock.autopiloted", lang=lang, name=name, hours=setting.hours, what=line)]
        state = await self.bots.move(row, game, new, lines)
        await self.outbox.publish(row, await self.outbox.run_post(row, game, state, lines, shown_before))
        await self.notices.deliver(row.channel_id)  # the idle notice, if any (without a publisher too)
