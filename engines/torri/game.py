"""Le Torri di Bologna: the Game contract (set-up, turns, views, words as messages)."""

from __future__ import annotations

from typing import cast

from engines.core.errors import IllegalAction, RuleError
from engines.core.game import Choice, Event, Game, Result, Traits, event
from engines.core.messages import Msg
from engines.core.rng import Rng
from engines.torri import board
from engines.torri.board import ASINELLI, Layout, default_shape, layout, shape_names, shapes
from engines.torri.building import central_height, height_limit
from engines.torri.draw import draw_move
from engines.torri.evaluation import evaluate, hint
from engines.torri.glosses import move_choices, setup_choices
from engines.torri.model import (
    BANK_GOLD,
    BATTLEMENT_PIECES,
    NEUTRAL_BASE,
    SIMPLE_PIECES,
    STARTING_GOLD,
    Move,
    Options,
    Pass,
    Start,
    State,
    View,
    action_adapter,
    tower_view,
)
from engines.torri.notation import format_action, move_text, parse
from engines.torri.sampling import rebuild, sample
from engines.torri.scoring import breakdown, final_result
from engines.torri.turns import legal_move_list, legal_moves, next_turn, play_move

Action = Move | Start | Pass


def public_msgs(events: list[Event]) -> list[Msg]:
    """What everyone may read of an action's events (all of this game's events are public)."""
    return [e.msg for e in events if e.to is None]


class Torri(Game[State, Action, View, Options]):
    key = "torri"
    title = "Le Torri di Bologna"
    prefix = "torri"
    min_players = 2
    max_players = 4
    traits = Traits(hidden_information=False, simultaneous=False, chance=False, deadline=False)
    options_model = Options
    state_model = State
    view_model = View
    action_adapter = action_adapter

    def load_data(self) -> None:
        board.load_data(range(self.min_players, self.max_players + 1))

    # --- set-up -------------------------------------------------------------
    def check_options(self, options: Options) -> None:
        if options.shape and options.shape not in shapes().shapes:
            raise RuleError("torri.error.unknown_shape", shape=options.shape, shapes=shape_names())

    def check_players(self, seats: int, options: Options) -> None:
        super().check_players(seats, options)
        shape = options.shape or default_shape(seats)
        if seats > 2 and len(layout(shape, seats).centrals) < 2:
            raise RuleError("torri.error.one_central", shape=shape, seats=seats)

    def _new_game(self, seats: int, options: Options, rng: Rng) -> State:
        shape = options.shape or default_shape(seats)
        lay = layout(shape, seats)
        gold = [STARTING_GOLD[s] for s in range(seats)]
        state = State(
            seats=seats,
            options=options,
            shape=shape,
            towers={sq: NEUTRAL_BASE for sq in sorted(lay.centrals, key=lay.centrals.__getitem__)},
            builders=[None] * seats,
            gold=gold,
            bank=BANK_GOLD - sum(gold),
            simple_left=[SIMPLE_PIECES] * seats,
            battlements_left=[BATTLEMENT_PIECES[seats]] * seats,
            phase="setup",
            rng=rng,
        )
        if len(lay.centrals) == 1:  # one central tower: every builder starts on it
            state.builders = [lay.central_square(ASINELLI)] * seats
            state.phase = "play"
        return state

    def layout(self, state: State) -> Layout:
        return layout(state.shape, state.seats)

    # --- whose decision -----------------------------------------------------
    def to_act(self, state: State) -> frozenset[int]:
        if state.phase == "setup":
            return frozenset({state.setup_seat})
        if state.phase == "play":
            return frozenset({state.turn % state.seats})
        return frozenset()

    def _legal_actions(self, state: State, seat: int) -> list[Action]:
        lay = self.layout(state)
        if state.phase == "setup":
            return [Start(tower=t) for t in sorted(lay.centrals.values())]
        # the list is a fresh one the caller owns: it holds Moves, an Action each
        return cast("list[Action]", legal_move_list(state, lay, seat)) or [Pass()]

    def _choices(self, state: State, seat: int) -> list[Choice]:
        if state.phase == "setup":
            return setup_choices(self._legal_actions(state, seat))
        return move_choices(state, self.layout(state), seat)

    # --- playing ------------------------------------------------------------
    def _play(self, state: State, seat: int, action: Action) -> list[Event]:
        lay = self.layout(state)
        if state.phase == "setup":
            if not isinstance(action, Start):  # (set-up needs both towers: see check_players)
                raise IllegalAction("torri.error.setup_first")
            state.builders[seat] = lay.central_square(action.tower)
            state.setup_seat += 1
            if state.setup_seat == state.seats:
                state.phase = "play"
            placed = [event("torri.event.placed", seat=seat, tower=action.tower)]
            state.last_events = public_msgs(placed)
            return placed
        if isinstance(action, Start):
            raise IllegalAction("torri.error.already_placed")
        if isinstance(action, Pass):
            if legal_moves(state, lay, seat):
                raise IllegalAction("torri.error.may_not_pass")
            state.last_move = []
            events = [event("torri.event.passed", seat=seat)]
        else:
            events = play_move(state, lay, seat, action)
        events += next_turn(state, lay)
        state.last_events = public_msgs(events)
        return events

    def _time_up(self, state: State) -> list[Event]:
        """The game ends now and is scored as it stands (the central towers' runs, the
        towers, the tops and the gold are all counted from the board as it is)."""
        state.phase = "over"
        state.last_move = []
        ended = [event("torri.event.time_up")]
        state.last_events = public_msgs(ended)
        return ended

    # --- for agents (engines/core/agents.py) ----------------------------------------
    score_scale = 6.0  # a typical margin between two players' final scores (tuned in the arena)
    search_rate = 1800.0  # mcts iterations a second, idle 2 cores (95% of decisions: CPU time; at 2000, p95 253 ms of 250)
    judge_rate = 15000.0  # greedy evaluations a second, likewise

    def evaluate(self, state: State) -> list[float]:
        """Every seat's expected final score (see ``engines.torri.evaluation``); once the
        game is over, the final scores (the core's: a winner's half point for the tie-break)."""
        if state.phase == "over":
            return super().evaluate(state)
        return evaluate(state, self.layout(state))

    def explain(self, view: View, seat: int, action: Action, value: float | None) -> Msg | None:
        """A move's hint: gold now, points on the board now, the margin expected at the end."""
        if not isinstance(action, Move):  # placing the builder, passing: the margin alone
            return super().explain(view, seat, action, value)
        before = rebuild(view)
        after = before.model_copy(deep=True)
        self._play(after, seat, action)
        return hint(before, after, seat, value, self.layout(before))

    def advance(self, state: State, seat: int, action: Action) -> None:
        """Search's fast path: a move played without making its events' messages (the
        same state as ``apply``'s, tested action by action); anything else as ``_play``."""
        if state.phase == "play" and isinstance(action, Move):
            lay = self.layout(state)
            play_move(state, lay, seat, action, quiet=True)
            next_turn(state, lay)
        else:
            self._play(state, seat, action)

    def random_action(self, state: State, seat: int, rng: Rng) -> Action:
        """What a random playout draws: ``legal_actions(state, seat)[rng.below(n)]``, the
        same draw, without remembering the list (``engines.core.playout.fast_playout``)."""
        if state.phase != "play":
            actions = self.legal_actions(state, seat)
            return actions[rng.below(len(actions))]
        return draw_move(state, self.layout(state), seat, rng) or Pass()

    def action_key(self, action: Action) -> str:
        """The notation (shorter and quicker than the action's JSON, and as distinct)."""
        return move_text(action)

    def sample_state(self, view: View, seat: int, rng: Rng) -> State:
        """The position itself with a generator made afresh from ``rng`` (nothing is hidden
        and nothing is drawn: see ``engines.torri.sampling``)."""
        return sample(view, rng)

    # --- views ----------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> View:
        lay = self.layout(state)
        res = self.result(state)
        totals = None
        if res is not None:
            by_seat = {f.seat: f.total for f in res.scores}
            totals = [by_seat[s] for s in range(state.seats)]
        return View(
            seat=seat,
            seats=state.seats,
            shape=state.shape,
            width=lay.width,
            height=lay.height,
            squares=list(lay.squares),
            centrals=dict(lay.centrals),
            towers={sq: tower_view(t) for sq, t in state.towers.items()},
            builders=list(state.builders),
            gold=list(state.gold),
            bank=state.bank,
            simple_left=list(state.simple_left),
            battlements_left=list(state.battlements_left),
            phase=state.phase,
            round=state.turn // state.seats + 1,
            turn=state.turn,
            max_rounds=state.options.max_rounds,
            to_act=sorted(self.to_act(state)),
            limit=height_limit(state, lay),
            end_turn=state.end_turn,
            triggered_by=state.triggered_by,
            last_move=list(state.last_move),
            squared_runs=state.options.squared_runs,
            totals=totals,
            last_events=list(state.last_events),
            breakdown=breakdown(state, lay),
            winners=list(res.winners) if res else [],
            ranks=[f.rank for f in sorted(res.scores, key=lambda f: f.seat)] if res else [],
            tie_break=res.tie_break if res else None,
        )

    def result(self, state: State) -> Result | None:
        if state.phase != "over":
            return None
        return final_result(state, self.layout(state))

    # --- notation -------------------------------------------------------------
    def parse_action(self, state: State, seat: int, text: str) -> Action:
        return parse(state, text)

    def notation(self, state: State, action: Action) -> str:
        return format_action(action)

    # --- words, as messages ---------------------------------------------------
    def status(self, state: State) -> list[Msg]:
        lay = self.layout(state)
        centrals = [
            Msg("torri.status.central", tower=name, square=sq, height=central_height(state.towers[sq]))
            for sq, name in sorted(lay.centrals.items(), key=lambda kv: kv[1])
        ]
        n = state.seats
        if state.phase == "setup":
            return [Msg("torri.status.setup"), *centrals]
        if state.phase == "over":
            result = self.result(state)
            if result is None:  # a game that is over has its result
                raise RuntimeError("a finished game without a result")
            winners = result.winners
            return [Msg("torri.status.over", round=(state.turn + n - 1) // n),
                    Msg("torri.status.winners", seats=winners, count=len(winners)), *centrals]
        parts = [Msg("torri.status.round", round=state.turn // n + 1, max=state.options.max_rounds),
                 Msg("torri.status.limit", limit=height_limit(state, lay)), *centrals,
                 Msg("torri.status.bank", gold=state.bank)]
        if state.end_turn is not None:
            parts.append(Msg("torri.status.last_round", round=state.end_turn // n))
        return parts

    def private_lines(self, view: View) -> list[Msg]:
        if view.seat is None:
            return [Msg("torri.private.spectator")]
        s = view.seat
        where = view.builders[s]
        counts = {"gold": view.gold[s], "simple": view.simple_left[s], "battlements": view.battlements_left[s]}
        return [
            Msg("torri.private.you", seat=s, where=where, **counts) if where
            else Msg("torri.private.you_unplaced", seat=s, **counts),
        ]  # nothing is hidden in this game, and the spectators' line says so: a player's hand need not repeat it
