"""Decisions owed by several players at once reach exactly those players (Leonardo's
simultaneous faction declaration, bids and bets), and the game waits for the last one."""

import pytest

from bot.play.service import Refusal
from engines.core import Rng
from tests.platform.platform_helpers import ANDREA, ANNE, BRUNO, SOFIA, by_id, seated_game


async def test_everyone_declares_at_once_and_the_game_waits_for_the_last(service):
    post = await seated_game(service, key="leonardo", players=3, seed=2)
    assert sorted(post.mentions) == [ANNE.id, BRUNO.id, ANDREA.id]
    post = await service.act(1, BRUNO, "guelfi")
    assert sorted(post.mentions) == [ANNE.id, ANDREA.id]
    assert "guelfi" not in post.public_text.lower().replace("guelfi or ghibellini", "")
    with pytest.raises(Refusal, match="not your turn"):
        await service.act(1, BRUNO, "ghibellini")
    with pytest.raises(Refusal, match="not playing"):
        await service.act(1, SOFIA, "guelfi")
    await service.act(1, ANDREA, "ghibellini")
    post = await service.act(1, ANNE, "guelfi")
    assert len(post.mentions) == 1  # now one player's turn


async def test_a_market_or_auction_prompts_every_other_player(service):
    """Play random moves until some decision is owed by two or more players at once;
    all of them are mentioned, and one answer leaves exactly the others waiting."""
    await seated_game(service, key="leonardo", players=4, seed=5)
    rng = Rng.from_seed(3)
    for _ in range(400):
        pending = await service.pending(1)
        if len(pending) >= 2 and all(not m[0].startswith(("guelfi", "ghibellini")) for m in pending.values()):
            break
        uid = rng.choice(sorted(pending))
        await service.act(1, by_id(uid), rng.choice(pending[uid]))
    else:
        pytest.fail("no simultaneous decision in 400 random moves")
    waiting = sorted(pending)
    first = by_id(waiting[0])
    post = await service.act(1, first, pending[first.id][-1])
    if not post.finished:
        assert first.id not in post.mentions or len(waiting) == 1
        assert set(waiting[1:]) <= set(post.mentions)


@pytest.mark.slow
async def test_torri_plays_to_the_end_through_the_service(service):
    await seated_game(service, key="torri", players=2, seed=6)
    rng = Rng.from_seed(6)
    post = None
    for _ in range(2000):
        pending = await service.pending(1)
        uid = rng.choice(sorted(pending))
        post = await service.act(1, by_id(uid), rng.choice(pending[uid]))
        if post.finished:
            break
    assert post.finished and "is over" in post.public_text
    row = await service.store.games.get(post.game_id)
    assert (await service.replay(row.id)).model_dump_json() == row.snapshot
