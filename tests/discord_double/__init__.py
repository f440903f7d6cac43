"""A loopback Discord double: REST + gateway on 127.0.0.1 for the real, unmodified discord.py client.

Usage::

    double = await DiscordDouble().start()          # binds 127.0.0.1:0, points discord.py at itself
    async with double.running(bot):                 # bot.start(), wait for READY + settle; bot.close() on exit
        alice, games = double.user("alice"), double.channel("games")
        res = await double.slash(alice, games, "move", action="offer 5 #6")   # -> InteractionResult
        choices = await double.autocomplete(alice, games, "move", focused="action", value="off")
        res = await double.press(alice, res.public[0], "piazza:turn:1")
        res = await double.select(alice, menu_message, "piazza:pick:1:3", ["build B3-C3"])
    double.public(games); double.seen_by(alice); double.public_texts_ever(games)
    double.pop_violations()                          # requests Discord would have refused (code, errors)
    msg.pinged, msg.pinged_everyone                  # whom a message notified, given its allowed_mentions
    staff = double.add_role("staff"); double.add_channel("secret")   # before the bot connects
    second = double.add_guild("Other", on_shard=(1, 2)); double.channel("games", second)  # guilds.py
    held = double.hold("POST", "/channels/{cid}/messages"); await held.arrived(); held.drop()  # holds.py
    double.remote_bots = True                        # bots in other processes: wait for their follow-ups
    await double.set_overwrite(channel, None, deny=VIEW_CHANNEL)       # @everyone, a Role or a User
    await double.close()

Each action waits until the bot has answered and gone idle (no request in flight, no discord.py handler
task running, nothing new for ``settle`` seconds). What Discord refuses is answered with Discord's error
shape and recorded in ``double.violations``; the e2e ``double`` fixture fails a test that leaves any.
"""

from .actions import ClientRefused
from .holds import Hold
from .models import (
    EPHEMERAL,
    VIEW_CHANNEL,
    Attachment,
    Channel,
    Guild,
    InteractionRecord,
    InteractionResult,
    Message,
    Role,
    User,
    Violation,
)
from .server import DiscordDouble, DoubleError

__all__ = [
    "EPHEMERAL",
    "VIEW_CHANNEL",
    "Attachment",
    "Channel",
    "ClientRefused",
    "DiscordDouble",
    "DoubleError",
    "Guild",
    "Hold",
    "InteractionRecord",
    "InteractionResult",
    "Message",
    "Role",
    "User",
    "Violation",
]
