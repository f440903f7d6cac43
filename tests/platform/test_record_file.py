"""``python -m bot replay`` of a record file anyone may have edited (issue 22.4): a malformed record
(a seat's name null, a number or a list; a seat list that is a word; anything) is one ``error:`` line
and status 2, never a traceback; an option the title does not have is refused in its sentence, not
its catalog key. A seeded generator of mutations fuzzes the loader: every mutation of a good record
either plays back or is refused with one line (which the command prints as its ``error:`` line)."""

import copy
import json
import random
import subprocess
import sys

import pytest

from bot.__main__ import main
from bot.play import registry
from bot.play.record import FORMAT, BadRecord, digest, play_back
from engines.core import Rng
from tests.patience import SUBPROCESS_SECONDS


def a_record(key: str, players: int, moves: int) -> dict:
    """A good record: ``moves`` random legal actions of a new game, as /export writes them."""
    engine = registry.get(key).engine
    options = engine.options_model()
    seed = "splitmix64:7"
    state, rng, actions = engine.new_game(players, options, seed), Rng.from_seed(3), []
    for seq in range(1, moves + 1):
        seat = sorted(engine.to_act(state))[0]
        action = rng.choice(engine.legal_actions(state, seat))
        actions.append({"seq": seq, "seat": seat, "action": json.loads(engine.action_adapter.dump_json(action)),
                        "notation": engine.notation(state, action)})
        state = engine.apply(state, seat, action).state
    return {"format": FORMAT, "game": 1, "game_key": key, "title": engine.title,
            "options": options.model_dump(mode="json"), "status": "active", "seed": seed,
            "seats": [{"seat": i, "name": f"Player {i + 1}", "bot": None} for i in range(players)],
            "actions": actions, "final": {"version": moves + 1, "sha256": digest(state.model_dump_json())}}


def replayed(doc, tmp_path, capsys) -> tuple[int, str, str]:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(doc))
    status = main(["replay", str(path), "--out", str(tmp_path / "boards")])
    out, err = capsys.readouterr()
    return status, out, err


def test_a_good_record_replays(tmp_path, capsys):
    status, out, err = replayed(a_record("torri", 2, 3), tmp_path, capsys)
    assert (status, err) == (0, "") and "3 actions replayed to the recorded final state" in out


@pytest.mark.parametrize("name", [None, 7, ["Anne"], {"n": 1}, True, ""])
def test_a_seat_name_that_is_not_a_name_is_one_error_line(tmp_path, capsys, name):
    doc = a_record("torri", 2, 1)
    doc["seats"][0]["name"] = name
    status, out, err = replayed(doc, tmp_path, capsys)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: ") and "seats.0.name" in err


@pytest.mark.parametrize("change,words", [
    (lambda d: d.update(seats="Anne"), "seats"),
    (lambda d: d.update(actions={"seq": 1}), "actions"),
    (lambda d: d["actions"][0].update(seat="0"), "actions.0.seat"),
    (lambda d: d["actions"][0].update(action=[1]), "actions.0.action"),
    (lambda d: d.update(seed=5), "seed"),
    (lambda d: d.update(options=None), "options"),
    (lambda d: d.update(final={"sha256": None}), "final.sha256"),
    (lambda d: d.pop("final"), "the record has no 'final'"),
    (lambda d: d["seats"][1].update(seat=0), "seats are not numbered"),
    (lambda d: d.update(game_key="chess"), "'chess' is none of"),
    (lambda d: d.update(game_key=["torri"]), "game_key"),
])
def test_a_malformed_record_is_one_error_line(tmp_path, capsys, change, words):
    doc = a_record("torri", 2, 1)
    change(doc)
    status, out, err = replayed(doc, tmp_path, capsys)
    assert status == 2 and out == "" and err.count("\n") == 1 and err.startswith("error: ") and words in err


def test_an_unknown_option_is_refused_in_words_not_a_key(tmp_path, capsys):
    doc = a_record("torri", 2, 1)
    doc["options"]["bogus"] = 1
    status, _, err = replayed(doc, tmp_path, capsys)
    assert status == 2 and err.count("\n") == 1
    assert "Le Torri di Bologna has no option `bogus`; its options are: " in err
    assert "bot.options" not in err and "OptionError" not in err


def test_the_command_itself_prints_no_traceback(tmp_path):
    """The installed entry point, as an operator runs it: the same one line, status 2."""
    doc = a_record("torri", 2, 1)
    doc["seats"][1]["name"] = None
    path = tmp_path / "record.json"
    path.write_text(json.dumps(doc))
    result = subprocess.run([sys.executable, "-m", "bot", "replay", str(path), "--out", str(tmp_path / "b")],
                            capture_output=True, text=True, timeout=SUBPROCESS_SECONDS)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1


ODD_VALUES = [None, True, 0, -1, 2, 10**30, 1.5, float("inf"), "", "x", "0", "Ω" * 300, [], [0], {}, {"kind": "x"},
              {"seat": 0, "name": "A"}]


def mutate(doc, rng: random.Random):
    """One random change somewhere in ``doc``: a value replaced by an odd one, a key dropped or
    added, a list cut or doubled."""
    doc = copy.deepcopy(doc)
    parents = []

    def walk(node):
        if isinstance(node, dict):
            for key in node:
                parents.append((node, key))
                walk(node[key])
        elif isinstance(node, list):
            for i in range(len(node)):
                parents.append((node, i))
                walk(node[i])

    walk(doc)
    parent, key = rng.choice(parents)
    what = rng.randrange(5)
    if what == 0 and isinstance(parent, dict) and key != "format":
        del parent[key]
    elif what == 1 and isinstance(parent, dict):
        parent["extra" if rng.random() < 0.5 else str(rng.randrange(3))] = rng.choice(ODD_VALUES)
    elif what == 2 and isinstance(parent[key], list):
        parent[key] = parent[key][: rng.randrange(len(parent[key]) + 1)] if rng.random() < 0.5 else parent[key] * 2
    elif what == 3 and isinstance(parent[key], int) and not isinstance(parent[key], bool):
        parent[key] += rng.choice([-1, 1, 1000])
    elif key != "format":
        parent[key] = copy.deepcopy(rng.choice(ODD_VALUES))
    return doc


@pytest.mark.parametrize("key,players", [("torri", 2), ("bella_vista", 3), ("leonardo", 3)])
def test_fuzzed_records_play_back_or_are_refused_in_one_line(key, players):
    """The loader the command runs: each mutation plays back (and its last board draws with the
    names it read) or is refused with one line; nothing else escapes."""
    good = a_record(key, players, 2)
    rng = random.Random(f"22.4 {key}")
    refused = 0
    for _ in range(300):
        doc = mutate(mutate(good, rng), rng) if rng.random() < 0.3 else mutate(good, rng)
        try:
            played = play_back(doc)
        except BadRecord as exc:
            refused += 1
            assert "\n" not in str(exc) and "bot." not in str(exc), (doc, exc)
            continue
        played.title.renderer.board(played.engine.view(played.states[-1], None), played.names)
    assert refused > 100  # the mutations do reach the loader's refusals
