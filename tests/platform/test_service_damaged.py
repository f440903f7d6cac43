"""One damaged game row fails alone. Real rows in a real file are damaged the four ways the issue
names (a snapshot that no longer validates, options that are not JSON, an unknown game key, a
deadline that is not a date); after a restart, the listing and the sweep skip them with one
warning each, their players are refused with a clear reason, whoever can manage the channel can
abort them, and every other game (and its deadline) goes on."""

import logging
import sqlite3
from datetime import timedelta

import pytest

from bot.play.service import GameService, Refusal
from bot.store import Store
from tests.platform.platform_helpers import ANDREA, ANNE, BRUNO, NOW, SOFIA, Clock, seated_game

DAMAGE = {  # channel -> (what the row is, the SQL that damages it)
    1: ("bella_vista", "UPDATE games SET snapshot = '{\"architects\": 5}' WHERE channel_id = 1"),
    2: ("torri", "UPDATE games SET options = '{shape: far' WHERE channel_id = 2"),
    3: ("bella_vista", "UPDATE games SET game_key = 'chess' WHERE channel_id = 3"),
    4: ("leonardo", "UPDATE games SET deadline = 'next tuesday' WHERE channel_id = 4"),
}


async def build(path):
    """Damaged games in channels 1-4; healthy ones in 5 (a deadline) and 6."""
    store = await Store.open(path)
    service = GameService(store, clock=Clock())
    for channel, (key, _) in DAMAGE.items():
        if key == "torri":  # still in its lobby
            await service.create(7, channel, ANNE, key, "shape=far")
            await service.join(channel, BRUNO)
        else:
            await seated_game(service, channel=channel, key=key,
                              options="deadline=2026-12-01" if key == "leonardo" else None)
    await seated_game(service, channel=5, key="leonardo", options="deadline=2026-12-01")
    await seated_game(service, channel=6, key="torri")
    await store.close()
    con = sqlite3.connect(path)
    for _, sql in DAMAGE.values():
        con.execute(sql)
    con.commit()
    con.close()


@pytest.fixture
async def restarted(tmp_path):
    path = tmp_path / "piazza.sqlite3"
    await build(path)
    store = await Store.open(path)
    clock = Clock()
    yield GameService(store, clock=clock), clock
    await store.close()


def damage_warnings(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING and "damaged" in r.getMessage()]


async def test_listings_and_sweeps_skip_each_damaged_game_with_one_warning(restarted, caplog):
    service, clock = restarted
    caplog.set_level(logging.WARNING, logger="piazza")
    listed = await service.games(7)
    assert sorted(g.channel_id for g in listed) == [5, 6]
    ids = {(await service.store.games.open_in(c)).id for c in DAMAGE}
    warnings = damage_warnings(caplog)
    assert len(warnings) == 4 and all(any(f"game {i} " in w for w in warnings) for i in ids), warnings
    assert not any("architects" in w or "{shape" in w for w in warnings)  # no stored content in the log

    clock.now = NOW + timedelta(days=3)  # the healthy game's deadline has passed
    await service.sweep()
    await service.sweep()
    assert await service.store.games.open_in(5) is None  # ended: the sweep went past the damaged ones
    assert (await service.store.games.get((await service.store.games.open_in(6)).id)).status == "active"
    assert len(damage_warnings(caplog)) == 4  # once per game, not once per sweep


@pytest.mark.parametrize("channel", sorted(DAMAGE))
async def test_the_players_of_a_damaged_game_are_refused_clearly(restarted, channel):
    service, _ = restarted
    calls = [service.board(channel), service.join(channel, SOFIA), service.leave(channel, BRUNO)]
    if DAMAGE[channel][0] == "torri":
        calls.append(service.start(channel, ANNE))
    else:
        calls += [service.act(channel, ANNE, "pass"), service.hand(channel, ANNE), service.log(channel),
                  service.pending(channel)]
    for call in calls:
        with pytest.raises(Refusal, match=r"cannot be loaded any more: .*/abort") as refused:
            await call
        assert "\n" not in str(refused.value)
    if DAMAGE[channel][0] != "torri":
        [why] = await service.suggest(channel, ANNE, "")
        assert why.notation == "?" and "cannot be loaded" in why.label


@pytest.mark.parametrize("channel", sorted(DAMAGE))
async def test_a_damaged_game_can_always_be_aborted(restarted, channel):
    service, _ = restarted
    with pytest.raises(Refusal, match="Only the player who opened"):
        await service.abort(channel, ANDREA)
    post = await service.abort(channel, ANDREA, is_manager=True)
    assert "aborted" in post.public_text
    assert await service.store.games.open_in(channel) is None
    await service.create(7, channel, ANDREA, "bella_vista")  # the channel hosts a new game
