"""Deterministic hostile inputs for the chat parsers (moves and /new's options), and real positions
to try the moves on.

Move strings are mutations of a position's legal notations (digits of other scripts, control
and zero-width characters, look-alike letters, huge numbers, 10 KB repetitions) and plain
noise (random bytes decoded, random code points); option strings are ``name=value`` pairs of every
option with right, wrong and mutated values. Everything comes from a seeded
``random.Random``, so a failure names an input that reproduces.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from engines.core.game import Game
from engines.core.playout import playout
from engines.core.rng import SplitMix64

# Digit d of other scripts: superscript, circled, Arabic-Indic, extended Arabic-Indic,
# Devanagari, fullwidth, mathematical bold, subscript (all pass str.isdigit() or \d).
UNICODE_DIGITS = [
    "⁰¹²³⁴⁵⁶⁷⁸⁹",
    "⓪①②③④⑤⑥⑦⑧⑨",
    "٠١٢٣٤٥٦٧٨٩",
    "۰۱۲۳۴۵۶۷۸۹",
    "०१२३४५६७८९",
    "０１２３４５６７８９",
    "𝟎𝟏𝟐𝟑𝟒𝟓𝟔𝟕𝟖𝟗",
    "₀₁₂₃₄₅₆₇₈₉",
]
CONTROLS = [chr(c) for c in (*range(0, 32), 127, 0x85, 0x2028, 0x2029)]
INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u202e", "\u2066", "\u034f"]
SPACES = [" ", "\t", "\n", "\r\n", "\u00a0", "\u2003", "\u3000", "\x1c", "\x1f", "\x0b"]
# Letters whose lower() is ASCII or changes length, and look-alikes of ASCII letters.
LOOKALIKES = {"k": ["\u212a"], "i": ["\u0130", "\u0131", "і"], "s": ["\u017f", "ѕ"], "a": ["а", "ａ"],
              "e": ["е", "ｅ"], "o": ["о", "ο"], "p": ["р"], "c": ["с"], "b": ["Ь"]}
NOISE_WORDS = ["#", "-", "+", "via", "last", "r", "#6r", "remove", "move", "0", "00", "-0", "+0", "1_0",
               "0x10", "1e3", "9" * 12, "9" * 50, "7" * 5000, "nan", "inf", "None", "null", "''", '"',
               "`", "**", "<@123>", "@everyone", "→", ",", "pass", "build", "offer", "contract", "join"]


def _digit_swap(rng: random.Random, text: str) -> str:
    digits = [i for i, ch in enumerate(text) if ch.isdigit()]
    if not digits:
        return text + rng.choice(UNICODE_DIGITS)[rng.randrange(10)]
    script = rng.choice(UNICODE_DIGITS)
    out = list(text)
    for i in digits if rng.random() < 0.5 else [rng.choice(digits)]:
        out[i] = script[int(text[i])] if text[i] in "0123456789" else out[i]
    return "".join(out)


def _insert(rng: random.Random, text: str, pool: list[str]) -> str:
    i = rng.randrange(len(text) + 1)
    return text[:i] + rng.choice(pool) + text[i:]


def _lookalike(rng: random.Random, text: str) -> str:
    spots = [i for i, ch in enumerate(text) if ch.lower() in LOOKALIKES]
    if not spots:
        return text.upper()
    i = rng.choice(spots)
    return text[:i] + rng.choice(LOOKALIKES[text[i].lower()]) + text[i + 1:]


def _words(rng: random.Random, text: str) -> str:
    words = text.split() or [""]
    op = rng.randrange(5)
    if op == 0:
        words.insert(rng.randrange(len(words) + 1), rng.choice(NOISE_WORDS))
    elif op == 1 and len(words) > 1:
        del words[rng.randrange(len(words))]
    elif op == 2:
        rng.shuffle(words)
    elif op == 3:
        i = rng.randrange(len(words))
        words[i] = rng.choice(NOISE_WORDS)
    else:
        words = words + words[1:] * rng.randrange(1, 30)
    return rng.choice(SPACES).join(words)


def _noise(rng: random.Random) -> str:
    kind = rng.randrange(4)
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(40))).decode("utf-8", errors="replace")
    if kind == 1:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(40))).decode("latin-1")
    if kind == 2:
        return "".join(chr(rng.randrange(0x20, 0x2FFFF)) for _ in range(rng.randrange(1, 20))
                       ).encode("utf-8", "replace").decode("utf-8", "replace")
    return rng.choice(SPACES + CONTROLS + INVISIBLE + [""]) * rng.randrange(1, 4)


def _huge(rng: random.Random, text: str) -> str:
    kind = rng.randrange(4)
    if kind == 0:
        return (text + "\n") * (10_240 // (len(text) + 1) + 1)  # 10 KB, many lines
    if kind == 1:
        return text + " " + "9" * 10_240
    if kind == 2:
        return text + "".join(rng.choice(CONTROLS + INVISIBLE + SPACES) for _ in range(10_240))
    return rng.choice(UNICODE_DIGITS)[rng.randrange(10)] * 10_240


def mutations(rng: random.Random, notations: list[str]) -> Iterator[str]:
    """Endless inputs built from a position's legal notations."""
    while True:
        base = rng.choice(notations) if notations else "pass"
        op = rng.randrange(12)
        if op == 0:
            yield base
        elif op in (1, 2):
            yield _digit_swap(rng, base)
        elif op == 3:
            yield _insert(rng, base, CONTROLS)
        elif op == 4:
            yield _insert(rng, base, INVISIBLE)
        elif op == 5:
            yield _lookalike(rng, base)
        elif op in (6, 7):
            yield _words(rng, base)
        elif op == 8:
            yield _noise(rng)
        elif op == 9:
            yield _words(rng, _digit_swap(rng, base))
        elif op == 10:  # a sign, leading zeros or a "#" glued between the first two words
            glue = rng.choice(["+", "-", "0", "00", "#", " "])
            yield glue.join(base.split(" ", 1)) if " " in base else base + "0"
        else:
            yield _huge(rng, base) if rng.random() < 0.15 else _insert(rng, base, SPACES)


# /new's options: every name a title or the platform reads, with values that are right, nearly right
# or hostile. Names and values are mutated like notations (other digits, controls, huge numbers).
OPTION_VALUES = {
    "number": ["1", "12", "15", "40", "200", "500", "2160", "0", "00012", "2161", "999999999", "1000000000",
               "-1", "+5", "1_0", "1e3", "12.0", "0x10", "٣", "１２", "²", "①", "9" * 4301, "9" * 10_240],
    "yes_no": ["yes", "no", "YES", "No", "y", "n", "on", "off", "true", "false", "1", "0", "sim", "não", "nao",
               "NÃO", "sì", "SÌ", "si", "s", "oui", "maybe", "yes no", "ｙｅｓ", "nо"],  # the last o is Cyrillic
    "word": ["random", "london", "new_york", "Rome", "roma", "paris", "small", "medium", "large", "far", "bend",
             "moon", "autopilot", "wait", "off", "none", "greedy", "x" * 300],
    "date": ["2027-01-31", "2027-01-31T20:00", "2027-01-31T20:00+02:00", "2027-01-31 20:00Z", "20270131",
             "2027-W05-1", "1999-01-01", "9999-12-31T23:59-23:59", "0001-01-01T00:00+23:59",
             "2027-02-30", "2027-01-31T24:00", "٢٠٢٧-01-31", "２０２７-01-31", "2027-01-31T20:00:00.1234567"],
}
OPTION_NAMES = {"clock": "number", "on_timeout": "word", "hints": "yes_no", "deadline": "date",
                "max_rounds": "number", "corporations": "yes_no", "squared_runs": "yes_no", "shape": "word",
                "layout": "word", "lang": "word", "colour": "word", "": "word", "MAX-ROUNDS": "number",
                "Hints": "yes_no", "ｃlock": "number", "\u212alock": "number"}
PAIR_GLUE = ["=", "==", " = ", "=\u200b", "＝", ":"]
PAIR_SEPARATORS = [" ", ",", ", ", "\n", "\t", "\u00a0", "\u3000", ",,", " , "]


def _option_value(rng: random.Random, kind: str) -> str:
    value = rng.choice(OPTION_VALUES[kind])
    op = rng.randrange(8)
    if op == 0:
        return _digit_swap(rng, value)
    if op == 1:
        return _insert(rng, value, CONTROLS + INVISIBLE)
    if op == 2:
        return _lookalike(rng, value)
    if op == 3 and rng.random() < 0.2:
        return _huge(rng, value)
    if op == 4:
        return rng.choice(OPTION_VALUES[rng.choice(list(OPTION_VALUES))])  # a value of another kind
    return value


def option_strings(rng: random.Random, names: list[str]) -> Iterator[str]:
    """Endless /new ``options:`` texts: pairs of ``names`` (and every other option name) with values
    right, wrong and hostile, glued and separated in every way, and plain noise."""
    while True:
        if rng.random() < 0.05:
            yield _noise(rng)
            continue
        pairs = []
        for _ in range(rng.randrange(1, 5)):
            name = rng.choice(names) if rng.random() < 0.7 else rng.choice(list(OPTION_NAMES))
            kind = OPTION_NAMES.get(name, "word")
            glue = "=" if rng.random() < 0.85 else rng.choice(PAIR_GLUE)
            pairs.append(f"{name}{glue}{_option_value(rng, kind)}")
        sep = " " if rng.random() < 0.7 else rng.choice(PAIR_SEPARATORS)
        yield sep.join(pairs)


def positions(game: Game, setups: list[tuple[int, Any, int]], per_phase: int = 2) -> list[Any]:
    """Real positions from seeded random games ``(players, options, seed)``: up to
    ``per_phase`` per phase of each game, spread over the game, and its final position."""
    found: list[Any] = []
    for players, options, seed in setups:
        state = game.new_game(players, options, seed)
        by_phase: dict[str, list[Any]] = {}
        for _, _, after, _ in playout(game, state, SplitMix64.from_seed(seed)):
            by_phase.setdefault(str(getattr(after, "phase", "")), []).append(after)
        by_phase.setdefault("start", []).append(state)
        for states in by_phase.values():
            step = max(1, len(states) // per_phase)
            found += states[::step][:per_phase]
    return found
