"""What a post may reveal and whom it may ping.

Display names are people's input: ``<@someone-else>``, ``**bold**`` or ``@everyone`` must show as
typed and never ping anyone, in every text (lobby, boards, waiting lists, /log, /games, the score
sheet), while the board image shows them unescaped. Each post pings exactly the players who owe a
decision. /games lists only the games in channels the caller can see."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.discord_double import VIEW_CHANNEL, DiscordDouble
from tests.e2e.e2e_clock import until
from tests.e2e.e2e_table import boards, open_game, open_table, stored_state


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


async def test_names_never_ping_and_show_as_typed(double: DiscordDouble, tmp_path: Path) -> None:
    from bot.play import registry
    from render.common import encode_image

    bob = double.user("bob")  # not playing: the name below must never ping him
    tricky = [double.add_user("mallory", display=f"<@{bob.id}>"), double.add_user("bolder", display="**bold**"),
              double.add_user("crowd", display="@everyone")]
    games = double.channel("games")
    clock = Clock()
    async with open_table(double, tmp_path / "piazza.sqlite3", clock=clock, deadline_poll_seconds=0.05) as table:
        res = await double.slash(tricky[0], games, "new", game="leonardo", options="deadline=2026-12-01")
        assert "<@\u200b" in res.original.content and f"<@{bob.id}>" not in res.original.content
        for user in tricky[1:]:
            await double.slash(user, games, "join")
        await double.slash(tricky[0], games, "start")
        for i, user in enumerate(tricky):
            await double.slash(user, games, "move", action="guelfi" if i % 2 else "ghibellini")
        texts = "\n".join([(await double.slash(tricky[1], games, "log")).text,
                           (await double.slash(tricky[1], games, "games")).text])
        assert "\\*\\*bold\\*\\*" in texts and "@\u200beveryone" in texts and f"<@{bob.id}>" not in texts

        # the board image draws the names as typed (no backslashes)
        row, state = await stored_state(table, games, registry.get("leonardo").engine)
        title = registry.get("leonardo")
        image = encode_image(title.renderer.board(title.engine.view(state, None), [u.display for u in tricky]))
        assert boards(double, games)[-1].images[0].data == image

        clock.now += timedelta(days=3)  # the deadline ends the game: the score sheet names everyone
        await until(double, lambda: "🏆" in double.public(games)[-1].content)
        final = double.public(games)[-1]
        assert "🏆" in final.content and "\\*\\*bold\\*\\*" in final.content

    for msg in double.history(games):
        asked = msg.mentions() if "Your move" in msg.content else set()
        assert msg.pinged == asked and not msg.pinged_everyone, msg  # exactly the players asked to decide
        assert bob.id not in msg.pinged and "@everyone" not in msg.content and "**bold**" not in msg.content


async def test_games_lists_only_channels_the_caller_can_see(double: DiscordDouble, tmp_path: Path) -> None:
    staff = double.add_role("staff")
    secret = double.add_channel("secret")
    alice, bob, carol, dave = (double.user(n) for n in ("alice", "bob", "carol", "dave"))
    alice.roles.append(staff.id)
    bob.roles.append(staff.id)
    dave.roles.append(staff.id)
    async with open_table(double, tmp_path / "piazza.sqlite3"):
        await double.set_overwrite(secret, None, deny=VIEW_CHANNEL)  # hidden from @everyone ...
        await double.set_overwrite(secret, staff, allow=VIEW_CHANNEL)  # ... but not from the staff
        await open_game(double, secret, [alice, bob], "leonardo", "Leonardo (1988)", None)
        await open_game(double, double.channel("games"), [carol, double.user("erin")], "leonardo",
                        "Leonardo (1988)", None)

        seen = (await double.slash(carol, double.channel("general"), "games")).text
        assert double.channel("games").mention in seen and secret.mention not in seen
        assert "Alice" not in seen  # nor who plays there
        seen = (await double.slash(dave, double.channel("general"), "games")).text
        assert double.channel("games").mention in seen and secret.mention in seen

        await double.set_overwrite(secret, dave, deny=VIEW_CHANNEL)  # one member denied, role or not
        seen = (await double.slash(dave, double.channel("general"), "games")).text
        assert secret.mention not in seen and double.channel("games").mention in seen
