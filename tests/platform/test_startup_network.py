"""``python -m bot run`` when Discord cannot be reached, refuses the token, or the database
cannot be opened: one ``error:`` line on stderr, no traceback, the documented status.

Each test runs the real entry point (``bot.__main__.main(["run"])``) in a fresh
interpreter. Discord's address is pointed at this machine: a loopback port nobody
listens on (no network), or the loopback Discord double told to refuse every token.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import textwrap
from pathlib import Path

from tests.patience import SUBPROCESS_SECONDS

ROOT = Path(__file__).resolve().parents[2]


def run_entry(tmp_path: Path, prelude: str, db: Path | None = None) -> subprocess.CompletedProcess:
    script = textwrap.dedent(prelude) + "\nfrom bot.__main__ import main\nsys.exit(main(['run']))\n"
    env = {"PATH": "/usr/bin:/bin", "DISCORD_TOKEN": "dummy-token",
           "PIAZZA_DB": str(db or tmp_path / "piazza.sqlite3"),
           "PYTHONPATH": str(ROOT)}  # the tests package (the Discord double), as pytest imports it
    return subprocess.run([sys.executable, "-c", "import sys\n" + script], capture_output=True, text=True,
                          env=env, cwd=tmp_path, timeout=SUBPROCESS_SECONDS)


def error_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("error:")]


def test_no_network_is_one_line_and_status_1(tmp_path):
    with socket.socket() as closed:  # bound but not listening: every connection is refused
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
        result = run_entry(tmp_path, f"""
            import discord
            discord.http.Route.BASE = "http://127.0.0.1:{port}/api/v10"
        """)
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert error_lines(result.stderr) == [result.stderr.splitlines()[-1]]
    assert result.stderr.splitlines()[-1].startswith(f"error: cannot reach Discord: Cannot connect to host 127.0.0.1:{port}")
    assert "voice will NOT be supported" not in result.stderr  # the bot never joins voice: no noise about it


def test_a_refused_token_is_one_line_and_status_2(tmp_path):
    result = run_entry(tmp_path, """
        import asyncio, threading
        from tests.discord_double import DiscordDouble
        from tests.discord_double.server import DoubleError

        class RefusingDouble(DiscordDouble):
            async def _get_me(self, request):
                raise DoubleError(401, 0, "401: Unauthorized")

        ready = threading.Event()

        async def serve():
            await RefusingDouble().start()  # points discord.py at it, for the whole process
            ready.set()
            await asyncio.Event().wait()

        threading.Thread(target=asyncio.run, args=(serve(),), daemon=True).start()
        ready.wait()  # no guess: the test's subprocess timeout bounds the whole run
    """)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.splitlines()[-1] == (
        "error: Discord refused the token in DISCORD_TOKEN; copy it again from the developer portal.")
    assert len(error_lines(result.stderr)) == 1


def test_a_database_in_a_missing_folder_is_one_line_and_status_2(tmp_path):
    db = tmp_path / "no-such-folder" / "piazza.sqlite3"
    result = run_entry(tmp_path, "", db=db)
    assert result.returncode == 2, result.stderr
    assert result.stderr == (f"error: cannot open the database {db}: the folder {db.parent} does not exist.\n")
