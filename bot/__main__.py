"""``python -m bot run | demo | bench | arena | replay | db copy | ratings rebuild | story``, also installed as the ``piazza`` command.

Where each command is explained: ``DOCS`` (a test checks every place it names exists).

Every refusal is one line on stderr and exit status 2; ``run`` documents its own statuses.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from engines.core.agents import LEVELS


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a bad argument prints one line instead of the usage block."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"error: {self.prog}: {message} (see --help)\n")


# Where --help sends readers: a file of the source checkout and a heading in it (tests/platform/test_cli.py
# checks that each exists).
DOCS = {
    "run": ("docs/running.md", "Running it on Discord"),
    "demo": ("docs/developing.md", "Tests and the demo"),
    "bench": ("docs/developing.md", "Benchmark"),
    "arena": ("docs/developing.md", "Arena"),
    "replay": ("docs/playing.md", "Commands"),
    "db": ("docs/running.md", "Several processes: PostgreSQL and sharding"),
    "ratings": ("docs/playing.md", "Ratings"),
    "story": ("docs/playing.md", "The story of a game"),
}


def see(command: str) -> str:
    path, heading = DOCS[command]
    return f"(see {path}: {heading})"


def program_name() -> str:
    return "piazza" if os.path.basename(sys.argv[0]) == "piazza" else "python -m bot"


def parser() -> argparse.ArgumentParser:
    top = OneLineParser(prog=program_name(), description="Piazza: board games on Discord.",
                       epilog="Each command is explained in the docs/ folder of the source: playing.md, running.md, "
                              "developing.md.")
    sub = top.add_subparsers(dest="command", required=True)

    run = sub.add_parser("run", help=f"run the Discord bot (needs DISCORD_TOKEN) {see('run')}")
    run.add_argument("--shard-count", metavar="N", help="run sharded: Discord's shard count (else PIAZZA_SHARD_COUNT)")
    run.add_argument("--shard-ids", metavar="IDS", help="the shards this process runs, e.g. 0,1 (else "
                                                        "PIAZZA_SHARD_IDS; default: all of them)")

    demo = sub.add_parser("demo", help=f"play complete offline games between computer players {see('demo')}")
    demo.add_argument("--game", help="game key: bella_vista, torri or leonardo (default: every game)")
    demo.add_argument("--players", type=int, metavar="N",
                      help="number of players (default: 3, or the nearest count a game takes); without "
                           "--game, every game must take N players, else the demo refuses")
    demo.add_argument("--seed", type=int, default=1, help="seed of the games and of the players (default: 1)")
    demo.add_argument("--level", choices=LEVELS, default="greedy",
                      help="how every seat plays (default: greedy; a title whose agents cannot play that level yet "
                           "plays random, and the demo says so)")
    demo.add_argument("--out", default="demo-out", help="folder for the board images and score sheets "
                                                         "(default: demo-out)")

    bench = sub.add_parser("bench", help=f"measure the move pipeline, image size, playouts and memory {see('bench')}")
    bench.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    bench.add_argument("--game", help="game key: bella_vista, torri or leonardo (default: every game)")
    bench.add_argument("--quick", action="store_true", help="fewer repetitions (for a smoke test)")
    bench.add_argument("--store", metavar="URL", help="the database to measure on: a SQLite path or postgresql://… "
                                                      "(a scratch one: games are written into it; default: a "
                                                      "temporary SQLite file)")
    bench.add_argument("--load", type=int, default=0, metavar="GAMES",
                       help="add the load figure: GAMES games played at once to the end (the issue's is 50)")
    bench.add_argument("--processes", default="1", metavar="N,N",
                       help="with --load: the process counts to measure, e.g. 1,2,4 (default: 1)")
    bench.add_argument("--viewers", type=int, default=0, metavar="N",
                       help="instead: N live viewers of one game's web page (the issue's is 200): a move's delivery "
                            "to them and the bot's event-loop lag with and without them")
    bench.add_argument("--viewers-nice", type=int, default=None, metavar="0-19",
                       help="with --viewers: the viewers' process's niceness; 19 (the default) lets it take only the "
                            "CPU the bot leaves, as browsers on other machines would; 0 makes it compete")
    bench.add_argument("--viewers-idle", action="store_true",
                       help="with --viewers: run the viewers' process under Linux's idle scheduling policy, so that "
                            "it only ever takes a core the bot is not using")
    bench.add_argument("--viewers-rounds", type=int, default=None, metavar="N",
                       help="with --viewers: N games watched one after the other, their figures pooled (a lag p99 "
                            "over N times the samples, less moved by one stray burst; default 6, 1 with --quick)")
    bench.add_argument("--e2e", action="store_true",
                       help="instead: what a player waits for, through discord.py and the test double, at 1 and "
                            "20 concurrent games (needs a source checkout: the double lives in tests/)")

    arena = sub.add_parser("arena", help=f"play seeded games between agents and report who wins {see('arena')}")
    arena.add_argument("--game", required=True, help="game key: bella_vista, torri or leonardo")
    arena.add_argument("--seats", required=True, metavar="LEVELS",
                       help="one level per seat, comma separated: random, greedy or mcts (e.g. mcts,greedy,greedy); "
                            "they are rotated round the seats from game to game")
    arena.add_argument("--players", type=int, metavar="N", help="number of players (default: one per level in --seats)")
    arena.add_argument("--games", type=int, default=20, metavar="G", help="number of games (default: 20)")
    arena.add_argument("--budget-ms", type=int, default=1000, metavar="B",
                       help="thinking time per decision of greedy and mcts, in ms (default: 1000)")
    arena.add_argument("--seed", type=int, default=1, help="seed of the first game; game g uses seed+g (default: 1)")
    arena.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    arena.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                       help="time decisions (and cap them) on the wall clock (default) or on this process's CPU "
                            "time: what they would take on an idle machine, whatever the load")
    arena.add_argument("--jobs", type=int, default=1, metavar="N",
                       help="play N games at once, each in a process of its own: the same games and figures, "
                            "sooner on N idle cores (default: 1)")
    replay = sub.add_parser("replay", help=f"draw every board of an exported game again and check its final state {see('replay')}")
    replay.add_argument("file", help="a game record exported with /export (JSON)")
    replay.add_argument("--out", default="replay-out", help="folder for the board images (default: replay-out)")

    db = sub.add_parser("db", help=f"database tools {see('db')}")
    db_sub = db.add_subparsers(dest="db_command", required=True)
    db_copy = db_sub.add_parser("copy", help="copy every table to another database, then verify each game by replay")
    db_copy.add_argument("--from", dest="source", required=True, metavar="URL",
                         help="the database to read: a SQLite path, sqlite:///path or postgresql://…")
    db_copy.add_argument("--to", dest="target", required=True, metavar="URL", help="the database to write")
    db_copy.add_argument("--force", action="store_true", help="replace what the target already holds")

    ratings = sub.add_parser("ratings", help=f"players' ratings {see('ratings')}")
    ratings_sub = ratings.add_subparsers(dest="ratings_command", required=True)
    rebuild = ratings_sub.add_parser("rebuild", help="rate every finished game again, oldest first (after a change "
                                                     "of the rating model)")
    rebuild.add_argument("--db", metavar="URL", help="the database: a SQLite path, sqlite:///path or postgresql://… "
                                                     "(default: PIAZZA_DB, else the default file)")

    story = sub.add_parser("story", help=f"how good the story's chance is, and how long judging takes {see('story')}")
    story_sub = story.add_subparsers(dest="story_command", required=True)
    calib = story_sub.add_parser("calibrate", help="play seeded games between agents and say how often the seat the "
                                                   "story favoured after each round won")
    timed = story_sub.add_parser("time", help="judge one seeded random game and say how long it took")
    for each in (calib, timed):
        each.add_argument("--game", required=True, help="game key: bella_vista, torri or leonardo")
        each.add_argument("--players", type=int, default=3, metavar="N", help="number of players (default: 3)")
        each.add_argument("--seed", type=int, default=1, help="seed of the first game (default: 1)")
        each.add_argument("--options", default="", metavar="NAME=VALUE …", help="the game's options, e.g. max_rounds=30")
    calib.add_argument("--games", type=int, default=20, metavar="G", help="number of games (default: 20)")
    calib.add_argument("--level", choices=LEVELS, default="greedy", help="how every seat plays (default: greedy)")
    calib.add_argument("--budget-ms", type=int, default=50, metavar="B",
                       help="thinking time per decision, in ms (default: 50)")
    calib.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    return top


def main(argv: list[str] | None = None) -> int:
    """The command line; also the ``piazza`` console script (its return value is the exit status)."""
    args = parser().parse_args(argv)
    if args.command == "run":
        from bot.chat.run import run

        return run(args.shard_count, args.shard_ids)
    if args.command == "db":
        from bot.cli.dbcopy import main as db_copy

        return db_copy(args.source, args.target, args.force)

    if args.command == "ratings":
        import asyncio

        from bot.cli.ratings import rebuild as run_rebuild

        return asyncio.run(run_rebuild(args.db))

    if args.command == "replay":
        from bot.cli.replay import replay as run_replay

        return run_replay(args.file, args.out)

    from bot.play.registry import get, titles
    from engines.core import DataError

    try:
        titles()
        if args.game is not None:
            get(args.game)
    except DataError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyError as exc:
        print(f"error: {exc.args[0]}", file=sys.stderr)
        return 2
    if args.command == "demo":
        import asyncio

        from bot.cli.demo import demo as run_demo

        return asyncio.run(run_demo(args.game, args.players, args.seed, args.out, args.level))
    if args.command == "bench":
        if args.viewers > 0:
            from bot.cli.webbench import bench_viewers

            return bench_viewers(args.viewers, args.json, args.quick, args.viewers_nice, args.viewers_idle,
                                 args.viewers_rounds)
        if args.e2e:
            try:  # imported by name: the double is test code, not part of the package
                run_latency = importlib.import_module("tests.e2e.latency").run
            except ImportError as exc:
                print(f"bench --e2e needs the Discord double from a source checkout (tests/): {exc}", file=sys.stderr)
                return 2
            return run_latency([1, 20], 4 if args.quick else 12, args.json)
        from bot.cli.bench import bench as run_bench

        try:
            processes = tuple(int(n) for n in args.processes.split(","))
        except ValueError:
            print(f"error: --processes takes counts separated by commas, not {args.processes!r}", file=sys.stderr)
            return 2
        return run_bench(args.game, as_json=args.json, quick=args.quick, store=args.store, load_games=args.load,
                         load_processes=processes)
    if args.command == "story":
        from bot.cli.story import calibrate, timing

        if args.story_command == "time":
            return timing(args.game, args.players, args.seed, args.options)
        return calibrate(args.game, args.players, args.games, args.level, args.budget_ms, args.seed, args.options,
                         as_json=args.json)
    if args.command == "arena":
        from bot.cli.arena import arena as run_arena

        return run_arena(args.game, args.players, args.seats, args.games, args.budget_ms, args.seed,
                         as_json=args.json, clock=args.clock, jobs=args.jobs)
    return 2


if __name__ == "__main__":
    sys.exit(main())
