"""Leonardo (1988): the engine class."""

from __future__ import annotations

from engines.core.errors import RuleError
from engines.core.game import FinalScore, LegacyGame, Result, rank_scores
from engines.core.rng import Rng
from engines.leonardo import components
from engines.leonardo import notation as nota
from engines.leonardo.components import board, cards, space
from engines.leonardo.economy import capital, firm_name, firm_of, holdings, seat_name
from engines.leonardo.model import (
    Firm,
    FirmView,
    Options,
    RescueInfo,
    State,
    View,
    action_adapter,
)
from engines.leonardo.play import play
from engines.leonardo.rules import legal


class Leonardo(LegacyGame):
    key = "leonardo"
    title = "Leonardo (1988)"
    min_players = 2
    max_players = 6
    Options = Options
    State = State
    View = View
    action_adapter = action_adapter
    supports_deadline = True

    def load_data(self) -> None:
        components.load_data()

    def check_players(self, seats: int, options: Options) -> None:
        super().check_players(seats, options)
        if options.corporations and seats < 4:
            raise RuleError(f"The corporations variant needs four or more players, not {seats}; "
                            "play without it (corporations=false).")

    def new_game(self, seats: int, options: Options, seed: int | str) -> State:
        self.check_players(seats, options)
        c, b = cards(), board()
        rng = Rng.from_seed(seed)
        palazzi = [s.number for s in b.spaces if s.palazzo]
        rng.shuffle(palazzi)
        art = [t.value for t in c.art for _ in range(t.count)]
        rng.shuffle(art)
        offices = [o.space for o in c.offices]
        rng.shuffle(offices)
        events = ["nulla"] * c.events.nulla + ["guelfa"] * c.events.guelfa + ["ghibellina"] * c.events.ghibellina
        rng.shuffle(events)
        lines = []
        contenders = list(range(seats))
        while len(contenders) > 1:
            spins = {s: rng.randint(c.machine_low, c.machine_high) for s in contenders}
            lines.append("Spins for the first turn: " + ", ".join(f"{seat_name(s)} {n}" for s, n in spins.items()))
            best = max(spins.values())
            contenders = [s for s in contenders if spins[s] == best]
        first = contenders[0]
        order = [(first + i) % seats for i in range(seats)]
        firms = {s: Firm(id=s, members=[s], florins=c.starting_florins) for s in range(seats)}
        owner = {palazzi[s]: s for s in range(seats)}
        for s in range(seats):
            lines.append(f"{seat_name(s)} receives {space(palazzi[s]).name} ({palazzi[s]}).")
        lines.append(f"{seat_name(first)} begins; everyone declares guelfi or ghibellini.")
        return State(
            seats=seats, options=options, rng=rng, bank=c.bank_florins - seats * c.starting_florins,
            firms=firms, order=order, owner=owner, art_supply=art, office_deck=offices,
            event_deck=events, men_deck=c.men_at_arms, last=lines,
        )

    # --- whose decision -------------------------------------------------------
    def to_act(self, state: State) -> frozenset[int]:
        p = state.phase
        if p == "over":
            return frozenset()
        if p == "factions":
            return frozenset(s for s in range(state.seats) if s not in state.declared)
        if p == "auction" and state.auction:
            return frozenset(s for s in state.auction.bidders if s not in state.auction.bids)
        if p == "market" and state.market:
            return frozenset(s for s in state.market.bettors if s not in state.market.bets)
        if p == "office" and state.office:
            return frozenset({state.office.holder})
        if p == "merge" and state.merge:
            return frozenset(state.merge.awaiting)
        if p == "rescue" and state.rescue:
            return frozenset(r for r in state.rescue.rescuers if r not in state.rescue.answers)
        return frozenset({state.order[state.slot]})

    def legal_actions(self, state: State, seat: int) -> list:
        if seat not in self.to_act(state):
            return []
        return legal(state, seat)

    def play(self, state: State, seat: int, action):
        return play(state, seat, action)

    # --- views and results ----------------------------------------------------
    def view(self, state: State, seat: int | None) -> View:
        firms = [
            FirmView(id=f.id, members=f.members, florins=f.florins, faction=f.faction, position=f.position,
                     men=f.men, offices=f.offices, active=f.active, palazzi=holdings(state, f.id),
                     art_count=sum(len(state.art.get(n, [])) for n in holdings(state, f.id)))
            for f in state.firms.values()
        ]
        v = View(
            seat=seat, seats=state.seats, round=state.round, max_rounds=state.options.max_rounds,
            turn=state.turn, phase=state.phase, current=state.order[state.slot],
            waiting=sorted(self.to_act(state)), firms=firms, owner=dict(state.owner),
            art_counts={n: len(v) for n, v in state.art.items() if v}, declared=sorted(state.declared),
            art_left=len(state.art_supply), office_left=len(state.office_deck),
            event_left=len(state.event_deck), men_left=state.men_deck, buy_space=state.buy_space,
            auction_space=state.auction.space if state.auction else None,
            auction_decided=sorted(state.auction.bids) if state.auction else [],
            market_space=state.market.space if state.market else None,
            market_decided=sorted(state.market.bets) if state.market else [],
            office=state.office, merge=state.merge, spins=state.spins, last=state.last,
            rescue=RescueInfo(debtor=state.rescue.debtor, creditor=state.rescue.creditor,
                              amount=state.rescue.amount, shortfall=state.rescue.shortfall,
                              rescuers=list(state.rescue.rescuers),
                              decided=sorted(state.rescue.answers)) if state.rescue else None,
            over=state.phase == "over", end_reason=state.end_reason,
        )
        if seat is not None and 0 <= seat < state.seats:
            firm = firm_of(state, seat)
            v.my_art = {n: list(state.art[n]) for n in holdings(state, firm.id) if state.art.get(n)}
            if state.order[state.slot] == firm.id:
                v.my_drawn = list(state.drawn)
            v.my_faction = firm.faction or state.declared.get(seat)
            if state.auction and firm.id in state.auction.bids:
                v.my_bid = state.auction.bids[firm.id]
            if state.market and firm.id in state.market.bets:
                v.my_bet = state.market.bets[firm.id]
                v.my_bet_passed = v.my_bet is None
            if state.rescue and firm.id in state.rescue.answers:
                v.my_rescue = state.rescue.answers[firm.id]
        return v

    def result(self, state: State) -> Result | None:
        if state.phase != "over":
            return None
        totals, keys, breakdowns = {}, {}, {}
        for s in range(state.seats):
            firm = firm_of(state, s)
            br = capital(state, firm)
            breakdowns[s] = br
            totals[s] = sum(br.values())
            keys[s] = (1 if firm.active else 0, totals[s], firm.out_turn or 0)
        ranks = rank_scores(keys)
        scores = [FinalScore(seat=s, total=totals[s], breakdown=breakdowns[s], rank=ranks[s])
                  for s in sorted(range(state.seats), key=lambda s: (ranks[s], s))]
        winners = [s for s in range(state.seats) if ranks[s] == 1]
        note = ("Capital = florins + palazzi and bridges at their price + works of art at their value; "
                "bankrupt players rank last, the later bankruptcy ahead; members of a corporation share its capital.")
        return Result(scores=scores, winners=winners, note=note)

    # --- words ---------------------------------------------------------------
    def parse_action(self, state: State, seat: int, text: str):
        return nota.parse(state, seat, text)

    def notation(self, state: State, action) -> str:
        return nota.notation(state, action)

    def choices(self, state: State, seat: int):
        from engines.core.game import Choice

        out = []
        for a in self.legal_actions(state, seat):
            text = nota.notation(state, a)
            out.append(Choice(notation=text[:100], label=nota.label(state, seat, a)[:100]))
        return out

    def seat_label(self, state: State, seat: int) -> str:
        return seat_name(seat) if 0 <= seat < 6 else f"seat {seat + 1}"

    def summary(self, state: State) -> str:
        if state.phase == "over":
            return f"Leonardo: game over after round {state.round}. {state.end_reason}"
        cur = firm_name(firm_of(state, state.order[state.slot]))
        waiting = ", ".join(seat_name(s) for s in sorted(self.to_act(state)))
        return (f"Leonardo: round {state.round}/{state.options.max_rounds}, {cur}'s turn, "
                f"phase {state.phase}; waiting for {waiting}.")

    def private_text(self, view: View) -> str:
        if view.seat is None:
            return "Spectators have no private information."
        lines = [f"{seat_name(view.seat)}: faction {view.my_faction or 'not declared yet'}."]
        if view.my_art:
            for n, vals in sorted(view.my_art.items()):
                lines.append(f"{space(n).name} ({n}): works of art worth {', '.join(map(str, vals))}.")
        else:
            lines.append("No works of art displayed.")
        if view.my_drawn:
            lines.append(f"To place: works worth {', '.join(map(str, view.my_drawn))}.")
        if view.my_bid is not None:
            lines.append(f"Your sealed bid: {view.my_bid or 'pass'}.")
        if view.my_bet is not None or view.my_bet_passed:
            lines.append(f"Your bet: {f'{view.my_bet.stake} on {view.my_bet.product}' if view.my_bet else 'pass'}.")
        if view.my_rescue is not None:
            lines.append(f"Your sealed answer to the rescue call: {'rescue' if view.my_rescue else 'pass'}.")
        return "\n".join(lines)

    def help_text(self) -> str:
        return nota.HELP
