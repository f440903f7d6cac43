"""The platform's fixtures. ``store`` (and ``service`` on it) is a fresh store on each backend the
test runs on: the store and service modules (``test_store*``, ``test_service*``) run on SQLite and
PostgreSQL, the others on SQLite. A test marked ``sqlite_only`` (it reads SQLite's own files or
statements) runs on SQLite alone."""

import pytest

from bot.play.service import GameService
from bot.store import Store

BOTH_BACKENDS = ("test_store", "test_service")


def pytest_configure(config):
    config.addinivalue_line("markers", "sqlite_only: a store test about SQLite itself (its file, pragmas, threads)")


def pytest_generate_tests(metafunc):
    if "backend" in metafunc.fixturenames:
        both = metafunc.module.__name__.rsplit(".", 1)[-1].startswith(BOTH_BACKENDS)
        sqlite_only = metafunc.definition.get_closest_marker("sqlite_only") is not None
        metafunc.parametrize("backend", ["sqlite", "postgresql"] if both and not sqlite_only else ["sqlite"])


@pytest.fixture
def database(backend, tmp_path, request):
    """Where a test's store lives: a SQLite file, or a fresh PostgreSQL database's URL."""
    if backend == "postgresql":
        return request.getfixturevalue("postgres_url")
    return str(tmp_path / "piazza.sqlite3")


@pytest.fixture
async def store(database):
    s = await Store.open(database)
    yield s
    await s.close()


@pytest.fixture
def service(store):
    return GameService(store)
