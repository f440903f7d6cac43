"""Undo through the Discord double: the button in the mover's private reply takes the move back
(after a restart too), the channel's board says so, and /undo refuses privately with its reason."""

from __future__ import annotations

from pathlib import Path

from tests.discord_double import DiscordDouble
from tests.e2e.e2e_table import only_public_board, open_game, open_table


async def test_the_undo_button_and_the_refusals(double: DiscordDouble, tmp_path: Path) -> None:
    players = [double.user("alice"), double.user("bob")]
    games = double.channel("games")
    async with open_table(double, tmp_path / "piazza.sqlite3") as table:
        await open_game(double, games, players, "torri", "Torri", None)
        start = await table.service.store.games.open_in(games.id)
        pending = await table.service.pending(games.id)
        mover = next(u for u in players if u.id in pending)
        other = next(u for u in players if u is not mover)
        res = await double.slash(mover, games, "move", action=pending[mover.id][0])
        reply = res.original
        assert f"piazza:undo:{start.id}" in reply.custom_ids()
        res = await double.slash(other, games, "undo")
        assert res.ephemeral and not res.public and "no move to take back" in res.text, res.text

        await table.restart()
        res = await double.press(mover, reply, f"piazza:undo:{start.id}")
        board = only_public_board(res)
        assert "took back their last move" in board.content and "taken back" in res.text
        row = await table.service.store.games.open_in(games.id)
        assert row.snapshot == start.snapshot and row.version == 2
        res = await double.press(mover, reply, f"piazza:undo:{start.id}")
        assert res.ephemeral and not res.public and "already taken back" in res.text, res.text
