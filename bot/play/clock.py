"""The turn clock (a part of ``GameService``): every person who owes a decision has a due time, and
the scheduler makes sure nobody waits forever without being told.

A game's clock is ``clock=`` hours per decision (48 by default, 1 to 2160, or ``off``), set at /new.
Each seat that owes a decision runs its own clock (simultaneous decisions each theirs); a clock
starts when the decision does and stops when the seat decides. Reminders go to the waiting player
at half time and at 90% (each once, also across restarts: the store keeps what was sent); when the
clock runs out, ``on_timeout=`` decides: ``autopilot`` (default: an agent plays that one decision,
``greedy`` where the title has the agents' hooks, else ``random``, within the bots' thinking budget)
or ``wait`` (a reminder once per clock period from then on). After two decisions in a row played by
the autopilot the seat is idle and the others are told they may vote to replace the player.

The scheduler is the watcher's sweep: one indexed query (``Store.due_clocks``) returns only the
clocks with work due; one reminder at most per seat and sweep (a bot down across both reminder
points sends the later one only), timeouts decided in the order they fell due, one damaged game
never stopping the others.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from bot.play import workers
from bot.play.answers import Damaged, Post, User
from bot.play.bots import has_hooks
from bot.play.locale import game_lang
from bot.play.names import chat_name
from bot.play.notify import Notifying, channel_link
from bot.play.options import OptionError
from bot.play.stored import Loaded, title_name
from bot.play.words import phrase
from bot.store import GameClock, GameRow, SeatClock

log = logging.getLogger("piazza")

DEFAULT_HOURS = 48
MAX_HOURS = 2160  # 90 days
REMINDERS = (0.5, 0.9)  # of the clock: when the waiting player is reminded
IDLE_AFTER = 2  # decisions in a row played by the autopilot that make a seat idle
ON_TIMEOUT = ("autopilot", "wait")
TIMEOUT_WORDS = {"autopilot": "bot.clock.timeout_autopilot", "wait": "bot.clock.timeout_wait"}
DEFAULT = GameClock(DEFAULT_HOURS, "autopilot")


def parse_clock(hours: str | None, on_timeout: str | None) -> GameClock:
    """``clock=`` (hours, or ``off``) and ``on_timeout=`` as typed at /new."""
    value: int | None = DEFAULT_HOURS
    if hours is not None:
        text = hours.strip().lower()
        if text in ("off", "no", "none"):
            value = None
        elif not text.isdigit():
            raise OptionError("bot.clock.unreadable", text=hours, most=MAX_HOURS)
        else:
            value = int(text)
            if not 1 <= value <= MAX_HOURS:
                raise OptionError("bot.clock.out_of_range", text=hours, most=MAX_HOURS)
    chosen = (on_timeout or "autopilot").strip().lower()
    if chosen not in ON_TIMEOUT:
        raise OptionError("bot.clock.on_timeout", text=on_timeout, allowed=", ".join(ON_TIMEOUT))
    return GameClock(value, chosen)


def autopilot_level(engine) -> str:
    return "greedy" if has_hooks(engine) else "random"


def time_left(due: datetime, now: datetime, lang: str | None = None) -> str:
    """``31 h`` / ``25 min`` left, or that time is up (in ``lang``, or the reader's language)."""
    left = due - now
    if left <= timedelta(0):
        return phrase("bot.clock.up", lang=lang)
    if left >= timedelta(hours=1):
        return phrase("bot.clock.hours_left", lang=lang, hours=int(left.total_seconds() // 3600))
    return phrase("bot.clock.minutes_left", lang=lang, minutes=max(1, int(left.total_seconds() // 60)))


class Clocked(Notifying):
    # --- settings and the running clocks -----------------------------------------------
    async def _setting(self, row: GameRow) -> GameClock:
        return await self.store.clocks.setting(row.id) or DEFAULT

    async def board_posted(self, game_id: int, url: str) -> None:
        """The transport posted a board at ``url``: reminders link to it."""
        await self.store.clocks.set_board_url(game_id, url)

    async def _sync(self, row: GameRow, game: Loaded, state) -> dict[int, SeatClock]:
        """Start the clock of every person who now owes a decision, stop the others'; a seat whose
        person decided after the autopilot had played for them is no longer idle."""
        setting = await self._setting(row)
        owing: dict[int, int] = {}
        engine = game.engine
        if setting.hours is not None and row.status == "active" and engine.result(state) is None:
            counts = await self.store.log.moves_per_seat(row.id)
            owing = {s: counts.get(s, 0) for s in engine.to_act(state) if row.user_of(s) is not None}
            for seat, keeper in (await self.store.keepers.of(row.id)).items():
                if keeper.streak and counts.get(seat, 0) > keeper.auto_moves and row.user_of(seat) is not None:
                    await self.store.keepers.came_back(row.id, seat)
        now = self._clock()
        hours = timedelta(hours=setting.hours or 0)
        return await self.store.clocks.sync(row.id, owing, now, now + hours, now + hours * REMINDERS[0])

    async def _board_post(self, row: GameRow, game: Loaded, state, head: str, mentions: list[int]) -> Post:
        """Every board says how long each waiting person has left."""
        post = await super()._board_post(row, game, state, head, mentions)
        clocks = await self._sync(row, game, state)
        if clocks and not post.finished:
            now, lang = self._clock(), game_lang(row)
            left = " · ".join(phrase("bot.clock.seat_left", row, lang, seat=c.seat, left=time_left(c.due, now, lang))
                              for c in sorted(clocks.values(), key=lambda c: c.seat))
            post.public_text = "\n".join([post.public_text or "", phrase("bot.clock.waiting", lang=lang, who=left)])
        return post

    # --- the scheduler ----------------------------------------------------------------
    async def run_clocks(self) -> None:
        """The watcher's part: every clock with work due (a reminder, a timeout, an away period over),
        in the order they fell due. A game that fails is skipped (a damaged one with one warning). With
        several processes on one database, one of them runs a game's clocks (``_claim``)."""
        for game_id, channel_id, seat in await self.store.clocks.due(self._clock()):
            try:
                async with self._claim(game_id) as mine, self._lock(channel_id):
                    if not mine:
                        continue  # another process runs this game's clocks now
                    row = await self.store.games.open_in(channel_id)
                    if row is None or row.id != game_id or row.status != "active":
                        continue
                    game = self._states.load(row)
                    if await self._apply_deadline(row, game) is None:  # past its date, the game ends instead
                        await self._seat_due(row, game, seat)
            except Damaged as exc:
                self._warn(exc)
            except Exception:
                log.exception("the clock of game %s, seat %s failed", game_id, seat + 1)

    async def _seat_due(self, row: GameRow, game: Loaded, seat: int) -> None:
        """The scheduler's work for one seat, under its channel's lock."""
        clock = (await self._sync(row, game, game.state)).get(seat)
        now = self._clock()
        if clock is None or clock.next_at > now:
            return  # the seat decided meanwhile
        setting = await self._setting(row)
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
        await self._remind(row, seat, clock, setting, now)
        await self.store.clocks.step(row.id, seat, clock.moves, clock.next_at, step, next_at)

    async def _remind(self, row: GameRow, seat: int, clock: SeatClock, setting: GameClock, now: datetime) -> None:
        user_id = row.user_of(seat)
        if user_id is None:
            return
        link, lang = setting.board_url or channel_link(row), game_lang(row)  # the channel's, and a DM's
        then = phrase("bot.clock.then_autopilot" if setting.on_timeout == "autopilot" else "bot.clock.then_wait",
                      lang=lang)
        text = phrase("bot.clock.reminder", lang=lang, mention=f"<@{user_id}>", title=title_name(row), link=link,
                      left=time_left(clock.due, now, lang), then=then if now < clock.due else "")
        await self._tell(row, user_id, text)

    async def _autopilot(self, row: GameRow, game: Loaded, seat: int, clock: SeatClock, setting: GameClock) -> None:
        """The clock ran out: an agent plays that one decision for the seat, then the bots that owe a
        decision move, and one board shows it all."""
        engine, state = game.engine, game.state
        action = await self._bot_choice(row, game, state, seat, autopilot_level(engine))
        new, events = await self.workers.run(workers.apply, workers.ref(game.title), state, seat, action)
        shown_before = row.announced == row.version
        name = chat_name(row.names[seat])
        line = await self._record(row, game, new, events, seat, action, reader=None)
        lang = game_lang(row)
        lines = [phrase("bot.clock.autopiloted", lang=lang, name=name, hours=setting.hours, what=line)]
        idle = await self.store.keepers.autopiloted(row.id, seat, clock.moves + 1, IDLE_AFTER)
        state = await self._bots_move(row, game, new, lines)
        await self._publish(row, await self._run_post(row, game, state, lines, shown_before))
        if idle and self.messenger is not None:  # a notice of its own, with a button to vote
            try:
                await self.messenger.to_channel(row.channel_id,
                                                phrase("bot.clock.idle", lang=lang, name=name, count=IDLE_AFTER),
                                                [], vote=(row.id, seat), lang=lang)
            except Exception as exc:
                log.warning("could not post the idle notice of game %s: %s", row.id, exc)

    # --- a player's own games -----------------------------------------------------------
    async def my_games(self, guild_id: int | None, user: User) -> str:
        """/mygames: every open game of the caller in this server, whether it waits for them, the time
        left on their clock and their unread private news (private: it counts news, never shows it)."""
        lines = []
        now = self._clock()
        for row in await self.store.games.open_all(guild_id):
            seat = row.seat_of(user.id)
            if seat is None:
                continue
            try:
                game = self._states.load(row)
            except Damaged as exc:
                self._warn(exc)
                continue
            if row.status == "lobby":
                state = phrase("bot.mygames.lobby")
            elif seat in game.engine.to_act(game.state):
                clock = (await self.store.clocks.running(row.id)).get(seat)
                state = phrase("bot.mygames.your_turn",
                               left=time_left(clock.due, now) if clock else phrase("bot.mygames.no_clock"))
            else:
                state = phrase("bot.mygames.not_your_turn")
            unread = len(await self._unread(row, seat)) if row.status == "active" else 0
            news = phrase("bot.mygames.news", count=unread) if unread else ""
            lines.append(phrase("bot.mygames.line", channel=row.channel_id, title=title_name(row), state=state,
                                news=news))
        return "\n".join(lines) or phrase("bot.mygames.none")

    def _clock_summary(self, setting: GameClock, lang: str | None = None) -> str:
        if setting.hours is None:
            return phrase("bot.clock.summary_off", lang=lang)
        then = phrase(TIMEOUT_WORDS[setting.on_timeout], lang=lang)
        return phrase("bot.clock.summary", lang=lang, hours=setting.hours, then=then)

