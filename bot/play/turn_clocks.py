"""The running turn clocks of a game (``bot.play.clock`` says what a clock is): each person who owes a
decision has one, started when the decision is owed and stopped when it is made; every board says
how long each waiting person has left.

``sync`` is the one writer: in one transaction it reads the seats' move counts and keepers and
starts, keeps or stops each seat's clock (a seat whose person decided after the autopilot had played
for them is no longer idle), so a move landing meanwhile, in this process or another, is either
seen or comes after.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from bot.play.answers import Post
from bot.play.clock import DEFAULT, REMINDERS, TIMEOUT_WORDS, time_left
from bot.play.locale import game_lang
from bot.play.stored import Loaded
from bot.play.tables import read_back
from bot.play.words import phrase
from bot.store import GameClock, GameRow, SeatClock, Store


class Clocks:
    def __init__(self, store: Store, clock: Callable[[], datetime]):
        self.store = store
        self.clock = clock

    async def setting(self, row: GameRow) -> GameClock:
        return await self.store.clocks.setting(row.id) or DEFAULT

    async def board_posted(self, game_id: int, url: str) -> None:
        """The transport posted a board at ``url``: reminders link to it."""
        await self.store.clocks.set_board_url(game_id, url)

    async def sync(self, row: GameRow, game: Loaded, state: Any) -> dict[int, SeatClock]:
        """Start the clock of every person who now owes a decision, stop the others'; a seat whose
        person decided after the autopilot had played for them is no longer idle."""
        engine = game.engine
        playing = row.status == "active" and engine.result(state) is None
        with read_back():
            async with self.store.transaction() as tx:
                setting = await tx.clocks.setting(row.id) or DEFAULT
                owing: dict[int, int] = {}
                if setting.hours is not None and playing:
                    counts = await tx.log.moves_per_seat(row.id)
                    owing = {s: counts.get(s, 0) for s in engine.to_act(state) if row.user_of(s) is not None}
                    for seat, keeper in (await tx.keepers.of(row.id)).items():
                        if keeper.streak and counts.get(seat, 0) > keeper.auto_moves and row.user_of(seat) is not None:
                            await tx.keepers.came_back(row.id, seat)
                now = self.clock()
                hours = timedelta(hours=setting.hours or 0)
                return await tx.clocks.sync(row.id, owing, now, now + hours, now + hours * REMINDERS[0])

    async def resync(self, game_id: int, game: Loaded) -> None:
        """After a seat changed hands: the clocks as the game's seats are now."""
        row = await self.store.games.get(game_id)
        if row is not None:
            await self.sync(row, game, game.state)

    async def turn_words(self, row: GameRow, game: Loaded, state: Any, post: Post) -> tuple[set[int], str]:
        """How long each waiting person has left, said once (issue 28, item 7): a person the post mentions
        is told with the mention (``post.turn_left``, "⏳ Your move, @bob — 47 h left."), anyone else in
        the clock line this returns ("⏳ Waiting for 🟦 bob, 47 h left."). Also the seats so named, which
        the status line need not name again."""
        clocks = await self.sync(row, game, state)
        if not clocks or post.finished:
            return set(), ""
        now, lang = self.clock(), game_lang(row)
        others = []
        for c in sorted(clocks.values(), key=lambda c: c.seat):
            left = time_left(c.due, now, lang)
            user = row.user_of(c.seat)
            if user is not None and user in post.mentions:
                post.turn_left[user] = left
            else:
                others.append(phrase("bot.clock.seat_left", row, lang, seat=c.seat, left=left))
        line = phrase("bot.clock.waiting", lang=lang, who=" · ".join(others)) if others else ""
        return set(clocks), line

    async def left(self, row: GameRow, seat: int) -> str | None:
        """The time left on the seat's clock (None: it runs none)."""
        with read_back():
            clock = (await self.store.clocks.running(row.id)).get(seat)
        return None if clock is None else time_left(clock.due, self.clock())


def summary(setting: GameClock, lang: str | None = None) -> str:
    """The clock as /new's answer states it."""
    if setting.hours is None:
        return phrase("bot.clock.summary_off", lang=lang)
    then = phrase(TIMEOUT_WORDS[setting.on_timeout], lang=lang)
    return phrase("bot.clock.summary", lang=lang, hours=setting.hours, then=then)
