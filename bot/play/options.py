"""Reading what players type as options and arguments: /new's ``name=value`` pairs (each title's
options, and the platform's ``hints``; ``clock`` and ``on_timeout`` are ``bot.play.clock``'s,
``deadline`` the service's), and the words /help shows for them.

Every number a player types goes through ``typed_number``: ASCII digits only, at most nine of them
(``str.isdigit`` takes "²", "①" or "３" and ``int`` then raises or reads them; ``int`` of 4,300 digits
raises too). A yes/no option takes ``yes``/``no`` and the words players write for them in each
of our languages (``sim``/``não``, ``sì``/``no``, ``on``/``off``...). A refusal says in the reader's
language what the option takes (``bot.options.need_*``): never a validator's English, and never a
Python value (``True``, an empty default): a default shows as it is typed, or in words.
"""

from __future__ import annotations

import unicodedata
from typing import Any, Literal, get_args, get_origin

from annotated_types import Ge, Gt, Le, Lt
from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo

from bot.play.bots import has_hooks
from bot.play.locale import reader
from bot.play.words import phrase
from engines.core import Game, Msg, RuleError
from engines.core.text import ascii_lower, whole_number
from render.text import catalog

YES = frozenset({"yes", "y", "on", "true", "1", "sim", "s", "sì", "si"})
NO = frozenset({"no", "n", "off", "false", "0", "não", "nao"})


class OptionError(RuleError):
    """An option could not be read; the message (``bot.options.*``) names it and what is allowed."""


def typed_number(text: str) -> int | None:
    """The whole number ``text`` is, if it is 1 to 9 ASCII digits (spaces around it allowed), else
    None: the caller refuses it with its own words. The one digit check of every option and argument."""
    return whole_number(text.strip())


def typed_yes_no(text: str) -> bool | None:
    """``text`` as a yes or a no (``yes``, ``sim``, ``sì``, ``on``...; ``no``, ``não``, ``off``...), else None."""
    word = text.strip()
    word = unicodedata.normalize("NFC", word).lower() if len(word) <= 5 else ""
    return True if word in YES else False if word in NO else None


def typed_value(value: object) -> str:
    """An option's value as a player types it: yes or no, not Python's True or False."""
    return ("yes" if value else "no") if isinstance(value, bool) else str(value)


def typed_options(chosen: dict[str, object]) -> str:
    """Options as they are typed at /new: ``layout=rome squared_runs=yes``, so the line can be
    copied into another /new."""
    return " ".join(f"{key}={typed_value(value)}" for key, value in chosen.items())


def visible(text: str) -> str:
    """``text`` as a refusal would quote it: invisible format characters (zero-width spaces, direction
    marks) dropped, other unprintable ones (controls, line breaks) made spaces, so what is read is
    what the player is shown."""
    return "".join("" if unicodedata.category(ch) == "Cf" else ch if ch.isprintable() else " " for ch in text)


def split_options(text: str | None) -> dict[str, str]:
    """``"a=1 b=two"`` (spaces or commas between pairs) -> ``{"a": "1", "b": "two"}``."""
    out: dict[str, str] = {}
    for part in visible(text or "").replace(",", " ").split():
        key, sep, value = part.partition("=")
        if not sep or not key or not value:
            raise OptionError("bot.options.unreadable", part=part)
        key = ascii_lower(key.strip()).replace("-", "_")
        if key in out:
            raise OptionError("bot.options.twice", name=key)
        out[key] = value.strip()
    return out


# --- an option's kind, from its field --------------------------------------------------------
def _choices(field: FieldInfo) -> tuple[str, ...] | None:
    if get_origin(field.annotation) is Literal and all(isinstance(a, str) for a in get_args(field.annotation)):
        return get_args(field.annotation)
    return None


def _bounds(field: FieldInfo) -> tuple[int | None, int | None]:
    low = high = None
    for rule in field.metadata:
        if isinstance(rule, Ge):
            low = int(rule.ge)  # type: ignore[call-overload]
        elif isinstance(rule, Gt):
            low = int(rule.gt) + 1  # type: ignore[call-overload]
        elif isinstance(rule, Le):
            high = int(rule.le)  # type: ignore[call-overload]
        elif isinstance(rule, Lt):
            high = int(rule.lt) - 1  # type: ignore[call-overload]
    return low, high


def _what_it_takes(field: FieldInfo | None) -> Msg:
    """What an option takes, as a refusal says it (``reason`` of ``bot.options.invalid``)."""
    if field is None:
        return Msg("bot.options.need_other")
    if field.annotation is bool:
        return Msg("bot.options.need_yes_no")
    if field.annotation is int:
        low, high = _bounds(field)
        if low is not None and high is not None:
            return Msg("bot.options.need_range", low=low, high=high)
        return Msg("bot.options.need_number")
    choices = _choices(field)
    if choices:
        return Msg("bot.options.need_choice", allowed=", ".join(choices))
    return Msg("bot.options.need_other")


def _refused(field: FieldInfo | None, name: str, value: object, title: str) -> OptionError:
    return OptionError("bot.options.invalid", name=name, value=typed_value(value), title=title,
                       reason=_what_it_takes(field))


def _read(field: FieldInfo, name: str, text: str, title: str) -> Any:
    """A typed value as its field takes it, or the refusal of it; pydantic checks the rest."""
    if field.annotation is bool:
        flag = typed_yes_no(text)
        if flag is None:
            raise _refused(field, name, text, title)
        return flag
    if field.annotation is int:
        number = typed_number(text)
        low, high = _bounds(field)
        if number is None or (low is not None and number < low) or (high is not None and number > high):
            raise _refused(field, name, text, title)
        return number
    choices = _choices(field)
    if choices:
        word = ascii_lower(text.strip())
        if word not in choices:
            raise _refused(field, name, text, title)
        return word
    return text.strip()


def parse_options(model: type[BaseModel], pairs: dict[str, Any], title: str) -> BaseModel:
    """A title's options from typed ``name=value`` pairs (text) or stored ones (JSON values), or an
    ``OptionError`` in the reader's words."""
    known = model.model_fields
    for key in pairs:
        if key not in known:
            allowed = ", ".join(sorted(known)) or phrase("bot.options.nothing_allowed")
            raise OptionError("bot.options.unknown", title=title, name=key, allowed=allowed)
    values = {name: _read(known[name], name, given, title) if isinstance(given, str) else given
              for name, given in pairs.items()}
    try:
        return model.model_validate(values)
    except ValidationError as exc:
        loc = exc.errors()[0]["loc"]
        name = str(loc[0]) if loc else ""
        raise _refused(known.get(name), name or "options", pairs.get(name, ""), title) from None


def describe_options(model: type[BaseModel], prefix: str = "") -> str:
    """One line per option: its name, its default as it is typed (or in words, where the default is
    "none": ``<prefix>.option_default.<name>``), its range and what it means (the title's
    ``<prefix>.option.<name>`` in the reader's language; else the field's description)."""
    lines = []
    words = catalog(reader())
    for name, field in model.model_fields.items():
        default = field.get_default(call_default_factory=True)
        key = f"{prefix}.option.{name}"
        text = words.text_of(key) if prefix and words.has(key) else field.description
        desc = Msg("bot.options.description", text=text) if text else ""
        low, high = _bounds(field) if field.annotation is int else (None, None)
        if default is None or default == "":
            worded = f"{prefix}.option_default.{name}"
            said = words.text_of(worded) if prefix and words.has(worded) else phrase("bot.options.no_default")
            lines.append(phrase("bot.options.line_words", name=name, default=said, description=desc))
        elif low is not None and high is not None:
            lines.append(phrase("bot.options.line_range", name=name, default=typed_value(default), low=low,
                                high=high, description=desc))
        else:
            lines.append(phrase("bot.options.line", name=name, default=typed_value(default), description=desc))
    return "\n".join(lines) if lines else phrase("bot.options.none")


def parse_hints(engine: Game, text: str | None) -> bool:
    """The platform's ``hints`` option (yes or no, off by default): refused for a title whose
    agents cannot give hints yet."""
    if text is None:
        return False
    hints = typed_yes_no(text)
    if hints is None:
        raise OptionError("bot.options.invalid", name="hints", value=text, title=engine.title,
                          reason=Msg("bot.options.need_yes_no"))
    if hints and not has_hooks(engine):
        raise OptionError("bot.advice.unavailable", title=engine.title)
    return hints
