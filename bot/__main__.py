"""``python -m bot run | demo | bench`` (see the README)."""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Piazza: board games on Discord.")
    sub = parser.add_subparsers(dest="command", required=True)

    sub.add_parser("run", help="run the Discord bot (needs DISCORD_TOKEN)")

    demo = sub.add_parser("demo", help="play complete offline games with random players")
    demo.add_argument("--game", help="game key (default: every game)")
    demo.add_argument("--players", type=int, help="number of players (default: the game's minimum..maximum cycle)")
    demo.add_argument("--seed", type=int, default=1, help="seed of the game and of the random players")
    demo.add_argument("--out", default="demo-out", help="folder for the board images and score sheets")

    bench = sub.add_parser("bench", help="measure the move pipeline, image size, playouts and memory")
    bench.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    bench.add_argument("--game", help="game key (default: every game)")
    bench.add_argument("--quick", action="store_true", help="fewer repetitions (for a smoke test)")

    args = parser.parse_args(argv)
    if args.command == "run":
        from bot.run import run

        return run()
    if args.command == "demo":
        import asyncio

        from bot.demo import demo as run_demo

        return asyncio.run(run_demo(args.game, args.players, args.seed, args.out))
    if args.command == "bench":
        from bot.bench import bench as run_bench

        return run_bench(args.game, as_json=args.json, quick=args.quick)
    return 2


if __name__ == "__main__":
    sys.exit(main())
