"""The Bella Vista engine: whose decision it is, what is hidden, and the contract's methods
(the core gates do the turn, game-over and SYSTEM checks before any of these run)."""

from __future__ import annotations

from typing import Any, get_args

from engines.bella_vista import choices, evaluation, flow, hidden, playing, sampling, terms, town
from engines.bella_vista.flow import current
from engines.bella_vista.hidden import Secret
from engines.bella_vista.last_move import public_record
from engines.bella_vista.notation import notation, parse
from engines.bella_vista.scoring import final_result
from engines.bella_vista.state import Options, State, action_adapter
from engines.bella_vista.view import View
from engines.bella_vista.viewing import build_view, private_lines
from engines.core.game import Choice, Event, Game, Result, TimeUp, Traits, event
from engines.core.messages import Msg
from engines.core.rng import Rng

_ONLY = [frozenset({seat}) for seat in range(4)]  # to_act runs several times per move
_KEYS: dict[int, tuple[Any, str]] = {}  # id(action) -> (action, its key)


class BellaVista(Game[State, Any, View, Options]):
    key = "bella_vista"
    title = "Bella Vista"
    prefix = "bv"
    min_players = 2
    max_players = 4
    # Hands, face-down offers and the order of each deck are hidden. The generator is drawn
    # from at set-up only (town, decks, cards, first player): play itself never draws, and a
    # card drawn from a deck shuffled at set-up is reported as ``revealed``, not ``chance``.
    traits = Traits(hidden_information=True, simultaneous=False, chance=False, deadline=False)
    options_model = Options
    state_model = State
    view_model = View
    action_adapter = action_adapter

    def load_data(self) -> None:
        town.load_data(n for n in get_args(Options.model_fields["layout"].annotation) if n != "random")

    # --- set-up and turn order ----------------------------------------------------------
    def _new_game(self, seats: int, options: Options, rng: Rng) -> State:
        return flow.new_state(seats, options, rng)

    def to_act(self, state: State) -> frozenset[int]:
        if state.phase == "offers":
            return _ONLY[state.bottom[state.offer_turn].seat]
        if state.phase in ("construction", "contract"):
            return _ONLY[current(state).seat]
        if state.phase == "neutral":
            return _ONLY[state.order[-1].seat]
        return frozenset()

    # --- legal moves and playing ----------------------------------------------------------
    def _legal_actions(self, state: State, seat: int) -> list:
        return choices.legal_actions(state, seat)

    def random_action(self, state: State, seat: int, rng: Rng) -> Any:
        """What a random playout draws: ``legal_actions(state, seat)[rng.below(n)]`` without
        listing every placement (``engines.core.playout.fast_playout``)."""
        return choices.random_action(state, seat, rng)

    def _choices(self, state: State, seat: int) -> list[Choice]:
        return choices.choices(state, seat)

    def _play(self, state: State, seat: int, action) -> list[Event]:
        # a contract taken or not ends the turn its build began: the board tells the two as one move
        # (alone, "Anne takes no contract" hid what she built and what it earned)
        build = state.last_events if state.phase == "contract" else ()
        events = playing.play(state, seat, action)
        state.last_events = build + public_record(events)
        return events

    def advance(self, state: State, seat: int, action) -> None:
        """Search's fast path: the move played as ``_play`` plays it, without the caption's
        public record of its events (``last_events``: what the board shows of the last move;
        a search never shows a board). Tested against ``apply`` action by action."""
        playing.play(state, seat, action)

    def _time_up(self, state: State) -> list[Event]:
        """The game ends where it stands: it is scored as at the end of round 8 (coins,
        contracts taken, both objectives over the buildings standing)."""
        state.phase = "over"
        events = [event("bv.event.time_up")]
        state.last_events = public_record(events)
        return events

    # --- hidden information ---------------------------------------------------------------
    def secrets(self, state: State) -> dict[str, Secret]:
        """Every card whose place someone may not know, and who knows it (``hidden.py``)."""
        return hidden.secrets(state)

    def hidden_at_end(self, state: State) -> list[Msg]:
        """What is still hidden, as lines of the reveal file (``hidden.py``)."""
        return hidden.at_end(state)

    # --- for agents (engines/core/agents.py) ------------------------------------------------
    score_scale = 8.0  # a typical final margin between two architects, in coins
    search_rate = 1250.0  # mcts iterations a second, idle 2 cores (95% of decisions: CPU time; at 1400, p95 266 ms of 250)
    judge_rate = 4000.0  # greedy evaluations a second, likewise

    def sample_state(self, view: View, seat: int, rng: Rng) -> State:
        """Every card the seat cannot see dealt afresh from what is unseen (``sampling.py``)."""
        return sampling.sample_state(view, seat, rng)

    def evaluate(self, state: State) -> list[float]:
        """Every architect's expected final score (``evaluation.py``); the final scores at the end."""
        return evaluation.evaluate(state)

    def explain(self, view: View, seat: int, action, value: float | None) -> Msg | None:
        if value is None:
            return None
        return evaluation.explain(sampling.base(view, seat).state, action, value)

    def action_key(self, action) -> str:
        """The action's notation, kept by object: moves are shared objects (a town's
        placements, the offers), and a search keys every legal move at every node."""
        found = _KEYS.get(id(action))
        if found is not None and found[0] is action:
            return found[1]
        key = notation(action) if not isinstance(action, TimeUp) else action.kind
        if len(_KEYS) >= 20_000:  # a few towns' moves (a few MB at most)
            _KEYS.clear()
        _KEYS[id(action)] = (action, key)  # the action held: its id is not reused while kept
        return key

    # --- seeing ---------------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> View:
        return build_view(self, state, seat)

    def result(self, state: State) -> Result | None:
        return final_result(state) if state.phase == "over" else None

    def status(self, state: State) -> list[Msg]:
        return terms.status(state.phase, state.round)

    def private_lines(self, view: View) -> list[Msg]:
        return private_lines(view)

    # --- notation -------------------------------------------------------------------------
    def parse_action(self, state: State, seat: int, text: str):
        return parse(state, text)

    def notation(self, state: State, action) -> str:
        if isinstance(action, TimeUp):
            return action.kind  # the platform's own action: logged, never typed
        return notation(action)


__all__ = ["BellaVista"]
