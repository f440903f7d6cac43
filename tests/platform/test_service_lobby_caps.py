"""Caps on games waiting to start (issue 22.12): one person may have 3 open lobbies, one channel 10
(a manager too; both configurable), counted inside the transaction that opens the game, so two
services on one database racing at a cap open one game, not two. The refusal, in the reader's
language, names the caller's open lobbies with links and says how to free one; it writes nothing."""

import asyncio

import pytest

from bot.play.answers import Refusal
from bot.play.lobby import ENV_PER_CHANNEL, ENV_PER_USER, LobbyCaps
from bot.play.locale import reading
from bot.play.service import GameService
from bot.store import Store
from tests.platform.platform_helpers import ANDREA, ANNE, BRUNO, SOFIA

CHANNEL = 500  # the text channel /new is typed in; games live in its threads (ids 501, 502, ...)


async def _games(store) -> int:
    return len(await store.games.open_all())


async def test_a_person_may_have_three_lobbies_and_is_told_which(store):
    service = GameService(store)
    for i in range(3):
        await service.create(7, CHANNEL + 1 + i, ANNE, "torri", parent_id=CHANNEL)
    before = await _games(store)
    with pytest.raises(Refusal) as refused:
        await service.create(7, CHANNEL + 9, ANNE, "bella_vista", parent_id=CHANNEL)
    text = str(refused.value)
    assert text.startswith("You already have 3 games waiting to start")
    ids = [g.id for g in await store.games.lobbies(opener=ANNE.id)]
    for game_id, thread in zip(ids, (501, 502, 503), strict=True):
        assert f"**Le Torri di Bologna** #{game_id} (<#{thread}>)" in text
    assert "/start" in text and "/abort" in text
    assert await _games(store) == before  # the refusal wrote nothing
    await service.create(7, CHANNEL + 9, BRUNO, "bella_vista", parent_id=CHANNEL)  # another person may
    await service.abort(CHANNEL + 1, ANNE)  # closing one frees room
    await service.create(7, CHANNEL + 10, ANNE, "torri", parent_id=CHANNEL)
    await service.join(CHANNEL + 2, BRUNO)
    await service.start(CHANNEL + 2, ANNE, seed=1)  # so does starting one
    await service.create(7, CHANNEL + 11, ANNE, "torri", parent_id=CHANNEL)
    with pytest.raises(Refusal):
        await service.create(7, CHANNEL + 12, ANNE, "torri", parent_id=CHANNEL)


async def test_the_refusal_is_in_the_reader_s_language(store):
    service = GameService(store, lobby_caps=LobbyCaps(per_user=1))
    await service.create(7, 501, ANNE, "leonardo", parent_id=CHANNEL)
    with reading("it"), pytest.raises(Refusal, match=r"^Hai già 1 partita in attesa di iniziare.*/annulla"):
        await service.create(7, 502, ANNE, "torri", parent_id=CHANNEL)
    with reading("pt-BR"), pytest.raises(Refusal, match=r"^Você já tem 1 partida esperando.*/iniciar"):
        await service.create(7, 502, ANNE, "torri", parent_id=CHANNEL)


async def test_a_channel_may_have_ten_lobbies_whoever_opens_them(store):
    service = GameService(store, lobby_caps=LobbyCaps(per_user=3, per_channel=4))
    people = [ANNE, BRUNO, ANDREA, SOFIA]
    for i, user in enumerate(people):
        await service.create(7, CHANNEL + 1 + i, user, "torri", parent_id=CHANNEL)
    await service.create(7, 900, ANNE, "torri")  # another channel's count is its own
    with pytest.raises(Refusal) as refused:  # a manager's /new is counted like anyone's: nobody is exempt
        await service.create(7, CHANNEL + 9, ANNE, "torri", parent_id=CHANNEL)
    text = str(refused.value)
    assert text.startswith("This channel already has 4 games waiting to start")
    assert "Yours: **Le Torri di Bologna** #1 (<#501>), **Le Torri di Bologna** #5 (<#900>)." in text
    # a game still being given its thread (a placeholder place) counts in the channel it was opened from
    await service.abort(CHANNEL + 1, ANNE)
    await service.create(7, -77, ANNE, "torri", opened_in=CHANNEL)
    with pytest.raises(Refusal, match="This channel already has 4"):
        await service.check_room(BRUNO, CHANNEL)  # asked before a thread is made
    await service.check_room(BRUNO, 900)


def test_the_caps_come_from_the_environment():
    assert LobbyCaps.from_env({}) == LobbyCaps(3, 10)
    assert LobbyCaps.from_env({ENV_PER_USER: "5", ENV_PER_CHANNEL: " 40 "}) == LobbyCaps(5, 40)
    for bad in ("0", "-1", "x", "²", "①", "1" * 7, "100001"):
        with pytest.raises(ValueError, match=ENV_PER_USER):
            LobbyCaps.from_env({ENV_PER_USER: bad})


@pytest.fixture
async def two_stores(database):
    a, b = await Store.open(database), await Store.open(database)
    yield a, b
    await a.close()
    await b.close()


async def test_two_services_racing_at_a_cap_open_one_game(two_stores):
    """Two processes on one database, each opening a game when one place is left: per person (Anne's
    third), then per channel (two people, its last place); every round exactly one wins."""
    a, b = two_stores
    first = GameService(a, lobby_caps=LobbyCaps(per_user=3, per_channel=6))
    second = GameService(b, lobby_caps=LobbyCaps(per_user=3, per_channel=6))
    await first.create(7, 601, ANNE, "torri", parent_id=CHANNEL)
    await first.create(7, 602, ANNE, "torri", parent_id=CHANNEL)
    thread = 610
    for _ in range(4):  # Anne has 2: her 3rd is raced for
        results = await asyncio.gather(first.create(7, thread, ANNE, "torri", parent_id=CHANNEL),
                                       second.create(7, thread + 1, ANNE, "torri", parent_id=CHANNEL),
                                       return_exceptions=True)
        won = [r for r in results if not isinstance(r, BaseException)]
        assert len(won) == 1 and isinstance(next(r for r in results if r not in won), Refusal), results
        assert len(await a.games.lobbies(opener=ANNE.id)) == 3
        await first.abort((await a.games.get(won[0].game_id)).channel_id, ANNE)
        thread += 2
    await first.create(7, 603, ANNE, "torri", parent_id=CHANNEL)
    await first.create(7, 604, BRUNO, "torri", parent_id=CHANNEL)
    await first.create(7, 605, BRUNO, "torri", parent_id=CHANNEL)  # the channel has 5 of 6
    results = await asyncio.gather(first.create(7, 620, ANDREA, "torri", parent_id=CHANNEL),
                                   second.create(7, 621, SOFIA, "torri", parent_id=CHANNEL), return_exceptions=True)
    won = [r for r in results if not isinstance(r, BaseException)]
    assert len(won) == 1, results
    assert len(await b.games.lobbies(opened_in=CHANNEL)) == 6


async def test_a_rematch_is_counted_like_a_new_game(store):
    service = GameService(store, lobby_caps=LobbyCaps(per_user=1, per_channel=2))
    await service.create(7, 501, ANNE, "torri", parent_id=CHANNEL)
    await service.join(501, BRUNO)
    await service.start(501, ANNE, seed=1)
    old = (await store.games.get(1)).id
    post = await service.open_rematch(old, 7, -1, BRUNO)  # made from the old game's channel
    assert [g.id for g in await store.games.lobbies(opened_in=CHANNEL)] == [post.game_id]
    await service.create(7, 503, ANNE, "torri", parent_id=CHANNEL)  # the channel's 2nd
    with pytest.raises(Refusal, match="This channel already has 2"):
        await service.check_rematch_room(old, SOFIA)
    with pytest.raises(Refusal, match="You already have 1 game waiting"):
        await service.open_rematch(old, 7, -2, ANNE)
    assert len(await store.games.lobbies(opened_in=CHANNEL)) == 2


async def test_a_lobby_whose_thread_was_never_made_stops_counting_at_start_up(store):
    """A process stopped between opening a game and making its thread leaves a lobby nobody can
    /abort (it has no place): start-up closes it once it is older than making a thread could take."""
    service = GameService(store, lobby_caps=LobbyCaps(per_user=1))
    stranded = (await service.create(7, -41, ANNE, "torri", opened_in=CHANNEL)).game_id
    assert await service.drop_stranded() == []  # a game being given its thread right now stays
    async with store.transaction():
        await store._db.execute("UPDATE games SET created_at = '2026-01-01T00:00:00+00:00' WHERE id = ?",
                                (stranded,))
    with pytest.raises(Refusal):
        await service.check_room(ANNE, CHANNEL)
    assert await service.drop_stranded() == [stranded]
    assert (await store.games.get(stranded)).status == "aborted"
    await service.create(7, 501, ANNE, "torri", parent_id=CHANNEL)
