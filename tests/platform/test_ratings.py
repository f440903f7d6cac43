"""Ratings (issue 26): the changes of one game are OpenSkill's own Plackett-Luce results (checked
against figures worked out once and written here, so a change of model or library shows), one row
per player, bots rated per level, and nothing rated without two players."""

import pytest
from openskill.models import PlackettLuce

from bot.play.ratings import MU, SIGMA, Standing, ordinal, player_of, rate, standings
from bot.store import GameRow, Seat
from engines.core.game import FinalScore, Result


def places(*ranked: tuple[str, int]) -> list[Standing]:
    return [Standing(seat, player, player.title(), rank) for seat, (player, rank) in enumerate(ranked)]


def test_three_new_players_one_winner_two_tied_second():
    changes = rate(places(("ann", 1), ("bruno", 2), ("carla", 2)), {})
    after = {c.player: (round(c.mu_after, 6), round(c.sigma_after, 6)) for c in changes}
    # worked out with openskill 6.2 PlackettLuce(): the winner gains what the two tied seats share
    assert after == {"ann": (27.869049, 8.205243), "bruno": (23.565476, 8.058224), "carla": (23.565476, 8.058224)}
    assert all((c.mu_before, c.sigma_before) == (MU, SIGMA) for c in changes)
    assert [c.rank for c in changes] == [1, 2, 2]
    assert changes[0].delta > 0 > changes[1].delta == changes[2].delta


def test_four_players_with_history_and_a_tie_match_openskill():
    prior = {"ann": (30.0, 5.0), "carla": (20.0, 7.0), "dino": (27.0, 3.0)}  # bruno is new
    changes = rate(places(("ann", 2), ("bruno", 1), ("carla", 2), ("dino", 4)), prior)
    after = {c.player: (round(c.mu_after, 6), round(c.sigma_after, 6)) for c in changes}
    assert after == {"ann": (29.566905, 4.956459), "bruno": (28.567079, 8.201594),
                     "carla": (20.370499, 6.886593), "dino": (26.625294, 2.995947)}
    model = PlackettLuce()  # and the same as the library's own call, to the last digit
    own = model.rate([[model.rating(mu=30, sigma=5)], [model.rating()], [model.rating(mu=20, sigma=7)],
                      [model.rating(mu=27, sigma=3)]], ranks=[2, 1, 2, 4])
    assert [(c.mu_after, c.sigma_after) for c in changes] == [(t[0].mu, t[0].sigma) for t in own]


def test_a_bot_level_in_two_seats_is_one_player_with_the_mean_of_its_seats():
    changes = rate(places(("ann", 2), ("bot:greedy", 1), ("bot:greedy", 3)), {"bot:greedy": (26.0, 6.0)})
    assert [c.player for c in changes] == ["ann", "bot:greedy"]
    model = PlackettLuce()
    own = model.rate([[model.rating()], [model.rating(mu=26, sigma=6)], [model.rating(mu=26, sigma=6)]],
                     ranks=[2, 1, 3])
    bot = changes[1]
    assert bot.rank == 1 and (bot.mu_before, bot.sigma_before) == (26.0, 6.0)
    assert bot.mu_after == pytest.approx((own[1][0].mu + own[2][0].mu) / 2)
    assert bot.sigma_after == pytest.approx((own[1][0].sigma + own[2][0].sigma) / 2)


def test_a_game_of_one_rated_player_changes_nothing():
    assert rate(places(("bot:random", 1), ("bot:random", 2)), {}) == []


def test_each_seat_is_rated_for_whoever_holds_it_at_the_end():
    row = GameRow(1, 7, 1, "bella_vista", {}, "splitmix64:1", "finished", 11, "", None, 9, None, seats=[
        Seat(0, 11, "Anne"),  # a person
        Seat(1, 12, "Bruno", bot="greedy"),  # away: the autopilot plays for Bruno, still his seat
        Seat(2, -1, "Greedy bot", bot="greedy"),  # handed to a bot by a vote: the level's
    ])
    result = Result(scores=[FinalScore(seat=1, total=30, breakdown={}, rank=1),
                            FinalScore(seat=0, total=20, breakdown={}, rank=2),
                            FinalScore(seat=2, total=20, breakdown={}, rank=2)], winners=[1])
    assert standings(row, result) == [Standing(0, "11", "Anne", 2), Standing(1, "12", "Bruno", 1),
                                      Standing(2, "bot:greedy", "Greedy bot", 2)]
    assert player_of(-3, None) == "bot:unknown"


def test_ordinal_is_the_conservative_mean_minus_three_sigmas():
    assert ordinal(MU, SIGMA) == pytest.approx(0.0)
    assert ordinal(30.0, 2.0) == pytest.approx(24.0)
