"""What Discord checks and discord.py does not: command, message, embed and component limits.

Each validator fills an ``Errors`` tree shaped like Discord's ``Invalid Form Body`` answer:
``{"0": {"name": {"_errors": [{"code": ..., "message": ...}]}}}``.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

NAME_RE = re.compile(r"^[-_\w]{1,32}$", re.UNICODE)

MAX_CONTENT = 2000
MAX_EMBEDS = 10
EMBED_TOTAL = 6000
MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_SELECT_OPTIONS = 25
MAX_CUSTOM_ID = 100
MAX_BUTTON_LABEL = 80
MAX_FILES = 10
COMMAND_TOTAL = 8000
MAX_OPTIONS = 25
MAX_CHOICES = 25
# The locales Discord accepts as keys of name_localizations / description_localizations.
DISCORD_LOCALES = frozenset({
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no", "pl",
    "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko",
})


class Errors:
    def __init__(self) -> None:
        self.tree: dict[str, Any] = {}

    def add(self, path: list[str | int], code: str, message: str) -> None:
        node = self.tree
        for part in path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def __bool__(self) -> bool:
        return bool(self.tree)


def _length(errors: Errors, path: list[str | int], value: Any, lo: int, hi: int) -> None:
    if not isinstance(value, str):
        errors.add(path, "BASE_TYPE_REQUIRED", "This field is required" if value is None else "Must be a string.")
        return
    if not lo <= len(value) <= hi:
        errors.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {lo} and {hi} in length.")


# ---------------------------------------------------------------- application commands


def _command_chars(cmd: dict[str, Any]) -> int:
    total = len(cmd.get("name") or "") + len(cmd.get("description") or "")
    for opt in cmd.get("options") or []:
        total += _command_chars(opt)
        for ch in opt.get("choices") or []:
            total += len(str(ch.get("name") or "")) + len(str(ch.get("value")))
    return total


def _chat_name(errors: Errors, path: list[str | int], name: Any) -> None:
    if not isinstance(name, str) or not NAME_RE.match(name) or name != name.lower():
        errors.add(path, "APPLICATION_COMMAND_INVALID_NAME", f"Command name is invalid: {name!r}")


def _name_char(c: str) -> bool:
    """One character of ^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]$ (Python's re has no \\p{...})."""
    return (c in "-_" or unicodedata.category(c)[0] in "LN"
            or "\u0900" <= c <= "\u097f" or "\u0e00" <= c <= "\u0e7f")


def _localized_name(errors: Errors, path: list[str | int], name: Any) -> None:
    """A localized chat-input name: 1-32 characters of the regex, in lower case where the script has case."""
    if (not isinstance(name, str) or not 1 <= len(name) <= 32 or not all(_name_char(c) for c in name)
            or name != name.lower()):
        errors.add(path, "APPLICATION_COMMAND_INVALID_NAME", f"Localized name is invalid: {name!r}")


def _localizations(errors: Errors, path: list[str | int], item: dict[str, Any], names: str | None,
                   descriptions: bool) -> None:
    """``name_localizations`` (checked as ``names``: "chat" for command and option names, "choice" for a
    choice's) and ``description_localizations`` (1-100 characters), keyed by locales Discord knows."""
    fields = [("name_localizations", names)] + ([("description_localizations", "description")] if descriptions else [])
    for field_name, kind in fields:
        table = item.get(field_name)
        if table is None:
            continue
        if not isinstance(table, dict):
            errors.add([*path, field_name], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
            continue
        for loc, text in table.items():
            p = [*path, field_name, loc]
            if loc not in DISCORD_LOCALES:
                errors.add(p, "LOCALE_INVALID", f"Invalid locale {loc!r}")
            elif kind == "chat":
                _localized_name(errors, p, text)
            else:
                _length(errors, p, text, 1, 100)


def _localized_names_unique(errors: Errors, path: list[str | int], options: list[dict[str, Any]]) -> None:
    """Options' names must stay unique in every locale (a localized name falls back to the default)."""
    locales = {loc for o in options for loc in (o.get("name_localizations") or {})}
    for loc in sorted(locales):
        shown = [(o.get("name_localizations") or {}).get(loc, o.get("name")) for o in options]
        if len(set(shown)) != len(shown):
            errors.add([*path, loc], "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS",
                       f"Option names must be unique in {loc}: {shown}")


def validate_command(errors: Errors, path: list[str | int], cmd: dict[str, Any]) -> None:
    ctype = cmd.get("type", 1)
    if ctype == 1:
        _chat_name(errors, [*path, "name"], cmd.get("name"))
        _length(errors, [*path, "description"], cmd.get("description"), 1, 100)
        _localizations(errors, path, cmd, "chat", descriptions=True)
        _validate_options(errors, [*path, "options"], cmd.get("options") or [], depth=0)
    else:
        _length(errors, [*path, "name"], cmd.get("name"), 1, 32)
        if cmd.get("description"):
            errors.add([*path, "description"], "APPLICATION_COMMAND_INVALID_DESCRIPTION",
                       "Context menu commands cannot have a description.")
        if cmd.get("options"):
            errors.add([*path, "options"], "APPLICATION_COMMAND_OPTIONS_INVALID",
                       "Context menu commands cannot have options.")
    if _command_chars(cmd) > COMMAND_TOTAL:
        errors.add(path, "APPLICATION_COMMAND_TOO_LARGE", f"Command exceeds maximum size ({COMMAND_TOTAL})")


def _validate_options(errors: Errors, path: list[str | int], options: list[dict[str, Any]], depth: int) -> None:
    if len(options) > MAX_OPTIONS:
        errors.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_OPTIONS} or fewer in length.")
    _localized_names_unique(errors, path, options)
    seen: set[str] = set()
    optional_seen = False
    for i, opt in enumerate(options):
        p = [*path, i]
        otype = opt.get("type")
        _chat_name(errors, [*p, "name"], opt.get("name"))
        _length(errors, [*p, "description"], opt.get("description"), 1, 100)
        _localizations(errors, p, opt, "chat", descriptions=True)
        name = opt.get("name")
        if name in seen:
            errors.add([*p, "name"], "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS", "Option names must be unique")
        seen.add(name)
        if otype in (1, 2):
            if depth >= (1 if otype == 2 else 2):
                errors.add([*p, "type"], "APPLICATION_COMMAND_OPTION_INVALID_NESTING", "Sub-command nested too deeply.")
            _validate_options(errors, [*p, "options"], opt.get("options") or [], depth + 1)
            continue
        if otype not in range(3, 12):
            errors.add([*p, "type"], "BASE_TYPE_CHOICES", f"Value must be one of 1..11, got {otype!r}.")
        if opt.get("required"):
            if optional_seen:
                errors.add([*p, "required"], "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                           "Required options must be placed before non-required options")
        else:
            optional_seen = True
        choices = opt.get("choices") or []
        if choices and opt.get("autocomplete"):
            errors.add([*p, "autocomplete"], "AUTOCOMPLETE_CHOICES_MUTUALLY_EXCLUSIVE",
                       "Autocomplete and choices cannot both be set.")
        if len(choices) > MAX_CHOICES:
            errors.add([*p, "choices"], "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_CHOICES} or fewer in length.")
        for j, ch in enumerate(choices):
            _length(errors, [*p, "choices", j, "name"], ch.get("name"), 1, 100)
            _localizations(errors, [*p, "choices", j], ch, "choice", descriptions=False)
            if isinstance(ch.get("value"), str):
                _length(errors, [*p, "choices", j, "value"], ch.get("value"), 1, 100)
        lo, hi = opt.get("min_value"), opt.get("max_value")
        if (lo is not None or hi is not None) and otype not in (4, 10):
            errors.add([*p, "min_value"], "APPLICATION_COMMAND_OPTION_INVALID", "min/max_value only on numbers.")
        if lo is not None and hi is not None and lo > hi:
            errors.add([*p, "min_value"], "BASE_TYPE_BAD_VALUE", f"min_value {lo} is greater than max_value {hi}.")
        for key in ("min_value", "max_value"):
            v = opt.get(key)
            if v is not None and otype == 4 and not -(2**53) <= v <= 2**53:
                errors.add([*p, key], "NUMBER_TYPE_MAX", "Integer bounds must be within ±2^53.")
        mn, mx = opt.get("min_length"), opt.get("max_length")
        if mn is not None and not 0 <= mn <= 6000:
            errors.add([*p, "min_length"], "NUMBER_TYPE_MAX", "min_length must be 0..6000.")
        if mx is not None and not 1 <= mx <= 6000:
            errors.add([*p, "max_length"], "NUMBER_TYPE_MAX", "max_length must be 1..6000.")
        if mn is not None and mx is not None and mn > mx:
            errors.add([*p, "min_length"], "BASE_TYPE_BAD_VALUE", "min_length is greater than max_length.")


def validate_command_list(errors: Errors, commands: list[dict[str, Any]]) -> None:
    seen: set[tuple[str, int]] = set()
    counts = {1: 0, 2: 0, 3: 0}
    for i, cmd in enumerate(commands):
        validate_command(errors, [i], cmd)
        key = (cmd.get("name"), cmd.get("type", 1))
        if key in seen:
            errors.add([i, "name"], "APPLICATION_COMMANDS_DUPLICATE_NAME", f"Application command names must be unique: {key[0]}")
        seen.add(key)
        counts[cmd.get("type", 1)] = counts.get(cmd.get("type", 1), 0) + 1
    _localized_names_unique(errors, [], [c for c in commands if c.get("type", 1) == 1])
    if counts[1] > 100 or counts[2] > 5 or counts[3] > 5:
        errors.add([], "APPLICATION_COMMANDS_TOO_MANY", "Too many application commands.")


def validate_autocomplete(errors: Errors, choices: Any) -> None:
    if not isinstance(choices, list):
        errors.add(["data", "choices"], "BASE_TYPE_REQUIRED", "This field is required")
        return
    if len(choices) > MAX_CHOICES:
        errors.add(["data", "choices"], "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_CHOICES} or fewer in length.")
    for i, ch in enumerate(choices):
        _length(errors, ["data", "choices", i, "name"], ch.get("name"), 1, 100)
        value = ch.get("value")
        if isinstance(value, str):
            _length(errors, ["data", "choices", i, "value"], value, 0, 100)
        elif not isinstance(value, int | float):
            errors.add(["data", "choices", i, "value"], "BASE_TYPE_REQUIRED", "This field is required")


# ---------------------------------------------------------------- messages


MAX_NONCE = 25


def validate_message(errors: Errors, data: dict[str, Any], *, creating: bool, n_files: int) -> None:
    content = data.get("content")
    if content is not None and len(str(content)) > MAX_CONTENT:
        errors.add(["content"], "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_CONTENT} or fewer in length.")
    embeds = data.get("embeds") or []
    if len(embeds) > MAX_EMBEDS:
        errors.add(["embeds"], "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_EMBEDS} or fewer in length.")
    total = 0
    for i, embed in enumerate(embeds):
        total += _validate_embed(errors, ["embeds", i], embed)
    if total > EMBED_TOTAL:
        errors.add(["embeds"], "MAX_EMBED_SIZE_EXCEEDED", f"Embed size exceeds maximum size of {EMBED_TOTAL}")
    flags = int(data.get("flags") or 0)
    components = data.get("components") or []
    if flags & (1 << 15):
        _validate_v2(errors, ["components"], components)
    else:
        _validate_rows(errors, components)
    if n_files > MAX_FILES:
        errors.add(["files"], "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_FILES} or fewer in length.")
    nonce = data.get("nonce")
    if nonce is not None and len(str(nonce)) > MAX_NONCE:  # Discord: "integer or string, up to 25 characters"
        errors.add(["nonce"], "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_NONCE} or fewer in length.")


def _validate_embed(errors: Errors, path: list[str | int], embed: dict[str, Any]) -> int:
    total = 0

    def check(sub: list[str | int], value: Any, hi: int, required: bool = False) -> None:
        nonlocal total
        if value is None:
            if required:
                errors.add([*path, *sub], "BASE_TYPE_REQUIRED", "This field is required")
            return
        text = str(value)
        total += len(text)
        if len(text) > hi:
            errors.add([*path, *sub], "BASE_TYPE_MAX_LENGTH", f"Must be {hi} or fewer in length.")
        if required and not text:
            errors.add([*path, *sub], "BASE_TYPE_REQUIRED", "This field is required")

    check(["title"], embed.get("title"), 256)
    check(["description"], embed.get("description"), 4096)
    if embed.get("author"):
        check(["author", "name"], embed["author"].get("name"), 256, required=True)
    if embed.get("footer"):
        check(["footer", "text"], embed["footer"].get("text"), 2048, required=True)
    fields = embed.get("fields") or []
    if len(fields) > 25:
        errors.add([*path, "fields"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    for i, f in enumerate(fields):
        check(["fields", i, "name"], f.get("name"), 256, required=True)
        check(["fields", i, "value"], f.get("value"), 1024, required=True)
    return total


def _validate_interactive(errors: Errors, path: list[str | int], comp: dict[str, Any], ids: set[str]) -> None:
    ctype = comp.get("type")
    cid = comp.get("custom_id")
    if ctype == 2 and comp.get("style") in (5, 6):
        if cid is not None:
            errors.add([*path, "custom_id"], "COMPONENT_LINK_BUTTON_CUSTOM_ID", "Link buttons cannot have a custom_id")
    else:
        if not isinstance(cid, str) or not 1 <= len(cid) <= MAX_CUSTOM_ID:
            errors.add([*path, "custom_id"], "BASE_TYPE_BAD_LENGTH", f"Must be between 1 and {MAX_CUSTOM_ID} in length.")
        elif cid in ids:
            errors.add([*path, "custom_id"], "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
        else:
            ids.add(cid)
    if ctype == 2:
        label = comp.get("label")
        if label is not None and len(label) > MAX_BUTTON_LABEL:
            errors.add([*path, "label"], "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_BUTTON_LABEL} or fewer in length.")
        if not label and not comp.get("emoji"):
            errors.add([*path, "label"], "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED", "A label or an emoji is required.")
    elif ctype in (3, 5, 6, 7, 8):
        options = comp.get("options") or []
        if ctype == 3:
            if not 1 <= len(options) <= MAX_SELECT_OPTIONS:
                errors.add([*path, "options"], "BASE_TYPE_BAD_LENGTH", f"Must be between 1 and {MAX_SELECT_OPTIONS} in length.")
            values: set[str] = set()
            for j, o in enumerate(options):
                _length(errors, [*path, "options", j, "label"], o.get("label"), 1, 100)
                _length(errors, [*path, "options", j, "value"], o.get("value"), 1, 100)
                if o.get("description") is not None:
                    _length(errors, [*path, "options", j, "description"], o.get("description"), 0, 100)
                if o.get("value") in values:
                    errors.add([*path, "options", j, "value"], "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                               "Select option values must be unique")
                values.add(o.get("value"))
        if comp.get("placeholder") is not None and len(comp["placeholder"]) > 150:
            errors.add([*path, "placeholder"], "BASE_TYPE_MAX_LENGTH", "Must be 150 or fewer in length.")
        lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
        if not 0 <= lo <= 25 or not 1 <= hi <= 25 or lo > hi or (ctype == 3 and hi > len(options)):
            errors.add([*path, "max_values"], "BASE_TYPE_BAD_VALUE", "Invalid min_values/max_values.")


def _validate_rows(errors: Errors, components: list[dict[str, Any]]) -> None:
    if len(components) > MAX_ROWS:
        errors.add(["components"], "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_ROWS} or fewer in length.")
    ids: set[str] = set()
    for i, row in enumerate(components):
        path: list[str | int] = ["components", i]
        if row.get("type") != 1:
            errors.add([*path, "type"], "UNION_TYPE_CHOICES", "Top-level components must be action rows.")
            continue
        children = row.get("components") or []
        buttons = [c for c in children if c.get("type") == 2]
        selects = [c for c in children if c.get("type") in (3, 5, 6, 7, 8)]
        if not children:
            errors.add([*path, "components"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
        if len(buttons) > MAX_BUTTONS_PER_ROW:
            errors.add([*path, "components"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
        if selects and len(children) > 1:
            errors.add([*path, "components"], "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                       "The specified component exceeds the maximum width")
        for j, c in enumerate(children):
            _validate_interactive(errors, [*path, "components", j], c, ids)


def _validate_v2(errors: Errors, path: list[str | int], components: list[dict[str, Any]]) -> None:
    count = 0
    ids: set[str] = set()

    def walk(items: list[dict[str, Any]], p: list[str | int]) -> None:
        nonlocal count
        for i, c in enumerate(items):
            count += 1
            if c.get("type") in (2, 3, 5, 6, 7, 8):
                _validate_interactive(errors, [*p, i], c, ids)
            if c.get("type") == 10 and len(c.get("content") or "") > 4000:
                errors.add([*p, i, "content"], "BASE_TYPE_MAX_LENGTH", "Must be 4000 or fewer in length.")
            walk(c.get("components") or [], [*p, i, "components"])
            if isinstance(c.get("accessory"), dict):
                walk([c["accessory"]], [*p, i, "accessory"])

    walk(components, path)
    if count > 40:
        errors.add(path, "BASE_TYPE_MAX_LENGTH", "A message can hold at most 40 components.")
