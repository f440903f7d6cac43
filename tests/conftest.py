"""Suite-wide settings. The ``slow`` mark (a whole game through the bot, random playouts, a built
wheel, the benchmark) lets ``-m "not slow"`` give a quick loop; the whole suite runs them all."""

from __future__ import annotations

import pytest

# Whole modules of slow tests in files whose owners have not marked them yet (each is a full
# game through the Discord double, or random games to the end). Move the mark into the file
# (``pytestmark = pytest.mark.slow``) and drop its line here.
SLOW_MODULES = (
    "tests/e2e/test_e2e_bella_vista.py",
    "tests/e2e/test_e2e_leonardo.py",
    "tests/e2e/test_e2e_torri.py",
    "tests/bella_vista/test_bella_vista_random.py",
    "tests/leonardo/test_leonardo_random.py",
    "tests/torri/test_torri_random.py",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.location[0] in SLOW_MODULES:
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session", autouse=True)
def _moves_workers_stopped():
    """The test process's pool of move workers (``bot.play.workers``, started by the first move of
    any service) is shut down when the session ends: no worker outlives the suite."""
    yield
    from bot.play.workers import shutdown_shared

    shutdown_shared()


# --- PostgreSQL (tests/postgres_server.py): one throwaway server per test process ---------------
@pytest.fixture(scope="session")
def postgres_server():
    from tests.postgres_server import Server, missing, unavailable

    why = missing()
    if why is not None:
        unavailable(why)
    server = Server()
    try:
        server.start()
    except (RuntimeError, OSError) as exc:
        server.stop()
        unavailable(f"the throwaway PostgreSQL server did not start: {exc}")
    yield server
    server.stop()


@pytest.fixture
def postgres_url(postgres_server):
    """A fresh, empty database on the session's server, dropped after the test."""
    url = postgres_server.fresh_database()
    yield url
    postgres_server.drop_database(url)
