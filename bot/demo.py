"""The offline demo: complete games with random legal-move players, through the real
service and store (a temporary SQLite file), writing every board image and the final
score sheet to a folder."""

from __future__ import annotations

import tempfile
from pathlib import Path

from bot.registry import titles
from bot.service import GameService, Post, User
from bot.sheet import plain_sheet
from bot.store import Store
from engines.core import Rng

NAMES = ["Anne", "Bruno", "Andrea", "Sofia", "Carla", "Dario"]


def default_players(engine) -> int:
    return max(engine.min_players, min(engine.max_players, 3))


async def play_random_game(service: GameService, channel: int, key: str, players: int, seed: int,
                           on_post=None) -> Post:
    """Create, fill, start and finish one game with random legal moves; returns the last post."""
    users = [User(100 + i, NAMES[i % len(NAMES)]) for i in range(players)]
    await service.create(None, channel, users[0], key, None)
    for user in users[1:]:
        await service.join(channel, user)
    post = await service.start(channel, users[0], seed=seed)
    if on_post:
        on_post(post)
    by_id = {u.id: u for u in users}
    rng = Rng.from_seed(seed ^ 0xD1CE)
    while not post.finished:
        pending = await service.pending(channel)
        user_id = rng.choice(sorted(pending))
        move = rng.choice(pending[user_id])
        post = await service.act(channel, by_id[user_id], move)
        if on_post:
            on_post(post)
    return post


async def demo(game_key: str | None, players: int | None, seed: int, out: str) -> int:
    table = titles()
    keys = [game_key] if game_key else list(table)
    if game_key and game_key not in table:
        print(f"Unknown game {game_key!r}; choose one of: {', '.join(table)}.")
        return 2
    out_dir = Path(out)
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "demo.sqlite3")
        try:
            service = GameService(store)
            for i, key in enumerate(keys):
                engine = table[key].engine
                n = players or default_players(engine)
                folder = out_dir / key
                folder.mkdir(parents=True, exist_ok=True)
                for old in folder.glob("move-*.png"):
                    old.unlink()
                count = 0

                def save(post: Post, folder=folder) -> None:
                    nonlocal count
                    if post.board_png:
                        (folder / f"move-{count:04d}.png").write_bytes(post.board_png)
                        count += 1

                last = await play_random_game(service, 9000 + i, key, n, seed, on_post=save)
                row = await store.game(last.game_id)
                state = engine.State.model_validate_json(row.snapshot)
                sheet = plain_sheet(engine.result(state), row.names)
                (folder / "scores.txt").write_text(f"{engine.title}, {n} players, seed {seed}\n{sheet}\n")
                print(f"== {engine.title}: {n} players, seed {seed}, {row.version} moves, "
                      f"{count} board images in {folder}/")
                print(sheet)
        finally:
            await store.close()
    return 0
