"""What players type at /new (issue 22 item 2, issue 28 items 3 and 4): every number in ASCII digits
or refused with a clear message, yes/no options in each language's words, refusals in the reader's
language (never a validator's English), and /help's option lines without Python values."""

from __future__ import annotations

import pytest

from bot.play.clock import MAX_HOURS, parse_clock
from bot.play.locale import reading
from bot.play.options import OptionError, describe_options, parse_hints, parse_options, split_options
from bot.play.words import say
from engines.bella_vista import BellaVista
from engines.bella_vista import Options as BellaVistaOptions
from engines.leonardo import Leonardo
from engines.leonardo.model import Options as LeonardoOptions
from engines.torri import Options as TorriOptions
from engines.torri import Torri
from render.text import LOCALES

UNICODE_NUMBERS = ["²", "①", "٣", "３", "１２", "𝟏𝟐", "₁", "12²", "9" * 4301, "9" * 10_000, "1_0", "0x10", "1e1", "12.0",
                   "+12", "-3", "", " "]


def said(exc: OptionError, locale: str = "en") -> str:
    return say(None, exc, locale)


@pytest.mark.parametrize("text", UNICODE_NUMBERS)
def test_a_clock_in_other_digits_or_of_thousands_of_digits_is_refused_not_raised(text):
    with pytest.raises(OptionError) as exc:
        parse_clock(text, None)
    assert exc.value.msg.key in ("bot.clock.unreadable", "bot.clock.out_of_range")
    assert f"1 to {MAX_HOURS}" in said(exc.value) and len(said(exc.value)) < 200


def test_a_clock_in_ascii_digits_is_read():
    assert parse_clock(" 12 ", None).hours == 12 and parse_clock("2160", "wait").hours == 2160
    assert parse_clock("off", None).hours is None


@pytest.mark.parametrize("text", [t for t in UNICODE_NUMBERS if t.strip()])
@pytest.mark.parametrize("locale", LOCALES)
def test_a_whole_number_option_takes_ascii_digits_within_its_range_and_says_so_in_the_reader_s_words(text, locale):
    with reading(locale), pytest.raises(OptionError) as exc:
        parse_options(LeonardoOptions, {"max_rounds": text}, "Leonardo (1988)")
    words = said(exc.value, locale)
    assert "1" in words and "500" in words and "Input should" not in words and "integer" not in words
    assert len(words) < 200 and "\n" not in words


def test_whole_numbers_are_read_within_their_range():
    assert parse_options(LeonardoOptions, {"max_rounds": " 7 "}, "L").max_rounds == 7
    with pytest.raises(OptionError) as exc:
        parse_options(TorriOptions, {"max_rounds": "0"}, "Le Torri di Bologna")
    assert said(exc.value) == ("Option `max_rounds=0` is not valid for Le Torri di Bologna: "
                               "give a whole number from 15 to 200.")


@pytest.mark.parametrize("locale, text, means", [
    ("en", "yes", True), ("en", "no", False), ("en", "ON", True), ("en", "off", False),
    ("pt-BR", "sim", True), ("pt-BR", "Não", False), ("pt-BR", "nao", False), ("pt-BR", "s", True),
    ("it", "sì", True), ("it", "SÌ", True), ("it", "si", True), ("it", "no", False),
])
def test_yes_no_options_take_the_words_players_write(locale, text, means):
    with reading(locale):
        assert parse_options(TorriOptions, {"squared_runs": text}, "T").squared_runs is means
        assert parse_options(LeonardoOptions, {"corporations": text}, "L").corporations is means
        assert parse_hints(Torri(), text) is means


@pytest.mark.parametrize("locale, expected", [
    ("en", "Option `squared_runs=maybe` is not valid for Le Torri di Bologna: write `yes` or `no`."),
    ("pt-BR", "A opção `squared_runs=maybe` não vale para Le Torri di Bologna: escreva `yes` ou `no` "
              "(`sim` e `não` também valem)."),
    ("it", "L'opzione `squared_runs=maybe` non è valida per Le Torri di Bologna: scrivi `yes` o `no` "
           "(va bene anche `sì`)."),
])
def test_a_yes_no_refusal_is_in_the_reader_s_language(locale, expected):
    with reading(locale), pytest.raises(OptionError) as exc:
        parse_options(TorriOptions, {"squared_runs": "maybe"}, "Le Torri di Bologna")
    assert said(exc.value, locale) == expected
    with reading(locale), pytest.raises(OptionError) as exc:
        parse_hints(Torri(), "maybe")
    assert said(exc.value, locale) == expected.replace("squared_runs", "hints")


@pytest.mark.parametrize("locale, reason", [
    ("en", "choose one of random, london, new_york, rome, bangkok, berlin, paris"),
    ("pt-BR", "escolha uma destas: random, london, new_york, rome, bangkok, berlin, paris"),
    ("it", "scegli tra random, london, new_york, rome, bangkok, berlin, paris"),
])
def test_a_choice_is_refused_with_the_choices_and_read_in_any_case(locale, reason):
    with reading(locale), pytest.raises(OptionError) as exc:
        parse_options(BellaVistaOptions, {"layout": "roma"}, "Bella Vista")
    assert said(exc.value, locale).endswith(f": {reason}.")
    assert parse_options(BellaVistaOptions, {"layout": " Rome "}, "Bella Vista").layout == "rome"


def test_stored_options_are_read_as_stored_and_a_stored_value_out_of_range_is_refused_in_words():
    assert parse_options(LeonardoOptions, {"max_rounds": 30, "corporations": True}, "L").corporations is True
    with pytest.raises(OptionError) as exc:
        parse_options(LeonardoOptions, {"max_rounds": 9999}, "Leonardo (1988)")
    assert said(exc.value) == ("Option `max_rounds=9999` is not valid for Leonardo (1988): "
                               "give a whole number from 1 to 500.")


def test_an_unknown_wall_shape_is_refused_in_the_catalog_s_words_not_the_validator_s():
    options = parse_options(TorriOptions, {"shape": "lua"}, "Le Torri di Bologna")  # the rules refuse it
    with pytest.raises(Exception) as exc:
        Torri().check_options(options)
    assert exc.value.msg.key == "torri.error.unknown_shape"
    with reading("pt-BR"):
        assert "Não existe o formato de muralhas" in say(None, exc.value, "pt-BR")


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("engine", [BellaVista(), Torri(), Leonardo()], ids=lambda e: e.key)
def test_help_shows_defaults_as_typed_never_python_values(engine, locale):
    with reading(locale):
        text = describe_options(engine.options_model, engine.prefix)
    assert "False" not in text and "True" not in text and "``" not in text and "None" not in text
    if engine.key == "torri":
        shape = text.splitlines()[0]
        assert shape.startswith("`shape` (") and {"en": "by player count", "pt-BR": "pelo número de jogadores",
                                                   "it": "secondo il numero di giocatori"}[locale] in shape
        assert "`squared_runs`" in text and "`no`" in text
        assert {"en": "15 to 200", "pt-BR": "de 15 a 200", "it": "da 15 a 200"}[locale] in text
    if engine.key == "leonardo":
        assert "`corporations`" in text and "`no`" in text


def test_option_names_are_read_in_ascii_case_only():
    assert split_options("LAYOUT=rome, Max-Rounds=20") == {"layout": "rome", "max_rounds": "20"}
    assert "key" not in split_options("\u212aEY=1")  # the Kelvin sign is not a "k"


def test_invisible_characters_in_options_are_dropped_and_controls_separate_pairs():
    """What is read is what a refusal shows: "hints=yes" with a zero-width space was refused while the
    refusal quoted "hints=yes"."""
    assert split_options("hints=yes\u200b\x01max_rounds=2\u20600") == {"hints": "yes", "max_rounds": "20"}


def test_input_with_nothing_printable_is_quoted_as_an_ellipsis_never_an_empty_code_span():
    with pytest.raises(OptionError) as exc:
        split_options("=\x01")
    assert said(exc.value) == "Cannot read option `=`: write options as name=value, e.g. `layout=rome`."
    assert say(None, OptionError("bot.options.twice", name="\u200b\x00")) == "Option `…` is given twice."
