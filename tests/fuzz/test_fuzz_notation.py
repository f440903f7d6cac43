"""Every game's chat parser against 10,000+ hostile strings on real positions: only rule
errors come out, letters and digits outside ASCII are refused, every refusal is one short
line, and nothing changes the position."""

from __future__ import annotations

import random

import pytest
from fuzz_inputs import mutations, positions

from engines.bella_vista import BellaVista
from engines.bella_vista import Options as BellaVistaOptions
from engines.core.errors import RuleError
from engines.leonardo import Leonardo
from engines.leonardo.model import Options as LeonardoOptions
from engines.torri import Torri, TorriOptions
from render.text import words

STRINGS = 10_000
MAX_MESSAGE = 300

# (game, random games to take positions from: (players, options, seed), phases they must reach)
GAMES = {
    "bella_vista": (BellaVista(), [(2, BellaVistaOptions(), 1), (3, BellaVistaOptions(), 2),
                                   (4, BellaVistaOptions(layout="london"), 3)],
                    {"offers", "construction", "contract", "neutral", "over"}),
    "torri": (Torri(), [(2, TorriOptions(), 1), (3, TorriOptions(), 2), (4, TorriOptions(), 3)],
              {"setup", "play", "over"}),
    "leonardo": (Leonardo(), [(3, LeonardoOptions(), 2), (5, LeonardoOptions(max_rounds=6, corporations=True), 3),
                              (6, LeonardoOptions(max_rounds=4), 3), (2, LeonardoOptions(max_rounds=2), 1)],
                 {"factions", "start", "place", "buy", "auction", "market", "merge", "over"}),
}


def check_refusal(exc: RuleError, text: str) -> None:
    message = words(exc)  # what a player reads (a keyed refusal's str() is for logs)
    assert message and "\n" not in message and "\r" not in message, (text[:80], message[:200])
    assert len(message) <= MAX_MESSAGE, (text[:80], len(message), message[:200])


def try_text(game, state, seat: int, text: str) -> str:
    """Parse and apply; returns what happened. Anything but a rule error fails the test."""
    try:
        action = game.parse_action(state, seat, text)
    except RuleError as exc:
        check_refusal(exc, text)
        return "refused"
    except Exception as exc:  # noqa: BLE001 - the point: name the input that crashed
        pytest.fail(f"parse_action raised {type(exc).__name__}: {exc!s:.200} on {text[:80]!r}")
    if any(ch.isalnum() and not ch.isascii() for ch in text):  # "²", "٣", "３", the Kelvin sign...
        pytest.fail(f"parse_action read non-ASCII letters or digits in {text[:80]!r} as {action!r:.100}")
    try:
        game.apply(state, seat, action)
    except RuleError as exc:
        check_refusal(exc, text)
        return "illegal"
    except Exception as exc:  # noqa: BLE001
        pytest.fail(f"apply raised {type(exc).__name__}: {exc!s:.200} on {text[:80]!r} ({action!r:.100})")
    return "played"


@pytest.mark.parametrize("key", list(GAMES))
def test_parsers_only_raise_rule_errors_and_change_nothing(key):
    game, setups, phases = GAMES[key]
    states = positions(game, setups, per_phase=3)
    assert phases <= {state.phase for state in states}
    cases = []
    for state in states:
        owing = sorted(game.to_act(state))
        notations = [game.notation(state, a) for s in owing for a in game.legal_actions(state, s)]
        cases.append((state, owing, mutations(random.Random(len(cases)), notations), state.model_dump()))
    rng = random.Random(8)
    outcomes: dict[str, int] = {}
    for i in range(STRINGS):
        state, owing, texts, before = cases[i % len(cases)]
        seat = rng.choice(owing) if owing and rng.random() < 0.8 else rng.randrange(state_seats(state))
        text = next(texts)
        outcome = try_text(game, state, seat, text)
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
        assert state.model_dump() == before, text[:80]
    # the strings reach the rules, not only the parser
    assert outcomes.get("played", 0) > 100 and outcomes.get("illegal", 0) > 100, outcomes


def state_seats(state) -> int:
    return getattr(state, "seats", None) or state.players


@pytest.mark.parametrize("key", list(GAMES))
def test_a_10kb_multiline_input_gets_a_one_line_refusal(key):
    game, setups, _ = GAMES[key]
    players, options, seed = setups[0]
    state = game.new_game(players, options, seed)
    seat = sorted(game.to_act(state))[0]
    for text in ("pass\n" * 2048, "offer 5 #6 " + "x" * 10_240, "\n".join(["E5 via"] * 1500), "bid " + "7" * 10_240):
        with pytest.raises(RuleError) as exc:
            game.apply(state, seat, game.parse_action(state, seat, text))
        check_refusal(exc.value, text)
