"""Hints: ``hints=yes`` at /new lets a player ask /hint for the greedy player's choice, privately, with its
reason in one line; off by default; a title without the agents' hooks has none yet."""

from __future__ import annotations

import logging

import pytest

from bot.play import registry
from bot.play.bots import budget_from_env, has_hooks
from bot.play.service import GameService, Refusal
from tests.platform.bot_titles import SECRET, BrokenTorri, PlainTorri, register
from tests.platform.platform_helpers import ANNE, BRUNO, SOFIA

HOOKED = [key for key, title in registry.titles().items() if has_hooks(title.engine)]
NO_HOOKED_TITLE = pytest.mark.skip(reason="no title has the agents' hooks (sample_state, evaluate) on this branch yet")


async def refused(service, call) -> str:
    before = await service.store.games.open_in(1)
    with pytest.raises(Refusal) as exc:
        await call
    assert await service.store.games.open_in(1) == before
    return str(exc.value)


async def test_hints_cannot_be_asked_of_a_title_without_hooks(service, monkeypatch):
    register(monkeypatch, "plain_torri", PlainTorri)
    why = await refused(service, service.create(7, 1, ANNE, "plain_torri", "hints=yes"))
    assert why == "Hints are not available for Le Torri di Bologna yet."
    await service.create(7, 1, ANNE, "plain_torri", "hints=no")
    await service.join(1, BRUNO)
    await service.start(1, ANNE, seed=1)
    assert await refused(service, service.hint(1, ANNE)) == "Hints are not available for Le Torri di Bologna yet."
    assert "hints" not in service.help_text("plain_torri")


async def test_hints_are_yes_or_no_and_off_by_default(service, monkeypatch):
    register(monkeypatch, "broken_torri", BrokenTorri)
    why = await refused(service, service.create(7, 1, ANNE, "broken_torri", "hints=maybe"))
    assert why == "Option `hints=maybe` is not valid for Le Torri di Bologna: write `yes` or `no`."
    await service.create(7, 1, ANNE, "broken_torri")
    await service.join(1, BRUNO)
    await service.start(1, ANNE, seed=1)
    why = await refused(service, service.hint(1, ANNE))
    assert why == "Hints are off in this game; to have them, open the next game with `hints=yes` in its options."
    assert "`hints` (default `no`)" in service.help_text("broken_torri")


async def test_who_may_ask_and_when(service, monkeypatch, caplog):
    register(monkeypatch, "broken_torri", BrokenTorri)
    caplog.set_level(logging.WARNING, logger="piazza")
    post = await service.create(7, 1, ANNE, "broken_torri", "hints=yes")
    assert "Options: hints=yes." in post.public_text
    await service.join(1, BRUNO)
    await service.start(1, ANNE, seed=1)
    assert "not playing" in await refused(service, service.hint(1, SOFIA))
    [waiting] = await service.pending(1)
    idle = BRUNO if waiting == ANNE.id else ANNE
    assert "It is not your turn" in await refused(service, service.hint(1, idle))
    asker = ANNE if waiting == ANNE.id else BRUNO
    # this title's agents fail: the player is told so, the log says why without what the agent said
    why = await refused(service, service.hint(1, asker))
    assert why == "No hint this time: the hint engine could not decide. Try again in a moment."
    [warning] = [r.getMessage() for r in caplog.records if r.name == "piazza"]
    assert warning.endswith(f"no hint for seat {1 + (asker is BRUNO)}: its agent raised RuntimeError")
    assert SECRET not in caplog.text


@pytest.mark.parametrize("key", HOOKED or [pytest.param("none", marks=NO_HOOKED_TITLE)])
async def test_a_hint_is_a_legal_move_and_its_reason_privately(store, key):
    service = GameService(store, bot_budget=0.2)
    await service.create(7, 1, ANNE, key, "hints=yes")
    await service.join(1, BRUNO)
    await service.start(1, ANNE, seed=3)
    pending = await service.pending(1)
    asker = ANNE if ANNE.id in pending else BRUNO
    before = await store.games.open_in(1)
    post = await service.hint(1, asker)
    assert post.public_text is None and post.board_image is None and not post.mentions
    first, _, rest = post.private_text.partition("`")
    move, _, reason = rest.partition("`")
    assert first == "Suggested move: " and move in pending[asker.id]
    assert "\n" not in post.private_text and reason.startswith(" — ") and len(reason) > 5  # always a reason (issue 28)
    assert await store.games.open_in(1) == before  # a hint changes nothing


def test_the_thinking_budget_comes_from_the_environment():
    assert budget_from_env({}) == 1.0
    assert budget_from_env({"PIAZZA_BOT_BUDGET_MS": "250"}) == 0.25
    for bad in ("0", "-5", "1.5", "lots", "600001"):
        with pytest.raises(ValueError, match="PIAZZA_BOT_BUDGET_MS must be a whole number of milliseconds"):
            budget_from_env({"PIAZZA_BOT_BUDGET_MS": bad})
