"""Shared helpers for the Torri tests: a state built from a described position."""

from __future__ import annotations

from engines.torri import Torri, TorriOptions
from engines.torri.model import BATTLEMENT_LETTERS, BATTLEMENT_PIECES, LETTERS, SIMPLE_PIECES

GAME = Torri()


def position(players=3, towers=None, builders=None, gold=None, turn=0, bank=None, **options):
    """A playing state: `towers` maps squares to pieces bottom-up (central towers keep
    their neutral base 'n' unless overridden); pieces left are counted from the board."""
    state = GAME.new_game(players, TorriOptions(**options), 0)
    state.towers.update(towers or {})
    state.builders = list(builders) if builders else list(state.builders)
    state.gold = list(gold) if gold else [0] * players
    state.bank = 50 - sum(state.gold) if bank is None else bank
    state.phase = "play"
    state.turn = turn
    for s in range(players):
        on_board = "".join(state.towers.values())
        state.simple_left[s] = SIMPLE_PIECES - on_board.count(LETTERS[s])
        state.battlements_left[s] = BATTLEMENT_PIECES[players] - on_board.count(BATTLEMENT_LETTERS[s])
    return state


def act(state, text, seat=None):
    """Parse and apply one chat move for the seat to move; returns (new state, events)."""
    seat = state.turn % state.players if seat is None else seat
    return GAME.apply(state, seat, GAME.parse_action(state, seat, text))
