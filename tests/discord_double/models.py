"""Plain records the double keeps: users, channels, messages, interactions, violations."""

from __future__ import annotations

import itertools
import re
import time
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1420070400000
_counter = itertools.count(1)

EPHEMERAL = 1 << 6
LOADING = 1 << 7
COMPONENTS_V2 = 1 << 15

# A plain member's permissions: view, send, embed, attach, history, reactions, slash commands.
MEMBER_PERMISSIONS = (1 << 6) | (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 31)
ADMINISTRATOR = 1 << 3
ALL_PERMISSIONS = (1 << 50) - 1


def snowflake() -> int:
    """A real-looking, strictly increasing snowflake (timestamp << 22 | counter)."""
    ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
    return (ms << 22) | (next(_counter) & 0x3FFFFF)


VIEW_CHANNEL = 1 << 10


@dataclass
class User:
    id: int
    name: str
    bot: bool = False
    permissions: int = MEMBER_PERMISSIONS
    roles: list[int] = field(default_factory=list)
    display: str | None = None  # the display (global) name; by default the name, capitalized
    locale: str = "en-US"  # the language of the user's Discord client (each interaction's ``locale``)

    @property
    def display_name(self) -> str:
        return self.display if self.display is not None else self.name.title()

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.display_name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }


@dataclass
class Role:
    id: int
    name: str
    permissions: int = 0
    position: int = 1

    def payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "name": self.name, "permissions": str(self.permissions),
                "position": self.position, "color": 0, "hoist": False, "managed": False, "mentionable": False,
                "flags": 0, "icon": None}


@dataclass
class Overwrite:
    """A channel permission overwrite for a role (the guild id is @everyone) or a member."""

    id: int
    member: bool
    allow: int = 0
    deny: int = 0

    def payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "type": 1 if self.member else 0, "allow": str(self.allow),
                "deny": str(self.deny)}


@dataclass
class Channel:
    id: int
    name: str
    guild_id: int
    position: int = 0
    send_denied: bool = False  # the bot lacks Send Messages here: channel posts get 403 / 50013
    overwrites: list[Overwrite] = field(default_factory=list)
    kind: int = 0  # Discord's channel type: 0 text, 4 category (holds no messages), 11 public thread
    parent_id: int | None = None  # a thread's channel
    archived: bool = False  # a thread Discord archived (after inactivity): no message may be posted in it
    threads_denied: bool = False  # the bot lacks Create Public Threads here: thread creation gets 403 / 50013

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def payload(self) -> dict[str, Any]:
        if self.kind in (11, 12):
            return self.thread_payload()
        return {
            "id": str(self.id),
            "type": self.kind,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [o.payload() for o in self.overwrites],
            "parent_id": None,
            "nsfw": False,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
        }

    def thread_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id), "type": self.kind, "guild_id": str(self.guild_id), "name": self.name,
            "parent_id": str(self.parent_id), "owner_id": str(self.guild_id), "last_message_id": None,
            "rate_limit_per_user": 0, "message_count": 0, "member_count": 1, "flags": 0,
            "thread_metadata": {"archived": self.archived, "auto_archive_duration": 10080,
                                "archive_timestamp": "2026-01-01T00:00:00+00:00", "locked": False},
        }


@dataclass
class Guild:
    id: int
    name: str
    owner_id: int
    channels: list[Channel] = field(default_factory=list)
    roles: list[Role] = field(default_factory=list)  # besides @everyone (whose id is the guild's)
    locale: str = "en-US"  # the server's preferred locale (each interaction's ``guild_locale``)


@dataclass
class Attachment:
    id: int
    filename: str
    data: bytes
    content_type: str  # detected from the bytes/filename, as Discord does
    sent_content_type: str | None = None
    description: str | None = None

    @property
    def is_png(self) -> bool:
        return self.data.startswith(b"\x89PNG\r\n\x1a\n")

    @property
    def is_webp(self) -> bool:
        return self.data[:4] == b"RIFF" and self.data[8:12] == b"WEBP"

    @property
    def is_image(self) -> bool:
        """A picture Discord shows inline (the boards are WebP; tests also send PNGs)."""
        return self.is_png or self.is_webp

    def dimensions(self) -> tuple[int, int] | None:
        """Width and height from the image's header, as Discord reports them (None if unreadable)."""
        d = self.data
        if self.is_png and len(d) >= 24:
            return int.from_bytes(d[16:20], "big"), int.from_bytes(d[20:24], "big")
        if self.is_webp and d[12:16] == b"VP8L" and len(d) >= 25 and d[20] == 0x2F:
            bits = int.from_bytes(d[21:25], "little")
            return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
        if self.is_webp and d[12:16] == b"VP8X" and len(d) >= 30:
            return int.from_bytes(d[24:27], "little") + 1, int.from_bytes(d[27:30], "little") + 1
        return None

    def payload(self) -> dict[str, Any]:
        url = f"https://cdn.double.invalid/attachments/{self.id}/{self.filename}"
        out: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": url,
            "proxy_url": url,
            "content_type": self.content_type,
        }
        if self.description:
            out["description"] = self.description
        if (size := self.dimensions()) is not None:
            out["width"], out["height"] = size
        return out


@dataclass
class Version:
    """One state of a message (creation or an edit)."""

    content: str
    embeds: list[dict[str, Any]]
    components: list[dict[str, Any]]
    attachments: list[Attachment]
    flags: int
    at: float = field(default_factory=time.monotonic)  # when the double received it

    def text(self) -> str:
        parts = [self.content]
        for e in self.embeds:
            parts += [e.get("title") or "", e.get("description") or ""]
            parts += [(e.get("author") or {}).get("name") or "", (e.get("footer") or {}).get("text") or ""]
            for f in e.get("fields") or []:
                parts += [f.get("name") or "", f.get("value") or ""]
        parts += _component_texts(self.components)
        return "\n".join(p for p in parts if p)


def _component_texts(components: list[dict[str, Any]]) -> list[str]:
    out: list[str] = []
    for c in components:
        for key in ("label", "placeholder", "content"):
            if c.get(key):
                out.append(str(c[key]))
        for o in c.get("options") or []:
            out += [str(o.get("label") or ""), str(o.get("description") or "")]
        out += _component_texts(c.get("components") or [])
        if isinstance(c.get("accessory"), dict):
            out += _component_texts([c["accessory"]])
    return out


@dataclass
class Message:
    id: int
    channel_id: int
    guild_id: int
    author: User
    versions: list[Version]
    via: str  # "callback", "followup", "channel"
    interaction_id: int | None = None
    interaction_user: User | None = None  # whose interaction this message answers
    interaction_name: str | None = None
    deleted: bool = False
    seq: int = 0
    pinged: set[int] = field(default_factory=set)  # users notified: mentioned and let through by allowed_mentions
    pinged_everyone: bool = False  # an @everyone / @here that allowed_mentions let through
    posted_by: str | None = None  # through the channel route: the token of the bot that posted it
    nonce: str | None = None  # the nonce it was created with (Discord returns it in the message)

    # current state -------------------------------------------------------
    @property
    def current(self) -> Version:
        return self.versions[-1]

    @property
    def content(self) -> str:
        return self.current.content

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.current.embeds

    @property
    def components(self) -> list[dict[str, Any]]:
        return self.current.components

    @property
    def attachments(self) -> list[Attachment]:
        return self.current.attachments

    @property
    def flags(self) -> int:
        return self.current.flags

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    @property
    def text(self) -> str:
        return self.current.text()

    def all_texts(self) -> list[str]:
        """Every text this message has ever shown (all versions)."""
        return [v.text() for v in self.versions]

    @property
    def images(self) -> list[Attachment]:
        return [a for a in self.attachments if a.is_image]

    def mentions(self) -> set[int]:
        """User ids mentioned in the content (``<@id>``)."""
        return {int(m) for m in re.findall(r"(?<!\\)<@!?(\d+)>", self.content)}

    def custom_ids(self) -> list[str]:
        out: list[str] = []

        def walk(items: list[dict[str, Any]]) -> None:
            for c in items:
                if c.get("custom_id"):
                    out.append(c["custom_id"])
                walk(c.get("components") or [])
                if isinstance(c.get("accessory"), dict):
                    walk([c["accessory"]])

        walk(self.components)
        return out

    def find_component(self, custom_id: str) -> dict[str, Any] | None:
        def walk(items: list[dict[str, Any]]) -> dict[str, Any] | None:
            for c in items:
                if c.get("custom_id") == custom_id:
                    return c
                found = walk(list(c.get("components") or []) + (
                    [c["accessory"]] if isinstance(c.get("accessory"), dict) else []))
                if found:
                    return found
            return None

        return walk(self.components)

    def visible_to(self, user: User) -> bool:
        if self.deleted:
            return False
        if not self.ephemeral:
            return True
        return self.interaction_user is not None and self.interaction_user.id == user.id

    def __repr__(self) -> str:
        flag = "ephemeral" if self.ephemeral else "public"
        who = f" for {self.interaction_user.name}" if self.interaction_user else ""
        files = f" files={[a.filename for a in self.attachments]}" if self.attachments else ""
        return f"<Message {self.id} {flag}{who} via={self.via} {self.text[:80]!r}{files}>"


@dataclass
class Violation:
    """Something the real Discord would have refused; the bot got Discord's error answer."""

    status: int
    code: int
    message: str
    route: str
    errors: dict[str, Any] | None = None

    def __str__(self) -> str:
        detail = f" {self.errors}" if self.errors else ""
        return f"{self.route}: HTTP {self.status} code {self.code} {self.message}{detail}"


@dataclass
class InteractionRecord:
    id: int
    token: str
    type: int  # 2 command, 3 component, 4 autocomplete, 5 modal submit
    user: User
    channel: Channel
    payload: dict[str, Any]
    created: float
    name: str | None = None
    source_message: Message | None = None  # for components
    responded_at: float | None = None
    response_type: int | None = None
    original: Message | None = None
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    followups: list[Message] = field(default_factory=list)
    delivered_to: tuple[tuple[int, int] | None, str | None] | None = None  # (shard, token) of the one session sent it


@dataclass
class InteractionResult:
    """What one user action produced, once the bot has gone quiet."""

    interaction: InteractionRecord
    messages: list[Message]  # created or edited while the action was being handled, in order
    violations: list[Violation]
    earlier: list[Message] = field(default_factory=list)  # those of them made before the action (edited by it)

    @property
    def responded(self) -> bool:
        return self.interaction.response_type is not None

    @property
    def response_type(self) -> int | None:
        return self.interaction.response_type

    @property
    def original(self) -> Message | None:
        return self.interaction.original

    @property
    def choices(self) -> list[dict[str, Any]]:
        return list(self.interaction.choices or [])

    @property
    def ephemeral(self) -> bool:
        msg = self.original
        return bool(msg and msg.ephemeral)

    @property
    def public(self) -> list[Message]:
        """The public messages the action posted (``edited``: those it changed that were there before)."""
        return [m for m in self.messages if not m.ephemeral and not m.deleted and m not in self.earlier]

    @property
    def edited(self) -> list[Message]:
        """Messages made before the action that it edited (a lobby post showing the seats), not deleted."""
        return [m for m in self.earlier if not m.deleted]

    @property
    def private(self) -> list[Message]:
        return [m for m in self.messages if m.ephemeral and not m.deleted]

    @property
    def text(self) -> str:
        return "\n".join(m.text for m in self.messages if not m.deleted)

    @property
    def images(self) -> list[Attachment]:
        return [a for m in self.messages if not m.deleted for a in m.images]

    def __repr__(self) -> str:
        return f"<InteractionResult {self.interaction.name} type={self.response_type} messages={self.messages}>"
