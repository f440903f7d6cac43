"""A game is its own place, through the Discord double: a thread per game off one channel, the lobby's
buttons (after a restart too), archived threads reopened, a deleted thread's game aborted, the channel
pointing to its threads, the fallback to the channel where no thread may be made, the reveal and the
replay on the final post, and the rematch."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines.core import Rng
from tests.discord_double import Channel, DiscordDouble, Message, User
from tests.e2e.e2e_table import open_table

TITLES = {"torri": "Le Torri di Bologna", "bella_vista": "Bella Vista", "leonardo": "Leonardo (1988)"}


@pytest.fixture
async def table(threaded_double: DiscordDouble, tmp_path: Path):
    async with open_table(threaded_double, tmp_path / "piazza.sqlite3") as t:
        yield t


def lobby_post(double: DiscordDouble, place: Channel, game_id: int) -> Message:
    return next(m for m in reversed(double.public(place)) if f"piazza:lobby:{game_id}:start" in m.custom_ids())


async def open_in_thread(double: DiscordDouble, games: Channel, creator: User, key: str) -> tuple[Channel, Message, int]:
    """/new in the channel: returns the game's thread, the channel's announcement and the game id."""
    before = set(t.id for t in double.threads_of(games))
    res = await double.slash(creator, games, "new", game=key)
    [thread] = [t for t in double.threads_of(games) if t.id not in before]
    announcement = res.original
    assert not res.ephemeral and announcement.channel_id == games.id and thread.mention in announcement.content
    [join] = announcement.custom_ids()
    game_id = int(join.split(":")[2])
    assert join == f"piazza:lobby:{game_id}:join"
    assert thread.name == f"{TITLES[key]} #{game_id} · {creator.name.title()}"[:100] or thread.name.startswith(
        f"{TITLES[key].split(' (')[0]}")
    return thread, announcement, game_id


async def play_to_the_end(double: DiscordDouble, table, thread: Channel, people: dict[int, User], rng: Rng) -> Message:
    while await table.service.is_playing(thread.id):
        pending = await table.service.pending(thread.id)
        uid = rng.choice(sorted(pending))
        res = await double.slash(people[uid], thread, "move", action=rng.choice(pending[uid]))
        assert "You played" in res.text, res.text
    return double.public(thread)[-1]


@pytest.mark.slow
async def test_three_games_in_threads_of_one_channel_each_to_the_end(threaded_double: DiscordDouble, table) -> None:
    double = threaded_double
    alice, bob = double.user("alice"), double.user("bob")
    games = double.channel("games")
    places = {}
    for key in TITLES:
        thread, announcement, game_id = await open_in_thread(double, games, alice, key)
        res = await double.press(bob, announcement, f"piazza:lobby:{game_id}:join")  # from the channel
        assert res.ephemeral and thread.mention in res.original.text
        lobby = lobby_post(double, thread, game_id)  # both posts show the seats: the other one too
        assert not res.public and {m.id for m in res.edited} == {announcement.id, lobby.id}
        assert "Alice, Bob" in announcement.content and "Alice, Bob" in lobby.content
        res = await double.press(alice, lobby_post(double, thread, game_id), f"piazza:lobby:{game_id}:start")
        assert res.ephemeral and "started" in res.text
        [board] = [m for m in double.public(thread) if m.images]
        places[key] = (thread, game_id)
    assert all(not m.images for m in double.public(games))  # the channel: three announcements, no boards
    assert len(double.public(games)) == 3

    res = await double.slash(alice, games, "board")  # in the channel: which threads
    assert res.ephemeral and all(t.mention in res.text for t, _ in places.values()), res.text

    people = {alice.id: alice, bob.id: bob}
    rng = Rng.from_seed(4)
    for thread, game_id in places.values():
        final = await play_to_the_end(double, table, thread, people, rng)
        names = sorted(a.filename for a in final.attachments)
        assert names[0].startswith(f"board-{game_id}-") and names[1:] == [f"replay-{game_id}.gif",
                                                                          f"reveal-{game_id}.txt",
                                                                          f"story-{game_id}.webp"], names
        gif = next(a for a in final.attachments if a.filename.endswith(".gif"))
        assert gif.data.startswith(b"GIF89a") and len(gif.data) < 10 * 1024 * 1024
        assert f"piazza:rematch:{game_id}" in final.custom_ids()
        reveal = next(a for a in final.attachments if a.filename.endswith(".txt")).data.decode()
        earlier = "\n".join(t for m in double.public(thread)[:-1] for t in m.all_texts())
        private_lines = [line.split(") ", 1)[1] for line in reveal.splitlines() if line.startswith("    (only ")]
        assert not any(p in earlier for p in private_lines if len(p) > 15)
        assert not any(a.filename.startswith("reveal") for m in double.public(thread)[:-1] for a in m.attachments)
    res = await double.slash(bob, places["torri"][0], "replay")  # over: public
    assert not res.ephemeral and res.original.attachments[0].filename.endswith(".gif")


async def test_lobby_buttons_across_a_restart_and_their_refusals(threaded_double: DiscordDouble, table) -> None:
    double = threaded_double
    alice, bob, carol, dave, erin = (double.user(n) for n in ("alice", "bob", "carol", "dave", "erin"))
    games = double.channel("games")
    thread, announcement, game_id = await open_in_thread(double, games, alice, "torri")
    lobby = lobby_post(double, thread, game_id)
    join, leave, add, start = (f"piazza:lobby:{game_id}:{a}" for a in ("join", "leave", "bot", "start"))

    res = await double.press(bob, lobby, start)
    assert res.ephemeral and "Only a seated player" in res.text, res.text
    res = await double.press(alice, lobby, join)
    assert res.ephemeral and "already" in res.text, res.text
    await table.restart()
    res = await double.press(bob, lobby, join)
    assert res.ephemeral and "You have a seat" in res.text
    assert "Alice, Bob" in lobby.content
    res = await double.press(bob, lobby, join)  # twice
    assert res.ephemeral and "already" in res.text
    robot = User(10**17 + 5, "robo", bot=True)
    double.users["robo"] = robot
    res = await double.press(robot, announcement, join)
    assert res.ephemeral and "Bot accounts cannot take a seat" in res.text
    res = await double.press(carol, announcement, join)
    res = await double.press(dave, lobby, add)  # not seated: may not seat a bot
    assert res.ephemeral and "seated" in res.text
    res = await double.press(alice, lobby, add)
    assert res.ephemeral and "bot has taken a seat" in res.text and "(bot, " in lobby.content
    res = await double.press(erin, lobby, join)  # four seats taken
    assert res.ephemeral and "full" in res.text, res.text
    res = await double.press(carol, lobby, leave)
    assert res.ephemeral and "Carol" not in lobby.content
    await table.restart()
    res = await double.press(bob, lobby, start)
    assert res.ephemeral and "started" in res.text
    assert [m for m in double.public(thread) if m.images] and "has started" in lobby.content
    assert not lobby.custom_ids() and not announcement.custom_ids()  # the buttons go once the game has started
    assert "has started" in announcement.content


async def test_an_archived_thread_is_reopened_and_a_deleted_one_frees_its_game(threaded_double: DiscordDouble,
                                                                               table) -> None:
    double = threaded_double
    alice, bob = double.user("alice"), double.user("bob")
    games = double.channel("games")
    thread, announcement, game_id = await open_in_thread(double, games, alice, "torri")
    await double.press(bob, announcement, f"piazza:lobby:{game_id}:join")
    await double.press(alice, lobby_post(double, thread, game_id), f"piazza:lobby:{game_id}:start")
    await double.archive(thread)  # a quiet week
    pending = await table.service.pending(thread.id)
    [uid] = pending
    mover = alice if uid == alice.id else bob
    boards = len([m for m in double.public(thread) if m.images])
    res = await double.slash(mover, thread, "move", action=pending[uid][0])
    assert "You played" in res.text and "could not" not in res.text
    assert not thread.archived and len([m for m in double.public(thread) if m.images]) == boards + 1

    await double.delete_thread(thread)  # a moderator
    assert not await table.service.is_playing(thread.id)
    res = await double.slash(alice, games, "board")
    assert res.ephemeral and "no game" in res.text.lower(), res.text
    thread2, _, game2 = await open_in_thread(double, games, bob, "bella_vista")
    assert game2 != game_id and thread2.id != thread.id


async def test_where_no_thread_may_be_made_the_game_is_played_in_the_channel(threaded_double: DiscordDouble,
                                                                            table) -> None:
    double = threaded_double
    alice, bob = double.user("alice"), double.user("bob")
    games = double.channel("games")
    games.threads_denied = True
    res = await double.slash(alice, games, "new", game="torri")
    assert not res.ephemeral and "Create Public Threads" in res.original.content and not double.threads_of(games)
    res = await double.slash(bob, games, "new", game="torri")
    assert res.ephemeral and "already has a game" in res.text
    await double.slash(alice, games, "abort")
    res = await double.slash(alice, games, "new", game="torri")  # said once per channel
    assert not res.ephemeral and "Create Public Threads" not in res.original.content
    game_id = int(res.original.custom_ids()[0].split(":")[2])
    res = await double.press(bob, res.original, f"piazza:lobby:{game_id}:join")
    assert "You have a seat" in res.text
    res = await double.slash(bob, games, "start")
    assert [m for m in double.public(games) if m.images]


async def test_rematch_opens_a_new_thread_and_seats_each_player_with_one_click(threaded_double: DiscordDouble,
                                                                              table) -> None:
    double = threaded_double
    alice, bob, carol = double.user("alice"), double.user("bob"), double.user("carol")
    games = double.channel("games")
    thread, announcement, game_id = await open_in_thread(double, games, alice, "torri")
    await double.press(bob, announcement, f"piazza:lobby:{game_id}:join")
    await double.press(alice, lobby_post(double, thread, game_id), f"piazza:lobby:{game_id}:start")
    final = await play_to_the_end(double, table, thread, {alice.id: alice, bob.id: bob}, Rng.from_seed(2))
    rematch = f"piazza:rematch:{game_id}"
    res = await double.press(carol, final, rematch)
    assert res.ephemeral and "Only the players" in res.text
    res = await double.press(bob, final, rematch)
    new_threads = [t for t in double.threads_of(games) if t.id != thread.id]
    assert len(new_threads) == 1 and not res.ephemeral
    new_id = int(res.original.custom_ids()[0].split(":")[2])
    lobby = lobby_post(double, new_threads[0], new_id)
    assert alice.id in lobby.pinged and "rematch" in lobby.content
    res = await double.press(alice, final, rematch)  # the second player joins it: one click
    assert res.ephemeral and "You have a seat" in res.text
    row = await table.service.game_row(new_id)
    old = await table.service.game_row(game_id)
    assert sorted(row.names) == ["Alice", "Bob"] and row.options == old.options and row.rematch_of == game_id
    res = await double.press(alice, final, rematch)
    assert res.ephemeral and "already" in res.text


async def test_a_thread_deleted_while_the_bot_was_away_frees_its_game(threaded_double: DiscordDouble, table) -> None:
    double = threaded_double
    alice = double.user("alice")
    games = double.channel("games")
    thread, _, game_id = await open_in_thread(double, games, alice, "torri")
    kept, _, kept_id = await open_in_thread(double, games, alice, "bella_vista")
    await table.stop()
    double.threads.remove(thread)  # deleted while nobody listened
    await table.start()
    assert [(v.code, v.route) for v in double.pop_violations()] == [(10003, f"GET /channels/{thread.id}")]
    assert not await table.service.is_playing(thread.id) and await table.service.is_playing(kept.id)
    res = await double.slash(alice, games, "board")
    assert res.ephemeral and kept.mention in res.text and thread.mention not in res.text
    for command in ("hand", "move"):
        res = await double.slash(alice, games, command, **({"action": "x"} if command == "move" else {}))
        assert res.ephemeral and kept.mention in res.text, res.text
    [choice] = await double.autocomplete(alice, games, "move", focused="action", value="")
    assert "played in their threads" in choice["name"]
