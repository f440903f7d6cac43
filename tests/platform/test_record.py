"""The record: /export's policy and format, ``python -m bot replay`` playing an export back offline to
the same final snapshot (an undo included), its one-line refusals, and the replay image's size for
the longest game of each title."""

import json

import pytest

from bot.__main__ import main
from bot.play import registry
from bot.play.record import FORMAT, play_back
from bot.play.replays import ATTACHMENT_LIMIT, replay_gif
from bot.play.service import Refusal
from bot.play.stored import Loaded
from bot.store import GameRow, LoggedAction
from engines.core import Rng
from tests.platform.platform_helpers import ANNE, SOFIA, by_id, seated_game
from tests.platform.test_reveal import play_to_the_end


async def exported(service, tmp_path, channel=1):
    post = await service.export(channel, SOFIA)  # anyone may export a finished game
    [(name, data)] = post.attachments
    path = tmp_path / name
    path.write_bytes(data)
    return path, json.loads(data)


@pytest.mark.parametrize("key", ["bella_vista", "leonardo"])
async def test_export_is_refused_during_play_when_the_seed_would_tell_secrets(service, key):
    await seated_game(service, key=key, players=3)
    with pytest.raises(Refusal, match="can be exported once the game is over"):
        await service.export(1, ANNE)


async def test_export_then_offline_replay_reaches_the_same_final_snapshot(service, tmp_path, capsys):
    await seated_game(service, key="torri", players=2)
    pending = await service.pending(1)
    mover = by_id(sorted(pending)[0])
    await service.act(1, mover, pending[mover.id][0])
    await service.undo(1, mover)
    running = await service.export(1, ANNE)  # Torri hides nothing and draws nothing: allowed during play
    assert json.loads(running.attachments[0][1])["status"] == "active"
    await play_to_the_end(service)
    path, doc = await exported(service, tmp_path)
    row = await service.store.places.last_in(1)
    assert doc["format"] == FORMAT and doc["seed"] == row.seed and doc["title"] == "Le Torri di Bologna"
    assert [s["name"] for s in doc["seats"]] == ["Anne", "Bruno"]
    assert doc["actions"][1] == {"seq": 2, "seat": doc["actions"][0]["seat"], "action": {"kind": "undo", "undoes": 1},
                                 "notation": "undo"}
    assert all(a["notation"] for a in doc["actions"])
    played = play_back(doc)
    assert played.matches and played.states[-1].model_dump_json() == row.snapshot
    out = tmp_path / "boards"
    assert main(["replay", str(path), "--out", str(out)]) == 0
    assert len(list(out.glob("board-*.webp"))) == len(doc["actions"]) + 1
    assert "replayed to the recorded final state" in capsys.readouterr().out

    doc["final"]["sha256"] = "0" * 64  # a record whose end differs
    path.write_text(json.dumps(doc))
    assert main(["replay", str(path), "--out", str(out)]) == 1
    assert capsys.readouterr().err.count("\n") == 1
    path.write_text("{not json")
    assert main(["replay", str(path), "--out", str(out)]) == 2
    path.write_text(json.dumps({"format": "other"}))
    assert main(["replay", str(path), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 2 and "not a Piazza game record" in err


LONGEST = [("bella_vista", 4, {}), ("torri", 4, {"max_rounds": 200}), ("leonardo", 6, {"max_rounds": 500})]


@pytest.mark.slow
@pytest.mark.parametrize("key,players,options", LONGEST)
def test_the_replay_of_the_longest_game_fits_discords_limit(key, players, options):
    """The most players and the longest options the title allows, played to the end."""
    title = registry.get(key)
    engine = title.engine
    opts = engine.options_model(**options)
    seed = "splitmix64:7"
    state, rng, entries = engine.new_game(players, opts, seed), Rng.from_seed(2), []
    while engine.result(state) is None:
        seat = sorted(engine.to_act(state))[0]
        action = rng.choice(engine.legal_actions(state, seat))
        state = engine.apply(state, seat, action).state
        entries.append(LoggedAction(len(entries) + 1, seat, engine.action_adapter.dump_json(action).decode(), [], ""))
    row = GameRow(1, 7, 1, key, opts.model_dump(mode="json"), seed, "finished", 11, "", None, len(entries), None)
    from bot.store import Seat
    row.seats = [Seat(i, 100 + i, f"Player {i + 1}") for i in range(players)]
    data = replay_gif(row, Loaded(title, opts, None, None), entries)
    assert data.startswith(b"GIF89a") and len(data) < ATTACHMENT_LIMIT
    print(f"{key}: {len(entries)} moves, {len(data)} bytes")
