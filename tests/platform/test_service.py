"""The game service over a real SQLite file and the real Bella Vista engine."""

import asyncio

import pytest

from bot.play import registry
from bot.play.service import GameService, Refusal, User
from bot.store import Store
from engines.core import Rng
from tests.platform.platform_helpers import ANDREA, ANNE, BRUNO, SOFIA, by_id, seated_game


async def snapshot(service, channel=1):
    row = await service.store.games.open_in(channel)
    return row.version, row.snapshot


async def play_some(service, moves, channel=1, seed=1):
    rng = Rng.from_seed(seed)
    post = None
    for _ in range(moves):
        pending = await service.pending(channel)
        uid = rng.choice(sorted(pending))
        post = await service.act(channel, by_id(uid), rng.choice(pending[uid]))
        if post.finished:
            break
    return post


async def test_lobby_rules(service):
    with pytest.raises(Refusal, match="no game in this channel"):
        await service.join(1, BRUNO)
    await service.create(7, 1, ANNE, "bella_vista")
    with pytest.raises(Refusal, match="already has a game"):
        await service.create(7, 1, BRUNO, "bella_vista")
    with pytest.raises(Refusal, match="needs 2–4 players, not 1"):
        await service.start(1, ANNE)
    await service.join(1, BRUNO)
    with pytest.raises(Refusal, match="Only a seated player"):
        await service.start(1, ANDREA)
    post = await service.start(1, BRUNO, seed=4)
    assert post.board_image[8:12] == b"WEBP" and post.mentions
    with pytest.raises(Refusal, match="already started"):
        await service.join(1, SOFIA)


async def test_bad_options_are_named(service):
    with pytest.raises(Refusal, match="no option `colour`"):
        await service.create(7, 1, ANNE, "bella_vista", "colour=red")
    with pytest.raises(Refusal, match="name=value"):
        await service.create(7, 1, ANNE, "bella_vista", "rome")
    with pytest.raises(Refusal, match="Unknown game"):
        await service.create(7, 1, ANNE, "chess")
    assert await service.store.games.open_in(1) is None


async def test_refused_moves_change_nothing(service):
    await seated_game(service)
    before = await snapshot(service)
    pending = await service.pending(1)
    mover = by_id(next(iter(pending)))
    other = ANNE if mover is BRUNO else BRUNO
    with pytest.raises(Refusal, match="not your turn"):
        await service.act(1, other, pending[mover.id][0])
    with pytest.raises(Refusal, match="not playing in this game"):
        await service.act(1, SOFIA, pending[mover.id][0])
    with pytest.raises(Refusal) as bad:
        await service.act(1, mover, "fly to the moon")
    assert "fly to the moon" in str(bad.value)
    with pytest.raises(Refusal, match="out of date"):
        await service.act(1, mover, pending[mover.id][0], expected_version=before[0] + 5)
    assert await snapshot(service) == before


@pytest.mark.slow
async def test_a_whole_game_replays_to_its_snapshot(service):
    await seated_game(service, players=3, seed=11)
    post = await play_some(service, 10_000)
    assert post.finished and post.mentions == []
    assert "is over" in post.public_text
    row = await service.store.games.get(post.game_id)
    assert row.status == "finished"
    replayed = await service.replay(row.id)
    assert replayed.model_dump_json() == row.snapshot


async def test_racing_moves_on_one_game(service):
    await seated_game(service)
    pending = await service.pending(1)
    uid = next(iter(pending))
    move = pending[uid][0]
    results = await asyncio.gather(
        service.act(1, by_id(uid), move), service.act(1, by_id(uid), move), return_exceptions=True
    )
    refused = [r for r in results if isinstance(r, Refusal)]
    applied = [r for r in results if not isinstance(r, BaseException)]
    assert len(applied) == 1 and len(refused) == 1
    assert len(await service.store.log.actions(applied[0].game_id)) == 1


async def test_games_in_different_channels_run_concurrently(service):
    await seated_game(service, channel=1, seed=1)
    await seated_game(service, channel=2, seed=2)
    await asyncio.gather(play_some(service, 15, channel=1), play_some(service, 15, channel=2))
    assert (await service.store.games.open_in(1)).version == 15
    assert (await service.store.games.open_in(2)).version == 15


async def test_the_game_survives_a_restart(database):
    path = database
    store = await Store.open(path)
    service = GameService(store)
    await seated_game(service, seed=5)
    await play_some(service, 7)
    version, snap = await snapshot(service)
    await store.close()

    store = await Store.open(path)
    service = GameService(store)
    assert await snapshot(service) == (version, snap)
    post = await play_some(service, 3, seed=9)
    assert post.version == version + 3
    await store.close()


async def test_hand_is_private_and_needs_a_seat(service):
    await seated_game(service)
    with pytest.raises(Refusal, match="no hand"):
        await service.hand(1, SOFIA)
    post = await service.hand(1, ANNE)
    assert post.private_text and post.public_text is None and post.board_image is None


async def test_private_lines_never_reach_public_text_or_log(service):
    """Whatever an engine says to one seat only stays out of every public string."""
    await seated_game(service, players=3, seed=8)
    rng = Rng.from_seed(2)
    public_texts = []
    private_texts = []
    for _ in range(40):
        pending = await service.pending(1)
        uid = rng.choice(sorted(pending))
        post = await service.act(1, by_id(uid), rng.choice(pending[uid]))
        public_texts.append(post.public_text)
        if post.private_text:
            private_texts.extend(post.private_text.splitlines())
    log = await service.log(1, last=100)
    assert private_texts, "the engine reported no private event at all in 40 moves"
    for line in private_texts:
        assert all(line not in text for text in public_texts)
        assert line not in log


async def test_help_and_options_text(service):
    text = service.help_text()
    for key in registry.titles():
        assert registry.get(key).engine.title in text


async def test_suggestions_are_capped_and_filtered(service):
    await seated_game(service)
    pending = await service.pending(1)
    uid = next(iter(pending))
    user = by_id(uid)
    all_moves = pending[uid]
    suggestions = await service.suggest(1, user, "")
    assert 0 < len(suggestions) <= 25
    assert all(s.notation in all_moves for s in suggestions)
    word = all_moves[-1].split()[-1]
    assert all(word.lower() in (s.notation + s.label).lower() for s in await service.suggest(1, user, word))
    other = ANNE if user is BRUNO else BRUNO
    [wait] = await service.suggest(1, other, "")
    assert wait.notation == "?" and wait.label.startswith("Not your turn: waiting for ")
    with pytest.raises(Refusal, match="not your turn"):
        await service.act(1, other, wait.notation)
    [outsider] = await service.suggest(1, User(99, "Nobody"), "")
    assert "not playing" in outsider.label
    [nothing] = await service.suggest(2, user, "")
    assert "/new" in nothing.label


async def test_abort_is_for_the_creator_or_a_manager(service):
    await seated_game(service)
    with pytest.raises(Refusal, match="Only the player who opened"):
        await service.abort(1, BRUNO)
    await service.abort(1, BRUNO, is_manager=True)
    assert await service.store.games.open_in(1) is None
