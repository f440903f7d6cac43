"""Ratings through the game service (issue 26), on SQLite and PostgreSQL: the final move writes each
player's rating change in its own transaction, the final board names them, an aborted game is not
rated, a player's next game starts from their rating, and ``python -m bot ratings rebuild`` rates the
whole history again into the same table."""

import asyncio
from datetime import timedelta

from bot.__main__ import main
from bot.play.rating_games import rebuild
from bot.play.ratings import MU, SIGMA
from bot.play.service import GameService
from tests.platform.platform_helpers import ANNE, BRUNO, NOW, Clock, by_id


async def deadline_game(service, clock, channel=1, guild=7, moves=4, seed=4):
    """A Leonardo game of Anne, Bruno and a random bot that a few moves in ends on its date."""
    await service.create(guild, channel, ANNE, "leonardo", "deadline=2026-12-01T18:00")
    await service.join(channel, BRUNO)
    await service.add_bot(channel, ANNE, "random")
    await service.start(channel, ANNE, seed=seed)
    for _ in range(moves):
        pending = await service.pending(channel)
        if not pending:
            break
        uid = sorted(pending)[0]
        await service.act(channel, by_id(uid), pending[uid][0])
    clock.now = NOW + timedelta(days=3)
    post = await service.check_deadline(channel)
    clock.now = NOW
    assert post is not None and post.finished
    return post


async def test_the_final_move_rates_every_player_and_the_board_says_so(store):
    clock = Clock()
    service = GameService(store, clock=clock)
    post = await deadline_game(service, clock)
    rated = await store.ratings.of_game(post.game_id)
    assert sorted(r.player for r in rated) == ["11", "12", "bot:random"]
    assert all((r.mu_before, r.sigma_before) == (MU, SIGMA) and r.sigma_after < SIGMA for r in rated)
    assert all(r.guild_id == 7 and r.title == "leonardo" and r.finished_at for r in rated)
    assert "Ratings in this server" in post.public_text and "→" in post.public_text

    second = await deadline_game(service, clock, seed=5)  # a second game starts from the first's ratings
    again = {r.player: r for r in await store.ratings.of_game(second.game_id)}
    for r in rated:
        assert (again[r.player].mu_before, again[r.player].sigma_before) == (r.mu_after, r.sigma_after)


async def test_an_aborted_game_is_not_rated(store):
    service = GameService(store, clock=Clock())
    await service.create(7, 1, ANNE, "bella_vista")
    await service.join(1, BRUNO)
    started = await service.start(1, ANNE, seed=3)
    await service.abort(1, ANNE)
    assert await store.ratings.of_game(started.game_id) == []
    assert await store.ratings.every() == []


async def test_rebuild_rates_the_whole_history_again_into_the_same_table(store, database):
    clock = Clock()
    service = GameService(store, clock=clock)
    await deadline_game(service, clock, channel=1, guild=7, seed=4)
    await deadline_game(service, clock, channel=2, guild=8, seed=5)  # another server: its own ratings
    await deadline_game(service, clock, channel=1, guild=7, seed=6, moves=8)
    before = await store.ratings.every()
    assert len(before) == 9 and {r.guild_id for r in before} == {7, 8}
    assert await rebuild(store) == (3, 9)
    assert await store.ratings.every() == before
    if not database.startswith("postgresql"):  # the command line, on the same file (closed meanwhile)
        await store.ratings.clear()
        assert await asyncio.to_thread(main, ["ratings", "rebuild", "--db", database]) == 0
        assert await store.ratings.every() == before


async def test_the_leaderboard_shows_its_own_server_only_and_the_callers_line_below_the_top(store, monkeypatch):
    from bot.play import leaderboard
    from bot.play.service import User

    clock = Clock()
    service = GameService(store, clock=clock)
    await deadline_game(service, clock, channel=1, guild=7)
    await service.create(8, 2, User(21, "Zed"), "leonardo", "deadline=2026-12-01T18:00")  # another server
    await service.join(2, User(22, "Yan"))
    await service.start(2, User(21, "Zed"))
    clock.now = NOW + timedelta(days=3)
    assert (await service.check_deadline(2)).finished

    def no_names(player):
        return None

    text = await service.leaderboard(7, "leonardo", ANNE.id, no_names, "en")
    assert "Anne" in text and "Bruno" in text and "bot (random)" in text
    assert "Zed" not in text and "Yan" not in text and "<@" not in text
    other = await service.leaderboard(8, "leonardo", 21, no_names, "en")
    assert "Zed" in other and "Anne" not in other
    assert "Nobody has finished" in await service.leaderboard(9, "leonardo", ANNE.id, no_names, "en")

    monkeypatch.setattr(leaderboard, "TOP", 1)  # the top is one line: a caller below it gets their own after it
    lines = (await service.leaderboard(7, "leonardo", ANNE.id, no_names, "en")).splitlines()
    assert len(lines) == 2 or (lines[2] == "…" and "Anne" in lines[3] and len(lines) == 4)
    assert "Anne" in "\n".join(lines)

    text, charts = await service.stats(7, ANNE.id, lambda p: "Anne *the* Bold" if p == str(ANNE.id) else None, "it")
    assert "**Anne \\*the\\* Bold** in questo server" in text and "Leonardo (1988)" in text
    assert [name for name, _ in charts] == ["rating-leonardo.webp"]
