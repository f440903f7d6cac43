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
- ``{x:signed}``: a number with its sign (+3, -2, 0).

How a medium shows seats and inputs (bold and escaped in chat, plain on an image) is a
``Style``; the words are the same.
"""

from __future__ import annotations

import string
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from importlib.resources.abc import Traversable
from typing import Any

from engines.core.data import DataError, data_root
from engines.core.errors import RuleError, quote
from engines.core.game import Event
from engines.core.messages import Msg

DEFAULT_LOCALE = "en"
PLURAL_FORMS = ("zero", "one", "two", "few", "many", "other")
Template = str | dict[str, str]


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

    def has(self, key: str) -> bool:
        return key in self.templates

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
        last = self.templates.get("core.list_last", "{head} and {tail}")
        assert isinstance(last, str)
        return last.format(head=", ".join(items[:-1]), tail=items[-1])

    def plural(self, n: int) -> str:
        """The plural category of ``n`` (CLDR names; English: one / other)."""
        return "one" if n == 1 else "other"


class _Formatter(string.Formatter):
    def __init__(self, catalog: Catalog, style: Style):
        self.catalog, self.style = catalog, style

    def render(self, msg: Msg) -> str:
        template = self.catalog.templates.get(msg.key)
        if template is None:
            raise KeyError(f"no words for message {msg.key!r} in locale {self.catalog.locale!r}")
        if isinstance(template, dict):
            count = msg.params[template["count"]]
            template = template.get(self.catalog.plural(int(count))) or template["other"]
        return self.vformat(template, (), msg.params)

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
            raise ValueError(f"unknown placeholder format {spec!r}")
        return self._plain(value)

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
    """The catalog of a locale, loaded once per process."""
    return load_catalog(data_root() / "messages" / locale, locale)


def words(msg: Msg | Event | RuleError, style: Style = Style(), locale: str = DEFAULT_LOCALE) -> str:
    """Shortcut: the words of one message in a locale."""
    return catalog(locale).text(msg, style)
