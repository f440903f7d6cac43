"""Time left as a player would say it (issue 22.8): from 2 h on, the nearest whole hour (a 10 h
clock's first board says 10 h even a second later; a half-time reminder with 4 h 58 min says 5 h);
below 2 h, the nearest minute; never less than a minute until time is up."""

from datetime import datetime, timedelta

import pytest

from bot.play.clock import time_left

NOW = datetime(2026, 12, 2, 12, 0)


@pytest.mark.parametrize("left,words", [
    (timedelta(hours=10) - timedelta(seconds=1), "10 h left"),  # a 10 h clock's first board
    (timedelta(hours=4, minutes=58), "5 h left"),  # the half-time reminder of a 10 h clock
    (timedelta(hours=4, minutes=30), "5 h left"),  # a half rounds up
    (timedelta(hours=4, minutes=29, seconds=59), "4 h left"),
    (timedelta(hours=2, minutes=1), "2 h left"),
    (timedelta(hours=2), "2 h left"),
    (timedelta(hours=1, minutes=59, seconds=45), "2 h left"),  # 120 min to the nearest minute
    (timedelta(hours=1, minutes=59), "1 h 59 min left"),
    (timedelta(hours=1, minutes=1), "1 h 1 min left"),
    (timedelta(hours=1), "1 h left"),
    (timedelta(minutes=59, seconds=40), "1 h left"),
    (timedelta(minutes=59), "59 min left"),
    (timedelta(minutes=1, seconds=29), "1 min left"),
    (timedelta(seconds=59), "1 min left"),
    (timedelta(seconds=1), "1 min left"),  # not yet up: at least a minute
    (timedelta(0), "time is up"),
    (-timedelta(minutes=5), "time is up"),
    (timedelta(hours=2160), "2160 h left"),  # the longest clock
])
def test_time_left_at_the_boundaries(left, words):
    assert time_left(NOW + left, NOW, "en") == words


@pytest.mark.parametrize("lang,words", [("pt-BR", "tempo restante: 1 h 59 min"), ("it", "ancora 1 h 59 min")])
def test_hours_and_minutes_in_every_language(lang, words):
    assert time_left(NOW + timedelta(hours=1, minutes=59), NOW, lang) == words
