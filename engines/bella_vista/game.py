"""The Bella Vista engine: whose decision it is, what is hidden, and the contract's methods
(the core gates do the turn, game-over and SYSTEM checks before any of these run)."""

from __future__ import annotations

from typing import Any, get_args

from engines.bella_vista import choices, evaluation, flow, playing, sampling, terms, town
from engines.bella_vista.flow import current
from engines.bella_vista.notation import notation, parse
from engines.bella_vista.scoring import final_result
from engines.bella_vista.state import Options, State, action_adapter
from engines.bella_vista.view import View
from engines.bella_vista.viewing import build_view, private_lines
from engines.core.game import Choice, Event, Game, Result, TimeUp, Traits, event
from engines.core.messages import Msg
from engines.core.rng import Rng

Secret = tuple[Any, frozenset[int] | None]
_CODES = [f"{v}{r}" for r in ("", "r") for v in range(1, 9)]
_NAMES = [{code: f"card:{seat}:{code}" for code in _CODES} for seat in range(4)]
_OWNER = [frozenset({seat}) for seat in range(4)]
_NOBODY: frozenset[int] = frozenset()
_HAND, _DISCARD, _BOTTOM, _FACE_UP, _USED = ("hand",), ("discard",), ("bottom",), ("face-up",), ("used",)
_ZONING = {f"Z{i}": f"zoning:Z{i}" for i in range(1, 11)}
_CONTRACT = {i: f"contract:{i}" for i in range(1, 19)}


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
            return frozenset({state.bottom[state.offer_turn].seat})
        if state.phase in ("construction", "contract"):
            return frozenset({current(state).seat})
        if state.phase == "neutral":
            return frozenset({state.order[-1].seat})
        return frozenset()

    # --- legal moves and playing ----------------------------------------------------------
    def _legal_actions(self, state: State, seat: int) -> list:
        return choices.legal_actions(state, seat)

    def _choices(self, state: State, seat: int) -> list[Choice]:
        return choices.choices(state, seat)

    def _play(self, state: State, seat: int, action) -> list[Event]:
        return playing.play(state, seat, action)

    def _time_up(self, state: State) -> list[Event]:
        """The game ends where it stands: it is scored as at the end of round 8 (coins,
        contracts taken, both objectives over the buildings standing)."""
        state.phase = "over"
        return [event("bv.event.time_up")]

    # --- hidden information ---------------------------------------------------------------
    def secrets(self, state: State) -> dict[str, Secret]:
        """Every card whose place someone may not know: each construction card by owner and
        card (``"card:0:6r"``), each Zoning Card (``"zoning:Z3"``) and each Contract Card
        (``"contract:7"``). A card in a deck is known to nobody (its place in the deck
        included), a card in hand or face-down on the offer board to its owner, a card
        turned face-up to everyone (None). Drawing (nobody -> owner), revealing at
        construction (owner -> everyone) and turning up the next Zoning or Contract Cards at
        a round end (nobody -> everyone) are reveals. (It runs twice per move, so names and
        audiences are made once.)"""
        out: dict[str, Secret] = {}
        for i, z in enumerate(state.zoning_deck):
            out[_ZONING[z]] = (("zoning deck", i), _NOBODY)
        out[_ZONING[state.zoning]] = (_FACE_UP, None)
        for z in state.zoning_used:
            out[_ZONING[z]] = (_USED, None)
        for i, c in enumerate(state.contract_deck):
            out[_CONTRACT[c]] = (("contract deck", i), _NOBODY)
        for c in state.contract_row:
            if c is not None:
                out[_CONTRACT[c]] = (_FACE_UP, None)
        for seat, arch in enumerate(state.architects):
            names, owner = _NAMES[seat], _OWNER[seat]
            for i, code in enumerate(arch.deck):
                out[names[code]] = (("deck", i), _NOBODY)
            for code in arch.hand:
                out[names[code]] = (_HAND, owner)
            for code in arch.discard:
                out[names[code]] = (_DISCARD, None)
            for c in arch.contracts:
                out[_CONTRACT[c]] = (("taken", seat), None)
        for slot in state.bottom:
            if slot.card is not None:
                out[_NAMES[slot.seat][slot.card]] = (_BOTTOM, None)
        for entries in (state.spaces, state.last, state.order):
            for entry in entries:
                if entry is not None:
                    knows = None if entry.revealed else _OWNER[entry.seat]
                    out[_NAMES[entry.seat][entry.card]] = (("offer", entry.cost), knows)
        return out

    # --- for agents (engines/core/agents.py) ------------------------------------------------
    score_scale = 8.0  # a typical final margin between two architects, in coins

    def sample_state(self, view: View, seat: int, rng: Rng) -> State:
        """Every card the seat cannot see dealt afresh from what is unseen (``sampling.py``)."""
        return sampling.sample_state(view, seat, rng)

    def evaluate(self, state: State) -> list[float]:
        """Every architect's expected final score (``evaluation.py``); the final scores at the end."""
        return evaluation.evaluate(state)

    def explain(self, view: View, seat: int, action, value: float | None) -> Msg | None:
        if value is None:
            return None
        return evaluation.explain(sampling.base_of(view, seat).state, action, value)

    def action_key(self, action) -> str:
        return notation(action) if not isinstance(action, TimeUp) else action.kind

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
