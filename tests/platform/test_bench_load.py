"""``bench --load GAMES --processes N``: the load figure on PostgreSQL, games played to the end by
two processes sharing the database; a bad process count is one line."""

import subprocess
import sys

import pytest

from bot.cli.load import load
from tests.patience import SUBPROCESS_SECONDS

pytestmark = pytest.mark.slow


def test_the_load_figure_on_postgresql_in_two_processes(postgres_url):
    """``load`` is what ``bench --load`` runs (``bench --json`` puts its figures under "load"); each
    process runs ``play``, the one-process figure's code."""
    figure = load(postgres_url, 2, "torri", 2)
    assert (figure["processes"], figure["games"]) == (2, 2)
    assert figure["moves"] > 20 and figure["moves_per_second"] > 0  # both games played to their end
    assert 0 < figure["move_ms_p50"] <= figure["move_ms_p99"]
    assert 0 <= figure["loop_lag_ms_p99"] <= figure["loop_lag_ms_max"]


def test_bad_process_counts_are_one_line():
    result = subprocess.run([sys.executable, "-m", "bot", "bench", "--load", "2", "--processes", "one"],
                            capture_output=True, text=True, timeout=SUBPROCESS_SECONDS)
    assert result.returncode == 2 and result.stderr.count("\n") == 1 and "--processes" in result.stderr
