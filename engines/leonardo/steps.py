"""What comes next in a turn, as data: a handler of a decision, or an automatic step of the
turn, returns its events and the step that follows (``Then``), and the turn flow
(``flow.py``) runs that step from its table. None means a decision is owed now: the phase
says whose and which. No module of the turn calls another module's step itself, so they
do not depend on each other in a circle."""

from __future__ import annotations

from typing import Literal, NamedTuple

from engines.core.game import Event

StepName = Literal["start_turn", "move", "arrive", "land", "auction", "market", "finish", "next_turn",
                   "end_if_alone"]


class Step(NamedTuple):
    """An automatic step of the turn; ``number`` is what it is about (the spaces to move,
    the space arrived on, landed on, auctioned, or the market's space), 0 if nothing."""

    name: StepName
    number: int = 0


Then = Step | None  # None: a decision is owed (the phase says whose and which)
Outcome = tuple[list[Event], Then]

START_TURN = Step("start_turn")  # the next firm's turn begins (phase ``start``)
FINISH = Step("finish")  # the turn's last operations: the meetings, then the next turn
NEXT_TURN = Step("next_turn")  # the end of the game if one firm is left, else the next turn
END_IF_ALONE = Step("end_if_alone")  # the end of the game if one firm is left, else the turn goes on


def move(steps: int) -> Step:
    return Step("move", steps)


def arrive(number: int) -> Step:
    return Step("arrive", number)


def land(number: int) -> Step:
    return Step("land", number)


def auction(number: int) -> Step:
    return Step("auction", number)


def market(number: int) -> Step:
    return Step("market", number)
