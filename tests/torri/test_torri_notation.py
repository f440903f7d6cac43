"""Chat notation, autocomplete glosses, help, status and private lines."""

import pytest
from torri_checks import COLOURED, labels, refusal

from engines.core.errors import IllegalAction, UnknownAction
from engines.core.messages import Msg
from engines.torri.model import Move, Options, Pass, Start
from engines.torri.positions import GAME, play, position
from render.text import catalog, words


@pytest.mark.parametrize(
    "text, action",
    [
        ("E5", Move(to="E5")),
        ("e5 build", Move(to="E5", build="build")),
        ("E5 battlement", Move(to="E5", build="battlement")),
        ("E5 via D4 D5 build", Move(to="E5", via=("D4", "D5"), build="build")),
        ("E5 via D4, D5 walk", Move(to="E5", via=("D4", "D5"))),
        ("pass", Pass()),
        ("start Garisenda", Start(tower="Garisenda")),
    ],
)
def test_parse_examples(text, action):
    state = position()
    assert GAME.parse_action(state, 0, text) == action


EXPECTED = ("type a square, optionally `via` and the squares of the route, then `build` or `battlement` "
            "(e.g. `E5`, `E5 build`, `E5 via D4 D5 build`)")


@pytest.mark.parametrize(
    "text, key, said",
    [
        ("", "empty", f"The move is empty: {EXPECTED}."),
        ("build", "no_square", f"`build` names no square: {EXPECTED}."),
        ("Z9 build", "not_inside", f"Z9 (in `Z9 build`) is not a square inside the walls: {EXPECTED}."),
        ("5E build", "unreadable_square", f"I could not read `5e` as a square: {EXPECTED}."),
        ("A1", "not_inside", f"A1 (in `A1`) is not a square inside the walls: {EXPECTED}."),
        ("E5 over D4", "unreadable", f"I could not read `E5 over D4`: {EXPECTED}."),
        ("start Pisa", "start_form", "I could not read `start Pisa`: type `start Asinelli` or `start Garisenda`."),
    ],
)
def test_bad_notation_says_what_is_expected(text, key, said):
    with pytest.raises(UnknownAction) as exc:
        GAME.parse_action(position(), 0, text)
    assert exc.value.msg.key == f"torri.error.{key}"
    assert words(exc.value) == said


def test_notation_round_trips_every_legal_action():
    state = position(towers={"A2": "G", "B2": "B", "C2": "B", "B3": "Y"}, builders=["A2", "C4", "E4"], gold=[5, 0, 0])
    for action in GAME.legal_actions(state, 0) + [Move(to="D2", via=("B2", "C2"), build="battlement")]:
        assert GAME.parse_action(state, 0, GAME.notation(state, action)) == action


def test_choices_list_only_legal_moves_with_costs_and_gains():
    state = position(
        towers={"B3": "B", "B2": "Y", "C3": "B", "C4": "nGY", "E4": "nYG"},
        builders=["B3", "C4", "C3"],
        gold=[5, 0, 2],
    )
    said = labels(state, 0)
    assert set(said) == {GAME.notation(state, a) for a in GAME.legal_actions(state, 0)}
    assert said["A3 build"] == "A3 build · +2 gold (new tower +2)"
    assert said["B2 build"] == "B2 build · +1 gold (on Yellow's piece +1)"
    assert said["C3"] == "C3 · -1 gold (fee 1 to Yellow on C3, walk)"
    assert said["B2 battlement"] == "B2 battlement · -2 gold (battlement -3, on Yellow's piece +1)"
    assert "C3 build" not in said  # Yellow's builder stands there
    gloss = {c.notation: c.gloss for c in GAME.choices(state, 0)}["C3"]
    assert gloss == Msg("torri.gloss.move", net=-1, unpaid="", effect=Msg("torri.gloss.walk"), fees=Msg(
        "torri.gloss.fees", fees=[Msg("torri.gloss.fee", gold=1, seats=[2], square="C3")]))


def test_illegal_move_reason_quotes_the_square():
    state = position(towers={"B3": "B"}, builders=["B3", "C4", "E4"])
    why = refusal(state, "F6 build", kind=IllegalAction)
    assert words(why) == ("F6 is out of reach: move one square from B3, or further over towers topped by your "
                          "own pieces, or freely to a central tower.")


def test_status_help_and_private_lines():
    state = position(towers={"C4": "nB"}, builders=["C4", "E4", "E4"], gold=[2, 0, 1])
    assert [words(m) for m in GAME.status(state)] == [
        "Round 1 (at most 40)", "height limit 1", "Asinelli C4: 2 high", "Garisenda E4: 1 high", "bank 47 gold"]
    assert "E5 via D4 D5 build" in catalog().text_of("torri.help")
    assert [words(m) for m in GAME.private_lines(GAME.view(state, 0))] == [
        "You are seat 1: your builder stands on C4. Left: 2 gold · 13 simple pieces · 3 battlement pieces.",
    ]  # not "Nothing in this game is hidden." on every /hand (issue 28)
    assert [words(m) for m in GAME.private_lines(GAME.view(state, None))] == [
        "Spectators see the whole board: this game has no hidden information."]
    setup = GAME.new_game(3, Options(), 1)
    assert [words(m) for m in GAME.status(setup)][0] == "Setup: builders are placed on the central towers"
    # not "builder on not placed yet", nor a colour name that is not the board's
    assert words(GAME.private_lines(GAME.view(setup, 1))[0]) == (
        "You are seat 2: your builder is not placed yet. Left: 0 gold · 14 simple pieces · 3 battlement pieces.")
    ending = position(triggered_by=0, turn=1, builders=["C4", "E4", "E4"])
    assert [words(m) for m in GAME.status(ending)][-1] == "end triggered, last round 2"


def test_the_platform_seat_cannot_move_for_anyone():
    from engines.core.game import SYSTEM

    state = position(towers={"B3": "B"}, builders=["B3", "C4", "E4"])
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(state, SYSTEM, Move(to="B2", build="build"))
    assert words(exc.value) == "Le Torri di Bologna has no automatic moves: every decision belongs to a player."


def test_choice_label_counts_the_fee_the_payer_just_received():
    # Blue crosses its own B2, where Yellow's builder stands (1 gold fee to Yellow, who had
    # none), then builds on Yellow's C2: Yellow now has that 1 gold and pays it back (+1).
    state = position(
        towers={"A2": "G", "B2": "B", "C2": "Y", "C4": "nGY", "E4": "nYG"},
        builders=["A2", "E4", "B2"],
        gold=[3, 0, 0],
    )
    assert labels(state, 0)["C2 build"] == "C2 build · +0 gold (fee 1 to Yellow on B2, on Yellow's piece +1)"
    after, _ = play(state, "C2 build")
    assert after.gold == [3 - 1 + 1, 0, 0]


def test_status_of_a_shared_victory():
    state = position(towers={"B2": "B", "F6": "G"}, builders=["B2", "F6", "E4"], gold=[2, 2, 0], over=True)
    assert GAME.status(state)[1] == Msg("torri.status.winners", seats=[0, 1], count=2)
    assert words(GAME.status(state)[1], COLOURED) == "Blue and Green share the victory"
    alone = position(towers={"B2": "B"}, builders=["B2", "E4", "E4"], over=True, triggered_by=0, turn=6)
    assert [words(m, COLOURED) for m in GAME.status(alone)][:2] == ["Game over after round 2", "Blue wins"]


@pytest.mark.parametrize("text", ["E٥", "E𝟓 build", "E5 via D４ D5", "E\u2075", "\u212a5", "start A\u0455inelli"])
def test_only_ascii_digits_and_letters_are_read(text):
    state = position()
    before = state.model_dump()
    with pytest.raises(UnknownAction) as exc:
        GAME.parse_action(state, 0, text)
    assert "\n" not in words(exc.value) and state.model_dump() == before


def test_a_huge_multiline_input_is_quoted_on_one_short_line():
    with pytest.raises(UnknownAction) as exc:
        GAME.parse_action(position(), 0, "E5 via\n" + "D4 " * 4000 + "\nfly")
    assert words(exc.value).startswith("I could not read `fly` as a square")
    with pytest.raises(UnknownAction) as exc:
        GAME.parse_action(position(), 0, "E5 via\n" + "D4 " * 4000 + "\nA1")
    message = words(exc.value)
    assert "\n" not in message and len(message) < 300 and "(in `E5 via D4 D4" in message and "…" in message
