"""Leonardo (1988): the engine class."""

from __future__ import annotations

from engines.core.errors import RuleError
from engines.core.game import Choice, Event, FinalScore, Game, Result, Traits, rank_scores
from engines.core.messages import Msg
from engines.core.rng import Rng
from engines.leonardo import components, evaluation, flow, hidden, hints, sampling, telling, terms, views
from engines.leonardo import notation as nota
from engines.leonardo.components import board, cards, space
from engines.leonardo.economy import capital, firm_of
from engines.leonardo.events import event, quietly
from engines.leonardo.glosses import gloss
from engines.leonardo.caption import EARLIER, Said
from engines.leonardo.model import Firm, Options, State, View, action_adapter
from engines.leonardo.turns import current


class Leonardo(Game[State, object, View, Options]):
    key = "leonardo"
    title = "Leonardo (1988)"
    prefix = "leo"
    min_players = 2
    max_players = 6
    traits = Traits(hidden_information=True, simultaneous=True, chance=True, deadline=True)
    options_model = Options
    state_model = State
    view_model = View
    action_adapter = action_adapter

    def load_data(self) -> None:
        components.load_data()

    def check_players(self, seats: int, options: Options) -> None:
        super().check_players(seats, options)
        if options.corporations and seats < 4:
            raise RuleError("leo.error.corporations_players", seats=seats)

    def _new_game(self, seats: int, options: Options, rng: Rng) -> State:
        c, b = cards(), board()
        palazzi = [s.number for s in b.spaces if s.palazzo]
        rng.shuffle(palazzi)
        art = [t.value for t in c.art for _ in range(t.count)]
        rng.shuffle(art)
        offices = [o.space for o in c.offices]
        rng.shuffle(offices)
        events = ["nulla"] * c.events.nulla + ["guelfa"] * c.events.guelfa + ["ghibellina"] * c.events.ghibellina
        rng.shuffle(events)
        first_spins = []
        contenders = list(range(seats))
        while len(contenders) > 1:  # the highest spin begins; a tie spins again (RULINGS 12)
            spins = {s: rng.randint(c.machine_low, c.machine_high) for s in contenders}
            first_spins.append(spins)
            best = max(spins.values())
            contenders = [s for s in contenders if spins[s] == best]
        first = contenders[0]
        return State(
            seats=seats, options=options, rng=rng, bank=c.bank_florins - seats * c.starting_florins,
            firms={s: Firm(id=s, members=[s], florins=c.starting_florins) for s in range(seats)},
            order=[(first + i) % seats for i in range(seats)], owner={palazzi[s]: s for s in range(seats)},
            art_supply=art, office_deck=offices, event_deck=events, men_deck=c.men_at_arms,
            first_spins=first_spins,
        )

    # --- whose decision -------------------------------------------------------
    def to_act(self, state: State) -> frozenset[int]:
        return flow.to_act(state)  # the turn flow's table: who decides in each phase

    def _legal_actions(self, state: State, seat: int) -> list:
        return flow.legal(state, seat)

    def _choices(self, state: State, seat: int) -> list[Choice]:
        return [Choice(notation=nota.notation(state, a), gloss=gloss(state, seat, a))
                for a in flow.legal(state, seat)]

    def _play(self, state: State, seat: int, action) -> list[Event]:
        flow.check(state, seat, action)
        return _remembered(state, seat, flow.apply(state, seat, action))

    def _time_up(self, state: State) -> list[Event]:
        state.phase = "over"
        state.end = "time_up"
        return _remembered(state, None, [event("leo.event.time_up")])

    # --- hidden information ---------------------------------------------------
    def secrets(self, state: State) -> hidden.Secrets:
        return hidden.secrets(state)

    def hidden_at_end(self, state: State) -> list[Msg]:
        return hidden.at_end(state)

    def _revealed(self, before: State, after: State) -> bool:
        # the core's rule (a secret's audience grew, or the game ended), plus the sealed
        # bids, bets and rescue answers, which are opened and leave the state at once
        return self.result(after) is not None or hidden.opened(before, after)

    # --- for agents -----------------------------------------------------------
    def sample_state(self, view: View, seat: int, rng: Rng) -> State:
        return sampling.sample(view, seat, rng)

    score_scale = 300.0  # florins: the margin between final capitals that search treats as a clear lead (tuned in the arena)
    search_rate = 1100.0  # mcts iterations a second: 95% of decisions fit on 2 cores beside a second arena (1200: p95 248 ms of 250 there)
    judge_rate = 250.0  # greedy evaluations a second, likewise
    # mcts starts from greedy's judgement and leaves it only on strong evidence (virtual visits per
    # root action): 3p against two greedy, 250 ms, 600 games, 30.3% at 200 against about 25% at 10
    search_prior = 200.0
    search_rollout = 0  # and scores a new leaf by the evaluation at once: random bids and purchases only add noise

    def evaluate(self, state: State) -> list[float]:
        return evaluation.evaluate(state)

    def evaluate_move(self, state: State, seat: int, action) -> list[float]:
        return evaluation.after_move(state, seat, action, self.advance)

    def advance(self, state: State, seat: int, action) -> None:
        # agents play only legal actions: no refusal check. A search applies the simultaneous
        # decisions of a step one after the other: one refusal of a corporation ends the
        # proposal, and the other members' answers are then moot (they owe nothing any more).
        # Its events are dropped: they are not made (``events.quietly``).
        if seat in self.to_act(state):
            quietly(flow.apply, state, seat, action)

    def explain(self, view: View, seat: int, action, value: float | None) -> Msg | None:
        return hints.explain(view, seat, action, value)

    def action_key(self, action) -> str:
        return nota.notation(None, action)  # one text per action, as players type it

    # --- views and results ----------------------------------------------------
    def view(self, state: State, seat: int | None) -> View:
        v = views.view(state, seat, sorted(self.to_act(state)))
        v.result = self.result(state)
        return v

    def result(self, state: State) -> Result | None:
        """Capital = florins + palazzi and bridges at their price + works of art at their
        value; bankrupt players rank last, the later bankruptcy ahead; the members of a
        corporation share its capital and rank (RULINGS 31)."""
        if state.phase != "over":
            return None
        totals, keys, breakdowns = {}, {}, {}
        for s in range(state.seats):
            firm = firm_of(state, s)
            breakdowns[s] = capital(state, firm)
            totals[s] = sum(breakdowns[s].values())
            keys[s] = (1 if firm.active else 0, totals[s], firm.out_turn or 0)
        ranks = rank_scores(keys)
        scores = [FinalScore(seat=s, total=totals[s], breakdown=breakdowns[s], rank=ranks[s])
                  for s in sorted(range(state.seats), key=lambda s: (ranks[s], s))]
        winners = [s for s in range(state.seats) if ranks[s] == 1]
        broken = any(totals[a] == totals[b] and ranks[a] != ranks[b] for a in totals for b in totals)
        return Result(scores=scores, winners=winners, tie_break=Msg("leo.result.bankrupt_last") if broken else None)

    # --- words ---------------------------------------------------------------
    def parse_action(self, state: State, seat: int, text: str):
        return nota.parse(state, seat, text)

    def notation(self, state: State, action) -> str:
        return nota.notation(state, action)

    def status(self, state: State) -> list[Msg]:
        if state.phase == "over":
            return [terms.over(state.end, state.round, terms.end(state) or "")]
        parts = [Msg("leo.status.round", round=state.round, rounds=state.options.max_rounds)]
        if state.phase == "factions" and state.first_spins:
            spins = [Msg("leo.term.seat_number", seat=s, number=n) for s, n in state.first_spins[-1].items()]
            parts.append(Msg("leo.status.first", seat=state.order[0], spins=spins))
        elif state.phase != "factions":
            parts.append(Msg("leo.status.turn", firm=terms.firm(current(state))))
        return parts + [_stake(state)]

    def private_lines(self, view: View) -> list[Msg]:
        if view.seat is None:
            return [Msg("leo.private.spectator")]
        faction = terms.faction(view.my_faction) if view.my_faction else Msg("leo.term.undeclared")
        lines = [Msg("leo.private.faction", seat=view.seat, faction=faction)]
        for n, values in sorted(view.my_art.items()):
            lines.append(Msg("leo.private.art", name=space(n).name, space=n, values=values))
        if not view.my_art:
            lines.append(Msg("leo.private.no_art"))
        if view.my_drawn:
            lines.append(Msg("leo.private.drawn", values=view.my_drawn))
        if view.my_bid is not None:
            lines.append(Msg("leo.private.bid", amount=view.my_bid or Msg("leo.term.pass")))
        if view.my_bet is not None:
            lines.append(Msg("leo.private.bet", stake=view.my_bet.stake, product=terms.product(view.my_bet.product)))
        if view.my_rescue is not None:
            lines.append(Msg("leo.private.rescue", answer=terms.answer(view.my_rescue)))
        return lines

    def told(self, msgs: list[Msg]) -> list[Msg]:
        return telling.told(msgs)


def _remembered(state: State, seat: int | None, events: list[Event]) -> list[Event]:
    """Keep the action's public events (and who acted) in the state, for the board's caption,
    and the last few public actions before it."""
    if state.last_events:
        said = Said(seat=state.last_seat, events=tuple(e.msg for e in state.last_events))
        state.earlier = (said, *state.earlier[:EARLIER - 1])
    state.last_seat = seat
    state.last_events = tuple(e for e in events if e.to is None)
    return events


def _stake(state: State) -> Msg:
    """What the game waits for now, in a status line."""
    p = state.phase
    if p == "choose":
        return Msg("leo.status.choose", spins=list(state.spins))
    if p == "buy" and state.buy_space:
        sp = space(state.buy_space)
        return Msg("leo.status.buy", name=sp.name, space=sp.number, price=sp.price)
    if p == "auction" and state.auction:
        return Msg("leo.status.auction", name=space(state.auction.space).name, space=state.auction.space)
    if p == "market" and state.market:
        return Msg("leo.status.market", name=space(state.market.space).name)
    if p == "office" and state.office:
        office = components.office_at(state.office.space)
        assert office is not None
        return Msg("leo.status.office", holder=terms.firm(state.firms[state.office.holder]), office=office.title)
    if p == "rescue" and state.rescue:
        r = state.rescue
        return Msg("leo.status.rescue", firm=terms.firm(state.firms[r.debtor]), shortfall=r.shortfall,
                   amount=r.amount)
    if p == "merge" and state.merge:
        return Msg("leo.status.merge", firm=terms.firm(state.firms[state.merge.proposer]),
                   target=terms.firm(state.firms[state.merge.target]))
    return terms.phase(p)
