"""Ratings: who is strongest in a server at each title, from the final results of its finished games.

The model is OpenSkill's Plackett-Luce (Weng-Lin's Bayesian ratings for several players with ties;
the ``openskill`` package, with its defaults: mu 25, sigma 25/3). A rating is a mean ``mu`` and an
uncertainty ``sigma``; the leaderboard sorts by the conservative ``ordinal`` (mu - 3 sigma).

Who is rated in a game (docs/playing.md, "Ratings" says the same to players):

- a finished game is rated; an aborted one is not; only the final result counts (undone moves do not);
- each seat is rated for whoever holds it at the end: a person's seat handed to a bot by a vote is
  the bot's (rated as its level, ``bot:greedy``), a seat taken over by a volunteer is theirs; a
  person away (the autopilot moving for them) still holds the seat, so its result is theirs;
- each bot level is one rated player per server and title; when several seats of one game are held
  by bots of one level, each seat plays with the level's rating and the level's new rating is the
  mean of theirs (its rank: the best of its seats);
- a game with fewer than two rated players (every seat one bot level) changes nothing.

Pure functions: no store, no clock (``bot.store.ratings`` keeps the rows, ``bot.play.rating_games``
reads and writes them).
"""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import PlackettLuce

from bot.store import GameRow
from engines.core.game import Result

MODEL = PlackettLuce()
MU, SIGMA = MODEL.mu, MODEL.sigma
BOT = "bot:"  # a bot level as a rated player: "bot:greedy"


def ordinal(mu: float, sigma: float) -> float:
    """The conservative rating the leaderboard sorts by (OpenSkill's ordinal: mu - 3 sigma)."""
    return MODEL.rating(mu=mu, sigma=sigma).ordinal()


def player_of(user_id: int, bot: str | None) -> str:
    """The rated player of a seat's holder: a person by their user id, a bot by its level (a person
    away, whose seat a bot plays meanwhile, keeps their user id: their seat is still theirs)."""
    if user_id > 0:
        return str(user_id)
    return BOT + (bot or "unknown")


def is_bot(player: str) -> bool:
    return player.startswith(BOT)


@dataclass(frozen=True)
class Standing:
    """One seat's place at the end of a game: who is rated for it, and its rank (1 is first; tied
    seats share a rank)."""

    seat: int
    player: str
    name: str
    rank: int


@dataclass(frozen=True)
class Change:
    """One player's rating before and after one game."""

    player: str
    name: str
    rank: int
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float

    @property
    def delta(self) -> float:
        """How far the conservative rating moved."""
        return ordinal(self.mu_after, self.sigma_after) - ordinal(self.mu_before, self.sigma_before)


def standings(row: GameRow, result: Result) -> list[Standing]:
    """Each seat of a finished game with its holder at the end and its rank."""
    holders = {s.seat: s for s in row.seats}
    out = []
    for score in result.scores:
        held = holders.get(score.seat)
        if held is None:
            continue
        out.append(Standing(score.seat, player_of(held.user_id, held.bot), held.name, score.rank))
    return sorted(out, key=lambda s: s.seat)


def rate(places: list[Standing], prior: dict[str, tuple[float, float]]) -> list[Change]:
    """The rating changes of one game: ``prior`` is each player's (mu, sigma) before it (absent: new
    to this title in this server). One change per player, in order of first seat; none if fewer
    than two players are rated."""
    players = list(dict.fromkeys(s.player for s in places))
    if len(players) < 2:
        return []
    before = {p: prior.get(p, (MU, SIGMA)) for p in players}
    teams = [[MODEL.rating(mu=before[s.player][0], sigma=before[s.player][1])] for s in places]
    rated = MODEL.rate(teams, ranks=[float(s.rank) for s in places])
    after: dict[str, list[tuple[float, float]]] = {p: [] for p in players}
    for s, team in zip(places, rated, strict=True):
        after[s.player].append((team[0].mu, team[0].sigma))
    changes = []
    for p in players:
        seats = [s for s in places if s.player == p]
        mus, sigmas = zip(*after[p], strict=True)
        changes.append(Change(p, seats[0].name, min(s.rank for s in seats), before[p][0], before[p][1],
                              sum(mus) / len(mus), sum(sigmas) / len(sigmas)))
    return changes
