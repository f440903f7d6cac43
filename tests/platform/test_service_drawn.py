"""A board is drawn once per game version and a hand once per seat and version: the move's post,
/board and the board button share the picture; a new version draws anew; the cache is bounded."""

from __future__ import annotations

import pytest

from bot.play.presenting import Drawn
from tests.platform.platform_helpers import by_id, seated_game


async def test_one_drawing_per_version_shared_by_post_board_and_hand(service) -> None:
    started = await seated_game(service, key="torri", players=2)
    drawn = service.drawn.draws
    again = await service.board(1)
    assert again.board_image == started.board_image and service.drawn.draws == drawn  # no new drawing

    pending = await service.pending(1)
    mover = by_id(next(iter(pending)))
    moved = await service.act(1, mover, pending[mover.id][0])
    assert moved.version == started.version + 1 and service.drawn.draws == drawn + 1
    assert (await service.board(1)).board_image == moved.board_image and service.drawn.draws == drawn + 1

    first = await service.hand(1, mover)
    after_hand = service.drawn.draws
    second = await service.hand(1, mover)
    assert second.private_image == first.private_image and service.drawn.draws == after_hand


async def test_separate_services_do_not_share_pictures(service, tmp_path) -> None:
    """Game ids belong to a store: another service's game 1 is another game."""
    from bot.play.service import GameService
    from bot.store import Store

    await seated_game(service, key="torri", players=2, seed=3)
    other_store = await Store.open(tmp_path / "other.sqlite3")
    try:
        other = GameService(other_store)
        await seated_game(other, key="torri", players=3, seed=4)
        assert (await other.board(1)).board_image != (await service.board(1)).board_image
    finally:
        await other_store.close()


@pytest.mark.parametrize("size", [1, 3])
async def test_bounded_least_recently_used_first_out(size: int) -> None:
    drawn = Drawn(size)
    made: list[int] = []

    def draw(n: int):
        async def drawing() -> bytes:
            made.append(n)
            return bytes([n])

        return drawing

    for n in range(size + 2):
        assert await drawn.get((n,), draw(n)) == bytes([n])
    assert made == list(range(size + 2))
    assert await drawn.get((size + 1,), draw(99)) == bytes([size + 1])  # kept: no drawing
    await drawn.get((0,), draw(0))  # dropped long ago: drawn again
    assert made == [*range(size + 2), 0] and drawn.draws == size + 3


async def test_a_move_another_process_stored_first_leaves_no_board_of_its_own(tmp_path) -> None:
    """When another process stored its move first, the refused move leaves no picture of its own: the
    board at that version is the other process's, byte for byte."""
    from bot.play.answers import Refusal
    from bot.play.service import GameService
    from bot.store import Store

    path = tmp_path / "shared.sqlite3"
    stores = [await Store.open(path), await Store.open(path)]
    try:
        a, b = GameService(stores[0]), GameService(stores[1])
        await seated_game(a, key="torri", players=2)
        pending = await a.pending(1)
        mover = by_id(next(iter(pending)))
        mine, theirs = pending[mover.id][0], pending[mover.id][-1]
        row, game = await a.tables.active_game(1)  # this process read version N and decided ``mine`` ...
        seat = row.seat_of(mover.id)
        action = game.engine.parse_action(game.state, seat, mine)
        new, events = game.engine.apply(game.state, seat, action)
        stored = await b.act(1, mover, theirs)  # ... while another stored ``theirs`` as version N + 1
        assert new != (await b.tables.active_game(1))[1].state  # (two moves with different positions)
        with pytest.raises(Refusal):
            await a.moves.commit(row, game, new, events, seat, action, actor=mover)
        shown = await a.board(1)
        assert shown.version == stored.version and shown.board_image == stored.board_image
    finally:
        for store in stores:
            await store.close()
