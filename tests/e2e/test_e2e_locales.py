"""Three languages at one table, through the Discord double: a Brazilian server (guild locale pt-BR), a
Brazilian, an Italian and an English player play each title to the end. Every ephemeral answer (refusals,
hands, autocomplete labels, the move menu, acknowledgements) is in its presser's language; every public post
(lobby lines, moves, boards' text, the button under them, the score sheet) in the game's, which /new took
from the server; the registered command localizations pass Discord's rules (the double checks them).

Which language a text is in is read from the catalogs themselves (``tests/locale_words.py``).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import discord
import pytest

from bot.play import registry
from tests.discord_double import Channel, DiscordDouble, Message, User
from tests.e2e.e2e_table import open_table
from tests.locale_words import assert_in_language, proper_words

pytestmark = pytest.mark.slow  # three whole games through the bot

LABEL = re.compile(r"^[ -~]+? · ")  # a menu entry: its ASCII notation, then what it means
GAMES = {"bella_vista": "", "torri": "max_rounds=15", "leonardo": "max_rounds=2"}


class Seen:
    def __init__(self, players: list[User], game_lang: str, locales: dict[int, str]):
        self.ignore = proper_words([p.display_name for p in players]
                                   + [t.engine.title for t in registry.titles().values()])
        self.game_lang, self.locales = game_lang, locales
        self.checked: dict[str, int] = {}

    def check(self, text: str, locale: str, kind: str) -> None:
        text = re.sub(r"<[@#]!?\d+>", " ", text)
        text = "\n".join(label_gloss(line) if LABEL.match(line) else line for line in text.splitlines())
        assert_in_language(text, locale, self.ignore)
        self.checked[kind] = self.checked.get(kind, 0) + 1

    def public(self, messages: list[Message]) -> None:
        for m in messages:
            self.check(m.text, self.game_lang, "public")

    def private(self, user: User, messages: list[Message]) -> None:
        for m in messages:
            assert m.visible_to(user)
            self.check(m.text, self.locales[user.id], "ephemeral")


def label_gloss(label: str) -> str:
    """An autocomplete label's explanation (its notation part stays ASCII in every language)."""
    return label.split(" · ", 1)[1] if " · " in label else ""


async def play_to_the_end(double: DiscordDouble, table, channel: Channel, players: list[User], seen: Seen,
                          rng: random.Random) -> Message:
    by_id = {p.id: p for p in players}
    moves = 0
    hand_shown: set[int] = set()
    while True:
        row = await table.service.store.games.open_in(channel.id)
        if row is None or row.status != "active":
            break
        pending = await table.service.pending(channel.id)
        user_id = rng.choice(sorted(pending))
        user = by_id[user_id]
        locale = seen.locales[user_id]
        idle = [p for p in players if p.id not in pending]
        if idle and moves % 7 == 0:  # someone who cannot move is told why, in their language
            intruder = rng.choice(idle)
            [why] = await double.autocomplete(intruder, channel, "move", focused="action", value="")
            seen.check(why["name"], seen.locales[intruder.id], "autocomplete refusal")
            res = await double.slash(intruder, channel, "move", action=pending[user_id][0])
            assert res.ephemeral and not res.public
            seen.private(intruder, res.private)
        if user_id not in hand_shown:  # the button under the last board opens the presser's hand
            board = [m for m in double.public(channel) if m.custom_ids()][-1]
            [button] = [c for c in board.custom_ids() if c.startswith("piazza:turn:")]
            res = await double.press(user, board, button)
            seen.private(user, res.private)
            hand_shown.add(user_id)
        suggestions = await double.autocomplete(user, channel, "move", focused="action", value="")
        for s in suggestions:
            if gloss := label_gloss(s["name"]):
                seen.check(gloss, locale, "autocomplete label")
        legal = pending[user_id]
        choice = rng.choice([s["value"] for s in suggestions if s["value"] in legal] or legal)
        res = await double.slash(user, channel, "move", action=choice)
        assert res.ephemeral, res
        seen.private(user, res.private)
        seen.public(res.public)
        moves += 1
    final = [m for m in double.public(channel) if m.images][-1]
    return final


@pytest.mark.parametrize("key", sorted(GAMES))
async def test_a_brazilian_server_an_italian_and_an_english_player_play_to_the_end(
        double: DiscordDouble, tmp_path: Path, key: str) -> None:
    double.guild.locale = "pt-BR"
    bruna = double.add_user("bruna", locale="pt-BR")
    giulia = double.add_user("giulia", locale="it")
    edward = double.add_user("edward", locale="en-GB")
    players = [bruna, giulia, edward]
    locales = {bruna.id: "pt-BR", giulia.id: "it", edward.id: "en"}
    seen = Seen(players, "pt-BR", locales)
    channel = double.channel("games")
    async with open_table(double, tmp_path / "piazza.sqlite3") as table:
        options = {"options": GAMES[key]} if GAMES[key] else {}
        res = await double.slash(giulia, channel, "new", game=key, **options)  # no lang: the server's
        assert not res.ephemeral
        seen.public(res.public)
        assert "abriu uma partida" in res.original.content
        res = await double.slash(giulia, channel, "join")  # already seated: told so in Italian
        assert res.ephemeral and "Sei già in questa partita." in res.text
        for user in (bruna, edward):
            res = await double.slash(user, channel, "join")
            seen.public(res.public)
        res = await double.slash(edward, channel, "start")
        assert res.ephemeral and "The game has started" in res.private[0].text
        seen.private(edward, res.private)
        seen.public(res.public)
        [board] = [m for m in res.public if m.images]
        assert board.components and "Minha mão / minha jogada" in board.text

        final = await play_to_the_end(double, table, channel, players, seen, random.Random(key))
        assert ("vence a partida de **" in final.content or "dividem a vitória" in final.content) and "🏆" in final.content
        res = await double.slash(edward, channel, "board")  # the game is over: told in English
        assert res.ephemeral
        seen.private(edward, res.private)
    assert seen.checked["public"] > 5 and seen.checked["ephemeral"] > 5 and seen.checked["autocomplete label"]
    assert not double.violations


async def test_registered_commands_carry_valid_portuguese_and_italian_localizations(
        double: DiscordDouble, tmp_path: Path) -> None:
    async with open_table(double, tmp_path / "piazza.sqlite3"):
        commands = list(double.commands[double.guild.id].values())
    assert not double.violations
    new = next(c for c in commands if c["name"] == "new")
    assert new["name_localizations"] == {"pt-BR": "nova", "it": "nuova"}
    assert new["description_localizations"]["it"].startswith("Apri una nuova partita")
    lang = next(o for o in new["options"] if o["name"] == "lang")
    assert [c["value"] for c in lang["choices"]] == ["en", "pt-BR", "it"]
    assert lang["name_localizations"] == {"pt-BR": "língua", "it": "lingua"}
    bot = next(c for c in commands if c["name"] == "bot")
    add = next(o for o in bot["options"] if o["name"] == "add")
    level = add["options"][0]
    assert {c["value"]: c["name_localizations"]["pt-BR"] for c in level["choices"]}["greedy"] == "guloso"
    for cmd in commands:  # every command and option has both languages' words
        for item in [cmd, *(cmd.get("options") or [])]:
            assert set(item.get("name_localizations") or {}) == {"pt-BR", "it"}, item["name"]
            assert set(item.get("description_localizations") or {}) == {"pt-BR", "it"}, item["name"]


@pytest.mark.parametrize("bad, code", [
    ({"name_localizations": {"pt-BR": "Nova"}}, "APPLICATION_COMMAND_INVALID_NAME"),
    ({"name_localizations": {"it": "due parole"}}, "APPLICATION_COMMAND_INVALID_NAME"),
    ({"name_localizations": {"it": "x" * 33}}, "APPLICATION_COMMAND_INVALID_NAME"),
    ({"name_localizations": {"pt": "nova"}}, "LOCALE_INVALID"),
    ({"description_localizations": {"it": "d" * 101}}, "BASE_TYPE_BAD_LENGTH"),
    ({"description_localizations": {"it": ""}}, "BASE_TYPE_BAD_LENGTH"),
])
async def test_the_double_refuses_localizations_discord_refuses(double: DiscordDouble, bad: dict, code: str) -> None:
    bot = discord.Client(intents=discord.Intents.none())
    async with double.running(bot):
        command = {"name": "ok", "description": "fine", "type": 1, **bad}
        with pytest.raises(discord.HTTPException):
            await bot.http.bulk_upsert_guild_commands(bot.application_id, double.guild.id, [command])
        [v] = double.pop_violations()
        assert code in str(v.errors)
        fine = {"name": "ok", "description": "fine", "type": 1,
                "name_localizations": {"pt-BR": "mão", "hi": "मदद", "th": "ช่วยเหลือ", "ja": "ヘルプ"},
                "options": [{"name": "a", "description": "x", "type": 3, "name_localizations": {"it": "b"},
                             "choices": [{"name": "c", "value": "c", "name_localizations": {"it": "C maiuscola"}}]},
                            {"name": "b", "description": "x", "type": 3, "required": False}]}
        with pytest.raises(discord.HTTPException):  # 'a' is called 'b' in Italian, like the other option
            await bot.http.bulk_upsert_guild_commands(bot.application_id, double.guild.id, [fine])
        assert "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS" in str(double.pop_violations()[0].errors)
        fine["options"][0]["name_localizations"] = {"it": "a2"}
        await bot.http.bulk_upsert_guild_commands(bot.application_id, double.guild.id, [fine])
        assert not double.pop_violations()
