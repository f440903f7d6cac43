"""Games stored before seeds became text (integer seed, SplitMix64) keep replaying after
the upgrade, and new games get a 128-bit BLAKE2b seed that survives the store exactly."""

import json
import sqlite3

import pytest

from bot.play.registry import titles
from bot.play.service import GameService, User
from bot.store import MIGRATIONS, Store
from engines.core.playout import random_move
from engines.core.rng import Blake2b, SplitMix64

OLD_SEED = 0xABCDEF123456  # 48 bits, as the old service drew them
ANNE, BRUNO = User(11, "Anne"), User(12, "Bruno")
NOW = "2025-01-01T00:00:00+00:00"


def old_database(path, key: str) -> tuple[int, str]:
    """A file at schema version 1 holding one active 2-player game made the old way: the
    integer seed fed SplitMix64 (what "splitmix64:<seed>" builds), the moves logged as the
    old service logged them. Returns the game id and its snapshot."""
    engine = titles()[key].engine
    state = engine.new_game(2, engine.options_model(), f"splitmix64:{OLD_SEED}")
    rng = SplitMix64.from_seed(5)
    log = []
    for _ in range(6):
        seat, action = random_move(engine, state, rng)
        state, _ = engine.apply(state, seat, action)
        log.append((seat, engine.action_adapter.dump_json(action).decode()))
    con = sqlite3.connect(path)
    con.executescript(MIGRATIONS[0])
    con.execute("PRAGMA user_version = 1")
    con.execute(
        "INSERT INTO games (id, guild_id, channel_id, game_key, options, seed, status, created_by, created_at,"
        " updated_at, version, snapshot) VALUES (1, 7, 1, ?, '{}', ?, 'active', ?, ?, ?, ?, ?)",
        (key, OLD_SEED, ANNE.id, NOW, NOW, len(log), state.model_dump_json()),
    )
    for seat, user in enumerate((ANNE, BRUNO)):
        con.execute("INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, ?, ?, ?)",
                    (seat, user.id, user.name))
    for seq, (seat, action) in enumerate(log, start=1):
        con.execute("INSERT INTO actions (game_id, seq, seat, action, public, at) VALUES (1, ?, ?, ?, '[]', ?)",
                    (seq, seat, action, NOW))
    con.commit()
    con.close()
    return 1, state.model_dump_json()


@pytest.mark.parametrize("key", ["bella_vista", "torri", "leonardo"])
async def test_an_old_game_replays_and_continues_after_the_upgrade(tmp_path, key):
    path = tmp_path / "old.sqlite3"
    gid, snapshot = old_database(path, key)
    store = await Store.open(path)  # upgrades
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        row = await store.games.get(gid)
        assert row.seed == f"splitmix64:{OLD_SEED}" and row.snapshot == snapshot
        service = GameService(store)
        replayed = await service.replay(gid)
        assert isinstance(replayed.rng, SplitMix64)
        assert replayed.model_dump_json() == snapshot
        users = {ANNE.id: ANNE, BRUNO.id: BRUNO}
        for _ in range(4):  # the game goes on with its own generator
            pending = await service.pending(1)
            uid = sorted(pending)[0]
            await service.act(1, users[uid], pending[uid][0])
        row = await store.games.get(gid)
        assert row.version == 10
        assert (await service.replay(gid)).model_dump_json() == row.snapshot
    finally:
        await store.close()


async def test_a_new_game_gets_a_128_bit_blake2b_seed_kept_as_text(tmp_path):
    path = tmp_path / "new.sqlite3"
    store = await Store.open(path)
    try:
        service = GameService(store)  # the default seed source
        seeds = []
        for channel in (1, 2):
            await service.create(None, channel, ANNE, "torri", None)
            await service.join(channel, BRUNO)
            await service.start(channel, ANNE)
            row = await store.games.open_in(channel)
            kind, _, key = row.seed.partition(":")
            assert kind == "blake2b" and len(key) == 32 and int(key, 16) >= 0
            assert isinstance(json.loads(row.snapshot)["rng"], dict)
            assert (await service.replay(row.id)).model_dump_json() == row.snapshot
            assert isinstance((await service.replay(row.id)).rng, Blake2b)
            seeds.append(row.seed)
        assert seeds[0] != seeds[1]
    finally:
        await store.close()
    con = sqlite3.connect(path)
    assert {r[0] for r in con.execute("SELECT typeof(seed) FROM games")} == {"text"}
    con.close()
