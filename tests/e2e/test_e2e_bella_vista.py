"""Bella Vista played end to end through the Discord double: the real bot, discord.py, SQLite and PNGs.

Every move is taken the way a player takes it: the user the board mentions types /move, picks one of
the autocomplete suggestions (a seeded random one), and sends it.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from tests.discord_double import Channel, DiscordDouble, InteractionResult, Message, User
from tests.e2e.e2e_table import (
    Table,
    boards,
    check_final_scores,
    only_public_board,
    open_table,
    refuse_out_of_turn,
)
from tests.e2e.e2e_table import open_game as open_any_game

SECRET_LINE = re.compile(r"^(Your hand: .*|Face-down on .*)$", re.MULTILINE)


@pytest.fixture
async def table(double: DiscordDouble, tmp_path: Path):
    async with open_table(double, tmp_path / "piazza.sqlite3") as t:
        yield t


async def open_game(double: DiscordDouble, channel: Channel, players: list[User], options: str | None) -> Message:
    return await open_any_game(double, channel, players, "bella_vista", "Bella Vista", options)


async def refuse_stale_menu(double: DiscordDouble, table: Table, channel: Channel, user: User, menu: Message,
                            picker: str) -> None:
    """A move menu shown before the last move is refused privately, and nothing changes."""
    before = await table.service.store.games.open_in(channel.id)
    seen_before = len(double.public(channel))
    value = menu.find_component(picker)["options"][0]["value"]
    res = await double.select(user, menu, picker, [value])
    assert res.ephemeral and "out of date" in res.text and not res.public, res
    after = await table.service.store.games.open_in(channel.id)
    assert (after.version, after.snapshot) == (before.version, before.snapshot)
    assert len(double.public(channel)) == seen_before


async def check_hand(double: DiscordDouble, channel: Channel, user: User) -> InteractionResult:
    res = await double.slash(user, channel, "hand")
    assert res.messages and all(m.ephemeral and m.visible_to(user) for m in res.messages), res
    assert "Your hand:" in res.text
    return res


async def play(double: DiscordDouble, table: Table, channel: Channel, players: list[User], *, seed: int,
               options: str | None = None, restart_after: int | None = None) -> tuple[Message, int]:
    """Play a whole game; returns the final board post and the game id."""
    rng = random.Random(seed)
    spectator = next(u for u in double.users.values() if u not in players and u.name != "owner")
    board = await open_game(double, channel, players, options)
    game = await table.service.store.games.open_in(channel.id)
    res = await double.slash(spectator, channel, "hand")
    assert res.ephemeral and not res.public and "not playing" in res.text
    try:
        final = await _play_moves(double, table, channel, players, board, rng, spectator, restart_after)
    except AssertionError as exc:
        raise AssertionError(f"{exc}\n(game seed {game.seed}, test seed {seed})") from exc
    return final, game.id


async def _play_moves(double: DiscordDouble, table: Table, channel: Channel, players: list[User], board: Message,
                      rng: random.Random, spectator: User, restart_after: int | None) -> Message:
    by_id = {u.id: u for u in double.users.values()}
    first_board = board
    moves = 0
    stale: tuple[User, Message, str] | None = None
    while True:
        row = await table.service.store.games.open_in(channel.id)
        if row is None:
            break
        pending = await table.service.pending(channel.id)
        assert board.mentions() == set(pending), (board.content, pending)
        actor = by_id[min(pending)]
        idle = [u for u in players if u.id not in pending]

        if moves == 0 or rng.random() < 0.08:
            await refuse_out_of_turn(double, table, channel, rng.choice(idle) if idle else spectator,
                                     pending[actor.id][0])
        if moves == 0:
            await refuse_out_of_turn(double, table, channel, spectator, pending[actor.id][0])
        if moves == 1:
            res = await double.slash(players[0], channel, "leave")
            assert res.ephemeral and not res.public and "started" in res.text
            res = await double.slash(spectator, channel, "join")
            assert res.ephemeral and not res.public and "started" in res.text
        if moves == 2:
            res = await double.slash(spectator, channel, "games")
            assert res.ephemeral and channel.mention in res.text and actor.mention in res.text
        if moves == 6:
            res = await double.slash(spectator, channel, "log")
            assert res.ephemeral and not res.public and f"of {moves}" in res.text
        if moves % 5 == 1:
            # typing narrows the suggestions: each one matches the typed word
            everything = await double.autocomplete(actor, channel, "move", focused="action", value="")
            word = rng.choice(everything)["value"].split()[0]
            narrowed = await double.autocomplete(actor, channel, "move", focused="action", value=word)
            assert narrowed and all(word in c["value"] or word in c["name"] for c in narrowed)
        if moves % 11 == 5:
            # anyone may re-post the board: the same picture as the last move's board
            res = await double.slash(spectator, channel, "board")
            assert res.ephemeral and only_public_board(res).images[0].data == board.images[0].data
        if stale is not None:
            await refuse_stale_menu(double, table, channel, *stale)
            stale = None
        if moves % 7 == 3:
            res = await check_hand(double, channel, actor)
            [menu] = res.messages
            stale = (actor, menu, next(c for c in menu.custom_ids() if c.startswith("piazza:pick:")))

        if restart_after is not None and moves == restart_after:
            await table.restart()
            # the very first board's button still works on the new client, and its menu plays a move
            res = await double.press(actor, first_board, f"piazza:turn:{row.id}")
            [menu] = [m for m in res.messages if m.ephemeral]
            assert "Your hand:" in menu.text and menu.visible_to(actor) and not menu.visible_to(spectator)
            [picker] = [c for c in menu.custom_ids() if c.startswith("piazza:pick:")]
            options_offered = [o["value"] for o in menu.find_component(picker)["options"]]
            assert set(options_offered) <= set(pending[actor.id])
            res = await double.select(actor, menu, picker, [rng.choice(options_offered)])
        else:
            choices = await double.autocomplete(actor, channel, "move", focused="action", value="")
            assert 1 <= len(choices) <= 25
            assert {c["value"] for c in choices} <= set(pending[actor.id])
            res = await double.slash(actor, channel, "move", action=rng.choice(choices)["value"])

        assert res.original is not None and res.original.ephemeral and "You played" in res.original.text, res
        board = only_public_board(res)
        moves += 1
        assert moves < 400, "the game does not end"

    assert moves > 20
    assert not board.mentions() and "🏆" in board.content
    return board


def check_secrets_stayed_private(double: DiscordDouble, channel: Channel) -> None:
    secrets: set[str] = set()
    private_pngs: set[bytes] = set()
    for m in double.history(channel):
        if m.ephemeral:
            for text in m.all_texts():
                secrets.update(SECRET_LINE.findall(text))
            private_pngs.update(a.data for a in m.attachments)
    hands = {s.removeprefix("Your hand: ") for s in secrets if s.startswith("Your hand:")}
    assert hands
    # a whole hand (two cards or more, as listed privately) is a secret too; single cards get revealed
    secrets |= {h for h in hands if ", " in h}
    public_text = "\n".join(double.public_texts_ever(channel))
    leaked = [s for s in secrets if s in public_text]
    assert not leaked, leaked
    for m in double.history(channel):
        if not m.ephemeral:
            assert not any(a.data in private_pngs or "hand" in a.filename for a in m.attachments)


async def test_two_architects_full_game(double: DiscordDouble, table: Table) -> None:
    from bot.play import registry

    players = [double.user("alice"), double.user("bob")]
    games = double.channel("games")
    board, game_id = await play(double, table, games, players, seed=2, options="layout=rome")
    state = await table.service.replay(game_id)
    check_final_scores(board, players, state, registry.get("bella_vista").engine)
    check_secrets_stayed_private(double, games)
    assert double.public(double.channel("general")) == []  # the other channel never heard of this game


async def test_three_architects_full_game_with_restart(double: DiscordDouble, table: Table) -> None:
    from bot.play import registry

    players = [double.user("carol"), double.user("dave"), double.user("alice")]
    channel = double.channel("general")
    board, game_id = await play(double, table, channel, players, seed=3, restart_after=10)
    state = await table.service.replay(game_id)
    check_final_scores(board, players, state, registry.get("bella_vista").engine)
    check_secrets_stayed_private(double, channel)
    # after the end: /move and the first board's button are refused privately
    res = await double.slash(players[0], channel, "move", action="pass")
    assert res.ephemeral and not res.public and "no game" in res.text
    res = await double.press(players[1], boards(double, channel)[0], f"piazza:turn:{game_id}")
    assert res.ephemeral and not res.public and "ended" in res.text


async def test_lobby_and_help_commands(double: DiscordDouble, table: Table) -> None:
    alice, bob, carol = double.user("alice"), double.user("bob"), double.user("carol")
    games, other = double.channel("games"), double.channel("other")

    res = await double.slash(alice, games, "help")
    assert res.ephemeral and res.original.embeds and "/move" in res.text
    res = await double.slash(alice, games, "help", game="bella_vista")
    assert res.ephemeral and "Bella Vista" in res.text
    for command in ("hand", "log", "join", "leave", "abort"):
        res = await double.slash(bob, games, command)
        assert res.ephemeral and not res.public and "/new" in res.text, (command, res)
    res = await double.slash(bob, games, "games")
    assert res.ephemeral and "No open games" in res.text

    res = await double.slash(alice, games, "new", game="bella_vista", options="layout=atlantis")
    assert res.ephemeral and "layout" in res.text and not res.public
    res = await double.slash(alice, games, "new", game="bella_vista", options="layout=paris")
    assert not res.ephemeral
    res = await double.slash(bob, games, "new", game="bella_vista")
    assert res.ephemeral and "already has a game" in res.text
    await double.slash(bob, games, "join")
    res = await double.slash(carol, games, "board")
    [post] = res.public
    assert "Alice" in post.content and "Bob" in post.content and not post.images
    res = await double.slash(carol, games, "games")
    assert res.ephemeral and games.mention in res.text and "lobby" in res.text
    res = await double.slash(bob, games, "leave")
    assert not res.ephemeral and "left" in res.text
    res = await double.slash(carol, games, "abort")
    assert res.ephemeral and "Only the player who opened" in res.text
    res = await double.slash(alice, games, "abort")
    assert not res.ephemeral and "aborted" in res.text

    # one game per channel, but several channels at once
    await double.slash(carol, other, "new", game="bella_vista")
    await double.slash(alice, games, "new", game="bella_vista")
    res = await double.slash(bob, games, "games")
    assert games.mention in res.text and other.mention in res.text
    assert all(not m.images for m in double.public())


async def test_refusals_after_public_defer_are_private(double: DiscordDouble, table: Table) -> None:
    """Regression: /board and /start used to defer publicly, so their refusals were shown to everyone
    (Discord ignores ``ephemeral`` on the first follow-up after a public defer)."""
    alice, bob, games = double.user("alice"), double.user("bob"), double.channel("games")
    res = await double.slash(bob, games, "board")  # no game here yet
    assert "/new" in res.text
    assert res.ephemeral and not res.public, res
    await double.slash(alice, games, "new", game="bella_vista")
    res = await double.slash(alice, games, "start")  # alone: too few players
    assert "needs 2–4 players, not 1" in res.text
    assert res.ephemeral and not res.public, res


async def test_a_move_whose_board_cannot_be_posted_is_kept_and_the_player_told(
        double: DiscordDouble, table: Table) -> None:
    """If Discord refuses the channel post (a missing permission), the move stays played and its
    player hears so privately, instead of a false "nothing changed"."""
    alice, bob, games = double.user("alice"), double.user("bob"), double.channel("games")
    await open_game(double, games, [alice, bob], None)
    pending = await table.service.pending(games.id)
    [uid] = list(pending)
    actor = alice if uid == alice.id else bob
    before = (await table.service.store.games.open_in(games.id)).version

    games.send_denied = True
    res = await double.slash(actor, games, "move", action=pending[uid][0])
    games.send_denied = False

    assert res.ephemeral and not res.public
    assert "Saved, but I could not post the board" in res.text, res.text
    assert (await table.service.store.games.open_in(games.id)).version == before + 1
    shown = await double.slash(actor, games, "board")
    assert len(shown.public) == 1 and shown.public[0].images
