"""``/leaderboard game:<title>`` and ``/stats [player]``: a server's ratings (``bot.store.ratings``), from
its own games only.

The leaderboard sorts by the conservative rating (``ratings.ordinal``) and shows games played and
wins (first places, ties included); the caller's own line follows if they are not in the top. Stats:
per title, the rating with a small chart of its history (``render.chart``, drawn in a worker), games,
wins, average rank, the best game (the largest winning margin, with its thread) and the most frequent
opponent. Names are the seat names the server showed, escaped (``bot.play.names``): nobody is pinged.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from bot.play import registry, workers
from bot.play.answers import Damaged
from bot.play.names import chat_name
from bot.play.rating_games import plain
from bot.play.ratings import BOT, is_bot, ordinal
from bot.play.tables import Tables
from bot.play.words import phrase
from bot.store.ratings import RatingRow
from render.chart import Line, line_chart
from render.common import encode_image

TOP = 10
NameOf = Callable[[str], str | None]  # a player id to the name the server shows now (None: not known)


@dataclass
class Entry:
    player: str
    name: str
    rating: float
    games: int
    wins: int


def entries(rows: list[RatingRow]) -> list[Entry]:
    """Each player's line from their rows, best first (ties: more games first, then by id)."""
    found: dict[str, Entry] = {}
    for r in rows:
        e = found.setdefault(r.player, Entry(r.player, r.name, 0.0, 0, 0))
        e.name, e.rating = r.name, ordinal(r.mu_after, r.sigma_after)
        e.games += 1
        e.wins += r.rank == 1
    return sorted(found.values(), key=lambda e: (-e.rating, -e.games, e.player))


def shown_name(player: str, stored: str, name_of: NameOf, lang: str) -> str:
    """A player's name for chat: a bot by its level, a person as the server shows them now (or as
    they were seated, if they left), escaped."""
    if is_bot(player):
        level = player[len(BOT):]
        return phrase("bot.leaderboard.bot", lang=lang, level=phrase(f"bot.bot_level.{level}", lang=lang)
                      if level in ("random", "greedy", "mcts") else level)
    return chat_name(name_of(player) or stored)


def history_chart(title: str, label: str, values: list[float], games_word: str) -> bytes:
    """A player's rating after each game of one title (drawn in a worker: ``workers.run``)."""
    low, high = min([0.0, *values]), max([5.0, *values])
    step = max(1, round((high - low) / 4))
    ticks = [(float(v), f"{v:g}") for v in range(int(low // step * step), int(high) + step + 1, step)]
    low, high = ticks[0][0], ticks[-1][0]
    n = len(values)
    every = max(1, -(-n // 8))
    x_ticks = sorted({*range(0, n + 1, every), n})
    image = line_chart(title, [Line(0, label, [0.0, *values])], [(i, str(i)) for i in x_ticks], ticks, (low, high),
                       games_word)
    return encode_image(image)


class Leaderboard:
    def __init__(self, tables: Tables, pool: workers.Workers):
        self.tables, self.workers = tables, pool
        self.store = tables.store

    async def leaderboard(self, guild_id: int, game_key: str, caller: int, name_of: NameOf, lang: str) -> str:
        title = registry.get(game_key).engine.title
        rows = entries(await self.store.ratings.of_server(guild_id, game_key))
        if not rows:
            return phrase("bot.leaderboard.empty", lang=lang, title=title)
        lines = [phrase("bot.leaderboard.head", lang=lang, title=title)]

        def line(place: int, e: Entry) -> str:
            return phrase("bot.leaderboard.line", lang=lang, place=place, name=shown_name(e.player, e.name, name_of, lang),
                          rating=plain(e.rating, lang), games=e.games, wins=e.wins)

        lines += [line(i + 1, e) for i, e in enumerate(rows[:TOP])]
        mine = next((i for i, e in enumerate(rows) if e.player == str(caller)), None)
        if mine is not None and mine >= TOP:
            lines += ["…", line(mine + 1, rows[mine])]
        return "\n".join(lines)

    async def stats(self, guild_id: int, player: int, name_of: NameOf, lang: str) -> tuple[str, list[tuple[str, bytes]]]:
        """The player's lines per title, and a chart of their rating per title."""
        who = str(player)
        mine = await self.store.ratings.of_server(guild_id, player=who)
        if not mine:
            return phrase("bot.stats.none", lang=lang, name=chat_name(name_of(who) or "?")), []
        everyone = await self.store.ratings.of_server(guild_id)
        by_game: dict[int, list[RatingRow]] = {}
        for r in everyone:
            by_game.setdefault(r.game_id, []).append(r)
        name = shown_name(who, mine[-1].name, name_of, lang)
        lines, files = [phrase("bot.stats.head", lang=lang, name=name)], []
        for key in dict.fromkeys(r.title for r in mine):
            rows = [r for r in mine if r.title == key]
            title = registry.get(key).engine.title if key in registry.titles() else key
            rating = ordinal(rows[-1].mu_after, rows[-1].sigma_after)
            wins = sum(r.rank == 1 for r in rows)
            average = sum(r.rank for r in rows) / len(rows)
            rivals = Counter(o.player for r in rows for o in by_game[r.game_id] if o.player != who)
            rival = rivals.most_common(1)[0] if rivals else None
            lines.append(phrase("bot.stats.title", lang=lang, title=title, rating=plain(rating, lang), games=len(rows),
                                wins=wins, average=plain(average, lang)))
            best = await self.best_game([r.game_id for r in rows if r.rank == 1], key, player)
            if best is not None:
                lines.append(phrase("bot.stats.best", lang=lang, margin=best[1], channel=best[0]))
            if rival is not None:
                stored = next(o.name for r in rows for o in by_game[r.game_id] if o.player == rival[0])
                lines.append(phrase("bot.stats.rival", lang=lang, name=shown_name(rival[0], stored, name_of, lang),
                                    games=rival[1]))
            values = [ordinal(r.mu_after, r.sigma_after) for r in rows]
            chart = await self.workers.run(history_chart, phrase("bot.stats.chart", lang=lang, title=title), name,
                                           values, phrase("bot.stats.chart_games", lang=lang))
            files.append((f"rating-{key}.webp", chart))
        return "\n".join(lines), files

    async def best_game(self, won: list[int], key: str, player: int) -> tuple[int, int] | None:
        """Of the games the player won, the one with the largest margin over the next seat: its channel
        (thread) and the margin."""
        best: tuple[int, int] | None = None
        for game_id in won:
            row = await self.store.games.get(game_id)
            if row is None or row.game_key != key:
                continue
            try:
                game = self.tables.load(row)
            except Damaged:
                continue
            result = game.engine.result(game.state)
            seat = row.seat_of(player)
            if result is None or seat is None:
                continue
            totals = {s.seat: s.total for s in result.scores}
            others = [t for s, t in totals.items() if s != seat]
            margin = totals[seat] - max(others, default=0)
            if best is None or margin > best[1]:
                best = (row.channel_id, margin)
        return best

