"""Private move menus stay valid while the decision they were made for is still the presser's.

In Leonardo's simultaneous decisions (here the factions, four players) each answer bumps the game
version; a menu is tied to its seat's decision instead, so every menu opened at the start still
plays. Menus posted by the release before (custom id ``piazza:pick:<game>:<version>``) still get
a sensible answer. A 10 KB or multi-line move is quoted back on one short line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.discord_double import DiscordDouble, Message, User
from tests.e2e.e2e_table import only_public_board, open_game, open_table


@pytest.fixture
async def table(double: DiscordDouble, tmp_path: Path):
    async with open_table(double, tmp_path / "piazza.sqlite3") as t:
        yield t


async def open_menu(double: DiscordDouble, board: Message, game_id: int, user: User) -> tuple[Message, str]:
    res = await double.press(user, board, f"piazza:turn:{game_id}")
    [menu] = [m for m in res.messages if m.ephemeral]
    [picker] = [c for c in menu.custom_ids() if c.startswith("piazza:pick:")]
    return menu, picker


async def test_menus_opened_together_all_play_in_a_simultaneous_decision(double: DiscordDouble, table) -> None:
    players = [double.user(n) for n in ("alice", "bob", "carol", "dave")]
    games = double.channel("games")
    board = await open_game(double, games, players, "leonardo", "Leonardo (1988)", None)
    game = await table.service.store.games.open_in(games.id)
    menus = {u.name: await open_menu(double, board, game.id, u) for u in players}  # all at version 0
    assert all(len(p) <= 100 for _, p in menus.values())

    for i, user in enumerate(players):
        menu, picker = menus[user.name]
        res = await double.select(user, menu, picker, ["guelfi" if i % 2 == 0 else "ghibellini"])
        assert "You played `" in res.text and "out of date" not in res.text, res.text
    row = await table.service.store.games.open_in(games.id)
    assert row.version == 4 and len(await table.service.pending(games.id)) == 1  # the first turn

    menu, picker = menus["alice"]  # her decision is made: her menu is out of date now
    res = await double.select(players[0], menu, picker, ["guelfi"])
    assert res.ephemeral and not res.public and "out of date" in res.text, res.text
    assert (await table.service.store.games.open_in(games.id)).version == 4


async def test_a_menu_posted_before_the_upgrade_still_answers(double: DiscordDouble, table) -> None:
    players = [double.user("alice"), double.user("bob")]
    games = double.channel("games")
    await open_game(double, games, players, "leonardo", "Leonardo (1988)", None)
    game = await table.service.store.games.open_in(games.id)

    def old_menu(version: int) -> tuple[Message, str]:
        custom_id = f"piazza:pick:{game.id}:{version}"
        menu = double.post_as_bot(games, "Choose your move…", [{"type": 1, "components": [
            {"type": 3, "custom_id": custom_id, "options": [{"label": f, "value": f} for f in ("guelfi", "ghibellini")]}
        ]}])
        return menu, custom_id

    menu, custom_id = old_menu(0)
    res = await double.select(players[0], menu, custom_id, ["guelfi"])  # the game is still at version 0
    assert "You played `guelfi`." in res.text and only_public_board(res)
    res = await double.select(players[1], menu, custom_id, ["ghibellini"])  # the game moved since
    assert res.ephemeral and not res.public and "out of date" in res.text, res.text
    menu, custom_id = old_menu(1)
    res = await double.select(players[1], menu, custom_id, ["ghibellini"])
    assert "You played `ghibellini`." in res.text


async def test_a_long_multi_line_move_is_quoted_on_one_short_line(double: DiscordDouble, table) -> None:
    players = [double.user("alice"), double.user("bob")]
    games = double.channel("games")
    await open_game(double, games, players, "leonardo", "Leonardo (1988)", None)
    res = await double.slash(players[0], games, "move", action="  guelfi\n\n" + " " * 3000 + "\n")
    assert res.ephemeral and only_public_board(res)
    assert res.original.text.splitlines()[0] == "You played `guelfi`.", res.original.text[:200]
