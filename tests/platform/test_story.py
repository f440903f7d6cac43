"""The story of a game (issue 26): each position's chance of finishing first (it sums to 1, the end
gives it to the winners), the turning points are the moves that changed a chance most, the chart is
550 px wide in the seats' colours, and a six-player Leonardo game of about 300 moves is judged, with
its chart, in a worker process (its time: `python -m bot story time`)."""

import asyncio
import io

import pytest
from PIL import Image

from bot.cli.story import play
from bot.play import registry, workers
from bot.play.story import Curve, chances, judge, turning_points
from bot.store import GameRow, Seat
from render.palette import player_colour

KEYS = sorted(registry.titles())


@pytest.mark.parametrize("key", KEYS)
def test_every_position_of_a_game_is_judged_and_the_end_goes_to_the_winners(key):
    engine = registry.get(key).engine
    start, entries = play(engine, 3, engine.options_model(), 5, "random", 0.0)
    curve = judge(engine, start, entries)
    assert len(curve.chances) == len(entries) + 1 == len(curve.rounds) == len(curve.seqs)
    for point in curve.chances:
        assert len(point) == 3 and all(0.0 <= p <= 1.0 for p in point) and sum(point) == pytest.approx(1.0)
    assert curve.rounds == sorted(curve.rounds) and curve.rounds[0] >= 1
    state = start
    for e in entries:
        state = engine.apply(state, e.seat, engine.action_adapter.validate_json(e.action)).state
    winners = engine.result(state).winners
    assert curve.chances[-1] == [1 / len(winners) if s in winners else 0.0 for s in range(3)]
    assert chances(engine, start) == curve.chances[0]


def test_the_turning_points_are_the_largest_changes_told_in_the_order_played():
    curve = Curve(rounds=[1, 1, 2, 2, 3, 3], seqs=[0, 1, 2, 3, 4, 5], movers=[-1, 0, 1, 0, 1, 0],
                  chances=[[0.5, 0.5], [0.6, 0.4], [0.2, 0.8], [0.25, 0.75], [0.7, 0.3], [1.0, 0.0]])
    turns = turning_points(curve)
    assert [(t.index, t.round) for t in turns] == [(1, 1), (2, 2), (4, 3)]  # not the end's jump to 100%
    assert (turns[1].seat, turns[1].before, turns[1].after) == (0, 0.6, 0.2)  # a tie between seats: the first
    assert (turns[2].before, turns[2].after) == (0.25, 0.7)


def test_a_six_player_leonardo_game_of_about_300_moves_is_judged_and_drawn_in_a_worker():
    engine = registry.get("leonardo").engine
    options = engine.options_model(max_rounds=30)
    start, entries = play(engine, 6, options, 4, "random", 0.0)
    assert len(entries) >= 300  # (this seed's game: 326 moves)
    names = ["Anne", "Bruno", "Carla", "Dino", "Elena", "Franco"]
    row = GameRow(1, 7, 1, "leonardo", {"max_rounds": 30}, "blake2b:" + (4).to_bytes(16, "big").hex(), "finished", 11, "", None, len(entries),
                  None, seats=[Seat(s, 11 + s, n) for s, n in enumerate(names)])  # seed 4, as text
    pool = workers.Workers(1)
    try:  # how long it takes is measured by `python -m bot story time`, not asserted here
        curve, png = asyncio.run(_run(pool, row, entries))
    finally:
        pool.shutdown()
    assert len(curve.chances) == len(entries) + 1
    image = Image.open(io.BytesIO(png))
    assert image.width == 550
    colours = {c for _, c in image.convert("RGB").getcolors(1 << 20)}
    assert all(player_colour(s) in colours for s in range(6))


async def _run(pool, row, entries):
    return await pool.run(workers.story, workers.ref(registry.get("leonardo")), row, entries,
                          "Leonardo (1988): each seat's chance of finishing first", "round", "en")


def test_a_game_whose_chances_never_moved_visibly_has_no_turning_point():
    curve = Curve(rounds=[1, 1, 1, 2], seqs=[0, 1, 2, 3], movers=[-1, 0, 1, 0],
                  chances=[[0.5, 0.5], [0.502, 0.498], [0.5, 0.5], [1.0, 0.0]])
    assert turning_points(curve) == []  # and the end's jump is never one


def test_a_turning_point_tells_what_touched_its_seat_in_one_line_cut_between_words():
    from bot.play.fitting import clip_words
    from bot.play.stories import WHAT_CHARS, turn_words
    lines = ["⭐ Andrea spins the Machina de la Sorte: 7.", "⭐ Andrea pays ⚫ Carla 5 florins (toll of Ponte alla Carraia).",
             "⭐ Andrea moves 7 spaces to Via dei Serragli (16).", "⭐ Andrea pays ⚫ Carla 320 florins (rent of Via dei Serragli)."]
    # Carla's chance moved on Andrea's move: the story says what Andrea paid her, not the spin
    assert turn_words(lines, 2, 4) == " ".join(lines[i] for i in (1, 3))
    whole = " ".join(lines)
    assert turn_words(lines, 2, 2) == turn_words(lines, 2, 3) == clip_words(whole, WHAT_CHARS)  # the whole move
    long = turn_words(lines * 3, 2, 2)
    assert len(long) <= WHAT_CHARS and long.endswith("…") and (" ".join(lines * 3)).startswith(long[:-1].rstrip())
    assert long[:-1].rstrip().split()[-1] in " ".join(lines * 3).split()  # the last word shown is whole
