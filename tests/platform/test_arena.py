"""``python -m bot arena``: seeded games between agents, a progress line on stderr, the figures per
level as a table or JSON, and one-line refusals."""

from __future__ import annotations

import json

import pytest

from bot.play import registry
from bot.play.bots import has_hooks
from tests.platform.test_cli import one_error_line, run_bot

HOOKED = [key for key, title in registry.titles().items() if has_hooks(title.engine)]
LEVEL_KEYS = {"level", "seats_played", "win_rate", "win_rate_ci95", "mean_margin", "decisions", "decision_ms_p50",
              "decision_ms_p95", "decision_ms_max", "work_p50", "work_max", "capped", "fallbacks"}


def test_random_seats_play_and_report_as_json():
    result = run_bot("arena", "--game", "torri", "--seats", "random,random,random", "--games", "3",
                     "--budget-ms", "5", "--seed", "7", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert (report["game"], report["players"], report["games"], report["seed"]) == ("torri", 3, 3, 7)
    [level] = report["levels"]
    assert set(level) == LEVEL_KEYS and level["seats_played"] == 9 and level["fallbacks"] == 0
    low, high = level["win_rate_ci95"]
    assert 0 <= low <= level["win_rate"] <= high <= 1 and level["decisions"] > 9
    assert level["decision_ms_p50"] <= level["decision_ms_p95"] <= level["decision_ms_max"]
    progress = result.stderr.splitlines()
    assert progress[0].startswith("1/3 games · ") and progress[-1].startswith("3/3 games · ")
    assert all(" left" in line for line in progress)


def test_the_table_names_each_level_once():
    result = run_bot("arena", "--game", "leonardo", "--seats", "random,random", "--games", "2")
    assert result.returncode == 0, result.stderr
    head, columns, row = result.stdout.splitlines()
    assert head.startswith("Leonardo (1988): 2 players, 2 games, seats random,random (rotated each game)")
    assert columns.split()[:4] == ["level", "seats", "win", "rate"] and row.split()[:2] == ["random", "4"]


@pytest.mark.slow
@pytest.mark.parametrize("key", HOOKED or [pytest.param("none", marks=pytest.mark.skip(
    reason="no title has the agents' hooks (sample_state, evaluate) on this branch yet"))])
def test_greedy_and_mcts_play_within_a_tiny_budget(key):
    result = run_bot("arena", "--game", key, "--seats", "mcts,greedy", "--games", "1", "--budget-ms", "5",
                     "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert [f["level"] for f in report["levels"]] == ["mcts", "greedy"]
    assert all(f["fallbacks"] == 0 and f["decisions"] > 0 for f in report["levels"])


@pytest.mark.parametrize("args, line", [
    (["--seats", "random,genius"], "error: --seats: unknown level 'genius'; choose among random, greedy, mcts."),
    (["--seats", "random,random", "--players", "3"],
     "error: --seats names 2 levels for 3 players; give one level per seat, e.g. mcts,greedy,greedy."),
    (["--seats", "random"], "error: Le Torri di Bologna needs 2–4 players, not 1."),
    (["--seats", "random,random", "--games", "0"], "error: --games must be at least 1, not 0."),
    (["--seats", "random,random", "--budget-ms", "0"], "error: --budget-ms must be from 1 to 600000, not 0."),
    (["--seats", "random,random", "--jobs", "0"], "error: --jobs must be from 1 to 64, not 0."),
])
def test_refusals_are_one_line(args, line):
    assert one_error_line(run_bot("arena", "--game", "torri", *args)) == line


def test_a_title_without_hooks_is_refused_for_greedy_and_mcts(monkeypatch):
    from bot.cli.arena import ArenaError, check
    from tests.platform.bot_titles import PlainTorri, register

    register(monkeypatch, "plain_torri", PlainTorri)
    with pytest.raises(ArenaError) as refused:
        check("plain_torri", ["mcts", "greedy", "random"], games=1, budget_ms=5)
    assert str(refused.value) == ("Le Torri di Bologna cannot be played by greedy or mcts agents yet (it has no "
                                  "sample_state or evaluate); only random seats can play it.")
    check("plain_torri", ["random", "random"], games=1, budget_ms=5)


def test_an_unknown_game_and_a_missing_option_are_one_line():
    assert one_error_line(run_bot("arena", "--game", "chess", "--seats", "random")) == (
        "error: Unknown game 'chess'; available: bella_vista, leonardo, torri.")
    assert "the following arguments are required: --seats" in one_error_line(run_bot("arena", "--game", "torri"))


def test_the_cpu_clock_times_decisions_as_an_idle_machine_would_and_says_so():
    """Budgets are work: on the process's CPU time the same seeds play the same games as on the
    wall clock (no cap bites at this budget), and the table says which clock timed them."""
    runs = [run_bot("arena", "--game", "torri", "--seats", "greedy,random", "--games", "2", "--budget-ms", "200",
                    "--seed", "3", "--json", *extra) for extra in ([], ["--clock", "cpu"])]
    assert all(r.returncode == 0 for r in runs), [r.stderr for r in runs]
    wall, cpu = (json.loads(r.stdout) for r in runs)
    assert (wall["clock"], cpu["clock"]) == ("wall", "cpu")
    for a, b in zip(wall["levels"], cpu["levels"], strict=True):
        assert (a["win_rate"], a["mean_margin"], a["decisions"], a["work_p50"], a["work_max"]) == \
            (b["win_rate"], b["mean_margin"], b["decisions"], b["work_p50"], b["work_max"])
    table = run_bot("arena", "--game", "torri", "--seats", "random,random", "--games", "1", "--clock", "cpu")
    assert table.returncode == 0 and table.stdout.splitlines()[0].endswith(", times in CPU time")


def test_jobs_play_the_same_games_in_several_processes():
    """``--jobs 2``: two processes play the games, and the figures are those of one process (the
    budgets are work and nothing is capped at this budget); the
    progress line counts every game and the table says how many were played at once."""
    runs = [run_bot("arena", "--game", "torri", "--seats", "greedy,random,random", "--games", "5", "--budget-ms",
                    "200", "--seed", "11", "--clock", "cpu", "--json", *extra) for extra in ([], ["--jobs", "2"])]
    assert all(r.returncode == 0 for r in runs), [r.stderr for r in runs]
    one, two = (json.loads(r.stdout) for r in runs)
    assert (one["jobs"], two["jobs"]) == (1, 2)
    same = ("level", "seats_played", "win_rate", "win_rate_ci95", "mean_margin", "decisions", "work_p50", "work_max",
            "capped", "fallbacks")
    assert [{k: f[k] for k in same} for f in one["levels"]] == [{k: f[k] for k in same} for f in two["levels"]]
    assert one["mean_moves"] == two["mean_moves"] and one["levels"][0]["capped"] == 0
    assert runs[1].stderr.splitlines()[-1].startswith("5/5 games · ")
    table = run_bot("arena", "--game", "torri", "--seats", "random,random", "--games", "2", "--jobs", "2")
    assert table.returncode == 0, table.stderr
    assert table.stdout.splitlines()[0].endswith(", 2 games at once")
