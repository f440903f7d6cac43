"""``python -m bot``: clear one-line failures instead of tracebacks."""

import subprocess
import sys


def run_bot(*args, env=None):
    return subprocess.run([sys.executable, "-m", "bot", *args], capture_output=True, text=True, env=env,
                          timeout=60)


def test_run_without_a_token_says_so_in_one_line():
    result = run_bot("run", env={"PATH": "/usr/bin:/bin"})
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0
    assert "DISCORD_TOKEN" in result.stderr and "Traceback" not in result.stderr


def test_run_with_a_bad_guild_id_says_so():
    result = run_bot("run", env={"PATH": "/usr/bin:/bin", "DISCORD_TOKEN": "x", "PIAZZA_GUILD_ID": "my-server"})
    assert result.returncode == 2 and "PIAZZA_GUILD_ID" in result.stderr and "Traceback" not in result.stderr


def test_demo_writes_boards_and_scores(tmp_path):
    result = run_bot("demo", "--game", "torri", "--players", "2", "--seed", "3", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    boards = sorted((tmp_path / "torri").glob("move-*.png"))
    assert boards and all(p.read_bytes()[:4] == b"\x89PNG" for p in boards)
    sheet = (tmp_path / "torri" / "scores.txt").read_text()
    assert "Le Torri di Bologna, 2 players, seed 3" in sheet and "1." in sheet and "1." in result.stdout


def test_bench_json_has_the_documented_keys():
    import json

    result = run_bot("bench", "--json", "--quick", "--game", "torri")
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    entry = figures["games"]["torri"]
    for key in ("pipeline_ms_median", "pipeline_ms_p95", "encode_ms_median", "pipeline_to_encode_ratio",
                "board_png_kb_median", "board_png_kb_max", "snapshot_bytes_final_median", "playouts_per_second"):
        assert key in entry
    assert set(figures["memory"]) == {"games_open", "rss_mb_baseline", "rss_mb_with_games_open", "db_file_kb"}
