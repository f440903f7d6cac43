"""The features of issues 11 and 12 in a Brazilian server, through the Discord double: a game opened in
a thread of a pt-BR server by an English-speaking player is in Portuguese wherever the channel reads it:
the lobby's and the announcement's buttons (also after an English player pressed one), the board's
"waiting for" line, the half-time reminder (sent by the clock's sweep, which has no reader: a reminder
is public, or a DM whose reader the bot does not know) and the autopilot's line. Private answers stay in
the presser's language.

Until the pt-BR translations of these keys are merged this test fails, naming the first missing key;
checked with a copy of data/ carrying them (PIAZZA_DATA_DIR), and failing with the lobby's or the clock's
game language reverted.

The expected words are read from the pt-BR catalog itself: each key must be translated (the test says
so when it is not, rather than accepting the English fallback), and every fixed part of its template
must be in the post.
"""

from __future__ import annotations

import re
from pathlib import Path

from render.text import catalog
from tests.discord_double import DiscordDouble, Message
from tests.e2e.e2e_clock import POLL, Clock, until
from tests.e2e.e2e_table import open_table

GAME, OTHER = "pt-BR", "en"
LOBBY_KEYS = {"join": "bot.places.join", "leave": "bot.places.leave", "bot": "bot.places.add_bot",
              "start": "bot.places.start"}


def fragments(locale: str, key: str) -> list[str]:
    """The fixed parts of a key's template in ``locale`` (between its placeholders); the key must be
    translated there, not shown in English by the fallback."""
    words = catalog(locale)
    if locale != "en":
        assert key in words.templates, f"{key} has no {locale} translation yet"
    template = words.templates[key]
    assert isinstance(template, str), key
    return [part.strip() for part in re.split(r"\{[^{}]*\}", template) if part.strip()]


def says(message: Message, locale: str, key: str) -> bool:
    return all(part in message.content for part in fragments(locale, key))


def labels(message: Message) -> dict[str, str]:
    """custom id -> label of a message's buttons."""
    out: dict[str, str] = {}

    def walk(items) -> None:
        for c in items:
            if c.get("custom_id") and c.get("label"):
                out[c["custom_id"]] = c["label"]
            walk(c.get("components") or [])

    walk(message.current.components)
    return out


def button_words(game_id: int, acts: tuple[str, ...]) -> dict[str, str]:
    words = catalog(GAME)
    for act in acts:
        assert LOBBY_KEYS[act] in words.templates, f"{LOBBY_KEYS[act]} has no {GAME} translation yet"
    return {f"piazza:lobby:{game_id}:{act}": words.text_of(LOBBY_KEYS[act]) for act in acts}


async def test_lobby_buttons_reminder_and_autopilot_of_a_portuguese_game(threaded_double: DiscordDouble,
                                                                         tmp_path: Path) -> None:
    double, clock = threaded_double, Clock()
    double.guild.locale = "pt-BR"
    edward = double.add_user("edward", locale="en-GB")
    bruna = double.add_user("bruna", locale="pt-BR")
    games = double.channel("games")
    async with open_table(double, tmp_path / "piazza.sqlite3", clock=clock, deadline_poll_seconds=POLL) as table:
        before = {t.id for t in double.threads_of(games)}
        res = await double.slash(edward, games, "new", game="torri", options="clock=1")  # no lang: the server's
        [thread] = [t for t in double.threads_of(games) if t.id not in before]
        announcement = res.original
        [join] = announcement.custom_ids()
        game_id = int(join.split(":")[2])
        assert labels(announcement) == button_words(game_id, ("join",))
        lobby = next(m for m in double.public(thread) if m.custom_ids())
        assert labels(lobby) == button_words(game_id, ("join", "leave", "bot", "start"))

        res = await double.press(bruna, announcement, join)  # the pressed post is redrawn, still in Portuguese
        assert res.ephemeral and says(res.private[0], GAME, "bot.places.joined")
        assert labels(announcement) == button_words(game_id, ("join",))
        for act in ("leave", "join"):  # an English presser: told in English, the post stays Portuguese
            res = await double.press(edward, lobby, f"piazza:lobby:{game_id}:{act}")
            assert res.ephemeral and says(res.private[0], OTHER, f"bot.places.{act.replace('join', 'joined')}"
                                          .replace("leave", "left")), res.text
            assert labels(lobby) == button_words(game_id, ("join", "leave", "bot", "start"))
        res = await double.press(edward, lobby, f"piazza:lobby:{game_id}:start")
        assert res.ephemeral and says(res.private[0], OTHER, "bot.places.started_note")  # private: English
        board = [m for m in double.public(thread) if m.images][-1]
        assert says(board, GAME, "bot.board.your_move_left"), board.content  # the mention carries the clock

        [waiting] = await table.service.pending(thread.id)
        clock.advance(minutes=31)  # half of the hour: a reminder, in the game's language whoever it is for
        await until(double, lambda: any(m.pinged == {waiting} for m in double.public(thread) if not m.images))
        [reminder] = [m for m in double.public(thread) if m.pinged == {waiting} and not m.images]
        assert says(reminder, GAME, "bot.clock.reminder"), reminder.content
        assert not says(reminder, OTHER, "bot.clock.reminder"), reminder.content

        clock.advance(minutes=30)  # the hour is up: the autopilot plays that decision
        await until(double, lambda: any(says(m, GAME, "bot.clock.autopiloted") for m in double.public(thread)))
        [line] = [m for m in double.public(thread) if says(m, GAME, "bot.clock.autopiloted")]
        assert not says(line, OTHER, "bot.clock.autopiloted"), line.content
