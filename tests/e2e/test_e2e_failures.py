"""Every interaction ends with an answer, even on a failure nobody planned for.

The failure here is real: a table of the bot's SQLite file disappears under it (renamed by
another connection). A slash command, the move autocomplete, the board's button and the move menu
each get a short apology, and each failure leaves exactly one traceback in the log."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tests.discord_double import DiscordDouble
from tests.e2e.e2e_table import open_game, open_table

APOLOGY = "Something went wrong on our side"


def break_table(db: Path, table: str, renamed: str) -> None:
    con = sqlite3.connect(db)
    con.execute(f"ALTER TABLE {table} RENAME TO {renamed}")
    con.commit()
    con.close()


async def test_unexpected_failures_get_an_apology_and_one_traceback(double: DiscordDouble, tmp_path: Path,
                                                                   error_log) -> None:
    db = tmp_path / "piazza.sqlite3"
    alice, bob, games = double.user("alice"), double.user("bob"), double.channel("games")
    async with open_table(double, db) as table:
        board = await open_game(double, games, [alice, bob], "bella_vista", "Bella Vista", None)
        game = await table.service.store.games.open_in(games.id)
        pending = await table.service.pending(games.id)
        actor = alice if alice.id in pending else bob
        res = await double.press(actor, board, f"piazza:turn:{game.id}")
        [menu] = [m for m in res.messages if m.ephemeral]
        [picker] = [c for c in menu.custom_ids() if c.startswith("piazza:pick:")]
        move = menu.find_component(picker)["options"][0]["value"]

        break_table(db, "seats", "seats_lost")
        failures = {
            "slash": double.slash(actor, games, "move", action=move),
            "button": double.press(actor, board, f"piazza:turn:{game.id}"),
            "menu": double.select(actor, menu, picker, [move]),
        }
        for kind, action in failures.items():
            res = await action
            assert res.responded and res.ephemeral and not res.public, (kind, res)
            assert APOLOGY in res.text and "Traceback" not in res.text, (kind, res.text)
            [logged] = error_log.take()
            assert logged.exc_info and "seats" in str(logged.exc_info[1]), (kind, logged.getMessage())
        [choice] = await double.autocomplete(actor, games, "move", focused="action", value="")
        assert APOLOGY in choice["name"] and choice["value"] == "?"
        [logged] = error_log.take()
        assert logged.exc_info

        break_table(db, "seats_lost", "seats")  # repaired: the game goes on
        res = await double.slash(actor, games, "move", action=move)
        assert "You played" in res.text and res.public
    assert double.unanswered() == []
