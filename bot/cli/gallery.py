"""``python -m bot.cli.gallery [--out docs/gallery]``: the README's gallery, drawn again.

One board of each title, part-way through a four-player game, and the hand image of Bella
Vista's first seat at the same moment. The games are random legal moves from fixed seeds
(``engines.core.playout``), so the same code always draws the same pictures: run it after
changing a renderer and commit what it writes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from bot.cli.demo import NAMES
from bot.play.registry import titles
from engines.core.playout import playout
from engines.core.rng import SplitMix64
from render.common import IMAGE_SUFFIX, encode_image

PLAYERS = 4
SEED = 7
STAGE = 0.55  # how far into the game the pictures are taken, as a share of its moves
HAND_OF = "bella_vista"  # the title whose hand image is shown (the one with most to show)


def moment(key: str, players: int = PLAYERS, seed: int = SEED, stage: float = STAGE) -> Any:
    """The state ``stage`` of the way through a seeded random game of ``key``."""
    engine = titles()[key].engine
    state = engine.new_game(players, engine.options_model(), seed)
    states = [state] + [after for _, _, after, _ in playout(engine, state, SplitMix64.from_seed(seed))]
    return states[int(stage * (len(states) - 1))]


def pictures() -> dict[str, bytes]:
    """File name -> bytes (as sent to Discord) of every picture of the gallery."""
    out: dict[str, bytes] = {}
    names = NAMES[:PLAYERS]
    for key, title in titles().items():
        state = moment(key)
        out[f"{key}-board{IMAGE_SUFFIX}"] = encode_image(title.renderer.board(title.engine.view(state, None), names))
        if key == HAND_OF:
            hand = title.renderer.private(title.engine.view(state, 0), names)
            assert hand is not None, "the gallery's hand image"
            out[f"{key}-hand{IMAGE_SUFFIX}"] = encode_image(hand)
    return out


def gallery(folder: str) -> int:
    out = Path(folder)
    if not out.parent.is_dir():
        print(f"error: no folder {str(out.parent)[:300]!r} to write the gallery in", file=sys.stderr)
        return 2
    out.mkdir(exist_ok=True)
    for name, data in pictures().items():
        (out / name).write_bytes(data)
        print(f"{out / name}  {len(data) // 1024} KB")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.cli.gallery", description=__doc__.split("\n")[0])
    parser.add_argument("--out", default="docs/gallery", help="folder for the pictures (default: docs/gallery)")
    return gallery(parser.parse_args(argv).out)


if __name__ == "__main__":
    sys.exit(main())
