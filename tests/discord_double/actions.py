"""The user side: what a person does in the Discord client (slash, autocomplete, press, select),
and what people see (public channel, a user's view). Each action waits until the bot is idle."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

from tests.patience import EVENT_SECONDS

from .models import (
    Attachment,
    Channel,
    InteractionRecord,
    InteractionResult,
    Message,
    User,
    snowflake,
)

if TYPE_CHECKING:
    import discord

    from .server import DiscordDouble

# discord.py names the tasks that run a handler for an incoming event/interaction
BOT_TASK_PREFIXES = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch",
    "discord-ui-dynamic-item",
    "discord-ui-modal-dispatch",
    "discord.py: on_",
)
MAX_WAIT = EVENT_SECONDS  # a bound on a hang only: settling waits for the bot, however busy the machine


class ClientRefused(Exception):
    """The Discord client itself would not let the user do this (unknown option, bad choice, disabled button)."""


def _bot_busy() -> bool:
    me = asyncio.current_task()
    for task in asyncio.all_tasks():
        if task is not me and not task.done() and task.get_name().startswith(BOT_TASK_PREFIXES):
            return True
    return False


class UserActions:
    # ------------------------------------------------------------------ bot lifecycle

    @contextlib.asynccontextmanager
    async def running(self: DiscordDouble, bot: discord.Client, *, token: str = "double-token",  # type: ignore[misc]
                      ready_timeout: float = EVENT_SECONDS, fast_ready: bool = True) -> AsyncIterator[discord.Client]:
        """Start ``bot`` against the double, wait for READY (and the command sync if any), close it on exit."""
        if fast_ready:
            # discord.py waits guild_ready_timeout (2 s) after the last GUILD_CREATE; same knob as Client(guild_ready_timeout=)
            bot._connection.guild_ready_timeout = 0.05
        task = asyncio.create_task(bot.start(token), name="double-bot-runner")
        try:
            ready = asyncio.create_task(bot.wait_until_ready())
            done, _ = await asyncio.wait({ready, task}, timeout=ready_timeout, return_when=asyncio.FIRST_COMPLETED)
            if task in done:
                ready.cancel()
                task.result()  # raises the start-up error
                raise RuntimeError("bot.start() returned before READY")
            if ready not in done:
                ready.cancel()
                raise TimeoutError("bot did not become ready on the double")
            await self.settle()
            yield bot
            await self.settle()
        finally:
            if not bot.is_closed():
                await bot.close()
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.wait_for(task, timeout=EVENT_SECONDS)

    async def settle(self: DiscordDouble, window: float | None = None, max_wait: float = MAX_WAIT) -> None:  # type: ignore[misc]
        """Wait until no request is in flight, no bot handler task runs, and nothing happened for ``window`` s."""
        window = self.settle_window if window is None else window
        end = time.monotonic() + max_wait
        while time.monotonic() < end:
            await asyncio.sleep(0.005)
            if self._in_flight or _bot_busy():
                continue
            if time.monotonic() - self._last_activity >= window:
                return
        raise TimeoutError("the bot did not go idle")

    async def request_reconnect(self: DiscordDouble, timeout: float = EVENT_SECONDS) -> None:  # type: ignore[misc]
        """Send op 7 RECONNECT, as Discord does now and then; wait until the client has RESUMED."""
        old = self.current_session()
        await old.send(7, None)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            await asyncio.sleep(0.01)
            if any(s is not old and s.open and s.ready for s in self._sessions):
                await self.settle()
                return
        raise TimeoutError("the client did not resume")

    async def wait_synced(self: DiscordDouble, timeout: float = EVENT_SECONDS) -> None:  # type: ignore[misc]
        await asyncio.wait_for(self._commands_synced.wait(), timeout)

    # ------------------------------------------------------------------ commands

    def command(self: DiscordDouble, name: str, channel: Channel | None = None) -> dict[str, Any]:  # type: ignore[misc]
        """The synced definition the Discord client would show in ``channel``'s guild (the first
        guild's by default): that guild's commands first, then global ones."""
        for scope in ((channel.guild_id if channel else self.guild.id), None):
            for (cname, ctype), cmd in self.commands.get(scope, {}).items():
                if cname == name and ctype == 1:
                    return cmd
        names = sorted({n for cmds in self.commands.values() for (n, _) in cmds})
        raise ClientRefused(f"No synced command /{name}; the client shows {names}")

    def _resolve_path(self, name: str, channel: Channel | None) -> tuple[dict[str, Any], list[str], list[dict[str, Any]]]:
        parts = name.split()
        cmd = self.command(parts[0], channel)  # type: ignore[attr-defined]
        options = cmd.get("options") or []
        for sub in parts[1:]:
            found = next((o for o in options if o["name"] == sub and o["type"] in (1, 2)), None)
            if found is None:
                raise ClientRefused(f"/{name}: no subcommand {sub!r}")
            options = found.get("options") or []
        return cmd, parts[1:], options

    def _convert(self: DiscordDouble, opt: dict[str, Any], value: Any, resolved: dict[str, Any]) -> Any:  # type: ignore[misc]
        otype, name = opt["type"], opt["name"]
        choices = opt.get("choices") or []
        if choices:
            by_name = {c["name"]: c["value"] for c in choices}
            values = [c["value"] for c in choices]
            if value not in values:
                if value in by_name:
                    value = by_name[value]
                else:
                    raise ClientRefused(f"option {name}: {value!r} is not one of the choices {values}")
        if otype == 3:
            value = str(value)
            if opt.get("min_length") is not None and len(value) < opt["min_length"]:
                raise ClientRefused(f"option {name}: shorter than {opt['min_length']}")
            if opt.get("max_length") is not None and len(value) > opt["max_length"]:
                raise ClientRefused(f"option {name}: longer than {opt['max_length']}")
            return value
        if otype in (4, 10):
            num = int(value) if otype == 4 else float(value)
            if otype == 4 and num != float(value):
                raise ClientRefused(f"option {name}: {value!r} is not an integer")
            if opt.get("min_value") is not None and num < opt["min_value"]:
                raise ClientRefused(f"option {name}: {num} < min {opt['min_value']}")
            if opt.get("max_value") is not None and num > opt["max_value"]:
                raise ClientRefused(f"option {name}: {num} > max {opt['max_value']}")
            return num
        if otype == 5:
            return bool(value)
        if otype in (6, 9):
            user = value if isinstance(value, User) else self.user(str(value))
            resolved.setdefault("users", {})[str(user.id)] = user.payload()
            member = self._member_payload(user)
            member.pop("user")
            member["permissions"] = str(user.permissions)
            resolved.setdefault("members", {})[str(user.id)] = member
            return str(user.id)
        if otype == 7:
            ch = value if isinstance(value, Channel) else self.channel(str(value))
            resolved.setdefault("channels", {})[str(ch.id)] = {
                "id": str(ch.id), "name": ch.name, "type": 0, "permissions": str(self.bot_user.permissions)}
            return str(ch.id)
        if otype == 11:
            filename, data = value
            att = Attachment(snowflake(), filename, data, "application/octet-stream")
            resolved.setdefault("attachments", {})[str(att.id)] = att.payload()
            return str(att.id)
        raise ClientRefused(f"option {name}: type {otype} is not supported by the double")

    def _build_options(self, defs: list[dict[str, Any]], given: dict[str, Any], resolved: dict[str, Any],
                       focused: str | None = None) -> list[dict[str, Any]]:
        by_name = {o["name"]: o for o in defs}
        unknown = set(given) - set(by_name)
        if unknown:
            raise ClientRefused(f"unknown options {sorted(unknown)}; the command has {sorted(by_name)}")
        out = []
        for opt in defs:
            name = opt["name"]
            if name not in given:
                if opt.get("required") and name != focused:
                    raise ClientRefused(f"option {name} is required")
                continue
            if name == focused:
                out.append({"name": name, "type": opt["type"], "value": str(given[name]), "focused": True})
            else:
                out.append({"name": name, "type": opt["type"], "value": self._convert(opt, given[name], resolved)})  # type: ignore[attr-defined]
        return out

    def _check_permissions(self, cmd: dict[str, Any], user: User) -> None:
        needed = cmd.get("default_member_permissions")
        if needed is not None and not user.permissions & (1 << 3) and int(needed) & ~user.permissions:
            raise ClientRefused(f"{user.name} lacks the permissions for /{cmd['name']}")

    # ------------------------------------------------------------------ interaction plumbing

    def _interaction_payload(self: DiscordDouble, itype: int, user: User, channel: Channel,  # type: ignore[misc]
                             data: dict[str, Any], message: Message | None = None) -> dict[str, Any]:
        member = self._member_payload(user)
        perms = self.permissions_in(user, channel)  # as Discord sends them: resolved in the channel
        member["permissions"] = str(perms)
        guild = self.guild_of(channel)
        payload: dict[str, Any] = {
            "id": str(snowflake()), "application_id": str(self.application_id), "type": itype,
            "token": "tok_" + secrets.token_urlsafe(24), "version": 1,
            "guild_id": str(guild.id), "guild": {"id": str(guild.id), "locale": guild.locale, "features": []},
            "channel_id": str(channel.id),
            "channel": {**channel.payload(), "permissions": str(perms)},
            "member": member, "app_permissions": str(self.bot_permissions_in(channel)), "locale": user.locale,
            "guild_locale": guild.locale, "entitlements": [], "authorizing_integration_owners": {"0": str(guild.id)},
            "context": 0, "attachment_size_limit": self.attachment_size_limit, "data": data,
        }
        if message is not None:
            payload["message"] = self._message_payload(message)
        return payload

    async def _interact(self: DiscordDouble, itype: int, user: User, channel: Channel, data: dict[str, Any],  # type: ignore[misc]
                        name: str | None, message: Message | None = None) -> InteractionResult:
        session = self.current_session(channel.guild_id)  # the shard running the channel's guild
        if not self.can_view(user, channel):
            raise ClientRefused(f"{user.name} cannot see #{channel.name}")
        if not self.overlapping:  # users act one after another unless told otherwise
            await self.settle()
        payload = self._interaction_payload(itype, user, channel, data, message)
        rec = InteractionRecord(
            id=int(payload["id"]), token=payload["token"], type=itype, user=user, channel=channel,
            payload=payload, created=time.monotonic(), name=name, source_message=message,
            delivered_to=(session.shard, session.token),
        )
        self.interactions[rec.id] = rec
        start_touched, start_violations = len(self._touched), len(self.violations)
        existing = set(self.messages)
        self._last_activity = time.monotonic()
        await session.dispatch("INTERACTION_CREATE", payload)
        await self._await_response(rec)
        await self.settle()
        touched: list[Message] = []
        for m in self._touched[start_touched:]:
            if m not in touched:
                touched.append(m)
        return InteractionResult(rec, touched, self.violations[start_violations:],
                                 [m for m in touched if m.id in existing])

    async def _await_response(self: DiscordDouble, rec: InteractionRecord) -> None:  # type: ignore[misc]
        """Until the initial response, the 3 s deadline, or the bot clearly ignoring the interaction.
        Bots in other processes (``remote_bots``), whose work the double cannot see: until the
        initial response or the deadline, and after a deferral until its follow-up came (at most
        ``MAX_WAIT``), so that a slow move is waited for without guessing a quiet time."""
        quiet = 0.3
        while rec.response_type is None:
            now = time.monotonic()
            if now - rec.created > self.response_deadline + 0.25:
                return
            idle = not self._in_flight and not _bot_busy() and now - self._last_activity >= quiet
            if idle and now - rec.created >= quiet and not self.remote_bots:
                return
            await asyncio.sleep(0.005)
        end = time.monotonic() + MAX_WAIT
        while self.remote_bots and rec.response_type == 5 and not rec.followups and time.monotonic() < end:
            await asyncio.sleep(0.005)

    # ------------------------------------------------------------------ user actions

    async def slash(self: DiscordDouble, user: User, channel: Channel, name: str, /, **options: Any) -> InteractionResult:  # type: ignore[misc]
        """The user runs ``/name option:value ...`` (``name`` may be ``"group sub"``; an option may be called
        ``name`` or ``user`` too: the first three parameters are positional only)."""
        cmd, subs, defs = self._resolve_path(name, channel)
        self._check_permissions(cmd, user)
        resolved: dict[str, Any] = {}
        opts = self._build_options(defs, options, resolved)
        return await self._interact(2, user, channel, _command_data(cmd, subs, opts, resolved), name)

    async def autocomplete_result(self: DiscordDouble, user: User, channel: Channel, name: str, *, focused: str,  # type: ignore[misc]
                                  value: str = "", **options: Any) -> InteractionResult:
        cmd, subs, defs = self._resolve_path(name, channel)
        self._check_permissions(cmd, user)
        target = next((o for o in defs if o["name"] == focused), None)
        if target is None or not target.get("autocomplete"):
            raise ClientRefused(f"/{name} option {focused!r} has no autocomplete")
        resolved: dict[str, Any] = {}
        opts = self._build_options(defs, {**options, focused: value}, resolved, focused=focused)
        return await self._interact(4, user, channel, _command_data(cmd, subs, opts, resolved), name)

    async def autocomplete(self: DiscordDouble, user: User, channel: Channel, name: str, *, focused: str,  # type: ignore[misc]
                           value: str = "", **options: Any) -> list[dict[str, Any]]:
        """The user types ``value`` into option ``focused``: the suggestions Discord would show."""
        result = await self.autocomplete_result(user, channel, name, focused=focused, value=value, **options)
        if result.interaction.choices is None:
            raise AssertionError(f"/{name} autocomplete got no answer: {result}")
        return result.choices

    def _component(self, user: User, message: Message, custom_id: str) -> dict[str, Any]:
        if message.deleted:
            raise ClientRefused("the message was deleted")
        if not message.visible_to(user):
            raise ClientRefused(f"{user.name} cannot see {message!r}")
        comp = message.find_component(custom_id)
        if comp is None:
            raise ClientRefused(f"{message!r} has no component {custom_id!r}; it has {message.custom_ids()}")
        if comp.get("disabled"):
            raise ClientRefused(f"component {custom_id!r} is disabled")
        return comp

    async def delete_message(self: DiscordDouble, message: Message) -> None:  # type: ignore[misc]
        """A moderator deletes a message (the bot's too): clients get MESSAGE_DELETE; editing it is then
        refused with 404 Unknown Message, as Discord does."""
        await self._delete(message)

    async def press(self: DiscordDouble, user: User, message: Message, custom_id: str) -> InteractionResult:  # type: ignore[misc]
        comp = self._component(user, message, custom_id)
        if comp.get("type") != 2:
            raise ClientRefused(f"{custom_id!r} is not a button")
        channel = self.channel_by_id(message.channel_id)
        assert channel is not None
        data = {"custom_id": custom_id, "component_type": 2}
        return await self._interact(3, user, channel, data, None, message=message)

    async def select(self: DiscordDouble, user: User, message: Message, custom_id: str,  # type: ignore[misc]
                     values: list[str]) -> InteractionResult:
        comp = self._component(user, message, custom_id)
        if comp.get("type") != 3:
            raise ClientRefused(f"{custom_id!r} is not a string select")
        allowed = [o["value"] for o in comp.get("options") or []]
        bad = [v for v in values if v not in allowed]
        if bad:
            raise ClientRefused(f"values {bad} are not options of {custom_id!r}: {allowed}")
        lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
        if not lo <= len(values) <= hi:
            raise ClientRefused(f"select {custom_id!r} takes {lo}..{hi} values, got {len(values)}")
        channel = self.channel_by_id(message.channel_id)
        assert channel is not None
        data = {"custom_id": custom_id, "component_type": 3, "values": list(values)}
        return await self._interact(3, user, channel, data, None, message=message)

    # ------------------------------------------------------------------ what people see

    def history(self: DiscordDouble, channel: Channel | None = None) -> list[Message]:  # type: ignore[misc]
        """Every message the bot created (deleted included), in creation order."""
        msgs = sorted(self.messages.values(), key=lambda m: m.seq)
        if channel is None:  # the server's channels: direct messages are ``dms(user)``
            return [m for m in msgs if m.channel_id not in self.dm_channels]
        return [m for m in msgs if m.channel_id == channel.id]

    def public(self: DiscordDouble, channel: Channel | None = None) -> list[Message]:  # type: ignore[misc]
        """What everyone in ``channel`` sees now (non-ephemeral, not deleted)."""
        return [m for m in self.history(channel) if not m.ephemeral and not m.deleted]

    def seen_by(self: DiscordDouble, user: User, channel: Channel | None = None) -> list[Message]:  # type: ignore[misc]
        """Public messages plus ``user``'s own ephemerals."""
        return [m for m in self.history(channel) if m.visible_to(user)]

    def public_texts_ever(self: DiscordDouble, channel: Channel | None = None) -> list[str]:  # type: ignore[misc]
        """Every text that was ever public (all versions of all non-ephemeral messages, deleted included)."""
        return [t for m in self.history(channel) if not m.ephemeral for t in m.all_texts()]

    def unanswered(self: DiscordDouble) -> list[InteractionRecord]:  # type: ignore[misc]
        """Interactions the user saw fail: no initial response, or a "thinking…" message never filled."""
        out = []
        for rec in self.interactions.values():
            if rec.response_type is None or (rec.response_type == 5 and rec.original is not None
                                              and rec.original.loading and not rec.original.deleted):
                out.append(rec)
        return out

    def age_interaction(self, result: InteractionResult, seconds: float) -> None:
        """Pretend ``seconds`` have passed since the interaction was created (for token-expiry tests)."""
        result.interaction.created -= seconds


def _command_data(cmd: dict[str, Any], subs: list[str], opts: list[dict[str, Any]],
                  resolved: dict[str, Any]) -> dict[str, Any]:
    """The ``data`` of an application-command interaction, as Discord builds it."""
    for sub in reversed(subs):
        opts = [{"name": sub, "type": 1, "options": opts}]
    data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1, "options": opts}
    if resolved:
        data["resolved"] = resolved
    if cmd.get("guild_id"):
        data["guild_id"] = cmd["guild_id"]
    return data
