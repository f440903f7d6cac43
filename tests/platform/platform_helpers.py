"""Seats and players shared by the platform tests."""

from bot.service import User

ANNE, BRUNO, ANDREA, SOFIA = User(11, "Anne"), User(12, "Bruno"), User(13, "Andrea"), User(14, "Sofia")
PLAYERS = [ANNE, BRUNO, ANDREA, SOFIA]


async def seated_game(service, channel=1, key="bella_vista", players=2, seed=3, options=None):
    await service.create(7, channel, ANNE, key, options)
    for user in PLAYERS[1:players]:
        await service.join(channel, user)
    return await service.start(channel, ANNE, seed=seed)


def by_id(user_id):
    return next(u for u in PLAYERS if u.id == user_id)
