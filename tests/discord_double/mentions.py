"""Who a message pings: the mentions in its content that its ``allowed_mentions`` lets through.

As on Discord: without ``allowed_mentions`` every mention in the content pings; with it, only
the types named in ``parse`` ("users", "roles", "everyone") and the ids listed in ``users`` /
``roles``. ``parse: ["users"]`` together with a ``users`` list is refused. A mention escaped
with a backslash (``\\<@id>``) is plain text.
"""

from __future__ import annotations

import re
from typing import Any

from .limits import Errors

USER_MENTION = re.compile(r"(?<!\\)<@!?(\d+)>")
ROLE_MENTION = re.compile(r"(?<!\\)<@&(\d+)>")
EVERYONE = re.compile(r"(?<!\\)@(everyone|here)")
PARSE_TYPES = {"users", "roles", "everyone"}


def validate_allowed_mentions(errors: Errors, data: dict[str, Any]) -> None:
    allowed = data.get("allowed_mentions")
    if allowed is None:
        return
    parse = allowed.get("parse") or []
    for i, kind in enumerate(parse):
        if kind not in PARSE_TYPES:
            errors.add(["allowed_mentions", "parse", i], "BASE_TYPE_CHOICES", f"Value must be one of {PARSE_TYPES}.")
    for kind in ("users", "roles"):
        ids = allowed.get(kind) or []
        if ids and kind in parse:
            errors.add(["allowed_mentions", kind], "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                       f"parse:[\"{kind}\"] and {kind}: [ids...] are mutually exclusive.")
        if len(ids) > 100:
            errors.add(["allowed_mentions", kind], "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")


def pings(content: str, allowed: dict[str, Any] | None) -> tuple[set[int], bool]:
    """(users pinged, whether @everyone/@here pinged) for a message with this content."""
    users = {int(u) for u in USER_MENTION.findall(content)}
    everyone = bool(EVERYONE.search(content))
    if allowed is None:
        return users, everyone
    parse = set(allowed.get("parse") or [])
    if "users" not in parse:
        users &= {int(u) for u in allowed.get("users") or []}
    return users, everyone and "everyone" in parse
