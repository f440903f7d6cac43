"""Undo through the game service, over a real SQLite file and the real engines: a move that drew
and revealed nothing is taken back by its mover while nobody has acted since; every other case is
refused with its reason and changes nothing; the log stays append-only and replays exactly."""

import asyncio

import pytest

from bot.play.service import Refusal
from tests.platform.platform_helpers import ANNE, BRUNO, SOFIA, by_id, seated_game


async def row_of(service, channel=1):
    return await service.store.places.last_in(channel)


async def mover_and_moves(service, channel=1):
    pending = await service.pending(channel)
    uid = sorted(pending)[0]
    return by_id(uid), pending[uid]


async def assert_replays(service, channel=1):
    row = await row_of(service, channel)
    state = await service.replay(row.id)
    assert state.model_dump_json() == row.snapshot


async def play_until(service, wanted, channel=1, limit=200):
    """Play first legal moves until one whose flags are ``wanted`` ("clean", "chance", "revealed")
    is the next for its mover; return (mover, notation) without playing it."""
    from bot.play import registry
    for _ in range(limit):
        row = await row_of(service, channel)
        engine = registry.get(row.game_key).engine
        state = engine.state_model.model_validate_json(row.snapshot)
        mover, moves = await mover_and_moves(service, channel)
        seat = row.seat_of(mover.id)
        for text in moves:
            applied = engine.apply(state, seat, engine.parse_action(state, seat, text))
            kind = "chance" if applied.chance else "revealed" if applied.revealed else "clean"
            if kind == wanted and engine.result(applied.state) is None:
                return mover, text
        await service.act(channel, mover, moves[0])
    raise AssertionError(f"no {wanted} move found")


async def test_undo_takes_back_a_clean_move_once(service):
    await seated_game(service, key="torri", players=2)
    start = await row_of(service)
    mover, moves = await mover_and_moves(service)
    other = ANNE if mover is BRUNO else BRUNO
    with pytest.raises(Refusal, match="no move to take back"):
        await service.undo(1, mover)
    await service.act(1, mover, moves[0])
    with pytest.raises(Refusal, match="no move to take back"):  # someone else's move is not theirs
        await service.undo(1, other)
    with pytest.raises(Refusal, match="not playing in this game"):
        await service.undo(1, SOFIA)
    post = await service.undo(1, mover)
    row = await row_of(service)
    assert row.snapshot == start.snapshot and row.version == 2  # append-only: the move and its undo
    assert "took back their last move" in post.public_text and post.board_image[8:12] == b"WEBP"
    assert post.choices and "taken back" in post.private_text
    with pytest.raises(Refusal, match="already taken back"):
        await service.undo(1, mover)
    assert (await row_of(service)).version == 2
    await assert_replays(service)
    await service.act(1, mover, moves[-1])  # a different move, then taken back again: still exact
    await service.undo(1, mover)
    await assert_replays(service)


async def test_undo_after_the_next_players_move_is_refused(service):
    await seated_game(service, key="torri", players=2)
    first, moves = await mover_and_moves(service)
    await service.act(1, first, moves[0])
    second, moves = await mover_and_moves(service)
    await service.act(1, second, moves[0])
    before = await row_of(service)
    with pytest.raises(Refusal, match=r"(Bruno|Anne) has already played since"):
        await service.undo(1, first)
    after = await row_of(service)
    assert (after.version, after.snapshot) == (before.version, before.snapshot)


async def test_undo_racing_the_next_move_exactly_one_wins(service):
    await seated_game(service, key="torri", players=2)
    first, moves = await mover_and_moves(service)
    await service.act(1, first, moves[0])
    second, replies = await mover_and_moves(service)
    results = await asyncio.gather(service.undo(1, first), service.act(1, second, replies[0]),
                                   return_exceptions=True)
    assert sum(isinstance(r, Refusal) for r in results) == 1
    assert (await row_of(service)).version == 2
    await assert_replays(service)


async def test_undo_in_a_finished_game_or_a_lobby_is_refused(service):
    await service.create(7, 1, ANNE, "torri")
    with pytest.raises(Refusal, match="not started"):
        await service.undo(1, ANNE)
    await service.join(1, BRUNO)
    await service.start(1, ANNE, seed=3)
    while True:
        mover, moves = await mover_and_moves(service)
        post = await service.act(1, mover, moves[0])
        if post.finished:
            break
    with pytest.raises(Refusal, match="game is over"):
        await service.undo(1, mover)


async def test_bella_vista_offer_undone_build_refused(service):
    await seated_game(service, key="bella_vista", players=2)
    mover, text = await play_until(service, "clean")
    await service.act(1, mover, text)
    await service.undo(1, mover)
    await assert_replays(service)
    mover, text = await play_until(service, "revealed")
    await service.act(1, mover, text)
    before = await row_of(service)
    with pytest.raises(Refusal, match="revealed hidden information"):
        await service.undo(1, mover)
    assert (await row_of(service)).version == before.version


async def test_leonardo_sealed_choice_undone_draw_refused(service):
    await seated_game(service, key="leonardo", players=3)
    mover, text = await play_until(service, "clean")
    await service.act(1, mover, text)
    await service.undo(1, mover)
    await assert_replays(service)
    mover, text = await play_until(service, "chance")
    await service.act(1, mover, text)
    before = await row_of(service)
    with pytest.raises(Refusal, match="a card drawn or a spin"):
        await service.undo(1, mover)
    assert (await row_of(service)).version == before.version
    await assert_replays(service)


async def test_leonardo_a_lone_bidders_bid_cannot_be_undone(service):
    """Issue 22 item 6: at two players a declined palazzo goes to an auction with one bidder, whose
    sealed bid is opened at once ("Bids: …") — undoing it would take back what everyone has seen."""
    from bot.play import registry

    await seated_game(service, key="leonardo", players=2)
    for _ in range(400):
        row = await row_of(service)
        state = registry.get(row.game_key).engine.state_model.model_validate_json(row.snapshot)
        mover, moves = await mover_and_moves(service)
        bids = [m for m in moves if m.startswith("bid ")]
        if state.auction is not None and len(state.auction.bidders) == 1 and bids:
            break
        declines = [m for m in moves if m == "decline"]  # decline palazzi, so that auctions come
        await service.act(1, mover, (declines or moves)[0])
    else:
        raise AssertionError("no auction with one bidder came")
    await service.act(1, mover, bids[0])
    before = await row_of(service)
    with pytest.raises(Refusal, match="revealed hidden information"):
        await service.undo(1, mover)
    assert (await row_of(service)).version == before.version
    await assert_replays(service)
