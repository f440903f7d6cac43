"""``piazza run`` with the web page on: a bad PIAZZA_WEB or PIAZZA_WEB_URL, or an address that cannot
be bound, is one line and status 2, before anything reaches Discord."""

import socket
import subprocess
import sys


def run_bot(env):
    return subprocess.run([sys.executable, "-m", "bot", "run"], capture_output=True, text=True, timeout=120,
                          env={"PATH": "/usr/bin:/bin", "DISCORD_TOKEN": "x", **env})


def test_bad_web_settings_are_one_line():
    result = run_bot({"PIAZZA_WEB": "localhost"})
    assert result.returncode == 2 and result.stderr == (
        "error: PIAZZA_WEB must be an address and port such as 0.0.0.0:8080, not 'localhost'.\n")
    result = run_bot({"PIAZZA_WEB": "127.0.0.1:8080", "PIAZZA_WEB_URL": "piazza.example.org"})
    assert result.returncode == 2 and result.stderr == (
        "error: PIAZZA_WEB_URL must start with http:// or https://, not 'piazza.example.org'.\n")


def test_an_address_in_use_is_one_line(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run_bot({"PIAZZA_WEB": f"127.0.0.1:{port}", "PIAZZA_DB": str(tmp_path / "piazza.sqlite3"),
                          "PIAZZA_WORKERS": "0"})
    assert result.returncode == 2, result.stderr
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith(f"error: cannot serve the web page on 127.0.0.1:{port}: ") and "Traceback" not in result.stderr
