"""The catalogs read as a player reads them (issue 28): every message of every locale rendered with
sample parameters (counts 0, 1, 2 and 5), checked for plural agreement wherever a count meets a noun,
for English left in the translations (outside names and notation), and for program values (True,
False, an empty code span, a Python default) where players read words.

Agreement is checked against the catalogs' own nouns: every plural table pairs a singular with its
plural ("moeda"/"moedas"), and ``NOUNS`` adds those that only ever follow a count without a table.
A count followed by one of them must take the form the locale's rule gives that count."""

from __future__ import annotations

import itertools
import re
import string
from functools import cache

import pytest

from engines.core import Msg
from render.text import DEFAULT_LOCALE, LOCALES, RESERVED_SPECS, Style, catalog
from tests.locale_words import NOTATION, words_of

COUNTS = (0, 1, 2, 5)
NAMED = Style(seat=lambda seat: ("Anne", "Bruno", "Carla")[seat])  # names, so no number is a seat's
PROGRAM_VALUES = re.compile(r"\b(True|False|None)\b|``|=(true|false)\b|\{|\}|\bdefault `\)")

# nouns that follow a count in some sentence with no plural table of their own: singular -> plural
NOUNS = {
    "en": {"player": "players", "move": "moves", "vote": "votes", "round": "rounds", "hour": "hours",
           "coin": "coins", "florin": "florins", "point": "points", "piece": "pieces", "space": "spaces",
           "turn": "turns", "notice": "notices", "card": "cards", "office": "offices", "building": "buildings"},
    "pt-BR": {"jogador": "jogadores", "jogada": "jogadas", "voto": "votos", "rodada": "rodadas", "hora": "horas",
              "moeda": "moedas", "florim": "florins", "ponto": "pontos", "peça": "peças", "casa": "casas",
              "espaço": "espaços", "vez": "vezes", "sentado": "sentados", "carta": "cartas", "cargo": "cargos",
              "edifício": "edifícios", "aviso": "avisos"},
    "it": {"giocatore": "giocatori", "mossa": "mosse", "voto": "voti", "giro": "giri", "ora": "ore",
           "moneta": "monete", "fiorino": "fiorini", "punto": "punti", "pezzo": "pezzi", "casella": "caselle",
           "turno": "turni", "seduto": "seduti", "carta": "carte", "carica": "cariche", "edificio": "edifici",
           "avviso": "avvisi", "volta": "volte"},
}

SAMPLES = re.compile(r"anne|bruno|(x?zed)+")  # the sample values' own words, glued or not

# Words a translation shares with the English catalog on purpose: names (titles, Leonardo's Italian
# names, places, languages), Discord's and the file formats' words, and words that are also the
# language's own. Notation players type is in code spans (`bet gem 20`), which the check leaves out.
SHARED = {
    "pt-BR": {"piazza", "bella", "vista", "torri", "bologna", "asinelli", "garisenda", "leonardo", "machina",
              "sorte", "maggiore", "balzello", "perditutto", "nulla", "fatto", "carta", "guelfa", "ghibellina",
              "giovanni", "novella", "spirito", "croce", "marco", "oltrarno",
              "guelfi", "ghibellini", "palazzi", "palazzo", "florins", "english", "italiano", "português",
              "brasil", "discord", "json", "utc", "bot", "bots", "mcts", "menu", "min", "replay",
              "base", "capital", "central", "decide", "extra", "final", "for", "move", "rival", "total", "use",
              "vote", "web", "link", "javascript", "rating", "chance", "remove"},
    "it": {"piazza", "bella", "vista", "torri", "bologna", "asinelli", "garisenda", "leonardo", "machina",
           "sorte", "maggiore", "balzello", "perditutto", "nulla", "fatto", "carta", "guelfa", "ghibellina",
           "giovanni", "novella", "spirito", "croce", "marco", "oltrarno",
           "guelfi", "ghibellini", "palazzi", "palazzo", "english", "italiano", "português", "brasil",
           "discord", "json", "utc", "bot", "mcts", "menu", "min", "replay", "thread", "server", "computer",
           "file", "all", "base", "come", "dice", "far", "per", "private", "decide", "web", "link", "javascript"},
}


def forms_of(template) -> list[str]:
    return [v for k, v in template.items() if k != "count"] if isinstance(template, dict) else [template]


def fields(template) -> dict[str, str]:
    return {f: spec or "" for form in forms_of(template) for _, f, spec, _ in string.Formatter().parse(form) if f}


def sample(spec: str, n: int):
    if spec == "seat":
        return 0
    if spec == "seats":
        return [0, 1]
    if spec == "input":
        return "E5 C3"
    if spec:
        return n  # a signed number or a unit's count: the count under test
    return "Zed"  # a plain value (a name, a nested sentence), so that every number shown is a count


def rendered(locale: str, key: str, n: int) -> str:
    template = catalog(locale).templates[key]
    params = {name: sample(spec, n) for name, spec in fields(template).items()}
    if isinstance(template, dict):
        params[template["count"]] = n
    return catalog(locale).text(Msg(key, **params), NAMED)


@cache
def every_rendering() -> dict[tuple[str, str, int], str]:
    return {(loc, key, n): rendered(loc, key, n)
            for loc in LOCALES for key in catalog(loc).templates for n in COUNTS}


@cache
def nouns(locale: str) -> dict[str, bool]:
    """Every noun a count meets in ``locale``: word -> whether it is the plural. The plural tables
    say which: the word after the count in the ``one`` form is the singular of the word after it
    in the ``other`` form ("{n} moeda", "{n} moedas")."""
    pairs = dict(NOUNS[locale])
    for template in catalog(locale).templates.values():
        if isinstance(template, dict) and "one" in template:
            after = re.compile(r"\{" + template["count"] + r"(?::\w+)?\} (\w+)")
            one, other = after.search(template["one"]), after.search(template["other"])
            if one and other and one.group(1).lower() != other.group(1).lower():
                pairs[one.group(1).lower()] = other.group(1).lower()
    out = {plural: True for plural in pairs.values()}
    out.update({singular: False for singular in pairs if singular not in out})
    return out


def test_every_message_renders_in_every_locale_with_every_count_and_no_program_value():
    for (locale, key, n), text in every_rendering().items():
        assert text.strip(), (locale, key, n)
        found = PROGRAM_VALUES.search(text)
        assert not found, (locale, key, n, found.group(0), text)


@pytest.mark.parametrize("locale", LOCALES)
def test_every_count_agrees_with_the_noun_it_meets(locale):
    """Rendered with counts 0, 1, 2 and 5: the noun after each count (the head of a compound: the last
    word in English, "0 Contract Cards", the first in Portuguese and Italian, "0 Carte Contratto") takes
    the form the locale's rule gives that count."""
    words, lexicon = catalog(locale), nouns(locale)
    wrong = []
    for (loc, key, n), text in every_rendering().items():
        if loc != locale:
            continue
        for match in re.finditer(rf"(?<![\w#/.:+-]){n}((?: \w+)+)", text):
            run = [w.lower() for w in match.group(1).split()]
            compound = list(itertools.takewhile(lambda w: w in lexicon, run))
            head = compound[-1 if locale == DEFAULT_LOCALE else 0] if compound else None
            if head and lexicon[head] != (words.plural(n) != "one"):
                wrong.append(f"{key} with {n}: …{text[max(0, match.start() - 30):match.end()]}…")
    assert not wrong, "\n".join(wrong)


# words that are nouns after a count elsewhere but not where a value precedes them here
NOT_NOUNS = {"en": {"moves", "places", "wins"}, "pt-BR": set(), "it": {"ora"}}


@pytest.mark.parametrize("locale", LOCALES)
def test_no_count_meets_a_noun_without_plural_forms(locale):
    """A value followed by a noun is a count: it needs a plural table or a unit ({n:coins}), or the
    sentence reads "1 seduti" for some count (issue 28: "(assento 1, 1 sentados)", "1 pezzi merlati")."""
    lexicon = nouns(locale)
    bare = []
    for key, template in catalog(locale).templates.items():
        if isinstance(template, dict):
            continue
        for match in re.finditer(r"\{(\w+)\}((?: [^\W\d_]+)+)", template):
            run = [w.lower() for w in match.group(2).split()]
            compound = list(itertools.takewhile(lambda w: w in lexicon, run))
            if compound and run[0] not in NOT_NOUNS[locale]:
                bare.append(f"{key}: {match.group(0)}")
    assert not bare, "\n".join(bare)


@pytest.mark.parametrize("locale", [loc for loc in LOCALES if loc != DEFAULT_LOCALE])
def test_no_english_is_left_in_a_translation_outside_names_and_notation(locale):
    english = set().union(*(words_of(NOTATION.sub(" ", t)) for (loc, _, n), t in every_rendering().items()
                            if loc == DEFAULT_LOCALE and n == 2))
    left = {}
    for (loc, key, n), text in every_rendering().items():
        if loc == locale and n == 2:
            for word in words_of(NOTATION.sub(" ", text)) & english - SHARED[locale]:
                if SAMPLES.fullmatch(word):
                    continue
                left.setdefault(word, key)
    assert not left, "\n".join(f"{w}: {k}" for w, k in sorted(left.items()))


CODE_SPAN = re.compile(r"`([^`\n]+)`")
PLACEHOLDER = re.compile(r"<[^<>]+>")  # `contract <number>` / `contract <número>`: the same notation


def spans(template) -> set[str]:
    return {PLACEHOLDER.sub("<>", s) for form in forms_of(template) for s in CODE_SPAN.findall(form)}


@pytest.mark.parametrize("locale", [loc for loc in LOCALES if loc != DEFAULT_LOCALE])
def test_every_translation_names_the_notation_its_english_names(locale):
    """What players type is the same in every language, so a translation names every code span its
    English message names (a placeholder's word may be translated). Italian's Leonardo help had lost
    the lines on markets, offices and `art 2` / `place 14` / `spin`, and no other test saw it."""
    english, words = catalog(DEFAULT_LOCALE).templates, catalog(locale).templates
    missing = {key: sorted(spans(template) - spans(words[key])) for key, template in english.items() if key in words}
    missing = {key: lost for key, lost in missing.items() if lost}
    assert sum(1 for t in english.values() if spans(t)) > 50  # (the check reads the catalogs' spans)
    assert not missing, "\n".join(f"{key}: {lost}" for key, lost in sorted(missing.items()))


def test_every_unit_a_template_names_is_a_plural_table_in_every_locale():
    for locale in LOCALES:
        words = catalog(locale)
        for key, template in words.templates.items():
            for name, spec in fields(template).items():
                if spec and spec not in RESERVED_SPECS:
                    unit = f"{key.split('.', 1)[0]}.unit.{spec}"
                    assert isinstance(words.templates.get(unit), dict), (locale, key, name, unit)


# Discord refuses a command set whose description (or an option's) is longer than 100 characters in
# any language, and then registers no command at all; the end-to-end tests saw it only through the double.
DESCRIPTIONS = re.compile(r"bot\.command\.\w+|bot\.\w+\.(\w+_)?command")


def test_every_command_description_fits_discords_100_characters_in_every_locale():
    too_long = [(loc, key, len(text)) for loc in LOCALES for key, text in catalog(loc).templates.items()
                if DESCRIPTIONS.fullmatch(key) and isinstance(text, str) and not 1 <= len(text) <= 100]
    described = [key for key in catalog(DEFAULT_LOCALE).templates if DESCRIPTIONS.fullmatch(key)]
    assert len(described) > 20 and "bot.undo.command" in described and "bot.record.export_command" in described
    assert not too_long, too_long


QUOTES = {"en": "“”", "pt-BR": "“”", "it": "«»"}  # each language's own quotation marks
QUOTED = re.compile(r"([“«„‹\"])[^“”«»„‹›\"]+([”»“›\"])")  # (a lone "»" is Bella Vista's arrow, not a quote)


@pytest.mark.parametrize("locale", LOCALES)
def test_every_message_quotes_with_its_languages_own_marks(locale):
    """A player reads one kind of quotation mark in a language: Italian quoted the Zoning card and
    the `place` notation with “…” and the “Latest” button with «…»."""
    used = {m.group(1) + m.group(2) for template in catalog(locale).templates.values()
            for form in forms_of(template) for m in QUOTED.finditer(form)}
    assert used == {QUOTES[locale]}, (locale, sorted(used))
