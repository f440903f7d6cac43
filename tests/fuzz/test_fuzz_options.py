"""Every parser of what a player types besides moves, against thousands of hostile strings (issue 22
item 2): /new's options (each title's, clock, on_timeout, hints, deadline) as the service checks them
when a game is opened, each parser alone, and /away's hours. Each string is accepted or refused with
one short line in the reader's language (no validator's English, no Python value), never an exception;
an accepted line echoed as the lobby types it reads back to the same options."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest
from fuzz_inputs import CONTROLS, UNICODE_DIGITS, option_strings

from bot.play import registry
from bot.play.clock import parse_clock
from bot.play.locale import reading
from bot.play.options import OptionError, parse_hints, parse_options, split_options, typed_options
from bot.play.service import GameService, Refusal, User
from bot.play.words import say
from bot.store import Store
from render.text import LOCALES

STRINGS_PER_TITLE = 3000
MAX_REFUSAL = 400  # one line a phone shows whole; the input in it is cut at 60 characters
NOW = datetime(2026, 12, 2, 12, 0, tzinfo=UTC)
PROGRAM_WORDS = ("Input should", "validation error", "Traceback", "True", "False", "None", "``", "pydantic")


def check_refusal(text: str, typed: str) -> None:
    assert text and "\n" not in text and "\r" not in text, (typed[:80], text[:200])
    assert len(text) <= MAX_REFUSAL, (typed[:80], len(text), text[:200])
    assert not [w for w in PROGRAM_WORDS if w in text], (typed[:80], text[:200])


@pytest.fixture
async def service(tmp_path):
    store = await Store.open(str(tmp_path / "fuzz.sqlite3"))
    yield GameService(store, clock=lambda: NOW)
    await store.close()


def option_names(key: str) -> list[str]:
    engine = registry.get(key).engine
    return [*engine.options_model.model_fields, "clock", "on_timeout", "hints", "deadline"]


@pytest.mark.parametrize("key", sorted(registry.titles()))
async def test_new_game_options_are_taken_or_refused_in_one_line_never_raised(service, key):
    texts = option_strings(random.Random(key), option_names(key))
    outcomes = {"taken": 0, "refused": 0}
    for i in range(STRINGS_PER_TITLE):
        typed = next(texts)
        locale = LOCALES[i % len(LOCALES)]
        with reading(locale):
            try:
                title, options, deadline, hints, clock = service.check_new(key, typed)
            except Refusal as exc:
                check_refusal(str(exc), typed)
                outcomes["refused"] += 1
                continue
            except Exception as exc:  # noqa: BLE001 - the point: name the input that crashed
                pytest.fail(f"/new {key} options:{typed[:80]!r} raised {type(exc).__name__}: {exc!s:.200}")
        outcomes["taken"] += 1
        # what the lobby echoes is typed back the same (and a yes/no is yes or no, never True)
        echoed = typed_options(options.model_dump(mode="json", exclude_defaults=True))
        assert "True" not in echoed and "False" not in echoed, echoed
        engine = title.engine
        assert parse_options(engine.options_model, split_options(echoed), engine.title) == options, typed[:80]
        assert clock.hours is None or 1 <= clock.hours <= 2160
        assert deadline is None or deadline > NOW.isoformat()
    # the strings reach both sides: some are taken, most are refused
    assert outcomes["taken"] > 100 and outcomes["refused"] > 1000, outcomes


def hostile_words(rng: random.Random) -> str:
    kind = rng.randrange(6)
    if kind == 0:
        return "".join(rng.choice(rng.choice(UNICODE_DIGITS)) for _ in range(rng.randrange(1, 6)))
    if kind == 1:
        return "9" * rng.choice([9, 10, 50, 4300, 4301, 10_240])
    if kind == 2:
        return rng.choice(["12", "off", "yes", "autopilot"]) + rng.choice(CONTROLS)
    if kind == 3:
        return str(rng.randrange(-5, 3000))
    if kind == 4:
        return rng.choice(["sim", "não", "sì", "no", "on", "off", "wait", "OFF", "Wait", "nenhum", " ", ""])
    return "".join(chr(rng.randrange(0x20, 0x2FFFF)) for _ in range(rng.randrange(1, 12)))


def test_each_parser_alone_reads_or_refuses_every_hostile_word():
    rng = random.Random(2)
    models = [registry.get(k).engine for k in sorted(registry.titles())]
    for _ in range(4000):
        word = hostile_words(rng)
        for parse, args in ((parse_clock, (word, None)), (parse_clock, ("48", word)),
                            (parse_hints, (models[0], word)), (split_options, (word,))):
            try:
                parse(*args)
            except OptionError as exc:
                check_refusal(say(None, exc), word)
        for engine in models:
            for name in engine.options_model.model_fields:
                with reading(rng.choice(LOCALES)):
                    try:
                        parse_options(engine.options_model, {name: word}, engine.title)
                    except OptionError as exc:
                        check_refusal(say(None, exc), word)


@pytest.mark.parametrize("hours", [-(2**63), -1, 0, 2161, 10**6, 2**53, 2**63, 10**30])
async def test_away_hours_out_of_range_are_refused_before_anything_else(service, hours):
    with pytest.raises(Refusal) as exc:
        await service.away(5, User(1, "Anne"), hours)
    check_refusal(str(exc.value), str(hours))
    assert "2160" in str(exc.value)
