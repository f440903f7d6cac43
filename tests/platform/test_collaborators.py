"""The service's collaborators are plain objects handed what they need: a test (or a tool) builds
only those it uses. Here the records of a game played through the whole service are read by a
``Records`` built alone over the same store, and they are the service's own."""

import json

from bot.play.records import Records
from bot.play.service import GameService
from bot.play.tables import Tables
from bot.play.workers import Workers
from tests.platform.platform_helpers import ANNE, NOW, by_id, seated_game


async def test_records_built_alone_read_what_the_service_wrote(store):
    service = GameService(store, clock=lambda: NOW)
    await seated_game(service, channel=1, key="torri")
    for _ in range(3):
        pending = await service.pending(1)
        mover = by_id(sorted(pending)[0])
        await service.act(1, mover, pending[mover.id][0])

    records = Records(Tables(store, clock=lambda: NOW), Workers(0))  # no lobby, no bots, no board, no outbox
    alone, whole = await records.export(1, ANNE), await service.export(1, ANNE)
    [(name, data)] = alone.attachments
    assert (name, data) == whole.attachments[0]
    assert [a["seq"] for a in json.loads(data)["actions"]] == [1, 2, 3]
    assert await records.log(1) == await service.log(1)
