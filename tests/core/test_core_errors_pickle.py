"""A refusal crosses a process boundary whole: rules run in worker processes (``bot.play.workers``),
and what a worker raises comes back pickled. Its key and parameters must survive, nested messages too."""

from __future__ import annotations

import pickle

import pytest

from bot.play.options import OptionError
from engines.core import GameOver, IllegalAction, Msg, NotYourTurn, RuleError, UnknownAction


@pytest.mark.parametrize("cls", [RuleError, IllegalAction, NotYourTurn, GameOver, UnknownAction, OptionError])
def test_a_rule_error_round_trips_through_pickle_with_its_key_and_params(cls):
    error = cls("core.not_your_turn", waiting=[1, 2], why=Msg("tr.no_room", tower=3))
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is cls
    assert back.msg == Msg("core.not_your_turn", waiting=[1, 2], why=Msg("tr.no_room", tower=3))
    assert str(back) == str(error)


def test_a_rule_error_made_from_a_message_round_trips_too():
    error = IllegalAction(Msg("bv.no_coins", coins=0))
    back = pickle.loads(pickle.dumps(error))
    assert back.msg == error.msg and back.msg.params == {"coins": 0}
