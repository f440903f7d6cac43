"""The offline demo: complete games between computer players, through the real service and
store (a temporary SQLite file), writing every board image and the final score sheet to a folder.

Every seat is a player whose moves the agent of the chosen level makes (``GameService.advise``: the
same worker processes, views and generators as bots at the table), one move per board image. The
default level is greedy; a title whose agents cannot play the level yet (no ``sample_state`` or
``evaluate``) is played at the random level, with one printed line saying so."""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.play.bots import has_hooks, needs_hooks
from bot.play.registry import Title, titles
from bot.play.service import GameService, Post, User
from bot.play.sheet import plain_sheet
from bot.store import GameRow, Store
from engines.core import RuleError, quote
from render.common import IMAGE_SUFFIX
from render.text import words

NAMES = ["Anne", "Bruno", "Andrea", "Sofia", "Carla", "Dario"]
DEFAULT_PLAYERS = 3
PATH_LIMIT = 300  # a folder named in a refusal, on one line


class DemoError(ValueError):
    """A demo request that cannot be played, as one line."""


def default_players(engine) -> int:
    """3, or the nearest count the game takes."""
    return max(engine.min_players, min(engine.max_players, DEFAULT_PLAYERS))


def plan(table: dict[str, Title], game_key: str | None, players: int | None) -> list[tuple[str, int]]:
    """(game key, player count) for each game to play (``game_key`` is a known key or None);
    refuses the whole request, before anything is played or written, if a title cannot
    take the count."""
    keys = [game_key] if game_key is not None else list(table)
    out: list[tuple[str, int]] = []
    refusals: list[str] = []
    for key in keys:
        engine = table[key].engine
        n = players if players is not None else default_players(engine)
        try:
            engine.check_players(n, engine.options_model())
        except RuleError as exc:
            refusals.append(words(exc))
        out.append((key, n))
    if refusals:
        if game_key is None:
            low = max(t.engine.min_players for t in table.values())
            high = min(t.engine.max_players for t in table.values())
            refusals.append(f"Without --game, choose a count every title takes ({low} to {high}), "
                            "or name one title with --game.")
        raise DemoError(" ".join(refusals))
    return out


def level_for(engine, level: str) -> str:
    """The level the demo plays ``engine`` at: ``level``, or random where its agents cannot play it yet."""
    return "random" if needs_hooks(level) and not has_hooks(engine) else level


async def play_game(service: GameService, channel: int, key: str, players: int, seed: int, level: str,
                    on_post=None) -> Post:
    """Create, fill, start and finish one game, every move the agent of ``level``'s; returns the last post."""
    users = [User(100 + i, NAMES[i % len(NAMES)]) for i in range(players)]
    await service.create(None, channel, users[0], key, None)
    for user in users[1:]:
        await service.join(channel, user)
    post = await service.start(channel, users[0], seed=seed)
    if on_post:
        on_post(post)
    by_id = {u.id: u for u in users}
    while not post.finished:
        user = by_id[min(await service.pending(channel))]  # of several deciding at once, the first seated
        move = await service.advise(channel, user, level)
        post = await service.act(channel, user, move)
        if on_post:
            on_post(post)
    return post


async def stored_game(store: Store, game_id: int | None) -> tuple[GameRow, Any]:
    """A game the demo (or the benchmark) played, read back from the store with its state."""
    row = None if game_id is None else await store.games.get(game_id)
    if row is None or row.snapshot is None:
        raise LookupError(f"game {game_id} has no stored position")
    return row, titles()[row.game_key].engine.state_model.model_validate_json(row.snapshot)


async def demo(game_key: str | None, players: int | None, seed: int, out: str, level: str = "greedy") -> int:
    """Play the games; a request that cannot be played prints one line on stderr and returns 2."""
    table = titles()
    out_dir = Path(out)
    try:
        games = plan(table, game_key, players)
        for key, _ in games:
            try:
                (out_dir / key).mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise DemoError(f"cannot write to --out {quote(out, PATH_LIMIT)}: {exc.strerror or exc}") from exc
    except DemoError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "demo.sqlite3")
        try:
            # the agents' generators from --seed too (nothing here is secret): the same seed, the same games
            service = GameService(store, bot_secrets=lambda: f"demo-{seed}")
            for i, (key, n) in enumerate(games):
                engine = table[key].engine
                folder = out_dir / key
                for old in folder.glob(f"move-*{IMAGE_SUFFIX}"):
                    old.unlink()
                count = 0

                def save(post: Post, folder=folder) -> None:
                    nonlocal count
                    if post.board_image:
                        (folder / f"move-{count:04d}{IMAGE_SUFFIX}").write_bytes(post.board_image)
                        count += 1

                played = level_for(engine, level)
                if played != level:
                    print(f"{engine.title} has no {level} players yet (its agents need sample_state and evaluate): "
                          f"its demo plays {played}.")
                started = time.perf_counter()
                last = await play_game(service, 9000 + i, key, n, seed, played, on_post=save)
                row, state = await stored_game(store, last.game_id)
                result = engine.result(state)
                assert result is not None  # play_game plays until the game is over
                sheet = plain_sheet(result, row.names, engine.prefix)
                (folder / "scores.txt").write_text(f"{engine.title}, {n} players, seed {seed}, {played} players\n"
                                                   f"{sheet}\n")
                print(f"== {engine.title}: {n} {played} players, seed {seed}, {row.version} moves in "
                      f"{time.perf_counter() - started:.1f} s, {count} board images in {folder}/")
                print(sheet)
        finally:
            await store.close()
    return 0
