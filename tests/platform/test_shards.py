"""``run --shard-count/--shard-ids`` (or PIAZZA_SHARD_COUNT/IDS): what runs which shards, and one
line for a setting that makes no sense (before any network)."""

import pytest

from bot.__main__ import main
from bot.chat.shards import Shards, parse_shards


def test_shards_from_the_command_line_or_the_environment(monkeypatch):
    monkeypatch.delenv("PIAZZA_SHARD_COUNT", raising=False)
    monkeypatch.delenv("PIAZZA_SHARD_IDS", raising=False)
    assert parse_shards(None, None) is None  # unsharded, as always
    assert parse_shards("4", "3,1") == Shards(4, (1, 3)) and not Shards(4, (1, 3)).syncs_commands
    assert parse_shards("2", None) == Shards(2, (0, 1)) and Shards(2, (0, 1)).syncs_commands
    monkeypatch.setenv("PIAZZA_SHARD_COUNT", "2")
    monkeypatch.setenv("PIAZZA_SHARD_IDS", "1")
    assert parse_shards(None, None) == Shards(2, (1,))
    assert parse_shards("3", "2") == Shards(3, (2,))  # the command line wins


@pytest.mark.parametrize("args, says", [
    (["--shard-count", "two"], "the shard count must be a number"),
    (["--shard-count", "0"], "at least 1"),
    (["--shard-count", "2", "--shard-ids", "0,2"], "from 0 to 1"),
    (["--shard-count", "2", "--shard-ids", "1,1"], "distinct"),
    (["--shard-ids", "1"], "need a shard count"),
])
def test_a_bad_shard_setting_is_one_line(monkeypatch, capsys, tmp_path, args, says):
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.setenv("PIAZZA_DB", str(tmp_path / "p.sqlite3"))
    monkeypatch.delenv("PIAZZA_SHARD_COUNT", raising=False)
    monkeypatch.delenv("PIAZZA_SHARD_IDS", raising=False)
    assert main(["run", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: ") and says in err
    assert not (tmp_path / "p.sqlite3").exists()  # refused before anything was opened
