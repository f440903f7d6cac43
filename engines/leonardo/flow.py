"""Leonardo's turn flow as one table, in the manner of h11's ``_state.py``.

``PHASES``: for each phase of the game, who owes a decision, the legal actions, and the
actions it accepts, each with its handler (``play.py``), the condition under which it is
accepted and the check of what it says (``rules.py``). An action the phase does not accept
now is refused in one place (``rules.not_now``).

``STEPS``: the automatic steps of a turn (the marker moving, arriving, the space taking
effect, an auction or a market opened, the meetings at the end of the turn, the next turn).
A handler or a step returns its events and the step that comes next (``steps.py``), or None
when a decision is owed: ``run`` carries on from the table until then. The table says, as
data, which steps may come after each action and each step, and ``run`` holds them to it.

The step modules (movement, landing, auctions, markets, meetings, turns...) never call one
another's steps, so none depends on another in a circle: only this table knows them all.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache

from engines.core.game import Event
from engines.core.messages import Msg
from engines.leonardo import auctions, landing, markets, meetings, movement, play, rules, steps, turns
from engines.leonardo.model import Phase as PhaseName
from engines.leonardo.model import State
from engines.leonardo.notation import notation
from engines.leonardo.steps import Outcome, StepName, Then

Handler = Callable[[State, int, object], Outcome]
Check = Callable[[State, int, object], bool]


Next = tuple[StepName | None, ...]  # the steps that may come next; None: a decision is owed


@dataclass(frozen=True)
class Move:
    """An action a phase accepts: its handler and what may come ``next``; ``when`` it is
    accepted (None: always); the ``check`` of what it says (True: legal; it raises the
    reason; False: refused as not accepted now)."""

    handler: Handler
    next: Next
    when: Callable[[State], bool] | None = None
    check: Check | None = None


@dataclass(frozen=True)
class Phase:
    """Who decides in a phase, their legal actions, and the actions it accepts by kind."""

    deciders: Callable[[State], frozenset[int]]
    legal: Callable[[State, int], list]
    moves: Mapping[str, Move] = field(default_factory=dict)


@dataclass(frozen=True)
class Stage:
    """An automatic step of the turn: what it does, and what may come ``next``."""

    run: Callable[[State, int], Outcome]
    next: Next


@cache
def _alone(seat: int) -> frozenset[int]:
    return frozenset({seat})


def _leader(state: State) -> frozenset[int]:
    """The current firm's leader alone decides."""
    return _alone(state.order[state.slot])


def _undeclared(state: State) -> frozenset[int]:
    return frozenset(s for s in range(state.seats) if s not in state.declared)


def _bidders(state: State) -> frozenset[int]:
    if state.auction is None:
        return _leader(state)
    return frozenset(s for s in state.auction.bidders if s not in state.auction.bids)


def _bettors(state: State) -> frozenset[int]:
    if state.market is None:
        return _leader(state)
    return frozenset(s for s in state.market.bettors if s not in state.market.bets)


def _holder(state: State) -> frozenset[int]:
    if state.office is None:
        return _leader(state)
    return frozenset({state.office.holder})


def _awaited(state: State) -> frozenset[int]:
    if state.merge is None:
        return _leader(state)
    return frozenset(state.merge.awaiting)


def _rescuers(state: State) -> frozenset[int]:
    if state.rescue is None:
        return _leader(state)
    return frozenset(r for r in state.rescue.rescuers if r not in state.rescue.answers)


def _nobody(state: State) -> frozenset[int]:
    return frozenset()


def _art_left_to_buy(state: State) -> bool:
    return not state.art_bought  # works of art once a turn, before the spin


def _may_propose(state: State) -> bool:
    return state.options.corporations and not state.proposed  # the variant, once a turn


WAIT = None  # in a ``next``: a decision is owed

PHASES: dict[PhaseName, Phase] = {
    "factions": Phase(_undeclared, rules.legal_declares, {
        "declare": Move(play.declare, (WAIT, "start_turn")),
    }),
    "start": Phase(_leader, rules.legal_start, {
        "art": Move(play.buy_art, (WAIT,), when=_art_left_to_buy, check=rules.check_art),
        "spin": Move(play.spin, (WAIT, "move")),  # a corporation's differing spins: it chooses
        "join": Move(play.join, (WAIT,), when=_may_propose, check=rules.check_join),
    }),
    "place": Phase(_leader, rules.legal_places, {
        "place": Move(play.place, (WAIT,), check=rules.check_place),
    }),
    "choose": Phase(_leader, rules.legal_choices, {
        "move": Move(play.choose, ("move",), check=rules.check_choice),
    }),
    "buy": Phase(_leader, rules.legal_buy, {
        "buy": Move(play.buy, ("finish",)),
        "decline": Move(play.decline, ("auction",)),
    }),
    "auction": Phase(_bidders, rules.legal_bids, {  # the last bid opens them all
        "bid": Move(play.bid, (WAIT, "finish"), check=rules.check_amount),
        "pass": Move(play.bid, (WAIT, "finish")),
    }),
    "market": Phase(_bettors, rules.legal_bets, {  # no pass on a market (RULINGS 26)
        "bet": Move(play.bet, (WAIT, "finish"), check=rules.check_amount),
    }),
    "office": Phase(_holder, rules.legal_office, {
        "office": Move(play.use_office, ("land",), check=rules.check_office),
    }),
    "merge": Phase(_awaited, rules.legal_answers, {
        "accept": Move(play.answer_join, (WAIT, "end_if_alone")),
        "refuse": Move(play.answer_join, (WAIT,)),
    }),
    "rescue": Phase(_rescuers, rules.legal_rescue, {  # the last answer resumes the turn
        "rescue": Move(play.answer_rescue, (WAIT, "finish", "next_turn")),
        "pass": Move(play.answer_rescue, (WAIT, "finish", "next_turn")),
    }),
    "over": Phase(_nobody, rules.nothing),
}

STEPS: dict[StepName, Stage] = {
    "start_turn": Stage(turns.start_turn, (WAIT,)),
    # it stays on Piazza Maggiore (no meeting), or an unpaid toll ends the turn or waits for a rescue
    "move": Stage(movement.go, (WAIT, "arrive", "finish", "next_turn")),
    "arrive": Stage(movement.arrive, (WAIT, "land")),  # an office holder decides first
    "land": Stage(landing.land, (WAIT, "auction", "market", "finish")),
    "auction": Stage(auctions.start, (WAIT, "finish")),
    "market": Stage(markets.start, (WAIT, "finish")),
    "finish": Stage(meetings.finish, (WAIT, "next_turn")),  # a tribute may wait for a rescue
    "next_turn": Stage(turns.next_turn, (WAIT, "start_turn")),
    "end_if_alone": Stage(turns.alone, (WAIT,)),
}


def to_act(state: State) -> frozenset[int]:
    """The seats that owe a decision in this phase."""
    return PHASES[state.phase].deciders(state)


def legal(state: State, seat: int) -> list:
    """Every legal action of a seat that owes a decision (the core's gate checked it). The
    actions are frozen and shared between calls."""
    return PHASES[state.phase].legal(state, seat)


def check(state: State, seat: int, action) -> None:
    """Raise IllegalAction, with a reason and what is allowed, unless ``action`` is legal now.
    Every message quotes the move."""
    move = PHASES[state.phase].moves.get(action.kind)
    if move is not None and (move.when is None or move.when(state)):
        if move.check is None or move.check(state, seat, action):
            return
    raise rules.not_now(state, seat, action, allowed_words(state, seat))


def allowed_words(state: State, seat: int) -> list[str] | Msg:
    """The first words of the seat's legal moves (language-neutral notation)."""
    words = sorted({notation(state, a).split()[0] for a in legal(state, seat)})
    return words or Msg("leo.term.nothing_owed")


def apply(state: State, seat: int, action) -> list[Event]:
    """Play a checked action: its phase's handler, then the steps that follow, until a
    decision is owed or the game is over."""
    move = PHASES[state.phase].moves[action.kind]
    events, then = move.handler(state, seat, action)
    return run(state, _checked(then, move.next, action.kind), events)


def run(state: State, then: Then, events: list[Event] | None = None) -> list[Event]:
    """Carry on from step ``then`` until a decision is owed; ``events`` so far come first."""
    out = [] if events is None else events
    while then is not None:
        stage = STEPS[then.name]
        more, after = stage.run(state, then.number)
        out += more
        then = _checked(after, stage.next, then.name)
    return out


def _checked(then: Then, allowed: Next, after: str) -> Then:
    """``then``, if the table says it may follow ``after``."""
    if (None if then is None else then.name) not in allowed:
        raise AssertionError(f"{then} after {after}: the turn flow's table allows only {allowed}")
    return then


def move(state: State, spaces: int) -> list[Event]:
    """The current marker moves ``spaces`` spaces, and the turn goes on from there (the
    greedy agent's look at each number of the machine, ``foresight.py``)."""
    return run(state, steps.move(spaces))


def close_auction(state: State) -> list[Event]:
    """Every bid is in: the auction is settled and the turn goes on."""
    events, then = auctions.close(state)
    return run(state, _checked(then, ("finish",), "close_auction"), events)
