"""What every parser shares when reading what a player typed: ASCII letters and digits
only. ``str.lower()`` maps some other letters onto ASCII ones (the Kelvin sign becomes
"k") or changes their length ("İ"), and ``int()`` and ``str.isdigit()`` accept digits of
every script ("٣", "３", "²"; ``int("²")`` even raises), so the parsers use these instead."""

from __future__ import annotations

import re
import string

_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)
_UNSIGNED = re.compile(r"[0-9]{1,9}")
_SIGNED = re.compile(r"[+-]?[0-9]{1,9}")


def ascii_lower(text: str) -> str:
    """``text`` with A-Z lower-cased and every other character left as it is."""
    return text.translate(_LOWER)


def whole_number(word: str, signed: bool = False) -> int | None:
    """The value of ``word`` if it is 1 to 9 ASCII digits (after a + or - if ``signed``),
    else None: the caller refuses it with its own words."""
    pattern = _SIGNED if signed else _UNSIGNED
    return int(word) if pattern.fullmatch(word) else None
