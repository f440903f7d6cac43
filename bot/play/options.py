"""Reading game options typed in chat (``layout=rome squared_runs=yes``)."""

from __future__ import annotations

from pydantic import BaseModel, TypeAdapter, ValidationError

from bot.play.bots import has_hooks
from bot.play.locale import reader
from bot.play.words import phrase
from engines.core import Game, Msg, RuleError
from render.text import catalog

_YES_NO = TypeAdapter(bool)


class OptionError(RuleError):
    """An option could not be read; the message (``bot.options.*``) names it and what is allowed."""


def typed_options(chosen: dict[str, object]) -> str:
    """Options as they are typed at /new: ``layout=rome squared_runs=yes`` (a yes/no option is
    yes or no, not Python's True), so the line can be copied into another /new."""
    def typed(value: object) -> str:
        return ("yes" if value else "no") if isinstance(value, bool) else str(value)

    return " ".join(f"{key}={typed(value)}" for key, value in chosen.items())


def split_options(text: str | None) -> dict[str, str]:
    """``"a=1 b=two"`` (spaces or commas between pairs) -> ``{"a": "1", "b": "two"}``."""
    out: dict[str, str] = {}
    for part in (text or "").replace(",", " ").split():
        key, sep, value = part.partition("=")
        if not sep or not key or not value:
            raise OptionError("bot.options.unreadable", part=part)
        key = key.strip().lower().replace("-", "_")
        if key in out:
            raise OptionError("bot.options.twice", name=key)
        out[key] = value.strip()
    return out


def describe_options(model: type[BaseModel], prefix: str = "") -> str:
    """One line per option: name, default and what it means (the title's ``<prefix>.option.<name>`` in
    the reader's language; else the field's description)."""
    lines = []
    words = catalog(reader())
    for name, field in model.model_fields.items():
        default = field.get_default(call_default_factory=True)
        key = f"{prefix}.option.{name}"
        text = words.text_of(key) if prefix and words.has(key) else field.description
        desc = Msg("bot.options.description", text=text) if text else ""
        lines.append(phrase("bot.options.line", name=name, default=str(default), description=desc))
    return "\n".join(lines) if lines else phrase("bot.options.none")


def parse_options(model: type[BaseModel], pairs: dict[str, str], title: str) -> BaseModel:
    known = set(model.model_fields)
    for key in pairs:
        if key not in known:
            allowed = ", ".join(sorted(known)) or phrase("bot.options.nothing_allowed")
            raise OptionError("bot.options.unknown", title=title, name=key, allowed=allowed)
    try:
        return model.model_validate(pairs)
    except ValidationError as exc:
        err = exc.errors()[0]
        key = ".".join(str(p) for p in err["loc"]) or "options"
        value = str(pairs.get(str(err["loc"][0]), "")) if err["loc"] else ""
        reason = err["msg"].removeprefix("Value error, ")
        raise OptionError("bot.options.invalid", name=key, value=value, title=title, reason=reason) from exc


def parse_hints(engine: Game, text: str | None) -> bool:
    """The platform's ``hints`` option (``yes``/``no``, off by default): refused for a title whose
    agents cannot give hints yet."""
    if text is None:
        return False
    try:
        hints = _YES_NO.validate_python(text)
    except ValidationError:
        raise OptionError("bot.options.invalid", name="hints", value=text, title=engine.title,
                          reason=phrase("bot.advice.yes_no")) from None
    if hints and not has_hooks(engine):
        raise OptionError("bot.advice.unavailable", title=engine.title)
    return hints
