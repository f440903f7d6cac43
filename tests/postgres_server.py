"""A throwaway PostgreSQL server for the tests, from the machine's own binaries (initdb, pg_ctl).

One server per test process (per xdist worker), started on first use, on a unix socket in a
temporary folder (no TCP port), stopped at the end of the session. PostgreSQL refuses to run as
root: as root, every command runs as the ``postgres`` system user (``runuser``). Each test gets a
fresh, empty database (``fresh_database``). fsync is off: these databases are thrown away.

Without the binaries the PostgreSQL tests skip with one line, unless ``PIAZZA_REQUIRE_POSTGRES=1``
(CI sets it), which makes them fail.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.patience import EVENT_SECONDS, SUBPROCESS_SECONDS

REQUIRE = "PIAZZA_REQUIRE_POSTGRES"
BINARIES = ("initdb", "pg_ctl")
SYSTEM_USER = "postgres"
WAIT = str(int(SUBPROCESS_SECONDS))  # pg_ctl -w gives up after 60 s by default: too soon on a busy machine


class Server:
    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="piazza-pg-"))
        self.data, self.socket = self.root / "data", self.root / "socket"
        self.socket.mkdir()
        self._as: list[str] = []
        if os.geteuid() == 0:  # the server refuses root
            user = pwd.getpwnam(SYSTEM_USER)
            for path in (self.root, self.socket):
                os.chown(path, user.pw_uid, user.pw_gid)
            self._as = ["runuser", "-u", SYSTEM_USER, "--"]
        self._names = itertools.count(1)

    def _run(self, *cmd: str) -> None:
        done = subprocess.run([*self._as, *cmd], capture_output=True, text=True,
                              timeout=SUBPROCESS_SECONDS)  # initdb on a busy machine: a hang only
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(cmd[:2])} failed: {(done.stderr or done.stdout).strip()[-500:]}")

    def start(self) -> Server:
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync",
                  "--no-instructions")
        options = (f"-k {self.socket} -c listen_addresses='' -c fsync=off -c synchronous_commit=off"
                   " -c full_page_writes=off -c max_connections=300")
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.root / "log"), "-w", "-t", WAIT, "-o", options, "start")
        return self

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "-t", WAIT, "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@/{database}?host={self.socket}"

    def fresh_database(self) -> str:
        """A new empty database's URL (named uniquely within this test process)."""
        name = f"piazza_{os.getpid()}_{next(self._names)}"
        self.admin(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def drop_database(self, url: str) -> None:
        name = url.rsplit("/", 1)[1].split("?", 1)[0]
        self.admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def admin(self, sql: str) -> None:
        """One statement on the server's own database, from a sync fixture (its own event loop,
        in a thread: a test's loop may be running)."""
        import asyncpg

        async def run() -> None:
            con = await asyncpg.connect(self.url())
            try:
                await con.execute(sql)
            finally:
                await con.close()

        with ThreadPoolExecutor(1) as pool:
            pool.submit(asyncio.run, run()).result(timeout=EVENT_SECONDS)


def missing() -> str | None:
    """Why the PostgreSQL tests cannot run here, or None."""
    absent = [b for b in BINARIES if shutil.which(b) is None]
    if absent:
        return f"PostgreSQL binaries not found ({', '.join(absent)}): the PostgreSQL backend is not tested"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam(SYSTEM_USER)
        except KeyError:
            return f"running as root and no {SYSTEM_USER!r} system user to run PostgreSQL as"
    return None


def unavailable(why: str) -> None:
    """Skip (one line), or fail when CI requires PostgreSQL."""
    if os.environ.get(REQUIRE) == "1":
        pytest.fail(f"{REQUIRE}=1 but {why}", pytrace=False)
    pytest.skip(why)
