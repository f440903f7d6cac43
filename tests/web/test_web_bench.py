"""``bench --viewers N``: the live page's figure runs end to end and every viewer gets every move."""

import json
import subprocess
import sys

import pytest

pytestmark = pytest.mark.slow


def test_the_viewers_figure():
    result = subprocess.run([sys.executable, "-m", "bot", "bench", "--viewers", "10", "--quick", "--json"],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    assert figures["viewers"] == 10 and figures["deliveries_missing"] == 0
    assert figures["rounds"] == 1  # (--quick watches one game; three without it)
    assert figures["viewers_nice"] == 19 and figures["viewers_policy"] == "normal"  # as the viewers' process reports it: they stand for browsers elsewhere
    assert 0 < figures["delivery_ms_p50"] <= figures["delivery_ms_p95"] <= figures["delivery_ms_max"]
    assert figures["loop_cpu_ms_per_move_with"] > 0 and figures["loop_lag_ms_p99_with"] >= 0
    # "without" is the quiet phases before and after the viewers, pooled: twice the samples of "with"
    assert 1.6 < figures["loop_lag_samples_without"] / figures["loop_lag_samples_with"] < 2.4


def test_the_viewers_figure_with_the_viewers_at_idle_priority_over_two_games():
    result = subprocess.run([sys.executable, "-m", "bot", "bench", "--viewers", "5", "--viewers-idle", "--viewers-rounds", "2",
                             "--quick", "--json"], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    assert figures["viewers_policy"] == "idle"  # (as the process reports it)
    # two games watched one after the other, pooled: every viewer got every move of both (a second
    # game's commits not stamped, or its stream not read, would count as missing)
    assert figures["rounds"] == 2 and len(figures["loop_lag_p99_ratio_each_round"]) == 2
    assert figures["deliveries_missing"] == 0 and figures["delivery_ms_p50"] > 0
