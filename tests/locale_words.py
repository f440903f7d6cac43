"""Which language a text is in, read from the catalogs themselves (for the tests of every locale).

A locale's vocabulary is the words of its templates, with placeholders, code spans, quoted notation,
name=value options and /commands left out. A text in locale L may use no word that only the other
catalogs use, and uses at least one word only L's uses (unless all its words are shared).
"""

from __future__ import annotations

import re
import string
import tomllib
from functools import cache

from engines.core.data import data_root
from render.text import LOCALES, RESERVED_SPECS, catalog, unit_key

WORD = re.compile(r"[^\W\d_]{3,}")
# notation: code spans, quoted input, name=value options, /commands (each locale's own names)
NOTATION = re.compile(r"`[^`]*`|“[^”]*”|«[^»]*»|\"[^\"]*\"|'[^']*'|\w+=\S*|/\w+")


def words_of(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(NOTATION.sub(" ", text))}


@cache
def vocabulary(locale: str) -> frozenset[str]:
    out: set[str] = set()
    for template in catalog(locale).templates.values():
        forms = [v for k, v in template.items() if k != "count"] if isinstance(template, dict) else [template]
        for form in forms:
            for literal, *_ in string.Formatter().parse(form):
                out |= words_of(literal)
    return frozenset(out)


@cache
def others(locale: str) -> frozenset[str]:
    return frozenset().union(*(vocabulary(o) for o in LOCALES if o != locale))


@cache
def own_words(locale: str) -> frozenset[str]:
    return vocabulary(locale) - others(locale)


def foreign_words(text: str, locale: str, ignore: set[str] = frozenset()) -> set[str]:
    """The words of ``text`` that only other locales' catalogs use."""
    return (words_of(text) - ignore - vocabulary(locale)) & others(locale)


def assert_in_language(text: str, locale: str, ignore: set[str] = frozenset()) -> None:
    foreign = foreign_words(text, locale, ignore)
    assert not foreign, f"{sorted(foreign)} are not {locale} in: {text}"
    words = words_of(text) - ignore
    assert not words or words & own_words(locale) or words <= vocabulary(locale), (locale, text)


def units_named(prefix: str) -> set[str]:
    """The ``<prefix>.unit.*`` plural tables the English templates of ``<prefix>.*`` name with
    ``{n:<unit>}`` (render/text.py): used, though no code names them."""
    out = set()
    for key, template in catalog("en").templates.items():
        if not key.startswith(prefix + "."):
            continue
        forms = [v for k, v in template.items() if k != "count"] if isinstance(template, dict) else [template]
        for form in forms:
            out |= {unit_key(key, spec) for _, field, spec, _ in string.Formatter().parse(form)
                    if field and spec and spec not in RESERVED_SPECS}
    return out


def proper_words(names: list[str]) -> set[str]:
    """Words that are names, not language: ``names`` (players, titles) and Leonardo's spaces, offices and
    cards (Italian names in every language)."""
    words = {w.lower() for n in names for w in WORD.findall(n)}
    for path in ("board.toml", "cards.toml"):
        data = tomllib.loads((data_root() / "leonardo" / path).read_text(encoding="utf-8"))
        words |= {w.lower() for text in _strings(data) for w in WORD.findall(text)}
    return words


def _strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        value = list(value.values())
    return [s for v in value for s in _strings(v)] if isinstance(value, list) else []
