"""Roles, channel permission overwrites and what they resolve to, as Discord computes them:
the @everyone role and the member's roles, then the channel's overwrites for @everyone, for the
member's roles and for the member (each: deny, then allow). Administrators and the owner get
everything. Changes made while a bot is connected reach it as gateway events."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .models import (
    ADMINISTRATOR,
    ALL_PERMISSIONS,
    VIEW_CHANNEL,
    Channel,
    Guild,
    Message,
    Overwrite,
    Role,
    User,
    snowflake,
)

if TYPE_CHECKING:
    from .server import DiscordDouble


class Permissions:
    def add_role(self: DiscordDouble, name: str, permissions: int = 0, guild: Guild | None = None) -> Role:  # type: ignore[misc]
        guild = guild or self.guild
        role = Role(snowflake(), name, permissions, position=len(guild.roles) + 1)
        guild.roles.append(role)
        return role

    def add_channel(self: DiscordDouble, name: str, kind: int = 0, guild: Guild | None = None) -> Channel:  # type: ignore[misc]
        """A new channel (``kind``: 0 text, 4 category) in ``guild`` (the first by default); add it
        before the bot connects (it arrives with GUILD_CREATE)."""
        guild = guild or self.guild
        channel = Channel(snowflake(), name, guild.id, position=len(guild.channels), kind=kind,
                          threads_denied=not self.threads_allowed)
        guild.channels.append(channel)
        return channel

    async def set_overwrite(self: DiscordDouble, channel: Channel, target: User | Role | None, *,  # type: ignore[misc]
                            allow: int = 0, deny: int = 0) -> None:
        """Set the channel's overwrite for a member, a role, or @everyone (``None``)."""
        target_id = channel.guild_id if target is None else target.id
        channel.overwrites = [o for o in channel.overwrites if o.id != target_id]
        channel.overwrites.append(Overwrite(target_id, isinstance(target, User), allow, deny))
        await self.push_channel(channel)

    async def push_channel(self: DiscordDouble, channel: Channel) -> None:  # type: ignore[misc]
        await self.dispatch_to_guild(channel.guild_id, "CHANNEL_UPDATE", channel.payload())

    def permissions_in(self: DiscordDouble, user: User, channel: Channel) -> int:  # type: ignore[misc]
        guild = self.guild_of(channel)
        if user.id == guild.owner_id or user.bot:
            return ALL_PERMISSIONS
        if channel.parent_id is not None:  # a thread: its parent's permissions
            channel = self.channel_by_id(channel.parent_id) or channel
        roles = {r.id: r for r in guild.roles}
        perms = user.permissions
        for rid in user.roles:
            perms |= roles[rid].permissions if rid in roles else 0
        if perms & ADMINISTRATOR:
            return ALL_PERMISSIONS
        by_id = {o.id: o for o in channel.overwrites}

        def apply(perms: int, deny: int, allow: int) -> int:
            return (perms & ~deny) | allow

        if guild.id in by_id:  # @everyone's overwrite
            perms = apply(perms, by_id[guild.id].deny, by_id[guild.id].allow)
        deny = allow = 0
        for rid in user.roles:
            if rid in by_id and not by_id[rid].member:
                deny, allow = deny | by_id[rid].deny, allow | by_id[rid].allow
        perms = apply(perms, deny, allow)
        if user.id in by_id and by_id[user.id].member:
            perms = apply(perms, by_id[user.id].deny, by_id[user.id].allow)
        return perms

    def can_view(self: DiscordDouble, user: User, channel: Channel) -> bool:  # type: ignore[misc]
        return bool(self.permissions_in(user, channel) & VIEW_CHANNEL)

    def role_payloads(self: DiscordDouble, guild: Guild | None = None) -> list[dict[str, Any]]:  # type: ignore[misc]
        guild = guild or self.guild
        everyone = Role(guild.id, "@everyone", User(0, "").permissions, position=0)
        return [everyone.payload()] + [r.payload() for r in guild.roles]

    def post_as_bot(self: DiscordDouble, channel: Channel, content: str,  # type: ignore[misc]
                    components: list[dict[str, Any]] | None = None) -> Message:
        """A channel message the bot posted earlier (say, by an older release), to interact with."""
        return self._new_message(channel.id, {"content": content, "components": components or []}, [],
                                 via="channel")
