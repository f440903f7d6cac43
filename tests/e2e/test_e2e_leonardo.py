"""Leonardo (1988) played end to end through the Discord double: the real bot, discord.py, SQLite and PNGs.

The point of this game is decisions owed by several players at once: the faction declarations before the
first turn, the sealed bids of an auction, the bets on a market, the answers to a proposed corporation.
Whenever the engine waits for several players, the public board post mentions exactly those users; each
of them decides (half of them with /move and its autocomplete, half with the board's "My hand / my move"
button and its private menu), in a random order; someone who owes nothing is refused privately with a
reason and nothing changes; the game goes on only after the last decision. What a player seals (a
faction, a bid, a bet) is confirmed to them privately and never shown publicly before the resolution,
which then reveals exactly what they sealed.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from render.palette import CHAT_CHIPS
from tests.discord_double import Channel, DiscordDouble, InteractionResult, Message, User
from tests.e2e.e2e_table import (
    Table,
    check_score_sheet,
    only_public_board,
    open_game,
    open_table,
    refuse_illegal,
    refuse_out_of_turn,
    stored_state,
)

TITLE = "Leonardo (1988)"
SEALED = {"factions", "auction", "market", "merge"}  # phases where the engine may wait for several players
# the public line after a decision that leaves others still to decide
DECIDED_LINE = {"factions": "has written down a faction.", "auction": "has sealed a bid.",
                "market": "has placed a sealed bet.", "merge": "accepts the corporation."}
PRIVATE_LINE = {
    "factions": re.compile(r"^You sided with the (Guelfi|Ghibellini)\.$", re.MULTILINE),
    "auction": re.compile(r"^Your sealed bid: (\d+|pass)\.$", re.MULTILINE),
    "market": re.compile(r"^Your bet: (?:(\d+) on (gem|ivory|gold|spices)|pass)\.$", re.MULTILINE),
}


@pytest.fixture
async def table(double: DiscordDouble, tmp_path: Path):
    async with open_table(double, tmp_path / "piazza.sqlite3") as t:
        yield t


def leonardo():
    from bot.play import registry

    return registry.get("leonardo").engine


def name(user: User) -> str:
    """How the bot names a player in chat."""
    return user.name.title()


def firm_label(state, seat: int, players: list[User]) -> str:
    """How the public text names the firm a seat belongs to ("Alice", or "Alice and Bob's corporation")."""
    firm = next(f for f in state.firms.values() if seat in f.members)
    names = [f"{CHAT_CHIPS[m]} {name(players[m])}" for m in firm.members]
    if len(names) == 1:
        return name(players[firm.members[0]])
    return f"{', '.join(names[:-1])} and {names[-1]}'s corporation"


def owed_seats(state) -> set[int]:
    """Who owes a decision, read from the stored state itself (not from the bot's mentions)."""
    if state.phase == "factions":
        return set(range(state.seats)) - set(state.declared)
    if state.phase == "auction":
        return set(state.auction.bidders) - set(state.auction.bids)
    if state.phase == "market":
        return set(state.market.bettors) - set(state.market.bets)
    if state.phase == "merge":
        return set(state.merge.awaiting)
    if state.phase == "office":
        return {state.office.holder}
    return {state.order[state.slot]}


@dataclass
class Group:
    """One round of simultaneous decisions (every seat owing one when it opened)."""

    phase: str
    owed: set[int]  # user ids
    turn: int
    current: int  # the seat whose turn it is
    first_message: int  # index in the channel's history when the decisions were asked for
    decided: list[int] = field(default_factory=list)  # user ids, in order
    secrets: list[str] = field(default_factory=list)  # public forms of sealed decisions, for after
    revealed: list[str] = field(default_factory=list)  # what the resolution must show


@dataclass
class Seen:
    moves: int = 0
    groups: Counter = field(default_factory=Counter)  # phase -> rounds of decisions owed by 2 or more
    single: Counter = field(default_factory=Counter)  # phase -> rounds owed by one player only
    by_button: int = 0  # decisions in a group taken with the board's button and menu
    by_move: int = 0  # decisions in a group taken with /move
    refused: int = 0  # players (and a spectator) refused because they owed nothing
    no_menu: int = 0  # players who owe nothing and pressed the button: their hand, no menu
    too_much: int = 0  # bids and bets above the bidder's florins, refused
    private_lines: set[str] = field(default_factory=set)  # every sealed confirmation seen privately
    final_board: Message | None = None


async def act_with_move(double: DiscordDouble, channel: Channel, actor: User, legal: list[str],
                        rng: random.Random) -> tuple[str, InteractionResult]:
    """/move: type a word of some legal move, pick one of the suggestions, send it."""
    word = rng.choice(legal).split()[0]
    choices = await double.autocomplete(actor, channel, "move", focused="action", value=word)
    assert choices and {c["value"] for c in choices} <= set(legal), (word, choices, legal)
    assert all(word in f"{c['value']} {c['name']}" for c in choices)
    action = rng.choice(choices)["value"]
    return action, await double.slash(actor, channel, "move", action=action)


async def act_with_button(double: DiscordDouble, board: Message, game_id: int, actor: User, legal: list[str],
                          rng: random.Random, others: list[User]) -> tuple[str, InteractionResult]:
    """The board's "My hand / my move" button: a private menu of the presser's moves; pick one."""
    res = await double.press(actor, board, f"piazza:turn:{game_id}")
    assert not res.public, res
    [menu] = [m for m in res.messages if m.ephemeral]
    assert menu.visible_to(actor) and not any(menu.visible_to(u) for u in others)
    [picker] = [c for c in menu.custom_ids() if c.startswith("piazza:pick:")]
    offered = [o["value"] for o in menu.find_component(picker)["options"]]
    assert offered and set(offered) <= set(legal) and len(offered) == min(25, len(legal)), (offered, legal)
    action = rng.choice(offered)
    return action, await double.select(actor, menu, picker, [action])


async def button_without_menu(double: DiscordDouble, table: Table, channel: Channel, board: Message,
                              game_id: int, user: User) -> None:
    """A player who owes nothing may look at their hand with the button, but gets no menu of moves."""
    before = await table.service.store.games.open_in(channel.id)
    res = await double.press(user, board, f"piazza:turn:{game_id}")
    assert res.messages and all(m.ephemeral and m.visible_to(user) for m in res.messages), res
    assert not any(c.startswith("piazza:pick:") for m in res.messages for c in m.custom_ids())
    assert "faction" in res.text  # their private sheet
    after = await table.service.store.games.open_in(channel.id)
    assert (after.version, after.snapshot) == (before.version, before.snapshot)


def public_texts_since(double: DiscordDouble, channel: Channel, first: int, upto: int | None = None) -> str:
    msgs = double.history(channel)[first:upto]
    return "\n".join(t for m in msgs if not m.ephemeral for t in m.all_texts())


async def play(double: DiscordDouble, table: Table, channel: Channel, players: list[User], *, seed: int,
               options: str | None = None) -> tuple[Message, int, Seen]:
    rng = random.Random(seed)
    spectator = next(u for u in double.users.values() if u not in players and u.name != "owner")
    board = await open_game(double, channel, players, "leonardo", TITLE, options)
    game = await table.service.store.games.open_in(channel.id)
    assert [s.user_id for s in game.seats] == [u.id for u in players]
    try:
        seen = await _play_moves(double, table, channel, players, board, game.id, rng, spectator)
    except AssertionError as exc:
        raise AssertionError(f"{exc}\n(game seed {game.seed}, test seed {seed})") from exc
    return seen.final_board, game.id, seen


async def _play_moves(double: DiscordDouble, table: Table, channel: Channel, players: list[User], board: Message,
                      game_id: int, rng: random.Random, spectator: User) -> Seen:
    engine = leonardo()
    by_id = {u.id: u for u in players}
    seen = Seen()
    group: Group | None = None
    while True:
        row, state = await stored_state(table, channel, engine)
        if row is None:
            break
        pending = await table.service.pending(channel.id)
        owed_users = {players[s].id for s in owed_seats(state)}
        # the last public post mentions exactly the users who owe a decision now
        assert board.mentions() == set(pending) == owed_users, (state.phase, board.content, pending)

        if group is None and state.phase in SEALED:
            group = Group(state.phase, set(pending), state.turn, state.order[state.slot],
                          len(double.history(channel)))
            (seen.groups if len(pending) > 1 else seen.single)[state.phase] += 1
            # someone who owes nothing (a player, or a spectator if everyone owes) is refused privately
            outsiders = [u for u in players if u.id not in pending] or [spectator]
            intruder = rng.choice(outsiders)
            some_move = rng.choice(pending[rng.choice(sorted(pending))])
            res = await refuse_out_of_turn(double, table, channel, intruder, some_move)
            if intruder is not spectator:
                assert all(name(by_id[u]) in res.text for u in pending), res.text
            seen.refused += 1
            if intruder is not spectator and seen.no_menu < 2:
                await button_without_menu(double, table, channel, board, game_id, intruder)
                seen.no_menu += 1
            if state.phase in ("auction", "market"):
                # one who owes a bid or a bet, but types more than they have: a reason, nothing changes
                bidder = by_id[rng.choice(sorted(pending))]
                seat = players.index(bidder)
                florins = next(f for f in state.firms.values() if seat in f.members).florins
                typed = f"bid {florins + 1}" if state.phase == "auction" else f"bet gold {florins + 1}"
                await refuse_illegal(double, table, channel, bidder, typed, f"{florins + 1} florins is not possible",
                                     f"to {florins} (your florins)")
                seen.too_much += 1
        elif group is not None and group.decided:
            # who has decided owes nothing more: refused, whichever way they try
            done = by_id[rng.choice(group.decided)]
            await refuse_out_of_turn(double, table, channel, done, rng.choice(pending[min(pending)]))
            seen.refused += 1
            if seen.no_menu < 4:
                await button_without_menu(double, table, channel, board, game_id, done)
                seen.no_menu += 1
        elif rng.random() < 0.05:
            idle = [u for u in players if u.id not in pending]
            if idle:
                await refuse_out_of_turn(double, table, channel, rng.choice(idle), rng.choice(pending[min(pending)]))
                seen.refused += 1

        # whoever decides first is up to the players: a random one of those owing a decision
        actor = by_id[rng.choice(sorted(pending))]
        legal = pending[actor.id]
        if group is not None:
            use_button = len(group.decided) % 2 == 1 if len(group.owed) > 1 else rng.random() < 0.5
        else:
            use_button = rng.random() < 0.2
        if use_button:
            others = [u for u in [*players, spectator] if u is not actor]
            action, res = await act_with_button(double, board, game_id, actor, legal, rng, others)
        else:
            action, res = await act_with_move(double, channel, actor, legal, rng)
        assert res.original is not None and res.original.ephemeral and res.original.visible_to(actor), res
        assert f"You played `{action}`." in res.original.text, res
        board = only_public_board(res)
        seen.moves += 1
        assert seen.moves < 300, "the game does not end"

        if group is not None:
            if use_button:
                seen.by_button += 1
            else:
                seen.by_move += 1
            done = await _decided(double, table, channel, players, group, state, actor, action, res, board, seen)
            if done:
                group = None

    assert group is None, group
    assert not board.mentions() and f"**{TITLE}**!" in board.content, board.content
    # what each player sealed was confirmed to them alone: no public text ever repeats it
    public = "\n".join(double.public_texts_ever(channel))
    leaked = [line for line in seen.private_lines if line in public]
    assert seen.private_lines and not leaked, leaked
    private_pngs = {a.data for m in double.history(channel) if m.ephemeral for a in m.attachments}
    assert not any(a.data in private_pngs for m in double.public(channel) for a in m.attachments)
    seen.final_board = board
    return seen


async def _decided(double: DiscordDouble, table: Table, channel: Channel, players: list[User], group: Group,
                   before, actor: User, action: str, res: InteractionResult, board: Message, seen: Seen) -> bool:
    """Check one decision of a group (``before``: the state it was taken in); True once the group is resolved."""
    engine = leonardo()
    _, state = await stored_state(table, channel, engine)
    seat = players.index(actor)
    group.decided.append(actor.id)
    private = res.original.text
    if group.phase in PRIVATE_LINE:
        found = PRIVATE_LINE[group.phase].search(private)
        assert found, private
        seen.private_lines.add(found.group(0))
        if action != "pass" and group.phase != "factions":
            group.secrets.append(action)  # "bid 35", "bet gold 20": the notation never shows before the end
        if group.phase == "factions":
            group.secrets += [f"{name(actor)} {found.group(1)}", found.group(1)]
            group.revealed.append(f"{name(actor)} {found.group(1)}")
        elif group.phase == "auction":
            amount = found.group(1)
            assert action == ("pass" if amount == "pass" else f"bid {amount}"), (action, private)
            firm = firm_label(before, seat, players)
            if amount != "pass":
                group.secrets.append(f"{firm} {amount}")
            group.revealed.append(f"{firm} {amount}")
        else:
            stake, product = found.groups()
            assert action == ("pass" if stake is None else f"bet {product} {stake}"), (action, private)
            if stake is not None:
                group.secrets.append(f"{stake} on {product}")
                group.revealed.append(f"{firm_label(before, seat, players)} {stake} on {product}")

    remaining = group.owed - set(group.decided)
    if remaining and action != "refuse":
        # not the last decision: the game waits for exactly the others, nothing else happens
        assert state is not None and state.phase == group.phase and state.turn == group.turn
        assert state.order[state.slot] == group.current
        assert (await table.service.pending(channel.id)).keys() == remaining
        assert board.mentions() == remaining, board.content
        # the post says who decided, and nothing else but the status line
        status = r"Leonardo: round \d+/\d+ · [^\n]+"  # whose turn: said once, by the mention (issue 28)
        shape = rf"\S+ {name(actor)} {re.escape(DECIDED_LINE[group.phase])}"
        news = r"(\n📬 [^\n]+: something new for you — press My hand\.)*"  # markers only, never the news
        turn = r"(\n⏳ Your move,( <@\d+>)+ — \d+ h left\.)+"  # the mention with the turn clock's time
        assert re.fullmatch(rf"{shape}\n{status}{news}{turn}", board.content), board.content
        assert "waiting for" not in board.content, board.content
        secret_free(double, channel, group)
        return False

    # the last decision: it is resolved, publicly, and the game goes on
    secret_free(double, channel, group, upto=-1)
    if state is not None:
        assert state.phase != group.phase or state.turn != group.turn, state.phase
    text = board.content
    if group.phase == "factions":
        assert "Factions: " in text and all(r in text for r in group.revealed), (group.revealed, text)
    elif group.phase == "auction":
        if group.secrets:
            bids = re.search(r"Bids: (.*?)\. ", text)
            assert bids and all(r in bids.group(1) for r in group.revealed), (group.revealed, text)
            assert len(group.revealed) == len(before.auction.bidders), (group.revealed, text)
        else:
            assert "Every bidder passes" in text, text
    elif group.phase == "market":
        bets = re.search(r"Bets: (.*?)\. The Machina gives \d+", text)
        assert bets, text
        if not group.revealed:
            assert bets.group(1) == "no bets", text
        assert all(r in bets.group(1) for r in group.revealed), (group.revealed, text)
    elif action == "refuse":
        assert f"{name(actor)} refuses the corporation." in text, text
    else:
        assert "The corporation " in text and " is formed (" in text, text
    return True


def secret_free(double: DiscordDouble, channel: Channel, group: Group, upto: int | None = None) -> None:
    """Nothing sealed in this group shows in any public text since the decisions were asked for."""
    public = public_texts_since(double, channel, group.first_message, upto)
    leaked = [s for s in group.secrets if s in public]
    assert not leaked, (leaked, public)
    assert "Bids: " not in public and "Bets: " not in public and "Factions: " not in public


async def check_the_end(double: DiscordDouble, table: Table, channel: Channel, players: list[User],
                        board: Message, game_id: int) -> object:
    engine = leonardo()
    state = await table.service.replay(game_id)
    row = await table.service.store.games.get(game_id)
    assert row.status == "finished" and row.snapshot == state.model_dump_json()
    assert state.phase == "over"
    check_score_sheet(board, players, state, engine)
    res = await double.slash(players[-1], channel, "move", action="spin")
    assert res.ephemeral and not res.public and "no game" in res.text
    return state


async def test_two_merchants_with_a_date_limit(double: DiscordDouble, table: Table) -> None:
    players = [double.user("alice"), double.user("bob")]
    games = double.channel("games")
    # a date limit in the past is refused privately; no game is opened
    res = await double.slash(players[0], games, "new", game="leonardo", options="max_rounds=3 deadline=2020-01-01")
    assert res.ephemeral and not res.public and "already past" in res.text, res
    assert await table.service.store.games.open_in(games.id) is None and not double.public(games)

    # a date limit more than two years ahead is refused too (it used to crash /new when far enough)
    res = await double.slash(players[0], games, "new", game="leonardo", options="deadline=9999-12-31T23:59-23:59")
    assert res.ephemeral and not res.public and "too far ahead" in res.text, res
    assert await table.service.store.games.open_in(games.id) is None and not double.public(games)

    limit = (datetime.now(UTC) + timedelta(days=700)).date().isoformat()
    board, game_id, seen = await play(double, table, games, players, seed=5,
                                      options=f"max_rounds=3 deadline={limit}")
    assert f"It ends on {limit} 00:00 UTC at the latest." in double.public(games)[0].content
    await check_the_end(double, table, games, players, board, game_id)
    # both declare at once; with two players every auction or market has a single bidder
    assert seen.groups == Counter(factions=1) and seen.by_move >= 1 and seen.by_button >= 1, seen
    assert seen.single["auction"] + seen.single["market"] >= 1, seen


async def test_four_merchants(double: DiscordDouble, table: Table) -> None:
    players = [double.user("carol"), double.user("dave"), double.user("alice"), double.user("bob")]
    channel = double.channel("general")
    board, game_id, seen = await play(double, table, channel, players, seed=6, options="max_rounds=3")
    await check_the_end(double, table, channel, players, board, game_id)
    assert seen.groups["factions"] == 1 and seen.groups["auction"] >= 1 and seen.groups["market"] >= 1, seen
    assert seen.by_button >= 3 and seen.by_move >= 3 and seen.refused >= 5 and seen.no_menu >= 2, seen
    assert seen.too_much >= 3, seen


async def test_four_merchants_with_corporations(double: DiscordDouble, table: Table) -> None:
    alice, bob, carol, dave = (double.user(n) for n in ("alice", "bob", "carol", "dave"))
    channel = double.channel("other")
    # the variant needs four players: with two seated, /start is refused privately and the lobby stays
    res = await double.slash(alice, channel, "new", game="leonardo", options="corporations=yes")
    assert not res.ephemeral and "corporations=yes" in res.text, res
    await double.slash(bob, channel, "join")
    seen_before = len(double.public_texts_ever(channel))
    res = await double.slash(bob, channel, "start")
    assert res.ephemeral and not res.public and "four or more players" in res.text, res
    assert len(double.public_texts_ever(channel)) == seen_before
    assert (await table.service.store.games.open_in(channel.id)).status == "lobby"
    res = await double.slash(alice, channel, "abort")
    assert not res.ephemeral and "aborted" in res.text

    players = [dave, carol, bob, alice]
    board, game_id, seen = await play(double, table, channel, players, seed=7,
                                      options="corporations=yes max_rounds=3")
    state = await check_the_end(double, table, channel, players, board, game_id)
    assert seen.groups["factions"] == 1 and seen.groups["merge"] + seen.single["merge"] >= 1, seen
    assert seen.by_button >= 2 and seen.by_move >= 2, seen
    assert any(len(f.members) > 1 for f in state.firms.values()), state.firms  # a corporation was formed
