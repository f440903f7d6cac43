"""Issue 22 item 3: every stored value of a game is read at one boundary, and one that does not read
makes that game damaged, not the command asking for it. Each kind of damaged value (an action's
events that are not JSON or not a list of events, an event whose words do not fit, an action that is
not JSON or not one of the game's moves, an undo of no entry, a seed that is no seed) is written into
a real row; then /board, /log, /hand, /undo, /export, /replay and /mygames are asked for, on a game
being played and on a finished one. Each answers, or refuses in one clear sentence; nothing raises,
nothing is logged as an error, and /mygames still lists the player's other game."""

import logging
from datetime import timedelta

import pytest

from bot.play.service import GameService, Post, Refusal
from tests.platform.platform_helpers import ANNE, NOW, Clock, by_id, seated_game

DAMAGED = "cannot be loaded any more"

# what is written, where (seq 1 is the game's first logged action)
KINDS = {
    "events not JSON": ("actions", "events", "not json"),
    "events a table": ("actions", "events", '{"key": "core.not_your_turn"}'),
    "events not events": ("actions", "events", "[1, 2]"),
    "an event's words unfit": ("actions", "events", '[{"key": "bot.undo.taken_back", "params": {"seat": "x"}, "to": null}]'),
    "an event of no words": ("actions", "events", '[{"key": "torri.event.nothing_like_it", "params": {}, "to": null}]'),
    "a private event unfit": ("actions", "events", '[{"key": "bot.undo.taken_back", "params": {}, "to": 0}]'),
    "action not JSON": ("actions", "action", "{not json"),
    "action of no move": ("actions", "action", '{"kind": "fly", "to": 3}'),
    "an undo of a word": ("actions", "action", '{"kind": "undo", "undoes": "x"}'),
    "old words not JSON": ("actions", "public", "nope"),
    "seed": ("games", "seed", "banana"),
}

# the commands each kind must be refused with the damaged-game sentence (the others may answer)
MUST_REFUSE = {
    "events not JSON": {"board", "log", "export", "replay", "undo"},
    "events a table": {"board", "log", "export", "replay", "undo"},
    "events not events": {"board", "log", "export", "replay", "undo"},
    "an event's words unfit": {"board", "log"},
    "an event of no words": {"board", "log"},
    "a private event unfit": {"hand"},
    "action not JSON": {"board", "log", "export", "replay", "undo"},
    "action of no move": {"export", "replay", "undo"},
    "an undo of a word": {"board", "log", "export", "replay", "undo"},
    "old words not JSON": {"board", "log", "export", "replay", "undo"},
    "seed": {"board", "log", "hand", "export", "replay", "undo"},
}
WORDS = {"an event's words unfit", "an event of no words", "a private event unfit"}
FINISHED_MUST_REFUSE = {  # a finished game: /log words its whole record; the files replay it
    kind: {"log"} if kind in WORDS else {"log", "export", "replay"} for kind in KINDS
}


class Channel:
    def __init__(self) -> None:
        self.posts: list[Post] = []

    async def __call__(self, channel_id, post) -> None:
        self.posts.append(post)


async def play_moves(service: GameService, channel: int, count: int) -> None:
    for _ in range(count):
        pending = await service.pending(channel)
        mover = by_id(sorted(pending)[0])
        await service.act(channel, mover, pending[mover.id][0])


async def damage(store, game_id: int, kind: str) -> None:
    table, column, value = KINDS[kind]
    if table == "games":
        await store._db.execute(f"UPDATE games SET {column} = ? WHERE id = ?", (value, game_id))
        return
    if column == "public":  # a row stored before events were kept: its English in `public`, no events
        await store._db.execute("UPDATE actions SET events = NULL WHERE game_id = ? AND seq = 1", (game_id,))
    await store._db.execute(f"UPDATE actions SET {column} = ? WHERE game_id = ? AND seq = 1", (value, game_id))
    if "private" in kind:  # not shown to seat 0 yet
        await store._db.execute("UPDATE seats SET notices_read = 0 WHERE game_id = ?", (game_id,))


async def ask_everything(service: GameService, channel: int) -> dict[str, str]:
    """Every command the issue names, by the game's first player; what each answered (or refused)."""
    calls = {
        "board": lambda: service.board(channel),
        "log": lambda: service.log(channel),
        "hand": lambda: service.hand(channel, ANNE),
        "undo": lambda: service.undo(channel, ANNE),
        "export": lambda: service.export(channel, ANNE),
        "replay": lambda: service.replay_image(channel, ANNE),
        "mygames": lambda: service.my_games(7, ANNE),
    }
    out = {}
    for name, call in calls.items():
        try:
            answer = await call()
        except Refusal as exc:
            assert "\n" not in str(exc), (name, str(exc))
            out[name] = f"refused: {exc}"
            continue
        out[name] = answer if isinstance(answer, str) else (answer.public_text or answer.private_text or "")
    return out


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def errors(caplog):
    caplog.set_level(logging.WARNING, logger="piazza")
    yield caplog
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], [r.getMessage() for r in caplog.records]


@pytest.mark.parametrize("kind", sorted(KINDS))
async def test_a_damaged_value_of_a_game_being_played(store, clock, errors, kind):
    service = GameService(store, clock=clock, publisher=Channel())
    await seated_game(service, channel=1, key="torri")
    await play_moves(service, 1, 3)
    await seated_game(service, channel=2, key="torri")  # Anne's other game
    row = await store.games.open_in(1)
    await damage(store, row.id, kind)
    await store._db.execute("UPDATE games SET announced = 0 WHERE id = ?", (row.id,))  # /board catches up

    answers = await ask_everything(service, 1)
    for name in MUST_REFUSE[kind]:
        assert answers[name].startswith("refused") and DAMAGED in answers[name], (name, answers[name])
    assert "<#2>" in answers["mygames"], answers["mygames"]  # the other game is listed
    await service.sweep()  # the watcher's catch-up skips it with a warning, and goes on
    await service.sweep()
    warned = [r.getMessage() for r in errors.records if "damaged" in r.getMessage()]
    assert len(warned) <= 1, warned


@pytest.mark.parametrize("kind", sorted(KINDS))
async def test_a_damaged_value_of_a_finished_game(store, clock, errors, kind):
    service = GameService(store, clock=clock, publisher=Channel())
    await seated_game(service, channel=1, key="leonardo", options="deadline=2026-12-01")
    await play_moves(service, 1, 2)
    clock.now = NOW + timedelta(days=3)
    await service.check_deadline(1)  # the game ends at its deadline
    await seated_game(service, channel=2, key="torri")
    row = await store.places.last_in(1)
    assert row.status == "finished"
    await damage(store, row.id, kind)

    answers = await ask_everything(service, 1)
    for name in FINISHED_MUST_REFUSE[kind]:
        assert answers[name].startswith("refused") and DAMAGED in answers[name], (name, answers[name])
    assert "<#2>" in answers["mygames"], answers["mygames"]
