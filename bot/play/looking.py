"""What players look at (a part of ``GameService``): the board, their hand with their news,
the log, the server's open games and the help."""

from __future__ import annotations

from bot.play import presenting, registry
from bot.play.answers import Damaged, GameSummary, Post, Refusal, User
from bot.play.bots import has_hooks
from bot.play.locale import game_lang, reader
from bot.play.names import chat_name, chat_names
from bot.play.options import describe_options
from bot.play.outbox import Outbox
from bot.play.words import phrase, say
from bot.store import GameRow, Notice
from engines.core import SYSTEM
from render.text import catalog


class Looking(Outbox):
    async def board(self, channel_id: int) -> Post:
        """The current board for the channel. If the channel missed boards (see ``bot.play.outbox``),
        this is the catch-up post: every missed move, and a mention of whoever owes a decision."""
        async with self._lock(channel_id):
            row = await self._open_game(channel_id)
            game = self._states.load(row)
            if row.status == "lobby":
                names = ", ".join(chat_names(row.names))
                lang = game_lang(row)
                return Post(public_text=phrase("bot.lobby.waiting", lang=lang, title=game.engine.title, names=names),
                            game_id=row.id, lang=lang)
            if self._lags(row):
                post = await self._catch_up(row, game)
            else:
                post = await self._board_post(row, game, game.state, "", [])
            return await self._publish(row, post)

    async def hand(self, channel_id: int, user: User, expected_game: int | None = None) -> Post:
        """The caller's private view: news since their last look, text, a picture, and the legal
        moves if it is their turn. ``expected_game``: a button's game, which must still be on."""
        row, game = await self._active_game(channel_id, expected_game)
        seat = row.seat_of(user.id)
        if seat is None:
            raise Refusal(phrase("bot.play.no_hand"))
        engine, state = game.engine, game.state
        lines = [say(row, m) for m in engine.private_lines(engine.view(state, seat))]
        post = Post(
            private_text="\n".join(t for t in [await self._news(row, seat), *lines] if t),
            private_image=await presenting.private_image(row, game, state, seat, self.drawn, self.workers),
            game_id=row.id,
            version=row.version,
        )
        if seat in engine.to_act(state):
            post.choices = presenting.labelled(row, engine.choices(state, seat))
            post.decision = await self._decision(row, seat, [c.notation for c in post.choices])
        return post

    async def log(self, channel_id: int, last: int = 20) -> str:
        row, _ = await self._active_game(channel_id)
        entries = await self.store.log.actions(row.id)
        lines = []
        for entry in entries[-last:]:
            who = phrase("bot.log.clock") if entry.seat == SYSTEM else chat_name(row.names[entry.seat])
            what = " ".join(presenting.public_lines(row, entry)) or phrase("bot.log.nothing_public")
            lines.append(phrase("bot.log.line", seq=entry.seq, who=who, what=what))
        if not entries:
            return phrase("bot.log.empty")
        head = phrase("bot.log.head", first=max(1, len(entries) - last + 1), last=len(entries), count=len(entries))
        return "\n".join([head, *lines])

    async def _unread(self, row: GameRow, seat: int) -> list[Notice]:
        """The seat's private notices it has not been shown (events addressed to it, whoever's move
        produced them), up to the row's version."""
        mark = next((s.notices_read for s in row.seats if s.seat == seat), 0)
        return [n for n in await self.store.log.notices(row.id, seat, since=mark) if n.version <= row.version]

    async def _news(self, row: GameRow, seat: int) -> str:
        """The seat's unread notices under "Since your last look:"; then they count as read."""
        notices = await self._unread(row, seat)
        if not notices:
            return ""
        await self.store.log.mark_read(row.id, seat, notices[-1].version)
        return news_text(row, notices, [])

    async def games(self, guild_id: int | None) -> list[GameSummary]:
        """The open games (of one guild, or all); a damaged one is skipped with one warning."""
        out = []
        for row in await self.store.games.open_all(guild_id):
            try:
                game = self._states.load(row)
            except Damaged as exc:
                self._warn(exc)
                continue
            waiting = presenting.waiting_users(row, game, game.state) if row.status == "active" else []
            out.append(GameSummary(row.id, row.channel_id, row.game_key, game.engine.title, row.status,
                                   chat_names(row.names), waiting))
        return out

    def help_text(self, game_key: str | None = None) -> str:
        keys = [game_key] if game_key else sorted(registry.titles())
        parts = []
        for key in keys:
            engine = registry.get(key).engine
            options = describe_options(engine.options_model, engine.prefix)
            if engine.traits.deadline:
                options += "\n" + phrase("bot.deadline.help")
            if has_hooks(engine):
                options += "\n" + phrase("bot.advice.help")
            options += "\n" + phrase("bot.clock.help")
            parts.append(phrase("bot.help.game", title=engine.title, key=key, low=engine.min_players,
                                high=engine.max_players, notation=notation_help(engine), options=options))
        return "\n\n".join(parts)


def news_text(row: GameRow, earlier: list[Notice], now: list[str]) -> str:
    """A seat's news: the notices it had not seen (under a header), then its move's own lines."""
    head = [phrase("bot.play.since_last_look"), *(presenting.notice_line(row, n) for n in earlier)]
    return "\n".join((head if earlier else []) + now)


def notation_help(engine) -> str:
    """How to type this game's moves (``<prefix>.help``; an unconverted game's own text)."""
    key = f"{engine.prefix}.help"
    if engine.prefix and catalog(reader()).has(key):
        return catalog(reader()).text_of(key)
    return engine.help_text()
