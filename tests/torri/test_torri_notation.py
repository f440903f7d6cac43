"""Chat notation, autocomplete labels, help and summary lines."""

import pytest
from torri_helpers import GAME, act, position

from engines.core.errors import IllegalAction, UnknownAction
from engines.torri.model import Move, Pass, Start


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


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "empty"),
        ("build", "names no square"),
        ("Z9 build", "Z9 (in 'Z9 build') is not a square"),
        ("5E build", "as a square"),
        ("A1", "not a square inside the walls"),
        ("E5 over D4", "could not read"),
        ("start Pisa", "start Asinelli"),
    ],
)
def test_bad_notation_says_what_is_expected(text, words):
    with pytest.raises(UnknownAction) as exc:
        GAME.parse_action(position(), 0, text)
    assert words in str(exc.value)


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
    labels = {c.notation: c.label for c in GAME.choices(state, 0)}
    assert set(labels) == {GAME.notation(state, a) for a in GAME.legal_actions(state, 0)}
    assert labels["A3 build"] == "A3 build · +2 gold (new tower +2)"
    assert labels["B2 build"] == "B2 build · +1 gold (on Yellow's piece +1)"
    assert labels["C3"] == "C3 · -1 gold (fee 1 to Y on C3, walk)"
    assert labels["B2 battlement"] == "B2 battlement · -2 gold (battlement -3, on Yellow's piece +1)"
    assert "C3 build" not in labels  # Yellow's builder stands there
    assert all(len(c.label) <= 100 for c in GAME.choices(state, 0))


def test_illegal_move_reason_quotes_the_square():
    state = position(towers={"B3": "B"}, builders=["B3", "C4", "E4"])
    with pytest.raises(IllegalAction, match="^F6 is out of reach"):
        act(state, "F6 build")


def test_summary_help_and_private_text():
    state = position(towers={"C4": "nB"}, builders=["C4", "E4", "E4"], gold=[2, 0, 1])
    line = GAME.summary(state)
    assert "Round 1" in line and "Blue (B) to move" in line and "Asinelli C4 2" in line
    assert "E5 via D4 D5 build" in GAME.help_text()
    text = GAME.private_text(GAME.view(state, 0))
    assert "Blue" in text and "2 gold" in text and "14 simple" not in text
    assert "no hidden" in GAME.private_text(GAME.view(state, None))


def test_the_platform_seat_cannot_move_for_anyone():
    from engines.core.errors import NotYourTurn
    from engines.core.game import SYSTEM

    state = position(towers={"B3": "B"}, builders=["B3", "C4", "E4"])
    with pytest.raises(NotYourTurn, match="no automatic moves"):
        GAME.apply(state, SYSTEM, Move(to="B2", build="build"))


def test_choice_label_counts_the_fee_the_payer_just_received():
    # Blue crosses its own B2, where Yellow's builder stands (1 gold fee to Yellow, who had
    # none), then builds on Yellow's C2: Yellow now has that 1 gold and pays it back (+1).
    state = position(
        towers={"A2": "G", "B2": "B", "C2": "Y", "C4": "nGY", "E4": "nYG"},
        builders=["A2", "E4", "B2"],
        gold=[3, 0, 0],
    )
    labels = {c.notation: c.label for c in GAME.choices(state, 0)}
    assert labels["C2 build"] == "C2 build · +0 gold (fee 1 to Y on B2, on Yellow's piece +1)"
    after, _ = act(state, "C2 build")
    assert after.gold == [3 - 1 + 1, 0, 0]


def test_summary_of_a_shared_victory():
    state = position(towers={"B2": "B", "F6": "G"}, builders=["B2", "F6", "E4"], gold=[2, 2, 0])
    state.phase = "over"
    assert "Blue and Green share the victory" in GAME.summary(state)


@pytest.mark.parametrize("text", ["E٥", "E𝟓 build", "E5 via D４ D5", "E\u2075", "\u212a5", "start A\u0455inelli"])
def test_only_ascii_digits_and_letters_are_read(text):
    state = position()
    before = state.model_dump()
    with pytest.raises(UnknownAction) as exc:
        GAME.parse_action(state, 0, text)
    assert "\n" not in str(exc.value) and state.model_dump() == before


def test_a_huge_multiline_input_is_quoted_on_one_short_line():
    with pytest.raises(UnknownAction) as exc:
        GAME.parse_action(position(), 0, "E5 via\n" + "D4 " * 4000 + "\nfly")
    message = str(exc.value)
    assert "\n" not in message and len(message) < 300 and "'E5 via D4 D4" in message and "…" in message
