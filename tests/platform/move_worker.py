"""A bot process's worth of moves, for the kill test: ``python -m tests.platform.move_worker URL CHANNEL``
plays the open game of CHANNEL move after move through the real service on the store at URL,
printing ``moved <version>`` after each, until the game ends or the process is killed."""

import asyncio
import sys

from bot.play.service import GameService
from bot.store import Store
from tests.platform.platform_helpers import by_id


async def main(url: str, channel: int) -> None:
    store = await Store.open(url)
    service = GameService(store)
    await service.workers.start()  # as the bot does before it logs in (bot.chat.run)
    print(f"owner {service.owner}", flush=True)
    while (row := await store.games.open_in(channel)) is not None and row.status == "active":
        pending = await service.pending(channel)
        uid = sorted(pending)[0]
        post = await service.act(channel, by_id(uid), pending[uid][0])
        print(f"moved {post.version}", flush=True)
    await store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
