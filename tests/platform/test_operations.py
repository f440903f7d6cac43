"""Operations: the readiness file and the log lines' context (shard, game)."""

import io
import json
import logging

from bot.chat.operations import Context, Heartbeat, JsonLines
from tests.platform.platform_helpers import seated_game


def test_the_heartbeat_file_is_written_whole_and_removed(tmp_path):
    beat = Heartbeat(tmp_path / "ready", "0,1")
    beat.beat()
    first = json.loads((tmp_path / "ready").read_text())
    assert first["shards"] == "0,1" and first["pid"] > 0 and first["at"].endswith("+00:00")
    beat.beat()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ready"]  # no partial file left
    beat.clear()
    assert not (tmp_path / "ready").exists()
    Heartbeat(None, "-").beat()  # not asked for: nothing


async def test_log_lines_name_the_shard_and_the_game_being_handled(service):
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(JsonLines())
    handler.addFilter(Context("1"))
    log = logging.getLogger("piazza")
    log.addHandler(handler)
    try:
        log.warning("before any game")
        post = await seated_game(service, channel=1)
        await service.pending(1)
        log.warning("while handling it")
    finally:
        log.removeHandler(handler)
    before, during = [json.loads(line) for line in out.getvalue().splitlines()]
    assert (before["shard"], before["game"], before["message"]) == ("1", "-", "before any game")
    assert (during["shard"], during["game"], during["level"]) == ("1", post.game_id, "WARNING")
