"""Messages into words: the one place where a message key and its parameters become a
sentence, for chat and for images alike.

The catalog of a locale is every TOML file under ``data/messages/<locale>/``; a file's
name is the first part of its keys (``bv.toml`` holds ``bv.*``). A value is a template
(``"{seat:seat} earns {coins} coins."``) or, where a number decides the wording, a table
of plural forms with the name of that number::

    [coins_earned]
    count = "coins"
    one = "{seat:seat} earns {coins} coin."
    other = "{seat:seat} earns {coins} coins."

Placeholders name a parameter and, after a colon, how to show it:

- ``{x}``: as it is (a nested message is rendered, a list joined: "A, B and C");
- ``{x:seat}`` / ``{x:seats}``: a seat (or a list of seats) as the medium names players;
- ``{x:input}``: a player's input, on one line and shortened (never echoed whole);
- ``{x:signed}``: a number with its sign (+3, -2, 0);
- ``{x:<unit>}``: a number with its noun in the right plural form: the plural table
  ``<file>.unit.<unit>`` of the message's own file (``{price:florins}`` in ``leo.toml`` is
  ``leo.unit.florins``: "1 florin", "5 florins"), so a sentence with several counts agrees with each.

How a medium shows seats and inputs (bold and escaped in chat, plain on an image) is a
``Style``; the words are the same.

Locales: ``en`` (the source, Discord's en-US and en-GB), ``pt-BR`` and ``it``. Which plural form
a number takes is CLDR's rule for the locale, read from Babel, with two choices of ours
(``Catalog.form``): a table's ``zero`` form, where it has one, is what 0 says in every locale
("Nothing was still hidden at the end."); and Brazilian Portuguese puts 0 in ``other``. CLDR's
``pt`` rule gives 0 the ``one`` form ("0 moeda"), but a Brazilian player reads a count of zero in
the plural ("0 moedas", "0 pontos", "zero jogadas": the usage of Brazilian style guides and of
games' Brazilian releases), so "0 moeda" would read as a typo. Italian and English already say
"0 monete", "0 coins". A key missing from a translation falls back to English, with one
warning per key in the log: a live bot never fails on a sentence the lead has not translated yet
(the completeness test in tests/core/test_core_locales.py is what fails instead). Images are drawn
in the locale of ``drawing_in`` (a context variable, so a worker thread drawing one game's board
never changes another's), which ``words`` reads when no locale is given.
"""

from __future__ import annotations

import logging
import string
import tomllib
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache
from importlib.resources.abc import Traversable
from typing import Any

from babel import Locale

from engines.core.data import DataError, data_root
from engines.core.errors import RuleError, quote
from engines.core.game import Event
from engines.core.messages import Msg
from render import grammar

DEFAULT_LOCALE = "en"
LOCALES = ("en", "pt-BR", "it")  # the folders under data/messages/, the source first
PLURAL_FORMS = ("zero", "one", "two", "few", "many", "other")
ZERO_IS_OTHER = frozenset({"pt-BR"})  # locales whose 0 takes the plural, whatever CLDR says (see above)
RESERVED_SPECS = frozenset({"seat", "seats", "input", "signed"})  # any other placeholder format is a unit
Template = str | dict[str, str]

log = logging.getLogger("piazza")
_drawing: ContextVar[str] = ContextVar("drawing_locale", default=DEFAULT_LOCALE)


def _plain_seat(seat: int) -> str:
    return f"seat {seat + 1}"


@dataclass(frozen=True)
class Style:
    """How one medium shows the values a template does not spell out."""

    seat: Callable[[int], str] = _plain_seat
    input: Callable[[str], str] = quote


@dataclass
class Catalog:
    """The templates of one locale, by full key."""

    locale: str
    templates: dict[str, Template] = field(default_factory=dict)
    fallback: Catalog | None = None  # where a key this catalog lacks is read (English)
    _warned: set[str] = field(default_factory=set, repr=False)

    def has(self, key: str) -> bool:
        return key in self.templates or (self.fallback is not None and self.fallback.has(key))

    def lookup(self, key: str) -> tuple[Template, Catalog]:
        """A key's template and the catalog it comes from (the fallback's, warned once per key)."""
        template = self.templates.get(key)
        if template is not None:
            return template, self
        if self.fallback is not None and key in self.fallback.templates:
            if key not in self._warned:
                self._warned.add(key)
                log.warning("no %s words for message %s: shown in %s", self.locale, key, self.fallback.locale)
            return self.fallback.templates[key], self.fallback
        raise KeyError(f"no words for message {key!r} in locale {self.locale!r}")

    def text(self, msg: Msg | Event | RuleError, style: Style = Style()) -> str:
        """The words of a message (an event's or a refusal's message works too)."""
        if isinstance(msg, Event):
            msg = msg.msg
        elif isinstance(msg, RuleError):
            msg = msg.msg
        return _Formatter(self, style).render(msg)

    def text_of(self, key: str, style: Style = Style(), /, **params: Any) -> str:
        """The words of a key with parameters (a message built here)."""
        return _Formatter(self, style).render(Msg(key, **params))

    def join(self, items: Iterable[str]) -> str:
        """``A``, ``A and B``, ``A, B and C``, in this locale's words."""
        items = list(items)
        if len(items) < 2:
            return "".join(items)
        last = self.lookup("core.list_last")[0] if self.has("core.list_last") else "{head} and {tail}"
        assert isinstance(last, str)
        head, tail = ", ".join(items[:-1]), items[-1]
        before, _, after = last.partition("{tail}")
        return grammar.euphonic(before.format(head=head), tail, self.locale) + tail + after.format(head=head)

    def plural(self, n: int) -> str:
        """The plural category of ``n`` in this locale: CLDR's rule (from Babel), except that 0 is
        ``other`` in the locales of ``ZERO_IS_OTHER``."""
        if n == 0 and self.locale in ZERO_IS_OTHER:
            return "other"
        return plural_rule(self.locale)(n)

    def form(self, table: dict[str, str], n: int) -> str:
        """The form of a plural table ``n`` takes: its ``zero`` form for 0 where it has one, else the
        form of ``n``'s plural category, else ``other``."""
        if n == 0 and "zero" in table:
            return table["zero"]
        return table.get(self.plural(n)) or table["other"]


@cache
def plural_rule(locale: str) -> Callable[[int], str]:
    """CLDR's plural rule of a locale: a number -> zero, one, two, few, many or other."""
    return Locale.parse(locale.replace("-", "_")).plural_form


def unit_key(message_key: str, spec: str) -> str:
    """The plural table a ``{x:<unit>}`` placeholder of ``message_key``'s template names."""
    return f"{message_key.split('.', 1)[0]}.unit.{spec}"


class _Formatter(string.Formatter):
    def __init__(self, catalog: Catalog, style: Style):
        self.catalog, self.style = catalog, style
        self._rendering: list[str] = []  # the keys of the messages being rendered, the innermost last

    def render(self, msg: Msg) -> str:
        template = self._template(msg)
        self._rendering.append(msg.key)
        try:
            return self._fill(template, msg.params)
        finally:
            self._rendering.pop()

    def _template(self, msg: Msg) -> str:
        """The template ``msg`` is said with: its key's, in the form its count takes for a plural table."""
        template, source = self.catalog.lookup(msg.key)
        if isinstance(template, dict):
            template = source.form(template, int(msg.params[template["count"]]))
        return template

    def _fill(self, template: str, params: dict[str, Any]) -> str:
        """``template`` with its placeholders filled; where a nested message's own words begin
        (an article, a lowercase letter), or a value begins with a vowel, the join follows the
        locale's grammar (render/grammar.py)."""
        out: list[str] = []
        for literal, name, spec, conversion in self.parse(template):
            if name is None:
                out.append(literal)
                continue
            value = self.convert_field(self.get_field(name, (), params)[0], conversion)
            text = self.format_field(value, spec or "")
            lead = "" if spec else self._lead(value)
            if lead:
                literal, text = grammar.contract(literal, lead, text, self.catalog.locale)
                if len(self._rendering) == 1 and grammar.starts_sentence("".join(out) + literal):
                    text = grammar.capitalised(text)
            out += [grammar.euphonic(literal, text, self.catalog.locale), text]
        return "".join(out)

    def _lead(self, value: Any) -> str:
        """The words of the catalog a nested message begins with ("la corporazione di "), or ""
        when it begins with a value (a player's name is never changed)."""
        if isinstance(value, dict) and "key" in value:
            value = Msg.of(value)
        if isinstance(value, list | tuple):
            return self._lead(value[0]) if value else ""
        if not isinstance(value, Msg) or not self.catalog.has(value.key):
            return ""
        return next(iter(self.parse(self._template(value))), ("",))[0]

    def format_field(self, value: Any, spec: str) -> str:
        if spec == "seat":
            return self.style.seat(int(value))
        if spec == "seats":
            return self.catalog.join(self.style.seat(int(s)) for s in value)
        if spec == "input":
            return self.style.input(str(value))
        if spec == "signed":
            return f"{int(value):+d}"
        if spec:
            return self._unit(value, spec)
        return self._plain(value)

    def _unit(self, value: Any, spec: str) -> str:
        key = unit_key(self._rendering[-1], spec)
        table = self.catalog.lookup(key)[0] if self.catalog.has(key) else None
        if not isinstance(table, dict):
            raise ValueError(f"unknown placeholder format {spec!r}: no plural table {key}")
        return self.render(Msg(key, **{table["count"]: int(value)}))

    def _plain(self, value: Any) -> str:
        if isinstance(value, Msg):
            return self.render(value)
        if isinstance(value, dict) and "key" in value:
            return self.render(Msg.of(value))
        if isinstance(value, list | tuple):
            return self.catalog.join(self._plain(v) for v in value)
        return str(value)


def load_catalog(folder: Traversable, locale: str) -> Catalog:
    """Read and check every ``*.toml`` in ``folder``; a bad file names itself and the key."""
    catalog = Catalog(locale)
    if not folder.is_dir():
        raise DataError(f"{folder}: message catalog folder is missing")
    for path in sorted((p for p in folder.iterdir() if p.name.endswith(".toml")), key=lambda p: p.name):
        try:
            raw = tomllib.loads(path.read_bytes().decode("utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise DataError(f"{path}: cannot be parsed: {exc}") from exc
        _flatten(path, path.name.removesuffix(".toml"), raw, catalog.templates)
    return catalog


def _flatten(path: Traversable, prefix: str, table: dict[str, Any], out: dict[str, Template]) -> None:
    for name, value in table.items():
        key = f"{prefix}.{name}"
        if isinstance(value, str):
            out[key] = value
        elif isinstance(value, dict) and ("count" in value or "other" in value):
            forms = {k: v for k, v in value.items() if k != "count"}
            bad = [k for k in forms if k not in PLURAL_FORMS or not isinstance(forms[k], str)]
            if bad or "other" not in forms or not isinstance(value.get("count"), str):
                raise DataError(f"{path.name}: key {key}: a plural table needs 'count' (a parameter name), "
                                f"an 'other' form, and only forms among {', '.join(PLURAL_FORMS)}")
            out[key] = dict(value)
        elif isinstance(value, dict):
            _flatten(path, key, value, out)
        else:
            raise DataError(f"{path.name}: key {key}: expected a text or a table, not {type(value).__name__}")


@cache
def catalog(locale: str = DEFAULT_LOCALE) -> Catalog:
    """The catalog of a locale, loaded once per process; a translation falls back to English key
    by key, and a locale we have no words for is English."""
    if locale not in LOCALES:
        locale = DEFAULT_LOCALE
    loaded = load_catalog(data_root() / "messages" / locale, locale)
    if locale != DEFAULT_LOCALE:
        loaded.fallback = catalog(DEFAULT_LOCALE)
    return loaded


@contextmanager
def drawing_in(locale: str) -> Iterator[None]:
    """Draw images (``words`` without a locale) in ``locale`` inside this block."""
    token = _drawing.set(locale)
    try:
        yield
    finally:
        _drawing.reset(token)


def drawing_locale() -> str:
    """The locale images are being drawn in now (English unless ``drawing_in`` says otherwise)."""
    return _drawing.get()


def words(msg: Msg | Event | RuleError, style: Style = Style(), locale: str | None = None) -> str:
    """Shortcut: the words of one message in a locale (by default the one images are drawn in)."""
    return catalog(locale or _drawing.get()).text(msg, style)


def continued(rest: str) -> str:
    """A line of chat that goes on with the line above's subject (the same mover): "↳ moves 10 …"."""
    return "↳ " + rest


def sentence_on(rest: str) -> str:
    """A sentence that goes on with the sentence before's subject: "Moves 10 …" (a board's paragraph)."""
    return rest[:1].upper() + rest[1:]


def subject_once(events: list[str], subject: str, then: Callable[[str], str] = continued) -> list[str]:
    """``events`` with the ``subject`` (a seat as it is named there) said by the first one that starts
    with it; each following one that starts with it is ``then`` of the rest: in chat
    "🟦 carol spins …: 10." / "↳ moves 10 to Ponte alla Carraia (13)." / "↳ pays 🟥 dave 5 florins …";
    on a board "Carol spins …: 10. Moves 10 to Ponte alla Carraia (13). Pays …"."""
    if not subject:
        return list(events)
    lead, said, out = subject + " ", False, []
    for event in events:
        if event.startswith(lead) and said:
            event = then(event[len(lead):])
        said = said or event.startswith(lead)
        out.append(event)
    return out
