"""The words of Le Torri di Bologna (data/messages/en/torri.toml): every message the engine
can emit has words and renders with its parameters; every key of the file is used; the
engine holds keys, never sentences."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from torri_checks import COLOURED

from engines.core.agents import Budget, GreedyAgent
from engines.core.errors import RuleError
from engines.core.game import SYSTEM, TimeUp
from engines.core.messages import Msg
from engines.core.playout import playout
from engines.core.rng import Rng, SplitMix64
from engines.torri.model import Move, Options
from engines.torri.positions import GAME, play, position, with_pieces_left
from engines.torri.scoring import CATEGORIES
from render.text import catalog, words
from tests.locale_words import units_named

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engines" / "torri"
RENDERER = sorted((ROOT / "render" / "torri").glob("*.py"))  # the board's own words: torri.board.*
KEY = re.compile(r'"(torri\.[a-z_]+\.[a-z_]+)"')
TALL = {"C4": "nGY", "E4": "nYG"}

# Every refusal the rules and the parser can give, each from a position where it is the
# reason (3 players on the medium wall unless said: Asinelli C4, Garisenda E4).
REFUSALS = [
    (lambda: position(), "", "torri.error.empty"),
    (lambda: position(), "build", "torri.error.no_square"),
    (lambda: position(), "5E build", "torri.error.unreadable_square"),
    (lambda: position(), "Z9 build", "torri.error.not_inside"),
    (lambda: position(), "E5 over D4", "torri.error.unreadable"),
    (lambda: position(), "start Pisa", "torri.error.start_form"),
    (lambda: GAME.new_game(3, Options(), 1), "C3 build", "torri.error.setup_first"),
    (lambda: position(), "start Asinelli", "torri.error.already_placed"),
    (lambda: position(), "pass", "torri.error.may_not_pass"),
    (lambda: position(towers={"B3": "B"}, builders=["B3", "C4", "E4"]), "B2", "torri.error.empty_walk"),
    (lambda: position(towers={"B3": "B"}, builders=["B3", "C4", "E4"]), Move(to="A1"), "torri.error.outside"),
    (lambda: position(towers={"B3": "B"}, builders=["B3", "C4", "E4"]), Move(to="B2", via=("A1",)),
     "torri.error.outside"),
    (lambda: position(towers={"B3": "B", "B2": "B"}, builders=["B3", "C4", "E4"]), "B2 via B2",
     "torri.error.route_twice"),
    (lambda: position(towers={"B3": "B"}, builders=["B3", "C4", "E4"]), "F6 via B2", "torri.error.not_adjacent"),
    (lambda: position(towers={"A2": "G", "B2": "Y"}, builders=["A2", "C4", "E4"]), "C2 via B2 build",
     "torri.error.not_own_tower"),
    (lambda: position(towers={"B2": "B"}, builders=["B2", "C4", "E4"]), "B2", "torri.error.standing_still"),
    (lambda: position(builders=["E4", "E4", "E4"]), "C4", "torri.error.central_to_central"),
    (lambda: position(towers={"B3": "B"}, builders=["B3", "C4", "E4"]), "F6 build", "torri.error.out_of_reach"),
    (lambda: position(towers={"F6": "B"}, builders=["F6", "E4", "E4"], gold=[9, 0, 0]), "C4 battlement",
     "torri.error.central_battlement"),
    (lambda: position(towers={"B3": "B", "B2": "g"}, builders=["B3", "C4", "E4"]), "B2 build", "torri.error.closed"),
    (lambda: position(towers={"B3": "B", "B2": "Y"}, builders=["B3", "B2", "E4"]), "B2 build",
     "torri.error.builder_there"),
    (lambda: position(towers={"B3": "B", "B2": "Y"}, builders=["B3", "B2", "B2"]), "B2 build",
     "torri.error.builder_there"),
    (lambda: position(towers={"B3": "B", "B2": "Y", **TALL}, builders=["B3", "C4", "E4"], gold=[2, 0, 0]),
     "B2 battlement", "torri.error.battlement_price"),
    (lambda: position(towers={"B3": "B", "F6": "b", "F7": "b", "G6": "b"}, builders=["B3", "C4", "E4"],
                      gold=[9, 0, 0]), "B2 battlement", "torri.error.no_battlements_left"),
    (lambda: position(towers={"B3": "B", "B2": "Y"}, builders=["B3", "C4", "E4"]), "B2 build",
     "torri.error.too_tall"),
]


def no_simple_left():
    return position(towers={"B3": "B"}, builders=["B3", "C4", "E4"], simple_left={0: 0})


REFUSALS.append((no_simple_left, "B2 build", "torri.error.no_simple_left"))
GAME_REFUSALS = [  # refused before any game exists
    (lambda: GAME.check_options(Options.model_construct(shape="moon")), "torri.error.unknown_shape"),
    (lambda: GAME.new_game(3, Options(shape="small"), 1), "torri.error.one_central"),
]


def nested(msg: Msg):
    """The message and every message inside its parameters."""
    yield msg
    for value in msg.params.values():
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, Msg):
                yield from nested(item)


def emptied(state, simple=0, battlements=0):
    """Seat 0's supply emptied but for ``simple`` simple pieces and ``battlements`` battlements."""
    return with_pieces_left(state, {0: simple}, {0: battlements})


# Moves whose words random games rarely reach: played, with the glosses offered before.
SCENES = [
    (lambda: position(towers={"B3": "B", "B2": "G", **TALL}, builders=["B3", "C4", "E4"]), "B2 build"),  # broke
    (lambda: position(towers={"B3": "B"}, builders=["B3", "C4", "E4"], gold=[0, 50, 0]), "B2 build"),  # bank
    (lambda: emptied(position(seats=2, builders=["D3", "B2"], towers={"B2": "G"})), "pass"),
    (lambda: emptied(position(towers={"B3": "B"}, builders=["B3", "C4", "E4"]), simple=1), "B2 build"),  # the last
    # fees on three squares of a route: the gloss names the payees once
    (lambda: position(seats=4, towers={"B3": "B", "C3": "B", "D3": "B", "E3": "B"},
                      builders=["B3", "C3", "D3", "E3"], gold=[9, 0, 1, 2]), "F3 via C3 D3 E3 build"),
]


def refusal(make, move) -> Msg:
    with pytest.raises(RuleError) as exc:
        if isinstance(move, str):
            play(make(), move)
        else:
            GAME.apply(make(), 0, move)
    return exc.value.msg


def emitted() -> list[Msg]:
    """What seeded random games make the engine say (events, glosses, status and private
    lines, tie-breaks), every refusal of the table above, and an early end."""
    out: list[Msg] = []
    for seats, shape, seed in ((2, "", 1), (3, "", 2), (4, "", 3), (4, "far", 4), (3, "bend", 5)):
        state = GAME.new_game(seats, Options(shape=shape, max_rounds=15), seed)
        for _, _, after, events in playout(GAME, state, SplitMix64.from_seed(seed)):
            out += [e.msg for e in events]
            out += GAME.status(after)
            for seat in (None, *range(seats)):
                out += GAME.private_lines(GAME.view(after, seat))
            for seat in GAME.to_act(after):
                out += [c.gloss for c in GAME.choices(after, seat)]
            if (result := GAME.result(after)) is not None and result.tie_break is not None:
                out.append(result.tie_break)
    for towers, gold in (({"B2": "B"}, [0, 2]), ({"B2": "B", "D2": "G"}, [1, 1])):  # rare in random games
        tied = position(seats=2, towers=towers, builders=["B2", "D3"], gold=gold, over=True)
        out.append(GAME.result(tied).tie_break)  # broken by gold, then shared
    out += [refusal(make, text) for make, text, _ in REFUSALS]
    for make, text in SCENES:
        state = make()
        out += [c.gloss for c in GAME.choices(state, min(GAME.to_act(state)))]
        out += [e.msg for e in play(state, text).events]
    for make, _ in GAME_REFUSALS:
        with pytest.raises(RuleError) as exc:
            make()
        out.append(exc.value.msg)
    ended = GAME.apply(position(), SYSTEM, TimeUp())
    out += [e.msg for e in ended.events] + GAME.status(ended.state)
    out += hints()
    return [m for msg in out for m in nested(msg)]


def hints() -> list[Msg]:
    """The agents' reasons (hints): a greedy decision, and a move explained without an estimate."""
    state = position(towers={"B3": "B", "B2": "G", **TALL}, builders=["B3", "C4", "E4"], gold=[2, 1, 0])
    view = GAME.view(state, 0)
    chosen = GreedyAgent().decide(GAME, view, 0, GAME.legal_actions(state, 0), Rng.from_seed(1), Budget(iterations=1))
    return [chosen.reason, GAME.explain(view, 0, Move(to="B2"), None)]


def code_keys() -> set[str]:
    return {key for path in ENGINE.glob("*.py") for key in KEY.findall(path.read_text(encoding="utf-8"))}


@pytest.fixture(scope="module")
def said() -> list[Msg]:
    return emitted()


def test_every_message_the_engine_emits_has_words_with_every_parameter(said):
    for msg in said:
        assert catalog().has(msg.key), msg
        text = words(msg, COLOURED)
        assert text and "{" not in text and "None" not in text, (msg, text)


def test_every_key_in_the_code_is_emitted_somewhere_and_every_refusal_case_gives_its_own(said):
    emitted_keys = {m.key for m in said}
    assert code_keys() <= emitted_keys, sorted(code_keys() - emitted_keys)
    for make, text, key in REFUSALS:
        assert refusal(make, text).key == key, (text, key)


def renderer_keys() -> set[str]:
    return {key for path in RENDERER for key in KEY.findall(path.read_text(encoding="utf-8"))}


def test_every_key_of_the_catalog_file_is_used():
    file_keys = {k for k in catalog().templates if k.startswith("torri.")}
    categories = {f"torri.category.{c}" for c in CATEGORIES}
    options = {f"torri.option.{name}" for name in Options.model_fields}  # /help: "<prefix>.option.<name>"
    options |= {f"torri.option_default.{name}" for name in Options.model_fields}  # and an empty default's words
    options |= units_named("torri")  # the {n:<unit>} tables the templates name
    unused = file_keys - code_keys() - renderer_keys() - categories - options - {"torri.help", "torri.result.tie_rule"}
    assert not unused, sorted(unused)
    assert categories <= file_keys and "torri.help" in file_keys


def test_the_engine_holds_keys_not_sentences():
    for path in ENGINE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "Event(text=" not in text and "label=" not in text, path.name
        for call in re.finditer(r"(?:IllegalAction|UnknownAction|NotYourTurn|GameOver|RuleError)\((.{0,30})", text):
            argument = call.group(1)
            assert argument.startswith(('"torri.', "problem", "msg")) or argument.startswith(")"), (path.name, argument)


def test_the_help_names_every_kind_of_move():
    help_text = catalog().text_of("torri.help")
    for notation in ("E5", "E5 build", "E5 battlement", "E5 via D4 D5 build", "start Asinelli", "pass"):
        assert notation in help_text


def test_a_walk_over_a_route_with_fees_reads_as_one_sentence():
    state = position(towers={"B2": "B", "C2": "B"}, builders=["B2", "C2", "C2"], gold=[1, 0, 0])
    _, events = play(state, "D2 via C2 build")
    assert [words(e, COLOURED) for e in events] == [
        "Blue walks to D2 (B2 → C2 → D2), paying 1 gold to Green (1 gold of fees unpaid: Blue has no gold left).",
        "Blue builds a piece on D2 (new tower, now 1 high) and takes 2 gold from the bank.",
    ]


def test_the_help_says_how_you_win_and_how_scoring_works_before_the_notation():
    lines = catalog().text_of("torri.help").splitlines()
    head = lines[: next(i for i, line in enumerate(lines) if line.startswith("Type a destination"))]
    assert 3 <= len(head) <= 5, head
    text = " ".join(head)
    for needed in ("most points", "most gold", "last simple piece", "one more", "top piece scores 2",
                   "level minus 1", "full level", "longest run", "each gold scores 1"):
        assert needed in text, needed
    assert "``" not in catalog().text_of("torri.help")


def test_every_move_of_the_readmes_table_is_in_the_help():
    readme = (ROOT / "docs" / "playing.md").read_text(encoding="utf-8")  # the players' guide
    section = readme[readme.index("## Le Torri di Bologna"):readme.index("## Leonardo")]
    table = [line for line in section.splitlines() if line.startswith("| `")]
    moves = [line.split("`")[1] for line in table]
    assert moves and all(move in catalog().text_of("torri.help") for move in moves), moves


def test_portuguese_counts_gold_as_the_designers_original_does():
    """The original rules say "1 ouro", "2 ouros"; the board and the chat said "2 de ouro" (a
    reader of the seventh look: "Restam: 9 de ouro" is clumsy). Every Portuguese gold count now
    agrees with its number, in the events and on the board."""
    from render.text import catalog

    words = catalog("pt-BR")
    assert words.text(Msg("torri.event.takes_from_bank", gold=1)) == "recebe 1 ouro do banco"
    assert words.text(Msg("torri.event.takes_from_bank", gold=2)) == "recebe 2 ouros do banco"
    assert not [k for k, t in words.templates.items() if k.startswith("torri.") and "de ouro" in str(t)]
