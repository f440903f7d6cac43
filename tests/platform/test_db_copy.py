"""``python -m bot db copy``: SQLite -> PostgreSQL -> SQLite, every row and every game's replay equal;
a non-empty target refused unless --force; a game whose log does not replay is named."""

import asyncio
import sqlite3

from bot.__main__ import main
from bot.play.service import GameService
from bot.store import Store
from tests.platform.platform_helpers import ANNE, BRUNO, seated_game


async def fill(path: str) -> None:
    store = await Store.open(path)
    service = GameService(store)
    for channel, key in enumerate(["bella_vista", "torri", "leonardo"], start=1):
        await seated_game(service, channel=channel, key=key, players=2, seed=channel)
        for _ in range(3):
            pending = await service.pending(channel)
            uid = sorted(pending)[0]
            await service.act(channel, ANNE if uid == ANNE.id else BRUNO, pending[uid][0])
    await service.create(7, 9, ANNE, "torri")  # a lobby
    await service.add_bot(9, ANNE, "random")  # a bot seat: a negative user id
    await store.close()


async def everything(url: str) -> list:
    store = await Store.open(url)
    try:
        games = await store.games.open_all()
        return [(g.id, g.game_key, g.status, g.version, g.snapshot, g.seed, g.announced, g.lobby,
                 [(s.seat, s.user_id, s.name, s.notices_read, s.bot) for s in g.seats],
                 [(a.seq, a.seat, a.action, a.events) for a in await store.log.actions(g.id)]) for g in games]
    finally:
        await store.close()


def test_sqlite_to_postgresql_and_back_is_equal_and_replays(tmp_path, postgres_url, capsys):
    source, back = str(tmp_path / "source.sqlite3"), f"sqlite:///{tmp_path / 'back.sqlite3'}"
    asyncio.run(fill(source))
    assert main(["db", "copy", "--from", source, "--to", postgres_url]) == 0
    out = capsys.readouterr().out
    assert "games: 4 rows" in out and "verified: 3 games replay to their snapshots" in out
    assert main(["db", "copy", "--from", postgres_url, "--to", back]) == 0
    original = asyncio.run(everything(source))
    assert len(original) == 4
    assert asyncio.run(everything(postgres_url)) == original == asyncio.run(everything(back))

    async def new_game_after_copy() -> int:  # the target's ids go on after the copied ones
        store = await Store.open(postgres_url)
        try:
            return await store.games.create(guild_id=7, channel_id=50, game_key="torri", options={}, seed=0,
                                           creator_id=11, creator_name="Anne")
        finally:
            await store.close()

    assert asyncio.run(new_game_after_copy()) == 5


def test_a_non_empty_target_is_refused_unless_forced(tmp_path, postgres_url, capsys):
    source = str(tmp_path / "source.sqlite3")
    asyncio.run(fill(source))
    assert main(["db", "copy", "--from", source, "--to", postgres_url]) == 0
    capsys.readouterr()
    assert main(["db", "copy", "--from", source, "--to", postgres_url]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "already holds rows (in games" in err and "--force" in err
    assert main(["db", "copy", "--from", source, "--to", postgres_url, "--force"]) == 0
    assert asyncio.run(everything(postgres_url)) == asyncio.run(everything(source))


def test_a_game_that_does_not_replay_is_named(tmp_path, capsys):
    source, target = str(tmp_path / "source.sqlite3"), str(tmp_path / "target.sqlite3")
    asyncio.run(fill(source))
    con = sqlite3.connect(source)
    con.execute("UPDATE games SET snapshot = '{ ' || substr(snapshot, 2) WHERE id = 2")  # not as it was
    con.execute("DELETE FROM actions WHERE game_id = 3 AND seq = 2")
    con.commit()
    con.close()
    assert main(["db", "copy", "--from", source, "--to", target]) == 1
    out = capsys.readouterr().out
    assert "error: game 2: its log does not replay to its snapshot" in out
    assert "error: game 3" in out and "error: game 1" not in out
