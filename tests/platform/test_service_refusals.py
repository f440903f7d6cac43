"""Refusals at /new and /abort: options checked when the game is opened, dates kept to a sensible
window, input quoted on one short line, and abort kept for whoever may still abort."""

from datetime import UTC, datetime

import pytest

from bot.play.service import GameService, Refusal
from tests.platform.platform_helpers import ANDREA, ANNE, BRUNO, seated_game

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


@pytest.fixture
def dated(store):
    return GameService(store, clock=lambda: NOW)


async def refused(call) -> str:
    with pytest.raises(Refusal) as exc:
        await call
    return str(exc.value)


@pytest.mark.parametrize("deadline", ["9999-12-31T23:59-23:59", "9999-12-31", "2028-12-01"])
async def test_a_deadline_more_than_two_years_ahead_is_refused(dated, deadline):
    why = await refused(dated.create(7, 1, ANNE, "leonardo", f"deadline={deadline}"))
    assert "too far ahead" in why and "2028-11-28" in why  # the latest date it would take
    assert await dated.store.games.open_in(1) is None


async def test_a_deadline_within_two_years_is_taken(dated):
    post = await dated.create(7, 1, ANNE, "leonardo", "deadline=2028-11-27T18:00")
    assert "It ends on 2028-11-27 18:00 UTC" in post.public_text


@pytest.mark.parametrize("options", [
    "layout=" + "x" * 10_000,                  # a 10 KB value
    "x" * 10_000,                              # a 10 KB word that is not name=value
    "colour" + "x" * 10_000 + "=red",          # a 10 KB unknown option
    "deadline=" + "2026-" * 2_000,             # a 10 KB date
    "deadline=\n2026-12-01\nx\ty" + "z" * 500,  # several lines
])
async def test_refusals_quote_at_most_sixty_characters_of_input_on_one_line(dated, options):
    key = "leonardo" if options.startswith("deadline") else "bella_vista"
    why = await refused(dated.create(7, 1, ANNE, key, options))
    assert "\n" not in why and len(why) < 260, why
    assert await dated.store.games.open_in(1) is None


async def test_an_unknown_torri_shape_is_refused_at_new_with_the_shapes(service):
    why = await refused(service.create(7, 1, ANNE, "torri", "shape=hexagon"))
    assert "no wall shape" in why and all(s in why for s in ("small", "medium", "large", "far", "bend"))
    assert await service.store.games.open_in(1) is None


async def test_a_shape_that_does_not_suit_the_player_count_is_refused_at_start(service):
    post = await service.create(7, 1, ANNE, "torri", "shape=Small")  # a known shape, any case
    assert "shape=small" in post.public_text
    await service.join(1, BRUNO)
    await service.join(1, ANDREA)
    why = await refused(service.start(1, ANNE))
    assert "`small` shape has only one central tower" in why and "3 players" in why
    await service.leave(1, ANDREA)
    assert (await service.start(1, ANNE, seed=2)).version == 0  # two builders can use it


async def test_the_opener_who_left_the_lobby_can_no_longer_abort(service):
    await service.create(7, 1, ANNE, "bella_vista")
    await service.join(1, BRUNO)
    await service.join(1, ANDREA)
    await service.leave(1, ANNE)
    why = await refused(service.abort(1, ANNE))
    assert "Only the player who opened the game (while still seated)" in why
    await service.start(1, BRUNO, seed=1)
    await refused(service.abort(1, ANNE))  # nor the running game
    assert (await service.store.games.open_in(1)).status == "active"
    await service.abort(1, ANDREA, is_manager=True)
    assert await service.store.games.open_in(1) is None


async def test_the_seated_opener_can_abort(service):
    await seated_game(service)
    await service.abort(1, ANNE)
    assert await service.store.games.open_in(1) is None


async def test_the_opening_line_echoes_options_as_they_are_typed(service):
    """A yes/no option reads back as typed at /new (squared_runs=yes), never Python's True."""
    post = await service.create(7, 1, ANNE, "torri", "squared_runs=yes shape=far")
    assert "squared_runs=yes" in post.public_text and "shape=far" in post.public_text
    assert "True" not in post.public_text
