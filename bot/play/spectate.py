"""What a spectator may see of a game at any of its versions, for the game's web page (``bot.web``):
the public board, the status (or, at the end, the score sheet), who must act, and the public log.
Everything comes from the public view and the public events: the page shows nothing a spectator in
the channel could not read. A finished game adds its reveal and replay (nothing is hidden any more).

A version is played back from the seed in a worker process (``bot.play.workers``), drawn and worded
there, once per version, language and names (``Drawn``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

from bot.play import presenting, workers
from bot.play.answers import Refusal
from bot.play.playback import new_state, steps
from bot.play.reveal import plain_style
from bot.play.sheet import plain_sheet
from bot.play.stored import REPLAY_ERRORS, Unreplayable, replaying
from bot.play.stories import judged, plain_turns
from bot.play.tables import Tables
from bot.play.turn_clocks import Clocks
from bot.play.words import phrase
from bot.store import GameRow, LoggedAction
from engines.core import SYSTEM, Msg
from render.common import encode_image
from render.text import catalog, drawing_in

SIGHTS = 512  # versions kept worded and drawn (30-50 KB each)


class Unseen(LookupError):
    """Nothing a spectator may see there: no such game, not started, no such version, not over yet."""


@dataclass
class Sight:
    """One version of a game as a spectator sees it, in one language."""

    game_id: int
    title: str
    version: int
    latest: int
    finished: bool  # at this version
    lang: str
    status: list[str]
    standings: list[str]
    waiting: list[str]
    log: list[str]
    alt: str
    image: bytes = field(repr=False)
    left: list[str] = field(default_factory=list)  # time left of the waiting seats (the newest version only)
    over: bool = False  # the game is finished (at its newest version): the reveal and replay may be shown


def seen_at(which: workers.TitleRef, row: GameRow, entries: list[LoggedAction], version: int,
            lang: str) -> dict[str, Any]:
    """A worker's task: the game played back to ``version`` and shown as a spectator sees it (the
    public view's board, the public status, the public events)."""
    loaded = workers._loaded(which, row)
    engine, words, style = loaded.engine, catalog(lang), plain_style(row, lang)
    try:
        state = new_state(row, loaded)
        log: list[str] = []
        for step in steps(engine, state, [e for e in entries if e.seq <= version]):
            state = step.after
            entry = step.entry
            who = words.text_of("bot.log.clock") if entry.seat == SYSTEM else style.seat(entry.seat)
            if entry.events is None:  # stored before events were kept: the English stored with it
                public = list(entry.public)
            else:
                public = [words.text(m, style) for m in engine.told([Msg.of(e) for e in entry.public_events()])]
            what = " ".join(public) or words.text_of("bot.log.nothing_public")
            log.append(words.text_of("bot.log.line", seq=entry.seq, who=who, what=what))
    except REPLAY_ERRORS as exc:
        raise Unreplayable(type(exc).__name__) from None
    result = engine.result(state)
    status = [words.text(m, style) for m in engine.status(state)]
    standings = [] if result is None else plain_sheet(result, row.names, engine.prefix, lang).splitlines()
    waiting = [] if result is not None else [style.seat(s) for s in sorted(engine.to_act(state))]
    view = engine.view(state, None)  # the spectator's: the only view this page ever draws
    with drawing_in(lang):
        image = encode_image(loaded.title.renderer.board(view, row.names))
    if result is None:
        alt = words.text_of("bot.web.alt_playing", title=engine.title, version=version, status=" · ".join(status),
                            waiting=words.join(waiting))
    else:
        alt = words.text_of("bot.web.alt_over", title=engine.title, version=version, standings=" · ".join(standings))
    return {"status": status, "standings": standings, "waiting": waiting, "log": log, "alt": alt,
            "image": image, "finished": result is not None, "title": engine.title}


class Spectators:
    """The web page's reader of games: a game's sight at a version, its reveal and replay once over."""

    def __init__(self, tables: Tables, clocks: Clocks, pool: workers.Workers):
        self.tables, self.clocks, self.workers = tables, clocks, pool
        self.store = tables.store
        self.seen = presenting.Drawn(SIGHTS)

    async def game(self, game_id: int) -> GameRow:
        """A game that has started (its page shows nothing of a lobby); ``Unseen`` otherwise."""
        row = await self.store.games.get(game_id)
        if row is None or row.snapshot is None:
            raise Unseen(game_id)
        return row

    async def sight(self, row: GameRow, version: int | None, lang: str) -> Sight:
        """The game at ``version`` (its newest when None); ``Unseen`` for a version it does not have."""
        latest = row.version
        if version is None:
            version = latest
        if not 0 <= version <= latest:
            raise Unseen(version)
        game = self.tables.load(row)
        entries = await self.tables.entries(row)
        key = ("web", row.id, version, tuple(row.names), lang)
        with replaying(row):
            seen = cast(dict[str, Any], await self.seen.get(key, lambda: cast(Any, self.workers.run(
                seen_at, workers.ref(game.title), row, entries, version, lang))))
        sight = Sight(game_id=row.id, title=seen["title"], version=version, latest=latest,
                      finished=seen["finished"], lang=lang, status=seen["status"], standings=seen["standings"],
                      waiting=seen["waiting"], log=seen["log"], alt=seen["alt"], image=seen["image"],
                      over=row.status == "finished")
        if version == latest and row.status == "active":
            for seat in sorted(game.engine.to_act(game.state)):
                left = await self.clocks.left(row, seat)
                if left is not None:
                    sight.left.append(f"{plain_style(row, lang).seat(seat)}: {left}")
        return sight

    async def address(self, game_id: int) -> str:
        """The game's page token (made on first use)."""
        return await self.store.pages.ensure(game_id)

    async def channel_address(self, channel_id: int, reset: bool = False, is_manager: bool = False) -> str:
        """The page token of the channel's game (open, else its last): a Refusal without one; with
        ``reset``, a new token (a manager's), the old one unknown from now on."""
        row = await self.store.games.open_in(channel_id) or await self.store.places.last_in(channel_id)
        if row is None:
            raise Refusal(phrase("bot.lobby.no_game"))
        if reset:
            if not is_manager:
                raise Refusal(phrase("bot.web.reset_refused"))
            return await self.store.pages.reset(row.id)
        return await self.address(row.id)

    async def reveal(self, row: GameRow) -> bytes:
        """A finished game's reveal file (``bot.play.reveal``); ``Unseen`` before the end."""
        if row.status != "finished":
            raise Unseen(row.id)
        game = self.tables.load(row)
        entries = await self.tables.entries(row)
        with replaying(row):
            text = await self.seen.get(("reveal", row.id, row.version, tuple(row.names)), lambda: self._encoded(
                self.workers.run(workers.reveal, workers.ref(game.title), row, game.state, entries)))
        assert text is not None
        return text

    async def replay(self, row: GameRow) -> bytes:
        """A finished game's animated replay; ``Unseen`` before the end."""
        if row.status != "finished":
            raise Unseen(row.id)
        game = self.tables.load(row)
        entries = await self.tables.entries(row)
        with replaying(row):
            data = await self.seen.get(("replay", row.id, row.version, tuple(row.names)), lambda: self.workers.run(
                workers.replay, workers.ref(game.title), row, entries))
        assert data is not None
        return data

    async def story(self, row: GameRow, lang: str) -> tuple[list[str], bytes]:
        """A finished game's turning points (plain text) and its chart, in ``lang``; ``Unseen`` before
        the end (the judge sees every secret)."""
        if row.status != "finished":
            raise Unseen(row.id)
        game = self.tables.load(row)
        entries = await self.tables.entries(row)

        async def told() -> tuple[list[str], bytes]:
            turns, image = await judged(self.workers, row, game, entries, lang)
            return plain_turns(row, entries, turns, lang), image

        with replaying(row):
            told_ = await self.seen.get(("story", row.id, row.version, tuple(row.names), lang), cast(Any, told))
        assert told_ is not None
        return cast(tuple[list[str], bytes], told_)

    @staticmethod
    async def _encoded(text: Any) -> bytes:
        return (await text).encode()
