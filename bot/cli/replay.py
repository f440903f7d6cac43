"""``python -m bot replay FILE --out DIR``: an exported game (``bot.play.record``) played back offline.

Every board is drawn again (``board-0000.webp`` the new game, then one per logged action), and the
final state is checked against the record's hash. One summary line on stdout; a record that does not
read or play back is one ``error:`` line on stderr (status 2), a final state that differs status 1.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from bot.play.record import BadRecord, play_back
from render.common import IMAGE_SUFFIX, encode_image


def replay(path: str, out: str) -> int:
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        print(f"error: cannot read {path}: {type(exc).__name__}: {str(exc)[:200]}", file=sys.stderr)
        return 2
    try:
        played = play_back(doc)
    except BadRecord as exc:
        print(f"error: {path}: {exc}", file=sys.stderr)
        return 2
    folder = Path(out)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        print(f"error: cannot make the folder {out}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    renderer = played.title.renderer
    for i, state in enumerate(played.states):
        image = renderer.board(played.engine.view(state, None), played.names)
        (folder / f"board-{i:04d}{IMAGE_SUFFIX}").write_bytes(encode_image(image))
    if not played.matches:
        print(f"error: {path} replays to a different final state than the one recorded "
              f"({len(played.states)} boards in {out})", file=sys.stderr)
        return 1
    print(f"{played.engine.title}, game {doc.get('game')}: {len(played.states) - 1} actions replayed to the "
          f"recorded final state; {len(played.states)} boards in {out}")
    return 0
