import pytest

from bot.play.service import GameService
from bot.store import Store


@pytest.fixture
async def store(tmp_path):
    s = await Store.open(tmp_path / "piazza.sqlite3")
    yield s
    await s.close()


@pytest.fixture
def service(store):
    return GameService(store)
