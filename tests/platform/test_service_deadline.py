"""A game created with a date limit ends when the date passes (Leonardo's rule), as a
logged platform action that replays like any other."""

from datetime import timedelta

import pytest

from bot.play.service import GameService, Refusal
from tests.platform.platform_helpers import ANNE, BRUNO, NOW, Clock, by_id


async def test_deadline_ends_the_game_and_replays(store):
    clock = Clock()
    service = GameService(store, clock=clock)
    await service.create(7, 1, ANNE, "leonardo", "deadline=2026-12-01T18:00 max_rounds=30")
    await service.join(1, BRUNO)
    await service.start(1, ANNE, seed=4)
    for _ in range(6):
        pending = await service.pending(1)
        uid = sorted(pending)[0]
        await service.act(1, by_id(uid), pending[uid][0])
    assert await service.check_deadline(1) is None  # not yet

    clock.now = NOW + timedelta(days=3)
    pending = await service.pending(1)
    uid = sorted(pending)[0]
    post = await service.act(1, by_id(uid), pending[uid][0])
    assert post.finished and "deadline passed" in post.private_text
    assert "**Leonardo (1988)**!" in post.public_text
    row = await service.store.games.get(post.game_id)
    assert row.status == "finished"
    log = await service.store.log.actions(row.id)
    assert log[-1].seat == -1 and '"time_up"' in log[-1].action
    assert (await service.replay(row.id)).model_dump_json() == row.snapshot


async def test_deadline_is_refused_where_it_makes_no_sense(store):
    service = GameService(store, clock=Clock())
    with pytest.raises(Refusal, match="no `deadline` option"):
        await service.create(7, 1, ANNE, "bella_vista", "deadline=2026-12-01")
    with pytest.raises(Refusal, match="already past"):
        await service.create(7, 1, ANNE, "leonardo", "deadline=2026-11-01")
    with pytest.raises(Refusal, match="Cannot read `deadline=tomorrow`"):
        await service.create(7, 1, ANNE, "leonardo", "deadline=tomorrow")


async def test_the_watcher_ends_a_game_nobody_touches(store):
    clock = Clock()
    service = GameService(store, clock=clock)
    await service.create(7, 1, ANNE, "leonardo", "deadline=2026-11-30")
    await service.join(1, BRUNO)
    await service.start(1, ANNE, seed=4)
    clock.now = NOW + timedelta(days=2)
    post = await service.check_deadline(1)
    assert post is not None and post.finished and post.board_image


async def test_a_turn_clock_falling_due_after_the_date_ends_the_game_instead(store):
    """The watcher reads the date once per step: when a seat's timeout and the game's date both
    pass between two steps, the clock's step finds the date passed and ends the game; nobody's
    move is played by the autopilot after the date."""
    clock = Clock()
    service = GameService(store, clock=clock)
    await service.create(7, 1, ANNE, "leonardo", "deadline=2026-11-30T18:00 clock=24 on_timeout=autopilot")
    await service.join(1, BRUNO)
    await service.start(1, ANNE, seed=4)
    clock.now = NOW + timedelta(days=2)  # past the date (30 h) and every seat's 24 h
    assert await store.clocks.due(clock.now)
    await service.run_clocks()
    row = await store.places.last_in(1)
    assert row.status == "finished"
    log = await store.log.actions(row.id)
    assert [a.seat for a in log] == [-1] and '"time_up"' in log[-1].action
