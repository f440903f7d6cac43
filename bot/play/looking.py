"""What players look at: the board, their hand with their news, their own games, the server's open games,
the moves they may type (autocomplete) and the help."""

from __future__ import annotations

from bot.play import presenting, registry
from bot.play.answers import Damaged, GameSummary, Post, Refusal, Shown, User
from bot.play.boards import Boards
from bot.play.bots import has_hooks
from bot.play.fitting import EMBED, pages
from bot.play.locale import game_lang, reader
from bot.play.moves import HINT
from bot.play.names import chat_names
from bot.play.notify import Notices
from bot.play.options import describe_options
from bot.play.outbox import Outbox
from bot.play.stored import title_name
from bot.play.tables import Tables
from bot.play.turn_clocks import Clocks
from bot.play.words import phrase, say
from engines.core import Msg
from render.text import catalog

MAX_SUGGESTIONS = 25


def hint(key: str, **params) -> Shown:
    """An autocomplete entry that only explains (``bot.hint.*``); the chat layer cuts its length."""
    return Shown(notation=HINT, label=phrase(key, **params))


def notation_help(engine) -> str:
    """How to type this game's moves (``<prefix>.help``; an unconverted game's own text)."""
    key = f"{engine.prefix}.help"
    if engine.prefix and catalog(reader()).has(key):
        return catalog(reader()).text_of(key)
    return engine.help_text()


class Looks:
    def __init__(self, tables: Tables, boards: Boards, outbox: Outbox, notices: Notices, clocks: Clocks):
        self.tables, self.boards, self.outbox, self.notices, self.clocks = tables, boards, outbox, notices, clocks
        self.store = tables.store

    async def board(self, channel_id: int) -> Post:
        """The current board for the channel. If the channel missed boards (see ``bot.play.outbox``),
        this is the catch-up post: every missed move, and a mention of whoever owes a decision."""
        async with self.tables.lock(channel_id):
            row = await self.tables.open_game(channel_id)
            game = self.tables.load(row)
            if row.status == "lobby":
                names = ", ".join(chat_names(row.names))
                lang = game_lang(row)
                return Post(public_text=phrase("bot.lobby.waiting", lang=lang, title=game.engine.title, names=names),
                            game_id=row.id, lang=lang)
            if self.outbox.lags(row):
                return await self.outbox.publish(row, await self.outbox.catch_up(row, game))
            post = await self.boards.post(row, game, game.state, "", [])
            return await self.outbox.publish(row, post, again=True)

    async def hand(self, channel_id: int, user: User, expected_game: int | None = None) -> Post:
        """The caller's private view: news since their last look, text, a picture, and the legal
        moves if it is their turn. ``expected_game``: a button's game, which must still be on."""
        row, game = await self.tables.active_game(channel_id, expected_game)
        seat = row.seat_of(user.id)
        if seat is None:
            raise Refusal(phrase("bot.play.no_hand"))
        engine, state = game.engine, game.state
        lines = [say(row, m) for m in engine.private_lines(engine.view(state, seat))]
        post = Post(
            private_text="\n".join(t for t in [await self.notices.news(row, seat), *lines] if t),
            private_image=await presenting.private_image(row, game, state, seat, self.boards.drawn,
                                                         self.boards.workers),
            game_id=row.id,
            version=row.version,
        )
        if seat in engine.to_act(state):
            post.choices = presenting.labelled(row, engine.choices(state, seat))
            post.decision = await self.tables.decision(row, seat, [c.notation for c in post.choices])
        return post

    async def games(self, guild_id: int | None) -> list[GameSummary]:
        """The open games (of one guild, or all); a damaged one is skipped with one warning."""
        out = []
        for row in await self.store.games.open_all(guild_id):
            try:
                game = self.tables.load(row)
            except Damaged as exc:
                self.tables.warn(exc)
                continue
            waiting = presenting.waiting_users(row, game, game.state) if row.status == "active" else []
            out.append(GameSummary(row.id, row.channel_id, row.game_key, game.engine.title, row.status,
                                   chat_names(row.names), waiting))
        return out

    async def my_games(self, guild_id: int | None, user: User) -> str:
        """/mygames: every open game of the caller in this server, whether it waits for them, the time
        left on their clock and their unread private news (private: it counts news, never shows it).
        A damaged game is left out, with one warning."""
        lines = []
        for row in await self.store.games.open_all(guild_id):
            seat = row.seat_of(user.id)
            if seat is None:
                continue
            try:
                lines.append(await self._my_line(row, seat))
            except Damaged as exc:
                self.tables.warn(exc)
        return "\n".join(lines) or phrase("bot.mygames.none")

    async def _my_line(self, row, seat: int) -> str:
        game = self.tables.load(row)
        if row.status == "lobby":
            state = phrase("bot.mygames.lobby")
        elif seat in game.engine.to_act(game.state):
            state = phrase("bot.mygames.your_turn", left=await self.clocks.left(row, seat) or phrase("bot.mygames.no_clock"))
        else:
            state = phrase("bot.mygames.not_your_turn")
        unread = len(await self.tables.unread(row, seat)) if row.status == "active" else 0
        news = phrase("bot.mygames.news", count=unread) if unread else ""
        return phrase("bot.mygames.line", channel=row.channel_id, title=title_name(row), state=state, news=news)

    async def suggest(self, channel_id: int, user: User, typed: str) -> list[Shown]:
        """Autocomplete: the caller's legal moves matching what is typed (at most 25).
        Someone who cannot move now gets one entry saying why (choosing it is refused
        with the same reason), rather than a silent empty list."""
        row = await self.store.games.open_in(channel_id)
        if row is None and await self.store.places.open_under(channel_id):
            return [hint("bot.places.hint_threads")]  # the channel's games are in their threads
        if row is None or row.status != "active":
            return [hint("bot.hint.no_game")]
        try:
            game = self.tables.load(row)
        except Damaged as exc:
            return [hint("bot.hint.damaged", what=exc.what)]
        engine, state = game.engine, game.state
        seat = row.seat_of(user.id)
        if seat is None:
            return [hint("bot.hint.not_playing")]
        if seat not in engine.to_act(state):
            waiting = Msg("bot.hint.not_your_turn", seats=sorted(engine.to_act(state)))
            return [Shown(notation=HINT, label=say(row, waiting))]
        words = typed.lower().split()
        out = []
        for choice in presenting.labelled(row, engine.choices(state, seat)):
            hay = f"{choice.notation} {choice.label}".lower()
            if all(w in hay for w in words):
                out.append(choice)
                if len(out) == MAX_SUGGESTIONS:
                    break
        return out

    async def pending(self, channel_id: int) -> dict[int, list[str]]:
        """Every user who owes a decision, with all their legal moves in notation
        (uncapped: the tests' random players use it). Bots are not users: they are not listed."""
        row, game = await self.tables.active_game(channel_id)
        engine, state = game.engine, game.state
        owing = ((row.user_of(seat), seat) for seat in sorted(engine.to_act(state)))
        return {user: [engine.notation(state, a) for a in engine.legal_actions(state, seat)]
                for user, seat in owing if user is not None}

    def help_text(self, game_key: str | None = None) -> str:
        """/help: without a game, the short intro and one line per title pointing to that title's
        help (so it always fits one embed); with a game, how to type its moves and its options."""
        return "\n\n".join(self.help_pages(game_key))

    def help_pages(self, game_key: str | None = None) -> list[str]:
        """/help as pages of at most one embed each (``fitting.pages``): one page in every language
        today; a title's help that grows is split at its line breaks, never cut."""
        if game_key is None:
            lines = [phrase("bot.help.title_line", title=title.engine.title, low=title.engine.min_players,
                            high=title.engine.max_players, help=phrase("bot.name.help"), game=phrase("bot.name.game"))
                     for _, title in sorted(registry.titles().items())]
            return pages([phrase("bot.help.intro"), "\n".join(lines)], EMBED)
        engine = registry.get(game_key).engine
        options = describe_options(engine.options_model, engine.prefix)
        if engine.traits.deadline:
            options += "\n" + phrase("bot.deadline.help")
        if has_hooks(engine):
            options += "\n" + phrase("bot.advice.help")
        options += "\n" + phrase("bot.clock.help")
        return pages([phrase("bot.help.game", title=engine.title, key=game_key, low=engine.min_players,
                             high=engine.max_players, notation=notation_help(engine), options=options)], EMBED)
