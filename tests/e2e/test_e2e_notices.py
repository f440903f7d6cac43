"""Private news for any seat, through the Discord double: when a Bella Vista round ends on one
architect's move, every architect draws. The other architect's draw is kept for them and shown at
the top of their next private view (the board's button here, /hand after), once; it never reaches
the channel, the /log record, or anything the mover can see."""

from __future__ import annotations

from pathlib import Path

from engines.core import Msg
from render.text import words
from tests.discord_double import DiscordDouble
from tests.e2e.e2e_table import boards, open_game, open_table

SINCE = "Since your last look:"


async def test_the_round_end_draw_of_the_other_architect_waits_for_their_next_look(double: DiscordDouble,
                                                                                   tmp_path: Path) -> None:
    alice, bob = double.user("alice"), double.user("bob")
    channel = double.channel("games")
    by_id = {u.id: u for u in (alice, bob)}
    async with open_table(double, tmp_path / "piazza.sqlite3") as table:
        await open_game(double, channel, [alice, bob], "bella_vista", "Bella Vista", None)
        store = table.service.store
        for _ in range(300):
            pending = await table.service.pending(channel.id)
            mover = by_id[sorted(pending)[0]]
            res = await double.slash(mover, channel, "move", action=pending[mover.id][0])
            assert "You played" in res.original.text, res
            row = await store.games.open_in(channel.id)
            [entry] = await store.log.actions(row.id, since=row.version - 1)
            told = [e for e in entry.events if e["to"] not in (None, entry.seat)]
            if told:
                break
        else:
            raise AssertionError("no round ended")
        other = alice if mover is bob else bob
        assert {e["to"] for e in told} == {row.seat_of(other.id)}
        lines = [words(Msg.of(e)) for e in told]

        res = await double.press(other, boards(double, channel)[-1], f"piazza:turn:{row.id}")
        [view] = res.messages
        assert view.ephemeral and view.visible_to(other) and not view.visible_to(mover)
        shown = view.text.splitlines()
        assert shown[0] == SINCE and shown[1:1 + len(lines)] == lines, view.text

        res = await double.slash(other, channel, "hand")
        assert SINCE not in res.text and not any(line in res.text for line in lines)  # shown once
        record = (await double.slash(mover, channel, "log")).text

        leaked = [m for m in double.history(channel) if any(line in t for line in lines for t in m.all_texts())
                  and (not m.ephemeral or m.visible_to(mover))]
        assert not leaked, leaked
        assert not any(line in record for line in lines)
