"""Positions rebuilt from what a seat sees, for the agents' ``sample_state``.

Nothing is hidden in this game and the rules draw nothing, so a view holds the whole
position but the generator: the rebuilt state is the position itself. An agent samples
the same view hundreds of times per decision, so the last view rebuilt is remembered
(by identity, checked against the parts of the view an action changes) and each
sample is a copy of it.
"""

from __future__ import annotations

from engines.core.rng import Rng
from engines.torri.board import layout
from engines.torri.model import Options, State, View, tower_letters

_last: tuple[View, tuple, State] | None = None


def _moves_made(view: View) -> tuple:
    """What every action changes (the turn or the set-up seat, where the builders stand,
    the pieces left to place) and what the rest of a move may change (the gold, the
    bank): a view changed in place after it was rebuilt is rebuilt again."""
    return (view.phase, view.turn, tuple(view.to_act), tuple(view.builders), tuple(view.simple_left),
            tuple(view.battlements_left), tuple(view.gold), view.bank)


def rebuild(view: View) -> State:
    """The position a view shows (with a generator of its own: the caller replaces it).
    The options' shape is the wall's name even where the game was opened with the
    default, ""; nothing the rules read differs."""
    global _last
    last = _last  # (read once: another thread may replace it)
    if last is not None and last[0] is view and last[1] == _moves_made(view):
        return last[2]
    lay = layout(view.shape, view.seats)
    if view.phase == "setup":
        setup_seat = view.to_act[0]
    else:  # the set-up is over (or was skipped: one central tower)
        setup_seat = view.seats if len(lay.centrals) > 1 else 0
    state = State(
        seats=view.seats,
        options=Options(shape=view.shape, squared_runs=view.squared_runs, max_rounds=view.max_rounds),
        shape=view.shape,
        towers={sq: tower_letters(t) for sq, t in view.towers.items()},
        builders=list(view.builders),
        gold=list(view.gold),
        bank=view.bank,
        simple_left=list(view.simple_left),
        battlements_left=list(view.battlements_left),
        phase=view.phase,
        setup_seat=setup_seat,
        turn=view.turn,
        end_turn=view.end_turn,
        triggered_by=view.triggered_by,
        last_move=list(view.last_move),
        last_events=list(view.last_events),
        rng=Rng.from_seed(0),
    )
    _last = (view, _moves_made(view), state)
    return state


def sample(view: View, rng: Rng) -> State:
    """A copy of the rebuilt position with a fresh generator drawn from ``rng``."""
    state = rebuild(view).model_copy(deep=True)
    state.rng = Rng.from_seed(rng.next_u64())
    return state
