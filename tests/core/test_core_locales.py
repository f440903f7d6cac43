"""Every locale's catalog is complete: each key of the English source (the keys the code uses, by
the catalog tests of bot/ and each title) is in pt-BR and it, no translation has a key English
lacks, placeholders are the source's, plural tables name the same count and only the locale's
CLDR forms; every translated template renders. A key a translation lacks still renders (in
English, one warning), and plural forms follow each language's rule."""

import logging
import re
import string

import pytest
from babel import Locale

from engines.core import Msg
from render.text import DEFAULT_LOCALE, LOCALES, RESERVED_SPECS, Catalog, catalog

TRANSLATIONS = [loc for loc in LOCALES if loc != DEFAULT_LOCALE]


def fields(template) -> set[tuple[str, str]]:
    """The placeholders of a template (every form of a plural table), with their formats."""
    forms = {k: v for k, v in template.items() if k != "count"} if isinstance(template, dict) else {"": template}
    return {(f, spec or "") for form in forms.values() for _, f, spec, _ in string.Formatter().parse(form) if f}


def sample(spec: str):
    return {"seat": 0, "seats": [0, 1], "input": "e5 build", "signed": 3}.get(spec, 2 if spec else "x")


def same_placeholders(target, source) -> bool:
    """The same names, shown the same way; a translation may give a count a unit ({cost:coins}) where
    English needs none (the adjective of "the 5-coin space")."""
    def shown(fields_):
        return {(f, spec if spec in RESERVED_SPECS else "") for f, spec in fields_}
    return shown(fields(target)) == shown(fields(source)) and {f for f, _ in fields(target)} == {
        f for f, _ in fields(source)}


@pytest.mark.parametrize("locale", TRANSLATIONS)
def test_every_source_key_is_translated_and_nothing_else(locale):
    source, target = catalog(DEFAULT_LOCALE).templates, catalog(locale).templates
    missing = sorted(set(source) - set(target))
    unused = sorted(set(target) - set(source))
    assert not missing, f"{locale} lacks {len(missing)} keys: {missing}"
    assert not unused, f"{locale} has keys the source does not: {unused}"


@pytest.mark.parametrize("locale", TRANSLATIONS)
def test_placeholders_and_plural_tables_match_the_source(locale):
    source, target = catalog(DEFAULT_LOCALE).templates, catalog(locale).templates
    tags = Locale.parse(locale.replace("-", "_")).plural_form.tags | {"other"}
    for key, template in target.items():
        assert same_placeholders(template, source[key]), (locale, key, fields(template), fields(source[key]))
        assert isinstance(template, dict) == isinstance(source[key], dict), (locale, key, "plural table or not")
        if isinstance(template, dict):
            assert template["count"] == source[key]["count"], (locale, key)
            forms = set(template) - {"count", "zero"}  # a zero form is what 0 says, in any locale
            assert forms <= tags and {"one", "other"} <= forms, (locale, key, forms)


@pytest.mark.parametrize("locale", TRANSLATIONS)
def test_every_translated_template_renders(locale):
    words = catalog(locale)
    for key, template in words.templates.items():
        params = {f: sample(spec) for f, spec in fields(template)}
        counts = (0, 1, 2) if isinstance(template, dict) else (None,)
        for n in counts:
            if n is not None:
                params[template["count"]] = n
            text = words.text(Msg(key, **params))
            assert text and "{" not in text.replace("{{", ""), (locale, key, text)


@pytest.mark.parametrize("locale", LOCALES)
def test_commands_named_in_sentences_are_the_locale_s_command_names(locale):
    """A sentence names a command as the reader's Discord shows it (/entrar, /entra), never the English one."""
    words = catalog(locale)
    commands = {words.text_of(k) for k in words.templates if k.startswith("bot.name.")}
    for key, template in words.templates.items():
        forms = [v for k, v in template.items() if k != "count"] if isinstance(template, dict) else [template]
        for form in forms:
            named = set(re.findall(r"(?<![\w<])/([\w-]+)", form))
            assert named <= commands, (locale, key, named - commands)


def test_plural_forms_follow_each_language():
    """CLDR's rules, except that a Brazilian reads zero in the plural ("0 moedas", as Italian "0 monete"
    and English "0 coins"), although CLDR's pt rule gives 0 the singular (issue 24, issue 28)."""
    earlier = [catalog(loc).text(Msg("bot.board.earlier", count=n)) for loc in LOCALES for n in (0, 1, 2)]
    assert earlier == [
        "… 0 earlier moves: see /log.", "… 1 earlier move: see /log.", "… 2 earlier moves: see /log.",
        "… 0 jogadas anteriores: veja /registro.", "… 1 jogada anterior: veja /registro.",
        "… 2 jogadas anteriores: veja /registro.",
        "… 0 mosse precedenti: vedi /registro.", "… 1 mossa precedente: vedi /registro.",
        "… 2 mosse precedenti: vedi /registro.",
    ]
    assert [catalog("pt-BR").text(Msg("bv.gloss.build", coins=n)) for n in (0, 1, 2)] == [
        "+0 moedas", "+1 moeda", "+2 moedas"]
    assert catalog("it").text(Msg("bv.gloss.build", coins=0)) == "+0 monete"


def test_a_key_missing_from_a_translation_falls_back_to_english_with_one_warning(caplog):
    partial = Catalog("it", {"core.list_last": "{head} e {tail}"}, fallback=catalog(DEFAULT_LOCALE))
    with caplog.at_level(logging.WARNING, logger="piazza"):
        first = partial.text(Msg("bot.board.waiting_for", seats=[0, 1]))
        again = partial.text(Msg("bot.board.waiting_for", seats=[0, 1]))
    assert first == again == "waiting for seat 1 e seat 2"  # English words, the list joined in Italian
    warnings = [r for r in caplog.records if "bot.board.waiting_for" in r.getMessage()]
    assert len(warnings) == 1 and "it" in warnings[0].getMessage()
    with pytest.raises(KeyError):  # a key nobody has is still an error, not a blank
        partial.text(Msg("bot.nowhere.at_all"))


def test_an_unknown_locale_is_english():
    assert catalog("fr").locale == DEFAULT_LOCALE
