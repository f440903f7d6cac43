"""Where a sentence meets a nested message's words or a value: the joins a template cannot spell
out because it does not know what comes after it.

- A preposition before an article contracts in Italian and Portuguese: a template says
  "tocca a {firm}" and a corporation is "la corporazione di …", so the sentence must read
  "tocca alla corporazione di …" ("de a corporação" is "da corporação").
- A sentence that begins with a nested message begins with a capital: "{firm} paga …" with a
  corporation reads "La corporazione di … paga …".

Both apply only to words of the catalog: the article or first letter must be the literal start
of the nested template, never a player's name (a player called "la volpe" stays "la volpe").

- Italian's euphonic d: the preposition "a" and the conjunction "e" of a template become "ad" and
  "ed" before what begins with the same vowel ("tocca ad Anne", "Bruno ed Elena"), looking past
  a seat's colour chip ("ad 🟦 Anne"). Only the template's word changes, never the name.
"""

from __future__ import annotations

import re

_ARTICLES_IT = ("il", "lo", "la", "i", "gli", "le")
_ITALIAN = {"a": ("al", "allo", "alla", "ai", "agli", "alle"),
            "di": ("del", "dello", "della", "dei", "degli", "delle"),
            "da": ("dal", "dallo", "dalla", "dai", "dagli", "dalle"),
            "in": ("nel", "nello", "nella", "nei", "negli", "nelle"),
            "su": ("sul", "sullo", "sulla", "sui", "sugli", "sulle")}
_PORTUGUESE = {"a": {"o": "ao", "a": "à", "os": "aos", "as": "às"},
               "de": {"o": "do", "a": "da", "os": "dos", "as": "das"},
               "em": {"o": "no", "a": "na", "os": "nos", "as": "nas"},
               "por": {"o": "pelo", "a": "pela", "os": "pelos", "as": "pelas"}}


CONTRACTIONS: dict[str, dict[tuple[str, str], str]] = {
    "it": {(prep, article): joined for prep, forms in _ITALIAN.items()
           for article, joined in zip(_ARTICLES_IT, forms, strict=True)},
    "pt-BR": {(prep, article): joined for prep, forms in _PORTUGUESE.items() for article, joined in forms.items()},
}
_ENDS_WITH_WORD = re.compile(r"(?:^|(?<=\W))(\w+) $")
_EUPHONIC_IT = {"a": ("ad", "aàáâ"), "e": ("ed", "eèéê")}  # the word, and the vowels it takes a d before
_CHIP = re.compile(r"[^\w\s`*_~|>\\]+ ")  # a seat's colour chip (an emoji, a shape) before its name
_SENTENCE_END = re.compile(r"(?:^|[.!?] )$")


def contract(before: str, lead: str, words: str, locale: str) -> tuple[str, str]:
    """``before`` (the sentence so far) and ``words`` (a nested message's, which begin with the
    catalog's ``lead``) with a preposition ending ``before`` and an article starting ``lead``
    made one word: ("Giro 1: tocca a ", "la corporazione di Anne") -> ("Giro 1: tocca ",
    "alla corporazione di Anne"). Anything else comes back as it was."""
    table = CONTRACTIONS.get(locale)
    article = lead.split(" ", 1)[0]
    found = _ENDS_WITH_WORD.search(before) if table else None
    if not found or " " not in lead or not words.startswith(article + " "):
        return before, words
    prep = found.group(1)
    joined = table.get((prep.lower(), article.lower())) if table else None
    if joined is None:
        return before, words
    if prep[0].isupper():
        joined = joined[0].upper() + joined[1:]
    return before[:found.start(1)], joined + words[len(article):]


def starts_sentence(before: str) -> bool:
    """Whether what comes after ``before`` begins a sentence (nothing before it, or a full stop)."""
    return _SENTENCE_END.search(before) is not None


def capitalised(words: str) -> str:
    return words[:1].upper() + words[1:]


def euphonic(before: str, after: str, locale: str) -> str:
    """``before`` with an Italian "a" or "e" ending it made "ad" or "ed" when ``after`` begins with
    the same vowel (past a seat's chip): ("Giro 2: tocca a ", "🟦 Anne") -> "Giro 2: tocca ad ".
    Anything else comes back as it was."""
    found = _ENDS_WITH_WORD.search(before) if locale == "it" else None
    if not found or found.group(1).lower() not in _EUPHONIC_IT:
        return before
    word, vowels = _EUPHONIC_IT[found.group(1).lower()]
    chip = _CHIP.match(after)
    first = after[chip.end() if chip else 0:][:1]
    if not first or first.lower() not in vowels:
        return before
    if found.group(1)[0].isupper():
        word = word.capitalize()
    return before[:found.start(1)] + word + " "
