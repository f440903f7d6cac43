"""Bots in the lobby: a seated player adds or removes one; a game keeps at least one person; every
refusal is one sentence and changes nothing."""

from __future__ import annotations

import pytest

from bot.play import presenting
from bot.play.service import Refusal
from bot.store import MIGRATIONS
from tests.platform.bot_titles import PlainTorri, register
from tests.platform.platform_helpers import ANNE, BRUNO, SOFIA


async def refused(service, call, channel: int = 1) -> str:
    """The call is refused with one line, and the channel's game row is exactly as before."""
    before = await service.store.games.open_in(channel)
    with pytest.raises(Refusal) as exc:
        await call
    assert await service.store.games.open_in(channel) == before
    why = str(exc.value)
    assert "\n" not in why
    return why


async def test_bots_take_seats_with_italian_names_and_no_user(service):
    await service.create(7, 1, ANNE, "torri")
    post = await service.add_bot(1, ANNE, "random")
    assert post.public_text == ("**Anne** added **Lorenzo \\(bot, random\\)** to **Le Torri di Bologna** "
                                "(seat 2; 2 players seated).")
    await service.add_bot(1, ANNE, "random")
    await service.join(1, BRUNO)
    row = await service.store.games.open_in(1)
    assert row.names == ["Anne", "Lorenzo (bot, random)", "Giulia (bot, random)", "Bruno"]
    assert [s.bot for s in row.seats] == [None, "random", "random", None]
    assert [s.user_id for s in row.seats][1:3] == [-1, -2]  # no Discord user is ever a negative id
    assert row.bot_seats == [1, 2] and row.user_of(1) is None and row.user_of(3) == BRUNO.id

    await service.remove_bot(1, BRUNO, "lorenzo")  # by first name, any case
    await service.add_bot(1, ANNE, "random")  # the free name again, a new user id
    row = await service.store.games.open_in(1)
    assert row.names == ["Anne", "Giulia (bot, random)", "Bruno", "Lorenzo (bot, random)"]
    assert len({s.user_id for s in row.seats}) == 4
    post = await service.remove_bot(1, ANNE)  # no name: the last one seated
    assert post.public_text == "**Anne** removed **Lorenzo \\(bot, random\\)** from the game."
    assert (await service.store.games.open_in(1)).names == ["Anne", "Giulia (bot, random)", "Bruno"]


async def test_a_started_game_never_mentions_a_bot(service):
    await service.create(7, 1, ANNE, "leonardo")
    await service.add_bot(1, ANNE, "random")
    await service.add_bot(1, ANNE, "random")
    post = await service.start(1, ANNE, seed=5)
    assert post.mentions == [ANNE.id]  # the factions: everyone decides at once, the bots already have
    row = await service.store.games.open_in(1)
    game = service.tables.load(row)
    assert game.engine.to_act(game.state) == {0}
    assert list(await service.pending(1)) == [ANNE.id]
    assert [g.waiting_for for g in await service.games(7)] == [[ANNE.id]]
    assert presenting.waiting_users(row, game, game.state) == [ANNE.id]


async def test_a_member_who_is_not_seated_cannot_add_or_remove_a_bot(service):
    await service.create(7, 1, ANNE, "torri")
    await service.add_bot(1, ANNE, "random")
    assert "Only a seated player" in await refused(service, service.add_bot(1, SOFIA, "random"))
    assert "Only a seated player" in await refused(service, service.remove_bot(1, SOFIA))


async def test_no_bot_when_the_game_is_full(service):
    await service.create(7, 1, ANNE, "torri")
    for _ in range(3):
        await service.add_bot(1, ANNE, "random")
    assert await refused(service, service.add_bot(1, ANNE, "random")) == "This game is full (4 players)."
    assert await refused(service, service.join(1, BRUNO)) == "This game is full (4 players)."


async def test_the_last_person_cannot_leave_the_bots_alone(service):
    await service.create(7, 1, ANNE, "torri")
    await service.join(1, BRUNO)
    await service.add_bot(1, BRUNO, "random")
    await service.leave(1, ANNE)  # Bruno is still seated
    why = await refused(service, service.leave(1, BRUNO))
    assert why.startswith("A game needs at least one person: you are the last one seated.")
    await service.remove_bot(1, BRUNO)
    post = await service.leave(1, BRUNO)  # with no bot left, leaving closes the lobby as before
    assert "Nobody is seated any more" in post.public_text
    assert await service.store.games.open_in(1) is None


async def test_bots_are_added_and_removed_only_in_the_lobby(service):
    await service.create(7, 1, ANNE, "torri")
    await service.add_bot(1, ANNE, "random")
    await service.start(1, ANNE, seed=2)
    for call in (service.add_bot(1, ANNE, "random"), service.remove_bot(1, ANNE)):
        assert await refused(service, call) == "Bots can be added or removed only before the game starts."


async def test_naming_a_bot_that_is_not_there(service):
    await service.create(7, 1, ANNE, "torri")
    assert await refused(service, service.remove_bot(1, ANNE)) == "There is no bot seated in this game."
    await service.add_bot(1, ANNE, "random")
    why = await refused(service, service.remove_bot(1, ANNE, "Anne"))
    assert why == "No bot called `Anne` is seated; seated bots: Lorenzo \\(bot, random\\)."
    why = await refused(service, service.add_bot(1, ANNE, "genius"))
    assert why == "There is no bot level `genius`; choose one of random, greedy, mcts."


@pytest.mark.parametrize("level", ["greedy", "mcts"])
async def test_a_title_without_the_agents_hooks_offers_random_bots_only(service, monkeypatch, level):
    register(monkeypatch, "plain_torri", PlainTorri)
    await service.create(7, 1, ANNE, "plain_torri")
    why = await refused(service, service.add_bot(1, ANNE, level))
    assert why == "Le Torri di Bologna has no bots of that level yet; add a random one."
    await service.add_bot(1, ANNE, "random")


async def test_a_store_from_before_bots_reads_every_seat_as_a_person(tmp_path):
    import sqlite3

    from bot.store import Store

    path = tmp_path / "old.sqlite3"
    con = sqlite3.connect(path)
    for script in MIGRATIONS[:5]:
        con.executescript(script)
    con.execute("PRAGMA user_version = 5")
    con.execute("INSERT INTO games (guild_id, channel_id, game_key, options, seed, status, created_by, created_at,"
                " updated_at) VALUES (7, 1, 'torri', '{}', '3', 'lobby', 11, 'x', 'x')")
    con.execute("INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, 0, 11, 'Anne')")
    con.commit()
    con.close()
    store = await Store.open(path)
    try:
        row = await store.games.open_in(1)
        assert row.seats[0].bot is None and row.bot_seats == [] and row.hints is False
    finally:
        await store.close()


@pytest.mark.parametrize(("lang", "level", "name", "ballot"), [
    ("pt-BR", "greedy", "Lorenzo (bot, guloso)", "substituir **Bruno** por um bot aleatório ("),
    ("it", "greedy", "Lorenzo (bot, goloso)", "sostituire **Bruno** con un bot casuale ("),
    ("en", "greedy", "Lorenzo (bot, greedy)", "replace **Bruno** with a random bot ("),
])
async def test_bot_levels_and_vote_outcomes_are_worded_in_the_game_s_language(service, lang, level, name, ballot):
    """"(bot, greedy)" in a Portuguese game, "replace Bruno by greedy" (issue 28, item 10)."""
    from bot.play.locale import reading
    from tests.platform.platform_helpers import ANDREA

    await service.create(7, 1, ANNE, "bella_vista", None, lang=lang)
    await service.add_bot(1, ANNE, level)
    for user in (BRUNO, ANDREA):
        await service.join(1, user)
    await service.start(1, ANNE)
    row = await service.store.games.open_in(1)
    assert row.names[1] == name
    with reading("en"):  # the reader's language does not matter: the vote is public, in the game's
        said = await service.vote_replace(1, ANNE, BRUNO.id, "random")
    assert ballot in str(said)
    with reading(lang), pytest.raises(Refusal) as why:
        await service.vote_replace(1, ANDREA, BRUNO.id, "xyzzy")
    assert "random" not in str(why.value) or lang == "en"
