"""``python -m bot``: clear one-line failures instead of tracebacks."""

import re
import subprocess
import sys

import pytest

from tests.patience import SUBPROCESS_SECONDS


def run_bot(*args, env=None):
    return subprocess.run([sys.executable, "-m", "bot", *args], capture_output=True, text=True, env=env,
                          timeout=SUBPROCESS_SECONDS)  # catches a hang only: a demo takes minutes when busy


def test_run_without_a_token_says_so_in_one_line():
    result = run_bot("run", env={"PATH": "/usr/bin:/bin"})
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0
    assert "DISCORD_TOKEN" in result.stderr and "Traceback" not in result.stderr


def test_run_with_a_bad_bot_budget_says_so_in_one_line():
    result = run_bot("run", env={"PATH": "/usr/bin:/bin", "DISCORD_TOKEN": "x", "PIAZZA_BOT_BUDGET_MS": "fast"})
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr == ("error: PIAZZA_BOT_BUDGET_MS must be a whole number of milliseconds from 1 to 600000, "
                             "not 'fast'.\n")


def test_run_with_a_bad_lobby_cap_says_so_in_one_line():
    result = run_bot("run", env={"PATH": "/usr/bin:/bin", "DISCORD_TOKEN": "x", "PIAZZA_LOBBIES_PER_CHANNEL": "²"})
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr == "error: PIAZZA_LOBBIES_PER_CHANNEL must be a whole number from 1 to 100000, not '²'.\n"


def test_run_with_a_bad_guild_id_says_so():
    result = run_bot("run", env={"PATH": "/usr/bin:/bin", "DISCORD_TOKEN": "x", "PIAZZA_GUILD_ID": "my-server"})
    assert result.returncode == 2 and "PIAZZA_GUILD_ID" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.slow
def test_demo_writes_boards_and_scores(tmp_path):
    result = run_bot("demo", "--game", "torri", "--players", "2", "--seed", "3", "--level", "random",
                     "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("== Le Torri di Bologna: 2 random players, seed 3, ")  # no fallback line
    boards = sorted((tmp_path / "torri").glob("move-*.webp"))
    assert boards and all(p.read_bytes()[8:12] == b"WEBP" for p in boards)
    sheet = (tmp_path / "torri" / "scores.txt").read_text()
    assert "Le Torri di Bologna, 2 players, seed 3" in sheet and "1." in sheet and "1." in result.stdout
    assert len(boards) == int(re.search(r"(\d+) moves in [\d.]+ s", result.stdout)[1]) + 1  # one per move, and the start


@pytest.mark.slow
def test_the_demo_plays_random_where_a_title_has_no_agents_hooks_yet(tmp_path):
    from bot.play.bots import has_hooks
    from bot.play.registry import get

    result = run_bot("demo", "--game", "torri", "--players", "2", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    if has_hooks(get("torri").engine):
        assert "Le Torri di Bologna: 2 greedy players" in result.stdout and "players yet" not in result.stdout
    else:
        assert result.stdout.startswith("Le Torri di Bologna has no greedy players yet (its agents need "
                                        "sample_state and evaluate): its demo plays random.\n")
        assert "Le Torri di Bologna: 2 random players" in result.stdout
    assert "--level: invalid choice: 'genius'" in one_error_line(run_bot("demo", "--level", "genius"))


@pytest.mark.slow
def test_bench_json_has_the_documented_keys():
    import json

    result = run_bot("bench", "--json", "--quick", "--game", "torri")
    assert result.returncode == 0, result.stderr

    def not_json(constant: str) -> None:
        raise AssertionError(f"{constant} is not JSON: strict parsers (jq, JSON.parse) refuse it")

    figures = json.loads(result.stdout, parse_constant=not_json)
    entry = figures["games"]["torri"]
    for key in ("pipeline_ms_median", "pipeline_ms_p95", "encode_ms_median", "pipeline_to_encode_ratio",
                "board_kb_median", "board_kb_max", "snapshot_bytes_final_median", "playouts_per_second", "playouts_per_second_checked",
                "reference_encode_ms_median", "reference_png_kb_median", "encode_time_ratio", "bytes_ratio",
                "psnr_db_min", "max_channel_error", "pipeline_to_reference_encode_ratio"):
        assert key in entry
    assert entry["psnr_db_min"] is None and entry["max_channel_error"] == 0  # lossless: null, not Infinity
    assert set(figures["memory"]) == {"games_open", "rss_mb_baseline", "rss_mb_with_games_open", "db_file_kb"}
    assert figures["memory"]["games_open"] == 50  # --quick stores 50: every one opens (none read as damaged)
    assert "damaged" not in result.stderr
    assert set(figures["sweep"]) == {"open_games", "loop_ms_nothing_due", "wall_ms_nothing_due", "reminders_due",
                                     "loop_ms_with_due", "wall_ms_with_due"}


def one_error_line(result):
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


def test_demo_with_a_player_count_the_game_cannot_take_says_so(tmp_path):
    for n in ("9", "1"):
        result = run_bot("demo", "--game", "torri", "--players", n, "--out", str(tmp_path / "out"))
        assert one_error_line(result) == f"error: Le Torri di Bologna needs 2–4 players, not {n}."
    assert not (tmp_path / "out").exists()  # refused before anything is written


def test_demo_players_without_game_must_suit_every_title(tmp_path):
    result = run_bot("demo", "--players", "5", "--out", str(tmp_path / "out"))
    line = one_error_line(result)
    assert "Bella Vista needs 2–4 players, not 5." in line
    assert "Le Torri di Bologna needs 2–4 players, not 5." in line and "Leonardo" not in line
    assert line.endswith("Without --game, choose a count every title takes (2 to 4), or name one title with --game.")
    assert not (tmp_path / "out").exists()


def test_demo_and_bench_refuse_an_unknown_game_in_one_line(tmp_path):
    for command in ("demo", "bench"):
        result = run_bot(command, "--game", "chess")
        assert one_error_line(result) == "error: Unknown game 'chess'; available: bella_vista, leonardo, torri."
        assert result.stdout == ""


def test_bad_arguments_are_one_line(tmp_path):
    assert one_error_line(run_bot("demo", "--players", "many")) == (
        "error: python -m bot demo: argument --players: invalid int value: 'many' (see --help)")
    assert "invalid choice: 'play'" in one_error_line(run_bot("play"))


def test_demo_refuses_an_out_folder_it_cannot_write(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    result = run_bot("demo", "--game", "torri", "--out", str(blocker))
    assert one_error_line(result) == f"error: cannot write to --out {blocker}: Not a directory"


def test_demo_help_states_the_defaults_the_code_uses():
    from bot.cli.demo import DEFAULT_PLAYERS, default_players
    from bot.play.registry import titles

    text = " ".join(run_bot("demo", "--help", env={"PATH": "/usr/bin:/bin", "COLUMNS": "400"}).stdout.split())
    assert f"(default: {DEFAULT_PLAYERS}, or the nearest count a game takes)" in text
    assert all(default_players(t.engine) == DEFAULT_PLAYERS for t in titles().values())
    assert "(default: 1)" in text and "(default: demo-out)" in text
    assert "minimum..maximum" not in text


def test_the_piazza_command_is_the_same_command_line():
    import sysconfig
    from pathlib import Path

    script = Path(sysconfig.get_path("scripts")) / "piazza"
    result = subprocess.run([str(script), "demo", "--players", "0"], capture_output=True, text=True,
                            timeout=SUBPROCESS_SECONDS)
    assert result.returncode == 2
    assert result.stderr.startswith("error: Bella Vista needs 2–4 players, not 0.")
    usage = subprocess.run([str(script), "--help"], capture_output=True, text=True,
                           timeout=SUBPROCESS_SECONDS).stdout
    assert usage.startswith("usage: piazza ") and "{run,demo,bench,arena,replay,db,ratings,story}" in usage


def test_every_place_the_help_sends_readers_to_exists():
    """``--help`` names a file of docs/ and a heading in it for each command (it once sent readers to
    "the README: Deployment", a section that did not exist)."""
    from pathlib import Path

    from bot.__main__ import DOCS, parser

    root = Path(__file__).resolve().parents[2]
    top = parser()
    commands = next(a for a in top._actions if a.dest == "command").choices
    assert set(DOCS) == set(commands)  # every command has a place
    for command, (path, heading) in DOCS.items():
        text = (root / path).read_text(encoding="utf-8")
        assert re.search(rf"^#+ {re.escape(heading)}$", text, re.MULTILINE), (command, path, heading)
    shown = run_bot("--help").stdout
    pointers = re.findall(r"\(see ([\w/.]+\.md): ([^)]+)\)", " ".join(shown.split()))
    assert len(pointers) == len(DOCS)
    for path, heading in pointers:
        assert re.search(rf"^#+ {re.escape(heading)}$", (root / path).read_text(encoding="utf-8"), re.MULTILINE)
    readme = (root / "README.md").read_text(encoding="utf-8")
    for link in re.findall(r"\]\((docs/[\w.]+\.md)\)", readme):
        assert (root / link).is_file(), link
