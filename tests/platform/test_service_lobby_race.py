"""Two service instances on one database (an overlapping restart, or several processes): a /join or
/leave landing while /start is under way must not start a game whose engine seats differ from the
stored seats. The start is refused, nothing is written, and a new /start works."""

import asyncio

import pytest

from bot.play import registry
from bot.play.service import GameService, Refusal
from bot.store import Store
from tests.platform.platform_helpers import ANDREA, ANNE, BRUNO, StatementGate


@pytest.fixture
async def two_services(database):
    a, b = await Store.open(database), await Store.open(database)
    yield GameService(a), GameService(b)
    await a.close()
    await b.close()


async def start_racing(starter: GameService, racer) -> BaseException | None:
    """``starter`` runs /start; ``racer`` (a coroutine function) lands in between its reading of
    the seats and its writing of the first snapshot. Returns what the start raised, if anything."""
    async with StatementGate(starter.store, "BEGIN") as gate:
        task = asyncio.create_task(starter.start(1, ANNE, seed=3))
        await gate.reached()  # the seats are read; the snapshot is about to be written
        await racer()
        gate.open()
        try:
            await task
        except Refusal as exc:
            return exc
    return None


async def engine_seats(service: GameService) -> tuple[int, int]:
    row = await service.store.games.open_in(1)
    engine = registry.get(row.game_key).engine
    state = engine.state_model.model_validate_json(row.snapshot)
    return state.seats, len(row.seats)  # Leonardo's state counts its seats


@pytest.mark.parametrize("racer_does", ["join", "leave"])
async def test_a_seat_change_during_start_refuses_the_start(two_services, racer_does):
    a, b = two_services
    await a.create(7, 1, ANNE, "leonardo")
    await a.join(1, BRUNO)
    if racer_does == "join":
        refused = await start_racing(a, lambda: b.join(1, ANDREA))
    else:
        await a.join(1, ANDREA)
        refused = await start_racing(a, lambda: b.leave(1, ANDREA))
    assert refused is not None and "seats changed" in str(refused)
    row = await a.store.games.open_in(1)
    assert row.status == "lobby" and row.snapshot is None  # nothing written
    seated = 3 if racer_does == "join" else 2
    assert len(row.seats) == seated

    post = await b.start(1, BRUNO, seed=3)  # a new /start, from either process, uses the seats now
    assert post.version == 0
    assert await engine_seats(a) == (seated, seated)
    assert len(await a.pending(1)) == seated  # everyone declares a faction: the game is not stuck
