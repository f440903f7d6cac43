"""Issue 22 item 1: "a move by the target ends it", across processes. Two services on one database
(two processes, or an overlapping restart) race the deciding ballot of /vote replace (service A)
against the target's own move (service B), many times, each race started a few loop turns apart so
that the two transactions meet in different orders (a positive lead: the ballot starts first). Either may win; never both: a hand-over to a
bot after the target moved, or a move made in a seat a bot was just given, would be both."""

import asyncio

import pytest

from bot.play.service import GameService, Post, Refusal
from bot.store import Store
from tests.platform.platform_helpers import ANDREA, ANNE, BRUNO, by_id

RACES = 24  # each a fresh game; one side starts 0-12 loop turns after the other, each side in turn


@pytest.fixture
async def two_services(database):
    a, b = await Store.open(database), await Store.open(database)
    yield GameService(a, bot_budget=0.05), GameService(b, bot_budget=0.05)
    await a.close()
    await b.close()


async def after_turns(turns: int, call):
    for _ in range(turns):
        await asyncio.sleep(0)
    return await call


async def one_race(a: GameService, b: GameService, channel: int, lead: int) -> tuple[bool, bool]:
    """The ballot that decides the vote (in A) against the target's move (in B): whether each succeeded."""
    await a.create(7, channel, ANNE, "torri", "clock=off")
    await a.join(channel, BRUNO)
    await a.join(channel, ANDREA)
    await a.start(channel, ANNE, seed=3)
    owing = await b.pending(channel)
    target = by_id(next(iter(owing)))
    voters = [u for u in (ANNE, BRUNO, ANDREA) if u != target]
    await a.vote_replace(channel, voters[0], target.id, "random")  # 1 of the 2 ballots needed
    move = owing[target.id][0]
    ballot, moved = await asyncio.gather(
        after_turns(max(0, -lead), a.vote_replace(channel, voters[1], target.id)),
        after_turns(max(0, lead), b.act(channel, target, move)),
        return_exceptions=True,
    )
    for outcome in (ballot, moved):
        if not isinstance(outcome, (Post, Refusal)):
            raise outcome
    handed = isinstance(ballot, Post) and "now plays the seat" in (ballot.public_text or "")
    if isinstance(ballot, Refusal):
        assert "has moved since the vote" in str(ballot), str(ballot)
    return handed, isinstance(moved, Post)


async def test_the_deciding_ballot_and_the_targets_move_never_both_succeed(two_services):
    a, b = two_services
    outcomes = {"ballot": 0, "move": 0, "both": 0}
    for race in range(RACES):
        handed, moved = await one_race(a, b, 100 + race, race - RACES // 2)
        if handed and moved:
            outcomes["both"] += 1
        elif handed:
            outcomes["ballot"] += 1
        elif moved:
            outcomes["move"] += 1
    print(f"{RACES} races: {outcomes}")
    assert outcomes["both"] == 0, outcomes
    assert outcomes["ballot"] + outcomes["move"] == RACES, outcomes  # one of them always wins
