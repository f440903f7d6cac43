"""An action whose public events show a value that was face-down or sealed reports it as
revealed (``Applied.revealed``), so the bot refuses to undo it (issue 22, item 6). Each title
lists the events that always show such a value; along random games every action with one of
them among its public events is flagged. (Le Torri di Bologna hides nothing.)"""

from __future__ import annotations

import pytest

from engines.bella_vista import BellaVista
from engines.core.rng import Rng
from engines.leonardo import Leonardo
from engines.torri import Torri

SHOWING = {
    # a construction card turned face-up as it is built or set aside
    "bella_vista": {"bv.event.built", "bv.event.built_forced", "bv.event.set_aside"},
    # every round of sealed decisions opened: the factions, the bids, the bets, the rescue answers
    "leonardo": {"leo.event.factions", "leo.event.auction_won", "leo.event.all_passed", "leo.event.market_result",
                 "leo.event.rescued", "leo.event.nobody_rescues"},
}
TABLES = [(BellaVista(), 4, 3), (BellaVista(), 2, 3), (Leonardo(), 3, 12), (Leonardo(), 4, 12)]


@pytest.mark.parametrize("game,seats,games", TABLES, ids=[f"{g.key}-{n}p" for g, n, _ in TABLES])
def test_every_action_that_shows_a_hidden_value_is_flagged_revealed(game, seats, games):
    options = game.options_model(corporations=True) if game.key == "leonardo" and seats >= 4 else game.options_model()
    shown = {key: 0 for key in SHOWING[game.key]}
    for seed in range(1, games + 1):
        state = game.new_game(seats, options, seed)
        rng = Rng.from_seed(seed)
        for _ in range(100_000):
            if game.result(state) is not None:
                break
            seat = sorted(game.to_act(state))[0]
            legal = game.legal_actions(state, seat)
            applied = game.apply(state, seat, legal[rng.below(len(legal))])
            keys = {e.key for e in applied.events if e.to is None} & SHOWING[game.key]
            for key in keys:
                shown[key] += 1
            assert applied.revealed or not keys, (seed, keys)
            state = applied.state
    met = {"bv.event.built"} if game.key == "bella_vista" else {"leo.event.factions", "leo.event.auction_won",
                                                                 "leo.event.market_result"}
    assert all(shown[key] for key in met), shown  # the games met the common ones


def test_torri_hides_nothing():
    assert not Torri.traits.hidden_information and Torri().secrets(Torri().new_game(2, Torri.options_model(), 1)) == {}
