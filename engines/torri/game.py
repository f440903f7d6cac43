"""Le Torri di Bologna: the Game contract (set-up, turns, views, words)."""

from __future__ import annotations

from engines.core.errors import IllegalAction, NotYourTurn, RuleError, quote
from engines.core.game import Choice, Event, LegacyGame, Result
from engines.core.rng import Rng
from engines.torri import board
from engines.torri.board import ASINELLI, Layout, default_shape, layout, shape_names, shapes
from engines.torri.building import gain_amount, gain_source, height_limit
from engines.torri.model import (
    ACTION_ADAPTER,
    BANK_GOLD,
    BATTLEMENT_PIECES,
    BATTLEMENT_PRICE,
    COLOURS,
    LETTERS,
    NEUTRAL_BASE,
    SIMPLE_PIECES,
    STARTING_GOLD,
    Move,
    Pass,
    Start,
    TorriOptions,
    TorriState,
    TorriView,
)
from engines.torri.movement import builders_on
from engines.torri.notation import format_action, parse
from engines.torri.scoring import final_result
from engines.torri.turns import advance, gold_after_move, gold_after_walk, legal_moves, name, play_move

HELP = """Le Torri di Bologna — type a destination square, then what to do there:
  E5              walk to the tower on E5 (no building)
  E5 build        walk to E5 and place a simple piece (a new tower earns 2 gold from the bank, \
your own piece or a neutral base 1 from the bank, another player's piece 1 from that player)
  E5 battlement   walk to E5 and place a battlement piece (costs 3 gold; closes the tower)
  E5 via D4 D5 build   the same, naming the route over your own towers (it decides whom you pay)
You move one square orthogonally, first crossing any towers topped in your colour for free; \
you may also move straight to a central tower from anywhere but the other central tower. \
Entering a square costs 1 gold to each builder already there. Nobody builds where a builder \
stands, on a closed tower, or above the shorter central tower.
Set-up (3-4 players): 'start Asinelli' or 'start Garisenda'. 'pass' only when no move exists."""


class Torri(LegacyGame):
    key = "torri"
    title = "Le Torri di Bologna"
    min_players = 2
    max_players = 4
    Options = TorriOptions
    State = TorriState
    View = TorriView
    action_adapter = ACTION_ADAPTER

    def load_data(self) -> None:
        board.load_data(range(self.min_players, self.max_players + 1))

    # --- set-up -------------------------------------------------------------
    def check_players(self, seats: int, options: TorriOptions) -> None:
        super().check_players(seats, options)
        shape = options.shape or default_shape(seats)
        if shape not in shapes().shapes:
            raise RuleError(f"There is no wall shape '{quote(shape)}'; choose one of {', '.join(shape_names())}.")
        if seats > 2 and len(layout(shape, seats).centrals) < 2:
            raise RuleError(
                f"The {shape!r} shape has only one central tower; with {seats} players choose a shape "
                f"with both the Asinelli and the Garisenda."
            )

    def new_game(self, seats: int, options: TorriOptions, seed: int | str) -> TorriState:
        self.check_players(seats, options)
        shape = options.shape or default_shape(seats)
        lay = layout(shape, seats)
        gold = [STARTING_GOLD[s] for s in range(seats)]
        state = TorriState(
            players=seats,
            options=options,
            shape=shape,
            towers={sq: NEUTRAL_BASE for sq in sorted(lay.centrals, key=lay.centrals.get)},
            builders=[None] * seats,
            gold=gold,
            bank=BANK_GOLD - sum(gold),
            simple_left=[SIMPLE_PIECES] * seats,
            battlements_left=[BATTLEMENT_PIECES[seats]] * seats,
            phase="setup",
            rng=Rng.from_seed(seed),
        )
        if len(lay.centrals) == 1:  # one central tower: every builder starts on it
            state.builders = [lay.central_square(ASINELLI)] * seats
            state.phase = "play"
        return state

    def layout(self, state: TorriState) -> Layout:
        return layout(state.shape, state.players)

    # --- whose decision -----------------------------------------------------
    def to_act(self, state: TorriState) -> frozenset[int]:
        if state.phase == "setup":
            return frozenset({state.setup_seat})
        if state.phase == "play":
            return frozenset({state.turn % state.players})
        return frozenset()

    def legal_actions(self, state: TorriState, seat: int) -> list[Move | Start | Pass]:
        if seat not in self.to_act(state):
            return []
        lay = self.layout(state)
        if state.phase == "setup":
            return [Start(tower=t) for t in sorted(lay.centrals.values())]
        moves = [m for m, _ in legal_moves(state, lay, seat)]
        return moves or [Pass()]

    # --- playing ------------------------------------------------------------
    def play(self, state: TorriState, seat: int, action) -> list[Event]:
        if seat not in self.to_act(state):
            raise NotYourTurn("Le Torri di Bologna has no automatic moves: only the seat to move may act.")
        if not isinstance(action, Move | Start | Pass):
            action = ACTION_ADAPTER.validate_python(action)
        lay = self.layout(state)
        if state.phase == "setup":
            if not isinstance(action, Start):
                raise IllegalAction("First place your builder on a central tower: type 'start Asinelli' or 'start Garisenda'.")
            if action.tower not in lay.centrals.values():
                raise IllegalAction(f"There is no {action.tower} tower in this game; type 'start Asinelli'.")
            state.builders[seat] = lay.central_square(action.tower)
            state.setup_seat += 1
            if state.setup_seat == state.players:
                state.phase = "play"
            return [Event(text=f"{name(seat)} places their builder on the {action.tower} tower.")]
        if isinstance(action, Start):
            raise IllegalAction("The builders are already placed; type a destination square such as 'E5 build'.")
        if isinstance(action, Pass):
            if legal_moves(state, lay, seat):
                raise IllegalAction("You may not pass (standing still is not allowed) while you have a legal move.")
            state.last_move = []
            events = [Event(text=f"{name(seat)}'s builder has no legal move and passes.")]
        else:
            events = play_move(state, lay, seat, action)
        return events + advance(state, lay)

    # --- views ----------------------------------------------------------------
    def view(self, state: TorriState, seat: int | None) -> TorriView:
        lay = self.layout(state)
        res = self.result(state)
        totals = None
        if res is not None:
            by_seat = {f.seat: f.total for f in res.scores}
            totals = [by_seat[s] for s in range(state.players)]
        return TorriView(
            seat=seat,
            players=state.players,
            shape=state.shape,
            width=lay.width,
            height=lay.height,
            squares=list(lay.squares),
            centrals=dict(lay.centrals),
            towers=dict(state.towers),
            builders=list(state.builders),
            gold=list(state.gold),
            bank=state.bank,
            simple_left=list(state.simple_left),
            battlements_left=list(state.battlements_left),
            phase=state.phase,
            round=state.turn // state.players + 1,
            to_act=sorted(self.to_act(state)),
            limit=height_limit(state, lay),
            end_turn=state.end_turn,
            triggered_by=state.triggered_by,
            last_move=list(state.last_move),
            squared_runs=state.options.squared_runs,
            totals=totals,
        )

    def result(self, state: TorriState) -> Result | None:
        if state.phase != "over":
            return None
        return final_result(state, self.layout(state))

    # --- notation -------------------------------------------------------------
    def parse_action(self, state: TorriState, seat: int, text: str) -> Move | Start | Pass:
        return parse(text, self.layout(state))

    def notation(self, state: TorriState, action) -> str:
        return format_action(action)

    def choices(self, state: TorriState, seat: int) -> list[Choice]:
        if seat not in self.to_act(state):
            return []
        lay = self.layout(state)
        if state.phase == "setup":
            return [
                Choice(notation=format_action(a), label=f"{format_action(a)} · place your builder, free")
                for a in self.legal_actions(state, seat)
            ]
        found = legal_moves(state, lay, seat)
        if not found:
            return [Choice(notation="pass", label="pass · no legal move, your builder stays")]
        out = []
        for move, route in found:
            text = format_action(move)
            out.append(Choice(notation=text, label=self._label(state, seat, text, move, route)))
        return out

    def _label(self, state: TorriState, seat: int, text: str, move: Move, route) -> str:
        """`E5 via D4 D5 build · +1 gold (fee 1 to Y on D4, new tower +2)`: the net gold,
        who is paid on which square, and the gain; shorter forms if over 100 characters."""
        net, fees, rest = self._effect(state, seat, move, route)
        paid = sum(len(who) for _, who in fees)
        unpaid = len(route.payees) - paid
        full = [f"fee {len(who)} to {''.join(LETTERS[p] for p in who)} on {sq}" for sq, who in fees]
        short = [f"fee {paid} to " + "".join(sorted({LETTERS[p] for _, who in fees for p in who}))] if paid else []
        tail = [f"{unpaid} unpaid"] if unpaid else []
        for parts in (full, short):
            label = f"{text} · {net:+d} gold ({', '.join(parts + tail + rest)})"
            if len(label) <= 100:
                return label
        return label[:99] + "…"

    def _effect(self, state: TorriState, seat: int, move: Move, route) -> tuple[int, list, list[str]]:
        """(net gold, [(square, seats paid there)], notes on the build)."""
        left = state.gold[seat]
        fees = []
        for sq in route.path:
            who = builders_on(state, seat, sq)[:left]
            left -= len(who)
            if who:
                fees.append((sq, who))
        net = gold_after_move(state, seat, move, route)[seat] - state.gold[seat]
        if move.build == "walk":
            return net, fees, ["walk"]
        notes = []
        reason, payer, amount = gain_source(state, seat, move.to)
        bank = state.bank + (BATTLEMENT_PRICE if move.build == "battlement" else 0)
        # the payer may just have received a fee of this very walk
        got = gain_amount(state, seat, move.to, bank, gold_after_walk(state, seat, route))
        if move.build == "battlement":
            notes.append(f"battlement -{BATTLEMENT_PRICE}")
        notes.append(f"{reason} +{got}" if got == amount else f"{reason} +{got} of {amount}")
        return net, fees, notes

    # --- words ----------------------------------------------------------------
    def seat_label(self, state: TorriState, seat: int) -> str:
        return f"{name(seat)} ({LETTERS[seat]})"

    def summary(self, state: TorriState) -> str:
        lay = self.layout(state)
        heights = ", ".join(
            f"{n} {sq} {len(state.towers[sq]) - state.towers[sq].endswith('N')}"
            for sq, n in sorted(lay.centrals.items(), key=lambda kv: kv[1])
        )
        if state.phase == "setup":
            return f"Set-up · {self.seat_label(state, state.setup_seat)} places their builder · {heights}"
        if state.phase == "over":
            res = self.result(state)
            win = " and ".join(name(s) for s in res.winners)
            win += " share the victory" if len(res.winners) > 1 else " wins"
            return f"Game over after round {state.turn // state.players} · {win} · {heights}"
        rnd = state.turn // state.players + 1
        seat = state.turn % state.players
        end = ""
        if state.end_turn is not None:
            end = f" · end triggered, last round {state.end_turn // state.players}"
        return (
            f"Round {rnd} · {self.seat_label(state, seat)} to move · height limit "
            f"{height_limit(state, lay)} · {heights} · bank {state.bank} gold{end}"
        )

    def private_text(self, view: TorriView) -> str:
        if view.seat is None:
            return "Spectators see the whole board: this game has no hidden information."
        s = view.seat
        where = view.builders[s] or "not placed yet"
        return (
            f"You are {name(s)} ({LETTERS[s]}): builder on {where}, {view.gold[s]} gold, "
            f"{view.simple_left[s]} simple and {view.battlements_left[s]} battlement pieces left. "
            f"Nothing in this game is hidden."
        )

    def help_text(self) -> str:
        return HELP


__all__ = ["Torri", "COLOURS"]
