"""The Discord double itself, driven by a minimal real discord.py bot defined here."""

from __future__ import annotations

import asyncio
import io
import struct
import zlib

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.discord_double import ClientRefused, DiscordDouble
from tests.discord_double.server import ANSWER_DEADLINE


def tiny_png(width: int = 3, height: int = 2) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


FRUITS = ["apple", "apricot", "banana", "blackberry", "cherry", "grape", "lemon", "lime", "mango", "melon"]


class Counter(discord.ui.View):
    """A persistent view: survives restarts because its custom_id is fixed and timeout is None."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Count", custom_id="demo:count", style=discord.ButtonStyle.primary)
    async def count(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        n = int(interaction.message.content.split()[-1]) + 1
        await interaction.response.edit_message(content=f"Count: {n}")

    @discord.ui.select(custom_id="demo:fruit", options=[discord.SelectOption(label=f, value=f) for f in FRUITS[:4]])
    async def fruit(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.send_message(f"{interaction.user.name} picked {select.values[0]}", ephemeral=True)


def make_bot(guild_id: int, *, too_many_choices: bool = False) -> commands.Bot:
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default())
    guild = discord.Object(guild_id)

    @bot.tree.command(description="A secret for you and a public picture")
    async def picture(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("only you see this", ephemeral=True)
        await interaction.followup.send("for everyone", file=discord.File(io.BytesIO(tiny_png()), "board.png"))

    @bot.tree.command(description="Pick a fruit")
    @app_commands.describe(fruit="Start typing")
    async def pick(interaction: discord.Interaction, fruit: str) -> None:
        await interaction.response.send_message(f"{interaction.user.mention} picked {fruit}")

    @pick.autocomplete("fruit")
    async def pick_auto(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=f.title(), value=f) for f in FRUITS if f.startswith(current)]

    @bot.tree.command(description="Autocomplete that answers too many choices")
    async def greedy(interaction: discord.Interaction, word: str) -> None:
        await interaction.response.send_message(word)

    @greedy.autocomplete("word")
    async def greedy_auto(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=f"w{i}", value=f"w{i}") for i in range(30)]

    @bot.tree.command(description="Post the counter panel")
    async def panel(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Count: 0", view=Counter())

    @bot.tree.command(description="Answer too late")
    async def slow(interaction: discord.Interaction) -> None:
        await asyncio.sleep(3.1)
        try:
            await interaction.response.send_message("late")
        except discord.NotFound as e:
            bot.late_error = e  # type: ignore[attr-defined]

    @bot.tree.command(description="Answer twice")
    async def twice(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("first")
        try:
            # a fresh InteractionResponse forgets discord.py's own guard, so the request reaches "Discord"
            await discord.InteractionResponse(interaction).send_message("second")
        except discord.HTTPException as e:
            bot.twice_error = e  # type: ignore[attr-defined]

    @bot.tree.command(description="Say too much")
    async def chatty(interaction: discord.Interaction) -> None:
        try:
            await interaction.response.send_message("x" * 2001)
        except discord.HTTPException as e:
            bot.chatty_error = e  # type: ignore[attr-defined]
            await interaction.response.send_message("that was too long", ephemeral=True)

    @bot.tree.command(description="Think, then answer")
    @app_commands.describe(seconds="How long", who="Whom to greet")
    async def think(interaction: discord.Interaction, seconds: app_commands.Range[int, 0, 5],
                    who: discord.Member | None = None) -> None:
        await interaction.response.defer(thinking=True)
        await asyncio.sleep(seconds / 10)
        name = who.mention if who else "nobody"
        await interaction.followup.send(f"thought {seconds} for {name}")
        await interaction.channel.send("and a channel post")

    @bot.tree.command(description="Edit and delete messages")
    async def edits(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("a")
        await interaction.edit_original_response(content="b", embed=discord.Embed(title="T", description="D"))
        follow = await interaction.followup.send("c", wait=True, ephemeral=True)
        await follow.edit(content="d")
        posted = await interaction.channel.send("e")
        await posted.edit(content="f", attachments=[discord.File(io.BytesIO(tiny_png()), "p.png")])
        await interaction.delete_original_response()

    if too_many_choices:
        @bot.tree.command(description="Too many choices")
        @app_commands.choices(n=[app_commands.Choice(name=str(i), value=i) for i in range(26)])
        async def many(interaction: discord.Interaction, n: app_commands.Choice[int]) -> None:
            await interaction.response.send_message(str(n.value))

    async def setup_hook() -> None:
        bot.add_view(Counter())
        bot.tree.copy_global_to(guild=guild)
        try:
            await bot.tree.sync(guild=guild)
        except discord.HTTPException as e:
            bot.sync_error = e  # type: ignore[attr-defined]

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    return bot


async def test_login_ready_and_sync(double: DiscordDouble) -> None:
    bot = make_bot(double.guild.id)
    async with double.running(bot):
        assert bot.user.id == double.bot_user.id
        assert bot.application_id == double.application_id
        guild = bot.get_guild(double.guild.id)
        assert guild is not None and guild.get_channel(double.channel("games").id) is not None
        assert guild.me is not None and guild.member_count == len(double.members())
        assert guild.default_role.id == guild.id
        synced = double.commands[double.guild.id]
        assert {name for name, _ in synced} >= {"picture", "pick", "panel", "think"}
        assert double.command("think")["options"][0]["max_value"] == 5
        assert ("GET", "/users/@me") in double.requests and ("GET", "/oauth2/applications/@me") in double.requests
    assert bot.is_closed()


async def test_sync_refuses_invalid_names_and_26th_choice(double: DiscordDouble) -> None:
    bot = make_bot(double.guild.id, too_many_choices=True)
    async with double.running(bot):
        assert bot.sync_error.status == 400 and bot.sync_error.code == 50035
        [v] = double.pop_violations()
        assert v.code == 50035 and "choices" in str(v.errors)
        assert double.guild.id not in double.commands  # nothing stored from a refused sync
        bad = [
            {"name": "BadName", "description": "uppercase", "type": 1},
            {"name": "ok", "description": "d" * 101, "type": 1},
            {"name": "opts", "description": "26 options", "type": 1,
             "options": [{"name": f"o{i}", "description": "x", "type": 3} for i in range(26)]},
            {"name": "huge", "description": "d", "type": 1, "options": [
                {"name": f"o{i}", "description": "x" * 100, "type": 3,
                 "choices": [{"name": "n" * 100, "value": "v" * 100} for _ in range(25)]} for i in range(3)]},
        ]
        with pytest.raises(discord.HTTPException) as err:
            await bot.http.bulk_upsert_guild_commands(bot.application_id, double.guild.id, bad)
        assert err.value.code == 50035
        [v] = double.pop_violations()
        assert set(v.errors) == {"0", "1", "2", "3"}
        assert "APPLICATION_COMMAND_INVALID_NAME" in str(v.errors["0"])
        assert "BASE_TYPE_MAX_LENGTH" in str(v.errors["2"]["options"])
        assert "APPLICATION_COMMAND_TOO_LARGE" in str(v.errors["3"])


async def test_ephemeral_reply_public_file_autocomplete_and_thinking(double: DiscordDouble) -> None:
    alice, bob, games = double.user("alice"), double.user("bob"), double.channel("games")
    async with double.running(make_bot(double.guild.id)):
        res = await double.slash(alice, games, "picture")
        assert res.response_type == 4 and res.ephemeral
        assert [m.text for m in res.private] == ["only you see this"]
        [public] = res.public
        assert public.content == "for everyone" and public.images[0].filename == "board.png"
        assert public.images[0].content_type == "image/png" and public.images[0].data == tiny_png()
        assert res.original in double.seen_by(alice) and res.original not in double.seen_by(bob)
        assert double.public(games) == [public]

        assert [c["value"] for c in await double.autocomplete(alice, games, "pick", focused="fruit", value="ap")] \
            == ["apple", "apricot"]
        res = await double.slash(bob, games, "pick", fruit="mango")
        assert res.original.content == f"{bob.mention} picked mango" and bob.id in res.original.mentions()

        res = await double.slash(alice, games, "think", seconds=2, who="bob")
        assert res.response_type == 5
        # the first follow-up fills the "thinking" message; the channel post is a separate message
        assert [m.text for m in res.public] == [f"thought 2 for {bob.mention}", "and a channel post"]
        assert not res.original.loading and double.unanswered() == []
        with pytest.raises(ClientRefused):
            await double.slash(alice, games, "think", seconds=6)  # Range is enforced by the Discord client


async def test_autocomplete_over_25_choices_is_refused(double: DiscordDouble, error_log) -> None:
    alice, games = double.user("alice"), double.channel("games")
    async with double.running(make_bot(double.guild.id)):
        res = await double.autocomplete_result(alice, games, "greedy", focused="word", value="")
        assert not res.responded
        [v] = double.pop_violations()
        assert v.code == 50035 and "choices" in v.errors["data"]
    assert any("greedy" in r.getMessage() or r.exc_info for r in error_log.take())


async def test_persistent_view_survives_restart(double: DiscordDouble) -> None:
    alice, bob, games = double.user("alice"), double.user("bob"), double.channel("games")
    async with double.running(make_bot(double.guild.id)):
        panel = (await double.slash(alice, games, "panel")).original
        res = await double.press(bob, panel, "demo:count")
        assert res.response_type == 7 and panel.content == "Count: 1"
    async with double.running(make_bot(double.guild.id)):  # a brand-new client, same double
        res = await double.press(alice, panel, "demo:count")
        assert res.response_type == 7 and panel.content == "Count: 2"
        res = await double.select(bob, panel, "demo:fruit", ["banana"])
        assert res.ephemeral and res.original.content == "bob picked banana"
        assert res.original.visible_to(bob) and not res.original.visible_to(alice)
        with pytest.raises(ClientRefused):
            await double.select(bob, panel, "demo:fruit", ["durian"])
    assert [v.content for v in panel.versions] == ["Count: 0", "Count: 1", "Count: 2"]


async def test_late_reply_is_unknown_interaction(double: DiscordDouble) -> None:
    double.response_deadline = ANSWER_DEADLINE  # Discord's own (the fixtures give more: tests.patience)
    bot = make_bot(double.guild.id)
    async with double.running(bot):
        res = await double.slash(double.user("alice"), double.channel("games"), "slow")
        assert not res.responded and double.unanswered() == [res.interaction]
        assert bot.late_error.code == 10062 and bot.late_error.status == 404
        [v] = double.pop_violations()
        assert v.code == 10062


async def test_second_response_is_already_acknowledged(double: DiscordDouble) -> None:
    bot = make_bot(double.guild.id)
    async with double.running(bot):
        res = await double.slash(double.user("alice"), double.channel("games"), "twice")
        assert [m.content for m in res.messages] == ["first"]
        assert bot.twice_error.code == 40060 and bot.twice_error.status == 400
        [v] = double.pop_violations()
        assert v.code == 40060


async def test_message_over_2000_characters_is_refused(double: DiscordDouble) -> None:
    bot = make_bot(double.guild.id)
    async with double.running(bot):
        res = await double.slash(double.user("alice"), double.channel("games"), "chatty")
        assert bot.chatty_error.code == 50035
        assert res.ephemeral and res.original.content == "that was too long"
        [v] = double.pop_violations()
        assert "content" in v.errors and v.status == 400


async def test_follow_up_after_token_expiry_is_refused(double: DiscordDouble) -> None:
    bot = make_bot(double.guild.id)
    async with double.running(bot):
        res = await double.slash(double.user("alice"), double.channel("games"), "panel")
        interaction_token = res.interaction.token
        double.age_interaction(res, 15 * 60 + 1)
        webhook = discord.Webhook.partial(bot.application_id, interaction_token, client=bot)
        with pytest.raises(discord.HTTPException) as err:
            await webhook.send("too late", wait=True)
        assert err.value.code == 50027
        [v] = double.pop_violations()
        assert v.status == 401


def _rows(n_rows: int, per_row: int, **button: object) -> list[dict]:
    return [{"type": 1, "components": [{"type": 2, "style": 1, "label": "b", "custom_id": f"r{r}b{i}", **button}
                                       for i in range(per_row)]} for r in range(n_rows)]


BAD_MESSAGES = {
    "six rows": ({"content": "x", "components": _rows(6, 1)}, "components"),
    "six buttons": ({"content": "x", "components": _rows(1, 6)}, "components"),
    "long custom_id": ({"content": "x", "components": [{"type": 1, "components": [
        {"type": 2, "style": 1, "label": "b", "custom_id": "c" * 101}]}]}, "custom_id"),
    "long label": ({"content": "x", "components": _rows(1, 1, label="l" * 81)}, "label"),
    "26 select options": ({"content": "x", "components": [{"type": 1, "components": [
        {"type": 3, "custom_id": "s", "options": [{"label": str(i), "value": str(i)} for i in range(26)]}]}]},
        "options"),
    "long title": ({"embeds": [{"title": "t" * 257}]}, "title"),
    "26 fields": ({"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]}, "fields"),
    "long field value": ({"embeds": [{"fields": [{"name": "n", "value": "v" * 1025}]}]}, "value"),
    "embeds over 6000": ({"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]}, "MAX_EMBED_SIZE"),
    "eleven embeds": ({"embeds": [{"title": "t"}] * 11}, "embeds"),
    "long footer": ({"embeds": [{"footer": {"text": "f" * 2049}}]}, "footer"),
}


@pytest.mark.parametrize("case", sorted(BAD_MESSAGES))
async def test_channel_post_limits(double: DiscordDouble, case: str) -> None:
    payload, where = BAD_MESSAGES[case]
    bot = make_bot(double.guild.id)
    async with double.running(bot):
        route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=double.channel("general").id)
        with pytest.raises(discord.HTTPException) as err:
            await bot.http.request(route, json=payload)
        assert err.value.status == 400 and err.value.code == 50035
        [v] = double.pop_violations()
        assert where in str(v.errors)
        assert double.public() == []
        ok = await bot.http.request(route, json={"content": "fine", "components": _rows(5, 5)})
        assert double.public()[0].id == int(ok["id"])


async def test_attachment_over_the_size_limit_is_refused(double: DiscordDouble) -> None:
    double.attachment_size_limit = 1000
    bot = make_bot(double.guild.id)
    async with double.running(bot):
        channel = bot.get_channel(double.channel("general").id)
        with pytest.raises(discord.HTTPException) as err:
            await channel.send(file=discord.File(io.BytesIO(b"\0" * 1001), "big.bin"))
        assert err.value.status == 413 and err.value.code == 40005
        [v] = double.pop_violations()
        assert v.code == 40005
        with pytest.raises(discord.HTTPException) as err:
            await channel.send("")
        assert err.value.code == 50006
        double.pop_violations()
        sent = await channel.send(file=discord.File(io.BytesIO(tiny_png()), "ok.png"))
        assert sent.attachments[0].width == 3 and double.public()[0].images[0].data == tiny_png()


async def test_edits_and_deletes_are_recorded(double: DiscordDouble) -> None:
    alice, bob, games = double.user("alice"), double.user("bob"), double.channel("games")
    async with double.running(make_bot(double.guild.id)):
        res = await double.slash(alice, games, "edits")
    original, follow, posted = res.messages
    assert original.deleted and [v.text() for v in original.versions] == ["a", "b\nT\nD"]
    assert follow.ephemeral and follow.content == "d" and follow.via == "followup"
    assert follow.visible_to(alice) and not follow.visible_to(bob)
    assert posted.via == "channel" and posted.interaction_user is None and posted.images[0].filename == "p.png"
    assert double.public(games) == [posted] and double.seen_by(alice, games) == [follow, posted]
    assert "a" in double.public_texts_ever(games)


async def test_reconnect_resumes_the_session(double: DiscordDouble) -> None:
    bot = make_bot(double.guild.id)
    resumed = asyncio.Event()

    async def on_resumed() -> None:
        resumed.set()

    bot.add_listener(on_resumed)
    async with double.running(bot):
        first = double.current_session()
        await double.request_reconnect()
        assert resumed.is_set()
        second = double.current_session()
        assert second is not first and second.session_id == first.session_id
        res = await double.slash(double.user("alice"), double.channel("games"), "pick", fruit="lime")
        assert res.original.content.endswith("picked lime")


async def test_a_held_request_waits_until_released(double: DiscordDouble) -> None:
    alice, games = double.user("alice"), double.channel("games")
    async with double.running(make_bot(double.guild.id)):
        held = double.hold("POST", "/channels/{cid}/messages")
        action = asyncio.create_task(double.slash(alice, games, "think", seconds=0))
        try:
            await held.arrived()  # the bot has answered and is waiting on its channel post
            await asyncio.sleep(0.1)
            assert [m.content for m in double.public(games)] == ["thought 0 for nobody"] and not action.done()
        finally:
            held.release()
        res = await action
    assert [m.content for m in res.public] == ["thought 0 for nobody", "and a channel post"]
