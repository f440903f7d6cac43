"""The double's servers (guilds): one by default (``double.guild``), more with ``add_guild``.

Every guild has its own channels, roles and locale; the double's users are members of every guild
(one directory, as a bot's users usually share its servers). A guild's id decides its shard as on
Discord: ``(guild_id >> 22) % shard_count``; ``add_guild(on_shard=(i, n))`` picks an id that lands on
shard ``i`` of ``n``. Its GUILD_CREATE, events and interactions go only to the gateway session(s)
running that shard (``sessions_for``)::

    second = double.add_guild("Other Server", on_shard=(1, 2))    # before the bots connect
    games_2 = double.channel("games", second)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .models import Channel, Guild, User, snowflake

if TYPE_CHECKING:
    from .gateway import GatewaySession
    from .server import DiscordDouble

DEFAULT_CHANNELS = ("general", "games", "other")


def snowflake_on_shard(shard: int, count: int) -> int:
    """A fresh snowflake whose guild would be routed to ``shard`` of ``count``: its timestamp
    moved forward by less than ``count`` milliseconds."""
    raw = snowflake()
    ms = raw >> 22
    return ((ms + (shard - ms) % count) << 22) | (raw & 0x3FFFFF)


def shard_of(guild_id: int, count: int) -> int:
    """Discord's routing: the shard a guild's events go to."""
    return (guild_id >> 22) % count


class Guilds:
    guild: Guild  # the first (default) guild
    guilds: list[Guild]

    def add_guild(self: DiscordDouble, name: str, *, channels: tuple[str, ...] = DEFAULT_CHANNELS,  # type: ignore[misc]
                  on_shard: tuple[int, int] | None = None) -> Guild:
        """Another server the bot is in, with its own channels (add it before the bot connects: it
        arrives with GUILD_CREATE). ``on_shard=(i, n)``: its id is routed to shard ``i`` of ``n``."""
        gid = snowflake() if on_shard is None else snowflake_on_shard(*on_shard)
        guild = Guild(gid, name, self.owner.id)
        for i, cname in enumerate(channels):
            guild.channels.append(Channel(snowflake(), cname, gid, position=i, threads_denied=not self.threads_allowed))
        self.guilds.append(guild)
        return guild

    def guild_by_id(self: DiscordDouble, gid: int) -> Guild | None:  # type: ignore[misc]
        return next((g for g in self.guilds if g.id == gid), None)

    def guild_of(self: DiscordDouble, channel: Channel) -> Guild:  # type: ignore[misc]
        """The guild a channel (or thread) belongs to."""
        return self.guild_by_id(channel.guild_id) or self.guild

    def channel(self: DiscordDouble, name: str, guild: Guild | None = None) -> Channel:  # type: ignore[misc]
        """A channel by name, in ``guild`` (by default the first guild)."""
        guild = guild or self.guild
        for ch in guild.channels:
            if ch.name == name:
                return ch
        raise KeyError(f"No channel #{name} in {guild.name}; have {[c.name for c in guild.channels]}")

    def channel_by_id(self: DiscordDouble, cid: int) -> Channel | None:  # type: ignore[misc]
        found = next((c for g in self.guilds for c in g.channels if c.id == cid), None)
        found = found or next((c for c in self.threads if c.id == cid), None)
        return found or self.dm_channels.get(cid)  # type: ignore[return-value]

    def sessions_for(self: DiscordDouble, guild_id: int | None) -> list[GatewaySession]:  # type: ignore[misc]
        """The open, ready gateway sessions a guild's events go to (direct messages, ``None``: shard 0)."""
        out = []
        for s in self._sessions:
            if not (s.open and s.ready):
                continue
            if guild_id is None and (s.shard is None or s.shard[0] == 0):
                out.append(s)
            elif guild_id is not None and s.owns(guild_id):
                out.append(s)
        return out

    async def dispatch_to_guild(self: DiscordDouble, guild_id: int | None, event: str,  # type: ignore[misc]
                                data: dict[str, Any], intent: int = 0) -> None:
        """Send a gateway event to the sessions running ``guild_id``'s shard (that asked for ``intent``)."""
        for s in self.sessions_for(guild_id):
            if not intent or s.intents & intent:
                await s.dispatch(event, data)

    # ------------------------------------------------------------------ payloads

    def _member_payload(self: DiscordDouble, user: User) -> dict[str, Any]:  # type: ignore[misc]
        return {
            "user": user.payload(),
            "roles": [str(r) for r in user.roles],
            "nick": None,
            "avatar": None,
            "joined_at": "2026-01-01T00:00:00+00:00",
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }

    def _guild_payload(self: DiscordDouble, intents: int = 1 << 1, guild: Guild | None = None) -> dict[str, Any]:  # type: ignore[misc]
        """GUILD_CREATE; as on Discord, without the GUILD_MEMBERS intent only the bot's own member is sent."""
        g = guild or self.guild
        everybody = self.members()
        shown = everybody if intents & (1 << 1) else [self.bot_user]
        members = [self._member_payload(u) for u in shown]
        return {
            "id": str(g.id), "name": g.name, "icon": None, "splash": None, "discovery_splash": None,
            "owner_id": str(g.owner_id), "afk_channel_id": None, "afk_timeout": 300, "verification_level": 0,
            "default_message_notifications": 0, "explicit_content_filter": 0, "roles": self.role_payloads(g),
            "emojis": [], "stickers": [], "features": [], "mfa_level": 0, "application_id": None,
            "system_channel_id": None, "system_channel_flags": 0, "rules_channel_id": None, "vanity_url_code": None,
            "description": None, "banner": None, "premium_tier": 0, "premium_subscription_count": 0,
            "preferred_locale": g.locale, "public_updates_channel_id": None, "nsfw_level": 0,
            "premium_progress_bar_enabled": False, "joined_at": "2026-01-01T00:00:00+00:00", "large": False,
            "unavailable": False, "member_count": len(everybody), "voice_states": [], "members": members,
            "channels": [c.payload() for c in g.channels], "threads": [], "presences": [],
            "stage_instances": [], "guild_scheduled_events": [], "soundboard_sounds": [],
        }
